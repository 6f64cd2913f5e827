/*
 * What a game holds besides its moves (metadata, comments, notes), as
 * the writers take it (struct qttt_extras), filled from a record or by
 * any other producer, and what every reader takes of them: the limits
 * and rules that qttt_extras_check() holds a producer to, so that
 * whatever one reader accepts every writer writes (lib/output/).
 */
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "text/text.h"
#include "notation/notation.h"

/*
 * The keys of a move's mapping in YAML and JSON, which no note may be
 * called (formats/yaml-record.md, section 3).
 */
const char *const qttt__notation_move_keys[] = {
	"move", "comment", "variations", NULL
};

void
qttt_extras_init(struct qttt_extras *ex)
{
	memset(ex, 0, sizeof(*ex));
}

void
qttt_extras_from_record(struct qttt_extras *ex, const struct qttt_game *g,
    const struct qttt_record *rec)
{
	const struct qttt_item *it;
	size_t		 i, k = 0;

	qttt_extras_init(ex);
	if (rec == NULL)
		return;
	ex->nmeta = rec->nmeta;
	ex->meta = rec->meta;
	ex->comment = rec->comment;
	ex->commentlen = rec->commentlen;
	ex->lead = rec->lead;
	ex->leadlen = rec->leadlen;
	ex->awarded = rec->awarded;
	ex->nvars = rec->nvars;
	ex->vars = rec->vars;
	ex->varitems = rec->varitems;
	/* The action items are the plies, in order. */
	for (i = 0; i < rec->nitems && k < g->nplies; i++) {
		it = &rec->items[i];
		if (it->kind != QTTT_ITEM_ACTION)
			continue;
		ex->ply[k].comment = it->comment;
		ex->ply[k].commentlen = it->commentlen;
		ex->ply[k].nnotes = it->nnotes;
		ex->ply[k].notes = it->notes;
		k++;
	}
}

/*
 * The extras of the plies of line v of a record up to its item upto,
 * from ply *k on: those of the lines it branches from first.
 */
static void
line_plies(struct qttt_extras *ex, const struct qttt_record *rec, size_t v,
    size_t upto, size_t *k)
{
	const struct qttt_item *items;
	size_t		 i, n;

	if (v != QTTT_MAINLINE)
		line_plies(ex, rec, rec->vars[v].parent, rec->vars[v].at, k);
	items = qttt_record_line(rec, v, &n);
	for (i = 0; i < upto && i < n && *k < QTTT_MAXPLIES &&
	    items[i].kind == QTTT_ITEM_ACTION; i++, (*k)++) {
		ex->ply[*k].comment = items[i].comment;
		ex->ply[*k].commentlen = items[i].commentlen;
		ex->ply[*k].nnotes = items[i].nnotes;
		ex->ply[*k].notes = items[i].notes;
	}
}

void
qttt_extras_from_line(struct qttt_extras *ex, const struct qttt_game *g,
    const struct qttt_record *rec, size_t v)
{
	size_t	 k = 0;

	qttt_extras_from_record(ex, g, rec);
	if (rec == NULL || v == QTTT_MAINLINE || v >= rec->nvars)
		return;
	memset(ex->ply, 0, sizeof(ex->ply));
	line_plies(ex, rec, v, (size_t)-1, &k);
	/* The game of a variation: its lines, no result awarded. */
	ex->nvars = 0;
	ex->awarded.over = 0;
}

const struct qttt_meta *
qttt_extras_meta(const struct qttt_extras *ex, const char *key)
{
	size_t	 i, n = strlen(key);

	for (i = 0; i < ex->nmeta; i++)
		if (ex->meta[i].keylen == n &&
		    memcmp(ex->meta[i].key, key, n) == 0)
			return &ex->meta[i];
	return NULL;
}

static int
is_key(const char *k, size_t n, const char *name)
{
	return strlen(name) == n && memcmp(k, name, n) == 0;
}

