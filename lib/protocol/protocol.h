/*
 * The protocol layer's private declarations (protocol/): what the
 * engine protocol's modules share; never included by cmd/.  Private
 * names start with qttt__protocol_.
 */
#ifndef QTTT_PROTOCOL_H
#define QTTT_PROTOCOL_H

#include "qttt.h"

/*
 * Whether the text of an option's name is name: names compare without
 * regard to ASCII case, as UCI's (formats/engine-protocol.md,
 * section 3; qtp.c).
 */
int	 qttt__protocol_name_is(const struct qttt_qtp_text *, const char *name);

#endif /* !QTTT_PROTOCOL_H */
