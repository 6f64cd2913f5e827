/*
 * qttt-match: engines that speak the engine protocol (QTP,
 * formats/engine-protocol.md) play each other: a match, a round robin
 * or a gauntlet, in pairs of games with colours swapped, from openings
 * or from the empty board, several games at once, each refereed by the
 * library; one record per game on standard output (or in a file it
 * resumes), in game order, and a report with the engines' scores,
 * Elo differences and an SPRT.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "qttt.h"
#include "common.h"
#include "options.h"
#include "outfile.h"
#include "process.h"

/* The most games a match may have, and the most jobs. */
#define MAX_GAMES	1000000000000ULL
#define MAX_JOBS	256
/* How long engines have to quit at the end, in ms. */
#define QUIT_MS		1000
/*
 * The table of the solver that judges the engines' moves: most of a
 * game's positions stay in 2 MiB, and the runner stays small.
 */
#define JUDGE_TABLE	(2UL << 20)

enum report { REPORT_TEXT = 0, REPORT_JSON };

struct engine {
	const char		*cmd;
	int			 ready;		/* a handshake done, once */
};

struct slot;

/* An engine's process in a job, and the runner's end of it. */
struct eproc {
	struct proc		 p;
	struct qttt_peer	*peer;
	size_t			 engine;
	struct slot		*slot;
	int			 answered;	/* a bestaction, out of games */
};

/* A job: a referee and a process per engine, one game at a time. */
struct slot {
	struct qttt_referee	*ref;
	struct eproc		*procs;
	long long		 game;		/* -1: none */
	struct eproc		*side[2];
};

static struct {
	/* Options. */
	enum qttt_adjudication	 adjudicate;	/* -a */
	unsigned int		 plies;
	const char		*event;		/* -e */
	int			 gauntlet;	/* -g */
	unsigned long long	 jobs;		/* -j */
	long long		 movetime;	/* -m */
	unsigned long long	 games;		/* -n */
	const char		*openfile;	/* -o */
	int			 shuffle;	/* -p */
	int			 quiet;		/* -q */
	unsigned int		 rules;		/* -R */
	unsigned long long	 seed;		/* -s */
	int			 sprt;		/* -S */
	struct qttt_sprt	 test;		/* -S's settings, ratio, verdict */
	const char		*tc;		/* -t, as given */
	long long		 clock, inc;
	enum report		 report;	/* -T */
	int			 verbose;	/* -v */
	const char		*file;		/* -w */
	int			 check;		/* -c */
	struct qttt_check	*checker;
	const char		*suite;		/* -x */
	int			 nomarks;	/* -M */
	struct qttt_solver	*judge;		/* of the engines' moves */

	struct engine		*engines;
	size_t			 nengines;
	struct qttt_match	*match;		/* the match's decisions */
	char			 timecontrol[96];
	struct qttt_solver	*solver;
	struct slot		*slots;
	size_t			 nslots;
	FILE			*out;
	const char		*outname;
	int			 progress;	/* standard error a terminal */
	long long		 began;		/* ms, the first game's start */
	unsigned long long	 resumed;	/* games read back from -w */
	int			 trouble;
} M;

static const struct opt opts[] = {
	OPT_HELP, OPT_VERSION,
	{ 'a', "adjudicate", "adjudication", "end games by the solver: "
	    "settled (once the\nvalue cannot change) or a number of plies (0: "
	    "at\nonce)", 0, 0 },
	{ 'c', "check", NULL, "check that each engine speaks the protocol", 0,
	    0 },
	{ 'E', "sprt", "elo0,elo1,alpha,beta", "stop when the SPRT decides "
	    "(two engines)", 0, 0 },
	OPT_WAS('S', NULL, 'E'),
	{ 'e', "event", "event", "the event tag (default qttt-match)", 0, 0 },
	{ 'G', "gauntlet", NULL, "the first engine against each other one", 0,
	    0 },
	OPT_WAS('g', NULL, 'G'),
	{ 'j', "jobs", "jobs", "play N games at once (default 1)", 0, 0 },
	{ 'M', "no-marks", NULL, "do not judge the engines' moves by perfect "
	    "play", 0, 0 },
	{ 'm', "movetime", "ms", "milliseconds for each action", 0, 0 },
	OPT_NUMBER("COUNT games of each pairing (default 2)"),
	OPT_WAS(0, "games", 'n'),
	{ 'O', "openings", "openings", "openings: records or state strings, "
	    "or balanced", 0, 0 },
	OPT_WAS('o', NULL, 'O'),
	{ 'p', "shuffle", NULL, "openings in an order drawn from the seed", 0,
	    0 },
	OPT_QUIET("no report and no notes on faults"),
	OPT_RULES("the rule profile of the games (default goff)"),
	OPT_WAS('r', NULL, 'R'),
	OPT_SEED("seed the engines and the order, 0 to 2^64-1\n(default 1)"),
	{ 'T', "type", "type", "the report: text (default) or json", 0, 0 },
	{ 't', "clock", "clock+inc", "a clock of CLOCK seconds and INC more "
	    "for each\naction", 0, 0 },
	{ 'v', "verbose", NULL, "show the conversations and what the engines "
	    "log", 0, 0 },
	{ 'w', "write", "file", "write the records to FILE, going on from what "
	    "it\nholds", 0, 0 },
	{ 'x', "suite", "suite", "score each engine on a test suite", 0, 0 },
};

static const struct opt_tool tool_opts = {
	opts, NVALUES(opts), "engine engine ...",
	"-c [-v] [-R profile] engine ...\n"
	"-x suite [-v] [-m ms] [-R profile] [-s seed] engine ...",
	"Play engines that speak the engine protocol (QTP) against each "
	"other, and\nwrite one record per game, in game order, and a report "
	"on standard error.\nEach engine is a command run by /bin/sh -c, "
	"as exec COMMAND if it is simple.\n",
	"Exit status: 0 the match was played (with -c or -x: all passed), 1 "
	"with -c\nor -x a check or a position failed, 2 usage, engine or "
	"write error (an\nengine that cannot play the rules of -R is refused "
	"before the first game).\n"
};

