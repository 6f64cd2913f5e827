/*
 * The viewer page (formats/viewer.md): one HTML document of the games
 * put into it.  It carries every game's record in the line notation,
 * which the page's script reads with the library itself, built into
 * the page as a WebAssembly module (module.c), to step through the
 * games, draw any position on demand, analyse it and play from it.
 * Without scripts the records stand as a numbered list, and the first
 * QTTT_HTML_DRAWN games are drawn in full: every position, drawn by the
 * SVG writer of render_svg.c, with the listing's words for each ply.
 *
 * Those diagrams are copied into the page without their XML
 * declaration and without the colours and fonts the page's style sheet
 * gives by class (formats/render.md): so one diagram serves the light,
 * dark and mono themes.  The page is written as the games come, and
 * keeps nothing of a game once it is written.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "text/text.h"
#include "engine/engine.h"
#include "output/output.h"
#include "render/render.h"
#include "web/web.h"

struct qttt_html {
	FILE			*f;
	struct qttt_html_opts	 o;
	int			 started;	/* the head is written */
	char			*file;		/* of the last game put */
	unsigned long		 last;		/* its number */
	unsigned int		 nfiles;	/* inputs seen so far */
	unsigned long		 ngames;
	int			 bad;		/* an error: write no more */
	/* The list of records open (not drawn games), and its input. */
	int			 listing;
	unsigned int		 listfile;
	unsigned int		 listrules;	/* its state strings' profile */
	int			 more;		/* its heading is written */
	unsigned long		 lastline;	/* of the last record */
	/* The diagnostics of the game being put, if it is invalid. */
	char			*diags;
	size_t			 ndiags;
};

/*
 * Text for the page: markup characters escaped, control characters
 * (line breaks among them) as spaces, bytes that are not UTF-8 as
 * U+FFFD.
 */
static void
html_text(FILE *f, const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t		 i, k;

	for (i = 0; i < n; i++) {
		if (u[i] >= 0x80) {
			if ((k = qttt__text_utf8_len(u + i, n - i)) == 0)
				fputs("\xef\xbf\xbd", f);
			else {
				fwrite(u + i, 1, k, f);
				i += k - 1;
			}
		} else if (u[i] == '&')
			fputs("&amp;", f);
		else if (u[i] == '<')
			fputs("&lt;", f);
		else if (u[i] == '>')
			fputs("&gt;", f);
		else if (u[i] == '"')
			fputs("&quot;", f);
		else if (u[i] < 0x20 || u[i] == 0x7f)
			putc(' ', f);
		else
			putc(u[i], f);
	}
}

static void
html_str(FILE *f, const char *s)
{
	html_text(f, s, strlen(s));
}

/*
 * Text for an attribute's value: html_text(), its line breaks kept.
 * html_text() takes the runs between them whole, so that a character
 * of several bytes stays one.
 */
static void
html_attr(FILE *f, const char *s, size_t n)
{
	size_t	 i, run = 0;

	for (i = 0; i <= n; i++)
		if (i == n || s[i] == '\n' || s[i] == '\r') {
			html_text(f, s + run, i - run);
			if (i < n)
				fputs(s[i] == '\n' ? "&#10;" : "&#13;", f);
			run = i + 1;
		}
}

/*
 * An attribute the style sheet gives (css_diagram): a colour of the
 * palette, a font, the weight of a mark, the anchor of a text in the
 * middle (the coordinates' anchor is their group's).  Returns its
 * length, 0 if s does not start with one.
 */
static size_t
styled_attribute(const char *s, int in_text)
{
	static const struct {
		const char	*name;
		int		 text;	/* only in a <text> */
	} attrs[] = {
		{ " fill=\"#", 0 }, { " stroke=\"#", 0 },
		{ " font-family=\"", 0 }, { " font-weight=\"", 1 },
		{ " text-anchor=\"middle\"", 1 },
		{ " class=\"qttt-sub\"", 1 },
		/* What an SVG element in HTML has without saying. */
		{ " xmlns=\"", 0 }, { " version=\"", 0 },
		{ " qttt-theme-light", 0 },
	};
	const char	*end, *q;
	size_t		 i, k;

	for (i = 0; i < sizeof(attrs) / sizeof(attrs[0]); i++) {
		k = strlen(attrs[i].name);
		if ((!in_text && attrs[i].text) ||
		    strncmp(s, attrs[i].name, k) != 0)
			continue;
		/* A word of a class, or an attribute to its closing quote. */
		if ((q = strchr(attrs[i].name, '"')) == NULL)
			return k;
		if ((end = strchr(s + (q - attrs[i].name) + 1, '"')) != NULL)
			return end + 1 - s;
	}
	return 0;
}

