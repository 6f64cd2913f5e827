/*
 * What the front ends share.
 */
#include <errno.h>
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
print_version(void)
{
	printf("%s %s\n", progname, QTTT_VERSION);
	exit(finish_output() == 0 ? EXIT_SUCCESS : EXIT_TROUBLE);
}

int
parse_format(const char *s)
{
	static const struct {
		const char		*name;
		enum qttt_format	 format;
	} names[] = {
		{ "auto", QTTT_FORMAT_AUTO },
		{ "line", QTTT_FORMAT_LINE },
		{ "yaml", QTTT_FORMAT_YAML },
		{ "json", QTTT_FORMAT_YAML },
		{ "goff", QTTT_FORMAT_GOFF },
	};
	size_t	 i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(s, names[i].name) == 0)
			return names[i].format;
	return -1;
}

int
open_input(const char *path)
{
	int	 fd;

	if (strcmp(path, "-") == 0)
		return STDIN_FILENO;
	if ((fd = open(path, O_RDONLY)) == -1)
		fprintf(stderr, "%s: %s: %s\n", progname, path,
		    strerror(errno));
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

static const char *
severity_name(enum qttt_severity s)
{
	return s == QTTT_WARNING ? "warning" : "error";
}

/* The widest excerpt of a source line shown around a caret. */
#define EXCERPT	100

/*
 * Shows the source line and a caret under byte col.  Bytes that are
 * not printable text show as '?', so the terminal sees no control
 * characters; the caret line copies tabs so it lines up.
 */
static void
show_source(FILE *f, const char *text, size_t len, unsigned long col)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t		 from = 0, to = len, i;
	int		 clean = 1;

	for (i = 0; i < len; i++)
		if (s[i] < 0x20 && s[i] != '\t')
			clean = 0;
	if (col > len)
		col = len;
	if (len > EXCERPT) {
		from = col > EXCERPT / 2 ? col - EXCERPT / 2 : 0;
		to = from + EXCERPT < len ? from + EXCERPT : len;
		/* Start and end on character boundaries. */
		while (from > 0 && (s[from] & 0xc0) == 0x80)
			from--;
		while (to < len && (s[to] & 0xc0) == 0x80)
			to++;
	}
	fputs(from > 0 ? "..." : "", f);
	for (i = from; i < to; i++) {
		if (s[i] == '\t' || (s[i] >= 0x20 && s[i] < 0x7f) ||
		    (clean && s[i] >= 0x80))
			putc(s[i], f);
		else
			putc('?', f);
	}
	fputs(to < len ? "...\n" : "\n", f);
	fputs(from > 0 ? "   " : "", f);
	for (i = from; i < col; i++) {
		if (s[i] == '\t')
			putc('\t', f);
		else if (!clean || (s[i] & 0xc0) != 0x80)
			putc(' ', f);
	}
	fputs("^\n", f);
}

void
show_diag(FILE *f, const char *file, const struct qttt_record *rec,
    const struct qttt_diag *d)
{
	fprintf(f, "%s: %s:%lu:%lu: %s: %s [%s]\n", progname, file,
	    d->line + 1, d->col + 1, severity_name(d->severity), d->msg,
	    qttt_code_name(d->code));
	if (rec != NULL && rec->text != NULL && d->line == rec->line)
		show_source(f, rec->text, rec->textlen, d->col);
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
	fprintf(f, ",\"line\":%lu,\"column\":%lu,\"severity\":\"%s\","
	    "\"code\":\"%s\",\"message\":", d->line + 1, d->col + 1,
	    severity_name(d->severity), qttt_code_name(d->code));
	qttt_json_string(f, d->msg, strlen(d->msg));
	fputs("}\n", f);
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
