/*
 * qttt-stats: what happened in a collection of games, counted: results,
 * lengths, measurements, cycles, the forced X9, openings up to the
 * symmetries, per input and in total (the library's statistics,
 * struct qttt_stats, and their writer).
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include "qttt.h"
#include "common.h"
#include "inputs.h"
#include "options.h"

/* What qttt-stats keeps: the writer, the type and the total. */
struct options {
	struct qttt_stats_writer *w;
	enum qttt_stats_format output;	/* -T */
	struct qttt_stats total;
	unsigned long	 summed;	/* inputs in the total */
};

static const struct opt opts[] = {
	OPT_HELP, OPT_VERSION, OPT_FORMAT, OPT_GAMES,
	OPT_QUIET("print no diagnostics of invalid games"),
	OPT_RULES("the rules of records that name none (goff)"),
	OPT_TYPE("text (default), json or yaml (one object per input)"),
	OPT_WAS(0, "output", 'T'),
};

static const struct opt_tool tool_opts = {
	opts, NVALUES(opts), "[file ...]", NULL,
	"Count what happened in a collection of Quantum Tic-Tac-Toe games.\n",
	"With several inputs, each is summed up, then all together.  Exit "
	"status:\n0 all games valid, 1 some game invalid or an input empty, "
	"2 usage, I/O or\nwrite error.\n"
};

static void
usage(FILE *f)
{
	opt_usage(f, &tool_opts);
}

/* A record, counted into the input's statistics. */
static int
count_record(const struct run_input *in, struct par_out *po,
    struct qttt_record *rec, void *tally)
{
	static struct qttt_game game;
	size_t		 errors;

	if ((errors = play_record(rec, &game)) > 0 && !in->tool->quiet)
		show_record_diags(po->err, in->name, rec, 0);
	qttt_stats_add_record(tally, rec, &game, errors);
	return errors > 0 ? EXIT_INVALID : EXIT_VALID;
}

RUN_RECORDS(count_records, count_record)

/*
 * The end of an input: its statistics written, and added up; but not
 * those of an input that could not be read to its end (a directory,
 * an I/O error), which are not its statistics.
 */
static int
end_count(struct run_input *in, int k, const struct qttt_record *rec,
    int status)
{
	struct options	*o = in->tool->arg;

	status = input_end(in, k, rec, status);
	if (k == -1)
		return status;
	qttt_stats_writer_put(o->w, in->name, in->tally);
	qttt_stats_merge(&o->total, in->tally);
	o->summed++;
	return status;
}

/* An option of qttt-stats' own (input_options()). */
static int
take_option(struct run_tool *tool, int ch, const char *arg)
{
	static const struct name_value types[] = {
		{ "text", QTTT_STATS_TEXT }, { "json", QTTT_STATS_JSON },
		{ "yaml", QTTT_STATS_YAML }, { "yml", QTTT_STATS_YAML },
	};
	struct options	*o = tool->arg;
	int		 v;

	if (ch != 'T')
		return 0;
	if (type_option(usage, types, NVALUES(types), arg, &v) != 0)
		return EXIT_TROUBLE;
	o->output = v;
	return 0;
}

int
main(int argc, char *argv[])
{
	static struct options o;
	struct run_tool	 tool = {
		.arg = &o, .tallysize = sizeof(struct qttt_stats),
		.threads = 1, .records = count_records, .end = end_count
	};
	int		 status, s;

	start_tool(argv);
	o.output = QTTT_STATS_TEXT;
	if ((s = input_options(&tool, &tool_opts, usage, argc, argv,
	    take_option)) != 0)
		return s;
	argc -= optind;
	argv += optind;

	if ((o.w = qttt_stats_writer_open(stdout, o.output)) == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		return EXIT_TROUBLE;
	}
	status = run_inputs(&tool, argc, argv);
	if (argc > 1 && o.summed > 0 && status != RUN_STOP)
		qttt_stats_writer_put(o.w, NULL, &o.total);
	/* finish_output() says what went wrong. */
	qttt_stats_writer_close(o.w);
	if (finish_output() != 0 || status == RUN_STOP)
		return EXIT_TROUBLE;
	return status;
}