/*
 * A diagram drawn by the SVG writer, as an element of the page.  Its
 * <desc> (the state string, the moves) goes, as the page says it in
 * words.  With an id, the elements of the page so named label it
 * (ID-t, the ply) and describe it (ID-w, the board in words) instead
 * of its <title>.  Line breaks between elements go.
 */
static void
put_svg(FILE *f, const char *s, size_t n, const char *id)
{
	const char	*end = s + n, *begin, *d;
	size_t		 k;
	int		 in_text = 0;

	if (strncmp(s, "<?xml", 5) == 0 && (s = memchr(s, '\n', n)) != NULL)
		s++;
	else if (s == NULL)
		return;
	begin = s;
	while (s < end) {
		if (*s == '<') {
			in_text = strncmp(s, "<text ", 6) == 0 ||
			    strncmp(s, "<tspan ", 7) == 0;
			if (strncmp(s, "<svg ", 5) == 0 && id != NULL) {
				fprintf(f, "<svg aria-labelledby=\"%s-t\" "
				    "aria-describedby=\"%s-w\"", id, id);
				s += 4;
				continue;
			}
			if (id != NULL && strncmp(s, "<title>", 7) == 0 &&
			    (d = strstr(s, "</title>")) != NULL) {
				s = d + 8;
				continue;
			}
			if (strncmp(s, "<desc>", 6) == 0 &&
			    (d = strstr(s, "</desc>")) != NULL) {
				s = d + 7;
				continue;
			}
		} else if (*s == '>')
			in_text = 0;
		else if (*s == '\n' && s > begin && s[-1] == '>' &&
		    s + 1 < end && s[1] == '<') {
			s++;
			continue;
		} else if (*s == ' ' &&
		    (k = styled_attribute(s, in_text)) > 0) {
			s += k;
			continue;
		}
		putc(*s++, f);
	}
}

/* Draws st (or its two outcomes, with preview) into the page. */
static int
draw(struct qttt_html *h, const struct qttt_state *st,
    const struct qttt_action *plies, size_t nplies, int preview,
    const struct qttt_record *award, const char *id)
{
	struct qttt_render_opts o = h->o.render;
	struct qttt__web_text c;
	int		 k;

	if (award != NULL) {
		o.awarded = &award->awarded;
		o.termination = award->termination;
	}
	o.theme = QTTT_THEME_LIGHT;
	o.preview = preview;
	o.width = 0;
	if (qttt__web_text_open(&c) == NULL)
		return -1;
	k = qttt_render_svg(c.f, st, plies, nplies, &o);
	if (qttt__web_text_end(&c) != 0 || k != 0) {
		free(c.buf);
		return -1;
	}
	put_svg(h->f, c.buf, c.len, id);
	free(c.buf);
	return 0;
}

/* ------------------------------------------------------------------ */
/* The head                                                             */
/* ------------------------------------------------------------------ */

static void
palette(FILE *f, const char *selector, enum qttt_theme t, const char *scheme)
{
	fprintf(f, "%s{color-scheme:%s;", selector, scheme);
	qttt__render_svg_css(f, t);
	fputs("}\n", f);
}

/*
 * The style sheet: the palettes of the SVG writer as custom properties,
 * then the page's own (viewer.css).
 */
static void
style(struct qttt_html *h)
{
	FILE	*f = h->f;

	fputs("<style>\n:root{", f);
	qttt__render_svg_fonts(f);
	fputs("}\n", f);
	palette(f, ":root,:root[data-theme=light]", QTTT_THEME_LIGHT,
	    "light");
	fputs("@media (prefers-color-scheme:dark){", f);
	palette(f, ":root[data-theme=auto]", QTTT_THEME_DARK, "dark");
	fputs("}\n", f);
	palette(f, ":root[data-theme=dark]", QTTT_THEME_DARK, "dark");
	palette(f, ":root[data-theme=mono]", QTTT_THEME_MONO, "light");
	/* Print saves the ink a dark background would take. */
	fputs("@media print{", f);
	palette(f, ":root[data-theme=auto],:root[data-theme=dark]",
	    QTTT_THEME_LIGHT, "light");
	fputs("}\n", f);
	fputs(qttt__web_css, f);
	fputs("</style>\n", f);
}