static void
usage(FILE *f)
{
	opt_usage(f, &tool_opts);
}

/* ------------------------------------------------------------------ */
/* Options                                                              */
/* ------------------------------------------------------------------ */

static int
parse_sprt(const char *s)
{
	double	 v[4];
	char	*end;
	int	 i;

	for (i = 0; i < 4; i++) {
		errno = 0;
		v[i] = strtod(s, &end);
		if (end == s || errno != 0 || *end != (i < 3 ? ',' : '\0'))
			return -1;
		s = end + 1;
	}
	if (!(v[0] < v[1]) || !(v[2] > 0 && v[2] < 1) ||
	    !(v[3] > 0 && v[3] < 1) || v[0] < -1000 || v[1] > 1000)
		return -1;
	M.test.elo0 = v[0];
	M.test.elo1 = v[1];
	M.test.alpha = v[2];
	M.test.beta = v[3];
	M.sprt = 1;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Engine processes                                                     */
/* ------------------------------------------------------------------ */

static void
log_line(const struct eproc *e, const char *dir, const char *line,
    size_t len)
{
	const struct slot *s = e->slot;
	int		 side = s != NULL && s->game >= 0 ?
			    (s->side[QTTT_X] == e ? 'X' :
			    s->side[QTTT_O] == e ? 'O' : '-') : '-';

	fprintf(stderr, "%s: engine %zu", progname, e->engine + 1);
	if (s != NULL && s->game >= 0)
		fprintf(stderr, " game %lld %c", s->game + 1, side);
	fprintf(stderr, "%s %.*s\n", dir, (int)len, line);
}

/* A new process for e, spoken to from the start. */
static void
start_proc(struct eproc *e)
{
	if (e->p.pid != 0)
		return;
	if (proc_start(&e->p, M.engines[e->engine].cmd, M.verbose) == -1) {
		fprintf(stderr, "%s: cannot start engine %zu (%s): %s\n",
		    progname, e->engine + 1, M.engines[e->engine].cmd,
		    strerror(errno));
		exit(EXIT_TROUBLE);
	}
	qttt_peer_reset(e->peer);
}

static int
init_eproc(struct eproc *e, size_t engine, struct slot *s)
{
	memset(e, 0, sizeof(*e));
	e->p.in = e->p.out = e->p.err = -1;
	e->engine = engine;
	e->slot = s;
	return (e->peer = qttt_peer_new()) == NULL ? -1 : 0;
}

/* What the front end found: the process ended or flooded. */
static void
proc_fault(struct eproc *e, enum qttt_termination t, const char *msg)
{
	struct slot	*s = e->slot;

	if (M.checker != NULL)
		qttt_check_fail(M.checker, t, msg, now_ms());
	else if (s->game >= 0)
		qttt_referee_fail(s->ref, e->peer, t, msg, now_ms());
	else
		qttt_peer_fail(e->peer, t, msg);
	proc_kill(&e->p);
}

static void
ended(struct eproc *e)
{
	char	 msg[QTTT_MSG_MAX];
	enum qttt_termination t;

	t = proc_ended(&e->p, msg, sizeof(msg));
	proc_fault(e, t, msg);
}

/* Writes what the peer has for the process; returns -1 if it ended. */
static int
flush_proc(struct eproc *e)
{
	const char	*text, *nl;
	size_t		 n, i;
	ssize_t		 k;

	if (e->p.pid == 0 || (n = qttt_peer_output(e->peer, &text)) == 0)
		return 0;
	if ((k = proc_write(&e->p, text, n)) < 0) {
		ended(e);
		return -1;
	}
	if (M.verbose)
		for (i = 0; i < (size_t)k; i = (size_t)(nl - text) + 1) {
			if ((nl = memchr(text + i, '\n', (size_t)k - i)) ==
			    NULL)
				break;
			log_line(e, ">", text + i, (size_t)(nl - text) - i);
		}
	qttt_peer_written(e->peer, (size_t)k);
	return 0;
}

static void
on_line(void *arg, struct proc *p, const char *line, size_t len)
{
	struct eproc	*e = arg;
	struct slot	*s = e->slot;

	(void)p;
	if (M.verbose)
		log_line(e, "<", line, len);
	if (M.checker != NULL)
		qttt_check_line(M.checker, line, len, now_ms());
	else if (s->game < 0) {
		if (qttt_peer_line(e->peer, line, len, now_ms()) ==
		    QTTT_PEER_ANSWER)
			e->answered = 1;
	} else if (qttt_referee_result(s->ref) == NULL)
		qttt_referee_line(s->ref, e->peer, line, len, now_ms());
	if (qttt_peer_ready(e->peer))
		M.engines[e->engine].ready = 1;
}

/* Reads what the process wrote; its end or flood is its fault. */
static void
read_proc(struct eproc *e)
{
	char	 msg[QTTT_MSG_MAX];

	switch (proc_read(&e->p, on_line, e)) {
	case PROC_EOF:
		if (e->p.pid != 0)
			ended(e);
		break;
	case PROC_FLOOD:
		snprintf(msg, sizeof(msg), "it wrote a line of more than %d "
		    "bytes", QTTT_QTP_LINE_MAX);
		proc_fault(e, QTTT_TERM_GARBAGE, msg);
		break;
	default:
		break;
	}
}

/*
 * Waits for the processes of n eprocs (their output, their input when
 * there is something to write) until deadline (-1: none), and deals
 * with what comes.
 */
static void
wait_procs(struct eproc **e, size_t n, long long deadline)
{
	struct pollfd	 pfd[3 * 2 * MAX_JOBS + 3];
	struct eproc	*who[3 * 2 * MAX_JOBS + 3];
	const char	*text;
	size_t		 i, k = 0;
	long long	 wait = -1;

	for (i = 0; i < n; i++) {
		if (e[i]->p.pid == 0)
			continue;
		pfd[k].fd = e[i]->p.out;
		pfd[k].events = POLLIN;
		who[k++] = e[i];
		if (e[i]->p.err >= 0) {
			pfd[k].fd = e[i]->p.err;
			pfd[k].events = POLLIN;
			who[k++] = e[i];
		}
		if (qttt_peer_output(e[i]->peer, &text) > 0) {
			pfd[k].fd = e[i]->p.in;
			pfd[k].events = POLLOUT;
			who[k++] = e[i];
		}
	}
	if (deadline >= 0 && (wait = deadline - now_ms()) < 0)
		wait = 0;
	if (k == 0 && wait < 0)
		return;
	if (poll(pfd, k, wait > INT_MAX ? INT_MAX : (int)wait) <= 0)
		return;
	for (i = 0; i < k; i++) {
		if (pfd[i].revents == 0 || who[i]->p.pid == 0)
			continue;
		if (pfd[i].events == POLLOUT)
			flush_proc(who[i]);
		else if (pfd[i].fd == who[i]->p.err)
			proc_read_err(&who[i]->p);
		else
			read_proc(who[i]);
	}
}

/*
 * The handshake with engine i's first process, before any game: its
 * name, and whether it can play by the rules.  Exits if the engine
 * cannot; returns -1 after a note on another fault (the engine then
 * loses its games by its faults, each with a process of its own), or
 * 0.
 */
static int
probe(size_t i, struct eproc *e)
{
	const char	*why;
	long long	 deadline;

	start_proc(e);
	deadline = now_ms() + 10000;
	qttt_peer_hello(e->peer, M.rules, now_ms(), deadline);
	while (!qttt_peer_ready(e->peer) &&
	    qttt_peer_fault(e->peer, NULL) == QTTT_TERM_NORMAL) {
		flush_proc(e);
		wait_procs(&e, 1, deadline);
		qttt_peer_tick(e->peer, now_ms());
	}
	if (qttt_peer_fault(e->peer, &why) != QTTT_TERM_NORMAL) {
		proc_kill(&e->p);
		if (qttt_peer_refused(e->peer) || !M.quiet)
			fprintf(stderr, "%s: engine %zu (%s%s%s%s): %s%s\n",
			    progname, i + 1, M.engines[i].cmd,
			    qttt_peer_name(e->peer)[0] != '\0' ?
			    ", id name '" : "", qttt_peer_name(e->peer),
			    qttt_peer_name(e->peer)[0] != '\0' ? "'" : "", why,
			    qttt_peer_refused(e->peer) ? "" :
			    " (its handshake failed: it loses its games)");
		if (qttt_peer_refused(e->peer))
			exit(EXIT_TROUBLE);
		qttt_match_name(M.match, i, M.engines[i].cmd);
		return -1;
	}
	M.engines[i].ready = 1;
	qttt_match_name(M.match, i, qttt_peer_name(e->peer)[0] != '\0' ?
	    qttt_peer_name(e->peer) : M.engines[i].cmd);
	return 0;
}

/*
 * Text in a TAP test line, with \ and # escaped: an id or a reason
 * that holds "# TODO" or "# SKIP" would otherwise be read as a
 * directive, and a failure counted as a pass.
 */
static void
put_tap_text(const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s == '\\' || *s == '#')
			putchar('\\');
		putchar(*s);
	}
}

