/*
 * What the front ends share.
 */
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "qttt.h"
#include "common.h"

const char *progname = "qttt";

void
setprogname_from(const char *argv0)
{
	const char	*p;

	if (argv0 == NULL || *argv0 == '\0')
		return;
	p = strrchr(argv0, '/');
	progname = p != NULL ? p + 1 : argv0;
}

void
start_tool(char *argv[])
{
	int	 fd;

	setprogname_from(argv[0]);
	if (argv[0] != NULL)
		argv[0] = (char *)progname;
	/*
	 * A descriptor of the three that is closed gets /dev/null, open
	 * the wrong way round: reading a closed standard input, or
	 * writing a closed standard output, fails as it would have (EBADF),
	 * and no file the tool opens can take its number (a file opened
	 * as descriptor 0 would be read as "-" too).
	 */
	for (fd = STDIN_FILENO; fd <= STDERR_FILENO; fd++)
		if (fcntl(fd, F_GETFD) == -1 && errno == EBADF &&
		    open("/dev/null", fd == STDIN_FILENO ? O_WRONLY :
		    O_RDONLY) != fd)
			break;
}

void
print_version(void)
{
	printf("%s %s\n", progname, QTTT_VERSION);
	exit(finish_output() == 0 ? EXIT_SUCCESS : EXIT_TROUBLE);
}

int
lookup_name(const struct name_value *names, size_t n, const char *s)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		if (strcmp(s, names[i].name) == 0)
			return names[i].value;
	return -1;
}

/*
 * The names of the record formats, as -f and -t take them: every
 * format by its name, and the names of its files' extensions.
 */
static const struct name_value format_names[] = {
	{ "auto", QTTT_FORMAT_AUTO }, { "line", QTTT_FORMAT_LINE },
	{ "qttt", QTTT_FORMAT_LINE }, { "text", QTTT_FORMAT_LINE },
	{ "txt", QTTT_FORMAT_LINE }, { "yaml", QTTT_FORMAT_YAML },
	{ "yml", QTTT_FORMAT_YAML }, { "json", QTTT_FORMAT_YAML },
	{ "jsonl", QTTT_FORMAT_YAML }, { "goff", QTTT_FORMAT_GOFF },
	{ "state", QTTT_FORMAT_STATE },
};

int
parse_format(const char *s)
{
	return lookup_name(format_names, NVALUES(format_names), s);
}

static int
parse_one(const char *s, size_t len, unsigned long *v)
{
	char		 buf[24];
	unsigned long long n;

	if (len == 0 || len >= sizeof(buf))
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (parse_number(buf, 0, 1000000000000ULL, &n) == -1)
		return -1;
	*v = n;
	return 0;
}

int
parse_ranges(const char *s, struct ranges *r)
{
	const char	*end, *dash;
	size_t		 len;

	r->n = 0;
	for (;;) {
		end = strchr(s, ',');
		len = end != NULL ? (size_t)(end - s) : strlen(s);
		if (r->n == MAXRANGES || len == 0)
			return -1;
		dash = memchr(s, '-', len);
		if (dash == NULL) {
			if (parse_one(s, len, &r->lo[r->n]) == -1)
				return -1;
			r->hi[r->n] = r->lo[r->n];
		} else {
			if (dash == s)
				r->lo[r->n] = 0;
			else if (parse_one(s, dash - s, &r->lo[r->n]) == -1)
				return -1;
			if (dash == s + len - 1)
				r->hi[r->n] = (unsigned long)-1;
			else if (parse_one(dash + 1, s + len - dash - 1,
			    &r->hi[r->n]) == -1)
				return -1;
			if (len == 1 || r->lo[r->n] > r->hi[r->n])
				return -1;
		}
		r->n++;
		if (end == NULL)
			return 0;
		s = end + 1;
	}
}

int
in_ranges(const struct ranges *r, unsigned long v)
{
	size_t	 i;

	for (i = 0; i < r->n; i++)
		if (v >= r->lo[i] && v <= r->hi[i])
			return 1;
	return 0;
}

int
parse_games(const char *s, struct ranges *r)
{
	size_t	 i;

	if (parse_ranges(s, r) == -1)
		return -1;
	for (i = 0; i < r->n; i++)
		if (r->hi[i] == 0)
			return -1;	/* games are numbered from 1 */
	return 0;
}

