/*
 * The files a tool writes: never an input, never half-written (see
 * outfile.h).
 */
/* realpath(3) is an XSI function. */
#define _XOPEN_SOURCE 700

#include <sys/stat.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "qttt.h"
#include "common.h"
#include "outfile.h"

/* An input that is a regular file, known by its device and inode. */
struct input {
	dev_t		 dev;
	ino_t		 ino;
	const char	*name;
};

static struct input	*inputs;
static size_t		 ninputs, capinputs;

enum { FILE_FREE, FILE_OPEN, FILE_PENDING };

/*
 * A file being written, or closed and waiting for out_finish().  The
 * list only grows (a node closed for good is kept as a spare, to be
 * used again), so that a signal handler may walk it at any moment;
 * it removes the temporary of each node open or pending.
 */
struct outfile {
	FILE			*f;
	char			*name;		/* as the user named it */
	char			*target;	/* the file it goes to */
	char			*temp;		/* NULL: written directly */
	unsigned int		 flags;
	int			 replaces;	/* a file that exists */
	volatile sig_atomic_t	 state;
	struct outfile		*next;		/* in the list */
	struct outfile		*spare;		/* in the spares */
};

static struct outfile *volatile files;
static struct outfile	*spares;
static mode_t		 new_mode;	/* 0666 less the umask */

void
note_input(const char *path)
{
	struct input	*p;
	struct stat	 st;
	size_t		 n;

	/* An input that cannot be read is reported when it is read. */
	if ((strcmp(path, "-") == 0 ? fstat(STDIN_FILENO, &st) :
	    stat(path, &st)) == -1 || !S_ISREG(st.st_mode))
		return;
	if (ninputs == capinputs) {
		n = capinputs > 0 ? 2 * capinputs : 16;
		if ((p = realloc(inputs, n * sizeof(*p))) == NULL) {
			fprintf(stderr, "%s: out of memory\n", progname);
			exit(EXIT_TROUBLE);
		}
		inputs = p;
		capinputs = n;
	}
	inputs[ninputs].dev = st.st_dev;
	inputs[ninputs].ino = st.st_ino;
	inputs[ninputs++].name = input_name(path);
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
	struct stat	 st;
	size_t		 i;

	if (stat(path, &st) == -1 || !S_ISREG(st.st_mode))
		return NULL;
	for (i = 0; i < ninputs; i++)
		if (inputs[i].dev == st.st_dev && inputs[i].ino == st.st_ino)
			return inputs[i].name;
	return NULL;
}

int
make_dirs(const char *dir)
{
	struct stat	 st;
	char		*p, *s;
	int		 k = 0;

	if ((p = strdup(dir)) == NULL) {
		warn_name(dir, "out of memory");
		return -1;
	}
	/* Each directory of the path in turn, / itself left out. */
	for (s = p + (*p == '/'); k == 0; s++) {
		if (*s != '/' && *s != '\0')
			continue;
		if (*s == '/' && s[-1] == '/')
			continue;
		if (*s == '\0') {
			k = mkdir(p, 0777);
			break;
		}
		*s = '\0';
		k = mkdir(p, 0777);
		*s = '/';
		if (k == -1 && errno == EEXIST)
			k = 0;
	}
	if (k == -1 && errno == EEXIST && stat(p, &st) == 0 &&
	    S_ISDIR(st.st_mode))
		k = 0;
	else if (k == -1 && errno == EEXIST)
		errno = ENOTDIR;
	if (k == -1)
		warn_name(p, "%s", strerror(errno));
	free(p);
	return k;
}

/* Removes the temporary of every file open or pending. */
static void
remove_temps(void)
{
	struct outfile	*w;

	for (w = files; w != NULL; w = w->next)
		if (w->state != FILE_FREE && w->temp != NULL)
			unlink(w->temp);
}

/* A signal that ends the tool: no temporary is left behind. */
static void
on_signal(int sig)
{
	remove_temps();
	raise(sig);
}