/*
 * The compliance checks of engine i, printed as they are in TAP:
 * "ok N - check" or "not ok N - check: why".  Returns the number
 * failed.
 */
static size_t
check_engine(size_t i, struct eproc *e)
{
	const char	*name, *why;
	size_t		 k, n, failed = 0;
	int		 r;

	if (M.checker == NULL && (M.checker = qttt_check_new()) == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		exit(EXIT_TROUBLE);
	}
	qttt_check_rules(M.checker, M.rules);
	start_proc(e);
	qttt_check_start(M.checker, e->peer, now_ms());
	while (!qttt_check_done(M.checker)) {
		flush_proc(e);
		if (e->p.pid != 0)
			wait_procs(&e, 1, qttt_check_deadline(M.checker));
		qttt_check_tick(M.checker, now_ms());
	}
	proc_kill(&e->p);
	n = qttt_check_count(M.checker);
	printf("# engine %zu: %s\n1..%zu\n", i + 1, M.engines[i].cmd, n);
	for (k = 0; k < n; k++) {
		r = qttt_check_result(M.checker, k, &name, &why);
		printf("%sok %zu - ", r == 1 ? "" : "not ", k + 1);
		put_tap_text(name);
		if (why[0] != '\0') {
			fputs(": ", stdout);
			put_tap_text(why);
		}
		putchar('\n');
		if (r != 1)
			failed++;
	}
	printf("# %zu of %zu passed\n", n - failed, n);
	return failed;
}

/*
 * Engine i on the test suite at path, as TAP: "ok N - id" for each
 * position it solves, "not ok N - id: why" for the others.  Every
 * answer of the suite is proven by the solver first.  Returns the
 * number not solved.
 */
