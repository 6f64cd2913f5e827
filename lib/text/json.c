/*
 * JSON string output, shared by every writer of JSON.
 */
#include <stdio.h>

#include "qttt.h"
#include "text/text.h"

int
qttt_json_string(FILE *f, const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned long	 cp;
	size_t		 i, k;

	putc('"', f);
	for (i = 0; i < len; i++) {
		switch (s[i]) {
		case '"':
			fputs("\\\"", f);
			continue;
		case '\\':
			fputs("\\\\", f);
			continue;
		case '\n':
			fputs("\\n", f);
			continue;
		case '\t':
			fputs("\\t", f);
			continue;
		case '\r':
			fputs("\\r", f);
			continue;
		default:
			break;
		}
		if (s[i] < 0x20 || s[i] == 0x7f)
			fprintf(f, "\\u%04x", s[i]);
		else if (s[i] < 0x80)
			putc(s[i], f);
		else if ((k = qttt_utf8_len(s + i, len - i)) > 0) {
			/* C1 controls, U+2028 and their kin are escaped,
			 * so that YAML readers read the text back. */
			if ((cp = qttt__text_utf8_refused(s + i, k)) != 0)
				fprintf(f, "\\u%04lx", cp);
			else
				fwrite(s + i, 1, k, f);
			i += k - 1;
		} else
			fputs("\\ufffd", f);
	}
	putc('"', f);
	return ferror(f) ? -1 : 0;
}

size_t
qttt__text_json_string_len(const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t		 i, k, n = 2;

	/* What qttt_json_string() writes for each byte or character. */
	for (i = 0; i < len; i++) {
		if (s[i] == '"' || s[i] == '\\' || s[i] == '\n' ||
		    s[i] == '\t' || s[i] == '\r')
			n += 2;
		else if (s[i] < 0x20 || s[i] == 0x7f)
			n += 6;
		else if (s[i] < 0x80)
			n++;
		else if ((k = qttt_utf8_len(s + i, len - i)) > 0) {
			n += qttt__text_utf8_refused(s + i, k) != 0 ? 6 : k;
			i += k - 1;
		} else
			n += 6;
	}
	return n;
}