/* What the first out_open() sets up: cleaning up, the mode of files. */
static void
out_setup(void)
{
	static const int sigs[] = { SIGHUP, SIGINT, SIGPIPE, SIGTERM };
	struct sigaction sa, old;
	size_t		 i;

	new_mode = umask(0);
	umask(new_mode);
	new_mode = 0666 & ~new_mode;
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

/* A node closed for good: kept as a spare. */
static void
out_free(struct outfile *w)
{
	w->state = FILE_FREE;
	free(w->name);
	free(w->target);
	free(w->temp);
	w->name = w->target = w->temp = NULL;
	w->spare = spares;
	spares = w;
}

/*
 * The temporary file beside w's target: its name in w->temp, its
 * stream in w->f.  Returns 0, or -1 with errno set.
 */
static int
make_temp(struct outfile *w, mode_t mode)
{
	const char	*slash = strrchr(w->target, '/');
	size_t		 n = strlen(w->target) + 16;
	int		 fd;

	if ((w->temp = malloc(n)) == NULL)
		return -1;
	if (slash != NULL)
		snprintf(w->temp, n, "%.*s/.%s.XXXXXX",
		    (int)(slash - w->target), w->target, slash + 1);
	else
		snprintf(w->temp, n, ".%s.XXXXXX", w->target);
	if ((fd = mkstemp(w->temp)) == -1) {
		free(w->temp);
		w->temp = NULL;
		return -1;
	}
	if (fchmod(fd, mode) == -1 || (w->f = fdopen(fd, "w")) == NULL) {
		close(fd);
		unlink(w->temp);
		free(w->temp);
		w->temp = NULL;
		return -1;
	}
	return 0;
}

/*
 * The file that path names, whole: its directory through any link, and
 * the file a symbolic link names.  NULL with errno set if the directory
 * cannot be found.
 */
static char *
resolve(const char *path, int exists)
{
	const char	*slash = strrchr(path, '/'), *base;
	char		*dir, *full;
	size_t		 n;

	if (exists)
		return realpath(path, NULL);
	base = slash != NULL ? slash + 1 : path;
	if (slash == path)
		dir = realpath("/", NULL);
	else if (slash != NULL) {
		if ((full = strdup(path)) == NULL)
			return NULL;
		full[slash - path] = '\0';
		dir = realpath(full, NULL);
		free(full);
	} else
		dir = realpath(".", NULL);
	if (dir == NULL)
		return NULL;
	n = strlen(dir) + strlen(base) + 2;
	if ((full = malloc(n)) != NULL)
		snprintf(full, n, "%s/%s", strcmp(dir, "/") == 0 ? "" : dir,
		    base);
	free(dir);
	return full;
}

/* The name of a file open or pending that goes to target, or NULL. */
static const char *
written_to(const struct outfile *self, const char *target)
{
	const struct outfile *w;

	for (w = files; w != NULL; w = w->next)
		if (w != self && w->state != FILE_FREE && w->target != NULL &&
		    strcmp(w->target, target) == 0)
			return w->name;
	return NULL;
}

FILE *
out_open(const char *path, unsigned int flags)
{
	static int	 ready;
	struct outfile	*w;
	struct stat	 st;
	const char	*in;
	int		 exists;

	/* What waits for out_finish() replaces an input already read. */
	if (!(flags & (OUT_REWRITE | OUT_DEFER)) &&
	    (in = input_at(path)) != NULL) {
		if (strcmp(in, path) == 0)
			warn_name(path, "an input: not written over");
		else
			warn_name(path, "the same file as the input %s: not "
			    "written over", in);
		return NULL;
	}
	exists = stat(path, &st) == 0;
	if ((flags & OUT_REWRITE) && (!exists || !S_ISREG(st.st_mode))) {
		warn_name(path, "%s: not rewritten", exists ?
		    "not a regular file" : strerror(errno));
		return NULL;
	}
	if (!ready) {
		out_setup();
		ready = 1;
	}
	if ((w = spares) != NULL)
		spares = w->spare;
	else if ((w = calloc(1, sizeof(*w))) == NULL) {
		warn_name(path, "out of memory");
		return NULL;
	} else {
		w->next = files;
		files = w;
	}
	w->flags = flags;
	w->replaces = exists;
	w->f = NULL;
	errno = ENOMEM;
	if ((w->name = strdup(path)) == NULL)
		goto fail;
	if (exists && !S_ISREG(st.st_mode)) {
		/* A device or a FIFO: nothing to replace. */
		if ((w->f = fopen(path, "w")) == NULL)
			goto fail;
	} else {
		if ((w->target = resolve(path, exists)) == NULL)
			goto fail;
		/* Two files of one command to one place: the first is lost. */
		if ((in = written_to(w, w->target)) != NULL) {
			if (strcmp(in, path) == 0)
				warn_name(path, "written already by this "
				    "command: not written over");
			else
				warn_name(path, "the same file as %s, written "
				    "already by this command: not written "
				    "over", in);
			out_free(w);
			return NULL;
		}
		if (make_temp(w, exists ? st.st_mode & 07777 : new_mode) == -1)
			goto fail;
	}
	w->state = FILE_OPEN;
	return w->f;
fail:
	warn_name(path, "%s", strerror(errno));
	out_free(w);
	return NULL;
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
 * Puts w's temporary in place of its target.  Returns 0, or -1 after a
 * message (the temporary removed).
 */
static int
put_in_place(struct outfile *w)
{
	if (rename(w->temp, w->target) == 0)
		return 0;
	warn_name(w->name, "%s: not written", strerror(errno));
	unlink(w->temp);
	return -1;
}

int
out_close(FILE *f, int keep)
{
	struct outfile	*w;
	int		 failed, e = 0, r;

	for (w = files; w != NULL; w = w->next)
		if (w->state == FILE_OPEN && w->f == f)
			break;
	if (w == NULL)
		return -1;
	/*
	 * What replaces a file is on the disk before it does, so that a
	 * crash leaves the old file or the new; a new file need not be.
	 */
	if ((failed = fflush(f) == EOF || ferror(f) || (w->temp != NULL &&
	    w->replaces && fsync(fileno(f)) == -1)))
		e = errno;
	if (fclose(f) == EOF && !failed) {
		failed = 1;
		e = errno;
	}
	w->f = NULL;
	if (failed)
		warn_name(w->name, "write error: %s%s", e != 0 ?
		    strerror(e) : "unknown error", w->temp != NULL ?
		    ": not written" : "");
	if (w->temp == NULL)
		r = failed ? -1 : keep != 0;
	else if (failed || !keep || ((w->flags & OUT_REWRITE) &&
	    same_bytes(w->temp, w->target))) {
		unlink(w->temp);
		r = failed ? -1 : 0;
	} else if (w->flags & OUT_DEFER) {
		w->state = FILE_PENDING;
		return 1;
	} else
		r = put_in_place(w) == 0 ? 1 : -1;
	out_free(w);
	return r;
}

int
out_finish(int keep)
{
	struct outfile	*w;
	int		 r = 0;

	for (w = files; w != NULL; w = w->next) {
		if (w->state != FILE_PENDING)
			continue;
		if (!keep)
			unlink(w->temp);
		else if (put_in_place(w) == -1)
			r = -1;
		out_free(w);
	}
	return r;
}
