/*
 * qttt-convert: convert game records between the line notation, YAML,
 * JSON and Goff's notation, keeping all a record holds that the target
 * format can hold, and warning about the rest.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "common.h"
#include "inputs.h"
#include "options.h"
#include "outfile.h"

struct options {
	enum qttt_format to;		/* -t: output format */
	int		 quiet;		/* -q: no diagnostics */
	const char	*output;	/* -o, or NULL */
	FILE		*out;		/* standard output, or -o's file */
};

static const struct opt opts[] = {
	OPT_HELP, OPT_VERSION, OPT_DISABLE, OPT_FORMAT, OPT_GAMES,
	OPT_OUTPUT("write to FILE, not the standard output"),
	OPT_QUIET("print no diagnostics or warnings"),
	OPT_RULES("the rules of records that name none (goff)"),
	OPT_TYPE("output format: line (default), yaml, json, goff"),
	OPT_WAS('t', "to", 'T'),
};

static const struct opt_tool tool_opts = {
	opts, NVALUES(opts), "[file ...]", NULL,
	"Convert Quantum Tic-Tac-Toe game records between formats.\n",
	"Invalid games are reported and not converted, and so are positions "
	"(state\nstrings), which no output format holds.  Exit status: 0 all "
	"converted,\n1 some game invalid or not a game, 2 usage, I/O or write "
	"error.\n"
};

static void
usage(FILE *f)
{
	opt_usage(f, &tool_opts);
}

/*
 * What an input comes to, besides what is written: the comment lines
 * the output cannot hold, the positions (which no output holds), the
 * games that lost their extras to Goff's notation, and those with no
 * move, which it has no form for; each counted, with the line of the
 * first.
 */
struct tally {
	unsigned long	 dropped, dropline;
	unsigned long	 positions, posline;
	unsigned long	 lost, lostline;
	unsigned long	 empty, emptyline;
};

/* Counts one more in n, keeping the line of the first in first. */
static void
count(unsigned long *n, unsigned long *first, unsigned long line)
{
	if ((*n)++ == 0)
		*first = line;
}

/*
 * The comment lines of a record (or the trailer of an input), as
 * qttt_record_convert_comments() takes them, those dropped counted.
 * Returns -1 if standard output failed.
 */
static int
comment_lines(const struct options *o, const char *text, size_t len,
    unsigned long line, int alone, struct tally *t)
{
	long	 n;

	if ((n = qttt_record_convert_comments(o->out, o->to, text, len,
	    alone)) == -1)
		return -1;
	if (n > 0 && t->dropped == 0)
		t->dropline = line;
	t->dropped += (unsigned long)n;
	return 0;
}

/*
 * Converts one record (RUN_RECORDS' record): writes a valid game with
 * what its record holds besides the moves, or reports why not.
 */
static int
convert_record(const struct run_input *in, struct par_out *po,
    struct qttt_record *rec, void *tally)
{
	static struct qttt_game game;
	const struct options *o = in->tool->arg;
	struct tally	*t = tally;
	struct qttt_extras ex;
	struct qttt_diag why;
	int		 bad, alone = 1, status = EXIT_VALID, k;

	(void)po;
	if (!o->quiet)
		show_leadcut(stderr, in->name, rec);
	bad = play_record(rec, &game) > 0;
	/* Its errors, or its warnings. */
	if ((bad || rec->ndiags > 0) && !o->quiet)
		show_record_diags(stderr, in->name, rec, 0);
	if (bad)
		status = EXIT_INVALID;
	else if (rec->has_start) {
		/* No format written here holds a position. */
		count(&t->positions, &t->posline, rec->line);
		status = EXIT_INVALID;
	} else if (o->to == QTTT_FORMAT_GOFF && game.nplies == 0)
		count(&t->empty, &t->emptyline, rec->line);
	else
		alone = 0;
	/* A position goes with its comment lines: not converted. */
	if (!rec->has_start && comment_lines(o, rec->lead, rec->leadlen,
	    rec->line, alone, t) == -1)
		return RUN_STOP;
	if (alone)
		return status;
	qttt_extras_from_record(&ex, &game, rec);
	if ((k = qttt_record_write(o->out, o->to, &game, &ex, &why)) == -1)
		return RUN_STOP;
	/* What Goff's notation dropped of a game it holds. */
	if (k == 0 && o->to == QTTT_FORMAT_GOFF && qttt_record_extras(rec))
		count(&t->lost, &t->lostline, rec->line);
	if (k == -2 && !o->quiet)
		show_line_msg(stderr, in->name, rec->line, "error",
		    "not converted: %s", why.msg);
	return k == -2 ? EXIT_INVALID : EXIT_VALID;
}