static unsigned long
suite_engine(size_t i, struct eproc *e, const char *path)
{
	static struct qttt_suite_entry entry;
	struct qttt_qtp_msg pos, go;
	struct qttt_diag d;
	const struct qttt_action *a, *list;
	const char	*why;
	char		*line = NULL, item[32], b[32];
	size_t		 cap = 0, k;
	ssize_t		 n;
	unsigned long	 lineno = 0, tried = 0, failed = 0;
	long long	 ms = M.movetime > 0 ? M.movetime : 1000, deadline;
	FILE		*f;
	int		 r;

	if ((f = fopen(path, "r")) == NULL) {
		fprintf(stderr, "%s: %s: %s\n", progname, path,
		    strerror(errno));
		exit(EXIT_TROUBLE);
	}
	printf("# engine %zu: %s\n", i + 1, M.engines[i].cmd);
	while ((n = getline(&line, &cap, f)) != -1) {
		lineno++;
		if (n > 0 && line[n - 1] == '\n')
			n--;
		if ((r = qttt_suite_parse_rules(line, (size_t)n, M.rules,
		    &entry, &d)) == 0)
			continue;
		if (r == -1 || qttt_suite_prove(M.solver, &entry, &d) !=
		    QTTT_OK) {
			fprintf(stderr, "%s:%lu:%lu: error: %s [%s]\n", path,
			    lineno, r == -1 ? d.col + 1 : 1, d.msg,
			    qttt_code_name(d.code));
			exit(EXIT_TROUBLE);
		}
		tried++;
		if (e->p.pid == 0 && probe(i, e) == -1)
			exit(EXIT_TROUBLE);
		qttt_qtp_init(&pos, QTTT_QTP_NEWGAME);
		pos.has = QTTT_QTP_HAS(QTTT_QTP_SEED);
		pos.num[QTTT_QTP_SEED] = M.seed + tried;
		qttt_peer_send(e->peer, &pos);
		qttt_qtp_init(&pos, QTTT_QTP_POSITION);
		pos.from_state = 1;
		pos.game.state = entry.state;
		qttt_qtp_init(&go, QTTT_QTP_GO);
		go.has = QTTT_QTP_HAS(QTTT_QTP_MOVETIME);
		go.num[QTTT_QTP_MOVETIME] = (uint64_t)ms;
		deadline = now_ms() + ms + (M.movetime > 0 ? 0 : 5000);
		e->answered = 0;
		qttt_peer_go(e->peer, &pos, &go, now_ms(), deadline);
		while (!e->answered && qttt_peer_fault(e->peer, NULL) ==
		    QTTT_TERM_NORMAL) {
			flush_proc(e);
			wait_procs(&e, 1, deadline);
			qttt_peer_tick(e->peer, now_ms());
		}
		if (qttt_peer_fault(e->peer, &why) != QTTT_TERM_NORMAL) {
			printf("not ok %lu - ", tried);
			put_tap_text(entry.id);
			fputs(": ", stdout);
			put_tap_text(why);
			putchar('\n');
			proc_kill(&e->p);
			failed++;
			continue;
		}
		a = qttt_peer_action(e->peer, NULL, NULL);
		if (qttt_suite_solved(&entry, a)) {
			printf("ok %lu - ", tried);
			put_tap_text(entry.id);
			putchar('\n');
			continue;
		}
		failed++;
		qttt_action_format(a, item, sizeof(item));
		printf("not ok %lu - ", tried);
		put_tap_text(entry.id);
		printf(": played %s; %s", item, entry.nbest > 0 ? "best" :
		    "avoid");
		list = entry.nbest > 0 ? entry.best : entry.avoid;
		for (k = 0; k < (entry.nbest > 0 ? entry.nbest :
		    entry.navoid); k++) {
			qttt_action_format(&list[k], b, sizeof(b));
			printf("%s %s", k > 0 ? "," : "", b);
		}
		putchar('\n');
	}
	free(line);
	if (ferror(f)) {
		fprintf(stderr, "%s: %s: read error\n", progname, path);
		exit(EXIT_TROUBLE);
	}
	fclose(f);
	printf("1..%lu\n# %lu of %lu solved\n", tried, tried - failed, tried);
	return failed;
}

/* ------------------------------------------------------------------ */
/* Openings                                                             */
/* ------------------------------------------------------------------ */

/*
 * Reads the openings of a file: valid records and positions.  Returns
 * their number.
 */
static unsigned long
load_openings(const char *path)
{
	static struct qttt_record rec;
	struct qttt_reader *r;
	struct qttt_game g;
	struct qttt_diag d;
	const char	*name = input_name(path);
	unsigned long	 n = 0;
	int		 fd, k;

	if ((r = open_reader(path, QTTT_FORMAT_AUTO, NULL, &fd)) == NULL)
		exit(EXIT_TROUBLE);
	while ((k = qttt_reader_next(r, &rec)) == 1) {
		n++;
		if (qttt_record_play(&rec, &g) > 0) {
			show_record_diags(stderr, name, &rec, 0);
			fprintf(stderr, "%s: %s: opening %lu is not valid\n",
			    progname, name, n);
			exit(EXIT_TROUBLE);
		}
		/* Played by the rules of -R. */
		if (qttt_match_opening(M.match, &g, rec.has_start, &d) == -1) {
			show_line_msg(stderr, name, rec.line, "error",
			    "opening %lu: %s", n, d.msg);
			exit(EXIT_TROUBLE);
		}
	}
	if (end_input(name, k, &rec, n, 0, 0) != EXIT_VALID)
		exit(EXIT_TROUBLE);
	close_reader(r, fd);
	return n;
}

static unsigned long
balanced_openings(void)
{
	struct qttt_game g[64];
	struct qttt_diag d;
	size_t		 n, i;

	n = qttt_balanced_openings(M.solver, M.rules, g, 64);
	for (i = 0; i < n && i < 64; i++)
		if (qttt_match_opening(M.match, &g[i], 0, &d) == -1) {
			fprintf(stderr, "%s: balanced opening %zu: %s\n",
			    progname, i + 1, d.msg);
			exit(EXIT_TROUBLE);
		}
	return (unsigned long)n;
}

