/*
 * Text helpers for every layer above: UTF-8 validation, the characters
 * that YAML refuses, and copying text out as snprintf would.
 */
#include <stddef.h>
#include <string.h>

#include "qttt.h"
#include "text/text.h"

/* Length of the valid UTF-8 sequence at s, or 0. */
size_t
qttt_utf8_len(const unsigned char *s, size_t n)
{
	size_t	 need, k;
	unsigned int cp;

	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		need = 1, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		need = 2, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		need = 3, cp = s[0] & 0x07;
	else
		return 0;
	if (need >= n)
		return 0;
	for (k = 1; k <= need; k++) {
		if ((s[k] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[k] & 0x3f);
	}
	if ((need == 2 && cp < 0x800) || (need == 3 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return need + 1;
}

/* The code point of a valid UTF-8 sequence of k bytes, k >= 2. */
static unsigned long
code_point(const unsigned char *s, size_t k)
{
	unsigned long	 cp;
	size_t		 i;

	cp = s[0] & (0xff >> (k + 1));
	for (i = 1; i < k; i++)
		cp = (cp << 6) | (s[i] & 0x3f);
	return cp;
}

unsigned long
qttt__text_utf8_refused(const unsigned char *s, size_t k)
{
	unsigned long	 cp = code_point(s, k);

	if (cp < 0xa0 || cp == 0x2028 || cp == 0x2029 || cp == 0xfeff ||
	    cp == 0xfffe || cp == 0xffff)
		return cp;
	return 0;
}

/*
 * The first byte of a line that every reader refuses: a NUL, a control
 * character but tab (C1 controls U+0080..U+009F included), a byte of
 * invalid UTF-8, or a character that YAML refuses too
 * (qttt__text_utf8_refused(): U+2028, U+2029, U+FEFF, U+FFFE, U+FFFF), so
 * that every line holds text that every format's comments can hold.
 * Returns len if there is none.
 */
size_t
qttt__text_bad_byte(const unsigned char *s, size_t len)
{
	size_t	 i, k;

	for (i = 0; i < len; i++) {
		if ((s[i] >= 0x20 && s[i] < 0x7f) || s[i] == '\t')
			continue;
		if (s[i] < 0x80 || (k = qttt_utf8_len(s + i, len - i)) == 0 ||
		    qttt__text_utf8_refused(s + i, k) != 0)
			return i;
		i += k - 1;
	}
	return len;
}

int
qttt__text_copy_out(char *buf, size_t n, const char *text, size_t len)
{
	if (n > 0) {
		n = len < n ? len : n - 1;
		memcpy(buf, text, n);
		buf[n] = '\0';
	}
	return (int)len;
}