unsigned long
ranges_last(const struct ranges *r)
{
	unsigned long	 last = 0;
	size_t		 i;

	for (i = 0; i < r->n; i++)
		if (r->hi[i] > last)
			last = r->hi[i];
	return last;
}

int
parse_target(const char *s)
{
	static const struct name_value names[] = {
		{ "line", TO_LINE }, { "text", TO_LINE }, { "txt", TO_LINE },
		{ "qttt", TO_LINE }, { "yaml", TO_YAML }, { "yml", TO_YAML },
		{ "json", TO_JSON }, { "jsonl", TO_JSON }, { "goff", TO_GOFF },
	};

	return lookup_name(names, NVALUES(names), s);
}

int
write_record(enum target to, const struct qttt_game *g,
    const struct qttt_extras *ex, char *why, size_t n)
{
	int	 k;

	if (to != TO_GOFF && qttt_extras_check(ex, g->nplies, why, n) == -1)
		return -2;
	switch (to) {
	case TO_YAML:
		if ((k = qttt_yaml_write(stdout, g, ex)) == -2)
			snprintf(why, n, "longer than a YAML document may be "
			    "(%d bytes)", QTTT_YAML_DOC_MAX);
		return k;
	case TO_JSON:
		if ((k = qttt_json_write(stdout, g, ex)) == -2)
			snprintf(why, n, "longer than a JSON line may be "
			    "(%d bytes)", QTTT_LINE_MAX);
		return k;
	case TO_GOFF:
		return qttt_goff_write(stdout, g);
	default:
		if ((k = qttt_line_write(stdout, g, ex)) == -2)
			snprintf(why, n, "a line longer than the line notation "
			    "allows (%d bytes)", QTTT_LINE_MAX);
		return k;
	}
}

int
write_lead(enum target to, const char *text, size_t len)
{
	if (text == NULL || len == 0)
		return 0;
	if (to == TO_JSON || to == TO_GOFF)
		return 1;
	fwrite(text, 1, len, stdout);
	return ferror(stdout) ? -1 : 0;
}

int
parse_number(const char *s, unsigned long long lo, unsigned long long hi,
    unsigned long long *v)
{
	char	*end;

	/* strtoull() would take blanks, a sign, and "-1" as a huge one. */
	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	*v = strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0' || *v < lo || *v > hi)
		return -1;
	return 0;
}