/* The director of the match, with its schedule. */
static void
new_match(void)
{
	struct qttt_match_opts o;

	memset(&o, 0, sizeof(o));
	o.sched.engines = M.nengines;
	o.sched.gauntlet = M.gauntlet;
	o.sched.games = (unsigned long)M.games;
	o.sched.shuffle = M.shuffle;
	o.sched.seed = M.seed;
	o.rules = M.rules;
	o.jobs = (size_t)M.jobs;
	o.judge = M.judge;
	o.sprt = M.sprt;
	o.test = M.test;
	if ((M.match = qttt_match_new(&o)) == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		exit(EXIT_TROUBLE);
	}
}

/* ------------------------------------------------------------------ */
/* Records, standings and the SPRT                                      */
/* ------------------------------------------------------------------ */

static struct qttt_qtp_text
text(const char *s)
{
	struct qttt_qtp_text t = { s, strlen(s) };

	return t;
}

static void
note_fault(unsigned long long i, const struct qttt_match_game *g)
{
	if (M.quiet || M.report == REPORT_JSON || g->loser < 0)
		return;
	fprintf(stderr, "%s: game %llu: %s: %s\n", progname, i + 1,
	    qttt_termination_name(g->term), g->why);
}

/*
 * A line on a terminal for game i, written: its engines and result,
 * each one's points so far, and the time left at the pace so far.
 */
static void
progress(unsigned long long i, const struct qttt_match_game *g,
    const struct qttt_match_info *info)
{
	struct qttt_fixture f;
	const struct qttt_tally *x, *o;
	unsigned long long total = qttt_match_total(M.match);
	unsigned long long done = i + 1 - M.resumed;
	char		 res[16];
	long long	 left;

	if (!M.progress)
		return;
	qttt_result_format(&g->score, res, sizeof(res));
	qttt_match_fixture(M.match, i, &f);
	x = qttt_match_tally(M.match, f.x);
	o = qttt_match_tally(M.match, f.o);
	left = (now_ms() - M.began) * (long long)(total - i - 1) /
	    (long long)(done > 0 ? done : 1) / 1000;
	fprintf(stderr, "%s: game %llu of %llu: %.*s - %.*s %s%s (%s); "
	    "points %g of %lu, %g of %lu; about %lld:%02lld left\n",
	    progname, i + 1, total, (int)info->x.len, info->x.s,
	    (int)info->o.len, info->o.s, res,
	    g->term == QTTT_TERM_NORMAL ? "" : " *",
	    qttt_termination_name(g->term),
	    (x->points[0] + x->points[1]) / 2.0, x->games,
	    (o->points[0] + o->points[1]) / 2.0, o->games, left / 60,
	    left % 60);
}

static void
write_game(unsigned long long i, const struct qttt_match_game *g)
{
	static struct qttt_match_record store;
	struct qttt_match_info info;
	struct qttt_extras ex;
	struct qttt_diag d;
	int		 r;

	qttt_match_describe(M.match, i, &info);
	info.event = text(M.event);
	info.timecontrol = text(M.timecontrol);
	/* A game the rules did not end has the result awarded. */
	qttt_match_extras(g, &info, &store, &ex);
	if ((r = qttt_record_write(M.out, QTTT_FORMAT_LINE, &g->game, &ex,
	    &d)) == -2) {
		/* Not the output's fault: the library refused the record. */
		fprintf(stderr, "%s: game %llu: %s\n", progname, i + 1,
		    d.msg);
		M.trouble = 1;
	} else if (r != 0 || fflush(M.out) == EOF) {
		fprintf(stderr, "%s: %s: write error: %s\n", progname,
		    M.outname, strerror(errno));
		M.trouble = 1;
	}
	note_fault(i, g);
	/* Counted: the standings, the marks, the SPRT. */
	if (qttt_match_count(M.match, &d) != QTTT_OK) {
		fprintf(stderr, "%s: game %llu: %s\n", progname, i + 1,
		    d.msg);
		M.trouble = 1;
	}
	progress(i, g, &info);
}

/* Writes the finished games that come next, in order. */
static void
write_ready(void)
{
	const struct qttt_match_game *g;
	unsigned long long i;

	while (!M.trouble && (g = qttt_match_ready(M.match, &i)) != NULL)
		write_game(i, g);
}

/* What -w says of a file that is not a match's records. */
#define NOT_MATCH	"not the records of a match: -w goes on from a " \
			"file that qttt-match wrote; give another file"
/* How every record of a match starts (its first tag). */
#define RECORD_HEAD	"[event "

/*
 * Reads a line of f into buf, of size bytes, and its length without
 * the newline into *n.  Returns 1 for a line, 2 for a last line with
 * no newline, 0 at the end, and -1 for a line longer than size - 1
 * bytes, whose rest is not read: a file's lines take no more memory
 * than a record has.
 */
static int
read_line(FILE *f, char *buf, size_t size, size_t *n)
{
	int	 c;

	*n = 0;
	while ((c = getc(f)) != EOF && c != '\n') {
		if (*n == size - 1)
			return -1;
		buf[(*n)++] = (char)c;
	}
	if (c == '\n')
		return 1;
	return *n > 0 ? 2 : 0;
}

/*
 * Goes on from the records a file holds: each must be the game the
 * match has in its place, and a last line cut short the start of a
 * record, which is dropped; any other file is refused, and left as it
 * was.
 */
