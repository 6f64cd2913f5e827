/*
 * The web layer: the viewer page (html.c) and what its module exports
 * (module.c, options.c), built natively: the page holds every game's
 * record and the first games drawn in full; the module reads records
 * and positions, plays, refuses with the library's own diagnostics,
 * draws as qttt_render_svg() draws and judges as the solver does.
 * tests/viewer/ runs the same functions in WebAssembly, in node and in
 * a browser.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "text/text.h"
#include "web/web.h"
#include "check_qttt.h"

/* formats/rules.md, worked examples 2 and 3. */
#define FIG7	"X1 a1 b1; O2 b1 b2; X3 b2 c3; O4 b3 c3; X5 c2 c3; " \
		"O6 a1 b2"
#define FIG8	"X1 a1 b2; O2 c1 b2; X3 a2 b2; O4 b2 c2; X5 b2 a3; " \
		"O6 b2 c3; X7 a1 b2"

static struct qttt_record rec;
static struct qttt_game game;

static void
play(const char *s)
{
	ck_assert_int_eq(qttt_line_parse(s, strlen(s), 0, &rec), 1);
	ck_assert_msg(qttt_record_play(&rec, &game) == 0, "'%s' is not "
	    "valid", s);
}

/* ------------------------------------------------------------------ */
/* The page                                                             */
/* ------------------------------------------------------------------ */

/* The page of the games given, with the options given. */
static char *
page_of(const struct qttt_html_opts *o, const struct qttt_replay *r,
    size_t n)
{
	struct qttt_html *h;
	struct out	 out;
	size_t		 i;

	h = qttt_html_open(out_open(&out), o);
	ck_assert_ptr_nonnull(h);
	for (i = 0; i < n; i++)
		ck_assert_int_eq(qttt_html_put(h, &r[i]), 0);
	ck_assert_int_eq(qttt_html_close(h), 0);
	return out_close(&out);
}

/*
 * A game drawn in full: every position in order, drawn as the SVG
 * writer draws it (the same marks), without what the style sheet
 * gives; the outcomes at the pending measurement, the listing's words,
 * the moves as links; and its record, for the script, which the page
 * ends with, and its module.
 */
START_TEST(test_html_page)
{
	struct qttt_html_opts o;
	struct qttt_replay r = { "fig8.qttt", &rec, &game, -1 };
	struct qttt_state st;
	char		*page, *svg, id[32];
	const char	*at;
	size_t		 p, marks = 0;

	memset(&o, 0, sizeof(o));
	qttt_render_defaults(&o.render);
	o.follow = 1;
	play(FIG8 "; measure X7->a1");
	rec.index = 1;
	page = page_of(&o, &r, 1);
	ck_assert_ptr_nonnull(strstr(page, "<!DOCTYPE html>\n"));
	ck_assert_ptr_nonnull(strstr(page, "data-theme=\"auto\""));
	ck_assert_uint_eq(occurrences(page, "<figure class=\"qttt-ply\""), 9);
	at = page;
	for (p = 0; p <= game.nplies; p++) {
		snprintf(id, sizeof(id), "id=\"g1p%zu\"", p);
		ck_assert_ptr_nonnull(at = strstr(at, id));
		qttt_game_state_at(&game, p, &st);
		svg = svg_of(&st, game.plies, p, &o.render);
		marks += occurrences(svg, "class=\"qttt-mark ");
		free(svg);
	}
	/* The outcomes of X7's cycle, after ply 7. */
	o.render.preview = 1;
	qttt_game_state_at(&game, 7, &st);
	svg = svg_of(&st, game.plies, 7, &o.render);
	marks += occurrences(svg, "class=\"qttt-mark ");
	free(svg);
	ck_assert_uint_eq(occurrences(page, "class=\"qttt-mark "), marks);
	ck_assert_ptr_nonnull(at = strstr(page, "</main>"));
	ck_assert_uint_eq(occurrences(page, "<svg ") -
	    occurrences(at, "<svg "), 10);
	ck_assert_uint_eq(occurrences(page, "The two outcomes") -
	    occurrences(at, "The two outcomes"), 1);
	ck_assert_ptr_nonnull(strstr(page, "Played: measure X7-&gt;a1 "
	    "(ply 8)."));
	ck_assert_ptr_nonnull(strstr(page, "<p>closes a cycle: X1 X7 (a1 "
	    "b2); stems: O2 X3 O4 X5 O6; O measures.</p>"));
	ck_assert_ptr_nonnull(strstr(page, "<p>O collapses X1 b2, O2 c1, "));
	ck_assert_ptr_nonnull(strstr(page, "<p>Result: 1/2-1 (X 1/2, O 1)"
	    "</p>"));
	ck_assert_ptr_nonnull(strstr(page, "; <a href=\"#g1p8\">measure "
	    "X7-&gt;a1</a>; 1/2-1</p>"));
	ck_assert_ptr_nonnull(strstr(page, "aria-labelledby=\"g1p8-t\" "
	    "aria-describedby=\"g1p8-w\""));
	ck_assert_ptr_nonnull(strstr(page, "<p id=\"g1p8-w\">a1 X7 "
	    "(classical); "));
	/* The record, as the line notation writes it, '>' and all. */
	ck_assert_ptr_nonnull(strstr(page, "<ol class=\"qttt-records\" "
	    "start=\"1\" data-input=\"1\" data-file=\"fig8.qttt\">\n<li>"
	    FIG8 "; measure X7->a1; 1/2-1\n</ol>"));
	ck_assert_ptr_null(strstr(page, "<?xml"));
	ck_assert_ptr_null(strstr(page, "<desc>"));
	ck_assert_ptr_null(strstr(page, "fill=\"#"));
	ck_assert_ptr_null(strstr(page, "stroke=\"#"));
	ck_assert_ptr_null(strstr(page, "font-family=\""));
	ck_assert_ptr_null(strstr(page, "http:"));
	ck_assert_ptr_null(strstr(page, "https:"));
	/*
	 * The module and the script, WebAssembly allowed by the policy,
	 * scripts by their hashes (page.test.js checks them).
	 */
	ck_assert_ptr_nonnull(strstr(page, "script-src 'sha256-"));
	ck_assert_ptr_nonnull(strstr(page, "' 'wasm-unsafe-eval'\">"));
	ck_assert_ptr_null(strstr(page, "'unsafe-inline' 'wasm"));
	ck_assert_ptr_nonnull(strstr(page, "<script>/*"));
	ck_assert_ptr_nonnull(strstr(page, "<script type=\"application/"
	    "octet-stream\" id=\"qttt-module\">\n"));
	/* The build that make check runs has the module (tests/native
	 * builds one without). */
	ck_assert_ptr_null(qttt_html_unavailable());
	ck_assert_str_eq(qttt__web_missing, "");
	ck_assert_uint_gt(strlen(qttt__web_wasm), 1000);
	ck_assert_ptr_nonnull(strstr(page, qttt__web_wasm));
	ck_assert_ptr_nonnull(strstr(page, qttt__web_js));
	ck_assert_ptr_nonnull(strstr(page, qttt__web_css));
	ck_assert_ptr_nonnull(strstr(page, "</script>\n</body>\n</html>\n"));
	free(page);
}
END_TEST

/*
 * A game under a profile other than goff: the profile heads the game,
 * in place of the record's own spelling of it; every diagram names it;
 * the listing's words follow it: who measures, the result, and no move
 * "too late" when simultaneous lines score alike.  Under goff, none of
 * this.
 */
