/*
 * What the viewer page's WebAssembly module exports to the page's
 * script (web.h; formats/viewer.md, "The module"): a thin layer over
 * the library that takes text in and gives JSON, SVG or tab-separated
 * text out, so that the page reads records, plays, judges and draws
 * with the library itself.  Built for wasm32-wasi into the page, and
 * natively into the library, where the unit tests call it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "engine/engine.h"
#include "output/output.h"
#include "render/render.h"
#include "web/web.h"

/* The name the page's script calls a function by. */
#ifdef __wasm__
#define EXPORT(name)	__attribute__((export_name(name)))
#else
#define EXPORT(name)
#endif

struct qttt__web {
	struct qttt_render_opts	 render;
	struct qttt_markup	 markup[QTTT__WEB_MARKUP];
	char			*options;	/* the css points into it */
	struct qttt_solver	*solver;	/* made when first needed */
	/*
	 * The record loaded, with its variations (the tree the page
	 * keeps, which play, promote and delete change); the text it
	 * was read from, which its tags and notes point into; its start,
	 * the game of its main line.
	 */
	struct qttt_record	 rec;
	char			*src;
	struct qttt_game	 game;
	/*
	 * The cursor: the line shown (cv: QTTT_MAINLINE or a variation),
	 * its whole game (cgame) and the plies of it shown (cply).
	 */
	size_t			 cv, cply;
	struct qttt_game	 cgame;
	struct qttt_game	 walk;	/* the actions a path names */
	int			 position;	/* a state string, no record */
	/* The profile state strings are read by (rules), Goff's at first. */
	unsigned int		 rules;
	struct qttt_state	 start;
	/* The line shown: actions played from the start. */
	struct qttt_game	 line;
	/* Records read for the line and for the index. */
	struct qttt_record	 scratch;
	/* Said with the cursor next time, once (web_best's stop). */
	const char		*why;
	char			*in;
	size_t			 insize;
	/* The output of the last call; its stream while a call writes. */
	struct qttt__web_text	 out;
	FILE			*f;
};

/* ------------------------------------------------------------------ */
/* Input and output                                                     */
/* ------------------------------------------------------------------ */

EXPORT("web_new") struct qttt__web *
qttt__web_new(void)
{
	struct qttt__web *h;

	if ((h = calloc(1, sizeof(*h))) == NULL)
		return NULL;
	qttt_render_defaults(&h->render);
	h->rules = QTTT_RULES_GOFF;
	qttt_state_init(&h->start);
	qttt_game_init(&h->game);
	qttt_game_init(&h->line);
	return h;
}

EXPORT("web_free") void
qttt__web_free(struct qttt__web *h)
{
	if (h == NULL)
		return;
	qttt_solver_free(h->solver);
	free(h->src);
	free(h->options);
	free(h->in);
	free(h->out.buf);
	free(h);
}

EXPORT("web_input") char *
qttt__web_input(struct qttt__web *h, size_t n)
{
	char	*p;

	/* One byte more, for a NUL after the text. */
	if (n + 1 > h->insize) {
		if ((p = realloc(h->in, n + 1)) == NULL)
			return NULL;
		h->in = p;
		h->insize = n + 1;
	}
	return h->in;
}

EXPORT("web_output") const char *
qttt__web_output(const struct qttt__web *h)
{
	return h->out.buf;
}

EXPORT("web_output_len") size_t
qttt__web_output_len(const struct qttt__web *h)
{
	return h->out.len;
}

/* Starts the output of a call.  Returns the stream, or NULL. */
static FILE *
begin(struct qttt__web *h)
{
	free(h->out.buf);
	return h->f = qttt__web_text_open(&h->out);
}

/* Ends it: status, or -1 if the stream failed (out of memory). */
static int
end(struct qttt__web *h, int status)
{
	h->f = NULL;
	return qttt__web_text_end(&h->out) == 0 ? status : -1;
}

/* The input, checked: len bytes of it, NUL-terminated. */
static const char *
input(struct qttt__web *h, size_t len)
{
	if (h->in == NULL || len >= h->insize)
		return NULL;
	h->in[len] = '\0';
	return h->in;
}

/* A JSON string of n bytes of s. */
static void
jstr(FILE *f, const char *s, size_t n)
{
	qttt_json_string(f, s, n);
}

static void
jcstr(FILE *f, const char *s)
{
	jstr(f, s, strlen(s));
}

/* The output of a call that fails: {"error": msg, "code": name}. */
static int
fail(struct qttt__web *h, enum qttt_code code, const char *msg)
{
	if (h->f == NULL && begin(h) == NULL)
		return -1;
	fputs("{\"error\":", h->f);
	jcstr(h->f, msg);
	if (code != QTTT_OK) {
		fputs(",\"code\":", h->f);
		jcstr(h->f, qttt_code_name(code));
	}
	fputs("}", h->f);
	end(h, -1);
	return -1;
}

/*
 * Text a function of the library wrote on a stream, as a JSON string,
 * its last line breaks left out.
 */
static void
captured(FILE *f, struct qttt__web_text *c)
{
	if (c->f == NULL || qttt__web_text_end(c) != 0) {
		fputs("\"\"", f);
		return;
	}
	while (c->len > 0 && c->buf[c->len - 1] == '\n')
		c->len--;
	jstr(f, c->buf, c->len);
	free(c->buf);
}

static void	numbers(FILE *, const unsigned char *, size_t);
static void	tree(const struct qttt__web *, FILE *);
static void	cursor(struct qttt__web *, size_t, size_t);
static void	canonical(struct qttt_record *);

/* ------------------------------------------------------------------ */
/* Options                                                              */
/* ------------------------------------------------------------------ */

EXPORT("web_setup") int
qttt__web_setup(struct qttt__web *h, size_t len)
{
	const char	*s;
	char		*text, msg[QTTT_MSG_MAX];
	unsigned char	 at[QTTT_NSQUARES];
	int		 x, y;

	if ((s = input(h, len)) == NULL || (text = malloc(len + 1)) == NULL)
		return fail(h, QTTT_OK, "out of memory");
	memcpy(text, s, len);
	if (qttt__web_options_read(text, len, &h->render, h->markup, msg,
	    sizeof(msg)) != 0) {
		free(text);
		qttt_render_defaults(&h->render);
		return fail(h, QTTT_OK, msg);
	}
	free(h->options);
	h->options = text;
	if (begin(h) == NULL)
		return -1;
	/* Where the board is drawn, and which square at each place. */
	qttt__render_svg_board(&h->render, &x, &y);
	qttt__render_layout(&h->render, at);
	fprintf(h->f, "{\"board\":[%d,%d,%d],\"at\":", x, y, RENDER_SQUARE);
	numbers(h->f, at, QTTT_NSQUARES);
	fputs("}", h->f);
	return end(h, 0);
}

/* ------------------------------------------------------------------ */
/* Records                                                              */
/* ------------------------------------------------------------------ */