static void
resume(FILE *f, const char *name)
{
	static struct qttt_record rec;
	static char	 line[QTTT_LINE_MAX + 1];
	struct qttt_game played;
	char		 msg[QTTT_MSG_MAX];
	size_t		 n;
	off_t		 at = 0;
	unsigned long	 lineno = 0;
	int		 k;

	while ((k = read_line(f, line, sizeof(line), &n)) != 0) {
		if (k == -1) {
			show_line_msg(stderr, name, lineno, "error", "a line "
			    "of more than %d bytes: " NOT_MATCH, QTTT_LINE_MAX);
			exit(EXIT_TROUBLE);
		}
		if (k == 2 && memcmp(line, RECORD_HEAD, n <
		    strlen(RECORD_HEAD) ? n : strlen(RECORD_HEAD)) != 0) {
			show_line_msg(stderr, name, lineno, "error", "a last "
			    "line with no newline that is not the start of a "
			    "record: " NOT_MATCH);
			exit(EXIT_TROUBLE);
		}
		if (k == 2) {
			/* Cut short by a kill: written again. */
			if (ftruncate(fileno(f), at) == -1) {
				fprintf(stderr, "%s: %s: %s\n", progname, name,
				    strerror(errno));
				exit(EXIT_TROUBLE);
			}
			break;
		}
		at += (off_t)n + 1;
		if (qttt_line_parse(line, n, lineno, &rec) == 0) {
			show_line_msg(stderr, name, lineno, "error", "a line "
			    "that is not a record: " NOT_MATCH);
			exit(EXIT_TROUBLE);
		}
		lineno++;
		if (qttt_record_play(&rec, &played) > 0) {
			show_record_diags(stderr, name, &rec, 0);
			show_line_msg(stderr, name, rec.line, "error", "%s",
			    NOT_MATCH);
			exit(EXIT_TROUBLE);
		}
		if (qttt_match_resume(M.match, &rec, &played, msg,
		    sizeof(msg)) == -1) {
			show_line_msg(stderr, name, rec.line, "error", "%s: run "
			    "the same command, or write to another file", msg);
			exit(EXIT_TROUBLE);
		}
	}
	if (ferror(f)) {
		fprintf(stderr, "%s: %s: read error\n", progname, name);
		exit(EXIT_TROUBLE);
	}
}

static void
open_output(void)
{
	struct stat	 st;
	FILE		*f = NULL;
	int		 fd;

	if (M.file == NULL) {
		M.out = stdout;
		M.outname = "<stdout>";
		return;
	}
	M.outname = M.file;
	if (M.openfile != NULL)
		note_input(M.openfile);
	if (input_at(M.file) != NULL) {
		warn_name(M.file, "the file of the openings (-O): not written "
		    "over");
		exit(EXIT_TROUBLE);
	}
	if ((fd = open(M.file, O_RDWR | O_CREAT, 0666)) == -1 ||
	    fstat(fd, &st) == -1 || (S_ISREG(st.st_mode) &&
	    (f = fdopen(fd, "r+")) == NULL)) {
		fprintf(stderr, "%s: %s: %s\n", progname, M.file,
		    strerror(errno));
		exit(EXIT_TROUBLE);
	}
	/* A device or a FIFO has no records to go on from. */
	if (!S_ISREG(st.st_mode)) {
		warn_name(M.file, "not a regular file: -w writes a file that "
		    "a match killed goes on from");
		exit(EXIT_TROUBLE);
	}
	fcntl(fd, F_SETFD, FD_CLOEXEC);
	resume(f, M.file);
	if (fseek(f, 0, SEEK_END) == -1) {
		fprintf(stderr, "%s: %s: %s\n", progname, M.file,
		    strerror(errno));
		exit(EXIT_TROUBLE);
	}
	M.out = f;
}

/* ------------------------------------------------------------------ */
/* The match                                                            */
/* ------------------------------------------------------------------ */

static void
setup_slots(void)
{
	struct qttt_referee_opts o;
	size_t		 j, i;

	memset(&o, 0, sizeof(o));
	o.rules = M.rules;
	o.movetime = M.movetime;
	o.clock = M.clock;
	o.inc = M.inc;
	o.adjudicate = M.adjudicate;
	o.plies = M.plies;
	o.solver = M.solver;
	M.nslots = (size_t)M.jobs;
	if ((M.slots = calloc(M.nslots, sizeof(*M.slots))) == NULL)
		goto nomem;
	for (j = 0; j < M.nslots; j++) {
		M.slots[j].game = -1;
		if ((M.slots[j].ref = qttt_referee_new(&o)) == NULL ||
		    (M.slots[j].procs = calloc(M.nengines,
		    sizeof(struct eproc))) == NULL)
			goto nomem;
		for (i = 0; i < M.nengines; i++)
			if (init_eproc(&M.slots[j].procs[i], i,
			    &M.slots[j]) == -1)
				goto nomem;
	}
	return;
nomem:
	fprintf(stderr, "%s: out of memory\n", progname);
	exit(EXIT_TROUBLE);
}

/* Starts the next game on a free job, if one may start. */
static void
start_games(void)
{
	struct qttt_match_start g;
	struct slot	*s;
	size_t		 j;

	for (j = 0; j < M.nslots; j++) {
		s = &M.slots[j];
		if (s->game >= 0 || !qttt_match_next(M.match, &g))
			continue;
		s->game = (long long)g.game;
		s->side[QTTT_X] = &s->procs[g.fixture.x];
		s->side[QTTT_O] = &s->procs[g.fixture.o];
		start_proc(s->side[QTTT_X]);
		start_proc(s->side[QTTT_O]);
		qttt_referee_start(s->ref, s->side[QTTT_X]->peer,
		    s->side[QTTT_O]->peer, &g.opening, g.from_state,
		    g.fixture.seed, now_ms());
	}
}

/* Keeps the games of jobs that are over, and frees the jobs. */
static void
collect_games(void)
{
	const struct qttt_match_game *g;
	struct slot	*s;
	size_t		 j;
	int		 side;

	for (j = 0; j < M.nslots; j++) {
		s = &M.slots[j];
		if (s->game < 0 || (g = qttt_referee_result(s->ref)) == NULL)
			continue;
		qttt_match_done(M.match, (unsigned long long)s->game, g);
		/*
		 * A process at fault is replaced for its next game, and so
		 * is one that still owes an answer.
		 */
		for (side = 0; side < 2; side++)
			if (!qttt_peer_idle(s->side[side]->peer))
				proc_kill(&s->side[side]->p);
		s->game = -1;
	}
}

