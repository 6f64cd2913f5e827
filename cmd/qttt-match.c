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
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "qttt.h"
#include "common.h"
#include "options.h"
#include "outfile.h"

#include "match.h"

struct match_run M;


static const struct opt opts[] = {
	OPT_HELP, OPT_VERSION,
	{ 'a', "adjudicate", "adjudication", "end games by the solver: "
	    "settled (once the\nvalue cannot change) or a number of plies (0: "
	    "at\nonce)", 0, 0 },
	{ 'c', "check", NULL, "check that each engine speaks the protocol", 0,
	    0 },
	{ 'D', "date", "date", "the date of the records, YYYY-MM-DD "
	    "(default: the\nday the match began, in UTC)", 0, 0 },
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
	{ 'P', "progress", NULL, "a line for each game on standard error, "
	    "even off\na terminal", 0, 0 },
	{ 'p', "shuffle", NULL, "openings in an order drawn from the seed", 0,
	    0 },
	OPT_QUIET("no report and no notes on faults"),
	{ OPT_LONG, "report", "file", "write the report to FILE (with -q "
	    "too), not to\nstandard error", 0, 0 },
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
	opts, NVALUES(opts), "engine [setting ...] engine [setting ...] ...",
	"-c [-v] [-R profile] engine ...\n"
	"-x suite [-v] [-m ms] [-R profile] [-s seed] engine ...",
	"Play engines that speak the engine protocol (QTP) against each "
	"other, and\nwrite one record per game, in game order, and a report "
	"on standard error.\nEach engine is a command run by /bin/sh -c, "
	"as exec COMMAND if it is simple;\nthe settings after it, "
	"option.NAME=VALUE, depth=N and nodes=N, are its own.\n",
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
	struct qttt_diag d;
	size_t		 n;

	if ((n = qttt_match_balanced(M.match, M.solver, &d)) == 0) {
		fprintf(stderr, "%s: %s\n", progname, d.msg);
		exit(EXIT_TROUBLE);
	}
	return (unsigned long)n;
}

/*
 * The match's date: -D's, or the day it begins in UTC, by the clock or
 * by SOURCE_DATE_EPOCH (seconds since 1970, as reproducible builds
 * give it), which a match that goes on from a file replaces by the
 * file's.
 */
static void
match_date(void)
{
	const char	*epoch = getenv("SOURCE_DATE_EPOCH");
	unsigned long long s;
	time_t		 t;
	struct tm	 tm;
	char		 day[16];

	if (M.date != NULL) {
		if (qttt_match_date(M.match, M.date, 1) == -1) {
			usage_error(usage, "not a date (YYYY-MM-DD, a real "
			    "day): %s", M.date);
			exit(EXIT_TROUBLE);
		}
		return;
	}
	if (epoch != NULL && parse_number(epoch, 0, 253402300799ULL,
	    &s) == -1) {
		fprintf(stderr, "%s: SOURCE_DATE_EPOCH: not seconds since "
		    "1970 (to the year 9999): %s\n", progname, epoch);
		exit(EXIT_TROUBLE);
	}
	t = epoch != NULL ? (time_t)s : time(NULL);
	if (gmtime_r(&t, &tm) == NULL || strftime(day, sizeof(day),
	    "%Y-%m-%d", &tm) != 10 || qttt_match_date(M.match, day, 0) == -1) {
		fprintf(stderr, "%s: no date for the records\n", progname);
		exit(EXIT_TROUBLE);
	}
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
	match_date();
}

/* ------------------------------------------------------------------ */
/* Records, standings and the SPRT                                      */
/* ------------------------------------------------------------------ */

static void
note_fault(unsigned long long i, const struct qttt_match_game *g)
{
	if (M.quiet || M.report == REPORT_JSON || g->loser < 0)
		return;
	fprintf(stderr, "%s: game %llu: %s: %s\n", progname, i + 1,
	    qttt_termination_name(g->term), g->why);
}

