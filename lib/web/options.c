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

/* The drawing options the page names, as qttt_render_option() does. */
static const char *const drawing[] = {
	"coords", "theme", "rotate", "flip", "bare", "highlight"
};
#define NDRAWING	(sizeof(drawing) / sizeof(drawing[0]))

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

	for (i = 0; i < NDRAWING; i++)
		fprintf(f, "%s %s\n", drawing[i],
		    qttt_render_option_name(o, drawing[i]));
	for (i = 0; i < o->nmarkup; i++)
		markup_write(f, &o->markup[i]);
	if (o->css != NULL)
		fprintf(f, "css %s", o->css);
	return ferror(f) ? -1 : 0;
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
		s[k] = '\0';
		if (qttt_render_option(o, s, sp, &d) == 0)
			v = 0;
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
			snprintf(msg, n, "bad option: %s %s", s, sp);
			return -1;
		}
		s = nl + 1;
	}
	return 0;
}
