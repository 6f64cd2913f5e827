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
 * The names of the record formats, as -f and -T take them: every
 * format by its name, and the names of its files' extensions.  -T takes
 * all but the first and the last (TARGETS).
 */
static const struct name_value format_names[] = {
	{ "auto", QTTT_FORMAT_AUTO }, { "line", QTTT_FORMAT_LINE },
	{ "qttt", QTTT_FORMAT_LINE }, { "text", QTTT_FORMAT_LINE },
	{ "txt", QTTT_FORMAT_LINE }, { "yaml", QTTT_FORMAT_YAML },
	{ "yml", QTTT_FORMAT_YAML }, { "json", QTTT_FORMAT_JSON },
	{ "jsonl", QTTT_FORMAT_JSON }, { "goff", QTTT_FORMAT_GOFF },
	{ "state", QTTT_FORMAT_STATE },
};
#define TARGETS		(format_names + 1)
#define NTARGETS	(NVALUES(format_names) - 2)

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

/* Appends s to buf (size bytes) at *len, cut short if it does not fit. */
static void
append(char *buf, size_t size, size_t *len, const char *s)
{
	size_t	 n = strlen(s);

	if (*len + n >= size)
		n = size - 1 - *len;
	memcpy(buf + *len, s, n);
	*len += n;
	buf[*len] = '\0';
}

/* Whether names[i] is the first name of its value. */
static int
first_name(const struct name_value *names, size_t i)
{
	size_t	 j;

	for (j = 0; j < i; j++)
		if (names[j].value == names[i].value)
			return 0;
	return 1;
}

/*
 * The names of a table as a message lists them: each value by its first
 * name, its other names after it in parentheses, "or" before the last:
 * "text, json or yaml (yml)".
 */
static void
list_names(char *buf, size_t size, const struct name_value *names,
    size_t n)
{
	size_t	 i, j, len = 0, groups = 0, k = 0, others;

	buf[0] = '\0';
	for (i = 0; i < n; i++)
		groups += first_name(names, i);
	for (i = 0; i < n; i++) {
		if (!first_name(names, i))
			continue;
		if (k++ > 0)
			append(buf, size, &len, k == groups ? " or " : ", ");
		append(buf, size, &len, names[i].name);
		for (j = i + 1, others = 0; j < n; j++)
			if (names[j].value == names[i].value) {
				append(buf, size, &len, others++ == 0 ? " (" :
				    ", ");
				append(buf, size, &len, names[j].name);
			}
		if (others > 0)
			append(buf, size, &len, ")");
	}
}

/*
 * A name of the table into *v, or a usage error naming what it is,
 * with a note after the names ("" for none).
 */
static int
name_option(void (*usage)(FILE *), const char *what,
    const struct name_value *names, size_t n, const char *arg, int *v,
    const char *note)
{
	char	 list[256];

	if ((*v = lookup_name(names, n, arg)) != -1)
		return 0;
	list_names(list, sizeof(list), names, n);
	return usage_error(usage, "unknown %s '%s': it is one of %s%s", what,
	    arg, list, note);
}

int
format_option(void (*usage)(FILE *), const char *arg,
    enum qttt_format *format)
{
	int	 v, s;

	if ((s = name_option(usage, "input format", format_names,
	    NVALUES(format_names), arg, &v, "")) == 0)
		*format = v;
	return s;
}

int
target_option(void (*usage)(FILE *), const char *arg, enum qttt_format *to)
{
	int	 v, s;

	/* A state string is a position: no game is written as one. */
	if ((s = name_option(usage, "output format", TARGETS, NTARGETS, arg,
	    &v, lookup_name(format_names, NVALUES(format_names), arg) ==
	    QTTT_FORMAT_STATE ? "; qttt-replay writes the states of games "
	    "as state strings" : "")) == 0)
		*to = v;
	return s;
}

int
type_option(void (*usage)(FILE *), const struct name_value *names,
    size_t n, const char *arg, int *v)
{
	return name_option(usage, "output format", names, n, arg, v, "");
}

int
seed_option(void (*usage)(FILE *), const char *arg, unsigned long long *seed)
{
	if (parse_number(arg, 0, UINT64_MAX, seed) == -1)
		return usage_error(usage, "-s: not a seed (0 to "
		    "18446744073709551615): %s", arg);
	return 0;
}

int
number_option(void (*usage)(FILE *), const char *arg, unsigned long long lo,
    unsigned long long hi, unsigned long long *n)
{
	if (parse_number(arg, lo, hi, n) == -1)
		return usage_error(usage, "-n: not a number of games (%llu to "
		    "%llu): %s", lo, hi, arg);
	return 0;
}

int
mib_option(void (*usage)(FILE *), const char *arg, unsigned long long *mib)
{
	if (parse_number(arg, 0, 65536, mib) == -1)
		return usage_error(usage, "-m: not a size in MiB (0 to 65536): "
		    "%s", arg);
	return 0;
}

