/*
 * qttt-validate: check game records against the rules, report every
 * problem with its position, and optionally print the canonical form.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "qttt.h"
#include "common.h"
#include "inputs.h"
#include "options.h"
#include "outfile.h"

struct counts {
	unsigned long	 games;
	unsigned long	 valid;
	unsigned long	 invalid;
	unsigned long	 diags;
};

struct options {
	int		 json;		/* -j: diagnostics as JSON Lines */
	int		 list;		/* -l: list non-canonical files */
	int		 print;		/* -p: print canonical records */
	int		 quiet;		/* -q: status only */
	int		 fixresult;	/* -r: correct a wrong stated result */
	int		 summary;	/* -s: a summary line */
	int		 write;		/* -w: rewrite the files in place */
	/* -R: the profile of records that name none; two: compared. */
	int		 nrules;
	unsigned int	 rules[2];
	/*
	 * The input read: where -p and -w write its records (-w: a file
	 * beside it, which replaces it, out_open()).
	 */
	FILE		*records;
	struct counts	 counts;	/* of every input */
};

static const struct opt opts[] = {
	OPT_HELP, OPT_VERSION, OPT_DISABLE, OPT_FORMAT, OPT_GAMES,
	{ 'j', "json", NULL, "diagnostics as JSON Lines on standard output",
	    0, 0 },
	{ 'l', "list", NULL, "list the files whose valid records are not "
	    "in\ncanonical form", 0, 0 },
	{ 'p', "print", NULL, "print the valid records in canonical form (a"
	    "\nposition as its state string)", 0, 0 },
	OPT_QUIET("print nothing about the games; the exit status\ntells"),
	{ 'r', "fix-result", NULL, "correct a stated result that the game "
	    "does not\nreach (with -p or -w)", 0, 0 },
	OPT_RULES("the rules of records that name none (goff);\ntwice, two "
	    "profiles to compare: where each game\nshows them apart"),
	{ 's', "summary", NULL, "print a summary line on standard error", 0,
	    0 },
	{ 'w', "write", NULL, "rewrite each file in place in canonical "
	    "form,\nunless a record in it is invalid", 0, 0 },
};

static const struct opt_tool tool_opts = {
	opts, NVALUES(opts), "[file ...]", NULL,
	"Check Quantum Tic-Tac-Toe game records; with no file, or when file "
	"is -,\nread standard input.\n",
	"Exit status: 0 all valid, 1 some game invalid (or, with -l, not "
	"in\ncanonical form; with -R twice, told apart), 2 usage or I/O "
	"error.\n"
};

static void
usage(FILE *f)
{
	opt_usage(f, &tool_opts);
}

/* Writes a valid record as -p and -w do: its comment lines first. */
static void
print_record(FILE *out, const struct qttt_record *rec,
    const struct qttt_game *g)
{
	struct qttt_extras ex;
	char		 canon[QTTT_STATE_MAX];
	int		 len;

	if (!rec->has_start) {
		qttt_extras_from_record(&ex, g, rec);
		qttt_record_write(out, QTTT_FORMAT_LINE, g, &ex, NULL);
		return;
	}
	/* A position's canonical form is its state string. */
	if (rec->lead != NULL)
		fwrite(rec->lead, 1, rec->leadlen, out);
	len = qttt_state_format(&g->state, canon, sizeof(canon));
	fwrite(canon, 1, len, out);
	putc('\n', out);
}