/* Writes the finished games that come next, in order, and counts them. */
void
write_ready(void)
{
	const struct qttt_match_game *g;
	struct qttt_diag d;
	unsigned long long i;
	char		 line[512];

	while (!M.trouble && (g = qttt_match_ready(M.match, &i)) != NULL) {
		switch (qttt_match_write(M.match, M.out, M.event,
		    M.timecontrol, &d)) {
		case -2:
			/* Not the output's fault: the library refused. */
			fprintf(stderr, "%s: game %llu: %s\n", progname, i + 1,
			    d.msg);
			M.trouble = 1;
			break;
		case -1:
			fprintf(stderr, "%s: %s: write error: %s\n", progname,
			    M.outname, strerror(errno));
			M.trouble = 1;
			break;
		}
		note_fault(i, g);
		if (M.progress) {
			qttt_match_progress(M.match, i, g, now_ms() - M.began,
			    i + 1 - M.resumed, line, sizeof(line));
			fprintf(stderr, "%s: %s\n", progname, line);
		}
	}
}

/* What -w says of a file that is not a match's records. */
#define NOT_MATCH	"not the records of a match: -w goes on from a " \
			"file that qttt-match wrote; give another file"

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
	struct qttt_diag d;
	uint64_t	 keep;

	switch (qttt_match_resume_file(M.match, f, line, sizeof(line), &keep,
	    &rec, &d)) {
	case 1:
		/* Cut short by a kill: written again. */
		if (ftruncate(fileno(f), (off_t)keep) == -1) {
			fprintf(stderr, "%s: %s: %s\n", progname, name,
			    strerror(errno));
			exit(EXIT_TROUBLE);
		}
		break;
	case -1:
		show_record_diags(stderr, name, &rec, 0);
		show_line_msg(stderr, name, d.line, "error", "%s%s" NOT_MATCH,
		    d.msg, d.msg[0] != '\0' ? ": " : "");
		exit(EXIT_TROUBLE);
	case -2:
		show_line_msg(stderr, name, d.line, "error", "%s: run the "
		    "same command, or write to another file", d.msg);
		exit(EXIT_TROUBLE);
	case -3:
		fprintf(stderr, "%s: %s: %s\n", progname, name, d.msg);
		exit(EXIT_TROUBLE);
	}
}

/*
 * A report over an input (-O, -w), said at once: exits, after removing
 * -w's file if this run made it (created).
 */
static void
refuse_report(int created)
{
	if (M.reportname == NULL || input_at(M.reportname) == NULL)
		return;
	warn_name(M.reportname, "an input (-O, -w): not written over by "
	    "--report");
	if (created)
		unlink(M.file);
	exit(EXIT_TROUBLE);
}

static void
open_output(void)
{
	struct stat	 st;
	FILE		*f = NULL;
	int		 fd, created;

	/* Never written over, by -w or --report. */
	if (M.openfile != NULL && strcmp(M.openfile, "balanced") != 0)
		note_input(M.openfile);
	refuse_report(0);
	if (M.file == NULL) {
		M.out = stdout;
		M.outname = "<stdout>";
		return;
	}
	M.outname = M.file;
	if (input_at(M.file) != NULL) {
		warn_name(M.file, "the file of the openings (-O): not written "
		    "over");
		exit(EXIT_TROUBLE);
	}
	created = stat(M.file, &st) == -1;
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
	/* Read, and written in place: no other file of the tool's. */
	note_input(M.file);
	refuse_report(created);
	resume(f, M.file);
	if (fseek(f, 0, SEEK_END) == -1) {
		fprintf(stderr, "%s: %s: %s\n", progname, M.file,
		    strerror(errno));
		exit(EXIT_TROUBLE);
	}
	M.out = f;
}

/* ------------------------------------------------------------------ */
/* The report                                                           */
/* ------------------------------------------------------------------ */

/*
 * The standings, on standard error or in --report's file, opened now:
 * its handling of signals comes after the match's (process.c), which
 * stops the match and has the report written.  A file that cannot be
 * opened leaves the report on standard error.
 */
