/*
 * The reader of state strings (formats/state-string.md): a stream of
 * positions, one a line, such as qttt-replay prints.  Each line is a
 * record that holds a start position and no items.  Lines are read as
 * the line notation reads them: blank lines and '#' comments are left
 * out, a comment may follow the string, blanks around it are allowed,
 * and a line may end in CR LF.  A line may also be an object of
 * qttt-replay's JSON Lines (formats/replay-output.md), whose "state"
 * is the position and whose "game", "ply" and "file" say where it
 * stands; the states of one game, one after another, are that game,
 * which each record carries up to its state (struct qttt_history).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "notation/notation.h"

static void	json_line_parse(const char *, size_t, unsigned long, size_t,
		    struct qttt_record *, unsigned int);

static int
is_blank(int ch)
{
	return ch == ' ' || ch == '\t';
}

/*
 * Reads one line into rec, which it clears first.  Returns 1 if the
 * line is a record (a position, or a diagnostic saying why it is
 * none), 0 if it is blank or a comment.
 */
static int
state_line_parse(const char *s, size_t len, unsigned long lineno,
    struct qttt_record *rec, unsigned int rules)
{
	struct qttt_diag d;
	size_t		 lead = 0, end;

	qttt_record_clear(rec);
	rec->rules = rules;
	rec->line = lineno;
	rec->format = QTTT_FORMAT_STATE;
	rec->text = s;
	if (!qttt__notation_line_is_game(s, len))
		return 0;
	if (len > 0 && s[len - 1] == '\r') {
		len--;
		rec->textflags |= QTTT_TEXT_CRLF;
	}
	rec->textlen = len;
	while (lead < len && is_blank((unsigned char)s[lead]))
		lead++;
	if (lead < len && s[lead] == '{') {
		json_line_parse(s, len, lineno, lead, rec, rules);
		return 1;
	}
	end = qttt__notation_line_comment(s, 0, len, rec);
	while (lead < end && is_blank((unsigned char)s[lead]))
		lead++;
	while (end > lead && is_blank((unsigned char)s[end - 1]))
		end--;
	/* A comment line that the line notation refuses for its bytes. */
	if (end == lead) {
		qttt__notation_line_bytes(rec, lineno, s, len);
		rec->damaged = 1;
		return 1;
	}
	/*
	 * The parser refuses any byte out of place in the string itself;
	 * once it is read, a refused byte can only be in the comment.
	 */
	if (qttt__notation_state_parse(s + lead, end - lead, &rec->start, &d,
	    rules) != QTTT_OK) {
		qttt_record_diag(rec, d.code, lineno, lead + d.col, "%s",
		    d.msg);
		rec->damaged = 1;
	} else if (!qttt__notation_line_bytes(rec, lineno, s, len))
		rec->damaged = 1;
	else
		rec->has_start = 1;
	return 1;
}

/* ------------------------------------------------------------------ */
/* A line of qttt-replay's JSON Lines                                   */
/* ------------------------------------------------------------------ */

/* Deeper than any object qttt-replay writes (3 levels). */
#define JSON_DEPTH	16

/* A scan of one JSON text (RFC 8259) on a line. */
struct jscan {
	const char	*s;
	size_t		 n, i;
	const char	*why;	/* what is wrong at i, or NULL */
};

static int
jfail(struct jscan *j, const char *why)
{
	if (j->why == NULL)
		j->why = why;
	return -1;
}

static void
jspace(struct jscan *j)
{
	while (j->i < j->n && (j->s[j->i] == ' ' || j->s[j->i] == '\t' ||
	    j->s[j->i] == '\r'))
		j->i++;
}

static int
jhex(int ch)
{
	return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') ||
	    (ch >= 'A' && ch <= 'F');
}

/* A string: [*from, *to) are the bytes between its quotes. */
static int
jstring(struct jscan *j, size_t *from, size_t *to)
{
	size_t	 k;
	int	 ch;

	if (j->i >= j->n || j->s[j->i] != '"')
		return jfail(j, "a string was expected");
	*from = ++j->i;
	while (j->i < j->n) {
		ch = (unsigned char)j->s[j->i];
		if (ch == '"') {
			*to = j->i++;
			return 0;
		}
		if (ch < 0x20)
			return jfail(j, "a control character in a string "
			    "must be escaped");
		if (ch == '\\') {
			if (++j->i >= j->n)
				break;
			ch = (unsigned char)j->s[j->i];
			if (ch == 'u') {
				for (k = 1; k <= 4; k++)
					if (j->i + k >= j->n ||
					    !jhex((unsigned char)j->s[j->i + k]))
						return jfail(j, "\\u takes four "
						    "hexadecimal digits");
				j->i += 4;
			} else if (ch == '\0' || strchr("\"\\/bfnrt", ch) == NULL)
				return jfail(j, "not an escape of JSON");
		}
		j->i++;
	}
	return jfail(j, "the string does not end on its line");
}

