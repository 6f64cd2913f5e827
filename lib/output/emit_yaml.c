/*
 * The YAML back end of the structured emitter (output/output.h), on
 * libyaml's emitter; emit_json.c is the JSON one, and neither knows
 * the other: the emitter's inline front calls one or the other.
 * libyaml is used in two files of the library: here, for everything
 * that writes YAML (the state stream of qttt-replay -T yaml and the
 * records of qttt_record_write), and lib/notation/yaml.c, the reader
 * of YAML and JSON records.  Each keeps its side of libyaml (events
 * emitted, events parsed) behind functions of its own, so no other
 * file needs yaml.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "qttt.h"
#include "text/text.h"
#include "notation/notation.h"
#include "output/output.h"

struct yaml_out {
	yaml_emitter_t	 em;
	enum yaml_style	 style;
	int		 failed;
	FILE		*f;		/* NULL: bytes only counted */
	size_t		 counted;
};

/* libyaml's output handler of a yaml_out that counts. */
static int
count_output(void *data, unsigned char *buf, size_t n)
{
	struct yaml_out	*y = data;

	(void)buf;
	y->counted += n;
	return 1;
}

/* Emits an event made by an initializer that returned made. */
static void
emit(struct yaml_out *y, yaml_event_t *ev, int made)
{
	if (!made)
		y->failed = 1;
	else if (y->failed)
		yaml_event_delete(ev);
	else if (!yaml_emitter_emit(&y->em, ev))
		y->failed = 1;
}

struct yaml_out *
qttt__output_yaml_out_open(FILE *f, enum yaml_style style)
{
	struct yaml_out	*y;
	yaml_event_t	 ev;

	if ((y = calloc(1, sizeof(*y))) == NULL)
		return NULL;
	if (!yaml_emitter_initialize(&y->em)) {
		free(y);
		return NULL;
	}
	y->style = style;
	y->f = f;
	if (f != NULL)
		yaml_emitter_set_output_file(&y->em, f);
	else
		yaml_emitter_set_output(&y->em, count_output, y);
	yaml_emitter_set_unicode(&y->em, 1);
	/* A state on as few lines as it takes; a record as libyaml folds. */
	if (style == YAML_STATES)
		yaml_emitter_set_width(&y->em, -1);
	emit(y, &ev, yaml_stream_start_event_initialize(&ev,
	    YAML_UTF8_ENCODING));
	return y;
}

int
qttt__output_yaml_out_close(struct yaml_out *y)
{
	yaml_event_t	 ev;
	int		 failed;

	if (y == NULL)
		return 0;
	emit(y, &ev, yaml_stream_end_event_initialize(&ev));
	if (!y->failed && !yaml_emitter_flush(&y->em))
		y->failed = 1;
	failed = y->failed || (y->f != NULL && ferror(y->f));
	yaml_emitter_delete(&y->em);
	free(y);
	return failed ? -1 : 0;
}

size_t
qttt__output_yaml_out_counted(const struct yaml_out *y)
{
	return y->counted;
}

void
qttt__output_yaml_out_doc_start(struct yaml_out *y)
{
	yaml_event_t	 ev;

	emit(y, &ev, yaml_document_start_event_initialize(&ev, NULL, NULL,
	    NULL, 0));
}

int
qttt__output_yaml_out_doc_end(struct yaml_out *y)
{
	yaml_event_t	 ev;

	emit(y, &ev, yaml_document_end_event_initialize(&ev, 1));
	/* Each document reaches the stream as it is made. */
	if (!y->failed && !yaml_emitter_flush(&y->em))
		y->failed = 1;
	return y->failed ? -1 : 0;
}

void
qttt__output_yaml_out_map(struct yaml_out *y)
{
	yaml_event_t	 ev;

	/* libyaml writes a mapping inside a flow list in flow style. */
	emit(y, &ev, yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1,
	    YAML_BLOCK_MAPPING_STYLE));
}

void
qttt__output_yaml_out_map_flow(struct yaml_out *y)
{
	yaml_event_t	 ev;

	emit(y, &ev, yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1,
	    YAML_FLOW_MAPPING_STYLE));
}

void
qttt__output_yaml_out_seq(struct yaml_out *y, int flow)
{
	yaml_event_t	 ev;

	emit(y, &ev, yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1,
	    flow ? YAML_FLOW_SEQUENCE_STYLE : YAML_BLOCK_SEQUENCE_STYLE));
}

