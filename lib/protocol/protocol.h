/*
 * The protocol layer's private declarations (protocol/): what the
 * engine protocol's modules share; never included by cmd/.  Private
 * names start with qttt__protocol_.
 */
#ifndef QTTT_PROTOCOL_H
#define QTTT_PROTOCOL_H

#include "qttt.h"

/*
 * A line being written into a buffer as snprintf writes (qtp.c): buf
 * of size n gets what fits, len counts all that was put, and bad is
 * set by a writer that finds what it was given cannot be written.
 * qttt__protocol_put() adds len bytes at s; qttt__protocol_end() puts
 * the NUL and returns the length, or -1 if bad or over max bytes.
 */
struct line_out {
	char	*buf;
	size_t	 n;
	size_t	 len;
	int	 bad;
};

void	 qttt__protocol_put(struct line_out *, const char *s, size_t len);
int	 qttt__protocol_end(struct line_out *, size_t max);

/*
 * The last action a peer sent (qttt_peer_action()) as it wrote it, to
 * quote in a diagnostic: a longer one is cut short with "...".
 */
#define QTTT__PROTOCOL_SAID_MAX	48
const char *qttt__protocol_peer_said(const struct qttt_peer *);

/*
 * The profile a raw peer (the compliance checks) is to play: what
 * qttt_peer_plays() then answers from the Rules option it reads, and
 * the engine's own spelling of that profile, the first of its values
 * that names it ("" if none).
 */
void	 qttt__protocol_peer_rules(struct qttt_peer *, unsigned int rules);
const char *qttt__protocol_peer_spelling(const struct qttt_peer *);

#endif /* !QTTT_PROTOCOL_H */
