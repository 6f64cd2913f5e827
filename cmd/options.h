/*
 * The options of a tool, declared as data once: its getopt_long()
 * arrays, its usage line, its --help and the notes on old spellings
 * all come from the table.  The spellings that several tools share are
 * the macros below, so that each is written once (formats/options.md).
 */
#ifndef QTTT_OPTIONS_H
#define QTTT_OPTIONS_H

#include <stdio.h>

/*
 * An option.  ch is what opt_next() returns for it: its letter, or a
 * value above 255 for an option with a long name alone.  arg names its
 * argument (lower case; NULL: it takes none).  help is its line in
 * --help ('\n' starts another, indented).  An old spelling has
 * OPT_OLD (a note on standard error names the new one) or OPT_ALSO
 * (another name, taken silently) in flags, its own letter or 0 in
 * ch, and the ch of the option it spells in to.
 */
struct opt {
	int		 ch;
	const char	*name;
	const char	*arg;
	const char	*help;
	int		 flags;
	int		 to;
};
#define OPT_OLD		1
#define OPT_ALSO	2

/* A long name alone: ch from OPT_LONG up. */
#define OPT_LONG	256

/* An old spelling, with a note: a letter (0: none) and a long name. */
#define OPT_WAS(c, n, t)	{ (c), (n), NULL, NULL, OPT_OLD, (t) }
/* Another long name for an option, taken without a note. */
#define OPT_ALIAS(n, t)		{ 0, (n), NULL, NULL, OPT_ALSO, (t) }

/* The shared concepts, as formats/options.md writes them. */
#define OPT_HELP	{ 'h', "help", NULL, "show this help and exit", 0, 0 }
#define OPT_VERSION	{ 'V', "version", NULL, \
			    "show the version and exit", 0, 0 }
#define OPT_QUIET(h)	{ 'q', "quiet", NULL, (h), 0, 0 }
#define OPT_RULES(h)	{ 'R', "rules", "profile", (h), 0, 0 }
#define OPT_FORMAT	{ 'f', "format", "format", "input format: auto " \
			    "(default), line, yaml, json, goff,\nstate", 0, \
			    0 }, OPT_ALIAS("from", 'f')
#define OPT_GAMES	{ 'g', "games", "games", "only these games of " \
			    "each input: 3, 2-5, 10-, 1,4", 0, 0 }, \
			OPT_ALIAS("game", 'g')
#define OPT_TYPE(h)	{ 'T', "type", "type", (h), 0, 0 }
#define OPT_STATE(h)	{ 'S', "state", "state", (h), 0, 0 }
#define OPT_OUTPUT(h)	{ 'o', "output", "file", (h), 0, 0 }
#define OPT_SEED(h)	{ 's', "seed", "seed", (h), 0, 0 }
#define OPT_NUMBER(h)	{ 'n', "number", "count", (h), 0, 0 }
#define OPT_DISABLE	{ 'd', "disable", "code", "turn these warnings " \
			    "off (comma list): " WARNING_NAMES, 0, 0 }

/* A tool's options, what it reads, and the text around them in --help. */
struct opt_tool {
	const struct opt *opts;
	size_t		 nopts;
	const char	*operands;	/* after the options: "[file ...]" */
	const char	*more;		/* more usage lines, or NULL */
	const char	*about;		/* before the options in --help */
	const char	*after;		/* after them: the exit statuses */
};

/*
 * Reads a tool's options from argv: for each, calls take(arg, ch,
 * optarg) with the option's ch (an old spelling's new one, after a
 * note on standard error), which returns 0 or an exit status.  -h and
 * -V (OPT_HELP, OPT_VERSION) it does itself: the help or the version,
 * and the exit.  Returns 0 with optind at the first operand, or the
 * exit status of the first option at fault (after getopt_long()'s
 * message and the usage for one it does not know).
 */
int	 opt_parse(const struct opt_tool *, int argc, char *argv[],
	    int (*take)(void *arg, int ch, const char *optarg), void *arg);

/* The usage lines of a tool on f. */
void	 opt_usage(FILE *, const struct opt_tool *);
/* Its --help on standard output; exits. */
void	 opt_help(const struct opt_tool *) __attribute__((noreturn));

#endif /* !QTTT_OPTIONS_H */
