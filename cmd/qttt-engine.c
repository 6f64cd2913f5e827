/*
 * qttt-engine: an engine of the engine protocol, QTP
 * (formats/engine-protocol.md), that plays at a chosen level, from
 * perfect play (the solver) to random play, for bot authors to measure
 * their bots against known strengths.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "qttt.h"
#include "common.h"
#include "options.h"
#include "process.h"

/* The solver's table, in MiB (-m). */
#define TABLE_MIB	16
/* The bytes of messages that may wait for a go infinite's stop. */
#define QUEUE_MAX	65536

struct engine {
	struct qttt_qtp_parser	*parser;
	struct qttt_solver	*solver;
	size_t			 table;		/* bytes */
	struct qttt_generator	 gen;
	uint64_t		 seed;		/* -s */
	enum qttt_level		 level;
	unsigned int		 rules;		/* the Rules option */
	int			 warmed;	/* rules + 1 once warmed */
	int			 have;		/* a position is set */
	struct qttt_state	 pos;
	long long		 deadline;	/* of the search, now_ms() */
	/* A go infinite not yet answered: its action, its value, and
	 * the lines that came after it, which wait for its stop. */
	int			 waiting;
	struct qttt_action	 pending;
	int			 value;
	char			*queue;
	size_t			 qlen;
};

static const struct opt opts[] = {
	OPT_HELP, OPT_VERSION,
	{ 'l', "level", "level", "perfect (default), strong, medium, weak or "
	    "random:\nperfect play with a chance of a random action\nof 0, "
	    "10, 30, 60 or 100%", 0, 0 },
	{ 'm', "memory", "MiB", "the solver's table (default 16)", 0, 0 },
	OPT_SEED("seed the choices, 0 to 2^64-1 (default 1)"),
};

static const struct opt_tool tool_opts = {
	opts, NVALUES(opts), NULL, NULL,
	"Play Quantum Tic-Tac-Toe over the engine protocol (QTP) on standard "
	"input\nand output, at a chosen level.\n",
	"Exit status: 0 after quit or the end of input, 2 usage or write "
	"error.\n"
};

static void
usage(FILE *f)
{
	opt_usage(f, &tool_opts);
}

/* The generator's seed for the game seeded N: -s and N mixed. */
static void
reseed(struct engine *e, uint64_t n)
{
	qttt_generator_init(&e->gen, e->seed ^ (n * 0x9e3779b97f4a7c15ULL),
	    0);
}

static void
send(const struct qttt_qtp_msg *m)
{
	char	 line[QTTT_QTP_LINE_MAX + 1];

	if (qttt_qtp_format(m, line, sizeof(line)) >= 0)
		printf("%s\n", line);
}