int
usage_error(void (*usage)(FILE *), const char *fmt, ...)
{
	va_list	 ap;

	fprintf(stderr, "%s: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	usage(stderr);
	return EXIT_TROUBLE;
}

int
format_option(void (*usage)(FILE *), const char *what, const char *arg,
    enum qttt_format *format)
{
	int	 v;

	if ((v = parse_format(arg)) == -1)
		return usage_error(usage, "unknown %sformat '%s': it is one "
		    "of " FORMAT_NAMES, what, arg);
	*format = v;
	return 0;
}

int
games_option(void (*usage)(FILE *), const char *arg, struct ranges *r,
    const char **games)
{
	if (parse_games(arg, r) == -1)
		return usage_error(usage, "-g: not game numbers or ranges (1 "
		    "or more): %s", arg);
	*games = arg;
	return 0;
}

int
open_input(const char *path)
{
	int	 fd;

	if (strcmp(path, "-") == 0)
		return STDIN_FILENO;
	if ((fd = open(path, O_RDONLY)) == -1)
		warn_name(path, "%s", strerror(errno));
	return fd;
}

void
close_input(int fd)
{
	if (fd != STDIN_FILENO)
		close(fd);
}

const char *
input_name(const char *path)
{
	return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

struct qttt_reader *
open_reader(const char *path, enum qttt_format format, int *fd)
{
	struct qttt_reader *r;

	if ((*fd = open_input(path)) == -1)
		return NULL;
	if ((r = qttt_reader_open(*fd, format)) == NULL) {
		warn_name(input_name(path), "out of memory");
		close_input(*fd);
	}
	return r;
}

void
close_reader(struct qttt_reader *r, int fd)
{
	qttt_reader_close(r);
	close_input(fd);
}

int
end_input(const char *name, int k, const struct qttt_record *rec,
    unsigned long games, int quiet, int json)
{
	if (k == -1) {
		warn_name(name, "%s", rec->ndiags > 0 ? rec->diags[0].msg :
		    "read error");
		return EXIT_TROUBLE;
	}
	if (games > 0)
		return EXIT_VALID;
	/* An empty input is almost always a mistake upstream. */
	if (!quiet)
		show_input_diag(json ? stdout : stderr, name, QTTT_E_EMPTY,
		    "no game in the input", json);
	return EXIT_INVALID;
}

int
starts_game(const struct qttt_record *rec, unsigned long prev)
{
	return rec->format != QTTT_FORMAT_STATE || rec->game == 0 ||
	    rec->index != prev;
}

int
end_selection(const char *name, int k, const struct qttt_record *rec,
    unsigned long games, const char *sel, unsigned long shown, int quiet)
{
	char	 msg[96];

	if (k == -1 || games == 0)
		return end_input(name, k, rec, games, quiet, 0);
	if (sel == NULL || shown > 0)
		return EXIT_VALID;
	if (!quiet) {
		snprintf(msg, sizeof(msg), "no game %.32s in the input, "
		    "which holds %lu", sel, games);
		show_input_diag(stderr, name, QTTT_E_EMPTY, msg, 0);
	}
	return EXIT_INVALID;
}

static const char *
severity_name(enum qttt_severity s)
{
	return s == QTTT_WARNING ? "warning" : "error";
}

/*
 * A source line is shown whole up to SHOW_WHOLE bytes (longer than any
 * valid record), else as EXCERPT bytes around the caret.
 */
#define SHOW_WHOLE	256
#define EXCERPT		100
/* Tab stops, for columns and carets: every 8 columns, as GCC's. */
#define TABSTOP		8

/*
 * Whether a character is safe to show on a terminal: not a control
 * character (C0, DEL, C1), and not one of the invisible characters
 * that reorder or hide text (bidirectional controls, zero-width
 * characters, the byte-order mark), and not a noncharacter (U+FFFE,
 * U+FFFF).
 */
static int
visible(unsigned long cp)
{
	if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0))
		return 0;
	if (cp == 0x61c || (cp >= 0x200b && cp <= 0x200f) ||
	    (cp >= 0x2028 && cp <= 0x202e) ||
	    (cp >= 0x2060 && cp <= 0x2069) || cp == 0xfeff ||
	    (cp >= 0xfff9 && cp <= 0xfffb) || cp == 0xfffe || cp == 0xffff)
		return 0;
	return 1;
}

/*
 * How many columns a visible character takes on a terminal: none for a
 * combining mark, two for an East Asian wide or full-width character
 * (and the emoji shown so), one for the rest.  Not every range of
 * Unicode, but those a record or a file name is likely to hold.
 */
static int
char_width(unsigned long cp)
{
	static const unsigned long zero[][2] = {
		{ 0x300, 0x36f }, { 0x483, 0x489 }, { 0x591, 0x5bd },
		{ 0x1ab0, 0x1aff }, { 0x1dc0, 0x1dff }, { 0x20d0, 0x20ff },
		{ 0xfe00, 0xfe0f }, { 0xfe20, 0xfe2f }
	};
	static const unsigned long wide[][2] = {
		{ 0x1100, 0x115f }, { 0x2e80, 0x303e }, { 0x3041, 0x33ff },
		{ 0x3400, 0x4dbf }, { 0x4e00, 0x9fff }, { 0xa000, 0xa4cf },
		{ 0xac00, 0xd7a3 }, { 0xf900, 0xfaff }, { 0xfe30, 0xfe4f },
		{ 0xff00, 0xff60 }, { 0xffe0, 0xffe6 }, { 0x1f300, 0x1f64f },
		{ 0x1f900, 0x1f9ff }, { 0x20000, 0x2fffd },
		{ 0x30000, 0x3fffd }
	};
	size_t	 i;

	if (cp < 0x300)
		return 1;
	for (i = 0; i < NVALUES(zero); i++)
		if (cp >= zero[i][0] && cp <= zero[i][1])
			return 0;
	for (i = 0; i < NVALUES(wide); i++)
		if (cp >= wide[i][0] && cp <= wide[i][1])
			return 2;
	return 1;
}

