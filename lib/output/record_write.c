/*
 * Writing a record: qttt_record_write() in any format, and the YAML
 * and JSON writers (formats/yaml-record.md, section 7), one
 * description of a game with its extras written through the
 * structured emitter (output/output.h) as a YAML document or as one
 * JSON object on a line.  The line notation's writer is
 * line_write.c, Goff's goff_write.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "engine/engine.h"
#include "notation/notation.h"
#include "output/output.h"

/*
 * A value of the metadata or a note: in JSON, one read plain that is
 * a JSON number, true, false or null is written bare, a plain YAML
 * null as null, any other as a string; in YAML, plain or quoted as it
 * was read.
 */
static void
emit_value(struct emit *e, const char *s, size_t n, int plain)
{
	if (e->y != NULL)
		qttt__output_yaml_out_scalar(e->y, s, n,
		    plain ? Y_PLAIN : Y_QUOTED);
	else if (plain && qttt__output_json_literal(s, n) &&
	    n + 1 <= EMIT_PART) {
		emit_part(e);
		emit_lit(e, s, n);
	} else if (plain && qttt__output_json_literal(s, n))
		e->p = qttt__output_emit_raw(e->js, e->p, s, n);
	else if (plain && qttt__notation_yaml_null(s, n)) {
		emit_part(e);
		emit_null(e);
	} else
		emit_text(e, s, n);
}

static void
entries(struct emit *e, const struct qttt_meta *m, size_t n)
{
	size_t	 i;

	/* A value of no bytes may have no text: "" then. */
	for (i = 0; i < n; i++) {
		emit_part(e);
		emit_key_text(e, m[i].key, m[i].keylen);
		emit_value(e, m[i].value != NULL ? m[i].value : "",
		    m[i].valuelen, m[i].plain);
	}
}

/* Whether line v (QTTT_MAINLINE or a variation) has variations at item at. */
static int
has_variations(const struct qttt_extras *ex, size_t v, size_t at)
{
	size_t	 j;

	for (j = v == QTTT_MAINLINE ? 0 : v + 1; j < ex->nvars; j++)
		if (ex->vars[j].parent == v && ex->vars[j].at == at)
			return 1;
	return 0;
}

static void	 move(struct emit *, const struct qttt_extras *,
		    const struct qttt_action *acts, const struct qttt_action *,
		    const struct qttt_item *, size_t v, size_t at);

/*
 * The variations of line v at its item at: the key "variations", a
 * list of them, each a list of moves as "moves" is, with those inside
 * them (formats/yaml-record.md, section 3.1).
 */
static void
variations(struct emit *e, const struct qttt_extras *ex,
    const struct qttt_action *acts, size_t v, size_t at)
{
	const struct qttt_variation *var;
	size_t		 i, j;

	emit_part(e);
	EMIT_KEY(e, "variations");
	emit_seq(e, 0);
	for (j = v == QTTT_MAINLINE ? 0 : v + 1; j < ex->nvars; j++) {
		var = &ex->vars[j];
		if (var->parent != v || var->at != at)
			continue;
		emit_part(e);
		emit_seq(e, 0);
		for (i = 0; i < var->nitems; i++) {
			emit_part(e);
			move(e, ex, acts, qttt__output_var_action(ex, acts,
			    j, i), &ex->varitems[var->first + i], j, i);
		}
		emit_part(e);
		emit_seq_end(e);
	}
	emit_part(e);
	emit_seq_end(e);
}

/*
 * Whether note k of the n of an item is kept under strip
 * (QTTT_STRIP_*): a glyph (the last note, a mark that is one) unless
 * glyphs are stripped, any other unless tags are, as the line notation
 * writes them.
 */
static int
note_kept(const struct qttt_meta *notes, size_t n, size_t k,
    unsigned int strip)
{
	int	 glyph = k == n - 1 && qttt__notation_glyph_note(&notes[k]);

	return !(strip & (glyph ? QTTT_STRIP_GLYPHS : QTTT_STRIP_TAGS));
}

/*
 * A move of line v, its item at: a string, or a mapping with its
 * comment, its notes and its variations.  it is the item of a
 * variation, whose comment and notes the extras' varstrip strips;
 * for the main line it is NULL, and the ply's extras are those of ex.
 * acts: the variations' actions (qttt__output_var_actions()).
 */