RUN_RECORDS(convert_records, convert_record)

/*
 * The end of an input (run_tool's end): its comment lines after the
 * last game, and what was not converted, counted.
 */
static int
end_input_file(struct run_input *in, int k, const struct qttt_record *rec,
    int status)
{
	const struct options *o = in->tool->arg;
	const struct tally *t = in->tally;
	const char	*text;
	size_t		 trail;
	unsigned long	 cut;

	if (k == 0 && in->games > 0) {
		trail = qttt_reader_trailer(in->reader, &text, &cut);
		if (comment_lines(o, text, trail, rec->line, 1,
		    in->tally) == -1)
			k = RUN_STOP;
		if (!o->quiet && cut > 0)
			fprintf(stderr, "%s: %s: warning: %lu comment line%s "
			    "at the end left out: more than %d bytes of them\n",
			    progname, in->name, cut, cut == 1 ? "" : "s",
			    QTTT_LEAD_MAX);
	}
	status = input_end(in, k, rec, status);
	if (o->quiet)
		return status;
	if (t->dropped > 0)
		show_line_msg(stderr, in->name, t->dropline, "warning", "%s "
		    "holds no comment lines: %lu line%s dropped",
		    o->to == QTTT_FORMAT_JSON ? "JSON" : "Goff's notation", t->dropped,
		    t->dropped == 1 ? "" : "s");
	if (t->positions > 0)
		show_line_msg(stderr, in->name, t->posline, "error", "a state "
		    "string is a position, not a game record: %lu position%s "
		    "not converted", t->positions, t->positions == 1 ? "" :
		    "s");
	if (t->lost > 0)
		show_line_msg(stderr, in->name, t->lostline, "warning", "Goff's "
		    "notation holds no metadata or comments: dropped from %lu "
		    "game%s", t->lost, t->lost == 1 ? "" : "s");
	if (t->empty > 0)
		show_line_msg(stderr, in->name, t->emptyline, "warning",
		    "Goff's notation has no form for a game with no move: %lu "
		    "game%s not written", t->empty, t->empty == 1 ? "" : "s");
	return status;
}

/* An option of qttt-convert's own (input_options()). */
static int
take_option(struct run_tool *tool, int ch, const char *arg)
{
	struct options	*o = tool->arg;

	if (ch == 'd')
		return disable_option(usage, arg);
	if (ch == 'o')
		o->output = arg;
	if (ch == 'T')
		return target_option(usage, arg, &o->to);
	return 0;
}

int
main(int argc, char *argv[])
{
	struct options	 o;
	struct run_tool	 tool = {
		.arg = &o, .tallysize = sizeof(struct tally), .threads = 1,
		.records = convert_records, .end = end_input_file
	};
	int		 status, s;

	start_tool(argv);
	memset(&o, 0, sizeof(o));
	o.to = QTTT_FORMAT_LINE;
	if ((s = input_options(&tool, &tool_opts, usage, argc, argv,
	    take_option)) != 0)
		return s;
	argc -= optind;
	argv += optind;

	o.quiet = tool.quiet;
	note_inputs(argc, argv);
	o.out = stdout;
	if (o.output != NULL && (o.out = out_open(o.output, 0)) == NULL)
		return EXIT_TROUBLE;
	status = run_inputs(&tool, argc, argv);
	/* -o's file goes in place whole, or not at all. */
	if (o.out != stdout && out_close(o.out, status != RUN_STOP) == -1)
		status = RUN_STOP;
	/* A failed write is reported once, here. */
	if (finish_output() != 0 || status == RUN_STOP)
		return EXIT_TROUBLE;
	return status;
}