START_TEST(test_html_profile)
{
	struct qttt_html_opts o;
	struct qttt_replay r = { "fig8.qttt", &rec, &game, -1 };
	struct qttt_game g;
	char		*page;
	size_t		 i;

	memset(&o, 0, sizeof(o));
	qttt_render_defaults(&o.render);
	play("[rules goff] [x Ann] " FIG8 "; measure X7->a1");
	rec.index = 1;
	page = page_of(&o, &r, 1);
	ck_assert_ptr_nonnull(strstr(page, "<dl class=\"qttt-note\">\n"
	    "<dt>rules</dt><dd>goff</dd>\n<dt>x</dt><dd>Ann</dd>\n</dl>"));
	ck_assert_ptr_nonnull(strstr(page, "; O measures.</p>"));
	ck_assert_ptr_nonnull(strstr(page, "<p>Too late: X7 "));
	ck_assert_ptr_null(strstr(page, "Rules:"));
	free(page);

	qttt_game_init(&g);
	g.state.rules = QTTT_RULES_SIMUL_TIE | QTTT_RULES_CLOSER;
	for (i = 0; i < game.nplies; i++)
		ck_assert_int_eq(qttt_game_play(&g, &game.plies[i], NULL),
		    QTTT_OK);
	game = g;
	page = page_of(&o, &r, 1);
	ck_assert_ptr_nonnull(strstr(page, "<dl class=\"qttt-note\">\n"
	    "<dt>rules</dt><dd>simultaneous=tie,measurer=closer</dd>\n"
	    "<dt>x</dt><dd>Ann</dd>\n</dl>"));
	/* Nine positions and the two outcomes of X7's cycle. */
	ck_assert_uint_eq(occurrences(page, "Rules:"), 11);
	ck_assert_ptr_nonnull(strstr(page, "<p>closes a cycle: X1 X7 (a1 "
	    "b2); stems: O2 X3 O4 X5 O6; X measures.</p>"));
	ck_assert_ptr_nonnull(strstr(page, "<p>X collapses X1 b2, O2 c1, "));
	ck_assert_ptr_nonnull(strstr(page, "<p>Result: 1/2-1/2 (X 1/2, O "
	    "1/2)</p>"));
	ck_assert_ptr_nonnull(strstr(page, "X7-&gt;a1</a>; 1/2-1/2</p>"));
	ck_assert_ptr_null(strstr(page, "Too late"));
	free(page);
}
END_TEST

/*
 * Games of a second input have ids of their own; text from a record
 * is escaped; a fixed theme is the page's; a position without a game
 * is one figure, and its record its state string.  The title is the
 * last part of the first input's name, unless the options give one.
 */
START_TEST(test_html_inputs)
{
	static struct qttt_record rec2;
	static struct qttt_game game2, pos;
	struct qttt_html_opts o;
	struct qttt_replay r[3];
	const char	*s = "X1 a1 b1 # a <b>&\"c\"";
	char		*page, state[QTTT_STATE_MAX], want[256];

	memset(&o, 0, sizeof(o));
	qttt_render_defaults(&o.render);
	o.render.theme = QTTT_THEME_MONO;
	play(FIG7);
	rec.index = 1;
	ck_assert_int_eq(qttt_line_parse(s, strlen(s), 0, &rec2), 1);
	ck_assert_int_eq(qttt_record_play(&rec2, &game2), 0);
	rec2.index = 1;
	qttt_game_init(&pos);
	pos.state = game.state;
	r[0] = (struct qttt_replay){ "dir/sub/a.qttt", &rec, &game, -1 };
	r[1] = (struct qttt_replay){ "b<1>.qttt", &rec2, &game2, -1 };
	r[2] = (struct qttt_replay){ NULL, NULL, &pos, -1 };
	page = page_of(&o, r, 3);
	ck_assert_ptr_nonnull(strstr(page, "data-theme=\"mono\""));
	ck_assert_ptr_nonnull(strstr(page, "<title>a.qttt \xe2\x80\x94 "));
	ck_assert_ptr_nonnull(strstr(page, "<h1>a.qttt: "));
	ck_assert_ptr_null(strstr(page, "<title>dir/"));
	ck_assert_ptr_nonnull(strstr(page, "id=\"g1p6\""));
	ck_assert_ptr_nonnull(strstr(page, "id=\"f2g1p1\""));
	ck_assert_ptr_nonnull(strstr(page, "(b&lt;1&gt;.qttt, line 1)"));
	ck_assert_ptr_nonnull(strstr(page, "a &lt;b&gt;&amp;&quot;c&quot;"));
	/* In a record, only & and < are escaped. */
	ck_assert_ptr_nonnull(strstr(page, "<li>X1 a1 b1 # a &lt;b>&amp;\"c\""
	    "\n</ol>"));
	/* The third "input" is none: a position, its one figure. */
	ck_assert_ptr_nonnull(strstr(page, "id=\"f3g3p0\""));
	ck_assert_ptr_null(strstr(page, "id=\"f3g3p1\""));
	qttt_state_format(&game.state, state, sizeof(state));
	snprintf(want, sizeof(want), "data-input=\"3\">\n<li>%s\n</ol>",
	    state);
	ck_assert_ptr_nonnull(strstr(page, want));
	free(page);
	/* The same file twice: the numbers start again, as another input. */
	r[1] = r[0];
	o.title = "mine & yours";
	page = page_of(&o, r, 2);
	ck_assert_ptr_nonnull(strstr(page, "id=\"g1p0\""));
	ck_assert_ptr_nonnull(strstr(page, "id=\"f2g1p0\""));
	ck_assert_ptr_nonnull(strstr(page, "<title>mine &amp; yours \xe2"));
	free(page);
}
END_TEST

/*
 * Past QTTT_HTML_DRAWN games, a game is its record only, one a line:
 * the list numbers them, value says a number that does not follow,
 * data-line a line that does not; the page keeps nothing of them.
 */
START_TEST(test_html_records)
{
	static struct qttt_record recs[QTTT_HTML_DRAWN + 3];
	struct qttt_replay r[QTTT_HTML_DRAWN + 3];
	struct qttt_html_opts o;
	char		*page;
	const char	*list;
	size_t		 i, n = QTTT_HTML_DRAWN + 3;

	memset(&o, 0, sizeof(o));
	qttt_render_defaults(&o.render);
	play(FIG7);
	for (i = 0; i < n; i++) {
		recs[i] = rec;
		recs[i].index = i + 1 + (i == n - 1);	/* a gap at the end */
		recs[i].line = i + (i >= n - 2 ? 5 : 0); /* a comment before */
		r[i] = (struct qttt_replay){ "g.qttt", &recs[i], &game, -1 };
	}
	page = page_of(&o, r, n);
	ck_assert_uint_eq(occurrences(page, "<section class=\"qttt-game\""),
	    QTTT_HTML_DRAWN);
	ck_assert_ptr_nonnull(list = strstr(page, "<h2 id=\"qttt-more\">"));
	ck_assert_ptr_nonnull(strstr(list, "<ol class=\"qttt-records\" "
	    "start=\"11\" data-input=\"1\" data-file=\"g.qttt\">\n<li>" FIG7
	    "\n<li data-line=\"17\">" FIG7 "\n<li value=\"14\">" FIG7
	    "\n</ol>\n</main>\n"));
	ck_assert_uint_eq(occurrences(list, "<svg") -
	    occurrences(strstr(list, "</main>"), "<svg"), 0);
	free(page);
}
END_TEST

/*
 * An invalid record in the page: its diagnostics in the list's
 * data-error attribute, its line breaks as &#10;, and its characters
 * of several bytes (a tag's José, quoted in the diagnostic's source
 * line) as they are, not U+FFFD; so too the options' style sheet.
 */
START_TEST(test_html_invalid_text)
{
	static const char line[] = "[x Jos\xc3\xa9] X1 a1 b1; O2 b1 b2; "
	    "X3 a1 zz";
	struct qttt_replay r;
	struct qttt_html_opts o;
	char		*page;

	memset(&o, 0, sizeof(o));
	qttt_render_defaults(&o.render);
	o.render.css = "/* \xc3\xa9t\xc3\xa9 */\n";
	ck_assert_int_eq(qttt_line_parse(line, strlen(line), 0, &rec), 1);
	ck_assert_uint_gt(qttt_record_play(&rec, &game), 0);
	r = (struct qttt_replay){ "dir/g.qttt", &rec, &game, -1 };
	page = page_of(&o, &r, 1);
	ck_assert_ptr_nonnull(strstr(page, " data-error=\"g.qttt:1:36: "
	    "error: "));
	ck_assert_ptr_nonnull(strstr(page, "[bad-square]&#10;[x Jos\xc3\xa9] "
	    "X1 a1 b1; O2 b1 b2; X3 a1 zz&#10;"));
	ck_assert_ptr_nonnull(strstr(page, "&#10;css /* \xc3\xa9t\xc3\xa9 "
	    "*/&#10;"));
	ck_assert_ptr_null(strstr(page, "\xef\xbf\xbd"));
	free(page);
}
END_TEST

/*
 * rules.md's record from the Android app, at its end: a state string
 * that the preset ksmanis reads (2-0) and Goff's rules refuse (3/2-0).
 */
#define KSMANIS_END	"X1,O6,O8/X3,X5,X9/X7,O4,O2 - - 2-0"

