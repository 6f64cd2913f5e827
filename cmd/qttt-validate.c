/*
 * qttt-validate: check game records against the rules, report every
 * problem with its position, and optionally print the canonical form.
 */
/* realpath(3) is an XSI function. */
#define _XOPEN_SOURCE 700

#include <sys/stat.h>

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "qttt.h"
#include "common.h"
#include "parallel.h"

struct counts {
	unsigned long	 games;
	unsigned long	 valid;
	unsigned long	 invalid;
	unsigned long	 diags;
};

struct options {
	enum qttt_format format;
	int		 json;		/* -j: diagnostics as JSON Lines */
	int		 list;		/* -l: list non-canonical files */
	int		 print;		/* -p: print canonical records */
	int		 quiet;		/* -q: status only */
	int		 fixresult;	/* -r: correct a wrong stated result */
	int		 summary;	/* -s: a summary line */
	int		 write;		/* -w: rewrite the files in place */
	int		 threads;	/* to check games on */
	const char	*games;		/* -g, or NULL */
	struct qttt_ranges gameset;
};

/* validate() could not write standard output: stop at once. */
#define EXIT_STOP	(-1)

static void
usage(FILE *f)
{
	fprintf(f, "usage: %s [-hjlpqrsVw] [-d code] [-f format] "
	    "[-g games] [file ...]\n", progname);
}

static void
help(void)
{
	usage(stdout);
	fputs("Check Quantum Tic-Tac-Toe game records; with no file, or"
	    " when file is -,\n"
	    "read standard input.\n"
	    "\n"
	    "  -d, --disable=CODE\n"
	    "                    do not show the warnings of CODE (a comma"
	    " list)\n"
	    "  -f, --format=FMT  input format: auto (default), line, yaml,"
	    " json, goff,\n"
	    "                    state\n"
	    "  -g, --games=LIST  check only these games of each input:"
	    " 3,5-7,10-\n"
	    "  -h, --help        show this help and exit\n"
	    "  -j, --json        diagnostics as JSON Lines on standard"
	    " output\n"
	    "  -l, --list        list the files whose valid records are"
	    " not in\n"
	    "                    canonical form\n"
	    "  -p, --print       print the valid records in canonical form"
	    " (a position\n"
	    "                    as its state string)\n"
	    "  -q, --quiet       print nothing about the games; the exit"
	    " status tells\n"
	    "  -r, --fix-result  correct a stated result that the game"
	    " does not reach\n"
	    "                    (with -p or -w)\n"
	    "  -s, --summary     print a summary line on standard error\n"
	    "  -V, --version     show the version and exit\n"
	    "  -w, --write       rewrite each file in place in canonical form,"
	    " unless\n"
	    "                    a record in it is invalid\n"
	    "\n"
	    "Exit status: 0 all valid, 1 some game invalid (or, with -l,"
	    " not in\n"
	    "canonical form), 2 usage or I/O error.\n", stdout);
	exit(finish_output() == 0 ? EXIT_VALID : EXIT_TROUBLE);
}

/*
 * Whether a valid record is written as its canonical form: the line
 * holds the canonical text and nothing else, and ends in a plain LF.
 */
static int
is_canonical(const struct qttt_record *rec, const struct qttt_game *g,
    const char *canon, int len)
{
	struct qttt_extras ex;
	char		*line = NULL;
	size_t		 n = 0;
	FILE		*f;
	int		 same;

	/* Only the line notation and state strings have a canonical text. */
	if (rec->text == NULL || (rec->format != QTTT_FORMAT_LINE &&
	    rec->format != QTTT_FORMAT_STATE))
		return 1;
	if (rec->textflags != 0)
		return 0;
	if (rec->has_start || !qttt_record_extras(rec))
		return rec->textlen == (size_t)len &&
		    memcmp(rec->text, canon, len) == 0;
	/* Tags, glyphs and comments: the line as the writer writes it. */
	qttt_extras_from_record(&ex, g, rec);
	ex.lead = NULL;
	if ((f = open_memstream(&line, &n)) == NULL)
		return 1;
	same = qttt_record_write(f, QTTT_FORMAT_LINE, g, &ex, NULL) == 0;
	same = fclose(f) == 0 && same && n == rec->textlen + 1 &&
	    memcmp(rec->text, line, n - 1) == 0;
	free(line);
	return same;
}

/*
 * With -r, whether a record's one fault is its stated result: it is
 * then written with the result the game reaches, after a note.
 */