/*
 * The last part of a path: no directories, which the page would
 * publish (a page written from /home/me/games/club.qttt names
 * club.qttt).
 */
static const char *
base_name(const char *path)
{
	const char	*name;

	if ((name = strrchr(path, '/')) == NULL || name[1] == '\0')
		return path;
	return name + 1;
}

int
qttt_html_title(char *buf, size_t n, const char *const names[],
    size_t count)
{
	const char	*name;
	size_t		 i, shown = 0;
	int		 len = 0, k;

	if (n > 0)
		buf[0] = '\0';
	for (i = 0; i < count; i++) {
		if (strcmp(names[i], "-") == 0)
			continue;
		if (shown == 3) {
			k = snprintf(len < (int)n ? buf + len : NULL,
			    len < (int)n ? n - len : 0, " and %zu more",
			    count - i);
			return len + k;
		}
		name = base_name(names[i]);
		k = snprintf(len < (int)n ? buf + len : NULL,
		    len < (int)n ? n - len : 0, "%s%s", shown++ > 0 ? ", " :
		    "", name);
		len += k;
	}
	return len;
}

static const char *const theme_name[] = { "light", "dark", "mono" };

/*
 * The page's scripts, each as it stands between its <script> and
 * </script>: the first marks the page as scripted before the body (so
 * that what only a reader without scripts sees is never laid out for
 * one with them); the second, at the end, is qttt__web_js (module.js
 * and viewer.js).
 */
static const char first_script[] =
    "document.documentElement.classList.add('js')";

/* Allows script s by its hash in the page's policy: " 'sha256-BASE64'". */
static void
script_hash(FILE *f, const char *s)
{
	unsigned char	 hash[32];
	char		 b64[45];

	qttt__text_sha256(s, strlen(s), hash);
	qttt__text_base64(hash, sizeof(hash), b64);
	fprintf(f, " 'sha256-%s'", b64);
}

static void
head(struct qttt_html *h, const char *file)
{
	FILE		*f = h->f;
	enum qttt_theme	 t = h->o.render.theme;
	const char	*title = h->o.title;
	char		 named[256];

	if (title == NULL && file != NULL) {
		qttt_html_title(named, sizeof(named), &file, 1);
		title = named;
	}
	fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\" data-theme=\"%s\">\n"
	    "<head>\n<meta charset=\"utf-8\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width, "
	    "initial-scale=1\">\n"
	    "<meta http-equiv=\"Content-Security-Policy\" content=\""
	    "default-src 'none'; style-src 'unsafe-inline'; script-src",
	    h->o.follow && t == QTTT_THEME_LIGHT ? "auto" :
	    theme_name[t <= QTTT_THEME_MONO ? t : 0]);
	/* Its own scripts, by their hashes: no other script runs. */
	script_hash(f, first_script);
	script_hash(f, qttt__web_js);
	fprintf(f, " 'wasm-unsafe-eval'\">\n"
	    "<meta name=\"generator\" content=\"qttt %s\">\n<title>",
	    qttt_version());
	if (title != NULL && *title != '\0') {
		html_str(f, title);
		fputs(" \xe2\x80\x94 ", f);
	}
	fprintf(f, "Quantum Tic-Tac-Toe</title>\n<script>%s</script>\n",
	    first_script);
	style(h);
	fputs("</head>\n<body>\n<header>\n<h1>", f);
	if (title != NULL && *title != '\0') {
		html_str(f, title);
		fputs(": ", f);
	}
	fputs("Quantum Tic-Tac-Toe</h1>\n</header>\n"
	    "<main id=\"qttt-static\">\n", f);
}

