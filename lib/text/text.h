/*
 * The text layer's private declarations (text/), for the library's
 * own use: never included by cmd/.  Private names start with
 * qttt__text_.
 */
#ifndef QTTT_TEXT_H
#define QTTT_TEXT_H

#include <stddef.h>

/*
 * qttt__text_copy_out() gives len bytes of text to buf of size n as
 * snprintf would, and returns len (utf8.c).
 */
int	 qttt__text_copy_out(char *buf, size_t n, const char *text,
	    size_t len);

/*
 * If the valid UTF-8 character of k bytes at s is one the YAML reader
 * refuses in its input (a C1 control, a character libyaml takes for a
 * line break, U+FEFF, U+FFFE, U+FFFF), its code point; else 0.  The
 * writers of JSON and YAML escape these (text/utf8.c).
 */
unsigned long qttt__text_utf8_refused(const unsigned char *s, size_t k);
/*
 * The first byte of len that no reader takes in a line (a NUL, a
 * control character but tab, invalid UTF-8, a character of
 * qttt__text_utf8_refused), or len if there is none (text/utf8.c).
 */
size_t	 qttt__text_bad_byte(const unsigned char *s, size_t len);
/* The bytes qttt_json_string() writes for s, quotes included (json.c). */
size_t	 qttt__text_json_string_len(const char *s, size_t len);

#endif /* !QTTT_TEXT_H */
