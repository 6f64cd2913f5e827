/*
 * The files a program writes besides its standard output: never one of
 * its inputs, never left half-written (qttt.h, "Files written whole").
 * Not in the viewer page's module: a page writes no file.
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
#include "collection/collection.h"

/* An input that is a regular file, known by its device and inode. */
struct input {
	dev_t		 dev;
	ino_t		 ino;
	const char	*name;
};

enum { FILE_FREE, FILE_OPEN, FILE_PENDING };

/*
 * A file being written, or closed and waiting for
 * qttt_outfiles_finish().  The list only grows (a node closed for good
 * is kept as a spare, to be used again), so that a signal handler may
 * walk it at any moment (qttt_outfiles_cleanup()); a spare keeps its
 * name until it is used again, for the caller's message.
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

struct qttt_outfiles {
	struct input		*inputs;
	size_t			 ninputs, capinputs;
	struct outfile *volatile files;
	struct outfile		*spares;
	mode_t			 new_mode;	/* 0666 less the umask */
};

#define io_error(d, ...) \
	qttt__collection_error(d, QTTT_E_IO, 0, __VA_ARGS__)

struct qttt_outfiles *
qttt_outfiles_new(void)
{
	struct qttt_outfiles *set;

	if ((set = calloc(1, sizeof(*set))) == NULL)
		return NULL;
	set->new_mode = umask(0);
	umask(set->new_mode);
	set->new_mode = 0666 & ~set->new_mode;
	return set;
}

int
qttt_outfiles_input(struct qttt_outfiles *set, const char *path,
    const char *name, struct qttt_diag *d)
{
	struct input	*p;
	struct stat	 st;
	size_t		 n;

	/* An input that cannot be read is reported when it is read. */
	if ((path == NULL ? fstat(STDIN_FILENO, &st) : stat(path, &st)) ==
	    -1 || !S_ISREG(st.st_mode))
		return 0;
	if (set->ninputs == set->capinputs) {
		n = set->capinputs > 0 ? 2 * set->capinputs : 16;
		if ((p = realloc(set->inputs, n * sizeof(*p))) == NULL)
			return io_error(d, "out of memory");
		set->inputs = p;
		set->capinputs = n;
	}
	set->inputs[set->ninputs].dev = st.st_dev;
	set->inputs[set->ninputs].ino = st.st_ino;
	set->inputs[set->ninputs++].name = name;
	return 0;
}

const char *
qttt_outfiles_input_at(const struct qttt_outfiles *set, const char *path)
{
	struct stat	 st;
	size_t		 i;

	if (stat(path, &st) == -1 || !S_ISREG(st.st_mode))
		return NULL;
	for (i = 0; i < set->ninputs; i++)
		if (set->inputs[i].dev == st.st_dev &&
		    set->inputs[i].ino == st.st_ino)
			return set->inputs[i].name;
	return NULL;
}

int
qttt_make_dirs(const char *dir, struct qttt_diag *d)
{
	struct stat	 st;
	char		*p, *s;
	int		 k = 0;

	if ((p = strdup(dir)) == NULL)
		return io_error(d, "out of memory");
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
		io_error(d, "%s", strerror(errno));
	free(p);
	return k;
}

void
qttt_outfiles_cleanup(const struct qttt_outfiles *set)
{
	struct outfile	*w;

	if (set == NULL)
		return;
	for (w = set->files; w != NULL; w = w->next)
		if (w->state != FILE_FREE && w->temp != NULL)
			unlink(w->temp);
}

