/*
 * The files a tool writes (see outfile.h): one set of the library's
 * (qttt_outfiles_open()) for the whole tool, whose temporaries are
 * removed at exit and when a signal ends the tool.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "common.h"
#include "outfile.h"

static struct qttt_outfiles *volatile set;

/* The tool's set, made at its first use. */
static struct qttt_outfiles *
outfiles(void)
{
	if (set == NULL && (set = qttt_outfiles_new()) == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		exit(EXIT_TROUBLE);
	}
	return set;
}

void
note_input(const char *path)
{
	int	 stdin_ = strcmp(path, "-") == 0;

	if (qttt_outfiles_input(outfiles(), stdin_ ? NULL : path,
	    input_name(path), NULL) == -1) {
		fprintf(stderr, "%s: out of memory\n", progname);
		exit(EXIT_TROUBLE);
	}
}

void
note_inputs(int argc, char *const argv[])
{
	int	 i;

	if (argc == 0)
		note_input("-");
	for (i = 0; i < argc; i++)
		note_input(argv[i]);
}

const char *
input_at(const char *path)
{
	return qttt_outfiles_input_at(outfiles(), path);
}

int
make_dirs(const char *dir)
{
	struct qttt_diag d;

	if (qttt_make_dirs(dir, &d) == 0)
		return 0;
	warn_name(dir, "%s", d.msg);
	return -1;
}

static void
remove_temps(void)
{
	qttt_outfiles_cleanup(set);
}

/* A signal that ends the tool: no temporary is left behind. */
static void
on_signal(int sig)
{
	remove_temps();
	raise(sig);
}

/* What the first out_open() sets up: cleaning up. */
static void
out_setup(void)
{
	static const int sigs[] = { SIGHUP, SIGINT, SIGPIPE, SIGTERM };
	struct sigaction sa, old;
	size_t		 i;

	atexit(remove_temps);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESETHAND | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	/* A signal the tool was started ignoring stays ignored. */
	for (i = 0; i < NVALUES(sigs); i++)
		if (sigaction(sigs[i], NULL, &old) == 0 &&
		    old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
}

FILE *
out_open(const char *path, unsigned int flags)
{
	static int	 ready;
	struct qttt_diag d;
	FILE		*f;

	if (!ready) {
		outfiles();
		out_setup();
		ready = 1;
	}
	if ((f = qttt_outfiles_open(set, path, flags, &d)) == NULL)
		warn_name(path, "%s", d.msg);
	return f;
}

int
out_close(FILE *f, int keep)
{
	struct qttt_diag d;
	const char	*name = NULL;
	int		 r;

	if ((r = qttt_outfiles_close(outfiles(), f, keep, &name, &d)) == -1 &&
	    name != NULL)
		warn_name(name, "%s", d.msg);
	return r;
}

int
out_finish(int keep)
{
	struct qttt_diag d;
	const char	*name;
	int		 r = 0;

	while (qttt_outfiles_finish(outfiles(), keep, &name, &d) == -1) {
		warn_name(name, "%s", d.msg);
		r = -1;
	}
	return r;
}