void
qttt__output_yaml_out_end(struct yaml_out *y, int map)
{
	yaml_event_t	 ev;

	if (map)
		emit(y, &ev, yaml_mapping_end_event_initialize(&ev));
	else
		emit(y, &ev, yaml_sequence_end_event_initialize(&ev));
}

/*
 * Whether a value holds a character that only escapes can write so
 * that the reader takes it back: a control character but tab and line
 * feed, or one that it refuses in a line (qttt__text_utf8_refused).
 */
static int
needs_escapes(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t		 i, k;

	for (i = 0; i < n; i += k) {
		k = 1;
		if (s[i] == '\t' || s[i] == '\n' ||
		    (s[i] >= 0x20 && s[i] < 0x7f))
			continue;
		if (s[i] < 0x80 || (k = qttt__text_utf8_len(s + i, n - i)) == 0 ||
		    qttt__text_utf8_refused(s + i, k) != 0)
			return 1;
	}
	return 0;
}

/*
 * A record's scalar.  A plain value (from the input) is left to the
 * emitter; a string is quoted only if it must be; a value of several
 * lines, plain or not, is a literal block (the emitter would quote a
 * plain one, which then reads back as a string and writes as a block).
 * A key that would start a line the reader takes for a record of the
 * line notation ("X1 a1 b1: 1") is quoted.
 */
static void
record_scalar(struct yaml_out *y, const char *s, size_t n, int plain,
    int key)
{
	yaml_event_t	 ev;
	yaml_scalar_style_t style = YAML_ANY_SCALAR_STYLE;
	int		 plain_ok = plain || !qttt__notation_scalar_typed(s, n);

	if (key && qttt__notation_record_line(s, n))
		plain_ok = 0;

	if (memchr(s, '\n', n) != NULL)
		style = YAML_LITERAL_SCALAR_STYLE;
	if (needs_escapes(s, n))
		style = YAML_DOUBLE_QUOTED_SCALAR_STYLE;
	emit(y, &ev, yaml_scalar_event_initialize(&ev, NULL, NULL,
	    (yaml_char_t *)s, (int)n, plain_ok, 1, style));
}

/*
 * A state's string: text as the JSON Lines output holds it (a byte
 * that is not valid UTF-8 becomes U+FFFD, as qttt_json_string()
 * writes it), quoted only if a reader would take it for something
 * else.
 */
static void
state_string(struct yaml_out *y, const char *s, size_t n, int text)
{
	static const char fffd[] = "\xef\xbf\xbd";
	yaml_event_t	 ev;
	char		*fixed = NULL, *p;
	size_t		 i, k;

	for (i = 0; text && i < n; i += k) {
		k = 1;
		if ((unsigned char)s[i] >= 0x80 &&
		    (k = qttt__text_utf8_len((const unsigned char *)s + i,
		    n - i)) == 0)
			break;
	}
	if (text && i < n) {
		if ((fixed = malloc(3 * n)) == NULL) {
			y->failed = 1;
			return;
		}
		for (p = fixed, i = 0; i < n; i += k) {
			k = 1;
			if ((unsigned char)s[i] < 0x80)
				*p++ = s[i];
			else if ((k = qttt__text_utf8_len((const unsigned char *)s +
			    i, n - i)) == 0) {
				memcpy(p, fffd, 3);
				p += 3;
				k = 1;
			} else {
				memcpy(p, s + i, k);
				p += k;
			}
		}
		s = fixed;
		n = p - fixed;
	}
	emit(y, &ev, yaml_scalar_event_initialize(&ev, NULL, NULL,
	    (const yaml_char_t *)s, (int)n, 1, 1,
	    qttt__notation_scalar_typed(s, n) ?
	    YAML_DOUBLE_QUOTED_SCALAR_STYLE : YAML_ANY_SCALAR_STYLE));
	free(fixed);
}

void
qttt__output_yaml_out_scalar(struct yaml_out *y, const char *s, size_t n,
    enum yaml_kind kind)
{
	yaml_event_t	 ev;

	if (y->failed)
		return;
	if (kind == Y_LIT)
		emit(y, &ev, yaml_scalar_event_initialize(&ev, NULL, NULL,
		    (const yaml_char_t *)s, (int)n, 1, 0,
		    YAML_PLAIN_SCALAR_STYLE));
	else if (y->style == YAML_STATES)
		state_string(y, s, n, kind == Y_TEXT);
	else
		record_scalar(y, s, n, kind != Y_TEXT && kind != Y_QUOTED &&
		    kind != Y_KEYTEXT, kind == Y_KEYTEXT);
}
