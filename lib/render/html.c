/*
 * The viewer page (formats/viewer.md): one HTML document that holds
 * every position of the games put into it, each drawn by the SVG
 * writer of render_svg.c, with the move list, the listing's words for
 * each ply and a small script that steps through them.  Without the
 * script the positions stand one after another.
 *
 * The diagrams are drawn into memory and copied into the page without
 * their XML declaration and without the colours and fonts the page's
 * style sheet gives by class (formats/render.md): so one diagram
 * serves the light, dark and mono themes, and a game of 13 plies stays
 * under 100 KB.
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

struct qttt_html {
	FILE			*f;
	struct qttt_html_opts	 o;
	int			 started;	/* the head is written */
	char			*file;		/* of the last game put */
	unsigned long		 last;		/* its number */
	unsigned int		 nfiles;	/* inputs seen so far */
	unsigned long		 ngames;
	int			 bad;		/* an error: write no more */
};

/* Text drawn in memory, then copied into the page. */
struct capture {
	FILE	*f;
	char	*buf;
	size_t	 len;
};

static FILE *
capture_open(struct capture *c)
{
	c->buf = NULL;
	c->len = 0;
	c->f = open_memstream(&c->buf, &c->len);
	return c->f;
}

/* Returns 0, or -1 if the stream failed (out of memory). */
static int
capture_end(struct capture *c)
{
	int	 bad = ferror(c->f);

	if (fclose(c->f) == EOF)
		bad = 1;
	if (bad) {
		free(c->buf);
		c->buf = NULL;
		c->len = 0;
		if (errno == 0)
			errno = ENOMEM;
		return -1;
	}
	return 0;
}

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
    const char *id)
{
	struct qttt_render_opts o = h->o.render;
	struct capture	 c;
	int		 k;

	o.theme = QTTT_THEME_LIGHT;
	o.preview = preview;
	o.width = 0;
	if (capture_open(&c) == NULL)
		return -1;
	k = qttt_render_svg(c.f, st, plies, nplies, &o);
	if (capture_end(&c) != 0 || k != 0) {
		free(c.buf);
		return -1;
	}
	put_svg(h->f, c.buf, c.len, id);
	free(c.buf);
	return 0;
}

/* ------------------------------------------------------------------ */
/* The head: style sheet                                                */
/* ------------------------------------------------------------------ */

/*
 * The diagrams' colours by class, as the SVG writer gives them by
 * attribute; a mark, its edge and its line take the colour of its
 * player, a tint or a classical node the tint of its player.
 */
static const char css_diagram[] =
    ".qttt text{font-family:var(--font-label)}"
    ".qttt .qttt-mark{font-family:var(--font-mark)}"
    ".qttt text{text-anchor:middle}.qttt-coords text{text-anchor:inherit}"
    ".qttt-mark.qttt-x{font-weight:bold}"
    ".qttt-background,.qttt circle.qttt-node{fill:var(--bg)}"
    ".qttt-grid,.qttt circle.qttt-node{stroke:var(--grid)}"
    ".qttt-coords,.qttt-node-label{fill:var(--muted)}"
    ".qttt-caption{fill:var(--text)}"
    ".qttt-mark.qttt-x{fill:var(--x)}.qttt-mark.qttt-o{fill:var(--o)}"
    ".qttt-edge.qttt-x,.qttt-line.qttt-x{stroke:var(--x)}"
    ".qttt-edge.qttt-o,.qttt-line.qttt-o{stroke:var(--o)}"
    ".qttt-tint.qttt-x,.qttt-node.qttt-classical.qttt-x{fill:var(--tx)}"
    ".qttt-tint.qttt-o,.qttt-node.qttt-classical.qttt-o{fill:var(--to)}"
    ".qttt rect.qttt-last{fill:var(--last)}"
    ".qttt-cycle-square,.qttt circle.qttt-node.qttt-cycle"
    "{stroke:var(--accent)}"
    ".qttt-cycle-glow{stroke:var(--glow)}"
    ".qttt rect.qttt-label-box{fill:var(--bg)}"
    ".qttt-coords{stroke:var(--bg)}"
    ".qttt .qttt-line{stroke-opacity:var(--strike)}\n";