/*
 * The profile that the state strings of the records given next are
 * read by (a record names its own), by its name in the input: "" (or
 * "goff") for Goff's rules.  The page gives each list of records its
 * profile.
 */
EXPORT("web_rules") int
qttt__web_rules(struct qttt__web *h, size_t len)
{
	const char	*s;
	unsigned int	 rules = QTTT_RULES_GOFF;
	char		 msg[QTTT_MSG_MAX];

	if ((s = input(h, len)) == NULL)
		return fail(h, QTTT_OK, "no input");
	if (len > 0 && qttt_rules_parse(s, len, &rules, NULL) != 0) {
		snprintf(msg, sizeof(msg), "not a rule profile: %.*s",
		    (int)(len < 64 ? len : 64), s);
		return fail(h, QTTT_OK, msg);
	}
	h->rules = rules;
	if (begin(h) == NULL)
		return -1;
	return end(h, 0);
}

/*
 * Reads one line, a state string (by the profile of the session) or a
 * record, into rec and g.  Returns 1 for a position (g holds it as a
 * game without plies), 0 for a valid record, -1 for neither (rec's
 * diagnostics say why, or d for a line that is no record at all).
 */
static int
read_line(const struct qttt__web *h, const char *s, size_t n,
    struct qttt_record *rec, struct qttt_game *g, struct qttt_diag *d)
{
	struct qttt_state st;

	if (qttt_state_parse_rules(s, n, h->rules, &st, NULL) == QTTT_OK) {
		qttt_record_clear(rec);
		qttt_game_init(g);
		g->state = st;
		return 1;
	}
	if (qttt_line_parse(s, n, 0, rec) != 1) {
		d->code = QTTT_E_EMPTY;
		snprintf(d->msg, sizeof(d->msg), "no game on the line");
		return -1;
	}
	if (qttt_record_play(rec, g) > 0) {
		*d = rec->diags[0];
		return -1;
	}
	return 0;
}

/* A tag's value for the index: blanks for tabs and line breaks. */
static void
index_tag(FILE *f, const struct qttt_record *rec, const char *key)
{
	const char	*v;
	size_t		 n, i;

	putc('\t', f);
	if (!qttt_record_meta(rec, key, &v, &n))
		return;
	for (i = 0; i < n && v[i] != '\t' && v[i] != '\n' && v[i] != '\r';
	    i++)
		;
	if (i == n) {
		fwrite(v, 1, n, f);
		return;
	}
	for (i = 0; i < n; i++)
		putc(v[i] == '\t' || v[i] == '\n' || v[i] == '\r' ? ' ' :
		    v[i], f);
}

/*
 * One line of the index: the plies, the moves (placements) and the
 * result of a record, as read (the page holds valid records only: a
 * record's result is the one it states, or none), or of a position.
 * Returns 0, or -1 for a line that is neither.
 */
static int
index_line(FILE *f, const char *s, size_t n, struct qttt_record *rec,
    unsigned int rules)
{
	struct qttt_state st;
	struct qttt_result res;
	char		 buf[32 + RESULT_TEXT_MAX], *p;
	size_t		 i, plies = 0, moves = 0;

	if (qttt_state_parse_rules(s, n, rules, &st, NULL) == QTTT_OK) {
		qttt_record_clear(rec);
		res = st.result;
		moves = st.next - 1;
	} else if (qttt_line_parse(s, n, 0, rec) == 1 && rec->ndiags == 0) {
		memset(&res, 0, sizeof(res));
		for (i = 0; i < rec->nitems; i++)
			if (rec->items[i].kind == QTTT_ITEM_ACTION) {
				plies++;
				moves += rec->items[i].action.kind ==
				    QTTT_PLACE;
			} else
				res = rec->items[i].result;
	} else
		return -1;
	p = buf;
	if (plies >= 10)
		*p++ = '0' + plies / 10;
	*p++ = '0' + plies % 10;
	*p++ = '\t';
	*p++ = '0' + moves % 10;
	*p++ = '\t';
	p = qttt__engine_result_text(p, &res);
	fwrite(buf, 1, p - buf, f);
	return 0;
}

EXPORT("web_index") long
qttt__web_index(struct qttt__web *h, size_t len)
{
	const char	*s, *end_of, *nl;
	long		 count = 0;

	if ((s = input(h, len)) == NULL)
		return fail(h, QTTT_OK, "no input");
	if (begin(h) == NULL)
		return -1;
	for (end_of = s + len; s < end_of; s = nl + 1) {
		if ((nl = memchr(s, '\n', end_of - s)) == NULL)
			nl = end_of;
		if (nl == s)
			continue;
		count++;
		if (index_line(h->f, s, nl - s, &h->scratch, h->rules) != 0) {
			fputs("0\t0\t!\t\t\t\t\t\n", h->f);
			continue;
		}
		index_tag(h->f, &h->scratch, "x");
		index_tag(h->f, &h->scratch, "o");
		index_tag(h->f, &h->scratch, "event");
		index_tag(h->f, &h->scratch, "date");
		index_tag(h->f, &h->scratch, "site");
		putc('\n', h->f);
	}
	return end(h, 0) == 0 ? count : -1;
}

/* The metadata of a record, or the notes of an item: [[key, value]...]. */
static void
pairs(FILE *f, const struct qttt_meta *m, size_t n)
{
	size_t	 i;

	putc('[', f);
	for (i = 0; i < n; i++) {
		fputs(i > 0 ? ",[" : "[", f);
		jstr(f, m[i].key, m[i].keylen);
		putc(',', f);
		jstr(f, m[i].value, m[i].valuelen);
		putc(']', f);
	}
	putc(']', f);
}