/* The id of a game's section; its plies add "p" and the ply. */
static void
game_id(const struct qttt_html *h, unsigned long game, char *buf, size_t n)
{
	if (h->nfiles > 1)
		snprintf(buf, n, "f%ug%lu", h->nfiles, game);
	else
		snprintf(buf, n, "g%lu", game);
}

/* Lines of text, each a paragraph. */
static void
paragraphs(FILE *f, const char *s, size_t n)
{
	const char	*nl;

	while (n > 0) {
		if ((nl = memchr(s, '\n', n)) == NULL)
			nl = s + n;
		fputs("<p>", f);
		html_text(f, s, nl - s);
		fputs("</p>\n", f);
		n -= nl - s + (nl < s + n);
		s = nl + 1;
	}
}

/* What the listing says of a state and of the ply that led to it. */
static int
words(struct qttt_html *h, const struct qttt_replay *r, const char *id,
    size_t p, const struct qttt_state *before, const struct qttt_state *st,
    const struct qttt_record *award)
{
	struct qttt_line lines[QTTT_NLINES];
	struct qttt__web_text c;
	FILE		*f = h->f;
	const struct qttt_item *it;

	if (p > 0) {
		if (qttt__web_text_open(&c) == NULL)
			return -1;
		qttt__output_listing_note(c.f, r, p - 1, before, st);
		if (qttt__web_text_end(&c) != 0)
			return -1;
		if (c.len > 0) {
			fputs("<p>", f);
			html_text(f, c.buf, c.len);
			fputs(".</p>\n", f);
		}
		free(c.buf);
		if (r->rec != NULL && p - 1 < r->rec->nitems &&
		    (it = &r->rec->items[p - 1])->comment != NULL) {
			fputs("<p class=\"qttt-note\">", f);
			html_text(f, it->comment, it->commentlen);
			fputs("</p>\n", f);
		}
	}
	if (qttt__web_text_open(&c) == NULL)
		return -1;
	if (st->result.over || qttt_state_lines(st, lines) > 0)
		qttt__output_listing_lines(c.f, st);
	qttt__output_listing_result(c.f, st, award);
	if (qttt__web_text_end(&c) != 0)
		return -1;
	paragraphs(f, c.buf, c.len);
	free(c.buf);
	fprintf(f, "<details><summary>The board in words</summary>"
	    "<p id=\"%s-w\">", id);
	qttt__web_words(f, st);
	fputs("</p></details>\n", f);
	return 0;
}

/* One position: ply p of the game, after the state before. */
static int
ply(struct qttt_html *h, const struct qttt_replay *r, const char *id,
    size_t p, const struct qttt_state *before, const struct qttt_state *st)
{
	const struct qttt_game *g = r->game;
	/* The game's end: the result a forfeit or adjudication awarded. */
	const struct qttt_record *award = p == g->nplies ? r->rec : NULL;
	FILE		*f = h->f;
	char		 item[32], pid[64];

	if (p == 0)
		snprintf(item, sizeof(item), "%s", r->rec != NULL &&
		    r->rec->has_start ? "the position given" : "start");
	else
		qttt_action_format(&g->plies[p - 1], item, sizeof(item));
	snprintf(pid, sizeof(pid), "%sp%zu", id, p);
	fprintf(f, "<figure class=\"qttt-ply\" id=\"%s\" data-item=\"", pid);
	html_str(f, item);
	fputs("\">\n", f);
	if (draw(h, st, g->plies, p, 0, award, pid) != 0)
		return -1;
	fprintf(f, "<figcaption>\n<p><strong id=\"%s-t\">Ply %zu of %zu: ",
	    pid, p, g->nplies);
	html_str(f, item);
	fputs("</strong></p>\n", f);
	if (words(h, r, pid, p, before, st, award) != 0)
		return -1;
	fputs("</figcaption>\n", f);
	if (st->pending != 0 && !h->o.render.bare) {
		fputs("<div class=\"qttt-outcomes\">\n<h3>The two outcomes"
		    "</h3>\n", f);
		if (draw(h, st, g->plies, p, 1, NULL, NULL) != 0)
			return -1;
		if (p < g->nplies) {
			qttt_action_format(&g->plies[p], item, sizeof(item));
			fputs("<p>Played: ", f);
			html_str(f, item);
			fprintf(f, " (ply %zu).</p>\n", p + 1);
		}
		fputs("</div>\n", f);
	}
	fputs("</figure>\n", f);
	return 0;
}