static void
move(struct emit *e, const struct qttt_extras *ex,
    const struct qttt_action *acts, const struct qttt_action *a,
    const struct qttt_item *it, size_t v, size_t at)
{
	const struct qttt_meta *notes = NULL;
	const char	*comment = NULL;
	size_t		 commentlen = 0, nnotes = 0, k, kept = 0;
	unsigned int	 strip = 0;
	char		 item[ACTION_TEXT_MAX];
	int		 vars;

	if (it != NULL) {
		strip = ex->varstrip;
		comment = strip & QTTT_STRIP_COMMENTS ? NULL : it->comment;
		commentlen = it->commentlen;
		notes = it->notes;
		nnotes = it->nnotes;
	} else if (ex != NULL) {
		comment = ex->ply[at].comment;
		commentlen = ex->ply[at].commentlen;
		notes = ex->ply[at].notes;
		nnotes = ex->ply[at].nnotes;
	}
	for (k = 0; k < nnotes; k++)
		kept += note_kept(notes, nnotes, k, strip);
	vars = ex != NULL && ex->nvars > 0 && has_variations(ex, v, at);
	if (comment == NULL && kept == 0 && !vars) {
		emit_str(e, item, qttt__engine_action_text(item, a) - item);
		return;
	}
	emit_map(e);
	EMIT_KEY(e, "move");
	emit_str(e, item, qttt__engine_action_text(item, a) - item);
	if (comment != NULL) {
		EMIT_KEY(e, "comment");
		emit_text(e, comment, commentlen);
	}
	for (k = 0; k < nnotes; k++)
		if (note_kept(notes, nnotes, k, strip))
			entries(e, &notes[k], 1);
	if (vars)
		variations(e, ex, acts, v, at);
	emit_part(e);
	emit_map_end(e);
}

/*
 * A game: its metadata in order, its comment (unless the metadata has
 * a "comment" of its own), its moves (a move with a comment, notes or
 * variations as a mapping) and its result when it is over.
 */
static void
describe(struct emit *e, const struct qttt_game *g,
    const struct qttt_extras *ex)
{
	struct qttt_action acts[QTTT_MAXVARITEMS];
	char		 item[ACTION_TEXT_MAX];
	size_t		 i;

	if (ex != NULL)
		qttt__output_var_actions(g, ex, acts);
	emit_map(e);
	if (ex != NULL) {
		entries(e, ex->meta, ex->nmeta);
		if (ex->comment != NULL &&
		    qttt_extras_meta(ex, "comment") == NULL) {
			emit_part(e);
			EMIT_KEY(e, "comment");
			emit_text(e, ex->comment, ex->commentlen);
		}
	}
	emit_part(e);
	EMIT_KEY(e, "moves");
	emit_seq(e, 0);
	for (i = 0; i < g->nplies; i++) {
		emit_part(e);
		move(e, ex, acts, &g->plies[i], NULL, QTTT_MAINLINE, i);
	}
	emit_part(e);
	emit_seq_end(e);
	if (qttt__output_result(g, ex)->over) {
		EMIT_KEY(e, "result");
		emit_str(e, item, qttt__engine_result_text(item,
		    qttt__output_result(g, ex)) - item);
	}
	emit_map_end(e);
}

/*
 * The bytes of text in extras, an upper bound of what they take
 * written (times the longest escape of a byte) beyond a few hundred
 * bytes of structure: a game whose bound is under what the reader
 * takes needs no counting.
 */
static size_t
extras_bytes(const struct qttt_extras *ex, size_t nplies)
{
	const struct qttt_ply_extras *px;
	const struct qttt_item *it;
	size_t		 i, j, k, n = 0;

	for (i = 0; i < ex->nmeta; i++)
		n += ex->meta[i].keylen + ex->meta[i].valuelen + 8;
	n += ex->commentlen + 16;
	for (i = 0; i < nplies && i < QTTT_MAXPLIES; i++) {
		px = &ex->ply[i];
		n += px->commentlen + 32;
		for (k = 0; k < px->nnotes; k++)
			n += px->notes[k].keylen + px->notes[k].valuelen + 8;
	}
	/* A variation's items as plies, with its lists. */
	for (j = 0; j < ex->nvars; j++) {
		n += 32;
		for (i = 0; i < ex->vars[j].nitems; i++) {
			it = &ex->varitems[ex->vars[j].first + i];
			n += it->commentlen + 64;
			for (k = 0; k < it->nnotes; k++)
				n += it->notes[k].keylen +
				    it->notes[k].valuelen + 8;
		}
	}
	return n;
}