static void
play(void)
{
	struct eproc	*busy[2 * MAX_JOBS];
	struct slot	*s;
	size_t		 j, n;
	long long	 deadline, d;

	for (;;) {
		start_games();
		for (j = 0; j < M.nslots; j++)
			if (M.slots[j].game >= 0) {
				flush_proc(M.slots[j].side[QTTT_X]);
				flush_proc(M.slots[j].side[QTTT_O]);
			}
		/* Games may end at once: adjudicated, or by a fault. */
		if (proc_stopped())
			break;
		collect_games();
		write_ready();
		/* Once the SPRT has decided, the games under way are not. */
		if (M.trouble || qttt_match_over(M.match))
			break;
		n = 0;
		deadline = -1;
		for (j = 0; j < M.nslots; j++) {
			s = &M.slots[j];
			if (s->game < 0)
				continue;
			busy[n++] = s->side[QTTT_X];
			busy[n++] = s->side[QTTT_O];
			if ((d = qttt_referee_deadline(s->ref)) >= 0 &&
			    (deadline < 0 || d < deadline))
				deadline = d;
		}
		if (n == 0)
			continue;
		wait_procs(busy, n, deadline);
		/* A signal killed the engines: their games are not theirs. */
		if (proc_stopped())
			break;
		for (j = 0; j < M.nslots; j++)
			if (M.slots[j].game >= 0)
				qttt_referee_tick(M.slots[j].ref, now_ms());
		collect_games();
		write_ready();
	}
}

/* Ends every engine process: quit, then a kill for the slow. */
static void
stop_engines(void)
{
	struct proc	**all;
	size_t		 j, i, n = 0;

	if ((all = calloc(M.nslots * M.nengines, sizeof(*all))) == NULL) {
		for (j = 0; j < M.nslots; j++)
			for (i = 0; i < M.nengines; i++)
				proc_kill(&M.slots[j].procs[i].p);
		return;
	}
	for (j = 0; j < M.nslots; j++)
		for (i = 0; i < M.nengines; i++) {
			proc_quit(&M.slots[j].procs[i].p);
			all[n++] = &M.slots[j].procs[i].p;
		}
	proc_wait(all, n, now_ms() + QUIT_MS);
	free(all);
}

/* ------------------------------------------------------------------ */
/* The report                                                           */
/* ------------------------------------------------------------------ */

/* The standings, on standard error (qttt_standings_write). */
static void
report(void)
{
	struct qttt_standing *en;
	struct qttt_standings s;
	size_t		 i;

	if ((en = calloc(M.nengines, sizeof(*en))) == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		M.trouble = 1;
		return;
	}
	for (i = 0; i < M.nengines; i++) {
		en[i].name = qttt_match_engine(M.match, i);
		en[i].command = M.engines[i].cmd;
		en[i].tally = qttt_match_tally(M.match, i);
		en[i].against = qttt_match_against(M.match, i);
		en[i].met = qttt_match_met(M.match, i);
	}
	memset(&s, 0, sizeof(s));
	s.games = qttt_match_written(M.match);
	s.rules = M.rules;
	s.timecontrol = M.timecontrol;
	s.nengines = M.nengines;
	s.engines = en;
	s.sprt = qttt_match_sprt(M.match);
	qttt_standings_write(stderr, &s, M.report == REPORT_JSON);
	free(en);
}

/* ------------------------------------------------------------------ */
/* main                                                                 */
/* ------------------------------------------------------------------ */

/* The output formats of -T. */
static const struct name_value reports[] = {
	{ "text", REPORT_TEXT }, { "json", REPORT_JSON },
};

/* An option of qttt-match (opt_parse()). */
static int
take_option(void *unused, int ch, const char *arg)
{
	unsigned long long v;
	int		 t;

	(void)unused;
	switch (ch) {
	case 'a':
		if (strcmp(arg, "settled") == 0)
			M.adjudicate = QTTT_ADJ_SETTLED;
		else if (parse_number(arg, 0, QTTT_MAXPLIES,
		    &v) == 0) {
			M.adjudicate = QTTT_ADJ_PLIES;
			M.plies = (unsigned int)v;
		} else
			return usage_error(usage, "not an adjudication "
			    "(settled, or plies from 0 to %d): %s",
			    QTTT_MAXPLIES, arg);
		break;
	case 'c':
		M.check = 1;
		break;
	case 'e':
		M.event = arg;
		break;
	case 'G':
		M.gauntlet = 1;
		break;
	case 'j':
		if (parse_number(arg, 1, MAX_JOBS, &M.jobs) == -1)
			return usage_error(usage, "not a number of jobs "
			    "(1 to %d): %s", MAX_JOBS, arg);
		break;
	case 'm':
		if (parse_number(arg, 1, 86400000, &v) == -1)
			return usage_error(usage, "not a time in ms (1 "
			    "to 86400000): %s", arg);
		M.movetime = (long long)v;
		break;
	case 'M':
		M.nomarks = 1;
		break;
	case 'n':
		return number_option(usage, arg, 1, MAX_GAMES, &M.games);
	case 'O':
		M.openfile = arg;
		break;
	case 'p':
		M.shuffle = 1;
		break;
	case 'q':
		M.quiet = 1;
		break;
	case 'R':
		if (qttt_rules_parse(arg, strlen(arg),
		    &M.rules, NULL) == -1)
			return usage_error(usage, "not a rule profile "
			    "(goff, a preset such as python, or "
			    "switches such as double=1,draw=1/2): %s",
			    arg);
		break;
	case 's':
		return seed_option(usage, arg, &M.seed);
	case 'E':
		if (parse_sprt(arg) == -1)
			return usage_error(usage, "not elo0,elo1,alpha,"
			    "beta (elo0 < elo1, 0 < alpha, beta < 1): "
			    "%s", arg);
		break;
	case 't':
		if (qttt_clock_parse(arg, strlen(arg), &M.clock,
		    &M.inc) == -1)
			return usage_error(usage, "not a clock (seconds "
			    "and an increment, as 60+0.5): %s", arg);
		M.tc = arg;
		break;
	case 'T':
		if (type_option(usage, reports, NVALUES(reports), arg,
		    &t) != 0)
			return EXIT_TROUBLE;
		M.report = t;
		break;
	case 'v':
		M.verbose = 1;
		break;
	case 'w':
		M.file = arg;
		break;
	case 'x':
		M.suite = arg;
		break;
	}
	return 0;
}