EXPORT("web_load") int
qttt__web_load(struct qttt__web *h, size_t len)
{
	struct qttt_diag d;
	struct qttt_extras ex;
	const char	*s;
	char		 text[QTTT_STATE_MAX];
	size_t		 i;
	int		 k;
	FILE		*f;

	if ((s = input(h, len)) == NULL)
		return fail(h, QTTT_OK, "no input");
	/* A line break ends the record. */
	if (memchr(s, '\n', len) != NULL)
		len = (const char *)memchr(s, '\n', len) - s;
	/* The record's tags and notes point into its text: kept. */
	free(h->src);
	if ((h->src = malloc(len + 1)) == NULL)
		return fail(h, QTTT_OK, "out of memory");
	memcpy(h->src, s, len);
	h->src[len] = '\0';
	if ((k = read_line(h, h->src, len, &h->rec, &h->game, &d)) < 0) {
		qttt_record_clear(&h->rec);
		qttt_game_init(&h->game);
		h->position = 0;
		qttt_state_init(&h->start);
		qttt_game_init(&h->line);
		cursor(h, QTTT_MAINLINE, 0);
		return fail(h, d.code, d.msg);
	}
	h->position = k == 1;
	canonical(&h->rec);
	qttt_game_state_at(&h->game, 0, &h->start);
	if (h->position) {
		/* The lines played from a position start from it. */
		h->rec.has_start = 1;
		h->rec.start = h->start;
	}
	cursor(h, QTTT_MAINLINE, 0);
	if ((f = begin(h)) == NULL)
		return -1;
	qttt_extras_from_record(&ex, &h->game, h->position ? NULL : &h->rec);
	fprintf(f, "{\"position\":%s,\"start\":", h->position ? "true" :
	    "false");
	qttt_state_format(&h->start, text, sizeof(text));
	jcstr(f, text);
	fputs(",\"plies\":[", f);
	for (i = 0; i < h->game.nplies; i++) {
		qttt_action_format(&h->game.plies[i], text, sizeof(text));
		if (i > 0)
			putc(',', f);
		jcstr(f, text);
	}
	fputs("],\"notes\":[", f);
	for (i = 0; i < h->game.nplies; i++) {
		if (i > 0)
			putc(',', f);
		pairs(f, ex.ply[i].notes, ex.ply[i].nnotes);
	}
	fputs("],\"comments\":[", f);
	for (i = 0; i < h->game.nplies; i++) {
		if (i > 0)
			putc(',', f);
		if (ex.ply[i].comment != NULL)
			jstr(f, ex.ply[i].comment, ex.ply[i].commentlen);
		else
			fputs("null", f);
	}
	fputs("],\"meta\":", f);
	pairs(f, ex.meta, ex.nmeta);
	fputs(",\"comment\":", f);
	if (ex.comment != NULL)
		jstr(f, ex.comment, ex.commentlen);
	else
		fputs("null", f);
	/* The result the game counts with: a forfeit's or adjudication's. */
	qttt_result_format(qttt_record_result(h->position ? NULL : &h->rec,
	    &h->game), text, sizeof(text));
	fputs(",\"result\":", f);
	jcstr(f, text);
	/* The profile the game is played by, by its name. */
	if (qttt_rules_format(h->game.state.rules, text, sizeof(text)) < 0)
		text[0] = '\0';	/* no profile: no game was played */
	fputs(",\"rules\":", f);
	jcstr(f, text);
	fputs(",\"tree\":", f);
	tree(h, f);
	fputs("}", f);
	return end(h, (int)h->game.nplies);
}

/* ------------------------------------------------------------------ */
/* The line shown                                                       */
/* ------------------------------------------------------------------ */

/* Whether sq holds a spooky mark of st. */
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

void
qttt__web_words(FILE *f, const struct qttt_state *st)
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

/* [a, b, ...]: n numbers. */
static void
numbers(FILE *f, const unsigned char *v, size_t n)
{
	size_t	 i;

	putc('[', f);
	for (i = 0; i < n; i++)
		fprintf(f, "%s%d", i > 0 ? "," : "", v[i]);
	putc(']', f);
}

/*
 * An action as the page takes it: {"item", "kind", "move", "squares"},
 * the closing brace left to the caller.
 */
static void
action_open(FILE *f, const struct qttt_action *a)
{
	char	 text[ACTION_TEXT_MAX + 1];

	qttt_action_format(a, text, sizeof(text));
	fputs("{\"item\":", f);
	jcstr(f, text);
	fprintf(f, ",\"kind\":%d,\"move\":%d,\"squares\":", a->kind,
	    a->move);
	numbers(f, a->sq, a->kind == QTTT_MEASURE ? 1 : 2);
}

static void
action(FILE *f, const struct qttt_action *a)
{
	action_open(f, a);
	putc('}', f);
}

/*
 * Whether the line shown is the record loaded, played to its end: its
 * picture then says the result a forfeit or an adjudication awarded.
 */
static int
line_is_game(const struct qttt__web *h)
{
	size_t	 i;

	if (h->position || h->line.nplies != h->game.nplies)
		return 0;
	for (i = 0; i < h->line.nplies; i++)
		if (!qttt_action_equal(&h->line.plies[i], &h->game.plies[i]))
			return 0;
	return 1;
}

/* What the page shows of the position at the end of the line. */
static void
position(struct qttt__web *h, FILE *f)
{
	const struct qttt_state *st = &h->line.state;
	struct qttt_action acts[QTTT_MAXACTIONS];
	struct qttt_line lines[QTTT_NLINES];
	struct qttt_replay r = { NULL, NULL, &h->line, -1 };
	struct qttt_cycle cyc;
	struct qttt_state before;
	struct qttt__web_text c;
	char		 text[QTTT_RECORD_MAX];
	size_t		 n, i;

	qttt_state_format(st, text, sizeof(text));
	fprintf(f, "{\"plies\":%zu,\"state\":", h->line.nplies);
	jcstr(f, text);
	fprintf(f, ",\"turn\":\"%c\",\"next\":%d,\"pending\":%d,"
	    "\"over\":%s,\"forced\":%s,\"result\":",
	    QTTT_PLAYER_LETTER(qttt_state_turn(st)), st->next, st->pending,
	    st->result.over ? "true" : "false",
	    qttt_state_forced(st) ? "true" : "false");
	qttt_result_format(&st->result, text, sizeof(text));
	jcstr(f, text);
	if (qttt_state_cycle(st, &cyc) == 0) {
		fputs(",\"cycle\":", f);
		numbers(f, cyc.squares, cyc.nsquares);
		fputs(",\"closing\":", f);
		numbers(f, st->where[st->pending], 2);
	}
	fputs(",\"actions\":[", f);
	n = qttt_state_actions(st, acts);
	for (i = 0; i < n; i++) {
		if (i > 0)
			putc(',', f);
		action(f, &acts[i]);
	}
	fputs("],\"last\":", f);
	if (h->line.nplies > 0)
		action(f, &h->line.plies[h->line.nplies - 1]);
	else
		fputs("null", f);
	/* What the listing says of the last ply, of the lines, the result. */
	fputs(",\"note\":", f);
	if (h->line.nplies > 0 && qttt__web_text_open(&c) != NULL) {
		before = h->start;
		for (i = 0; i + 1 < h->line.nplies; i++)
			qttt_state_apply(&before, &h->line.plies[i], NULL);
		qttt__output_listing_note(c.f, &r, h->line.nplies - 1, &before, st);
		captured(f, &c);
	} else
		fputs("\"\"", f);
	/* A stream that cannot be opened fails its end: "". */
	fputs(",\"lines\":", f);
	if (qttt__web_text_open(&c) != NULL && (st->result.over ||
	    qttt_state_lines(st, lines) > 0))
		qttt__output_listing_lines(c.f, st);
	captured(f, &c);
	fputs(",\"status\":", f);
	if (qttt__web_text_open(&c) != NULL)
		qttt__output_listing_result(c.f, st, line_is_game(h) ?
		    &h->rec : NULL);
	captured(f, &c);
	fputs(",\"words\":", f);
	if (qttt__web_text_open(&c) != NULL)
		qttt__web_words(c.f, st);
	captured(f, &c);
	/* The line as a record, if it starts from the empty board. */
	fputs(",\"record\":", f);
	if (!h->position) {
		qttt_game_format(&h->line, text, sizeof(text));
		jcstr(f, text);
	} else
		fputs("null", f);
	putc('}', f);
}