/* Room enough for the structure of a game besides its extras. */
#define STRUCTURE	(64 * QTTT_MAXPLIES + 256)

/*
 * A YAML document, to f (NULL: counted only).  Returns its bytes
 * (counted), or -1 on an output error.
 */
static long
yaml_document(FILE *f, const struct qttt_game *g,
    const struct qttt_extras *ex)
{
	struct yaml_out	*y;
	struct emit	 e;
	long		 n;

	if (ex != NULL && qttt_extras_check(ex, g->nplies, NULL, 0) == -1)
		return -2;
	/* The comment lines before the game, as YAML comments. */
	if (ex != NULL && ex->lead != NULL)
		fwrite(ex->lead, 1, ex->leadlen, f);
	if ((y = qttt__output_yaml_out_open(f, YAML_RECORDS)) == NULL)
		return -1;
	e = emit_yaml(y);
	qttt__output_yaml_out_doc_start(y);
	describe(&e, g, ex);
	n = qttt__output_yaml_out_doc_end(y) == -1 ? -1 : 0;
	if (n == 0)
		n = (long)qttt__output_yaml_out_counted(y);
	if (qttt__output_yaml_out_close(y) == -1)
		n = -1;
	return n;
}

int
qttt__output_yaml_write(FILE *f, const struct qttt_game *g,
    const struct qttt_extras *ex)
{
	long	 n;

	if (ex != NULL && qttt_extras_check(ex, g->nplies, NULL, 0) == -1)
		return -2;
	/* libyaml escapes a byte in at most 4, and folds long lines. */
	if (ex != NULL && 6 * extras_bytes(ex, g->nplies) + STRUCTURE >
	    QTTT_YAML_DOC_MAX && ((n = yaml_document(NULL, g, ex)) == -1 ||
	    n > QTTT_YAML_DOC_MAX))
		return n == -1 ? -1 : -2;
	return yaml_document(f, g, ex) == -1 ? -1 : 0;
}

/*
 * A JSON object on a line, to f (NULL: counted only).  Returns its
 * bytes, the newline not counted, or -1 on an output error.
 */
static long
json_line(FILE *f, const struct qttt_game *g, const struct qttt_extras *ex)
{
	struct json_sink js;
	struct emit	 e;
	char		 buf[4 * EMIT_PART];

	js.f = f;
	js.counted = 0;
	js.len = 0;
	js.size = sizeof(buf);
	js.failed = 0;
	js.buf = buf;
	e = emit_json(&js);
	describe(&e, g, ex);
	emit_json_end(&e, '\n');
	if (qttt__output_json_sink_flush(&js) == -1 || (f != NULL && ferror(f)))
		return -1;
	return (long)js.counted - 1;
}

