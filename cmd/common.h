/*
 * What the front ends share: naming inputs, showing diagnostics in
 * context, and finishing output with every write checked.
 */
#ifndef QTTT_COMMON_H
#define QTTT_COMMON_H

#include <stdio.h>

#include "qttt.h"

/* Exit statuses, as cmp(1): all well, some game invalid, trouble. */
#define EXIT_VALID	0
#define EXIT_INVALID	1
#define EXIT_TROUBLE	2

extern const char *progname;

/* Sets progname from argv[0]. */
void	 setprogname_from(const char *argv0);

/*
 * What every tool does first: sets progname from argv[0], and argv[0]
 * to progname, since getopt_long() names the program in its messages
 * as argv[0]; and keeps a closed standard input, output or error
 * closed to the tool (see common.c) without letting a file it opens
 * take its place.
 */
void	 start_tool(char *argv[]);

/* Prints "progname VERSION" to stdout and exits 0 (after checking). */
void	 print_version(void) __attribute__((noreturn));

/* A name a user may give an option, and what it stands for. */
struct name_value {
	const char	*name;
	int		 value;
};
#define NVALUES(a)	(sizeof(a) / sizeof((a)[0]))

/* The value of the name s in a table of n names, or -1 if it is none. */
int	 lookup_name(const struct name_value *, size_t n, const char *s);

/*
 * A decimal number from lo to hi, digits only and all of s, into *v.
 * Returns 0, or -1 if s is not one.
 */
int	 parse_number(const char *s, unsigned long long lo,
	    unsigned long long hi, unsigned long long *v);

/*
 * A usage error: "progname: message" on standard error, then the
 * tool's usage.  Returns EXIT_TROUBLE, for main() to return.
 */
