/*
 * A tool's options as data (options.h): getopt_long()'s arrays, the
 * usage line, --help and the notes on old spellings.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "options.h"

/* What getopt_long() returns for an old long name: OLD_BASE + index. */
#define OLD_BASE	0x10000

/* What opt_next() reads argv with. */
struct opt_parser {
	const struct opt_tool *tool;
	char		 shorts[128];
	struct option	*longs;
};

/* The option an entry spells: itself, or the one an old name is of. */
static const struct opt *
spelled(const struct opt_tool *t, const struct opt *o)
{
	size_t	 i;

	if (o->flags == 0)
		return o;
	for (i = 0; i < t->nopts; i++)
		if (t->opts[i].flags == 0 && t->opts[i].ch == o->to)
			return &t->opts[i];
	return o;
}

static int
opt_begin(struct opt_parser *p, const struct opt_tool *t)
{
	const struct opt *o;
	size_t		 i, n = 0, k = 0;
	int		 arg;

	p->tool = t;
	if ((p->longs = calloc(t->nopts + 1, sizeof(*p->longs))) == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		return -1;
	}
	for (i = 0; i < t->nopts; i++) {
		o = &t->opts[i];
		arg = spelled(t, o)->arg != NULL;
		if (o->ch > 0 && o->ch < OPT_LONG &&
		    k + 3 < sizeof(p->shorts)) {
			p->shorts[k++] = (char)o->ch;
			if (arg)
				p->shorts[k++] = ':';
		}
		if (o->name == NULL)
			continue;
		p->longs[n].name = o->name;
		p->longs[n].has_arg = arg ? required_argument : no_argument;
		p->longs[n++].val = o->flags == OPT_OLD ? OLD_BASE + (int)i :
		    o->flags == OPT_ALSO ? o->to : o->ch;
	}
	p->shorts[k] = '\0';
	return 0;
}

static void
opt_end(struct opt_parser *p)
{
	free(p->longs);
	p->longs = NULL;
}

/* How an option is written: "-T, --type", "-t" or "--split". */
static void
put_spelling(FILE *f, const struct opt *o, int letter, int name)
{
	if (letter && o->ch > 0 && o->ch < OPT_LONG)
		fprintf(f, "-%c%s", o->ch, name && o->name != NULL ? ", " :
		    "");
	if (name && o->name != NULL)
		fprintf(f, "--%s", o->name);
}

static int
opt_next(struct opt_parser *p, int argc, char *argv[])
{
	const struct opt_tool *t = p->tool;
	const struct opt *o = NULL;
	size_t		 i;
	int		 ch;

	/* -h and -V are in every tool (OPT_HELP, OPT_VERSION). */
	ch = getopt_long(argc, argv, p->shorts, p->longs, NULL);
	if (ch == 'h')
		opt_help(t);
	if (ch == 'V')
		print_version();
	if (ch == '?' || ch == ':') {
		opt_usage(stderr, t);
		return '?';
	}
	if (ch >= OLD_BASE)
		o = &t->opts[ch - OLD_BASE];
	else
		for (i = 0; i < t->nopts && ch > 0; i++)
			if (t->opts[i].ch == ch && t->opts[i].flags == OPT_OLD)
				o = &t->opts[i];
	if (o == NULL)
		return ch;
	fprintf(stderr, "%s: note: ", progname);
	put_spelling(stderr, o, ch < OLD_BASE, ch >= OLD_BASE);
	fputs(" is an old spelling of ", stderr);
	put_spelling(stderr, spelled(t, o), 1, 1);
	fputc('\n', stderr);
	return o->to;
}

/* Whether an option is a flag of the usage line's first group. */
static int
is_flag(const struct opt *o)
{
	return o->flags == 0 && o->arg == NULL && o->ch < OPT_LONG;
}

/* The order of the usage line: by letter, A before a, long names last. */
static int
usage_order(const void *a, const void *b)
{
	const struct opt *x = *(const struct opt *const *)a;
	const struct opt *y = *(const struct opt *const *)b;
	int	 cx = x->ch < OPT_LONG ? x->ch : 0x7f;
	int	 cy = y->ch < OPT_LONG ? y->ch : 0x7f;
	int	 lx = cx | 0x20, ly = cy | 0x20;

	if (lx != ly)
		return lx - ly;
	if (cx != cy)
		return cx - cy;
	return x->name != NULL && y->name != NULL ?
	    strcmp(x->name, y->name) : 0;
}

/* Writes an item of the usage line, wrapping it; *col is the column. */
static void
put_item(FILE *f, const char *item, size_t *col)
{
	size_t	 len = strlen(item);

	if (*col + 1 + len > 72) {
		fputs("\n\t", f);
		*col = 8;
	} else {
		fputc(' ', f);
		(*col)++;
	}
	fputs(item, f);
	*col += len;
}