/* A node closed for good: kept as a spare, its name with it. */
static void
out_free(struct qttt_outfiles *set, struct outfile *w)
{
	w->state = FILE_FREE;
	free(w->target);
	free(w->temp);
	w->target = w->temp = NULL;
	w->spare = set->spares;
	set->spares = w;
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
written_to(const struct qttt_outfiles *set, const struct outfile *self,
    const char *target)
{
	const struct outfile *w;

	for (w = set->files; w != NULL; w = w->next)
		if (w != self && w->state != FILE_FREE && w->target != NULL &&
		    strcmp(w->target, target) == 0)
			return w->name;
	return NULL;
}

/* A node for a file to write: a spare, or a new one in the list. */
static struct outfile *
out_node(struct qttt_outfiles *set)
{
	struct outfile	*w;

	if ((w = set->spares) != NULL) {
		set->spares = w->spare;
		free(w->name);
		w->name = NULL;
	} else if ((w = calloc(1, sizeof(*w))) != NULL) {
		w->next = set->files;
		set->files = w;
	}
	return w;
}

/*
 * Whether path may be opened with flags (st its status if it exists):
 * 0, or -1 with the reason in d.
 */
static int
refused(const struct qttt_outfiles *set, const char *path,
    unsigned int flags, const struct stat *st, int exists,
    struct qttt_diag *d)
{
	const char	*in;

	/* What waits for qttt_outfiles_finish() replaces an input read. */
	if (!(flags & (QTTT_OUT_REWRITE | QTTT_OUT_DEFER)) &&
	    (in = qttt_outfiles_input_at(set, path)) != NULL) {
		if (strcmp(in, path) == 0)
			return io_error(d, "an input: not written over");
		return io_error(d, "the same file as the input %s: not written "
		    "over", in);
	}
	if ((flags & QTTT_OUT_REWRITE) && (!exists || !S_ISREG(st->st_mode)))
		return io_error(d, "%s: not rewritten", exists ?
		    "not a regular file" : strerror(errno));
	return 0;
}

FILE *
qttt_outfiles_open(struct qttt_outfiles *set, const char *path,
    unsigned int flags, struct qttt_diag *d)
{
	struct outfile	*w;
	struct stat	 st;
	const char	*in;
	int		 exists;

	errno = 0;
	exists = stat(path, &st) == 0;
	if (refused(set, path, flags, &st, exists, d) == -1)
		return NULL;
	if ((w = out_node(set)) == NULL) {
		io_error(d, "out of memory");
		return NULL;
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
		/* Two files of one program to one place: the first is lost. */
		if ((in = written_to(set, w, w->target)) != NULL) {
			if (strcmp(in, path) == 0)
				io_error(d, "written already by this command: "
				    "not written over");
			else
				io_error(d, "the same file as %s, written "
				    "already by this command: not written "
				    "over", in);
			out_free(set, w);
			return NULL;
		}
		if (make_temp(w, exists ? st.st_mode & 07777 :
		    set->new_mode) == -1)
			goto fail;
	}
	w->state = FILE_OPEN;
	return w->f;
fail:
	io_error(d, "%s", strerror(errno));
	out_free(set, w);
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
 * Puts w's temporary in place of its target.  Returns 0, or -1 with a
 * message in d (the temporary removed).
 */
static int
put_in_place(struct outfile *w, struct qttt_diag *d)
{
	if (rename(w->temp, w->target) == 0)
		return 0;
	io_error(d, "%s: not written", strerror(errno));
	unlink(w->temp);
	return -1;
}

/*
 * Flushes and closes w's stream.  Returns 0, or -1 with a message in d
 * if a write failed.
 */
static int
out_flush(struct outfile *w, struct qttt_diag *d)
{
	int	 failed, e = 0;

	/*
	 * What replaces a file is on the disk before it does, so that a
	 * crash leaves the old file or the new; a new file need not be.
	 */
	if ((failed = fflush(w->f) == EOF || ferror(w->f) ||
	    (w->temp != NULL && w->replaces && fsync(fileno(w->f)) == -1)))
		e = errno;
	if (fclose(w->f) == EOF && !failed) {
		failed = 1;
		e = errno;
	}
	w->f = NULL;
	if (!failed)
		return 0;
	return io_error(d, "write error: %s%s", e != 0 ? strerror(e) :
	    "unknown error", w->temp != NULL ? ": not written" : "");
}

int
qttt_outfiles_close(struct qttt_outfiles *set, FILE *f, int keep,
    const char **name, struct qttt_diag *d)
{
	struct outfile	*w;
	int		 failed, r;

	for (w = set->files; w != NULL; w = w->next)
		if (w->state == FILE_OPEN && w->f == f)
			break;
	if (w == NULL)
		return io_error(d, "not a file of this set");
	if (name != NULL)
		*name = w->name;
	failed = out_flush(w, d) == -1;
	if (w->temp == NULL)
		r = failed ? -1 : keep != 0;
	else if (failed || !keep || ((w->flags & QTTT_OUT_REWRITE) &&
	    same_bytes(w->temp, w->target))) {
		unlink(w->temp);
		r = failed ? -1 : 0;
	} else if (w->flags & QTTT_OUT_DEFER) {
		w->state = FILE_PENDING;
		return 1;
	} else
		r = put_in_place(w, d) == 0 ? 1 : -1;
	out_free(set, w);
	return r;
}

int
qttt_outfiles_finish(struct qttt_outfiles *set, int keep,
    const char **name, struct qttt_diag *d)
{
	struct outfile	*w;
	int		 r;

	for (w = set->files; w != NULL; w = w->next) {
		if (w->state != FILE_PENDING)
			continue;
		r = 0;
		if (!keep)
			unlink(w->temp);
		else if (put_in_place(w, d) == -1) {
			if (name != NULL)
				*name = w->name;
			r = -1;
		}
		out_free(set, w);
		if (r == -1)
			return -1;
	}
	return 0;
}

void
qttt_outfiles_free(struct qttt_outfiles *set)
{
	struct outfile	*w, *next;

	if (set == NULL)
		return;
	for (w = set->files; w != NULL; w = next) {
		next = w->next;
		if (w->state == FILE_OPEN)
			fclose(w->f);
		if (w->state != FILE_FREE && w->temp != NULL)
			unlink(w->temp);
		free(w->name);
		free(w->target);
		free(w->temp);
		free(w);
	}
	free(set->inputs);
	free(set);
}