static int
jdigits(struct jscan *j)
{
	size_t	 from = j->i;

	while (j->i < j->n && j->s[j->i] >= '0' && j->s[j->i] <= '9')
		j->i++;
	return j->i > from ? 0 : jfail(j, "a digit was expected");
}

/* A number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
static int
jnumber(struct jscan *j)
{
	if (j->i < j->n && j->s[j->i] == '-')
		j->i++;
	if (j->i < j->n && j->s[j->i] == '0')
		j->i++;
	else if (jdigits(j) == -1)
		return -1;
	if (j->i < j->n && j->s[j->i] == '.') {
		j->i++;
		if (jdigits(j) == -1)
			return -1;
	}
	if (j->i < j->n && (j->s[j->i] == 'e' || j->s[j->i] == 'E')) {
		j->i++;
		if (j->i < j->n && (j->s[j->i] == '+' || j->s[j->i] == '-'))
			j->i++;
		if (jdigits(j) == -1)
			return -1;
	}
	return 0;
}

static int	jvalue(struct jscan *, int depth);

/* The members of an object or the elements of an array, after { or [. */
static int
jitems(struct jscan *j, int close, int depth)
{
	size_t	 from, to;

	jspace(j);
	if (j->i < j->n && j->s[j->i] == close) {
		j->i++;
		return 0;
	}
	for (;;) {
		jspace(j);
		if (close == '}') {
			if (jstring(j, &from, &to) == -1)
				return -1;
			jspace(j);
			if (j->i >= j->n || j->s[j->i++] != ':')
				return jfail(j, "':' was expected after the "
				    "key");
			jspace(j);
		}
		if (jvalue(j, depth) == -1)
			return -1;
		jspace(j);
		if (j->i < j->n && j->s[j->i] == close) {
			j->i++;
			return 0;
		}
		if (j->i >= j->n || j->s[j->i] != ',')
			return jfail(j, close == '}' ? "',' or '}' was "
			    "expected" : "',' or ']' was expected");
		j->i++;
	}
}

static int
jliteral(struct jscan *j, const char *word)
{
	size_t	 n = strlen(word);

	if (j->n - j->i < n || memcmp(j->s + j->i, word, n) != 0)
		return jfail(j, "not a JSON value");
	j->i += n;
	return 0;
}

static int
jvalue(struct jscan *j, int depth)
{
	size_t	 from, to;

	if (j->i >= j->n)
		return jfail(j, "a value was expected");
	switch (j->s[j->i]) {
	case '{':
	case '[':
		if (depth >= JSON_DEPTH)
			return jfail(j, "nested too deeply");
		j->i++;
		return jitems(j, j->s[j->i - 1] == '{' ? '}' : ']',
		    depth + 1);
	case '"':
		return jstring(j, &from, &to);
	case 't':
		return jliteral(j, "true");
	case 'f':
		return jliteral(j, "false");
	case 'n':
		return jliteral(j, "null");
	default:
		if (j->s[j->i] == '-' ||
		    (j->s[j->i] >= '0' && j->s[j->i] <= '9'))
			return jnumber(j);
		return jfail(j, "not a JSON value");
	}
}

/* What a line's object says: the extent of each key's value. */
struct jstate {
	size_t	 state[2], game[2], ply[2], file[2], path[2];
	int	 has_state, has_game, has_ply, has_file, has_path, has_moves;
};

static int
jkey(const char *s, size_t from, size_t to, const char *name)
{
	return to - from == strlen(name) &&
	    memcmp(s + from, name, to - from) == 0;
}

/*
 * Reads the object at i (after blanks) to the end of the line: fills
 * js with where its keys' values are.  Returns 0, or -1 with j->why.
 */