static void
send_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void
send_error(const char *fmt, ...)
{
	va_list	 ap;

	fputs("error ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

static void
hello(const struct engine *e)
{
	struct qttt_level_hello h;
	size_t		 i;

	qttt_level_hello(&h, "qttt-engine", e->level);
	for (i = 0; i < h.n; i++)
		send(&h.msg[i]);
	puts("qtpok");
}

static void
set_option(struct engine *e, const struct qttt_qtp_msg *m)
{
	struct qttt_diag d;

	switch (qttt_level_setoption(m, &e->level, &e->rules, &d)) {
	case -1:
		send_error("%s", d.msg);
		break;
	case 1:
		/* The position set before the profile is forgotten. */
		qttt_qtp_parser_rules(e->parser, e->rules);
		e->have = 0;
		break;
	}
}

/* The action, after the value as a result of the rules, if any. */
static void
answer(const struct engine *e, const struct qttt_action *a, int value)
{
	struct qttt_qtp_msg m;

	qttt_qtp_init(&m, QTTT_QTP_INFO);
	m.has = QTTT_QTP_VALUE;
	if (value != QTTT_NOVALUE &&
	    qttt_solver_result(e->rules, value, &m.value) == 0)
		send(&m);
	qttt_qtp_init(&m, QTTT_QTP_BESTACTION);
	m.action = *a;
	send(&m);
}

static int
past_deadline(void *arg)
{
	const struct engine *e = arg;

	return now_ms() >= e->deadline;
}

/*
 * The solver's limit for go m: its nodes, and a deadline within the
 * time qttt_level_time() allows (none: the solver finishes).  depth
 * is not a limit: the solver searches to the end of the game.
 */
static void
limit(struct engine *e, const struct qttt_qtp_msg *m)
{
	int		 x = qttt_state_turn(&e->pos) == QTTT_X;
	struct qttt_go_time t;
	long long	 ms;

	if (e->solver == NULL)
		return;
	t.has_movetime = (m->has & QTTT_QTP_HAS(QTTT_QTP_MOVETIME)) != 0;
	t.movetime = m->num[QTTT_QTP_MOVETIME];
	t.has_clock = (m->has & QTTT_QTP_HAS(x ? QTTT_QTP_XTIME :
	    QTTT_QTP_OTIME)) != 0;
	t.left = m->num[x ? QTTT_QTP_XTIME : QTTT_QTP_OTIME];
	t.inc = m->num[x ? QTTT_QTP_XINC : QTTT_QTP_OINC];
	t.infinite = (m->has & QTTT_QTP_INFINITE) != 0;
	ms = qttt_level_time(&t);
	e->deadline = ms >= 0 ? now_ms() + ms : -1;
	qttt_solver_limit(e->solver, (m->has & QTTT_QTP_HAS(QTTT_QTP_NODES)) ?
	    m->num[QTTT_QTP_NODES] : 0, ms >= 0 ? past_deadline : NULL, e);
}

static void
go(struct engine *e, const struct qttt_qtp_msg *m)
{
	struct qttt_action a;
	struct qttt_diag d;
	int		 value;

	if (!e->have) {
		send_error("%s", "no position to act in: send position first");
		return;
	}
	if (e->solver == NULL && e->level != QTTT_LEVEL_RANDOM &&
	    (e->solver = qttt_solver_new(e->table)) == NULL) {
		send_error("%s", "out of memory");
		return;
	}
	limit(e, m);
	if (qttt_level_choose(e->level == QTTT_LEVEL_RANDOM ? NULL :
	    e->solver, &e->gen, e->level, &e->pos, &a, &value, &d) !=
	    QTTT_OK) {
		send_error("%s", d.msg);
		return;
	}
	if (m->has & QTTT_QTP_INFINITE) {
		/* The answer is ready; it waits for stop. */
		e->waiting = 1;
		e->pending = a;
		e->value = value;
		return;
	}
	answer(e, &a, value);
}

/*
 * At isready, before any clock runs: the solver values the empty board
 * and each first action under the rules set, once for each profile, so
 * that the first move of a game is answered from its table within any
 * time under a profile whose early positions are in no book (about 0.4
 * s of CPU under double=1; a preset's book is read at once).  Later
 * positions are searched within the time of their go, and what a
 * search proves stays in the table (formats/engine-protocol.md,
 * section 5: isready is where an engine does its long work).
 */
static void
warm(struct engine *e)
{
	if (e->level == QTTT_LEVEL_RANDOM || e->waiting ||
	    e->warmed == (int)e->rules + 1)
		return;
	if (e->solver == NULL && (e->solver = qttt_solver_new(e->table)) ==
	    NULL)
		return;		/* go says so */
	if (qttt_level_warm(e->solver, e->level, e->rules, NULL) == QTTT_OK)
		e->warmed = (int)e->rules + 1;
}

static int	 take(struct engine *, const char *, size_t);

/* A line that waits for the stop of a go infinite. */
static void
enqueue(struct engine *e, const char *line, size_t len)
{
	if (e->queue == NULL && (e->queue = malloc(QUEUE_MAX)) == NULL) {
		send_error("%s", "out of memory");
		return;
	}
	if (len + 1 > QUEUE_MAX - e->qlen) {
		send_error("more than %d bytes of messages wait for stop",
		    QUEUE_MAX);
		return;
	}
	memcpy(e->queue + e->qlen, line, len);
	e->queue[e->qlen + len] = '\n';
	e->qlen += len + 1;
}

/* The lines that waited, dealt with in order; 1 after quit. */
static int
dequeue(struct engine *e)
{
	char		*q = e->queue, *nl;
	size_t		 n = e->qlen, i;
	int		 quit = 0;

	e->queue = NULL;
	e->qlen = 0;
	for (i = 0; i < n && !quit; i = (size_t)(nl - q) + 1) {
		nl = memchr(q + i, '\n', n - i);
		quit = take(e, q + i, (size_t)(nl - q) - i);
	}
	free(q);
	return quit;
}

/* Deals with one line; returns 0 to go on, 1 after quit. */
static int
take(struct engine *e, const char *line, size_t len)
{
	struct qttt_qtp_msg m;
	struct qttt_diag d;
	enum qttt_code	 code;

	code = qttt_qtp_parse(e->parser, line, len, &m, &d);
	/*
	 * While a go infinite waits for stop, the runner's messages but
	 * isready and quit wait too, in order (formats/engine-protocol.md,
	 * section 5): stop answers, then they are dealt with.
	 */
	if (e->waiting && m.kind >= QTTT_QTP_QTP && m.kind < QTTT_QTP_QUIT &&
	    m.kind != QTTT_QTP_ISREADY) {
		if (m.kind != QTTT_QTP_STOP) {
			enqueue(e, line, len);
			return 0;
		}
		e->waiting = 0;
		answer(e, &e->pending, e->value);
		return dequeue(e);
	}
	if (code != QTTT_OK) {
		if (m.kind == QTTT_QTP_POSITION)
			e->have = 0;
		send_error("%s", d.msg);
		return 0;
	}
	switch (m.kind) {
	case QTTT_QTP_QTP:
		hello(e);
		break;
	case QTTT_QTP_SETOPTION:
		set_option(e, &m);
		break;
	case QTTT_QTP_ISREADY:
		warm(e);
		puts("readyok");
		break;
	case QTTT_QTP_NEWGAME:
		reseed(e, m.num[QTTT_QTP_SEED]);
		break;
	case QTTT_QTP_POSITION:
		e->pos = m.game.state;
		e->have = 1;
		break;
	case QTTT_QTP_GO:
		go(e, &m);
		break;
	case QTTT_QTP_QUIT:
		return 1;
	default:
		/* stop with nothing to stop, and what is not for engines. */
		break;
	}
	return 0;
}

/* An option of qttt-engine (opt_parse()). */
static int
take_option(void *arg, int ch, const char *val)
{
	struct engine	*e = arg;
	unsigned long long v;
	int		 s;

	switch (ch) {
	case 'l':
		if (qttt_level_parse(val, strlen(val), &e->level) == -1)
			return usage_error(usage, "not a level (perfect, strong, "
			    "medium, weak or random): %s", val);
		break;
	case 'm':
		if ((s = mib_option(usage, val, &v)) != 0)
			return s;
		e->table = (size_t)v << 20;
		break;
	case 's':
		if ((s = seed_option(usage, val, &v)) != 0)
			return s;
		e->seed = v;
		break;
	}
	return 0;
}

int
main(int argc, char *argv[])
{
	static struct engine e;
	char		*line = NULL;
	size_t		 cap = 0;
	ssize_t		 n;
	int		 ch, quit = 0;

	start_tool(argv);
	e.seed = 1;
	e.level = QTTT_LEVEL_PERFECT;
	e.table = (size_t)TABLE_MIB << 20;
	if ((ch = opt_parse(&tool_opts, argc, argv, take_option, &e)) != 0)
		return ch;
	if (optind < argc)
		return usage_error(usage, "unexpected argument: %s",
		    argv[optind]);
	if ((e.parser = qttt_qtp_parser_new()) == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		return EXIT_TROUBLE;
	}
	reseed(&e, 0);
	while (!quit && (n = getline(&line, &cap, stdin)) != -1) {
		if (n > 0 && line[n - 1] == '\n')
			n--;
		quit = take(&e, line, (size_t)n);
		if (fflush(stdout) == EOF)
			break;
	}
	free(line);
	free(e.queue);
	qttt_solver_free(e.solver);
	qttt_qtp_parser_free(e.parser);
	return finish_output() == 0 ? EXIT_SUCCESS : EXIT_TROUBLE;
}