/*
 * The character at s[i] (i < len): returns its length in bytes, sets
 * *shown if it may be printed as it is, and *width to the columns it
 * takes as shown (a tab: 0, its caller knows where the stop is).  An
 * invalid UTF-8 byte is a character of one byte that is not shown; a
 * character not shown is one '?'.
 */
static size_t
char_at(const unsigned char *s, size_t len, size_t i, int *shown,
    int *width)
{
	unsigned long	 cp;
	size_t		 k, j;

	*width = 1;
	if (s[i] < 0x80) {
		*shown = s[i] == '\t' || visible(s[i]);
		if (s[i] == '\t')
			*width = 0;
		return 1;
	}
	if ((k = qttt_utf8_len(s + i, len - i)) == 0) {
		*shown = 0;
		return 1;
	}
	cp = s[i] & (0x7f >> k);
	for (j = 1; j < k; j++)
		cp = cp << 6 | (s[i + j] & 0x3f);
	if ((*shown = visible(cp)))
		*width = char_width(cp);
	return k;
}

/* The column a character of width w (0: a tab) moves col to. */
static unsigned long
advance(unsigned long col, int w)
{
	return w == 0 ? (col / TABSTOP + 1) * TABSTOP : col + w;
}

/*
 * Writes len bytes of text, each character that is not safe to show
 * (see visible(); invalid UTF-8 too) as one '?'.
 */
static void
put_text(FILE *f, const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t		 i, k;
	int		 shown, w;

	for (i = 0; i < len; i += k) {
		k = char_at(s, len, i, &shown, &w);
		if (shown)
			fwrite(s + i, 1, k, f);
		else
			putc('?', f);
	}
}

void
put_name(FILE *f, const char *name)
{
	const unsigned char *s = (const unsigned char *)name;
	size_t		 len = strlen(name), i, j, k;
	int		 shown, w;

	for (i = 0; i < len; i += k) {
		k = char_at(s, len, i, &shown, &w);
		if (shown && s[i] != '\t')
			fwrite(s + i, 1, k, f);
		else if (s[i] == '\n')
			fputs("\\n", f);
		else if (s[i] == '\t')
			fputs("\\t", f);
		else if (s[i] == '\r')
			fputs("\\r", f);
		else
			for (j = 0; j < k; j++)
				fprintf(f, "\\x%02x", s[i + j]);
	}
}

/*
 * How columns are counted (QTTT_COLUMN_UNIT): 1 for bytes, 0 for the
 * columns of a terminal, the default.
 */
static int
column_bytes(void)
{
	static int	 unit = -1;
	const char	*s;

	if (unit != -1)
		return unit;
	unit = 0;
	if ((s = getenv("QTTT_COLUMN_UNIT")) == NULL || *s == '\0' ||
	    strcmp(s, "display") == 0)
		return unit;
	if (strcmp(s, "byte") == 0)
		unit = 1;
	else
		fprintf(stderr, "%s: QTTT_COLUMN_UNIT=%s is neither display "
		    "nor byte: columns are display columns\n", progname, s);
	return unit;
}

/*
 * The column of byte col of a line (0-based, either): the display
 * column, where each character takes the columns it takes on a
 * terminal as the diagnostic shows it (a tab moves to the next tab
 * stop), or col itself if columns count bytes.
 */
static unsigned long
display_column(const char *text, size_t len, unsigned long col)
{
	const unsigned char *s = (const unsigned char *)text;
	unsigned long	 c = 0;
	size_t		 i, k;
	int		 shown, w;

	if (column_bytes())
		return col;
	for (i = 0; i < len && i < col; i += k) {
		k = char_at(s, len, i, &shown, &w);
		c = advance(c, w);
	}
	return i < col ? c + (col - i) : c;
}

/*
 * Shows the source line and a caret under byte col: as many columns
 * before it as the characters before it take, tabs copied to the
 * caret line so that it lines up.  A long line is cut to about EXCERPT
 * bytes around col, on character boundaries, with "..." where it was
 * cut; more says that the line goes on beyond text (an over-long
 * line).
 */