/* The moves in the line notation, each a link to the position after it. */
static void
move_list(FILE *f, const struct qttt_game *g, const char *id)
{
	char	 item[ACTION_TEXT_MAX + 1], res[RESULT_TEXT_MAX + 1];
	size_t	 p;

	fprintf(f, "<p class=\"qttt-moves\"><a href=\"#%sp0\">start</a> ", id);
	for (p = 0; p < g->nplies; p++) {
		qttt_action_format(&g->plies[p], item, sizeof(item));
		fprintf(f, "%s<a href=\"#%sp%zu\">", p > 0 ? "; " : "", id,
		    p + 1);
		html_str(f, item);
		fputs("</a>", f);
	}
	if (g->state.result.over) {
		qttt_result_format(&g->state.result, res, sizeof(res));
		fprintf(f, "%s%s", g->nplies > 0 ? "; " : "", res);
	}
	fputs("</p>\n", f);
}

/*
 * A record as the text of the page: the line notation's own characters
 * but for the two that HTML gives a meaning (& and <).  The script
 * reads it back, as the reader without scripts does, from the text.
 * Its line breaks go, unless lines are kept (diagnostics, in a <pre>).
 */
static void
html_record(FILE *f, const char *s, size_t n, int lines)
{
	size_t	 i;

	for (i = 0; i < n; i++) {
		if (s[i] == '&')
			fputs("&amp;", f);
		else if (s[i] == '<')
			fputs("&lt;", f);
		else if (s[i] != '\n' || lines)
			putc(s[i], f);
	}
}

/* The heading of a game: its number, where it is, what it says. */
static void
game_head(struct qttt_html *h, const struct qttt_replay *r, const char *id,
    unsigned long game)
{
	const struct qttt_record *rec = r->rec;
	FILE		*f = h->f;
	size_t		 i;
	char		 rules[QTTT_RULES_NAME_MAX];
	int		 named;

	fprintf(f, "<section class=\"qttt-game\" id=\"%s\" "
	    "aria-labelledby=\"%s-h\">\n<h2 id=\"%s-h\">Game %lu", id, id,
	    id, game);
	if (r->file != NULL && rec != NULL) {
		fputs(" <small>(", f);
		html_str(f, base_name(r->file));
		fprintf(f, ", line %lu)</small>", rec->line + 1);
	}
	if (h->diags != NULL)
		fputs(" <strong class=\"qttt-invalid\">invalid</strong>", f);
	fputs("</h2>\n", f);
	if (h->diags != NULL) {
		fputs("<pre class=\"qttt-diags\">", f);
		html_record(f, h->diags, h->ndiags, 1);
		fputs("</pre>\n", f);
	}
	if (rec == NULL)
		return;
	if (rec->comment != NULL) {
		fputs("<p class=\"qttt-note\">", f);
		html_text(f, rec->comment, rec->commentlen);
		fputs("</p>\n", f);
	}
	/*
	 * A profile other than goff is shown first, by its name, in place
	 * of the record's own spelling of it, if any.
	 */
	named = r->game->state.rules != QTTT_RULES_GOFF &&
	    qttt_rules_format(r->game->state.rules, rules, sizeof(rules)) >= 0;
	if (rec->nmeta > 0 || named) {
		fputs("<dl class=\"qttt-note\">\n", f);
		if (named) {
			fputs("<dt>rules</dt><dd>", f);
			html_str(f, rules);
			fputs("</dd>\n", f);
		}
		for (i = 0; i < rec->nmeta; i++) {
			if (named && rec->meta[i].keylen == 5 &&
			    memcmp(rec->meta[i].key, "rules", 5) == 0)
				continue;
			fputs("<dt>", f);
			html_text(f, rec->meta[i].key, rec->meta[i].keylen);
			fputs("</dt><dd>", f);
			html_text(f, rec->meta[i].value,
			    rec->meta[i].valuelen);
			fputs("</dd>\n", f);
		}
		fputs("</dl>\n", f);
	}
}

/*
 * An item of a list of records: the game's record in the line notation
 * (its tags, glyphs and comment with it), or the state string of a
 * position.  The list numbers it; value says its number when it is not
 * the one after the last, data-line its line when that is not the line
 * after the last one's.
 */