int
qttt__output_json_write(FILE *f, const struct qttt_game *g,
    const struct qttt_extras *ex)
{
	if (ex != NULL && qttt_extras_check(ex, g->nplies, NULL, 0) == -1)
		return -2;
	/* An escape takes at most 6 bytes (\u0001). */
	if (ex != NULL && 6 * extras_bytes(ex, g->nplies) + STRUCTURE >
	    QTTT_LINE_MAX && json_line(NULL, g, ex) > QTTT_LINE_MAX)
		return -2;
	return json_line(f, g, ex) == -1 ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* One writer for every format                                          */
/* ------------------------------------------------------------------ */

/*
 * The game of variation j of ex played into vg from g, the main line's
 * game: the plies of the lines it branches from up to where it does,
 * each line's items played as written.  Returns -1 if one cannot be.
 */
static int
branch_game(const struct qttt_game *g, const struct qttt_extras *ex,
    size_t j, struct qttt_game *vg)
{
	const struct qttt_variation *var = &ex->vars[j], *p;
	size_t		 i;

	if (var->parent == QTTT_MAINLINE) {
		if (var->at > g->nplies)
			return -1;
		qttt_game_state_at(g, 0, &vg->state);
		vg->nplies = 0;
		for (i = 0; i < var->at; i++)
			qttt_game_play(vg, &g->plies[i], NULL);
		return 0;
	}
	if (branch_game(g, ex, var->parent, vg) == -1)
		return -1;
	p = &ex->vars[var->parent];
	for (i = 0; i < var->at && i < p->nitems; i++)
		if (qttt_game_play(vg, &ex->varitems[p->first + i].action,
		    NULL) != QTTT_OK)
			return -1;
	return 0;
}

void
qttt__output_var_actions(const struct qttt_game *g,
    const struct qttt_extras *ex, struct qttt_action *acts)
{
	const struct qttt_variation *var;
	struct qttt_game vg;
	size_t		 i, j, k;
	int		 played;

	for (j = 0; j < ex->nvars; j++) {
		var = &ex->vars[j];
		played = branch_game(g, ex, j, &vg) == 0;
		for (i = 0; i < var->nitems &&
		    (k = var->first + i) < QTTT_MAXVARITEMS; i++) {
			acts[k] = ex->varitems[k].action;
			/* From an item that cannot be played on, as written. */
			played = played && vg.nplies < QTTT_MAXPLIES &&
			    qttt_game_play(&vg, &acts[k], NULL) == QTTT_OK;
			if (played)
				acts[k] = vg.plies[vg.nplies - 1];
		}
	}
}

const struct qttt_result *
qttt__output_result(const struct qttt_game *g, const struct qttt_extras *ex)
{
	return ex != NULL && ex->awarded.over && !g->state.result.over ?
	    &ex->awarded : &g->state.result;
}

const struct qttt_extras *
qttt__output_rules_extras(const struct qttt_game *g,
    const struct qttt_extras *ex, struct rules_extras *buf)
{
	const struct qttt_meta *m = NULL;
	size_t		 i, at = 0, n;
	int		 len;

	if (ex != NULL)
		for (i = 0; i < ex->nmeta; i++)
			if (ex->meta[i].keylen == 5 &&
			    memcmp(ex->meta[i].key, "rules", 5) == 0) {
				m = &ex->meta[i];
				at = i;
			}
	if (m == NULL && g->state.rules == QTTT_RULES_GOFF)
		return ex;
	if ((len = qttt_rules_format(g->state.rules, buf->name,
	    sizeof(buf->name))) < 0 || (size_t)len >= sizeof(buf->name))
		return ex;
	if (m != NULL && m->plain && m->valuelen == (size_t)len &&
	    memcmp(m->value, buf->name, len) == 0)
		return ex;
	if (ex != NULL)
		buf->ex = *ex;
	else
		qttt_extras_init(&buf->ex);
	n = buf->ex.nmeta;
	if (n > QTTT_MAXMETA)
		return ex;	/* qttt_extras_check() refuses it */
	/* No metadata may have no list (NULL): memcpy is not given one. */
	if (m == NULL) {
		/* The profile first, before the other metadata. */
		if (n > 0)
			memcpy(buf->meta + 1, buf->ex.meta,
			    n * sizeof(buf->meta[0]));
		at = 0;
		n++;
	} else
		memcpy(buf->meta, buf->ex.meta, n * sizeof(buf->meta[0]));
	memset(&buf->meta[at], 0, sizeof(buf->meta[at]));
	buf->meta[at].key = "rules";
	buf->meta[at].keylen = 5;
	buf->meta[at].value = buf->name;
	buf->meta[at].valuelen = len;
	buf->meta[at].plain = 1;
	buf->ex.meta = buf->meta;
	buf->ex.nmeta = n;
	return &buf->ex;
}

static int
refuse(struct qttt_diag *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static int	write_game(FILE *, enum qttt_format, const struct qttt_game *,
		    const struct qttt_extras *, struct qttt_diag *,
		    char [QTTT_MSG_MAX]);

static int
refuse(struct qttt_diag *d, const char *fmt, ...)
{
	va_list	 ap;

	if (d != NULL) {
		qttt__engine_diag_args(d, QTTT_E_UNWRITABLE, NULL);
		d->line = d->col = 0;
		va_start(ap, fmt);
		vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
		va_end(ap);
	}
	return -2;
}

int
qttt__output_holds_variations(enum qttt_format to)
{
	return to == QTTT_FORMAT_LINE || to == QTTT_FORMAT_YAML ||
	    to == QTTT_FORMAT_JSON;
}

/*
 * A game with variations in Goff's notation, which holds none: the
 * refusal names the first, by its first item and the ply it replaces.
 */
static int
unwritable_variation(struct qttt_diag *d, const struct qttt_extras *ex)
{
	char	 item[ACTION_TEXT_MAX + 1];

	*qttt__engine_action_text(item,
	    &ex->varitems[ex->vars[0].first].action) = '\0';
	return refuse(d, "Goff's notation holds no variations: the first, "
	    "'%s' in place of ply %zu, and the others are written in the "
	    "line notation", item, ex->vars[0].at + 1);
}

int
qttt_record_write(FILE *f, enum qttt_format to, const struct qttt_game *g,
    const struct qttt_extras *ex, struct qttt_diag *d)
{
	struct rules_extras *buf;
	char	 why[QTTT_MSG_MAX], name[QTTT_RULES_NAME_MAX];
	int	 k;

	if (to == QTTT_FORMAT_GOFF) {
		/* Goff's notation holds no extras: none to refuse. */
		if (g->nplies == 0)
			return refuse(d, "Goff's notation has no form for a "
			    "game with no move");
		/* Nor a profile: its games are played by Goff's rules. */
		if (g->state.rules != QTTT_RULES_GOFF) {
			qttt_rules_format(g->state.rules, name, sizeof(name));
			return refuse(d, "Goff's notation holds no rules: a "
			    "game played by %s is written in the line notation, "
			    "YAML or JSON", name);
		}
		/* Nor variations. */
		if (ex != NULL && ex->nvars > 0)
			return unwritable_variation(d, ex);
		/* Nor a termination, which explains a result awarded. */
		if (qttt__output_result(g, ex) != &g->state.result)
			return refuse(d, "Goff's notation holds no termination: "
			    "a game a forfeit or an adjudication ended is "
			    "written in the line notation, YAML or JSON");
		return qttt__output_goff_write(f, g, ex);
	}
	if (to != QTTT_FORMAT_LINE && to != QTTT_FORMAT_YAML &&
	    to != QTTT_FORMAT_JSON)
		return refuse(d, "%s is not a format a game is written in",
		    qttt_format_name(to));
	/* Rarely needed, and large: not on the stack of every write. */
	buf = NULL;
	if (g->state.rules != QTTT_RULES_GOFF ||
	    (ex != NULL && qttt_extras_meta(ex, "rules") != NULL)) {
		if ((buf = malloc(sizeof(*buf))) == NULL)
			return -1;
		ex = qttt__output_rules_extras(g, ex, buf);
	}
	k = write_game(f, to, g, ex, d, why);
	free(buf);
	return k;
}

/* qttt_record_write() in the line notation, YAML or JSON. */
static int
write_game(FILE *f, enum qttt_format to, const struct qttt_game *g,
    const struct qttt_extras *ex, struct qttt_diag *d,
    char why[QTTT_MSG_MAX])
{
	int	 k;

	if (ex != NULL && qttt_extras_check(ex, g->nplies, why,
	    QTTT_MSG_MAX) == -1)
		return refuse(d, "%s", why);
	switch (to) {
	case QTTT_FORMAT_YAML:
		if ((k = qttt__output_yaml_write(f, g, ex)) == -2)
			return refuse(d, "longer than a YAML document may be "
			    "(%d bytes)", QTTT_YAML_DOC_MAX);
		return k;
	case QTTT_FORMAT_JSON:
		if ((k = qttt__output_json_write(f, g, ex)) == -2)
			return refuse(d, "longer than a JSON line may be (%d "
			    "bytes)", QTTT_LINE_MAX);
		return k;
	default:
		if ((k = qttt__output_line_write(f, g, ex)) == -2)
			return refuse(d, "a line longer than the line notation "
			    "allows (%d bytes)", QTTT_LINE_MAX);
		return k;
	}
}

int
qttt_record_write_comments(FILE *f, enum qttt_format to, const char *text,
    size_t len)
{
	if (text == NULL || len == 0)
		return 0;
	if (to != QTTT_FORMAT_LINE && to != QTTT_FORMAT_YAML)
		return 1;
	fwrite(text, 1, len, f);
	return ferror(f) ? -1 : 0;
}

long
qttt_record_convert_comments(FILE *f, enum qttt_format to, const char *text,
    size_t len, int alone)
{
	const char	*end = text + len;
	long		 n = 0;
	int		 k;

	/* A game written carries its lead, where the format holds it. */
	if (text == NULL || (!alone && to != QTTT_FORMAT_JSON &&
	    to != QTTT_FORMAT_GOFF))
		return 0;
	if ((k = qttt_record_write_comments(f, to, text, len)) != 1)
		return k;
	for (; (text = memchr(text, '\n', (size_t)(end - text))) != NULL;
	    text++)
		n++;
	return n;
}