/* The page around them. */
static const char css_page[] =
    "*{box-sizing:border-box}"
    "body{margin:0 auto;max-width:76rem;padding:1rem;background:var(--bg);"
    "color:var(--text);font-family:var(--font-label);line-height:1.45}"
    "a{color:var(--x)}"
    "h1,h2{overflow-wrap:anywhere}h1{font-size:1.4rem;margin:0 0 .75rem}"
    "h2{font-size:1.15rem;margin:1.5rem 0 .5rem}"
    "h3{font-size:1rem;margin:.75rem 0 .25rem}"
    ".qttt-bar,.qttt-nav{display:flex;flex-wrap:wrap;gap:.5rem;"
    "align-items:center;margin:.5rem 0}"
    ".qttt-bar{gap:.5rem 1.5rem}"
    "[hidden]{display:none!important}"
    "button,select{font:inherit;color:var(--text);background:var(--bg);"
    "border:1px solid var(--muted);border-radius:.3rem;"
    "padding:.35rem .7rem;min-height:2.5rem}"
    "button:hover{background:var(--glow)}"
    ":focus-visible{outline:3px solid var(--accent);outline-offset:2px}"
    ".qttt-view{display:grid;gap:0 1.5rem}"
    "@media (min-width:68rem){.qttt-view{grid-template-columns:"
    "minmax(0,43rem) minmax(16rem,1fr)}}"
    ".qttt-ply{margin:0 0 1.5rem}"
    ".qttt-ply svg{display:block;max-width:100%;height:auto}"
    ".qttt-ply figcaption p{margin:.3rem 0}"
    ".qttt-note{color:var(--muted)}"
    ".qttt-moves{font-family:var(--font-mark);margin:.5rem 0}"
    ".qttt-moves a{text-decoration:none;padding:0 .1rem;"
    "border-radius:.2rem;white-space:nowrap}"
    ".qttt-moves a:hover{text-decoration:underline}"
    ".qttt-moves a[aria-current]{background:var(--last);color:var(--text);"
    "font-weight:bold}"
    "output{font-variant-numeric:tabular-nums}"
    ".js .qttt-game:not(.qttt-shown),.js .qttt-ply:not(.qttt-current)"
    "{display:none}"
    ".js .qttt-game h2{margin-top:.5rem}"
    "details{margin:.3rem 0}summary{cursor:pointer;color:var(--muted)}"
    "@media print{.qttt-bar,.qttt-nav{display:none!important}"
    "body{max-width:none;padding:0}"
    ".qttt-view{display:block}.qttt-ply{break-inside:avoid}"
    "details{display:none}h1{font-size:1.1rem}"
    ".qttt-outcomes svg{width:60%}"
    ".js.qttt-sheet .qttt-shown .qttt-ply{display:inline-block;"
    "width:49%;vertical-align:top;margin:0 0 1rem;font-size:.8rem}}\n";

static void
palette(FILE *f, const char *selector, enum qttt_theme t, const char *scheme)
{
	fprintf(f, "%s{color-scheme:%s;", selector, scheme);
	qttt__render_svg_css(f, t);
	fputs("}\n", f);
}

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
	fputs(css_diagram, f);
	fputs(css_page, f);
	fputs("</style>\n", f);
}

/* ------------------------------------------------------------------ */
/* The script                                                           */
/* ------------------------------------------------------------------ */

/*
 * Shows one game and one ply at a time: the fragment names it
 * (#g2p7, #f2g1p0 for a game of the second input), each step is an
 * entry of the history, so the back button steps back.
 */