static const char *
plural(unsigned long n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

static void
add_counts(struct counts *to, const struct counts *from)
{
	to->games += from->games;
	to->valid += from->valid;
	to->invalid += from->invalid;
	to->diags += from->diags;
}

/* What the games of an input, or of a chunk of one, come to. */
struct tally {
	struct counts	 c;
	int		 noncanonical;	/* a valid record, not canonical */
};

/*
 * The diagnostics of a record: on standard error, or with -j as JSON
 * on standard output.  Returns how many were shown.
 */
static size_t
show_diags(const struct options *o, const char *name, struct par_out *po,
    const struct qttt_record *rec)
{
	if (!o->json)
		out_sync(po);
	return show_record_diags(o->json ? po->out : po->err, name, rec,
	    o->json);
}

/*
 * The diagnostics of an invalid record, and a note naming a preset
 * under which it is valid, if there is one.  Returns how many
 * diagnostics were shown.
 */
static size_t
show_invalid(const struct options *o, const char *name,
    struct par_out *po, const struct qttt_record *rec)
{
	const char	*preset;
	char		 note[QTTT_RULES_NAME_MAX + 64];
	size_t		 n;

	n = show_diags(o, name, po, rec);
	if ((preset = qttt_record_preset(rec)) != NULL) {
		snprintf(note, sizeof(note), "the record is valid under the "
		    "preset %s (-R %s)", preset, preset);
		show_note(o->json ? po->out : po->err, name, rec, note,
		    o->json);
	}
	return n;
}

/* The note of a valid record whose stated result -r corrects. */
static void
show_corrected(const struct options *o, const char *name,
    struct par_out *po, const struct qttt_record *rec)
{
	const struct qttt_diag *d = rec->diags;
	char		 note[QTTT_MSG_MAX + 32];

	if (!o->json)
		out_sync(po);
	while (d->code != QTTT_E_RESULT)
		d++;
	snprintf(note, sizeof(note), "result corrected: %s", d->msg);
	show_note(o->json ? po->out : po->err, name, rec, note, o->json);
}

/*
 * -R a -R b: where the two profiles first disagree on a record, as a
 * note at its item, or that they agree; the errors of its syntax
 * first, since the items after the first are not compared.  Returns
 * EXIT_INVALID if they disagree, or agree that it is invalid (or it
 * cannot be read).
 */
static int
compare_record(const struct options *o, const char *name,
    struct par_out *po, const struct qttt_record *rec, struct tally *t)
{
	struct qttt_rules_diff diff;
	struct qttt_diag d;
	FILE		*f = o->json ? po->out : po->err;
	size_t		 i;
	int		 differ;

	differ = qttt_rules_compare(rec, o->rules[0], o->rules[1], &diff) ||
	    diff.invalid;
	if (differ || rec->nerrors > 0)
		t->c.invalid++;
	else
		t->c.valid++;
	if (o->quiet)
		return differ || rec->nerrors > 0 ? EXIT_INVALID : EXIT_VALID;
	if (!o->json)
		out_sync(po);
	for (i = 0; i < rec->ndiags; i++)
		if (rec->diags[i].severity == QTTT_ERROR) {
			(o->json ? show_diag_json : show_diag)(f, name, rec,
			    &rec->diags[i]);
			t->c.diags++;
		}
	t->c.diags++;
	if (diff.what == QTTT_RULES_AGREE) {
		show_note(f, name, rec, diff.msg, o->json);
		return differ || rec->nerrors > 0 ? EXIT_INVALID : EXIT_VALID;
	}
	qttt_rules_diff_diag(&diff, &d);
	if (o->json)
		show_diag_json(f, name, rec, &d);
	else
		show_diag(f, name, rec, &d);
	return EXIT_INVALID;
}

/*
 * Checks one record (RUN_RECORDS' record): shows what is wrong with
 * it, writes it with -p and -w, and counts it in t.  Inlined in the
 * loop, which then reads the options once for every record.
 */
static inline int __attribute__((always_inline))
check_record(const struct run_input *in, struct par_out *po,
    struct qttt_record *rec, void *tally)
{
	const struct options *o = in->tool->arg;
	struct tally	*t = tally;
	struct qttt_game game;
	size_t		 errors;
	int		 played = o->records != NULL || o->list;

	t->c.games++;
	if (o->nrules == 2)
		return compare_record(o, in->name, po, rec, t);
	if (o->records != NULL && !o->quiet)
		show_leadcut(po->err, in->name, rec);
	/* The game itself is only needed to write it out. */
	errors = play_record(rec, played ? &game : NULL);
	if (errors > 0 && !(o->fixresult && qttt_record_result_only(rec))) {
		t->c.invalid++;
		/* Its comment lines are not the record's fault. */
		if (o->records != NULL && rec->lead != NULL &&
		    (o->write || !o->quiet))
			fwrite(rec->lead, 1, rec->leadlen, o->records);
		if (!o->quiet)
			t->c.diags += show_invalid(o, in->name, po, rec);
		return o->records != NULL && ferror(o->records) ? RUN_STOP :
		    EXIT_INVALID;
	}
	t->c.valid++;
	/* A corrected result, and its warnings. */
	if (rec->ndiags > 0 && !o->quiet) {
		if (o->fixresult && rec->nerrors > 0)
			show_corrected(o, in->name, po, rec);
		else
			t->c.diags += show_diags(o, in->name, po, rec);
	}
	if (o->records != NULL && (o->write || !o->quiet))
		print_record(o->records, rec, &game);
	if (o->list && !qttt_record_canonical(rec, &game))
		t->noncanonical = 1;
	return o->records != NULL && ferror(o->records) ? RUN_STOP :
	    EXIT_VALID;
}

RUN_RECORDS(check_records, check_record)

static void
add_tally(void *to, const void *from)
{
	struct tally		*t = to;
	const struct tally	*u = from;

	add_counts(&t->c, &u->c);
	t->noncanonical |= u->noncanonical;
}

/*
 * The start of an input (run_tool's begin): with -w, the file its
 * records go to.
 */
static int
begin_input(struct run_input *in)
{
	struct options	*o = in->tool->arg;

	o->records = o->print ? stdout : NULL;
	if (o->write) {
		if ((o->records = out_open(in->path, QTTT_OUT_REWRITE)) ==
		    NULL)
			return EXIT_TROUBLE;
	}
	return 0;
}

/* The comment lines after the last game, which -p and -w write. */
static void
write_trailer(const struct options *o, const struct run_input *in)
{
	const char	*text;
	size_t		 n;
	unsigned long	 cut;

	n = qttt_reader_trailer(in->reader, &text, &cut);
	if (text != NULL)
		fwrite(text, 1, n, o->records);
	if (cut > 0 && !o->quiet)
		fprintf(stderr, "%s: %s: warning: %lu comment line%s at the "
		    "end left out: more than %d bytes of them\n", progname,
		    in->name, cut, cut == 1 ? "" : "s", QTTT_LEAD_MAX);
}

/*
 * -w, at the end of an input: puts the file rewritten in place if all
 * went well.  Returns the input's exit status.
 */
static int
end_rewrite(struct options *o, const struct run_input *in, int k,
    int status)
{
	const struct tally *t = in->tally;
	int		 other;

	/*
	 * A file with an invalid record is left as it is, and so is one
	 * in a format that -w does not write (YAML, JSON, Goff).
	 */
	other = qttt_reader_format(in->reader) != QTTT_FORMAT_LINE &&
	    qttt_reader_format(in->reader) != QTTT_FORMAT_STATE;
	if (other && t->c.games > 0) {
		fprintf(stderr, "%s: %s: not rewritten: -w writes the line "
		    "notation and state strings only (qttt-convert converts "
		    "the others)\n", progname, in->name);
		status = EXIT_TROUBLE;
	} else if (status != EXIT_VALID && !o->quiet && k != RUN_STOP &&
	    t->c.games > 0)
		fprintf(stderr, "%s: %s: not rewritten: it holds invalid "
		    "records\n", progname, in->name);
	if (out_close(o->records, status == EXIT_VALID && k == 0) == -1) {
		o->counts.diags++;
		status = EXIT_TROUBLE;
	}
	return k == RUN_STOP ? EXIT_TROUBLE : status;
}

/*
 * The end of an input (run_tool's end): its comment lines after the
 * last game, its name with -l, the usual reports.  Returns the exit
 * status it deserves, or RUN_STOP if standard output cannot be
 * written.
 */
static int
end_input_file(struct run_input *in, int k, const struct qttt_record *rec,
    int status)
{
	struct options	*o = in->tool->arg;
	const struct tally *t = in->tally;
	int		 s;

	if (k == 0 && o->records != NULL && (o->write || !o->quiet))
		write_trailer(o, in);
	add_counts(&o->counts, &t->c);
	if (t->noncanonical) {
		status = EXIT_INVALID;
		if (!o->quiet)
			printf("%s\n", in->name);
	}
	if (k == RUN_STOP)
		status = RUN_STOP;
	else if ((s = end_selection_as(in->name, k, rec, in->games,
	    in->tool->games, t->c.games, o->quiet, o->json)) != EXIT_VALID) {
		if (s == EXIT_INVALID && !o->quiet)
			o->counts.diags++;	/* no-games */
		status = s;
	}
	if (o->write)
		status = end_rewrite(o, in, k, status);
	return ferror(stdout) ? RUN_STOP : status;
}

/* An option of qttt-validate's own (input_options()). */
static int
take_option(struct run_tool *tool, int ch, const char *arg)
{
	struct options	*o = tool->arg;

	switch (ch) {
	case 'R':
		if (o->nrules == 2)
			return usage_error(usage, "%s", "-R: at most two "
			    "profiles, to compare");
		o->rules[o->nrules++] = tool->rules;
		break;
	case 'd':
		return disable_option(usage, arg);
	case 'j':
		o->json = 1;
		break;
	case 'l':
		o->list = 1;
		break;
	case 'p':
		o->print = 1;
		break;
	case 'r':
		o->fixresult = 1;
		break;
	case 's':
		o->summary = 1;
		break;
	case 'w':
		o->write = 1;
		break;
	}
	return 0;
}

int
main(int argc, char *argv[])
{
	static struct options o;
	struct run_tool	 tool = {
		.arg = &o, .tallysize = sizeof(struct tally), .threads = 1,
		.begin = begin_input, .records = check_records,
		.merge = add_tally, .end = end_input_file
	};
	const struct counts *c = &o.counts;
	int		 status, s, threads;

	start_tool(argv);
	threads = par_threads();
	if ((s = input_options(&tool, &tool_opts, usage, argc, argv,
	    take_option)) != 0)
		return s;
	o.quiet = tool.quiet;
	argc -= optind;
	argv += optind;
	if (o.json + o.list + o.print > 1)
		return usage_error(usage, "%s", "-j, -l and -p all write to "
		    "standard output: choose one");
	if (o.write && (o.list || o.print))
		return usage_error(usage, "%s", "-w writes the files, -l and "
		    "-p standard output: choose one");
	if (o.write && (argc == 0 || (argc == 1 &&
	    strcmp(argv[0], "-") == 0)))
		return usage_error(usage, "%s", "-w rewrites files: name "
		    "them");
	if (o.write && tool.games != NULL)
		return usage_error(usage, "%s", "-w rewrites whole files: -g "
		    "would leave games out");
	if (o.fixresult && !o.write && !o.print)
		return usage_error(usage, "%s", "-r corrects the records "
		    "that -p or -w write: give one of them");

	if (o.nrules == 2 && (o.list || o.print || o.write || o.fixresult))
		return usage_error(usage, "%s", "-R twice compares the "
		    "profiles: -l, -p, -r and -w do not go with it");
	/* Compared: the results of every profile are read. */
	if (o.nrules == 2)
		tool.rules = QTTT_RULES_ANY;

	/* Chunks leave comment lines out: -p and -w need them. */
	if (!o.print && !o.write)
		tool.threads = threads;
	if ((status = run_inputs(&tool, argc, argv)) == RUN_STOP) {
		/* finish_output() says why. */
		finish_output();
		return EXIT_TROUBLE;
	}

	if (o.summary && !o.quiet)
		fprintf(stderr, "%s: %lu %s, %lu valid, %lu invalid, %lu %s\n",
		    progname, c->games, plural(c->games, "game", "games"),
		    c->valid, c->invalid, c->diags,
		    plural(c->diags, "diagnostic", "diagnostics"));
	if (finish_output() != 0)
		return EXIT_TROUBLE;
	return status;
}