static int
leap(int year)
{
	return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

int
qttt__notation_date_good(const char *s, size_t n)
{
	static const int days[] = {
		31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31
	};
	int	 year, month, day;
	size_t	 i;

	if (n != 4 && n != 7 && n != 10)
		return 0;
	for (i = 0; i < n; i++)
		if (i == 4 || i == 7 ? s[i] != '-' : (s[i] < '0' ||
		    s[i] > '9'))
			return 0;
	year = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 +
	    (s[3] - '0');
	if (n == 4)
		return 1;
	month = (s[5] - '0') * 10 + (s[6] - '0');
	if (month < 1 || month > 12)
		return 0;
	if (n == 7)
		return 1;
	day = (s[8] - '0') * 10 + (s[9] - '0');
	if (month == 2 && day == 29)
		return leap(year);
	return day >= 1 && day <= days[month - 1];
}

int
qttt__notation_text_good(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t		 i, k;

	for (i = 0; i < n; i += k) {
		k = 1;
		if (s[i] == '\0' || (s[i] >= 0x80 &&
		    (k = qttt__text_utf8_len(s + i, n - i)) == 0))
			return 0;
	}
	return 1;
}

/* Checks the entries of a mapping: the metadata, or a ply's notes. */
static int
check_entries(const struct qttt_meta *m, size_t n, const char *what,
    const char *const *reserved, char *msg, size_t msgsize)
{
	size_t	 i, j, r;

	for (i = 0; i < n; i++) {
		if (m[i].keylen == 0 || m[i].keylen > QTTT_YAML_KEY_MAX) {
			snprintf(msg, msgsize, "%s key %zu: of %zu bytes (1 to "
			    "%d)", what, i + 1, m[i].keylen, QTTT_YAML_KEY_MAX);
			return -1;
		}
		if (m[i].valuelen > QTTT_YAML_SCALAR_MAX) {
			snprintf(msg, msgsize, "%s '%.*s': a value of %zu "
			    "bytes (at most %d)", what, (int)m[i].keylen,
			    m[i].key, m[i].valuelen, QTTT_YAML_SCALAR_MAX);
			return -1;
		}
		if (!qttt__notation_text_good(m[i].key, m[i].keylen) ||
		    !qttt__notation_text_good(m[i].value, m[i].valuelen)) {
			snprintf(msg, msgsize, "%s key %zu: not valid UTF-8, "
			    "or holds a NUL", what, i + 1);
			return -1;
		}
		for (r = 0; reserved[r] != NULL; r++)
			if (is_key(m[i].key, m[i].keylen, reserved[r])) {
				snprintf(msg, msgsize, "%s '%.*s': the format's "
				    "own key", what, (int)m[i].keylen, m[i].key);
				return -1;
			}
		for (j = 0; j < i; j++)
			if (m[j].keylen == m[i].keylen &&
			    memcmp(m[j].key, m[i].key, m[i].keylen) == 0) {
				snprintf(msg, msgsize, "%s '%.*s' twice", what,
				    (int)m[i].keylen, m[i].key);
				return -1;
			}
	}
	return 0;
}

static int
check_comment(const char *s, size_t n, const char *what, char *msg,
    size_t msgsize)
{
	if (s == NULL || (n <= QTTT_YAML_SCALAR_MAX &&
	    qttt__notation_text_good(s, n)))
		return 0;
	if (n > QTTT_YAML_SCALAR_MAX)
		snprintf(msg, msgsize, "%s of %zu bytes: longer than %d", what,
		    n, QTTT_YAML_SCALAR_MAX);
	else
		snprintf(msg, msgsize, "%s: not valid UTF-8, or holds a NUL",
		    what);
	return -1;
}

/* The bytes of the keys and values of n entries. */
static size_t
entry_bytes(const struct qttt_meta *m, size_t n)
{
	size_t	 i, bytes = 0;

	for (i = 0; i < n; i++)
		bytes += m[i].keylen + m[i].valuelen;
	return bytes;
}

/*
 * The game comment counts as the key it is in YAML and JSON, "comment",
 * with its value: so a record counts the same in every format.
 */
#define GAME_COMMENT(text, len)	((text) != NULL ? sizeof("comment") - 1 + \
				    (len) : 0)

size_t
qttt__notation_extras_bytes(const struct qttt_record *rec)
{
	size_t	 i, n = GAME_COMMENT(rec->comment, rec->commentlen) +
		    entry_bytes(rec->meta, rec->nmeta);

	for (i = 0; i < rec->nitems; i++)
		n += rec->items[i].commentlen +
		    entry_bytes(rec->items[i].notes, rec->items[i].nnotes);
	for (i = 0; i < rec->nvaritems; i++)
		n += rec->varitems[i].commentlen +
		    entry_bytes(rec->varitems[i].notes,
		    rec->varitems[i].nnotes);
	return n;
}