static const char script[] =
    "(function(){'use strict';\n"
    "var d=document,h=d.documentElement,cur=null;\n"
    "var games=[].slice.call(d.querySelectorAll('.qttt-game'));\n"
    "if(!games.length)return;\n"
    "h.classList.add('js');\n"
    "function plies(g){return [].slice.call(g.querySelectorAll('.qttt-ply'));}\n"
    "function show(id,push){\n"
    " var el=id?d.getElementById(id):null;\n"
    " if(!el||!el.classList.contains('qttt-ply'))el=plies(games[0])[0];\n"
    " var g=el.closest('.qttt-game'),ps=plies(g),i=ps.indexOf(el);\n"
    " games.forEach(function(x){x.classList.toggle('qttt-shown',x===g);});\n"
    " [].forEach.call(d.querySelectorAll('.qttt-ply'),function(p){p.classList.toggle('qttt-current',p===el);});\n"
    " [].forEach.call(d.querySelectorAll('.qttt-moves a'),function(a){\n"
    "  if(a.getAttribute('href')==='#'+el.id)a.setAttribute('aria-current','step');\n"
    "  else a.removeAttribute('aria-current');});\n"
    " var at=g.querySelector('.qttt-at');\n"
    " at.textContent='Ply '+i+' of '+(ps.length-1)+': '+el.getAttribute('data-item');\n"
    " g.querySelector('[data-go=first]').disabled=g.querySelector('[data-go=prev]').disabled=i===0;\n"
    " g.querySelector('[data-go=last]').disabled=g.querySelector('[data-go=next]').disabled=i===ps.length-1;\n"
    " var c=d.getElementById('qttt-game');if(c)c.value=g.id;\n"
    " d.title=g.getAttribute('data-title')+', ply '+i+' \\u2014 '+title;\n"
    " if(push&&location.hash!=='#'+el.id)history.pushState(null,'','#'+el.id);\n"
    " cur=el;}\n"
    "function go(k){\n"
    " var ps=plies(cur.closest('.qttt-game')),i=ps.indexOf(cur),n=ps.length-1;\n"
    " i=k==='first'?0:k==='last'?n:k==='prev'?Math.max(0,i-1):Math.min(n,i+1);\n"
    " show(ps[i].id,true);}\n"
    "var title=d.title;\n"
    "[].forEach.call(d.querySelectorAll('.qttt-nav,.qttt-bar'),function(e){e.hidden=false;});\n"
    "d.addEventListener('click',function(e){\n"
    " var b=e.target.closest('button[data-go]'),a=e.target.closest('.qttt-moves a');\n"
    " if(b){go(b.getAttribute('data-go'));}\n"
    " else if(a){e.preventDefault();show(a.getAttribute('href').slice(1),true);}});\n"
    "d.addEventListener('keydown',function(e){\n"
    " var k={ArrowLeft:'prev',ArrowRight:'next',Home:'first',End:'last'}[e.key];\n"
    " if(!k||e.altKey||e.ctrlKey||e.metaKey||e.shiftKey)return;\n"
    " if(/^(SELECT|INPUT|TEXTAREA)$/.test(e.target.tagName))return;\n"
    " e.preventDefault();go(k);});\n"
    "function here(){show(decodeURIComponent(location.hash.slice(1)),false);}\n"
    "window.addEventListener('popstate',here);\n"
    "window.addEventListener('hashchange',here);\n"
    "var c=d.getElementById('qttt-game');\n"
    "if(games.length>1){games.forEach(function(g){\n"
    "  var o=d.createElement('option');o.value=g.id;o.textContent=g.getAttribute('data-title');c.appendChild(o);});\n"
    " c.addEventListener('change',function(){show(plies(d.getElementById(c.value))[0].id,true);});\n"
    "}else c.parentNode.hidden=true;\n"
    "var t=d.getElementById('qttt-theme');t.value=h.getAttribute('data-theme');\n"
    "t.addEventListener('change',function(){h.setAttribute('data-theme',t.value);});\n"
    "d.getElementById('qttt-sheet').addEventListener('click',function(){\n"
    " h.classList.add('qttt-sheet');window.print();h.classList.remove('qttt-sheet');});\n"
    "here();\n"
    "/* The fragment names a position: the controls above it stay in view. */\n"
    "window.addEventListener('load',function(){setTimeout(function(){window.scrollTo(0,0);},0);});\n"
    "})();\n";

/* ------------------------------------------------------------------ */
/* The document                                                         */
/* ------------------------------------------------------------------ */

static const char *const theme_name[] = { "light", "dark", "mono" };