EXPORT("web_line") int
qttt__web_line(struct qttt__web *h, size_t len)
{
	struct qttt_record *rec = &h->scratch;
	struct qttt_diag d;
	const struct qttt_item *it;
	const char	*s;
	size_t		 i;
	enum qttt_code	 code = QTTT_OK;
	FILE		*f;

	if ((s = input(h, len)) == NULL)
		return fail(h, QTTT_OK, "no input");
	qttt_game_init(&h->line);
	h->line.state = h->start;
	if (qttt_line_parse(s, len, 0, rec) == 1) {
		/* The items read before a syntax error, then the error. */
		for (i = 0; i < rec->nitems && code == QTTT_OK; i++) {
			it = &rec->items[i];
			if (it->kind == QTTT_ITEM_ACTION)
				code = qttt_game_play(&h->line, &it->action,
				    &d);
		}
		if (code == QTTT_OK && rec->ndiags > 0) {
			d = rec->diags[0];
			code = d.code;
		}
	}
	if ((f = begin(h)) == NULL)
		return -1;
	if (code != QTTT_OK) {
		/* What was played, before the item refused. */
		fprintf(f, "{\"plies\":%zu,\"error\":", h->line.nplies);
		jcstr(f, d.msg);
		fputs(",\"code\":", f);
		jcstr(f, qttt_code_name(code));
		fputs("}", f);
		return end(h, -1);
	}
	position(h, f);
	return end(h, (int)h->line.nplies);
}

EXPORT("web_svg") int
qttt__web_svg(struct qttt__web *h, int preview)
{
	struct qttt_render_opts o = h->render;
	FILE	*f;
	int	 k;

	o.preview = preview != 0;
	if (h->rec.awarded.over && line_is_game(h)) {
		o.awarded = &h->rec.awarded;
		o.termination = h->rec.termination;
	}
	if ((f = begin(h)) == NULL)
		return -1;
	k = qttt_render_svg(f, &h->line.state, h->line.plies,
	    h->line.nplies, &o);
	return end(h, k);
}

/*
 * A click: on a pending cycle, the measurement that sends its closing
 * move to the square; else the first square of a placement (or the
 * forced last move, whole), or its second.
 */
EXPORT("web_click") int
qttt__web_click(struct qttt__web *h, int s0, int s1)
{
	const struct qttt_state *st = &h->line.state;
	struct qttt_action a, canon;
	struct qttt_diag d;
	enum qttt_code	 code;
	FILE		*f;

	if (s0 < 0 || s0 >= QTTT_NSQUARES || s1 >= QTTT_NSQUARES)
		return fail(h, QTTT_E_SQUARE, "no such square");
	a.kind = st->pending != 0 ? QTTT_MEASURE : QTTT_PLACE;
	a.move = st->pending != 0 ? st->pending :
	    st->next <= QTTT_MAXMOVES ? st->next : QTTT_MAXMOVES;
	a.sq[0] = s0;
	a.sq[1] = a.kind == QTTT_PLACE && s1 >= 0 ? s1 : s0;
	if (a.kind == QTTT_PLACE && a.sq[0] > a.sq[1]) {
		a.sq[0] = s1;
		a.sq[1] = s0;
	}
	if (a.kind == QTTT_MEASURE)
		code = qttt_action_canonical(st, &a, &canon, &d);
	else
		code = qttt_state_legal(st, &a, &d);
	if (a.kind == QTTT_PLACE && s1 < 0 && (code == QTTT_E_SAMESQUARE ||
	    code == QTTT_E_NOTFORCED)) {
		/* A square a move may take: the first of two. */
		if ((f = begin(h)) == NULL)
			return -1;
		fprintf(f, "{\"first\":%d}", s0);
		return end(h, 0);
	}
	if (code != QTTT_OK)
		return fail(h, code, d.msg);
	if ((f = begin(h)) == NULL)
		return -1;
	action(f, a.kind == QTTT_MEASURE ? &canon : &a);
	return end(h, 1);
}

/* ------------------------------------------------------------------ */
/* Perfect play                                                         */
/* ------------------------------------------------------------------ */

static struct qttt_solver *
solver(struct qttt__web *h)
{
	if (h->solver == NULL)
		h->solver = qttt_solver_new(QTTT__WEB_TABLE);
	return h->solver;
}

/* ------------------------------------------------------------------ */
/* The tree of lines: the record's variations, and the cursor          */
/* ------------------------------------------------------------------ */

/* No line of a record (follow()). */
#define NOLINE	(QTTT_MAINLINE - 1)

static size_t	follow(const struct qttt_record *, size_t, size_t,
		    const struct qttt_action *);
static int	as_read(const struct qttt__web *, struct qttt_record *);

/* A line as the page names it: -1 for the main line. */
static long
line_id(size_t v)
{
	return v == QTTT_MAINLINE ? -1 : (long)v;
}


/* The actions of line v (its items but a result), in *items. */
static size_t
line_actions(const struct qttt_record *rec, size_t v,
    const struct qttt_item **items)
{
	size_t	 n;

	*items = qttt_record_line(rec, v, &n);
	while (n > 0 && (*items)[n - 1].kind != QTTT_ITEM_ACTION)
		n--;
	return n;
}


/*
 * Sets the cursor: line v, p plies of its game shown (at most its
 * plies), which the line shown (h->line) then holds.
 */
static void
cursor(struct qttt__web *h, size_t v, size_t p)
{
	struct qttt_diag d;
	size_t	 i;

	if (qttt_record_var_game(&h->rec, v, &h->cgame) != 0) {
		v = QTTT_MAINLINE;
		qttt_game_init(&h->cgame);
		h->cgame.state = h->start;
	}
	h->cv = v;
	h->cply = p < h->cgame.nplies ? p : h->cgame.nplies;
	qttt_game_init(&h->line);
	h->line.state = h->start;
	for (i = 0; i < h->cply; i++)
		qttt_game_play(&h->line, &h->cgame.plies[i], &d);
}

/* An item of a line: {"item", "notes", "comment"}. */
static void
tree_item(FILE *f, const struct qttt_item *it)
{
	char	 text[ACTION_TEXT_MAX + 1];

	qttt_action_format(&it->action, text, sizeof(text));
	fputs("{\"item\":", f);
	jcstr(f, text);
	fputs(",\"notes\":", f);
	pairs(f, it->notes, it->nnotes);
	fputs(",\"comment\":", f);
	if (it->comment != NULL)
		jstr(f, it->comment, it->commentlen);
	else
		fputs("null", f);
	putc('}', f);
}

/*
 * The tree: its lines, the main line first, then the variations in
 * the order they are written, each with the line it branches from
 * (parent), the item of it that it replaces (at), the plies before
 * its first item (ply0), how deep it is and its actions.
 */
