/*
 * The drawing options of a viewer page as text (web.h): html.c writes
 * them into the page, the page's module reads them back, so that a
 * position drawn in the page is what qttt-render -T svg draws with the
 * same options.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "web/web.h"

static const char *const coords_name[] = { "none", "a1", "goff" };
static const char *const theme_name[] = { "light", "dark", "mono" };
static const char *const flip_name[] = { "none", "h", "v" };

/* The markup as qttt_markup_parse() reads it. */
static void
markup_write(FILE *f, const struct qttt_markup *m)
{
	static const char *const kind[] = { "fill", "outline", "arrow",
	    "label" };
	int	 sq;

	fputs("markup ", f);
	fputs(kind[m->kind <= QTTT_MARKUP_LABEL ? m->kind : 0], f);
	if (m->colour[0] != '\0')
		fprintf(f, "=%s", m->colour);
	switch (m->kind) {
	case QTTT_MARKUP_ARROW:
		fprintf(f, " %s %s", qttt_square_name(m->from),
		    qttt_square_name(m->to));
		break;
	case QTTT_MARKUP_LABEL:
		fprintf(f, " %s %s", qttt_square_name(m->from), m->text);
		break;
	default:
		for (sq = 0; sq < QTTT_NSQUARES; sq++)
			if (m->squares & (1u << sq))
				fprintf(f, " %s", qttt_square_name(sq));
		break;
	}
	putc('\n', f);
}

int
qttt__web_options_write(FILE *f, const struct qttt_render_opts *o)
{
	size_t	 i;

	fprintf(f, "coords %s\ntheme %s\nrotate %d\nflip %s\nbare %d\n"
	    "highlight %d\n",
	    coords_name[o->coords <= QTTT_COORDS_GOFF ? o->coords : 0],
	    theme_name[o->theme <= QTTT_THEME_MONO ? o->theme : 0],
	    o->rotate, flip_name[o->flip <= QTTT_FLIP_V ? o->flip : 0],
	    o->bare != 0, o->highlight != 0);
	for (i = 0; i < o->nmarkup; i++)
		markup_write(f, &o->markup[i]);
	if (o->css != NULL)
		fprintf(f, "css %s", o->css);
	return ferror(f) ? -1 : 0;
}

/* The index of word (n bytes) in names, or -1. */
static int
name_of(const char *word, size_t n, const char *const *names, int count)
{
	int	 i;

	for (i = 0; i < count; i++)
		if (strlen(names[i]) == n && memcmp(word, names[i], n) == 0)
			return i;
	return -1;
}

int
qttt__web_options_read(char *text, size_t len, struct qttt_render_opts *o,
    struct qttt_markup *markup, char *msg, size_t n)
{
	struct qttt_diag d;
	char		*s = text, *end = text + len, *nl, *sp;
	size_t		 k;
	int		 v;

	qttt_render_defaults(o);
	o->markup = markup;
	text[len] = '\0';
	while (s < end) {
		if ((sp = memchr(s, ' ', end - s)) == NULL)
			sp = end;
		k = sp - s;
		if (k == 3 && memcmp(s, "css", 3) == 0 && sp < end) {
			/* The rest, with its line breaks. */
			o->css = sp + 1;
			return 0;
		}
		if ((nl = memchr(s, '\n', end - s)) == NULL)
			nl = end;
		if (sp > nl || sp == end) {
			snprintf(msg, n, "option without a value: %.*s",
			    (int)(nl - s), s);
			return -1;
		}
		*nl = '\0';
		sp++;
		v = -1;
		if (k == 6 && memcmp(s, "coords", 6) == 0)
			v = o->coords = name_of(sp, nl - sp, coords_name, 3);
		else if (k == 5 && memcmp(s, "theme", 5) == 0)
			v = o->theme = name_of(sp, nl - sp, theme_name, 3);
		else if (k == 4 && memcmp(s, "flip", 4) == 0)
			v = o->flip = name_of(sp, nl - sp, flip_name, 3);
		else if (k == 6 && memcmp(s, "rotate", 6) == 0)
			v = o->rotate = name_of(sp, nl - sp, (const char *[])
			    { "0", "90", "180", "270" }, 4) * 90;
		else if (k == 4 && memcmp(s, "bare", 4) == 0)
			v = o->bare = name_of(sp, nl - sp, (const char *[])
			    { "0", "1" }, 2);
		else if (k == 9 && memcmp(s, "highlight", 9) == 0)
			v = o->highlight = name_of(sp, nl - sp,
			    (const char *[]){ "0", "1" }, 2);
		else if (k == 6 && memcmp(s, "markup", 6) == 0) {
			if (o->nmarkup == QTTT__WEB_MARKUP) {
				snprintf(msg, n, "more than %d markup items",
				    QTTT__WEB_MARKUP);
				return -1;
			}
			if (qttt_markup_parse(sp, &markup[o->nmarkup], &d)
			    != 0) {
				snprintf(msg, n, "markup %s: %s", sp, d.msg);
				return -1;
			}
			v = o->nmarkup++;
		}
		if (v < 0) {
			snprintf(msg, n, "bad option: %.*s %s", (int)k, s, sp);
			return -1;
		}
		s = nl + 1;
	}
	return 0;
}
