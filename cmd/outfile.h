/*
 * The files a tool writes besides its standard output (-o, -d,
 * --split, -w): never one of its inputs, never left half-written
 * (qttt_outfiles_open() in libqttt(3)), their temporaries removed at
 * exit and when a signal ends the tool.  Each function says what went
 * wrong on the standard error, with the file's name.
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

/* qttt_outfiles_input_at(): an input's name as given, or NULL. */
const char *input_at(const char *path);

/* qttt_make_dirs(): 0, or -1 after a message. */
int	 make_dirs(const char *dir);

/*
 * qttt_outfiles_open() with flags QTTT_OUT_DEFER and QTTT_OUT_REWRITE:
 * the stream, or NULL after a message.
 */
FILE	*out_open(const char *path, unsigned int flags);

/*
 * qttt_outfiles_close(): 1 if the file was put in place or kept, 0 if
 * not, -1 after a message if a write failed.
 */
int	 out_close(FILE *, int keep);

/*
 * qttt_outfiles_finish(): every file closed with QTTT_OUT_DEFER put in
 * place if keep is set, else removed.  Returns 0, or -1 after a
 * message for each that failed.
 */
int	 out_finish(int keep);

#endif /* !QTTT_OUTFILE_H */