static int
jobject(struct jscan *j, struct jstate *js)
{
	size_t	 from, to, at, *ext;
	int	*has;

	memset(js, 0, sizeof(*js));
	if (j->i >= j->n || j->s[j->i] != '{')
		return jfail(j, "a JSON object was expected");
	j->i++;
	jspace(j);
	if (j->i < j->n && j->s[j->i] == '}')
		j->i++;
	else
		for (;;) {
			jspace(j);
			at = j->i;
			if (jstring(j, &from, &to) == -1)
				return -1;
			jspace(j);
			if (j->i >= j->n || j->s[j->i++] != ':')
				return jfail(j, "':' was expected after the "
				    "key");
			jspace(j);
			ext = NULL;
			has = NULL;
			if (jkey(j->s, from, to, "state"))
				ext = js->state, has = &js->has_state;
			else if (jkey(j->s, from, to, "game"))
				ext = js->game, has = &js->has_game;
			else if (jkey(j->s, from, to, "ply"))
				ext = js->ply, has = &js->has_ply;
			else if (jkey(j->s, from, to, "file"))
				ext = js->file, has = &js->has_file;
			else if (jkey(j->s, from, to, "path"))
				ext = js->path, has = &js->has_path;
			else if (jkey(j->s, from, to, "moves"))
				js->has_moves = 1;
			if (has != NULL && *has) {
				j->i = at;
				return jfail(j, "a key given twice");
			}
			if (has != NULL) {
				*has = 1;
				ext[0] = j->i;
			}
			if (jvalue(j, 1) == -1)
				return -1;
			if (ext != NULL)
				ext[1] = j->i;
			jspace(j);
			if (j->i < j->n && j->s[j->i] == '}') {
				j->i++;
				break;
			}
			if (j->i >= j->n || j->s[j->i] != ',')
				return jfail(j, "',' or '}' was expected");
			j->i++;
		}
	jspace(j);
	if (j->i < j->n)
		return jfail(j, "the line goes on after its object");
	return 0;
}