int
qttt_extras_check(const struct qttt_extras *ex, size_t nplies, char *msg,
    size_t n)
{
	static const char *const game_keys[] = { "moves", "result", NULL };
	const struct qttt_ply_extras *px;
	const struct qttt_item *it;
	const struct qttt_meta *m;
	char		 what[80], dummy[1], shown[QTTT__QUOTE_SIZE];
	unsigned int	 rules;
	size_t		 i, j, notes = 0, bytes;

	if (msg == NULL) {
		msg = dummy;
		n = sizeof(dummy);
	}
	if (ex->nmeta > QTTT_MAXMETA) {
		snprintf(msg, n, "%zu metadata entries: more than %d",
		    ex->nmeta, QTTT_MAXMETA);
		return -1;
	}
	if ((m = qttt_extras_meta(ex, "date")) != NULL &&
	    !qttt__notation_date_good(m->value, m->valuelen)) {
		/* The readers refuse it: so do the writers. */
		snprintf(msg, n, "the date is not YYYY-MM-DD (or YYYY-MM, or "
		    "YYYY)");
		return -1;
	}
	if ((m = qttt_extras_meta(ex, "rules")) != NULL &&
	    qttt_rules_parse(m->value, m->valuelen, &rules, NULL) == -1) {
		snprintf(msg, n, "the rules '%s' are no rule profile",
		    qttt__notation_quote(shown, m->value != NULL ? m->value :
		    "", m->valuelen));
		return -1;
	}
	if (check_entries(ex->meta, ex->nmeta, "metadata", game_keys, msg,
	    n) == -1 ||
	    check_comment(ex->comment, ex->commentlen, "the game comment",
	    msg, n) == -1)
		return -1;
	if (ex->comment != NULL && qttt_extras_meta(ex, "comment") != NULL) {
		snprintf(msg, n, "a game comment and a 'comment' metadata "
		    "entry");
		return -1;
	}
	/* Counted with the plies and the variations' items. */
	bytes = GAME_COMMENT(ex->comment, ex->commentlen) +
	    entry_bytes(ex->meta, ex->nmeta);
	for (i = 0; i < nplies && i < QTTT_MAXPLIES; i++) {
		px = &ex->ply[i];
		snprintf(what, sizeof(what), "ply %zu: note", i + 1);
		if (check_entries(px->notes, px->nnotes, what,
		    qttt__notation_move_keys, msg, n) == -1)
			return -1;
		snprintf(what, sizeof(what), "ply %zu: the comment", i + 1);
		if (check_comment(px->comment, px->commentlen, what, msg,
		    n) == -1)
			return -1;
		notes += px->nnotes;
		bytes += px->commentlen + entry_bytes(px->notes, px->nnotes);
	}
	/* A variation's items as plies: in YAML, moves as the others. */
	for (j = 0; j < ex->nvars; j++)
		for (i = 0; i < ex->vars[j].nitems; i++) {
			it = &ex->varitems[ex->vars[j].first + i];
			snprintf(what, sizeof(what), "variation %zu, item "
			    "%zu: note", j + 1, i + 1);
			if (check_entries(it->notes, it->nnotes, what,
			    qttt__notation_move_keys, msg, n) == -1)
				return -1;
			snprintf(what, sizeof(what), "variation %zu, item "
			    "%zu: the comment", j + 1, i + 1);
			if (check_comment(it->comment, it->commentlen, what,
			    msg, n) == -1)
				return -1;
			notes += it->nnotes;
			bytes += it->commentlen +
			    entry_bytes(it->notes, it->nnotes);
		}
	if (notes > QTTT_MAXNOTES) {
		snprintf(msg, n, "%zu notes: more than %d", notes,
		    QTTT_MAXNOTES);
		return -1;
	}
	if (bytes > QTTT_EXTRAS_MAX) {
		snprintf(msg, n, "%zu bytes of keys, values and comments: "
		    "more than %d", bytes, QTTT_EXTRAS_MAX);
		return -1;
	}
	return 0;
}

int
qttt_record_meta(const struct qttt_record *rec, const char *key,
    const char **value, size_t *len)
{
	size_t	 i, n = strlen(key);

	for (i = 0; i < rec->nmeta; i++)
		if (rec->meta[i].keylen == n &&
		    memcmp(rec->meta[i].key, key, n) == 0) {
			*value = rec->meta[i].value;
			*len = rec->meta[i].valuelen;
			return 1;
		}
	return 0;
}

int
qttt_record_extras(const struct qttt_record *rec)
{
	size_t	 i;

	if (rec->nmeta > 0 || rec->comment != NULL)
		return 1;
	for (i = 0; i < rec->nitems; i++)
		if (rec->items[i].comment != NULL || rec->items[i].nnotes > 0)
			return 1;
	return 0;
}

int
qttt__notation_scalar_typed(const char *s, size_t n)
{
	static const char *const words[] = {
		"~", "null", "true", "false", "yes", "no", "on", "off",
		"y", "n", "<<", "="
	};
	size_t	 i, k;

	if (n == 0 || strchr("0123456789+-.", s[0]) != NULL)
		return 1;
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		if (strlen(words[i]) != n)
			continue;
		for (k = 0; k < n; k++)
			if ((s[k] | 0x20) != words[i][k])
				break;
		if (k == n)
			return 1;
	}
	return 0;
}

/* Whether a note is a mark that a glyph stands for: "?", "!!" ... */
int
qttt__notation_glyph_note(const struct qttt_meta *m)
{
	static const char *const glyphs[] = {
		"!!", "??", "!?", "?!", "!", "?"
	};
	size_t	 i;

	if (!is_key(m->key, m->keylen, "mark"))
		return 0;
	for (i = 0; i < sizeof(glyphs) / sizeof(glyphs[0]); i++)
		if (is_key(m->value, m->valuelen, glyphs[i]))
			return 1;
	return 0;
}