static void
tree(const struct qttt__web *h, FILE *f)
{
	const struct qttt_record *rec = &h->rec;
	const struct qttt_item *items;
	size_t	 k, v, i, n;

	putc('[', f);
	for (k = 0; k <= rec->nvars; k++) {
		v = k == 0 ? QTTT_MAINLINE : k - 1;
		fprintf(f, "%s{\"line\":%ld,\"parent\":%ld,\"at\":%zu,"
		    "\"ply0\":%zu,\"depth\":%zu,\"items\":[", k > 0 ? "," : "",
		    line_id(v), v == QTTT_MAINLINE ? -1 :
		    line_id(rec->vars[v].parent),
		    v == QTTT_MAINLINE ? 0 : rec->vars[v].at,
		    qttt__output_line_start(rec, v),
		    qttt_record_var_depth(rec, v));
		n = line_actions(rec, v, &items);
		for (i = 0; i < n; i++) {
			if (i > 0)
				putc(',', f);
			tree_item(f, &items[i]);
		}
		fputs("]}", f);
	}
	putc(']', f);
}

/*
 * The cursor's position as the page's fragment names it: the path, in
 * the record as read (qttt_record_path_name()), of the last position
 * that the line shown has of it, then '~' and the actions played from
 * there, ';' between them and '_' for their blanks, if any.  null for
 * a record that cannot be read again (none: the page holds valid
 * ones).
 */
static void
link(struct qttt__web *h, FILE *f)
{
	struct qttt_record *rec = &h->scratch;
	char	 buf[QTTT_PATH_MAX + QTTT_MAXPLIES * (ACTION_TEXT_MAX + 1)];
	size_t	 l = QTTT_MAINLINE, n = 0, w, i, k;
	int	 len;

	if (as_read(h, rec) != 0) {
		fputs("null", f);
		return;
	}
	for (i = 0; i < h->cply; i++) {
		if ((w = follow(rec, l, n, &h->cgame.plies[i])) == NOLINE)
			break;
		n = w == l ? n + 1 : 1;
		l = w;
	}
	if ((len = qttt_record_path_name(rec, l, n, buf, QTTT_PATH_MAX)) <
	    0) {
		fputs("null", f);
		return;
	}
	for (k = len; i < h->cply; i++) {
		buf[k] = k == (size_t)len ? '~' : ';';
		k++;
		qttt_action_format(&h->cgame.plies[i], buf + k,
		    sizeof(buf) - k);
		for (; buf[k] != '\0'; k++)
			if (buf[k] == ' ')
				buf[k] = '_';
	}
	jstr(f, buf, k);
}

/*
 * The cursor as the page takes it: the line shown, the plies shown,
 * the line that holds the last of them (owner) and how many of its
 * items are played (n), the actions of the line's game, the line
 * each of them is on; the position shown; the tree, if asked.
 */
static int
cursor_out(struct qttt__web *h, int with_tree, int moved)
{
	char	 text[ACTION_TEXT_MAX + 1];
	size_t	 l, n, i;
	FILE	*f;

	if ((f = begin(h)) == NULL)
		return -1;
	qttt__output_ply_line(&h->rec, h->cv, h->cply, &l, &n);
	fprintf(f, "{\"line\":%ld,\"ply\":%zu,\"owner\":%ld,\"n\":%zu,",
	    line_id(h->cv), h->cply, line_id(l), n);
	if (moved >= 0)
		fprintf(f, "\"moved\":%s,", moved ? "true" : "false");
	fputs("\"acts\":[", f);
	for (i = 0; i < h->cgame.nplies; i++) {
		qttt_action_format(&h->cgame.plies[i], text, sizeof(text));
		fputs(i > 0 ? "," : "", f);
		jcstr(f, text);
	}
	fputs("],\"on\":[", f);
	for (i = 1; i <= h->cgame.nplies; i++) {
		qttt__output_ply_line(&h->rec, h->cv, i, &l, &n);
		fprintf(f, "%s%ld", i > 1 ? "," : "", line_id(l));
	}
	fputs("],\"link\":", f);
	link(h, f);
	if (h->why != NULL) {
		fputs(",\"why\":", f);
		jcstr(f, h->why);
		h->why = NULL;
	}
	fputs(",\"pos\":", f);
	position(h, f);
	if (with_tree) {
		fputs(",\"tree\":", f);
		tree(h, f);
	}
	putc('}', f);
	return end(h, (int)h->cply);
}

/* The cursor to a line (-1 the main line) and ply; none moved else. */
EXPORT("web_goto") int
qttt__web_goto(struct qttt__web *h, long line, long ply)
{
	if (line >= 0 && (unsigned long)line >= h->rec.nvars)
		return fail(h, QTTT_OK, "no such line");
	cursor(h, line < 0 ? QTTT_MAINLINE : (size_t)line,
	    ply < 0 ? 0 : (size_t)ply);
	return cursor_out(h, 0, -1);
}

EXPORT("web_tree") int
qttt__web_tree(struct qttt__web *h)
{
	FILE	*f;

	if ((f = begin(h)) == NULL)
		return -1;
	tree(h, f);
	return end(h, 0);
}

/*
 * The alternatives at item k of line l: l itself (its item k) and the
 * variations that replace that item, in order, into alt.  Returns
 * their number.
 */
static size_t
alternatives(const struct qttt_record *rec, size_t l, size_t k,
    size_t *alt)
{
	size_t	 n = 0, j;

	alt[n++] = l;
	for (j = 0; j < rec->nvars; j++)
		if (rec->vars[j].parent == l && rec->vars[j].at == k)
			alt[n++] = j;
	return n;
}

/*
 * The alternatives to ply p of the cursor's line (from 1): into alt,
 * and the one it is on into *at.  Returns their number.
 */
static size_t
alternatives_at(const struct qttt__web *h, size_t p, size_t *alt,
    size_t *at)
{
	const struct qttt_record *rec = &h->rec;
	size_t	 l, n, base, k, c, i;

	qttt__output_ply_line(rec, h->cv, p, &l, &n);
	if (n == 1 && l != QTTT_MAINLINE) {
		base = rec->vars[l].parent;
		k = rec->vars[l].at;
	} else {
		base = l;
		k = n - 1;
	}
	c = alternatives(rec, base, k, alt);
	for (*at = i = 0; i < c; i++)
		if (alt[i] == l)
			*at = i;
	return c;
}

/*
 * Up (dir -1) or down (1) among the alternatives to the move shown,
 * or, where it has none, to the next move: the cursor to the same
 * ply of the one before or after.  Returns whether it moved.
 */
static int
step_across(struct qttt__web *h, int dir)
{
	size_t	 alt[QTTT_MAXVARS + 1], at, n = 0, p = h->cply;

	if (p > 0)
		n = alternatives_at(h, p, alt, &at);
	if (n < 2 && p < h->cgame.nplies)
		n = alternatives_at(h, ++p, alt, &at);
	if (n < 2 || (dir < 0 && at == 0) || (dir > 0 && at + 1 == n))
		return 0;
	cursor(h, alt[at + dir], p);
	return 1;
}