static int
record_item(struct qttt_html *h, const struct qttt_replay *r,
    unsigned long game, int first)
{
	const struct qttt_record *rec = r->rec;
	struct qttt_extras ex;
	struct qttt__web_text c;
	char		 state[QTTT_STATE_MAX];
	unsigned long	 line = rec != NULL ? rec->line : game - 1;
	FILE		*f = h->f;

	fputs("<li", f);
	if (!first && game != h->last + 1)
		fprintf(f, " value=\"%lu\"", game);
	if (line != (first ? game - 1 : h->lastline + 1))
		fprintf(f, " data-line=\"%lu\"", line + 1);
	if (h->diags != NULL) {
		fputs(" data-error=\"", f);
		html_attr(f, h->diags, h->ndiags);
		putc('"', f);
	}
	putc('>', f);
	h->lastline = line;
	if (rec == NULL || rec->has_start) {
		qttt_state_format(&r->game->state, state, sizeof(state));
		fprintf(f, "%s\n", state);
		return 0;
	}
	qttt_extras_from_record(&ex, r->game, rec);
	ex.lead = NULL;
	ex.leadlen = 0;
	if (qttt__web_text_open(&c) == NULL)
		return -1;
	qttt_record_write(c.f, QTTT_FORMAT_LINE, r->game, &ex, NULL);
	if (qttt__web_text_end(&c) != 0)
		return -1;
	html_record(f, c.buf, c.len, 0);
	putc('\n', f);
	free(c.buf);
	return 0;
}

/*
 * The profile the page reads a game's item by: a state string's, which
 * it does not name (a record names its own), else Goff's.
 */
static unsigned int
item_rules(const struct qttt_replay *r)
{
	if (r->rec == NULL || r->rec->has_start)
		return r->game->state.rules;
	return QTTT_RULES_GOFF;
}

/*
 * Opens a list of records; its number, input and name, and the
 * profile of its state strings if it is not Goff's.
 */
static void
list_open(struct qttt_html *h, const struct qttt_replay *r,
    unsigned long game)
{
	char	 rules[QTTT_RULES_NAME_MAX];

	fprintf(h->f, "<ol class=\"qttt-records\" start=\"%lu\" "
	    "data-input=\"%u\"", game, h->nfiles);
	if (r->file != NULL) {
		fputs(" data-file=\"", h->f);
		html_str(h->f, base_name(r->file));
		putc('"', h->f);
	}
	h->listrules = item_rules(r);
	if (h->listrules != QTTT_RULES_GOFF &&
	    qttt_rules_format(h->listrules, rules, sizeof(rules)) >= 0) {
		fputs(" data-rules=\"", h->f);
		html_str(h->f, rules);
		putc('"', h->f);
	}
	fputs(">\n", h->f);
}

static void
list_close(struct qttt_html *h)
{
	if (h->listing)
		fputs("</ol>\n", h->f);
	h->listing = 0;
}

/* A game drawn in full: every position, the moves, the record. */
static int
drawn(struct qttt_html *h, const struct qttt_replay *r, const char *id,
    unsigned long game)
{
	struct qttt_state before, st;
	const struct qttt_game *g = r->game;
	size_t		 p;

	game_head(h, r, id, game);
	fputs("<div class=\"qttt-view\">\n<div>\n", h->f);
	qttt_game_state_at(g, 0, &st);
	before = st;
	for (p = 0; p <= g->nplies; p++) {
		if (p > 0) {
			before = st;
			qttt_state_apply(&st, &g->plies[p - 1], NULL);
		}
		if (ply(h, r, id, p, &before, &st) != 0)
			return -1;
	}
	fputs("</div>\n<div>\n<h3>Moves</h3>\n", h->f);
	move_list(h->f, g, id);
	fputs("<h3>Record</h3>\n", h->f);
	list_open(h, r, game);
	if (record_item(h, r, game, 1) != 0)
		return -1;
	fputs("</ol>\n</div>\n</div>\n</section>\n", h->f);
	return 0;
}

/*
 * The drawing options (web.h), for the module: an attribute's value,
 * its line breaks as character references.
 */