static void
show_source(FILE *f, const char *text, size_t len, unsigned long col,
    int more)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t		 from = 0, to = len, i, k;
	int		 shown, w;

	if (col > len)
		col = len;
	if (len > SHOW_WHOLE) {
		from = col > EXCERPT / 2 ? col - EXCERPT / 2 : 0;
		to = from + EXCERPT < len ? from + EXCERPT : len;
		/* A character has at most three continuation bytes. */
		for (k = 0; k < 3 && from > 0 && (s[from] & 0xc0) == 0x80; k++)
			from--;
		for (k = 0; k < 3 && to < len && (s[to] & 0xc0) == 0x80; k++)
			to++;
	}
	fputs(from > 0 ? "..." : "", f);
	put_text(f, text + from, to - from);
	fputs(to < len || more ? "...\n" : "\n", f);
	fputs(from > 0 ? "   " : "", f);
	for (i = from; i < col; i += k) {
		k = char_at(s, len, i, &shown, &w);
		if (w == 0)
			putc('\t', f);
		else
			fputs(w == 2 ? "  " : w == 1 ? " " : "", f);
	}
	fputs("^\n", f);
}

/*
 * The source text of input line `line` in a record: its text starts
 * at its first line and may run over several (YAML and JSON).
 * Returns 0 if the record has no text for that line.
 */
static int
source_line(const struct qttt_record *rec, unsigned long line,
    const char **text, size_t *len)
{
	const char	*p, *end, *nl;
	unsigned long	 k;

	if (rec == NULL || rec->text == NULL || line < rec->line)
		return 0;
	p = rec->text;
	end = p + rec->textlen;
	for (k = rec->line; k < line; k++) {
		if ((nl = memchr(p, '\n', end - p)) == NULL || nl + 1 == end)
			return 0;
		p = nl + 1;
	}
	nl = memchr(p, '\n', end - p);
	*text = p;
	*len = (nl != NULL ? nl : end) - p;
	return 1;
}

/* The 0-based column of a diagnostic, as shown (see display_column). */
static unsigned long
diag_column(const struct qttt_record *rec, const struct qttt_diag *d)
{
	const char	*text;
	size_t		 len;

	if (!source_line(rec, d->line, &text, &len))
		return d->col;
	return display_column(text, len, d->col);
}

void
show_diag(FILE *f, const char *file, const struct qttt_record *rec,
    const struct qttt_diag *d)
{
	FILE		*m;
	char		*buf = NULL;
	const char	*text;
	size_t		 len, size;

	/*
	 * stderr is unbuffered, and the excerpt goes out a character at
	 * a time: compose the diagnostic first and write it at once, or
	 * a file of noise costs a system call per byte.
	 */
	if ((m = open_memstream(&buf, &size)) == NULL)
		m = f;
	put_name(m, file);
	fprintf(m, ":%lu:%lu: %s: ", d->line + 1, diag_column(rec, d) + 1,
	    severity_name(d->severity));
	put_text(m, d->msg, strlen(d->msg));
	fprintf(m, " [%s]\n", qttt_code_name(d->code));
	if (source_line(rec, d->line, &text, &len))
		show_source(m, text, len, d->col,
		    d->code == QTTT_E_LONGLINE);
	if (m != f) {
		if (fclose(m) == 0)
			fwrite(buf, 1, size, f);
		free(buf);
	}
}

void
show_line_msg(FILE *f, const char *file, unsigned long line,
    const char *what, const char *fmt, ...)
{
	va_list	 ap;

	put_name(f, file);
	fprintf(f, ":%lu: %s: ", line + 1, what);
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	putc('\n', f);
}

void
show_leadcut(FILE *f, const char *file, const struct qttt_record *rec)
{
	if (rec->leadcut > 0)
		show_line_msg(f, file, rec->line, "warning", "%lu comment "
		    "line%s before this game left out: more than %d bytes of "
		    "them", rec->leadcut, rec->leadcut == 1 ? "" : "s",
		    QTTT_LEAD_MAX);
}