/*
 * The cursor to the next mistake or blunder of its line after the
 * ply shown, as the library's judge marks it: the position after it.
 * Returns 1 if there is one, 0 if not, -1 if the solver fails (d).
 */
static int
next_mistake(struct qttt__web *h, struct qttt_diag *d)
{
	static struct qttt_judged_ply j;
	struct qttt_state st = h->line.state;
	size_t	 i;

	if (solver(h) == NULL) {
		snprintf(d->msg, sizeof(d->msg), "out of memory");
		return -1;
	}
	for (i = h->cply; i < h->cgame.nplies; i++) {
		if (qttt_judge_ply(h->solver, &st, &h->cgame.plies[i], &j, d) !=
		    QTTT_OK)
			return -1;
		if (j.mark != QTTT_MARK_NONE) {
			cursor(h, h->cv, i + 1);
			return 1;
		}
		qttt_state_apply(&st, &h->cgame.plies[i], NULL);
	}
	return 0;
}

/*
 * Moves the cursor: how 0 to the line's start, 1 a ply back, 2 a ply
 * on, 3 to its end, 4 and 5 up and down among the alternatives at
 * the move shown (or the next), 6 to the next mistake or blunder.
 */
EXPORT("web_step") int
qttt__web_step(struct qttt__web *h, int how)
{
	struct qttt_diag d;
	size_t	 p, was;
	int	 moved;

	cursor(h, h->cv, h->cply);
	p = was = h->cply;
	switch (how) {
	case 0:
		p = 0;
		break;
	case 1:
		p = p > 0 ? p - 1 : 0;
		break;
	case 2:
		p++;
		break;
	case 3:
		p = h->cgame.nplies;
		break;
	case 4:
	case 5:
		return cursor_out(h, 0, step_across(h, how == 4 ? -1 : 1));
	case 6:
		if ((moved = next_mistake(h, &d)) < 0)
			return fail(h, d.code, d.msg);
		return cursor_out(h, 0, moved);
	default:
		return fail(h, QTTT_OK, "no such step");
	}
	cursor(h, h->cv, p);
	return cursor_out(h, 0, h->cply != was);
}

/* The main line changed: the result it stated no longer holds. */
static void
main_changed(struct qttt_record *rec)
{
	if (rec->nitems > 0 &&
	    rec->items[rec->nitems - 1].kind == QTTT_ITEM_RESULT)
		rec->nitems--;
}

/*
 * Extends line v of the record by one action item: the main line
 * loses its result, which no longer holds.  Returns 0, or -1 if it
 * has no room.
 */
static int
extend(struct qttt_record *rec, size_t v, const struct qttt_item *it)
{
	struct qttt_variation *var;
	size_t	 at, j;

	if (v == QTTT_MAINLINE) {
		main_changed(rec);
		if (rec->nitems == QTTT_MAXITEMS)
			return -1;
		rec->items[rec->nitems++] = *it;
		return 0;
	}
	if (rec->nvaritems == QTTT_MAXVARITEMS)
		return -1;
	var = &rec->vars[v];
	at = var->first + var->nitems;
	memmove(rec->varitems + at + 1, rec->varitems + at,
	    (rec->nvaritems - at) * sizeof(rec->varitems[0]));
	rec->varitems[at] = *it;
	rec->nvaritems++;
	var->nitems++;
	for (j = v + 1; j < rec->nvars; j++)
		rec->vars[j].first++;
	return 0;
}

static const char no_room[] = "the record has no room for it (at most "
    "64 variations, of 256 moves in all, 8 deep)";

/*
 * The line of rec that goes on with action a from the position after
 * n items of line l: l itself, if a is its next item, or a variation
 * that replaces that item and starts with a; NOLINE if none.
 */

static size_t
follow(const struct qttt_record *rec, size_t l, size_t n,
    const struct qttt_action *a)
{
	const struct qttt_item *items, *first;
	size_t	 alt[QTTT_MAXVARS + 1], na, c, i;

	if (n >= line_actions(rec, l, &items))
		return NOLINE;
	c = alternatives(rec, l, n, alt);
	for (i = 0; i < c; i++) {
		first = alt[i] == l ? &items[n] :
		    qttt_record_line(rec, alt[i], &na);
		if (qttt_action_equal(&first->action, a))
			return alt[i];
	}
	return NOLINE;
}

/*
 * Plays action a at the cursor: a move of the tree that it is (the
 * line shown's next, or another line's from there) is followed; any
 * other starts a variation there, or goes on with the line that ends
 * there.  The cursor then shows it, on its line.  Returns 1 if the
 * tree grew, 0 if not, -1 for an action refused (d says why).
 */
static int
play_at(struct qttt__web *h, const struct qttt_action *a,
    struct qttt_diag *d)
{
	const struct qttt_item *items;
	struct qttt_item it;
	struct qttt_action canon;
	size_t		 l, n, w;
	enum qttt_code	 code;
	int		 grew = 0;

	cursor(h, h->cv, h->cply);
	memset(&it, 0, sizeof(it));
	it.kind = QTTT_ITEM_ACTION;
	it.action = *a;
	if (a->kind == QTTT_MEASURE) {
		if ((code = qttt_action_canonical(&h->line.state, a, &canon,
		    d)) == QTTT_OK)
			it.action = canon;
	} else
		code = qttt_state_legal(&h->line.state, a, d);
	if (code != QTTT_OK) {
		d->code = code;
		return -1;
	}
	qttt__output_ply_line(&h->rec, h->cv, h->cply, &l, &n);
	if (h->cply < h->cgame.nplies &&
	    qttt_action_equal(&h->cgame.plies[h->cply], &it.action))
		w = h->cv;
	else if ((w = follow(&h->rec, l, n, &it.action)) != NOLINE)
		;
	else if ((n < line_actions(&h->rec, l, &items) ?
	    qttt_record_var_add(&h->rec, l, n, &it, 1, &w) :
	    extend(&h->rec, (w = l), &it)) != 0) {
		d->code = QTTT_OK;
		snprintf(d->msg, sizeof(d->msg), "%s", no_room);
		return -1;
	} else
		grew = 1;
	if (grew)
		qttt_record_play(&h->rec, &h->game);
	cursor(h, w, h->cply + 1);
	return grew;
}

/*
 * Plays an action (one line-notation item, in the input) at the
 * cursor (play_at); the tree comes too if it grew.
 */