int
games_option(void (*usage)(FILE *), const char *arg, struct qttt_ranges *r,
    const char **games)
{
	struct qttt_diag d;

	if (qttt_ranges_parse(arg, 1, r, &d) == -1)
		return usage_error(usage, "-g: not game numbers or ranges (1 "
		    "or more): %s: %s", arg, d.msg);
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

int
rules_option(void (*usage)(FILE *), const char *arg, unsigned int *rules)
{
	size_t	 bad;
	char	 presets[160];

	if (qttt_rules_parse(arg, strlen(arg), rules, &bad) == -1) {
		qttt_rules_presets_list(presets, sizeof(presets));
		return usage_error(usage, "-R: not a rule profile (a preset: "
		    "%s; or switches joined by ','; qttt-rules(7)): %s%s%s",
		    presets, arg, bad > 0 ? ", at " : "",
		    bad > 0 ? arg + bad : "");
	}
	return 0;
}

struct qttt_reader *
open_reader(const char *path, enum qttt_format format,
    const unsigned int *rules, int *fd)
{
	struct qttt_reader *r;

	if ((*fd = open_input(path)) == -1)
		return NULL;
	if ((r = qttt_reader_open(*fd, format)) == NULL) {
		warn_name(input_name(path), "out of memory");
		close_input(*fd);
	} else if (rules != NULL)
		qttt_reader_rules(r, *rules);
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
	return end_selection_as(name, k, rec, games, sel, shown, quiet, 0);
}

int
end_selection_as(const char *name, int k, const struct qttt_record *rec,
    unsigned long games, const char *sel, unsigned long shown, int quiet,
    int json)
{
	char	 msg[96];

	if (k == -1 || games == 0)
		return end_input(name, k, rec, games, quiet, json);
	if (sel == NULL || shown > 0)
		return EXIT_VALID;
	if (!quiet) {
		snprintf(msg, sizeof(msg), "no game %.32s in the input, "
		    "which holds %lu", sel, games);
		show_input_diag(json ? stdout : stderr, name, QTTT_E_EMPTY,
		    msg, json);
	}
	return EXIT_INVALID;
}

/* The codes turned off (-d): warnings only. */
static unsigned char disabled[QTTT__NCODES];

/*
 * Which of two words the environment variable name holds: 0 for the
 * first (the default, and the value of an unset or empty variable), 1
 * for the second; any other value is reported and taken as the first.
 */
static int
env_choice(const char *name, const char *first, const char *second)
{
	const char	*s;

	if ((s = getenv(name)) == NULL || *s == '\0' || strcmp(s, first) == 0)
		return 0;
	if (strcmp(s, second) == 0)
		return 1;
	fprintf(stderr, "%s: %s=%s is neither %s nor %s: %s is used\n",
	    progname, name, s, first, second, first);
	return 0;
}

/*
 * How diagnostics are shown: columns counted as QTTT_COLUMN_UNIT says
 * (byte, or display, the default), with the source line and a caret
 * or on one line each as QTTT_DIAGNOSTICS says (caret, the default, or
 * line), the codes -d turned off left out.
 */
static const struct qttt_diag_style *
diag_style(int json)
{
	static struct qttt_diag_style style[2];
	static int	 ready;

	if (!ready) {
		style[0].byte_columns = style[1].byte_columns =
		    env_choice("QTTT_COLUMN_UNIT", "display", "byte");
		style[0].one_line = env_choice("QTTT_DIAGNOSTICS", "caret",
		    "line");
		style[0].off = style[1].off = disabled;
		style[1].json = 1;
		ready = 1;
	}
	return &style[json != 0];
}

void
put_name(FILE *f, const char *name)
{
	qttt_name_write(f, name);
}

void
show_diag(FILE *f, const char *file, const struct qttt_record *rec,
    const struct qttt_diag *d)
{
	qttt_diag_write(f, file, rec, d, diag_style(0));
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
	qttt_diag_write(f, file, rec, d, diag_style(1));
}

void
show_note(FILE *f, const char *file, const struct qttt_record *rec,
    const char *msg, int json)
{
	qttt_note_write(f, file, rec, msg, diag_style(json));
}

int
disable_option(void (*usage)(FILE *), const char *arg)
{
	if (qttt_diag_off_parse(disabled, arg, NULL) == -1)
		return usage_error(usage, "-d %s: -d takes the codes of "
		    "warnings: " WARNING_NAMES, arg);
	return 0;
}

size_t
show_record_diags(FILE *f, const char *file, const struct qttt_record *rec,
    int json)
{
	return qttt_diags_write(f, file, rec, diag_style(json));
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
	qttt_diag_write(f, file, NULL, &d, diag_style(json));
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
