/*
 * Inputs for the reader tests: a text in a temporary file, read and
 * played game by game through the library's input layer.
 */
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "check_qttt.h"

void
input_open(struct input *in, const char *data, size_t n,
    enum qttt_format fmt, struct qttt_record *rec, struct qttt_game *game)
{
	in->rec = rec;
	in->game = game;
	in->errors = 0;
	ck_assert_ptr_nonnull(in->f = tmpfile());
	ck_assert_uint_eq(fwrite(data, 1, n, in->f), n);
	ck_assert_int_eq(fflush(in->f), 0);
	rewind(in->f);
	ck_assert_ptr_nonnull(in->r = qttt_reader_open(fileno(in->f), fmt));
}

int
input_next(struct input *in)
{
	int	 k;

	k = qttt_reader_next(in->r, in->rec);
	ck_assert_int_ne(k, -1);
	if (k == 1)
		in->errors = qttt_record_play(in->rec, in->game);
	return k;
}

void
input_close(struct input *in)
{
	qttt_reader_close(in->r);
	fclose(in->f);
}

void
input_dump_diags(const char *name, const struct qttt_record *r)
{
	size_t	 i;

	for (i = 0; i < r->ndiags; i++)
		fprintf(stderr, "%s: %lu:%lu: %s [%s]\n", name,
		    r->diags[i].line + 1, r->diags[i].col + 1,
		    r->diags[i].msg, qttt_code_name(r->diags[i].code));
}

const char *
input_canonical(const struct qttt_game *g)
{
	static char	 buf[QTTT_RECORD_MAX];

	qttt_game_format(g, buf, sizeof(buf));
	return buf;
}

int
write_to(FILE *f, enum qttt_format to, const struct qttt_game *g,
    const struct qttt_extras *ex)
{
	return qttt_record_write(f, to, g, ex, NULL);
}

FILE *
out_open(struct out *o)
{
	o->buf = NULL;
	o->len = 0;
	o->f = open_memstream(&o->buf, &o->len);
	ck_assert_ptr_nonnull(o->f);
	return o->f;
}

char *
out_close(struct out *o)
{
	ck_assert_int_eq(fclose(o->f), 0);
	return o->buf;
}

size_t
occurrences(const char *hay, const char *needle)
{
	size_t	 n = 0;

	while ((hay = strstr(hay, needle)) != NULL) {
		n++;
		hay += strlen(needle);
	}
	return n;
}

char *
svg_of(const struct qttt_state *st, const struct qttt_action *plies,
    size_t n, const struct qttt_render_opts *o)
{
	struct out	 out;

	ck_assert_int_eq(qttt_render_svg(out_open(&out), st, plies, n, o), 0);
	return out_close(&out);
}
