/*
 * The files a tool writes besides its standard output (-o, -d,
 * --split, -w): never one of its inputs, never left half-written.
 * A regular file is written under a temporary name in its directory
 * and renamed into place once it is whole (synced first if it replaces
 * a file, so that a crash leaves the old one or the new); one that is
 * not is removed, on an error, at exit, or when a signal ends the tool.
 */
#ifndef QTTT_OUTFILE_H
#define QTTT_OUTFILE_H

#include <stdio.h>

/*
 * Notes the inputs of the tool, its file operands (none, or "-": the
 * standard input), so that out_open() refuses to write over one of
 * them; note_input() notes one more (a file an option names).
 */
void	 note_inputs(int argc, char *const argv[]);
void	 note_input(const char *path);

/*
 * Whether the file at path is an input (the same file, by device and
 * inode, through any link): the input's name as given, or NULL.
 */
const char *input_at(const char *path);

/*
 * Makes the directory dir and its parents, as mkdir -p does.  Returns
 * 0, or -1 after a message.
 */
int	 make_dirs(const char *dir);

/* out_open()'s flags. */
#define OUT_DEFER	0x1	/* put in place by out_finish(), when every
				   input is read: it may be one */
#define OUT_REWRITE	0x2	/* a regular file that is an input, rewritten:
				   not replaced if the bytes are the same */

/*
 * Opens the file path to be written anew (made with the mode of the
 * file it replaces, or 0666 less the umask).  A regular file, or a
 * new one, is written under a temporary name beside it (beside the
 * file a symbolic link names); anything else, a device or a FIFO, is
 * written directly.  Returns the stream, or NULL after a message if
 * path is an input (but with OUT_DEFER or OUT_REWRITE), a file that
 * this command writes already, or cannot be written.
 */
FILE	*out_open(const char *path, unsigned int flags);

/*
 * Closes a stream of out_open(): if keep is set and every write
 * succeeded, the file is put in place (or kept for out_finish() with
 * OUT_DEFER), else it is removed and the file it was to replace left
 * as it was.  Returns 1 if the file was put in place or kept, 0 if
 * not (keep not set, or rewritten with the same bytes), -1 after a
 * message if a write failed.
 */
int	 out_close(FILE *, int keep);

/*
 * Puts every file closed with OUT_DEFER in place if keep is set, else
 * removes them.  Returns 0, or -1 after a message.
 */
int	 out_finish(int keep);

#endif /* !QTTT_OUTFILE_H */