static void
report(void)
{
	const char	**cmds;
	FILE		*f = stderr;
	size_t		 i;

	if (M.reportname != NULL && (f = out_open(M.reportname, 0)) == NULL) {
		M.trouble = 1;
		f = stderr;
	}
	if ((cmds = calloc(M.nengines, sizeof(*cmds))) != NULL)
		for (i = 0; i < M.nengines; i++)
			cmds[i] = M.engines[i].cmd;
	if (cmds == NULL || qttt_match_standings(M.match, f,
	    (const char *const *)cmds, M.timecontrol,
	    M.report == REPORT_JSON) == -2) {
		fprintf(stderr, "%s: out of memory\n", progname);
		M.trouble = 1;
	}
	free(cmds);
	if (f != stderr && out_close(f, 1) == -1)
		M.trouble = 1;
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
		if (qttt_adjudication_parse(arg, &M.adjudicate,
		    &M.plies) == -1)
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
	case 'P':
		M.progress = 1;
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
	case 'D':
		M.date = arg;
		break;
	case OPT_LONG:
		M.reportname = arg;
		break;
	case 'E':
		if (qttt_sprt_parse(arg, &M.test) == -1)
			return usage_error(usage, "not elo0,elo1,alpha,"
			    "beta (elo0 < elo1, 0 < alpha, beta < 1): "
			    "%s", arg);
		M.sprt = 1;
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

/*
 * The engines of the operands, each a command and the settings after
 * it, as cutechess-cli takes them: option.NAME=VALUE, depth=N,
 * nodes=N.  Returns -1, or the exit status of a usage error.
 */
static int
engines(int argc, char *argv[])
{
	static struct qttt_engine_settings none;
	struct qttt_engine_settings *set = &none;
	struct qttt_diag d;
	int		 i, r;

	if ((M.engines = calloc((size_t)argc + 1, sizeof(*M.engines))) ==
	    NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		return EXIT_TROUBLE;
	}
	for (i = 0; i < argc; i++) {
		if ((r = qttt_engine_settings_add(set, argv[i], &d)) == -1)
			return usage_error(usage, "%s", d.msg);
		if (r == 1 && (M.nengines == 0 || M.check))
			return usage_error(usage, "%s: %s", argv[i],
			    M.check ? "-c checks an engine as it starts" :
			    "a setting comes after its engine");
		if (r == 1)
			continue;
		set = &M.engines[M.nengines].set;
		qttt_engine_settings_init(set);
		M.engines[M.nengines++].cmd = argv[i];
	}
	return -1;
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
	if ((s = engines(argc - optind, argv + optind)) >= 0)
		return s;
	if (M.nengines < (M.check || M.suite != NULL ? 1 : 2))
		return usage_error(usage, "%s", M.check || M.suite != NULL ?
		    "an engine is needed" : "two engines or more are needed");
	if (M.sprt && M.nengines != 2)
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
	qttt_timecontrol_format(M.tc, M.movetime, M.timecontrol,
	    sizeof(M.timecontrol));
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
	/* From the first engine on, a signal ends the match with its
	 * standings, the handshakes too. */
	proc_stop_later();
	for (i = 0; i < M.nengines; i++)
		probe(i, &M.slots[0].procs[i]);
	open_output();
	if (!M.quiet && M.games % 2 == 1)
		fprintf(stderr, "%s: note: %llu games a pairing: its last pair "
		    "is incomplete, one game with no colours swapped\n",
		    progname, M.games);
	/* A line a game on a terminal, as cutechess-cli and fastchess. */
	M.progress = M.progress ||
	    (!M.quiet && M.report == REPORT_TEXT && isatty(2));
	M.began = now_ms();
	M.resumed = qttt_match_written(M.match);
	if (!proc_stopped())
		play();
	stop_engines();
	if (M.out != stdout && fclose(M.out) == EOF) {
		fprintf(stderr, "%s: %s: %s\n", progname, M.file,
		    strerror(errno));
		M.trouble = 1;
	}
	if (!M.quiet || M.reportname != NULL)
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