static void
head(struct qttt_html *h, const char *file)
{
	FILE		*f = h->f;
	enum qttt_theme	 t = h->o.render.theme;

	fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\" data-theme=\"%s\">\n"
	    "<head>\n<meta charset=\"utf-8\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width, "
	    "initial-scale=1\">\n"
	    "<meta http-equiv=\"Content-Security-Policy\" content=\""
	    "default-src 'none'; style-src 'unsafe-inline'; "
	    "script-src 'unsafe-inline'\">\n"
	    "<meta name=\"generator\" content=\"qttt %s\">\n<title>",
	    h->o.follow && t == QTTT_THEME_LIGHT ? "auto" :
	    theme_name[t <= QTTT_THEME_MONO ? t : 0], qttt_version());
	if (file != NULL) {
		html_str(f, file);
		fputs(" \xe2\x80\x94 ", f);
	}
	fputs("Quantum Tic-Tac-Toe</title>\n", f);
	style(h);
	fputs("</head>\n<body>\n<header>\n<h1>", f);
	if (file != NULL) {
		html_str(f, file);
		fputs(": ", f);
	}
	fputs("Quantum Tic-Tac-Toe</h1>\n"
	    "<div class=\"qttt-bar\" hidden>\n"
	    "<label>Game <select id=\"qttt-game\"></select></label>\n"
	    "<label>Theme <select id=\"qttt-theme\">"
	    "<option value=\"auto\">as the system</option>"
	    "<option value=\"light\">light</option>"
	    "<option value=\"dark\">dark</option>"
	    "<option value=\"mono\">mono</option></select></label>\n"
	    "<button type=\"button\" id=\"qttt-sheet\">Print every position"
	    "</button>\n</div>\n</header>\n<main>\n", f);
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

/* Whether square sq holds a spooky mark. */
static int
spooky_in(const struct qttt_state *st, int sq)
{
	int	 m;

	for (m = 1; m < st->next; m++)
		if (st->where[m][0] != st->where[m][1] &&
		    (st->where[m][0] == sq || st->where[m][1] == sq))
			return 1;
	return 0;
}

/*
 * The squares in words, in reading order: "a1 X1 (classical); b1 X3
 * O4 (spooky); empty: c1 a2."
 */
