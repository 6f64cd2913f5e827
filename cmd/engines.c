/*
 * qttt-match's engines: a process per engine and job, the bytes moved
 * between its pipes and its peer (struct qttt_peer), which the
 * referee, the compliance check or a suite's position drives; the
 * jobs, each playing the game the director gives it; and the modes -c
 * and -x, one engine at a time, whose verdicts the library writes in
 * TAP.
 */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "common.h"
#include "match.h"

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
	if ((e->peer = qttt_peer_new()) == NULL)
		return -1;
	qttt_peer_settings(e->peer, &M.engines[engine].set);
	return 0;
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

int
probe(size_t i, struct eproc *e)
{
	const char	*why;
	long long	 deadline;

	/* A signal stopped the match: no engine starts, none is blamed. */
	if (proc_stopped()) {
		qttt_match_name(M.match, i, M.engines[i].cmd);
		return -1;
	}
	start_proc(e);
	deadline = now_ms() + 10000;
	qttt_peer_hello(e->peer, M.rules, now_ms(), deadline);
	while (!qttt_peer_ready(e->peer) &&
	    qttt_peer_fault(e->peer, NULL) == QTTT_TERM_NORMAL) {
		flush_proc(e);
		wait_procs(&e, 1, deadline);
		qttt_peer_tick(e->peer, now_ms());
	}
	if (proc_stopped()) {
		proc_kill(&e->p);
		qttt_match_name(M.match, i, M.engines[i].cmd);
		return -1;
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
 * The compliance checks of engine i, printed as they are in TAP:
 * "ok N - check" or "not ok N - check: why".  Returns the number
 * failed.
 */
size_t
check_engine(size_t i, struct eproc *e)
{
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
	return qttt_check_tap(stdout, M.checker, i, M.engines[i].cmd);
}

/*
 * Engine i on the test suite at path, as TAP: "ok N - id" for each
 * position it solves, "not ok N - id: why" for the others.  Every
 * answer of the suite is proven by the solver first.  Returns the
 * number not solved.
 */
unsigned long
suite_engine(size_t i, struct eproc *e, const char *path)
{
	static struct qttt_suite_entry entry;
	struct qttt_qtp_msg pos, go;
	struct qttt_diag d;
	const char	*why;
	char		*line = NULL;
	size_t		 cap = 0;
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
			qttt_suite_tap(stdout, tried, &entry, NULL, why);
			proc_kill(&e->p);
			failed++;
		} else if (!qttt_suite_tap(stdout, tried, &entry,
		    qttt_peer_action(e->peer, NULL, NULL), NULL))
			failed++;
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

void
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

/* Ends every engine process: quit, then a kill for the slow. */
void
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
/* The match                                                            */
/* ------------------------------------------------------------------ */

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

void
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
