/*
 * The collection layer's private declarations (collection/): what
 * its modules share.  Never included by cmd/.  Private names start
 * with qttt__collection_.
 */
#ifndef QTTT_COLLECTION_H
#define QTTT_COLLECTION_H

#include "qttt.h"

/*
 * Fills d (unless it is NULL) with an error of code at byte col of an
 * argument, its message formatted as printf.  Returns -1, for the
 * parser to return.
 */
int	 qttt__collection_error(struct qttt_diag *d, enum qttt_code code,
	    size_t col, const char *fmt, ...) QTTT_PRINTF(4, 5);

/*
 * Writes the character at s into buf (of at least 8 bytes) as a
 * message shows it: 'x', or \xHH for a byte that is not printable
 * ASCII.  Returns buf.
 */
char	*qttt__collection_char(const char *s, char buf[8]);

/*
 * The end of an item of a comma list at s[*i]: returns 1 at the end of
 * s, 0 at a comma (*i moved past it), or -1 with d filled in.
 */
int	 qttt__collection_list_next(const char *s, size_t *i,
	    struct qttt_diag *d);

#endif /* !QTTT_COLLECTION_H */