EXPORT("web_play") int
qttt__web_play(struct qttt__web *h, size_t len)
{
	struct qttt_record *rec = &h->scratch;
	struct qttt_diag d;
	const char	*s;
	int		 grew;

	if ((s = input(h, len)) == NULL)
		return fail(h, QTTT_OK, "no input");
	if (qttt_line_parse(s, len, 0, rec) != 1 || rec->ndiags > 0 ||
	    rec->nitems != 1 || rec->items[0].kind != QTTT_ITEM_ACTION)
		return fail(h, rec->ndiags > 0 ? rec->diags[0].code :
		    QTTT_OK, rec->ndiags > 0 ? rec->diags[0].msg :
		    "not one action");
	if ((grew = play_at(h, &rec->items[0].action, &d)) < 0)
		return fail(h, d.code, d.msg);
	return cursor_out(h, grew, -1);
}

/*
 * Every action of every legal line of rec as its game plays it (a
 * move's squares in order, a measurement as the rules name it), so
 * that it is the action a click or a path plays: a move written
 * "O2 b3 b2" is O2 b2 b3.
 */
static void
canonical(struct qttt_record *rec)
{
	struct qttt_game g;
	struct qttt_item *items;
	size_t	 k, v, i, n, p;

	for (k = 0; k <= rec->nvars; k++) {
		v = k == 0 ? QTTT_MAINLINE : k - 1;
		if (qttt_record_var_game(rec, v, &g) != 0)
			continue;
		items = v == QTTT_MAINLINE ? rec->items :
		    rec->varitems + rec->vars[v].first;
		n = v == QTTT_MAINLINE ? rec->nitems : rec->vars[v].nitems;
		p = qttt__output_line_start(rec, v);
		for (i = 0; i < n && p + i < g.nplies; i++)
			if (items[i].kind == QTTT_ITEM_ACTION)
				items[i].action = g.plies[p + i];
	}
}

/*
 * The record as the page holds it, into rec: its tree as read, before
 * anything was played (paths name its positions), its actions as
 * played (canonical()).  Returns 0, or -1.
 */
static int
as_read(const struct qttt__web *h, struct qttt_record *rec)
{
	if (h->position || h->src == NULL) {
		qttt_record_clear(rec);
		rec->has_start = 1;
		rec->start = h->start;
		return 0;
	}
	if (qttt_line_parse(h->src, strlen(h->src), 0, rec) != 1)
		return -1;
	canonical(rec);
	return 0;
}

/*
 * The cursor to the position a path names in the record as read
 * (qttt_record_path()), reached in the tree as it is now by its
 * actions from the start: followed where the tree has them, added
 * where a line was promoted or deleted since.
 */
EXPORT("web_path") int
qttt__web_path(struct qttt__web *h, size_t len)
{
	struct qttt_record *rec = &h->scratch;
	struct qttt_diag d;
	const char	*s;
	size_t		 v, n, i, plies;
	int		 k, grew = 0;

	if ((s = input(h, len)) == NULL)
		return fail(h, QTTT_OK, "no input");
	if (as_read(h, rec) != 0)
		return fail(h, QTTT_OK, "no record");
	if (qttt_record_path(rec, s, len, &v, &n, &d) != 0)
		return fail(h, d.code, d.msg);
	if (qttt_record_var_game(rec, v, &h->cgame) != 0)
		return fail(h, QTTT_OK, "the path's line is illegal");
	plies = qttt__output_line_start(rec, v) + n;
	h->walk = h->cgame;	/* its actions, before the cursor moves */
	cursor(h, QTTT_MAINLINE, 0);
	for (i = 0; i < plies; i++) {
		if ((k = play_at(h, &h->walk.plies[i], &d)) < 0)
			return fail(h, d.code, d.msg);
		grew |= k;
	}
	return cursor_out(h, grew, -1);
}

/*
 * Promotes the line shown to the main line, a level at a time
 * (qttt_record_var_promote()); the cursor stays at its ply, on the
 * main line.
 */
EXPORT("web_promote") int
qttt__web_promote(struct qttt__web *h)
{
	size_t	 v = h->cv, p;

	if (v == QTTT_MAINLINE)
		return fail(h, QTTT_OK, "the line shown is the main line");
	while (v != QTTT_MAINLINE) {
		p = h->rec.vars[v].parent;
		if (qttt_record_var_promote(&h->rec, v, NULL) != 0) {
			qttt_record_play(&h->rec, &h->game);
			cursor(h, v, h->cply);
			return fail(h, QTTT_OK, no_room);
		}
		v = p;
	}
	main_changed(&h->rec);
	qttt_record_play(&h->rec, &h->game);
	cursor(h, QTTT_MAINLINE, h->cply);
	return cursor_out(h, 1, -1);
}

/*
 * Deletes the line shown, a variation, with the variations in it; the
 * cursor goes to the position it branched at, on its parent.
 */
EXPORT("web_delete") int
qttt__web_delete(struct qttt__web *h)
{
	size_t	 v = h->cv, p, at;

	if (v == QTTT_MAINLINE)
		return fail(h, QTTT_OK, "the main line is not deleted");
	p = h->rec.vars[v].parent;
	at = qttt__output_line_start(&h->rec, v);
	qttt_record_var_remove(&h->rec, v);
	qttt_record_play(&h->rec, &h->game);
	cursor(h, p, h->cply < at ? h->cply : at);
	return cursor_out(h, 1, -1);
}

/*
 * The record with every line of the tree, in the line notation, as
 * qttt_record_write() writes it (its writer of the line notation: the
 * module holds no YAML writer), without its last line break.
 */
EXPORT("web_copy") int
qttt__web_copy(struct qttt__web *h)
{
	static struct rules_extras buf;
	struct qttt_extras ex;
	char	 why[QTTT_MSG_MAX];
	FILE	*f;
	int	 k;

	if (h->position)
		return fail(h, QTTT_OK, "a position has no record");
	qttt_extras_from_record(&ex, &h->game, &h->rec);
	if (qttt_extras_check(&ex, h->game.nplies, why, sizeof(why)) == -1)
		return fail(h, QTTT_E_UNWRITABLE, why);
	if ((f = begin(h)) == NULL)
		return -1;
	if ((k = qttt__output_line_write(f, &h->game,
	    qttt__output_rules_extras(&h->game, &ex, &buf))) == -2) {
		end(h, -1);
		return fail(h, QTTT_E_UNWRITABLE, "a line longer than the "
		    "line notation allows");
	}
	if (end(h, k) != 0)
		return -1;
	while (h->out.len > 0 && h->out.buf[h->out.len - 1] == '\n')
		h->out.len--;
	return 0;
}

/* A value as the result it stands for. */
static void
value(FILE *f, unsigned int rules, int v)
{
	struct qttt_result r;
	char		 text[RESULT_TEXT_MAX + 1];

	if (qttt_solver_result(rules, v, &r) != 0) {
		fputs("null", f);
		return;
	}
	qttt_result_format(&r, text, sizeof(text));
	jcstr(f, text);
}