static int
wrong_result_only(const struct qttt_record *rec)
{
	size_t	 i;

	if (rec->ndropped > 0 || rec->nerrors == 0)
		return 0;
	for (i = 0; i < rec->ndiags; i++)
		if (rec->diags[i].severity == QTTT_ERROR &&
		    rec->diags[i].code != QTTT_E_RESULT)
			return 0;
	return 1;
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

/* What a run of games comes to: an input, or a chunk of one. */
struct tally {
	struct counts	 c;
	unsigned long	 read;		/* games read, -g or not */
	int		 status;	/* EXIT_VALID or EXIT_INVALID */
	int		 noncanonical;	/* a valid record, not canonical */
};

/* What the games of an input are checked with, on every thread. */
struct run {
	const struct options	*o;
	const char		*name;
	FILE			*records;	/* -p, -w: where they go */
};

/*
 * Checks the games of r, writing to out and err (with job, a chunk's
 * streams, which par_sync() keeps in order), and counts them in t.
 * Returns what qttt_reader_next() returned last (0 at the end, -1 on
 * a read error, with the diagnostic in rec), or PAR_STOP if out
 * cannot be written.
 */
static int
check_games(const struct run *run, struct qttt_reader *r,
    struct qttt_record *rec, FILE *out, FILE *err, struct par_job *job,
    struct tally *t)
{
	const struct options *o = run->o;
	struct qttt_game game;
	const struct qttt_diag *d;
	char		 canon[QTTT_RECORD_MAX > QTTT_STATE_MAX ?
			    QTTT_RECORD_MAX : QTTT_STATE_MAX];
	char		 note[QTTT_MSG_MAX + 32];
	int		 k, len;

	/* par_more() may leave the rest of a chunk to the main thread. */
	while ((k = par_more(job) ? qttt_reader_next(r, rec) : 0) == 1) {
		t->read++;
		if (o->games != NULL &&
		    !qttt_ranges_has(&o->gameset, rec->index))
			continue;
		t->c.games++;
		if (run->records != NULL && !o->quiet)
			show_leadcut(err, run->name, rec);
		/* The game itself is only needed to write it out. */
		if (qttt_record_play(rec, run->records != NULL || o->list ?
		    &game : NULL) > 0 &&
		    !(o->fixresult && wrong_result_only(rec))) {
			t->c.invalid++;
			t->status = EXIT_INVALID;
			/* Its comment lines are not the record's fault. */
			if (run->records != NULL && rec->lead != NULL &&
			    (o->write || !o->quiet))
				fwrite(rec->lead, 1, rec->leadlen,
				    run->records);
			if (o->quiet)
				continue;
			if (!o->json)
				par_sync(job);
			t->c.diags += show_record_diags(o->json ? out : err,
			    run->name, rec, o->json);
		} else {
			t->c.valid++;
			/* A corrected result, and its warnings. */
			if (rec->ndiags > 0 && !o->quiet) {
				if (!o->json)
					par_sync(job);
				if (o->fixresult && rec->nerrors > 0) {
					d = rec->diags;
					while (d->code != QTTT_E_RESULT)
						d++;
					snprintf(note, sizeof(note), "result "
					    "corrected: %s", d->msg);
					show_note(o->json ? out : err,
					    run->name, rec, note, o->json);
				} else
					t->c.diags += show_record_diags(o->json
					    ? out : err, run->name, rec,
					    o->json);
			}
			if (run->records == NULL && !o->list)
				continue;
			if (run->records != NULL && (o->write || !o->quiet))
				print_record(run->records, rec, &game);
			len = rec->has_start ?
			    qttt_state_format(&game.state, canon, sizeof(canon)) :
			    qttt_game_format(&game, canon, sizeof(canon));
			if (o->list && !is_canonical(rec, &game, canon, len))
				t->noncanonical = 1;
		}
		if (ferror(out) || (run->records != NULL &&
		    ferror(run->records)))
			return PAR_STOP;
	}
	return k;
}

static void
check_chunk(const void *arg, struct par_job *job)
{
	struct qttt_record rec;

	if (check_games(arg, job->reader, &rec, job->out, job->err, job,
	    job->result) == PAR_STOP)
		job->failed = 1;
}

static void
add_tally(void *totals, const struct par_job *job)
{
	struct tally		*t = totals;
	const struct tally	*u = job->result;

	add_counts(&t->c, &u->c);
	t->read += u->read;
	if (u->status > t->status)
		t->status = u->status;
	t->noncanonical |= u->noncanonical;
}

static const struct par_tool check_tool = {
	sizeof(struct tally), 0, check_chunk, add_tally, NULL, NULL
};

/*
 * Validates one input.  Returns the exit status it deserves, or
 * EXIT_STOP if standard output cannot be written.
 */
/*
 * -w: the file a rewrite goes to, beside the one it replaces (the
 * target of a symbolic link), so that rename(2) can put it in place.
 */
struct rewrite {
	char	*target;		/* the file rewritten */
	char	 temp[PATH_MAX];
	FILE	*f;
};

static int
rewrite_open(struct rewrite *w, const char *path, int fd)
{
	struct stat	 st;
	const char	*slash;
	int		 tfd, n;

	w->f = NULL;
	if ((w->target = realpath(path, NULL)) == NULL ||
	    fstat(fd, &st) == -1) {
		fprintf(stderr, "%s: %s: %s\n", progname, path,
		    strerror(errno));
		free(w->target);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		fprintf(stderr, "%s: %s: not a regular file: not rewritten\n",
		    progname, path);
		free(w->target);
		return -1;
	}
	slash = strrchr(w->target, '/');
	n = snprintf(w->temp, sizeof(w->temp), "%.*s/.%s.XXXXXX",
	    (int)(slash - w->target), w->target, slash + 1);
	if (n < 0 || (size_t)n >= sizeof(w->temp) ||
	    (tfd = mkstemp(w->temp)) == -1) {
		fprintf(stderr, "%s: %s: cannot make a file beside it: %s\n",
		    progname, path, n < 0 || (size_t)n >= sizeof(w->temp) ?
		    strerror(ENAMETOOLONG) : strerror(errno));
		free(w->target);
		return -1;
	}
	if (fchmod(tfd, st.st_mode & 07777) == -1 ||
	    (w->f = fdopen(tfd, "w")) == NULL) {
		fprintf(stderr, "%s: %s: %s\n", progname, w->temp,
		    strerror(errno));
		close(tfd);
		unlink(w->temp);
		free(w->target);
		return -1;
	}
	return 0;
}

/* Whether two files hold the same bytes. */
static int
same_bytes(const char *a, const char *b)
{
	FILE	*fa, *fb;
	int	 ca, cb, same = 0;

	if ((fa = fopen(a, "r")) == NULL)
		return 0;
	if ((fb = fopen(b, "r")) != NULL) {
		do {
			ca = getc(fa);
			cb = getc(fb);
		} while (ca == cb && ca != EOF);
		same = ca == cb && !ferror(fa) && !ferror(fb);
		fclose(fb);
	}
	fclose(fa);
	return same;
}

/*
 * Ends a rewrite: puts the new file in place of the old if keep is
 * set and they differ, else removes it.  Returns 1 if the file was
 * replaced, 0 if not, -1 after a message if writing failed (the old
 * file is left as it was).
 */
static int
rewrite_close(struct rewrite *w, const char *path, int keep)
{
	int	 failed, replaced = 0;

	failed = fflush(w->f) == EOF || ferror(w->f) ||
	    fsync(fileno(w->f)) == -1;
	if (fclose(w->f) == EOF)
		failed = 1;
	if (failed)
		fprintf(stderr, "%s: %s: %s: not rewritten\n", progname, path,
		    strerror(errno));
	else if (keep && !same_bytes(w->temp, w->target)) {
		if (rename(w->temp, w->target) == -1) {
			fprintf(stderr, "%s: %s: %s: not rewritten\n",
			    progname, path, strerror(errno));
			failed = 1;
		} else
			replaced = 1;
	}
	if (!replaced)
		unlink(w->temp);
	free(w->target);
	return failed ? -1 : replaced;
}

static int
validate(const struct options *o, const char *path, struct counts *c)
{
	static struct qttt_record rec;
	struct qttt_reader *r;
	struct rewrite	 w;
	struct tally	 t;
	struct run	 run;
	const char	*text;
	size_t		 n;
	unsigned long	 cut;
	int		 fd, k = QTTT_SPLIT_NOT, s, other;

	run.o = o;
	run.name = input_name(path);
	run.records = o->print ? stdout : NULL;
	/* An input that cannot be read is no diagnostic: it has no game. */
	if ((r = open_reader(path, o->format, &fd)) == NULL)
		return EXIT_TROUBLE;
	if (o->write) {
		if (rewrite_open(&w, path, fd) == -1) {
			close_reader(r, fd);
			return EXIT_TROUBLE;
		}
		run.records = w.f;
	}
	memset(&t, 0, sizeof(t));
	/* Chunks leave comment lines out: -p and -w need them. */
	if (o->threads > 1 && run.records == NULL)
		k = par_input(r, &rec, o->threads, &check_tool, &run, &t);
	if (k == QTTT_SPLIT_NOT)
		k = check_games(&run, r, &rec, stdout, stderr, NULL, &t);
	if (k == 0 && run.records != NULL && (o->write || !o->quiet)) {
		n = qttt_reader_trailer(r, &text, &cut);
		if (text != NULL)
			fwrite(text, 1, n, run.records);
		if (cut > 0 && !o->quiet)
			fprintf(stderr, "%s: %s: warning: %lu comment line%s "
			    "at the end left out: more than %d bytes of them\n",
			    progname, run.name, cut, cut == 1 ? "" : "s",
			    QTTT_LEAD_MAX);
	}
	add_counts(c, &t.c);
	if (t.noncanonical) {
		t.status = EXIT_INVALID;
		if (!o->quiet)
			printf("%s\n", run.name);
	}
	if (k == PAR_STOP)
		t.status = EXIT_STOP;
	else if ((s = end_selection_as(run.name, k, &rec, t.read, o->games,
	    t.c.games, o->quiet, o->json)) != EXIT_VALID) {
		if (s == EXIT_INVALID && !o->quiet)
			c->diags++;	/* no-games */
		t.status = s;
	}
	if (o->write) {
		/*
		 * A file with an invalid record is left as it is, and so is
		 * one in a format that -w does not write (YAML, JSON, Goff).
		 */
		other = qttt_reader_format(r) != QTTT_FORMAT_LINE &&
		    qttt_reader_format(r) != QTTT_FORMAT_STATE;
		if (other && t.c.games > 0) {
			fprintf(stderr, "%s: %s: not rewritten: -w writes the "
			    "line notation and state strings only (qttt-convert "
			    "converts the others)\n", progname, run.name);
			t.status = EXIT_TROUBLE;
		} else if (t.status != EXIT_VALID && !o->quiet &&
		    k != PAR_STOP && t.c.games > 0)
			fprintf(stderr, "%s: %s: not rewritten: it holds "
			    "invalid records\n", progname, run.name);
		if (rewrite_close(&w, path, t.status == EXIT_VALID &&
		    k == 0) == -1) {
			c->diags++;
			t.status = EXIT_TROUBLE;
		}
		if (k == PAR_STOP)
			t.status = EXIT_TROUBLE;
	}
	close_reader(r, fd);
	if (ferror(stdout))
		t.status = EXIT_STOP;
	return t.status;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "disable",	required_argument,	NULL, 'd' },
		{ "format",	required_argument,	NULL, 'f' },
		{ "game",	required_argument,	NULL, 'g' },
		{ "games",	required_argument,	NULL, 'g' },
		{ "help",	no_argument,		NULL, 'h' },
		{ "json",	no_argument,		NULL, 'j' },
		{ "list",	no_argument,		NULL, 'l' },
		{ "print",	no_argument,		NULL, 'p' },
		{ "quiet",	no_argument,		NULL, 'q' },
		{ "fix-result",	no_argument,		NULL, 'r' },
		{ "summary",	no_argument,		NULL, 's' },
		{ "version",	no_argument,		NULL, 'V' },
		{ "write",	no_argument,		NULL, 'w' },
		{ NULL,		0,			NULL, 0 }
	};
	struct options	 o;
	struct counts	 c;
	int		 ch, status = EXIT_VALID, s, i;

	start_tool(argv[0]);
	/* getopt_long() names the program in its messages as argv[0]. */
	argv[0] = (char *)progname;
	memset(&o, 0, sizeof(o));
	memset(&c, 0, sizeof(c));
	o.threads = par_threads();
	while ((ch = getopt_long(argc, argv, "d:f:g:hjlpqrsVw", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'd':
			if ((s = disable_option(usage, optarg)) != 0)
				return s;
			break;
		case 'f':
			if ((s = format_option(usage, "", optarg,
			    &o.format)) != 0)
				return s;
			break;
		case 'g':
			if ((s = games_option(usage, optarg, &o.gameset,
			    &o.games)) != 0)
				return s;
			break;
		case 'h':
			help();
			break;
		case 'j':
			o.json = 1;
			break;
		case 'l':
			o.list = 1;
			break;
		case 'p':
			o.print = 1;
			break;
		case 'q':
			o.quiet = 1;
			break;
		case 'r':
			o.fixresult = 1;
			break;
		case 's':
			o.summary = 1;
			break;
		case 'V':
			print_version();
			break;
		case 'w':
			o.write = 1;
			break;
		default:
			usage(stderr);
			return EXIT_TROUBLE;
		}
	}
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
	if (o.write && o.games != NULL)
		return usage_error(usage, "%s", "-w rewrites whole files: "
		    "-g would leave games out");
	if (o.fixresult && !o.write && !o.print)
		return usage_error(usage, "%s", "-r corrects the records "
		    "that -p or -w write: give one of them");

	for (i = 0; i < (argc > 0 ? argc : 1); i++) {
		s = validate(&o, argc > 0 ? argv[i] : "-", &c);
		if (s == EXIT_STOP) {
			/* finish_output() says why. */
			finish_output();
			return EXIT_TROUBLE;
		}
		if (s > status)
			status = s;
	}

	if (o.summary && !o.quiet)
		fprintf(stderr, "%s: %lu %s, %lu valid, %lu invalid, %lu %s\n",
		    progname, c.games, plural(c.games, "game", "games"),
		    c.valid, c.invalid, c.diags,
		    plural(c.diags, "diagnostic", "diagnostics"));
	if (finish_output() != 0)
		return EXIT_TROUBLE;
	return status;
}