/*
 * State strings read by a profile: each list of records names the
 * profile of its state strings (a record names its own), and a
 * position under another profile starts another list.
 */
START_TEST(test_html_state_rules)
{
	static struct qttt_game games[QTTT_HTML_DRAWN + 2];
	struct qttt_replay r[QTTT_HTML_DRAWN + 2];
	struct qttt_html_opts o;
	unsigned int	 ksmanis;
	char		*page;
	const char	*list;
	size_t		 i, n = QTTT_HTML_DRAWN + 2;

	memset(&o, 0, sizeof(o));
	qttt_render_defaults(&o.render);
	ck_assert_int_eq(qttt_rules_parse("ksmanis", 7, &ksmanis, NULL), 0);
	for (i = 0; i < n; i++) {
		qttt_game_init(&games[i]);
		if (i < n - 1)
			ck_assert_int_eq(qttt_state_parse_rules(KSMANIS_END,
			    strlen(KSMANIS_END), ksmanis, &games[i].state,
			    NULL), QTTT_OK);
		r[i] = (struct qttt_replay){ "s.txt", NULL, &games[i], -1 };
	}
	page = page_of(&o, r, n);
	ck_assert_uint_eq(occurrences(page, "data-file=\"s.txt\" "
	    "data-rules=\"ksmanis\">\n<li>" KSMANIS_END "\n"), n - 1);
	ck_assert_ptr_nonnull(list = strstr(page, "<h2 id=\"qttt-more\">"));
	ck_assert_ptr_nonnull(strstr(list, "start=\"12\" data-input=\"1\" "
	    "data-file=\"s.txt\">\n<li>.,.,./.,.,./.,.,. X1 - *\n</ol>"));
	free(page);
}
END_TEST

/* A page that cannot be written is reported; closing NULL is fine. */
/* A page's title for its inputs, and snprintf's contract. */
START_TEST(test_html_title)
{
	const char *const one[] = { "../games/club.qttt" };
	const char *const five[] = { "a.qttt", "-", "d/b.yaml", "c.qttt",
	    "e.qttt", "f/" };
	const char *const in[] = { "-" };
	char		 buf[64], small[8];

	ck_assert_int_eq(qttt_html_title(buf, sizeof(buf), one, 1), 9);
	ck_assert_str_eq(buf, "club.qttt");
	ck_assert_int_eq(qttt_html_title(buf, sizeof(buf), five, 6),
	    (int)strlen("a.qttt, b.yaml, c.qttt and 2 more"));
	ck_assert_str_eq(buf, "a.qttt, b.yaml, c.qttt and 2 more");
	ck_assert_int_eq(qttt_html_title(buf, sizeof(buf), in, 1), 0);
	ck_assert_str_eq(buf, "");
	/* Cut short, terminated, and the length it needed. */
	ck_assert_int_eq(qttt_html_title(small, sizeof(small), five, 3),
	    (int)strlen("a.qttt, b.yaml"));
	ck_assert_str_eq(small, "a.qttt,");
	ck_assert_int_eq(qttt_html_title(NULL, 0, one, 1), 9);
}
END_TEST