int	 usage_error(void (*usage)(FILE *), const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/*
 * The options every reading tool takes: -f, an input format (auto,
 * line, yaml, json, goff, state, or another name of one of them: qttt,
 * text, txt, yml, jsonl), and -g, game numbers and ranges
 * (qttt_ranges_parse, from 1; *games is set to the argument).  Each
 * returns 0 with the value stored, or usage_error()'s status.
 */
int	 format_option(void (*usage)(FILE *), const char *arg,
	    enum qttt_format *);
/*
 * -T: a format a game is written in: -f's, but auto and state, whose
 * refusal points to qttt-replay, which writes state strings.
 */
int	 target_option(void (*usage)(FILE *), const char *arg,
	    enum qttt_format *);
/*
 * -T, an output format: the name arg of a tool's table of n names into
 * *v.  Returns 0, or usage_error()'s status, after a message that
 * lists the names, the same in every tool: "unknown output format
 * 'xml': it is one of text, json or yaml (yml)".
 */
int	 type_option(void (*usage)(FILE *), const struct name_value *,
	    size_t n, const char *arg, int *v);
/*
 * -s: a seed, 0 to 2^64 - 1; -n: a number of games, lo to hi; -m: a
 * size in MiB, 0 to 65536.  Each refusal names its option, as
 * formats/options.md spells it.
 */
int	 seed_option(void (*usage)(FILE *), const char *arg,
	    unsigned long long *seed);
int	 number_option(void (*usage)(FILE *), const char *arg,
	    unsigned long long lo, unsigned long long hi,
	    unsigned long long *n);
int	 mib_option(void (*usage)(FILE *), const char *arg,
	    unsigned long long *mib);
int	 games_option(void (*usage)(FILE *), const char *arg,
	    struct qttt_ranges *, const char **games);
/*
 * -R, --rules: a rule profile (qttt_rules_parse: a preset, switches
 * joined by ',') into *rules.  Returns 0, or usage_error()'s status.
 */
int	 rules_option(void (*usage)(FILE *), const char *arg,
	    unsigned int *rules);

/*
 * Opens an input: "-" is standard input.  Returns a file descriptor,
 * or -1 after a warning.  close_input() closes what open_input opened.
 */
int	 open_input(const char *path);
void	 close_input(int fd);
/* The name to show for an input: "-" shows as "<stdin>". */
const char *input_name(const char *path);

/*
 * Opens a reader on an input (as open_input), setting *fd, that reads
 * the records that name no profile by *rules (NULL: by their format's
 * default; qttt_reader_rules()).  Returns
 * NULL after a message if the input cannot be opened or memory runs
 * out.  close_reader() closes the reader and the input.
 */
struct qttt_reader *open_reader(const char *path, enum qttt_format,
	    const unsigned int *rules, int *fd);
void	 close_reader(struct qttt_reader *, int fd);

/*
 * The end of an input, named name, that held games games: k is what
 * reading it returned last (0 at the end, -1 on a read error, with its
 * diagnostic in rec).  Reports a read error, always, as an input that
 * cannot be opened is; and an input with no game (on standard output
 * as JSON if json), unless quiet.  Returns EXIT_TROUBLE, EXIT_INVALID
 * or EXIT_VALID.
 */
int	 end_input(const char *name, int k, const struct qttt_record *rec,
	    unsigned long games, int quiet, int json);

/*
 * Whether rec starts a game, after a record numbered prev: every
 * record does but a state of a stream that numbers its states by
 * their games (formats/state-string.md) after one of the same game.
 */
int	 starts_game(const struct qttt_record *, unsigned long prev);

/*
 * The same for an input read with -g sel (NULL: none), of which shown
 * games were selected: an input that holds games but none that sel
 * names is reported as "no game SEL in the input, which holds N"
 * unless quiet, and is EXIT_INVALID.
 */
int	 end_selection(const char *name, int k,
	    const struct qttt_record *rec, unsigned long games,
	    const char *sel, unsigned long shown, int quiet);
/* The same, on standard output as JSON if json (as end_input). */
int	 end_selection_as(const char *name, int k,
	    const struct qttt_record *rec, unsigned long games,
	    const char *sel, unsigned long shown, int quiet, int json);

/*
 * Shows a diagnostic on f as
 *	file:line:col: error: message [code]
 * (or "warning"), as compilers do, followed, when the record has its
 * source text, by the line and a caret under the column.  The column
 * is a display column (QTTT_COLUMN_UNIT=byte: a byte column).
 */
void	 show_diag(FILE *f, const char *file, const struct qttt_record *,
	    const struct qttt_diag *);

/*
 * A message about a line of a file, "file:line: what: message" (line
 * 0-based), with what "error", "warning" or "note".
 */
void	 show_line_msg(FILE *f, const char *file, unsigned long line,
	    const char *what, const char *fmt, ...)
	    __attribute__((format(printf, 5, 6)));

/* A message naming a file: "progname: name: message" on stderr. */
void	 warn_name(const char *name, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/*
 * Writes a file name safe to show on a terminal and on one line: a
 * character not safe to show (see show_diag) as \n, \t, \r or \xHH
 * for each of its bytes.
 */
void	 put_name(FILE *f, const char *name);
/* The comment lines before a record that it could not keep. */
void	 show_leadcut(FILE *f, const char *file,
	    const struct qttt_record *rec);

/* The same as one JSON object on a line. */
void	 show_diag_json(FILE *f, const char *file,
	    const struct qttt_record *, const struct qttt_diag *);

/*
 * A note about a game, after its diagnostics:
 *	file:line: note: message
 * or, if json, an object as show_diag_json() writes with "severity"
 * "note" and null "column" and "code".
 */
void	 show_note(FILE *f, const char *file, const struct qttt_record *,
	    const char *msg, int json);

/*
 * Every diagnostic of a record, in order, as show_diag() or
 * show_diag_json() shows them, but the warnings turned off, and a
 * note counting those that were not kept (rec->ndropped).  Returns
 * how many diagnostics it showed or counted.
 */
size_t	 show_record_diags(FILE *f, const char *file,
	    const struct qttt_record *, int json);

/*
 * -d: turns off the warnings of the codes in a comma list.  Returns 0,
 * or (after usage and a message naming the codes, WARNING_NAMES) the
 * exit status of a usage error if a name is not the code of a warning.
 */
int	 disable_option(void (*usage)(FILE *), const char *arg);
#define WARNING_NAMES	"key-case"

/* A diagnostic about a whole input (no record): "no game", I/O. */
void	 show_input_diag(FILE *f, const char *file, enum qttt_code,
	    const char *msg, int json);

/*
 * Flushes and closes standard output and checks for a write error
 * (full disk, closed pipe).  Returns 0, or -1 after a message.
 */
int	 finish_output(void);

#endif /* !QTTT_COMMON_H */
