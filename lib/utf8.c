/*
 * UTF-8 validation, for every reader and writer of text.
 */
#include <stddef.h>

#include "internal.h"

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