START_TEST(test_html_write_error)
{
	struct qttt_html_opts o;
	struct qttt_replay r = { NULL, &rec, &game, -1 };
	struct qttt_html *h;
	FILE		*f;

	ck_assert_int_eq(qttt_html_close(NULL), 0);
	if ((f = fopen("/dev/full", "w")) == NULL)
		return;
	setvbuf(f, NULL, _IONBF, 0);
	memset(&o, 0, sizeof(o));
	qttt_render_defaults(&o.render);
	play(FIG7);
	ck_assert_ptr_nonnull(h = qttt_html_open(f, &o));
	ck_assert_int_eq(qttt_html_put(h, &r), -1);
	ck_assert_int_eq(qttt_html_put(h, &r), -1);
	ck_assert_int_eq(qttt_html_close(h), -1);
	fclose(f);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The module                                                           */
/* ------------------------------------------------------------------ */

/* Text into the session's input; returns its length. */
static size_t
put(struct qttt__web *h, const char *s)
{
	size_t	 n = strlen(s);
	char	*in = qttt__web_input(h, n);

	ck_assert_ptr_nonnull(in);
	memcpy(in, s, n);
	return n;
}

/* The output of the last call, as a string the caller frees. */
static char *
output(const struct qttt__web *h)
{
	size_t	 n = qttt__web_output_len(h);
	char	*s = malloc(n + 1);

	ck_assert_ptr_nonnull(s);
	memcpy(s, qttt__web_output(h), n);
	s[n] = '\0';
	return s;
}

/* Asserts that the output holds want. */
static void
says(const struct qttt__web *h, const char *want)
{
	char	*s = output(h);

	ck_assert_msg(strstr(s, want) != NULL, "'%s' not in '%s'", want, s);
	free(s);
}

/* Asserts that the output is want. */
static void
is(const struct qttt__web *h, const char *want)
{
	char	*s = output(h);

	ck_assert_str_eq(s, want);
	free(s);
}

/* The options round trip: what the page writes, the module reads. */
/*
 * The hashes of the page's policy: SHA-256 (FIPS 180-2's examples, a
 * message of 55 bytes, the longest of one block, and 64), in base64
 * (RFC 4648's examples).
 */
START_TEST(test_sha256)
{
	static const struct {
		const char	*in, *hex;
	} cases[] = {
		{ "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
		{ "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
		{ "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
		  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
		{ "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
		  "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318" },
		{ "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
		  "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb" },
	};
	static const char *const b64[][2] = {
		{ "", "" }, { "f", "Zg==" }, { "fo", "Zm8=" }, { "foo", "Zm9v" },
		{ "foob", "Zm9vYg==" }, { "fooba", "Zm9vYmE=" },
		{ "foobar", "Zm9vYmFy" },
	};
	unsigned char	 h[32];
	char		 hex[65], out[16];
	size_t		 i, k;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		qttt__text_sha256(cases[i].in, strlen(cases[i].in), h);
		for (k = 0; k < 32; k++)
			snprintf(hex + 2 * k, 3, "%02x", h[k]);
		ck_assert_str_eq(hex, cases[i].hex);
	}
	for (i = 0; i < sizeof(b64) / sizeof(b64[0]); i++) {
		k = qttt__text_base64((const unsigned char *)b64[i][0],
		    strlen(b64[i][0]), out);
		ck_assert_str_eq(out, b64[i][1]);
		ck_assert_uint_eq(k, strlen(b64[i][1]));
	}
}
END_TEST

START_TEST(test_options)
{
	struct qttt_render_opts o, back;
	struct qttt_markup m[2], mb[QTTT__WEB_MARKUP];
	struct qttt_diag d;
	struct out	 out;
	char		*text, msg[128];
	char		 bad[] = "coords a2\n", none[] = "bare\n";

	qttt_render_defaults(&o);
	o.coords = QTTT_COORDS_GOFF;
	o.theme = QTTT_THEME_DARK;
	o.rotate = 270;
	o.flip = QTTT_FLIP_V;
	o.bare = 1;
	o.highlight = 0;
	ck_assert_int_eq(qttt_markup_parse("outline=#c00 a1 c3", &m[0], &d),
	    0);
	ck_assert_int_eq(qttt_markup_parse("label b2 Ab", &m[1], &d), 0);
	o.markup = m;
	o.nmarkup = 2;
	o.css = ".qttt-graph { display: none }\nsvg { fill: red }\n";
	ck_assert_int_eq(qttt__web_options_write(out_open(&out), &o), 0);
	text = out_close(&out);
	ck_assert_str_eq(text, "coords goff\ntheme dark\nrotate 270\n"
	    "flip v\nbare 1\nhighlight 0\nmarkup outline=#c00 a1 c3\n"
	    "markup label b2 Ab\ncss .qttt-graph { display: none }\n"
	    "svg { fill: red }\n");
	text = realloc(text, strlen(text) + 1);
	ck_assert_int_eq(qttt__web_options_read(text, strlen(text), &back,
	    mb, msg, sizeof(msg)), 0);
	ck_assert_int_eq(back.coords, o.coords);
	ck_assert_int_eq(back.theme, o.theme);
	ck_assert_int_eq(back.rotate, o.rotate);
	ck_assert_int_eq(back.flip, o.flip);
	ck_assert_int_eq(back.bare, 1);
	ck_assert_int_eq(back.highlight, 0);
	ck_assert_uint_eq(back.nmarkup, 2);
	ck_assert_int_eq(memcmp(&mb[0], &m[0], sizeof(m[0])), 0);
	ck_assert_int_eq(memcmp(&mb[1], &m[1], sizeof(m[1])), 0);
	ck_assert_str_eq(back.css, o.css);
	free(text);
	ck_assert_int_eq(qttt__web_options_read(bad, strlen(bad), &back, mb,
	    msg, sizeof(msg)), -1);
	ck_assert_str_eq(msg, "bad option: coords a2");
	ck_assert_int_eq(qttt__web_options_read(none, strlen(none), &back,
	    mb, msg, sizeof(msg)), -1);
	ck_assert_str_eq(msg, "option without a value: bare");
}
END_TEST

/*
 * A record loaded: its plies, its notes (a glyph is the note "mark"),
 * its tags and comment; a state string is a position; a record the
 * rules refuse is refused with the library's diagnostic.
 */
START_TEST(test_load)
{
	struct qttt__web *h = qttt__web_new();

	ck_assert_ptr_nonnull(h);
	ck_assert_int_eq(qttt__web_load(h, put(h, "[x Alice] [event \"A; B\"]"
	    " X1 a1 b1; O2 b1 c1?; X3 a1 c1 [value 1-0]; measure X3->c1 "
	    "# well played")), 4);
	says(h, "\"position\":false,\"start\":\".,.,./.,.,./.,.,. X1 - *\","
	    "\"plies\":[\"X1 a1 b1\",\"O2 b1 c1\",\"X3 a1 c1\","
	    "\"measure X3->c1\"],\"notes\":[[],[[\"mark\",\"?\"]],"
	    "[[\"value\",\"1-0\"]],[]],\"comments\":[null,null,null,null],"
	    "\"meta\":[[\"x\",\"Alice\"],[\"event\",\"A; B\"]],"
	    "\"comment\":\"well played\",\"result\":\"*\","
	    "\"rules\":\"goff\",\"tree\":[{\"line\":-1,\"parent\":-1,"
	    "\"at\":0,\"ply0\":0,\"depth\":0,\"items\":[{\"item\":"
	    "\"X1 a1 b1\",\"notes\":[],\"comment\":null},{\"item\":"
	    "\"O2 b1 c1\",\"notes\":[[\"mark\",\"?\"]],\"comment\":null},");
	ck_assert_int_eq(qttt__web_load(h, put(h, "x1,x1,./.,.,./.,.,. O2 - "
	    "*")), 0);
	says(h, "\"position\":true,\"start\":\"x1,x1,./.,.,./.,.,. O2 - *\"");
	ck_assert_int_eq(qttt__web_load(h, put(h, "X1 a1 b1; O2 a1 a1")), -1);
	says(h, "{\"error\":\"O2 places both marks in a1: a move needs two "
	    "different squares\",\"code\":\"same-square\"}");
	ck_assert_int_eq(qttt__web_load(h, put(h, "# nothing")), -1);
	says(h, "{\"error\":\"no game on the line\",\"code\":\"no-games\"}");
	qttt__web_free(h);
	qttt__web_free(NULL);
}
END_TEST

/*
 * A game a forfeit ended: the module counts it by the result awarded,
 * and its picture says it at the game's end only, not on the way nor
 * on another line of the same length.
 */
START_TEST(test_awarded)
{
	struct qttt__web *h = qttt__web_new();
	char		*s;

	ck_assert_ptr_nonnull(h);
	ck_assert_int_eq(qttt__web_load(h, put(h, "[termination time] "
	    "X1 a1 b1; O2 b1 c1; X3 a2 b2; 0-1")), 3);
	says(h, "\"result\":\"0-1\"");
	ck_assert_int_eq(qttt__web_line(h, put(h, "X1 a1 b1; O2 b1 c1; "
	    "X3 a2 b2")), 3);
	says(h, "Result: 0-1 (X forfeits: time; X 0, O 1)");
	ck_assert_int_eq(qttt__web_svg(h, 0), 0);
	says(h, "Game over, 0-1: X forfeits (time).");
	ck_assert_int_eq(qttt__web_line(h, put(h, "X1 a1 b1; O2 b1 c1")), 2);
	ck_assert_int_eq(qttt__web_svg(h, 0), 0);
	s = output(h);
	ck_assert_ptr_null(strstr(s, "forfeits"));
	free(s);
	ck_assert_int_eq(qttt__web_line(h, put(h, "X1 a1 b1; O2 b1 c1; "
	    "X3 a3 b3")), 3);
	ck_assert_int_eq(qttt__web_svg(h, 0), 0);
	s = output(h);
	ck_assert_ptr_null(strstr(s, "forfeits"));
	free(s);
	/* Played on from its end, the main line's result no longer holds. */
	ck_assert_int_eq(qttt__web_copy(h), 0);
	says(h, "X3 a2 b2; 0-1");
	ck_assert_int_eq(qttt__web_goto(h, -1, 3), 3);
	ck_assert_int_eq(qttt__web_play(h, put(h, "O4 a3 b3")), 4);
	says(h, "{\"line\":-1,\"ply\":4,");
	ck_assert_int_eq(qttt__web_copy(h), 0);
	s = output(h);
	ck_assert_ptr_nonnull(strstr(s, "X3 a2 b2; O4 a3 b3"));
	ck_assert_ptr_null(strstr(s, "0-1"));
	free(s);
	qttt__web_free(h);
}
END_TEST

/*
 * The line shown: actions from the start of the record loaded (a
 * position's, for a state string), the position at their end as the
 * listing says it; an action refused says how far the line went.
 */
START_TEST(test_line)
{
	struct qttt__web *h = qttt__web_new();

	ck_assert_int_eq(qttt__web_load(h, put(h, FIG7)), 6);
	ck_assert_int_eq(qttt__web_line(h, put(h, FIG7)), 6);
	says(h, "{\"plies\":6,\"state\":\"x1o6,x1o2,./.,o2x3o6,x5/.,o4,"
	    "x3o4x5 X7 O6 *\",\"turn\":\"X\",\"next\":7,\"pending\":6,"
	    "\"over\":false,\"forced\":false,\"result\":\"*\","
	    "\"cycle\":[0,1,4],\"closing\":[0,4],\"actions\":["
	    "{\"item\":\"measure O6->a1\",\"kind\":1,\"move\":6,"
	    "\"squares\":[0]},{\"item\":\"measure O6->b2\",\"kind\":1,"
	    "\"move\":6,\"squares\":[4]}],\"last\":{\"item\":\"O6 a1 b2\","
	    "\"kind\":0,\"move\":6,\"squares\":[0,4]},");
	says(h, "\"note\":\"closes a cycle: X1 O2 O6 (a1 b1 b2); stems: X3 "
	    "O4 X5; X measures\"");
	says(h, "\"status\":\"Result: * (X to measure the cycle closed by "
	    "O6)\"");
	says(h, "\"words\":\"a1 X1 O6 (spooky); b1 X1 O2 (spooky); ");
	says(h, "\"record\":\"" FIG7 "\"}");
	/* A measurement naming another move: in its canonical form. */
	ck_assert_int_eq(qttt__web_line(h, put(h, FIG7 "; measure X1->b1")),
	    7);
	says(h, "\"last\":{\"item\":\"measure O6->a1\"");
	says(h, "\"note\":\"X collapses ");
	ck_assert_int_eq(qttt__web_line(h, put(h, "X1 a1 b1; X3 a1 b1")), -1);
	says(h, "{\"plies\":1,\"error\":\"X3 is out of turn: the next move "
	    "is O2\",\"code\":\"move-order\"}");
	ck_assert_int_eq(qttt__web_line(h, put(h, "X1 a1 b1; O2 a1 d4")), -1);
	says(h, "{\"plies\":1,\"error\":");
	says(h, "\"code\":\"bad-square\"}");
	ck_assert_int_eq(qttt__web_line(h, put(h, "")), 0);
	says(h, "\"plies\":0,");
	/* From a position: its record is none. */
	ck_assert_int_eq(qttt__web_load(h, put(h, "x1,x1,./.,.,./.,.,. O2 - "
	    "*")), 0);
	ck_assert_int_eq(qttt__web_line(h, put(h, "O2 c1 c3")), 1);
	says(h, "\"state\":\"x1,x1,o2/.,.,./.,.,o2 X3 - *\"");
	says(h, "\"record\":null}");
	qttt__web_free(h);
}
END_TEST

/*
 * The tree of lines: a record's variations, nested ones included,
 * shown when it is loaded; an action played at the cursor follows
 * the tree where it has it and starts a variation (or extends the
 * line that ends there) where not; up and down among alternatives;
 * promoted to the main line, deleted; copied with every line.
 */
#define NESTED	"X1 a1 c3; O2 a1 c1 (O2 b2 b3; X3 a2 b2 (X3 a1 a2; " \
		"O4 b1 c2)); X3 a1 c1; *"

START_TEST(test_tree)
{
	struct qttt__web *h = qttt__web_new();

	ck_assert_int_eq(qttt__web_load(h, put(h, NESTED)), 3);
	says(h, "{\"line\":0,\"parent\":-1,\"at\":1,\"ply0\":1,\"depth\":1,"
	    "\"items\":[{\"item\":\"O2 b2 b3\",");
	says(h, "{\"line\":1,\"parent\":0,\"at\":1,\"ply0\":2,\"depth\":2,"
	    "\"items\":[{\"item\":\"X3 a1 a2\",");
	/* The inner variation at its end: the lines its plies are on. */
	ck_assert_int_eq(qttt__web_goto(h, 1, 99), 4);
	says(h, "{\"line\":1,\"ply\":4,\"owner\":1,\"n\":2,\"acts\":["
	    "\"X1 a1 c3\",\"O2 b2 b3\",\"X3 a1 a2\",\"O4 b1 c2\"],"
	    "\"on\":[-1,0,1,1],\"link\":\"2.1.2.1.2\",\"pos\":{\"plies\":4,");
	/* A path of the record: the position it names, on its line. */
	ck_assert_int_eq(qttt__web_path(h, put(h, "2.1.2.1.1")), 3);
	says(h, "{\"line\":1,\"ply\":3,");
	ck_assert_int_eq(qttt__web_path(h, put(h, "2.1.3")), -1);
	says(h, "{\"error\":\"2.1.3: the variation has 2 items\","
	    "\"code\":\"missing-plies\"}");
	ck_assert_int_eq(qttt__web_path(h, put(h, "2.x")), -1);
	says(h, "\"code\":\"syntax\"");
	/* A line the tree does not have: refused, the cursor kept. */
	ck_assert_int_eq(qttt__web_goto(h, 2, 1), -1);
	says(h, "{\"error\":\"no such line\"}");
	ck_assert_int_eq(qttt__web_step(h, 2), 4);
	says(h, "{\"line\":1,\"ply\":4,");
	ck_assert_int_eq(qttt__web_goto(h, 1, 4), 4);
	/* Back, then up to the alternative it replaces. */
	ck_assert_int_eq(qttt__web_step(h, 1), 3);
	ck_assert_int_eq(qttt__web_step(h, 4), 3);
	says(h, "{\"line\":0,\"ply\":3,\"owner\":0,\"n\":2,\"moved\":true,");
	ck_assert_int_eq(qttt__web_step(h, 4), 3);
	says(h, "\"moved\":false,");
	ck_assert_int_eq(qttt__web_step(h, 5), 3);
	says(h, "{\"line\":1,\"ply\":3,");
	/* At the branch itself: down goes into the next move's second. */
	ck_assert_int_eq(qttt__web_goto(h, -1, 1), 1);
	ck_assert_int_eq(qttt__web_step(h, 5), 2);
	says(h, "{\"line\":0,\"ply\":2,\"owner\":0,\"n\":1,\"moved\":true,");
	/* The tree's own moves are followed, not added again. */
	ck_assert_int_eq(qttt__web_goto(h, -1, 1), 1);
	ck_assert_int_eq(qttt__web_play(h, put(h, "O2 b2 b3")), 2);
	says(h, "{\"line\":0,\"ply\":2,");
	ck_assert_ptr_null(strstr(qttt__web_output(h), "\"tree\""));
	/* Another action starts a variation, which then goes on. */
	ck_assert_int_eq(qttt__web_goto(h, -1, 1), 1);
	ck_assert_int_eq(qttt__web_play(h, put(h, "O2 a2 a3")), 2);
	says(h, "{\"line\":2,\"ply\":2,\"owner\":2,\"n\":1,");
	says(h, "\"tree\":[");
	ck_assert_int_eq(qttt__web_play(h, put(h, "X3 b1 b2")), 3);
	says(h, "{\"line\":2,\"ply\":3,\"owner\":2,\"n\":2,");
	/* Its link: where it leaves the record as read, then its moves. */
	says(h, "\"link\":\"1~O2_a2_a3;X3_b1_b2\"");
	ck_assert_int_eq(qttt__web_play(h, put(h, "X3 b1 b2")), -1);
	says(h, "\"code\":\"move-order\"");
	ck_assert_int_eq(qttt__web_copy(h), 0);
	is(h, "X1 a1 c3; O2 a1 c1 (O2 b2 b3; "
	    "X3 a2 b2 (X3 a1 a2; O4 b1 c2)) (O2 a2 a3; X3 b1 b2); X3 a1 c1");
	/* At the main line's end: it goes on. */
	ck_assert_int_eq(qttt__web_goto(h, -1, 3), 3);
	ck_assert_int_eq(qttt__web_play(h, put(h, "measure X3->a1")), 4);
	says(h, "{\"line\":-1,\"ply\":4,");
	ck_assert_int_eq(qttt__web_goto(h, 2, 3), 3);
	ck_assert_int_eq(qttt__web_promote(h), 3);
	says(h, "{\"line\":-1,\"ply\":3,\"owner\":-1,\"n\":3,");
	ck_assert_int_eq(qttt__web_copy(h), 0);
	is(h, "X1 a1 c3; O2 a2 a3 (O2 a1 c1; "
	    "X3 a1 c1; measure X3->a1) (O2 b2 b3; X3 a2 b2 (X3 a1 a2; O4 b1 c2)); "
	    "X3 b1 b2");
	ck_assert_int_eq(qttt__web_promote(h), -1);
	says(h, "{\"error\":\"the line shown is the main line\"}");
	/* The record's paths still lead to their positions. */
	ck_assert_int_eq(qttt__web_path(h, put(h, "3")), 3);
	says(h, "{\"line\":0,\"ply\":3,");
	says(h, "\"link\":\"3\"");
	ck_assert_int_eq(qttt__web_goto(h, -1, 3), 3);
	ck_assert_int_eq(qttt__web_delete(h), -1);
	/* Deleted with the variation inside it: the cursor at its branch. */
	ck_assert_int_eq(qttt__web_goto(h, 1, 3), 3);
	ck_assert_int_eq(qttt__web_delete(h), 1);
	says(h, "{\"line\":-1,\"ply\":1,");
	ck_assert_int_eq(qttt__web_copy(h), 0);
	is(h, "X1 a1 c3; O2 a2 a3 (O2 a1 c1; "
	    "X3 a1 c1; measure X3->a1); X3 b1 b2");
	/* A position has no record to copy, but a tree to play. */
	ck_assert_int_eq(qttt__web_load(h, put(h, "x1,x1,./.,.,./.,.,. O2 - "
	    "*")), 0);
	ck_assert_int_eq(qttt__web_play(h, put(h, "O2 c1 c3")), 1);
	says(h, "\"state\":\"x1,x1,o2/.,.,./.,.,o2 X3 - *\"");
	ck_assert_int_eq(qttt__web_copy(h), -1);
	qttt__web_free(h);
}
END_TEST

/*
 * A record's actions as written, in either order of a move's squares,
 * a measurement by either move of its cycle: the tree holds them as
 * played, so that the same action clicked or named by a path follows
 * the line that has it, and the fragment names it by its path.
 */
START_TEST(test_written_order)
{
	struct qttt__web *h = qttt__web_new();

	ck_assert_int_eq(qttt__web_load(h, put(h, "X1 a1 b1; O2 a1 b1 "
	    "(O2 b2 c1); measure O2->b1 (measure X1->b1); X3 c3 c2")), 4);
	says(h, "{\"item\":\"X3 c2 c3\",");
	says(h, "\"items\":[{\"item\":\"O2 c1 b2\",");
	says(h, "\"items\":[{\"item\":\"measure O2->a1\",");
	ck_assert_int_eq(qttt__web_goto(h, -1, 1), 1);
	ck_assert_int_eq(qttt__web_play(h, put(h, "O2 c1 b2")), 2);
	says(h, "{\"line\":0,\"ply\":2,");
	says(h, "\"link\":\"2.1.1\",");
	ck_assert_int_eq(qttt__web_goto(h, -1, 2), 2);
	ck_assert_int_eq(qttt__web_play(h, put(h, "measure X1->b1")), 3);
	says(h, "{\"line\":1,\"ply\":3,");
	says(h, "\"link\":\"3.1.1\",");
	ck_assert_int_eq(qttt__web_goto(h, -1, 4), 4);
	says(h, "\"link\":\"4\",");
	ck_assert_int_eq(qttt__web_path(h, put(h, "3.1.1")), 3);
	says(h, "{\"line\":1,\"ply\":3,");
	ck_assert_int_eq(qttt__web_copy(h), 0);
	is(h, "X1 a1 b1; O2 a1 b1 (O2 c1 b2); measure O2->b1 "
	    "(measure O2->a1); X3 c2 c3");
	qttt__web_free(h);
}
END_TEST

#define MISTAKES "X1 a1 c3; O2 a1 c1; X3 a1 c1; measure X3->a1; " \
		"O4 b2 a3; X5 a2 b3; O6 b1 b3"

/*
 * Mistakes: each marked ply of the line shown has the best action
 * from the position before it beside it, and a step goes to the next.
 */
START_TEST(test_mistakes)
{
	struct qttt__web *h = qttt__web_new();

	/* As qttt-analyze judges it: plies 6 and 7 blunders. */
	ck_assert_int_eq(qttt__web_load(h, put(h, MISTAKES)), 7);
	ck_assert_int_eq(qttt__web_line(h, put(h, MISTAKES)), 7);
	ck_assert_int_eq(qttt__web_values(h), 0);
	says(h, "\"marks\":[\"\",\"\",\"\",\"\",\"\",\"??\",\"??\"],"
	    "\"best\":[null,null,null,null,null,\"X5 b2 a3; measure X5->a3; "
	    "O6 b1 b3; X7 b1 a2; O8 b1 a2; measure O8->b1\","
	    "\"O6 b2 a3; measure O6->b2\"],");
	ck_assert_int_eq(qttt__web_goto(h, -1, 0), 0);
	ck_assert_int_eq(qttt__web_step(h, 6), 6);
	says(h, "\"moved\":true,");
	ck_assert_int_eq(qttt__web_step(h, 6), 7);
	ck_assert_int_eq(qttt__web_step(h, 6), 7);
	says(h, "\"moved\":false,");
	qttt__web_free(h);
}
END_TEST

/*
 * The best line instead of a mistake played into the tree: a variation
 * at the move, the cursor at its end; followed the next time; refused
 * for a move that is no mistake; as far as the record has room.
 */
START_TEST(test_best_line)
{
	struct qttt__web *h = qttt__web_new();
	struct qttt_action acts[QTTT_MAXACTIONS];
	struct qttt_state st;
	char	 text[64];
	size_t	 n, i, p;

	ck_assert_int_eq(qttt__web_load(h, put(h, MISTAKES)), 7);
	ck_assert_int_eq(qttt__web_goto(h, -1, 7), 7);
	ck_assert_int_eq(qttt__web_best(h, 6), 11);
	says(h, "{\"line\":0,\"ply\":11,\"owner\":0,\"n\":6,");
	says(h, "\"link\":\"5~X5_b2_a3;measure_X5->a3;O6_b1_b3;");
	says(h, "\"tree\":[");
	ck_assert_int_eq(qttt__web_copy(h), 0);
	is(h, "X1 a1 c3; O2 a1 c1; X3 a1 c1; measure X3->a1; O4 b2 a3; "
	    "X5 a2 b3 (X5 b2 a3; measure X5->a3; O6 b1 b3; X7 b1 a2; "
	    "O8 b1 a2; measure O8->b1); O6 b1 b3");
	/* Its ply 6 is no mistake: refused, the cursor kept. */
	ck_assert_int_eq(qttt__web_best(h, 6), -1);
	says(h, "{\"error\":\"the move is no mistake: it keeps the "
	    "value\"}");
	ck_assert_int_eq(qttt__web_step(h, 2), 11);
	says(h, "{\"line\":0,\"ply\":11,");
	ck_assert_int_eq(qttt__web_best(h, 0), -1);
	says(h, "{\"error\":\"the start is no move: the best line replaces "
	    "a mistake (M goes to the next)\"}");
	ck_assert_int_eq(qttt__web_best(h, 99), -1);
	says(h, "{\"error\":\"no such move\"}");
	/* From the main line again: the variation followed. */
	ck_assert_int_eq(qttt__web_goto(h, -1, 2), 2);
	ck_assert_int_eq(qttt__web_best(h, 6), 11);
	says(h, "{\"line\":0,\"ply\":11,");
	ck_assert_ptr_null(strstr(qttt__web_output(h), "\"tree\""));
	/* The next blunder, on the main line. */
	ck_assert_int_eq(qttt__web_goto(h, -1, 7), 7);
	ck_assert_int_eq(qttt__web_best(h, 7), 8);
	says(h, "{\"line\":1,\"ply\":8,");
	says(h, "\"link\":\"6~O6_b2_a3;measure_O6->b2\",");
	/*
	 * No room: the line's first action followed, the second would
	 * start a 65th variation; the cursor stays after the first, and
	 * says why.
	 */
	ck_assert_int_eq(qttt__web_load(h, put(h, MISTAKES)), 7);
	ck_assert_int_eq(qttt__web_goto(h, -1, 5), 5);
	ck_assert_int_eq(qttt__web_play(h, put(h, "X5 b2 a3")), 6);
	ck_assert_int_eq(qttt__web_play(h, put(h, "measure X5->b2")), 7);
	play(MISTAKES);
	for (p = 0; p < 2; p++) {
		qttt_state_init(&st);
		if (p == 1)
			qttt_state_apply(&st, &game.plies[0], NULL);
		n = qttt_state_actions(&st, acts);
		for (i = 0; i < n; i++) {
			ck_assert_int_eq(qttt__web_goto(h, -1, (long)p),
			    (int)p);
			qttt_action_format(&acts[i], text, sizeof(text));
			qttt__web_play(h, put(h, text));
		}
	}
	ck_assert_int_eq(qttt__web_tree(h), 0);
	says(h, "{\"line\":63,");
	ck_assert_int_eq(qttt__web_goto(h, -1, 7), 7);
	ck_assert_int_eq(qttt__web_best(h, 6), 6);
	says(h, "\"ply\":6,");
	says(h, "\"X5 b2 a3\",\"measure X5->b2\"],\"on\":");
	says(h, "\"why\":\"the record has no room for it");
	qttt__web_free(h);
}
END_TEST

/* The square drawn at place p of a picture drawn with o. */
static int
place_of(const struct qttt_render_opts *o, int p)
{
	int	 sq;

	for (sq = 0; sq < QTTT_NSQUARES; sq++)
		if (qttt_render_place(o, sq) == p)
			return sq;
	return -1;
}

/*
 * The picture of the position shown is what qttt_render_svg() draws
 * with the page's options, byte for byte, at every ply, and its
 * outcomes with preview; the setup says where the board is.
 */
START_TEST(test_svg)
{
	struct qttt__web *h = qttt__web_new();
	struct qttt_render_opts o;
	struct qttt_markup m;
	struct qttt_diag d;
	struct qttt_state st;
	char		 items[QTTT_RECORD_MAX] = "", *svg, *got;
	const char	*opts = "coords a1\ntheme mono\nrotate 90\nflip h\n"
			    "bare 0\nhighlight 1\nmarkup arrow a1 c3\n"
			    "css .qttt-graph { opacity: .5 }";
	size_t		 p, n = 0;

	qttt_render_defaults(&o);
	o.coords = QTTT_COORDS_A1;
	o.theme = QTTT_THEME_MONO;
	o.rotate = 90;
	o.flip = QTTT_FLIP_H;
	/* The board 16 + 26 from the corner; the squares in place order. */
	ck_assert_int_eq(qttt__web_setup(h, put(h, opts)), 0);
	for (p = 0, n = snprintf(items, sizeof(items), "{\"board\":[42,42,"
	    "100],\"at\":["); p < QTTT_NSQUARES; p++)
		n += snprintf(items + n, sizeof(items) - n, "%s%d",
		    p > 0 ? "," : "", place_of(&o, (int)p));
	snprintf(items + n, sizeof(items) - n, "]}");
	says(h, items);
	n = 0;
	items[0] = '\0';
	ck_assert_int_eq(qttt_markup_parse("arrow a1 c3", &m, &d), 0);
	o.markup = &m;
	o.nmarkup = 1;
	o.css = ".qttt-graph { opacity: .5 }";
	play(FIG8 "; measure X7->a1");
	ck_assert_int_eq(qttt__web_load(h, put(h, FIG8 "; measure X7->a1")),
	    8);
	for (p = 0; p <= game.nplies; p++) {
		if (p > 1)
			n += snprintf(items + n, sizeof(items) - n, "; ");
		if (p > 0)
			n += qttt_action_format(&game.plies[p - 1], items + n,
			    sizeof(items) - n);
		ck_assert_int_eq(qttt__web_line(h, put(h, p > 0 ? items : "")),
		    (int)p);
		qttt_game_state_at(&game, p, &st);
		svg = svg_of(&st, game.plies, p, &o);
		ck_assert_int_eq(qttt__web_svg(h, 0), 0);
		got = output(h);
		ck_assert_str_eq(got, svg);
		free(got);
		free(svg);
		if (st.pending == 0)
			continue;
		o.preview = 1;
		svg = svg_of(&st, game.plies, p, &o);
		o.preview = 0;
		ck_assert_int_eq(qttt__web_svg(h, 1), 0);
		got = output(h);
		ck_assert_str_eq(got, svg);
		free(got);
		free(svg);
	}
	ck_assert_int_eq(qttt__web_setup(h, put(h, "rotate 45")), -1);
	says(h, "{\"error\":\"bad option: rotate 45\"}");
	qttt__web_free(h);
}
END_TEST

/*
 * Clicks: a square a move may take is the first of two; the second
 * makes the move; the library's diagnostic for a square refused; on a
 * pending cycle a square is the measurement, or refused; the forced
 * move is one click.
 */
START_TEST(test_click)
{
	struct qttt__web *h = qttt__web_new();

	ck_assert_int_eq(qttt__web_load(h, put(h, FIG8 "; measure X7->a1")),
	    8);
	ck_assert_int_eq(qttt__web_line(h, put(h, "X1 a1 b2")), 1);
	ck_assert_int_eq(qttt__web_click(h, 2, -1), 0);
	says(h, "{\"first\":2}");
	ck_assert_int_eq(qttt__web_click(h, 2, 0), 1);
	says(h, "{\"item\":\"O2 a1 c1\",\"kind\":0,\"move\":2,"
	    "\"squares\":[0,2]}");
	ck_assert_int_eq(qttt__web_click(h, 2, 2), -1);
	says(h, "{\"error\":\"O2 places both marks in c1: a move needs two "
	    "different squares\",\"code\":\"same-square\"}");
	/* X7's cycle pending: O measures; b2 is not one of X7's squares. */
	ck_assert_int_eq(qttt__web_line(h, put(h, FIG8)), 7);
	ck_assert_int_eq(qttt__web_click(h, 2, -1), -1);
	says(h, "\"code\":\"wrong-square\"");
	says(h, "c1 is not one of X7's squares (a1, b2)");
	ck_assert_int_eq(qttt__web_click(h, 4, -1), 1);
	says(h, "{\"item\":\"measure X7->b2\",\"kind\":1,\"move\":7,"
	    "\"squares\":[4]}");
	/* After the collapse: a classical square is refused. */
	ck_assert_int_eq(qttt__web_line(h, put(h, FIG8 "; measure X7->a1")),
	    8);
	ck_assert_int_eq(qttt__web_click(h, 0, -1), -1);
	says(h, "\"code\":\"game-over\"");
	qttt__web_free(h);
	h = qttt__web_new();
	ck_assert_int_eq(qttt__web_load(h, put(h, "*")), 0);
	ck_assert_int_eq(qttt__web_line(h, put(h, "X1 a1 b1; O2 a1 b1; "
	    "measure O2->a1")), 3);
	ck_assert_int_eq(qttt__web_click(h, 1, -1), -1);
	says(h, "{\"error\":\"X3 plays b1, but b1 is classical (X1)\","
	    "\"code\":\"square-classical\"}");
	ck_assert_int_eq(qttt__web_click(h, 2, 1), -1);
	says(h, "\"code\":\"square-classical\"");
	ck_assert_int_eq(qttt__web_click(h, 9, -1), -1);
	says(h, "\"code\":\"bad-square\"");
	qttt__web_free(h);
	/* The forced X9: its square alone. */
	h = qttt__web_new();
	ck_assert_int_eq(qttt__web_load(h, put(h, "X1 a1 b1; O2 b1 c1; X3 c1 "
	    "c2; O4 c2 c3; X5 b3 c3; O6 a3 b3; X7 a2 a3; O8 a1 a2; measure "
	    "O8->a2")), 9);
	ck_assert_int_eq(qttt__web_line(h, put(h, "X1 a1 b1; O2 b1 c1; X3 c1 "
	    "c2; O4 c2 c3; X5 b3 c3; O6 a3 b3; X7 a2 a3; O8 a1 a2; measure "
	    "O8->a2")), 9);
	says(h, "\"forced\":true");
	ck_assert_int_eq(qttt__web_click(h, 4, -1), 1);
	says(h, "{\"item\":\"X9 b2\",\"kind\":0,\"move\":9,"
	    "\"squares\":[4,4]}");
	ck_assert_int_eq(qttt__web_click(h, 0, -1), -1);
	says(h, "\"code\":\"forced-move\"");
	qttt__web_free(h);
}
END_TEST

/*
 * The levels of the page's opponent (formats/viewer.md, "An
 * opponent"): 5 is perfect, 4, 3 and 2 take a best action 90, 75 and
 * 50 times in a hundred and another otherwise, 1 plays at random.  On
 * the empty board (36 actions, 2 of them best) over 2,000 seeds each
 * level's share of best replies is its rate, within 4 points (level
 * 1's is 2 in 36).
 */
START_TEST(test_levels)
{
	struct qttt__web *h = qttt__web_new();
	struct qttt_solver *sv = qttt_solver_new(1 << 20);
	static struct qttt_analysis an;
	static const int rate[] = { 0, 0, 50, 75, 90, 100 };
	char		 best[2][64], *a;
	struct qttt_state st;
	uint32_t	 seed;
	int		 level, nbest, want;

	ck_assert_ptr_nonnull(sv);
	qttt_state_init(&st);
	ck_assert_int_eq(qttt_solver_analyze(sv, &st, QTTT_SOLVE_BEST, &an,
	    NULL), QTTT_OK);
	ck_assert_uint_eq(an.nactions, 36);
	ck_assert_uint_eq(an.nbest, 2);
	for (level = 0; level < 2; level++) {
		qttt_action_format(&an.actions[an.best[level]], best[level],
		    sizeof(best[level]) - 1);
		strcat(best[level], "\"");
	}
	ck_assert_int_eq(qttt__web_load(h, put(h, "*")), 0);
	ck_assert_int_eq(qttt__web_line(h, put(h, "")), 0);
	for (level = 1; level <= 5; level++) {
		for (nbest = 0, seed = 0; seed < 2000; seed++) {
			ck_assert_int_eq(qttt__web_reply(h, level, seed), 0);
			a = output(h);
			nbest += strstr(a, best[0]) != NULL ||
			    strstr(a, best[1]) != NULL;
			free(a);
		}
		want = level == 1 ? 2000 * 2 / 36 : 20 * rate[level];
		ck_assert_msg(nbest >= want - 80 && nbest <= want + 80,
		    "level %d: %d best replies in 2000, not about %d", level,
		    nbest, want);
	}
	qttt_solver_free(sv);
	qttt__web_free(h);
}
END_TEST

/*
 * The analysis and the values along the line are the solver's; a
 * reply at level 5 keeps the value, at any level it is legal, and the
 * same seed gives the same reply.
 */
START_TEST(test_solver)
{
	struct qttt__web *h = qttt__web_new();
	struct qttt_solver *sv = qttt_solver_new(1 << 20);
	static struct qttt_analysis an;
	static struct qttt_judged_game jg;
	struct qttt_state st;
	char		 want[256], *a, *b;
	size_t		 i, p;
	int		 v, level;
	uint32_t	 seed;

	ck_assert_ptr_nonnull(sv);
	ck_assert_int_eq(qttt__web_load(h, put(h, "*")), 0);
	ck_assert_int_eq(qttt__web_line(h, put(h, "")), 0);
	ck_assert_int_eq(qttt__web_analyze(h), 0);
	says(h, "{\"v\":1,\"value\":\"1-1/2\",\"actions\":[{\"item\":"
	    "\"X1 a1 b1\",\"kind\":0,\"move\":1,\"squares\":[0,1],\"v\":0,"
	    "\"value\":\"0-0\"},");
	says(h, "\"best\":[7,18],\"pv\":[{\"item\":\"X1 a1 c3\"");
	play(FIG7);
	ck_assert_int_eq(qttt__web_load(h, put(h, FIG7)), 6);
	ck_assert_int_eq(qttt__web_line(h, put(h, FIG7)), 6);
	ck_assert_int_eq(qttt__web_values(h), 0);
	a = output(h);
	ck_assert_ptr_nonnull(b = strstr(a, "{\"values\":["));
	for (p = 0, b += 11; p <= game.nplies; p++) {
		qttt_game_state_at(&game, p, &st);
		ck_assert_int_eq(qttt_solver_value(sv, &st, &v, NULL), QTTT_OK);
		ck_assert_int_eq(strtol(b, &b, 10), v);
		ck_assert_int_eq(*b++, p < game.nplies ? ',' : ']');
	}
	/* Each ply judged as the library judges it. */
	ck_assert_int_eq(qttt_judge_game(sv, &game, &jg, NULL), QTTT_OK);
	ck_assert_ptr_nonnull(b = strstr(a, ",\"marks\":["));
	for (p = 0, b += 10; p < game.nplies; p++) {
		snprintf(want, sizeof(want), "\"%s\"%c",
		    qttt_mark_glyph(jg.ply[p].mark),
		    p + 1 < game.nplies ? ',' : ']');
		ck_assert_int_eq(strncmp(b, want, strlen(want)), 0);
		b += strlen(want);
	}
	ck_assert_ptr_nonnull(b = strstr(a, ",\"movers\":\""));
	for (p = 0, b += 11; p < game.nplies; p++)
		ck_assert_int_eq(b[p], QTTT_PLAYER_LETTER(jg.ply[p].mover));
	free(a);
	ck_assert_int_eq(qttt_solver_analyze(sv, &game.state, 0, &an, NULL),
	    QTTT_OK);
	ck_assert_int_eq(qttt__web_analyze(h), 0);
	for (i = 0; i < an.nactions; i++) {
		qttt_action_format(&an.actions[i], want, sizeof(want));
		snprintf(want + strlen(want), sizeof(want) - strlen(want),
		    "\",\"kind\":1,\"move\":6,\"squares\":[%d],\"v\":%d,",
		    an.actions[i].sq[0], an.values[i]);
		says(h, want);
	}
	for (level = 1; level <= 5; level++)
		for (seed = 0; seed < 20; seed++) {
			ck_assert_int_eq(qttt__web_reply(h, level, seed), 0);
			a = output(h);
			ck_assert_int_eq(qttt__web_reply(h, level, seed), 0);
			b = output(h);
			ck_assert_str_eq(a, b);
			for (i = 0; i < an.nactions; i++) {
				qttt_action_format(&an.actions[i], want,
				    sizeof(want));
				if (strstr(a, want) != NULL)
					break;
			}
			ck_assert_uint_lt(i, an.nactions);
			if (level == 5)
				ck_assert_int_eq(an.values[i], an.value);
			free(a);
			free(b);
		}
	ck_assert_int_eq(qttt__web_reply(h, 6, 0), -1);
	ck_assert_int_eq(qttt__web_line(h, put(h, FIG7 "; measure O6->b2; "
	    "0-1")), 7);
	ck_assert_int_eq(qttt__web_reply(h, 5, 0), -1);
	says(h, "\"code\":\"game-over\"");
	qttt_solver_free(sv);
	qttt__web_free(h);
}
END_TEST

/*
 * The index of the page's records: plies, moves, result and tags of
 * each line (tabs and line breaks in a tag as blanks), "!" for a line
 * that is no valid record; blank lines are no games.
 */
START_TEST(test_index)
{
	struct qttt__web *h = qttt__web_new();

	ck_assert_int_eq(qttt__web_index(h, put(h, "[x Alice] [o Bob] "
	    "[date 2006-11] [event \"a\\tb\"] " FIG7 "; measure O6->b2; 0-1"
	    "\n\nx1,x1,./.,.,./.,.,. O2 - *\nX1 a1\n*\n")), 4);
	says(h, "7\t6\t0-1\tAlice\tBob\ta b\t2006-11\t\n"
	    "0\t1\t*\t\t\t\t\t\n0\t0\t!\t\t\t\t\t\n0\t0\t*\t\t\t\t\t\n");
	qttt__web_free(h);
}
END_TEST

/*
 * The profile a session reads state strings by: Goff's at first, then
 * the one named, until another is.  A name that is no profile is
 * refused.
 */
START_TEST(test_rules)
{
	struct qttt__web *h = qttt__web_new();

	ck_assert_int_eq(qttt__web_load(h, put(h, KSMANIS_END)), -1);
	says(h, "{\"error\":");
	ck_assert_int_eq(qttt__web_index(h, put(h, KSMANIS_END)), 1);
	says(h, "0\t0\t!\t");
	ck_assert_int_eq(qttt__web_rules(h, put(h, "ksmanis")), 0);
	ck_assert_int_eq(qttt__web_load(h, put(h, KSMANIS_END)), 0);
	says(h, "\"position\":true");
	says(h, "\"result\":\"2-0\",\"rules\":\"ksmanis\"");
	ck_assert_int_eq(qttt__web_index(h, put(h, KSMANIS_END)), 1);
	says(h, "0\t9\t2-0\t");
	ck_assert_int_eq(qttt__web_rules(h, put(h, "ksmanis,bogus")), -1);
	says(h, "{\"error\":\"not a rule profile: ksmanis,bogus\"}");
	ck_assert_int_eq(qttt__web_load(h, put(h, KSMANIS_END)), 0);
	ck_assert_int_eq(qttt__web_rules(h, put(h, "")), 0);
	ck_assert_int_eq(qttt__web_load(h, put(h, KSMANIS_END)), -1);
	qttt__web_free(h);
}
END_TEST

/* The board in words, as the page says it under every position. */
START_TEST(test_words)
{
	struct out	 out;
	char		*s;
	struct qttt_state st;

	play(FIG7 "; measure O6->b2");
	qttt__web_words(out_open(&out), &game.state);
	s = out_close(&out);
	ck_assert_str_eq(s, "a1 X1 (classical); b1 O2 (classical); b2 O6 "
	    "(classical); c2 X5 (classical); b3 O4 (classical); c3 X3 "
	    "(classical); empty: c1 a2 a3.");
	free(s);
	qttt_state_init(&st);
	qttt__web_words(out_open(&out), &st);
	s = out_close(&out);
	ck_assert_str_eq(s, "every square empty.");
	free(s);
}
END_TEST

Suite *
web_suite(void)
{
	Suite	*s = suite_create("web");
	TCase	*tc = tcase_create("web");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_html_page);
	tcase_add_test(tc, test_html_profile);
	tcase_add_test(tc, test_html_inputs);
	tcase_add_test(tc, test_html_records);
	tcase_add_test(tc, test_html_invalid_text);
	tcase_add_test(tc, test_html_state_rules);
	tcase_add_test(tc, test_html_title);
	tcase_add_test(tc, test_html_write_error);
	tcase_add_test(tc, test_sha256);
	tcase_add_test(tc, test_options);
	tcase_add_test(tc, test_load);
	tcase_add_test(tc, test_awarded);
	tcase_add_test(tc, test_line);
	tcase_add_test(tc, test_tree);
	tcase_add_test(tc, test_written_order);
	tcase_add_test(tc, test_mistakes);
	tcase_add_test(tc, test_best_line);
	tcase_add_test(tc, test_svg);
	tcase_add_test(tc, test_click);
	tcase_add_test(tc, test_solver);
	tcase_add_test(tc, test_levels);
	tcase_add_test(tc, test_index);
	tcase_add_test(tc, test_rules);
	tcase_add_test(tc, test_words);
	suite_add_tcase(s, tc);
	return s;
}