static int
options(int argc, char *argv[])
{
	int		 s;

	M.event = "qttt-match";
	M.jobs = 1;
	M.games = 2;
	M.seed = 1;
	if ((s = opt_parse(&tool_opts, argc, argv, take_option, NULL)) != 0)
		return s;
	if (M.check && M.suite != NULL)
		return usage_error(usage, "%s", "-c and -x do not go together");
	if (argc - optind < (M.check || M.suite != NULL ? 1 : 2))
		return usage_error(usage, "%s", M.check || M.suite != NULL ?
		    "an engine is needed" : "two engines or more are needed");
	if (M.sprt && argc - optind != 2)
		return usage_error(usage, "%s", "the SPRT is for two engines");
	return -1;
}

int
main(int argc, char *argv[])
{
	size_t		 i;
	int		 st;

	start_tool(argv);
	signal(SIGPIPE, SIG_IGN);
	if ((st = options(argc, argv)) >= 0)
		return st;
	proc_cleanup();
	M.nengines = (size_t)(argc - optind);
	if ((M.engines = calloc(M.nengines, sizeof(*M.engines))) == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		return EXIT_TROUBLE;
	}
	for (i = 0; i < M.nengines; i++)
		M.engines[i].cmd = argv[optind + (int)i];
	if (M.tc != NULL && M.movetime > 0)
		snprintf(M.timecontrol, sizeof(M.timecontrol), "%s, movetime "
		    "%lld", M.tc, M.movetime);
	else if (M.tc != NULL)
		snprintf(M.timecontrol, sizeof(M.timecontrol), "%s", M.tc);
	else if (M.movetime > 0)
		snprintf(M.timecontrol, sizeof(M.timecontrol), "movetime %lld",
		    M.movetime);
	if ((M.adjudicate != QTTT_ADJ_NONE || M.suite != NULL ||
	    (M.openfile != NULL && strcmp(M.openfile, "balanced") == 0)) &&
	    (M.solver = qttt_solver_new(1 << 20)) == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		return EXIT_TROUBLE;
	}
	/* The judge of the engines' moves has a table of its own. */
	if (!M.check && M.suite == NULL && !M.nomarks &&
	    (M.judge = qttt_solver_new(JUDGE_TABLE)) == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		return EXIT_TROUBLE;
	}
	new_match();
	if (M.openfile != NULL && (strcmp(M.openfile, "balanced") == 0 ?
	    balanced_openings() : load_openings(M.openfile)) == 0) {
		fprintf(stderr, "%s: %s: no opening\n", progname, M.openfile);
		return EXIT_TROUBLE;
	}
	if (qttt_match_total(M.match) > MAX_GAMES) {
		fprintf(stderr, "%s: %llu games: too many\n", progname,
		    qttt_match_total(M.match));
		return EXIT_TROUBLE;
	}
	setup_slots();
	if (M.check) {
		size_t	 failed = 0;

		for (i = 0; i < M.nengines; i++)
			failed += check_engine(i, &M.slots[0].procs[i]);
		if (finish_output() == -1)
			return EXIT_TROUBLE;
		return failed > 0 ? EXIT_INVALID : EXIT_SUCCESS;
	}
	if (M.suite != NULL) {
		unsigned long failed = 0;

		for (i = 0; i < M.nengines; i++) {
			failed += suite_engine(i, &M.slots[0].procs[i],
			    M.suite);
			proc_kill(&M.slots[0].procs[i].p);
		}
		if (finish_output() == -1)
			return EXIT_TROUBLE;
		return failed > 0 ? EXIT_INVALID : EXIT_SUCCESS;
	}
	for (i = 0; i < M.nengines; i++)
		probe(i, &M.slots[0].procs[i]);
	open_output();
	if (!M.quiet && M.games % 2 == 1)
		fprintf(stderr, "%s: note: %llu games a pairing: its last pair "
		    "is incomplete, one game with no colours swapped\n",
		    progname, M.games);
	proc_stop_later();
	/* A line a game on a terminal, as cutechess-cli and fastchess. */
	M.progress = !M.quiet && M.report == REPORT_TEXT && isatty(2);
	M.began = now_ms();
	M.resumed = qttt_match_written(M.match);
	play();
	stop_engines();
	if (M.out != stdout && fclose(M.out) == EOF) {
		fprintf(stderr, "%s: %s: %s\n", progname, M.file,
		    strerror(errno));
		M.trouble = 1;
	}
	if (!M.quiet)
		report();
	if (proc_stopped())
		fprintf(stderr, "%s: stopped by signal %d (%s) after %llu "
		    "games\n", progname, proc_stopped(),
		    strsignal(proc_stopped()), qttt_match_written(M.match));
	for (i = 0; i < M.nengines && !proc_stopped(); i++)
		if (!M.engines[i].ready) {
			fprintf(stderr, "%s: engine %zu (%s): no process of it "
			    "finished its handshake\n", progname, i + 1,
			    M.engines[i].cmd);
			M.trouble = 1;
		}
	/* A write error is said once: when it was found. */
	if (M.trouble && M.out == stdout)
		fclose(stdout);
	else if (finish_output() == -1)
		M.trouble = 1;
	proc_die();
	return M.trouble ? EXIT_TROUBLE : EXIT_SUCCESS;
}