void
warn_name(const char *name, const char *fmt, ...)
{
	va_list	 ap;

	fprintf(stderr, "%s: ", progname);
	put_name(stderr, name);
	fputs(": ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	putc('\n', stderr);
}

void
show_diag_json(FILE *f, const char *file, const struct qttt_record *rec,
    const struct qttt_diag *d)
{
	fputs("{\"file\":", f);
	qttt_json_string(f, file, strlen(file));
	if (rec != NULL)
		fprintf(f, ",\"game\":%lu", rec->index);
	else
		fputs(",\"game\":null", f);
	fprintf(f, ",\"line\":%lu,\"column\":%lu,\"byte_column\":%lu,"
	    "\"severity\":\"%s\",\"code\":\"%s\",\"message\":",
	    d->line + 1, diag_column(rec, d) + 1, d->col + 1,
	    severity_name(d->severity), qttt_code_name(d->code));
	qttt_json_string(f, d->msg, strlen(d->msg));
	fputs("}\n", f);
}

void
show_note(FILE *f, const char *file, const struct qttt_record *rec,
    const char *msg, int json)
{
	if (!json) {
		show_line_msg(f, file, rec->line, "note", "%s", msg);
		return;
	}
	fputs("{\"file\":", f);
	qttt_json_string(f, file, strlen(file));
	fprintf(f, ",\"game\":%lu,\"line\":%lu,\"column\":null,"
	    "\"byte_column\":null,\"severity\":\"note\",\"code\":null,"
	    "\"message\":", rec->index, rec->line + 1);
	qttt_json_string(f, msg, strlen(msg));
	fputs("}\n", f);
}

/* The codes turned off (-d): warnings only. */
static unsigned char disabled[QTTT__NCODES];

static int
disable_codes(const char *list)
{
	const char	*end;
	size_t		 len;
	int		 code;

	for (;;) {
		end = strchr(list, ',');
		len = end != NULL ? (size_t)(end - list) : strlen(list);
		for (code = 0; code < QTTT__NCODES; code++)
			if (strlen(qttt_code_name(code)) == len &&
			    strncmp(qttt_code_name(code), list, len) == 0)
				break;
		/* An error turned off would pass an invalid game. */
		if (code == QTTT__NCODES ||
		    qttt_code_severity(code) != QTTT_WARNING)
			return -1;
		disabled[code] = 1;
		if (end == NULL)
			return 0;
		list = end + 1;
	}
}

int
disable_option(void (*usage)(FILE *), const char *arg)
{
	if (disable_codes(arg) == -1)
		return usage_error(usage, "-d %s: -d takes the codes of "
		    "warnings: " WARNING_NAMES, arg);
	return 0;
}

size_t
show_record_diags(FILE *f, const char *file, const struct qttt_record *rec,
    int json)
{
	char	 msg[64];
	size_t	 i, n = 0;

	for (i = 0; i < rec->ndiags; i++) {
		if ((unsigned)rec->diags[i].code < QTTT__NCODES &&
		    disabled[rec->diags[i].code])
			continue;
		n++;
		if (json)
			show_diag_json(f, file, rec, &rec->diags[i]);
		else
			show_diag(f, file, rec, &rec->diags[i]);
	}
	if (rec->ndropped > 0) {
		snprintf(msg, sizeof(msg), "%zu more %s in this game not "
		    "shown", rec->ndropped, rec->ndropped == 1 ? "problem" :
		    "problems");
		show_note(f, file, rec, msg, json);
	}
	return n + rec->ndropped;
}

void
show_input_diag(FILE *f, const char *file, enum qttt_code code,
    const char *msg, int json)
{
	struct qttt_diag d;

	memset(&d, 0, sizeof(d));
	d.code = code;
	d.severity = qttt_code_severity(code);
	snprintf(d.msg, sizeof(d.msg), "%s", msg);
	if (json)
		show_diag_json(f, file, NULL, &d);
	else
		show_diag(f, file, NULL, &d);
}

int
finish_output(void)
{
	int	 bad;

	bad = fflush(stdout) == EOF || ferror(stdout);
	if (fclose(stdout) == EOF)
		bad = 1;
	if (bad) {
		fprintf(stderr, "%s: write error: %s\n", progname,
		    errno != 0 ? strerror(errno) : "unknown error");
		return -1;
	}
	return 0;
}
