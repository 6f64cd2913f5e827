/*
 * The text layer's private declarations (text/), for the library's
 * own use: never included by cmd/.  Private names start with
 * qttt__text_.
 */
#ifndef QTTT_TEXT_H
#define QTTT_TEXT_H

#include <stddef.h>

/*
 * Length of the valid UTF-8 sequence of a non-ASCII character at s (n
 * bytes available, n > 0), or 0 if it is not valid: overlong forms,
 * surrogates and code points beyond U+10FFFF are refused (utf8.c).
 */
size_t	 qttt__text_utf8_len(const unsigned char *s, size_t n);

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
/* The SHA-256 hash of n bytes at data, 32 bytes into out (sha256.c). */
void	 qttt__text_sha256(const void *data, size_t n, unsigned char out[32]);
/*
 * n bytes in base64 (RFC 4648, with '=' padding), NUL-terminated, into
 * out of 4 * ((n + 2) / 3) + 1 bytes; returns the length (sha256.c).
 */
size_t	 qttt__text_base64(const unsigned char *s, size_t n, char *out);

#endif /* !QTTT_TEXT_H */