/* A count in [from, to): digits only, at most max.  -1 if it is none. */
static long
jcount(const char *s, const size_t ext[2], long max)
{
	size_t	 i;
	long	 v = 0;

	if (ext[1] == ext[0])
		return -1;
	for (i = ext[0]; i < ext[1]; i++) {
		if (s[i] < '0' || s[i] > '9' || v > max)
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v <= max ? v : -1;
}

/* A position's path as its numbers (formats/line-notation.md, 2.3). */
struct pos {
	size_t	 n;
	long	 v[QTTT_PATH_MAX / 2 + 1];
};

/* Reads p (len bytes, a path by its syntax) into x. */
static void
pos_read(const char *p, size_t len, struct pos *x)
{
	size_t	 i;

	x->n = 1;
	x->v[0] = 0;
	for (i = 0; i < len; i++)
		if (p[i] == '.')
			x->v[x->n++] = 0;
		else
			x->v[x->n - 1] = x->v[x->n - 1] * 10 + (p[i] - '0');
}

/*
 * Steps x back to the position before it along its line: the item
 * before in its line, or before the first item of a variation, the
 * position before the item it replaces.
 */
static void
pos_back(struct pos *x)
{
	while (x->n > 1 && x->v[x->n - 1] == 1)
		x->n -= 2;
	x->v[x->n - 1]--;
}

/*
 * The plies played to reach x: the main line's before the first
 * variation, then each variation's items, the one it replaces less.
 */
static long
pos_plies(const struct pos *x)
{
	size_t	 i;
	long	 plies = x->v[0];

	for (i = 2; i < x->n; i += 2)
		plies += x->v[i] - 1;
	return plies;
}

/*
 * A line that holds an object (after blanks): its "state" is the
 * position, its "game", "ply", "path" and "file" say where it stands.
 * Fills rec as state_line_parse() does.
 */
static void
json_line_parse(const char *s, size_t len, unsigned long lineno,
    size_t lead, struct qttt_record *rec, unsigned int rules)
{
	struct jscan	 j = { s, len, lead, NULL };
	struct jstate	 js;
	struct qttt_diag d;
	long		 game = 0, ply = -1;
	size_t		 v, n;
	struct pos	 at;

	rec->damaged = 1;
	if (!qttt__notation_line_bytes(rec, lineno, s, len))
		return;
	if (jobject(&j, &js) == -1) {
		qttt_record_diag(rec, QTTT_E_YAML, lineno, j.i, "JSON: %s",
		    j.why);
		return;
	}
	if (!js.has_state || js.has_moves) {
		qttt_record_diag(rec, QTTT_E_YAML, lineno, lead, "%s",
		    js.has_moves ? "a game record ('moves') among states: "
		    "a stream of states holds positions" :
		    "an object of a stream of states needs a 'state'");
		return;
	}
	if (js.has_game && (game = jcount(s, js.game, LONG_MAX / 10)) < 1) {
		qttt_record_diag(rec, QTTT_E_YAML, lineno, js.game[0], "%s",
		    "'game' is the number of a game: 1 or more");
		return;
	}
	if (js.has_ply &&
	    (ply = jcount(s, js.ply, QTTT_MAXPLIES)) < 0) {
		qttt_record_diag(rec, QTTT_E_YAML, lineno, js.ply[0],
		    "'ply' is a number of plies: 0 to %d", QTTT_MAXPLIES);
		return;
	}
	if (js.has_path && (s[js.path[0]] != '"' || qttt_record_path(NULL,
	    s + js.path[0] + 1, js.path[1] - js.path[0] - 2, &v, &n,
	    NULL) == -1)) {
		qttt_record_diag(rec, QTTT_E_YAML, lineno, js.path[0], "%s",
		    "'path' is a position's path, as \"5\" or \"5.1.2\"");
		return;
	}
	if (js.has_path && js.has_ply) {
		pos_read(s + js.path[0] + 1, js.path[1] - js.path[0] - 2, &at);
		if (pos_plies(&at) != ply) {
			qttt_record_diag(rec, QTTT_E_YAML, lineno, js.path[0],
			    "'path' %.*s is a position after %ld plies, not "
			    "%ld", (int)(js.path[1] - js.path[0] - 2),
			    s + js.path[0] + 1, pos_plies(&at), ply);
			return;
		}
	}
	if (s[js.state[0]] != '"') {
		qttt_record_diag(rec, QTTT_E_YAML, lineno, js.state[0], "%s",
		    "'state' is a state string");
		return;
	}
	if (qttt__notation_state_parse(s + js.state[0] + 1, js.state[1] -
	    js.state[0] - 2, &rec->start, &d, rules) != QTTT_OK) {
		qttt_record_diag(rec, d.code, lineno, js.state[0] + 1 + d.col,
		    "%s", d.msg);
		return;
	}
	if (js.has_file && s[js.file[0]] == '"') {
		rec->file = s + js.file[0] + 1;
		rec->filelen = js.file[1] - js.file[0] - 2;
	}
	rec->game = game;
	rec->ply = ply;
	if (js.has_path) {
		rec->path = s + js.path[0] + 1;
		rec->pathlen = js.path[1] - js.path[0] - 2;
	}
	rec->damaged = 0;
	rec->has_start = 1;
}

/* ------------------------------------------------------------------ */
/* The games of a stream                                                */
/* ------------------------------------------------------------------ */

/* What a reader of a stream remembers of the last state it read. */
struct stream {
	int			 valid;		/* a state was read */
	unsigned long		 game;		/* its game, 0 if not said */
	long			 ply;		/* its ply, -1 if not said */
	char			*file;		/* its file, as written */
	size_t			 filelen, filesize;
	struct qttt_state	 state;
	struct qttt_history	 history;
	int			 has_path;	/* path: its path */
	struct pos		 path;
};

/*
 * Whether the state of rec, as its path says, is on the line that goes
 * through the last state read: true where either says no path.
 */
static int
path_follows(const struct stream *s, const struct qttt_record *rec)
{
	struct pos	 b;
	long		 p;

	if (!s->has_path || rec->path == NULL)
		return 1;
	pos_read(rec->path, rec->pathlen, &b);
	for (p = rec->ply; p > s->ply; p--)
		pos_back(&b);
	return s->path.n == b.n && memcmp(s->path.v, b.v, b.n *
	    sizeof(b.v[0])) == 0;
}

/*
 * Whether the state of rec goes on from the last state read: the same
 * game and file, as both say, a later ply, and a path, where both say
 * one, on a line through the last one's.
 */
static int
stream_continues(const struct stream *s, const struct qttt_record *rec)
{
	return s->valid && rec->game != 0 && rec->game == s->game &&
	    s->ply >= 0 && rec->ply > s->ply && rec->filelen == s->filelen &&
	    (rec->filelen == 0 || memcmp(rec->file, s->file,
	    rec->filelen) == 0) && path_follows(s, rec);
}

/*
 * Fills the history of rec, a valid state, from the states read before
 * it, and remembers it.  Memory that runs out for the file's name
 * makes the next state start a game of its own.
 */
static void
stream_follow(struct stream *s, struct qttt_record *rec)
{
	struct qttt_history *h = &rec->history;
	struct qttt_action act;
	char		*p;
	int		 on;

	if ((on = stream_continues(s, rec))) {
		*h = s->history;
		h->nstates++;
		if (rec->ply == s->ply + 1 && h->nplies < QTTT_MAXPLIES &&
		    qttt_action_between(&s->state, &rec->start, &act) == 0)
			h->plies[h->nplies++] = act;
		else {
			h->gap = 1;
			h->start = rec->start;
			h->nplies = 0;
		}
	} else {
		h->nstates = 1;
		h->line = rec->line;
		h->first = rec->ply;
		h->gap = 0;
		h->start = rec->start;
		h->nplies = 0;
	}
	/* A variation's state off the line stands aside: the game goes on. */
	h->aside = !on && rec->path != NULL && memchr(rec->path, '.',
	    rec->pathlen) != NULL;
	if (h->aside)
		return;
	s->game = rec->game;
	if ((s->has_path = rec->path != NULL))
		pos_read(rec->path, rec->pathlen, &s->path);
	s->ply = rec->ply;
	s->state = rec->start;
	s->history = *h;
	s->valid = 1;
	if (rec->filelen > s->filesize) {
		if ((p = realloc(s->file, rec->filelen)) == NULL) {
			s->valid = 0;
			return;
		}
		s->file = p;
		s->filesize = rec->filelen;
	}
	s->filelen = rec->filelen;
	if (rec->filelen > 0)
		memcpy(s->file, rec->file, rec->filelen);
}

static int
state_open(struct qttt_reader *r)
{
	struct stream	*s;

	if ((s = calloc(1, sizeof(*s))) == NULL)
		return -1;
	qttt__notation_reader_set_state(r, s);
	return 0;
}

static void
state_close(struct qttt_reader *r)
{
	struct stream	*s = qttt__notation_reader_state(r);

	if (s != NULL)
		free(s->file);
	free(s);
	qttt__notation_reader_set_state(r, NULL);
}

static int
state_next(struct qttt_reader *r, struct qttt_record *rec)
{
	struct reader_line l;
	int		 k;

	qttt__notation_reader_lead_reset(r);
	while ((k = qttt__notation_reader_getline(r, &l)) == 1) {
		if (l.toolong) {
			qttt__notation_reader_toolong(rec, &l,
			    QTTT_FORMAT_STATE);
			qttt__notation_reader_lead_give(r, rec);
			return 1;
		}
		if (state_line_parse(l.text, l.len, l.lineno, rec,
		    qttt__notation_reader_rules(r))) {
			if (rec->has_start)
				stream_follow(qttt__notation_reader_state(r),
				    rec);
			qttt__notation_reader_lead_give(r, rec);
			rec->textflags |= qttt__notation_reader_line_flags(r,
			    &l);
			return 1;
		}
		qttt__notation_reader_lead_add(r, l.text, l.len);
	}
	return k;
}

/*
 * An input is a stream of states if the first word of its first line
 * that is neither blank nor a comment starts as a square does ('.', a
 * mark) and holds both a '/' and a ',', as the board of a state string
 * does and no record of another format does (a line-notation record
 * may start with a tag, "[event a/b,c]").  The formats that sniff
 * before this one (YAML's flow collections) have claimed their inputs
 * by then.
 */
static int
state_sniff(const char *s, size_t n)
{
	size_t	 i = qttt__notation_reader_skip_comments(s, n);
	int	 slash = 0, comma = 0;

	if (i == n || (s[i] != '.' && (s[i] | 0x20) != 'x' &&
	    (s[i] | 0x20) != 'o'))
		return 0;

	for (; i < n && !is_blank((unsigned char)s[i]) && s[i] != '\n' &&
	    s[i] != '\r'; i++) {
		slash |= s[i] == '/';
		comma |= s[i] == ',';
	}
	return slash && comma;
}

/*
 * An input is qttt-replay's JSON Lines if its first line that is
 * neither blank nor a comment is a JSON object with a "state" and no
 * "moves" (which would make it a game record).
 */
static int
json_sniff(const char *s, size_t n)
{
	struct jscan	 j;
	struct jstate	 js;
	size_t		 i = qttt__notation_reader_skip_comments(s, n), end = i;

	while (end < n && s[end] != '\n')
		end++;
	if (end == n)
		return 0;	/* not the whole line */
	j.s = s;
	j.n = end;
	j.i = i;
	j.why = NULL;
	jspace(&j);
	return jobject(&j, &js) == 0 && js.has_state && !js.has_moves;
}

const struct reader_format qttt__notation_state_format = {
	QTTT_FORMAT_STATE, state_sniff, state_next, state_open, state_close
};

const struct reader_format qttt__notation_state_json_format = {
	QTTT_FORMAT_STATE, json_sniff, state_next, state_open, state_close
};