static void
board_words(FILE *f, const struct qttt_state *st)
{
	const char	*sep = "";
	int		 sq, m, empty = 0;

	for (sq = 0; sq < QTTT_NSQUARES; sq++) {
		if ((m = st->board[sq]) != 0) {
			fprintf(f, "%s%s %c%d (classical)", sep,
			    qttt_square_name(sq), QTTT_LETTER(m), m);
			sep = "; ";
			continue;
		}
		if (!spooky_in(st, sq)) {
			empty++;
			continue;
		}
		fprintf(f, "%s%s", sep, qttt_square_name(sq));
		for (m = 1; m < st->next; m++)
			if (st->where[m][0] != st->where[m][1] &&
			    (st->where[m][0] == sq || st->where[m][1] == sq))
				fprintf(f, " %c%d", QTTT_LETTER(m), m);
		fputs(" (spooky)", f);
		sep = "; ";
	}
	if (empty == QTTT_NSQUARES)
		fputs("every square empty", f);
	else if (empty > 0) {
		fprintf(f, "%sempty:", sep);
		for (sq = 0; sq < QTTT_NSQUARES; sq++)
			if (st->board[sq] == 0 && !spooky_in(st, sq))
				fprintf(f, " %s", qttt_square_name(sq));
	}
	putc('.', f);
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
    size_t p, const struct qttt_state *before, const struct qttt_state *st)
{
	struct qttt_line lines[QTTT_NLINES];
	struct capture	 c;
	FILE		*f = h->f;
	const struct qttt_item *it;

	if (p > 0) {
		if (capture_open(&c) == NULL)
			return -1;
		qttt__output_listing_note(c.f, r, p - 1, before, st);
		if (capture_end(&c) != 0)
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
	if (capture_open(&c) == NULL)
		return -1;
	if (st->result.over || qttt_state_lines(st, lines) > 0)
		qttt__output_listing_lines(c.f, st);
	qttt__output_listing_result(c.f, st);
	if (capture_end(&c) != 0)
		return -1;
	paragraphs(f, c.buf, c.len);
	free(c.buf);
	fprintf(f, "<details><summary>The board in words</summary>"
	    "<p id=\"%s-w\">", id);
	board_words(f, st);
	fputs("</p></details>\n", f);
	return 0;
}

/* One position: ply p of the game, after the state before. */
static int
ply(struct qttt_html *h, const struct qttt_replay *r, const char *id,
    size_t p, const struct qttt_state *before, const struct qttt_state *st)
{
	const struct qttt_game *g = r->game;
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
	if (draw(h, st, g->plies, p, 0, pid) != 0)
		return -1;
	fprintf(f, "<figcaption>\n<p><strong id=\"%s-t\">Ply %zu of %zu: ",
	    pid, p, g->nplies);
	html_str(f, item);
	fputs("</strong></p>\n", f);
	if (words(h, r, pid, p, before, st) != 0)
		return -1;
	fputs("</figcaption>\n", f);
	if (st->pending != 0 && !h->o.render.bare) {
		fputs("<div class=\"qttt-outcomes\">\n<h3>The two outcomes"
		    "</h3>\n", f);
		if (draw(h, st, g->plies, p, 1, NULL) != 0)
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

/* The heading of a game: its number, where it is, what it says. */
static void
game_head(struct qttt_html *h, const struct qttt_replay *r, const char *id,
    unsigned long game)
{
	const struct qttt_record *rec = r->rec;
	FILE		*f = h->f;
	size_t		 i;

	fprintf(f, "<section class=\"qttt-game\" id=\"%s\" "
	    "aria-labelledby=\"%s-h\" data-title=\"Game %lu", id, id, game);
	if (h->nfiles > 1 && r->file != NULL) {
		fputs(" of ", f);
		html_str(f, r->file);
	}
	fprintf(f, "\">\n<h2 id=\"%s-h\">Game %lu", id, game);
	if (r->file != NULL && rec != NULL) {
		fputs(" <small>(", f);
		html_str(f, r->file);
		fprintf(f, ", line %lu)</small>", rec->line + 1);
	}
	fputs("</h2>\n", f);
	if (rec == NULL)
		return;
	if (rec->comment != NULL) {
		fputs("<p class=\"qttt-note\">", f);
		html_text(f, rec->comment, rec->commentlen);
		fputs("</p>\n", f);
	}
	if (rec->nmeta > 0) {
		fputs("<dl class=\"qttt-note\">\n", f);
		for (i = 0; i < rec->nmeta; i++) {
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

static const char nav[] =
    "<div class=\"qttt-nav\" hidden>\n"
    "<button type=\"button\" data-go=\"first\" title=\"Home\">"
    "\xc2\xab First</button>\n"
    "<button type=\"button\" data-go=\"prev\" title=\"Left arrow\">"
    "\xe2\x80\xb9 Previous</button>\n"
    "<button type=\"button\" data-go=\"next\" title=\"Right arrow\">"
    "Next \xe2\x80\xba</button>\n"
    "<button type=\"button\" data-go=\"last\" title=\"End\">"
    "Last \xc2\xbb</button>\n"
    "<output class=\"qttt-at\" aria-live=\"polite\">";

struct qttt_html *
qttt_html_open(FILE *f, const struct qttt_html_opts *o)
{
	struct qttt_html *h;

	if ((h = calloc(1, sizeof(*h))) == NULL)
		return NULL;
	h->f = f;
	h->o = *o;
	return h;
}

int
qttt_html_put(struct qttt_html *h, const struct qttt_replay *r)
{
	struct qttt_state before, st;
	const struct qttt_game *g = r->game;
	unsigned long	 game;
	char		 id[48];
	size_t		 p;

	if (h->bad)
		return -1;
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
	h->last = game;
	game_id(h, game, id, sizeof(id));
	game_head(h, r, id, game);
	fprintf(h->f, "%sPly 0 of %zu</output>\n</div>\n", nav, g->nplies);
	fputs("<div class=\"qttt-view\">\n<div>\n", h->f);
	qttt_game_state_at(g, 0, &st);
	before = st;
	for (p = 0; p <= g->nplies; p++) {
		if (p > 0) {
			before = st;
			qttt_state_apply(&st, &g->plies[p - 1], NULL);
		}
		if (ply(h, r, id, p, &before, &st) != 0) {
			h->bad = 1;
			return -1;
		}
	}
	fputs("</div>\n<div>\n<h3>Moves</h3>\n", h->f);
	move_list(h->f, g, id);
	fputs("</div>\n</div>\n</section>\n", h->f);
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
		fprintf(h->f, "</main>\n<script>\n%s</script>\n"
		    "</body>\n</html>\n", script);
	}
	bad = h->bad || fflush(h->f) == EOF || ferror(h->f);
	free(h->file);
	free(h);
	return bad ? -1 : 0;
}
