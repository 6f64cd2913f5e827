/*
 * The JSON back end of the structured emitter (output/output.h): what
 * is not inline.  emit_yaml.c is the YAML one, and neither knows the
 * other: the emitter's inline front calls one or the other.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "text/text.h"
#include "output/output.h"

const char qttt__output_emit_pairs[200] =
    "00010203040506070809101112131415161718192021222324"
    "25262728293031323334353637383940414243444546474849"
    "50515253545556575859606162636465666768697071727374"
    "75767778798081828384858687888990919293949596979899";

/* Appends the two digits of r (0 to 99), or r's one digit (0 to 9). */
static inline char *
put_pair(char *p, unsigned int r)
{
	memcpy(p, qttt__output_emit_pairs + 2 * r, 2);
	return p + 2;
}

static inline char *
put_digits(char *p, unsigned int r)
{
	if (r < 10) {
		*p = '0' + r;
		return p + 1;
	}
	return put_pair(p, r);
}

/*
 * A number in decimal, two digits at a time.  Below a million (a
 * game's number and line, nearly always), with no division: n / 10^4
 * in fixed point, 32 bits of fraction, whose pairs of digits a
 * multiplication by 100 brings up in turn (429497 is 2^32 / 10^4
 * rounded up, and its error stays below 10^-4 for n < 10^6:
 * test_uint_text tries every n).  Otherwise its length first,
 * then the digits from the last.
 */
char *
qttt__output_emit_uint_text(char *p, unsigned long n)
{
	const char	*pairs = qttt__output_emit_pairs;
	unsigned long	 t;
	unsigned int	 r, u;
	uint64_t	 y;
	int		 len;
	char		*end;

	if (n < 100)
		return put_digits(p, n);
	if (n < 1000000) {
		y = n * UINT64_C(429497);
		if ((y >> 32) != 0) {
			p = put_digits(p, y >> 32);
			y = (uint32_t)y * UINT64_C(100);
			p = put_pair(p, y >> 32);
		} else {
			y = (uint32_t)y * UINT64_C(100);
			p = put_digits(p, y >> 32);
		}
		y = (uint32_t)y * UINT64_C(100);
		return put_pair(p, y >> 32);
	}
	for (len = 7, t = 10000000; len < 20 && n >= t; len++, t *= 10)
		continue;
	end = p + len;
	for (p = end; n > UINT_MAX; n /= 100) {
		r = n % 100;
		*--p = pairs[2 * r + 1];
		*--p = pairs[2 * r];
	}
	/* The rest in 32 bits, which divide faster. */
	for (u = n; u >= 100; u /= 100) {
		r = u % 100;
		*--p = pairs[2 * r + 1];
		*--p = pairs[2 * r];
	}
	n = u;
	if (n >= 10) {
		*--p = pairs[2 * n + 1];
		*--p = pairs[2 * n];
	} else
		*--p = '0' + n;
	return end;
}

static void
sink_write(struct json_sink *s, size_t n)
{
	s->counted += n;
	if (n > 0 && s->f != NULL && fwrite(s->buf, 1, n, s->f) != n)
		s->failed = 1;
}

char *
qttt__output_emit_spill(struct json_sink *s, char *p)
{
	size_t		 len = p - s->buf;

	if (len < 2)
		return p;
	sink_write(s, len - 1);
	s->buf[0] = s->buf[len - 1];
	return s->buf + 1;
}

int
qttt__output_json_sink_flush(struct json_sink *s)
{
	sink_write(s, s->len);
	s->len = 0;
	return s->failed ? -1 : 0;
}

char *
qttt__output_emit_escaped(struct json_sink *js, char *p, const char *s,
    size_t n)
{
	/* What comes before it is a key or '[': nothing to look back at. */
	sink_write(js, p - js->buf);
	if (js->f == NULL)
		js->counted += qttt__text_json_string_len(s, n);
	else if (qttt_json_string(js->f, s, n) == -1)
		js->failed = 1;
	p = js->buf;
	*p++ = ',';
	return p;
}

char *
qttt__output_emit_raw(struct json_sink *js, char *p, const char *s, size_t n)
{
	sink_write(js, p - js->buf);
	js->counted += n;
	if (js->f != NULL && fwrite(s, 1, n, js->f) != n)
		js->failed = 1;
	p = js->buf;
	*p++ = ',';
	return p;
}

int
qttt__output_json_literal(const char *s, size_t n)
{
	size_t	 i = 0, d;

	if ((n == 4 && memcmp(s, "true", 4) == 0) ||
	    (n == 5 && memcmp(s, "false", 5) == 0) ||
	    (n == 4 && memcmp(s, "null", 4) == 0))
		return 1;
	if (i < n && s[i] == '-')
		i++;
	if (i < n && s[i] == '0')
		i++;
	else {
		for (d = i; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			continue;
		if (i == d)
			return 0;
	}
	if (i < n && s[i] == '.') {
		for (d = ++i; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			continue;
		if (i == d)
			return 0;
	}
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		i++;
		if (i < n && (s[i] == '+' || s[i] == '-'))
			i++;
		for (d = i; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			continue;
		if (i == d)
			return 0;
	}
	return i == n;
}