/* A tool's options, but the old spellings, in the usage line's order. */
static size_t
sort_options(const struct opt_tool *t, const struct opt **sorted, size_t max)
{
	size_t	 i, n = 0;

	for (i = 0; i < t->nopts && n < max; i++)
		if (t->opts[i].flags == 0)
			sorted[n++] = &t->opts[i];
	qsort(sorted, n, sizeof(sorted[0]), usage_order);
	return n;
}

void
opt_usage(FILE *f, const struct opt_tool *t)
{
	const struct opt *sorted[128];
	char		 item[128];
	const char	*m, *nl;
	size_t		 i, n, k, col;

	n = sort_options(t, sorted, NVALUES(sorted));
	fprintf(f, "usage: %s", progname);
	col = 7 + strlen(progname);
	item[0] = '[';
	item[1] = '-';
	for (i = 0, k = 2; i < n; i++)
		if (is_flag(sorted[i]) && k + 2 < sizeof(item))
			item[k++] = (char)sorted[i]->ch;
	if (k > 2) {
		item[k++] = ']';
		item[k] = '\0';
		put_item(f, item, &col);
	}
	for (i = 0; i < n; i++) {
		if (is_flag(sorted[i]))
			continue;
		if (sorted[i]->ch < OPT_LONG)
			snprintf(item, sizeof(item), "[-%c%s%s]", sorted[i]->ch,
			    sorted[i]->arg != NULL ? " " : "",
			    sorted[i]->arg != NULL ? sorted[i]->arg : "");
		else
			snprintf(item, sizeof(item), "[--%s%s%s]",
			    sorted[i]->name, sorted[i]->arg != NULL ? " " : "",
			    sorted[i]->arg != NULL ? sorted[i]->arg : "");
		put_item(f, item, &col);
	}
	if (t->operands != NULL)
		put_item(f, t->operands, &col);
	fputc('\n', f);
	for (m = t->more; m != NULL && *m != '\0'; m = nl + 1) {
		if ((nl = strchr(m, '\n')) == NULL)
			nl = m + strlen(m);
		fprintf(f, "       %s %.*s\n", progname, (int)(nl - m), m);
		if (*nl == '\0')
			break;
	}
}

/*
 * The left of an option's line in --help, "  -T, --type=TYPE", into
 * buf (size bytes, cut short if need be).  Returns its length.
 */
static size_t
help_left(char *buf, size_t size, const struct opt *o)
{
	size_t	 n, i;

	if (o->ch < OPT_LONG)
		n = snprintf(buf, size, "  -%c%s%s", o->ch, o->name != NULL ?
		    ", --" : "", o->name != NULL ? o->name : "");
	else
		n = snprintf(buf, size, "      --%s", o->name);
	if (o->arg != NULL && n < size) {
		i = n + 1;
		n += snprintf(buf + n, size - n, "=%s", o->arg);
		for (; i < n && i < size; i++)
			if (buf[i] >= 'a' && buf[i] <= 'z')
				buf[i] += 'A' - 'a';
	}
	return n < size ? n : size - 1;
}

void
opt_help(const struct opt_tool *t)
{
	const struct opt *sorted[128], *o;
	const char	*h, *nl;
	char		 left[128];
	size_t		 i, n, w, col = 0;

	opt_usage(stdout, t);
	fputs(t->about, stdout);
	putchar('\n');
	n = sort_options(t, sorted, NVALUES(sorted));
	for (i = 0; i < n; i++)
		if ((w = help_left(left, sizeof(left), sorted[i]) + 2) > col &&
		    w <= 26)
			col = w;
	for (i = 0; i < n; i++) {
		o = sorted[i];
		w = help_left(left, sizeof(left), o);
		fputs(left, stdout);
		for (h = o->help; ; h = nl + 1) {
			if (w >= col) {
				putchar('\n');
				w = 0;
			}
			printf("%*s", (int)(col - w), "");
			if ((nl = strchr(h, '\n')) == NULL)
				nl = h + strlen(h);
			printf("%.*s\n", (int)(nl - h), h);
			w = 0;
			if (*nl == '\0')
				break;
		}
	}
	for (i = 0; i < t->nopts && t->opts[i].flags != OPT_OLD; i++)
		continue;
	if (i < t->nopts) {
		fputs("\nOld spellings, still taken with a note:", stdout);
		for (i = 0; i < t->nopts; i++) {
			if (t->opts[i].flags != OPT_OLD)
				continue;
			putchar(' ');
			put_spelling(stdout, &t->opts[i], 1, 1);
		}
		putchar('\n');
	}
	if (t->after != NULL) {
		putchar('\n');
		fputs(t->after, stdout);
	}
	exit(finish_output() == 0 ? EXIT_VALID : EXIT_TROUBLE);
}

int
opt_parse(const struct opt_tool *t, int argc, char *argv[],
    int (*take)(void *, int, const char *), void *arg)
{
	struct opt_parser p;
	int		 ch, s = 0;

	if (opt_begin(&p, t) == -1)
		return EXIT_TROUBLE;
	while (s == 0 && (ch = opt_next(&p, argc, argv)) != -1)
		s = ch == '?' ? EXIT_TROUBLE : take(arg, ch, optarg);
	opt_end(&p);
	return s;
}