EXPORT("web_analyze") int
qttt__web_analyze(struct qttt__web *h)
{
	static struct qttt_analysis an;
	struct qttt_diag d;
	size_t		 i;
	FILE		*f;

	if (solver(h) == NULL)
		return fail(h, QTTT_OK, "out of memory");
	if (qttt_solver_analyze(h->solver, &h->line.state, QTTT_SOLVE_PV,
	    &an, &d) != QTTT_OK)
		return fail(h, d.code, d.msg);
	if ((f = begin(h)) == NULL)
		return -1;
	fprintf(f, "{\"v\":%d,\"value\":", an.value);
	value(f, h->line.state.rules, an.value);
	fputs(",\"actions\":[", f);
	for (i = 0; i < an.nactions; i++) {
		if (i > 0)
			putc(',', f);
		action_open(f, &an.actions[i]);
		fprintf(f, ",\"v\":%d,\"value\":", an.values[i]);
		value(f, h->line.state.rules, an.values[i]);
		putc('}', f);
	}
	fputs("],\"best\":", f);
	numbers(f, an.best, an.nbest);
	fputs(",\"pv\":[", f);
	for (i = 0; i < an.npv; i++) {
		if (i > 0)
			putc(',', f);
		action(f, &an.pv[i]);
	}
	fputs("]}", f);
	return end(h, 0);
}

EXPORT("web_values") int
qttt__web_values(struct qttt__web *h)
{
	static struct qttt_judged_ply js[QTTT_MAXPLIES];
	struct qttt_action line[QTTT_BEST_LINE];
	struct qttt_state st = h->start;
	struct qttt_diag d;
	struct qttt__web_text c;
	size_t		 i, n = h->line.nplies;
	int		 v;
	FILE		*f;

	if (solver(h) == NULL)
		return fail(h, QTTT_OK, "out of memory");
	if (qttt_solver_value(h->solver, &st, &v, &d) != QTTT_OK)
		return fail(h, d.code, d.msg);
	/* Each ply judged by the library, as qttt-analyze judges it. */
	for (i = 0; i < n; i++) {
		if (qttt_judge_ply(h->solver, &st, &h->line.plies[i], &js[i],
		    &d) != QTTT_OK)
			return fail(h, d.code, d.msg);
		qttt_state_apply(&st, &h->line.plies[i], NULL);
	}
	if ((f = begin(h)) == NULL)
		return -1;
	fprintf(f, "{\"values\":[%d", v);
	for (i = 0; i < n; i++)
		fprintf(f, ",%d", js[i].after);
	fputs("],\"marks\":[", f);
	for (i = 0; i < n; i++) {
		if (i > 0)
			putc(',', f);
		jcstr(f, qttt_mark_glyph(js[i].mark));
	}
	/*
	 * What was best instead of a mistake: its best line, as
	 * qttt-analyze's report writes it after "best was".
	 */
	fputs("],\"best\":[", f);
	for (i = 0; i < n; i++) {
		if (i > 0)
			putc(',', f);
		if (js[i].mark == QTTT_MARK_NONE)
			fputs("null", f);
		else if (qttt__web_text_open(&c) != NULL) {
			qttt__output_best_line(c.f, &js[i], line);
			captured(f, &c);
		} else
			fputs("\"\"", f);
	}
	fputs("],\"movers\":\"", f);
	for (i = 0; i < n; i++)
		putc(QTTT_PLAYER_LETTER(js[i].mover), f);
	fputs("\",\"loss\":[", f);
	for (i = 0; i < n; i++)
		fprintf(f, "%s%d", i > 0 ? "," : "", js[i].loss);
	fputs("]}", f);
	return end(h, 0);
}

/*
 * The best line instead of ply p (from 1) of the line shown, a mistake
 * or a blunder by the library's judge (the line web_values gives),
 * played from the position before it as web_play plays each action:
 * followed where the tree has it, else a variation started there, or
 * the line that ends there extended.  The cursor then shows its end.
 * Where the record has no room for all of it, the cursor shows as far
 * as it went and "why" says so.
 */
EXPORT("web_best") int
qttt__web_best(struct qttt__web *h, long p)
{
	static struct qttt_judged_ply j;
	struct qttt_action line[QTTT_BEST_LINE];
	struct qttt_diag d;
	size_t	 was = h->cply, i, n;
	int	 k, grew = 0;

	cursor(h, h->cv, h->cply);
	if (p < 1)
		return fail(h, QTTT_OK, "the start is no move: the best line "
		    "replaces a mistake (M goes to the next)");
	if ((size_t)p > h->cgame.nplies)
		return fail(h, QTTT_OK, "no such move");
	if (solver(h) == NULL)
		return fail(h, QTTT_OK, "out of memory");
	cursor(h, h->cv, (size_t)p - 1);
	if (qttt_judge_ply(h->solver, &h->line.state,
	    &h->cgame.plies[p - 1], &j, &d) != QTTT_OK) {
		cursor(h, h->cv, was);
		return fail(h, d.code, d.msg);
	}
	if ((n = qttt_best_line(&j, QTTT_BEST_LINE, line)) == 0) {
		cursor(h, h->cv, was);
		return fail(h, QTTT_OK, "the move is no mistake: it keeps "
		    "the value");
	}
	for (i = 0; i < n; i++) {
		if ((k = play_at(h, &line[i], &d)) < 0) {
			if (i == 0)
				return fail(h, d.code, d.msg);
			h->why = no_room;
			break;
		}
		grew |= k;
	}
	return cursor_out(h, grew, -1);
}

/*
 * The levels of play: how often the player takes an action that keeps
 * the position's value, in percent (the others at random); level 1 is
 * random play, level 5 perfect play.
 */
static const int level_best[] = { 0, 0, 50, 75, 90, 100 };

EXPORT("web_reply") int
qttt__web_reply(struct qttt__web *h, int level, uint32_t seed)
{
	static struct qttt_analysis an;
	struct qttt_generator gen;
	struct qttt_diag d;
	unsigned char	 others[QTTT_MAXACTIONS];
	size_t		 i, j, n = 0;
	FILE		*f;

	if (level < 1 || level > 5)
		return fail(h, QTTT_OK, "levels are 1 to 5");
	if (h->line.state.result.over)
		return fail(h, QTTT_E_OVER, "the game is over");
	if (solver(h) == NULL)
		return fail(h, QTTT_OK, "out of memory");
	if (qttt_solver_analyze(h->solver, &h->line.state,
	    level == 1 ? 0 : QTTT_SOLVE_BEST, &an, &d) != QTTT_OK)
		return fail(h, d.code, d.msg);
	qttt_generator_init(&gen, seed, 0);
	if (level == 1)
		i = qttt_generator_uniform(&gen, an.nactions);
	else {
		for (i = j = 0; i < an.nactions; i++)
			if (j < an.nbest && an.best[j] == i)
				j++;
			else
				others[n++] = i;
		if (n == 0 || (int)qttt_generator_uniform(&gen, 100) <
		    level_best[level])
			i = an.best[qttt_generator_uniform(&gen, an.nbest)];
		else
			i = others[qttt_generator_uniform(&gen, n)];
	}
	if ((f = begin(h)) == NULL)
		return -1;
	action(f, &an.actions[i]);
	return end(h, 0);
}