static int
options(struct qttt_html *h)
{
	struct qttt__web_text c;

	if (qttt__web_text_open(&c) == NULL)
		return -1;
	qttt__web_options_write(c.f, &h->o.render);
	if (qttt__web_text_end(&c) != 0)
		return -1;
	html_attr(h->f, c.buf, c.len);
	free(c.buf);
	return 0;
}

const char *
qttt_html_unavailable(void)
{
	return qttt__web_missing[0] != '\0' ? qttt__web_missing : NULL;
}

struct qttt_html *
qttt_html_open(FILE *f, const struct qttt_html_opts *o)
{
	struct qttt_html *h;

	if (qttt_html_unavailable() != NULL) {
		errno = ENOSYS;
		return NULL;
	}
	if ((h = calloc(1, sizeof(*h))) == NULL)
		return NULL;
	h->f = f;
	h->o = *o;
	return h;
}

/*
 * The diagnostics of an invalid record, as the tools show them (its
 * file by its last name), into h->diags; none for a valid one.
 * Returns 0, or -1 if memory ran out.
 */
static int
diagnostics(struct qttt_html *h, const struct qttt_replay *r)
{
	struct qttt__web_text c;

	free(h->diags);
	h->diags = NULL;
	if (r->rec == NULL || r->rec->nerrors == 0)
		return 0;
	if (qttt__web_text_open(&c) == NULL)
		return -1;
	qttt_diags_write(c.f, base_name(r->file != NULL ? r->file : "-"),
	    r->rec, NULL);
	if (qttt__web_text_end(&c) != 0)
		return -1;
	h->diags = c.buf;
	h->ndiags = c.len;
	return 0;
}

int
qttt_html_put(struct qttt_html *h, const struct qttt_replay *r)
{
	unsigned long	 game;
	char		 id[48];
	int		 first;

	if (h->bad)
		return -1;
	if (diagnostics(h, r) != 0) {
		h->bad = 1;
		return -1;
	}
	if (!h->started) {
		head(h, r->file);
		h->started = 1;
	}
	h->ngames++;
	game = r->rec != NULL ? r->rec->index : h->ngames;
	/* Another input: another name, or the numbers start again. */
	if (h->nfiles == 0 || game <= h->last || (r->file == NULL) !=
	    (h->file == NULL) || (r->file != NULL &&
	    strcmp(r->file, h->file) != 0)) {
		h->nfiles++;
		free(h->file);
		h->file = NULL;
		if (r->file != NULL && (h->file = strdup(r->file)) == NULL) {
			h->bad = 1;
			return -1;
		}
	}
	if (h->ngames <= QTTT_HTML_DRAWN) {
		game_id(h, game, id, sizeof(id));
		if (drawn(h, r, id, game) != 0)
			h->bad = 1;
	} else {
		if (!h->more) {
			fputs("<h2 id=\"qttt-more\">The records of the other "
			    "games</h2>\n", h->f);
			h->more = 1;
		}
		/* Another input or profile: another list. */
		if ((first = !h->listing || h->listfile != h->nfiles ||
		    item_rules(r) != h->listrules)) {
			list_close(h);
			list_open(h, r, game);
			h->listing = 1;
			h->listfile = h->nfiles;
		}
		if (record_item(h, r, game, first) != 0)
			h->bad = 1;
	}
	h->last = game;
	if (ferror(h->f))
		h->bad = 1;
	return h->bad ? -1 : 0;
}

int
qttt_html_close(struct qttt_html *h)
{
	int	 bad;

	if (h == NULL)
		return 0;
	if (!h->bad) {
		if (!h->started)
			head(h, NULL);
		list_close(h);
		fputs("</main>\n<div id=\"qttt-app\" hidden data-options=\"",
		    h->f);
		if (options(h) != 0)
			h->bad = 1;
		fprintf(h->f, "\"></div>\n"
		    "<script type=\"application/octet-stream\" "
		    "id=\"qttt-module\">\n%s</script>\n<script>%s"
		    "</script>\n</body>\n</html>\n", qttt__web_wasm,
		    qttt__web_js);	/* as script_hash() hashes it */
	}
	bad = h->bad || fflush(h->f) == EOF || ferror(h->f);
	free(h->file);
	free(h->diags);
	free(h);
	return bad ? -1 : 0;
}
