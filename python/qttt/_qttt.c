/*
 * qttt._qttt: the Python package's C extension, over libqttt's public
 * interface (lib/qttt.h) and nothing else.  It turns Python values into
 * the library's and back; every rule, parser, writer and search is the
 * library's.  formats/python.md is its documentation.
 *
 * Threads: every object here is used under the GIL, but for the
 * library's long calls (a search, the reading of a file or of text in
 * memory), which release it.  A Solver is one library solver, guarded
 * by a lock of its own, so threads may share one (they take turns) or
 * have one each.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "qttt.h"

static PyObject *IllegalActionError;
static PyTypeObject StateType, RecordType, ReaderType, SolverType;
static PyTypeObject DiagnosticType, VariationType;

/* ------------------------------------------------------------------ */
/* Actions as strings                                                   */
/* ------------------------------------------------------------------ */

/*
 * The canonical text of every action, made once: placements and the
 * forced move by move and squares, measurements by move and square.
 * push() looks a string up in action_of first, so that the strings
 * legal_actions() hands out cost no parsing.
 */
#define ACTION_SLOTS	(2 * (QTTT_MAXMOVES + 1) * QTTT_NSQUARES * \
			    QTTT_NSQUARES)
static PyObject *action_text[ACTION_SLOTS];
static PyObject *action_of;	/* dict: canonical text -> packed action */

static size_t
action_slot(const struct qttt_action *a)
{
	size_t	 s1 = a->kind == QTTT_MEASURE ? 0 : a->sq[1];

	return ((size_t)(a->kind != 0) * (QTTT_MAXMOVES + 1) + a->move) *
	    QTTT_NSQUARES * QTTT_NSQUARES + a->sq[0] * QTTT_NSQUARES + s1;
}

static long
action_pack(const struct qttt_action *a)
{
	return (long)a->kind | (long)a->move << 8 | (long)a->sq[0] << 16 |
	    (long)a->sq[1] << 24;
}

static void
action_unpack(long v, struct qttt_action *a)
{
	a->kind = v & 0xff;
	a->move = v >> 8 & 0xff;
	a->sq[0] = v >> 16 & 0xff;
	a->sq[1] = v >> 24 & 0xff;
}

/* A new reference to the canonical text of a (a legal action's). */
static PyObject *
action_str(const struct qttt_action *a)
{
	char		 buf[64];
	PyObject	*s, *v;
	size_t		 slot;

	if (a->move > QTTT_MAXMOVES || a->sq[0] >= QTTT_NSQUARES ||
	    (a->kind == QTTT_PLACE && a->sq[1] >= QTTT_NSQUARES)) {
		qttt_action_format(a, buf, sizeof(buf));
		return PyUnicode_FromString(buf);
	}
	slot = action_slot(a);
	if ((s = action_text[slot]) == NULL) {
		qttt_action_format(a, buf, sizeof(buf));
		if ((s = PyUnicode_InternFromString(buf)) == NULL)
			return NULL;
		if ((v = PyLong_FromLong(action_pack(a))) == NULL ||
		    PyDict_SetItem(action_of, s, v) == -1) {
			Py_XDECREF(v);
			Py_DECREF(s);
			return NULL;
		}
		Py_DECREF(v);
		action_text[slot] = s;
	}
	Py_INCREF(s);
	return s;
}

static PyObject *
actions_list(const struct qttt_action *a, size_t n)
{
	PyObject	*l, *s;
	size_t		 i;

	if ((l = PyList_New((Py_ssize_t)n)) == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		if ((s = action_str(&a[i])) == NULL) {
			Py_DECREF(l);
			return NULL;
		}
		PyList_SET_ITEM(l, (Py_ssize_t)i, s);
	}
	return l;
}

/* The text of a result, or None for a game not over. */
static PyObject *
result_str(const struct qttt_result *r)
{
	char	 buf[16];

	if (!r->over)
		Py_RETURN_NONE;
	qttt_result_format(r, buf, sizeof(buf));
	return PyUnicode_FromString(buf);
}

/* Raises IllegalActionError(msg) with .code set. */
static void
raise_coded(const char *msg, enum qttt_code c)
{
	PyObject	*e, *code;

	e = PyObject_CallFunction(IllegalActionError, "s", msg);
	if (e == NULL)
		return;
	code = PyUnicode_FromString(qttt_code_name(c));
	if (code == NULL || PyObject_SetAttrString(e, "code", code) == -1) {
		Py_XDECREF(code);
		Py_DECREF(e);
		return;
	}
	Py_DECREF(code);
	PyErr_SetObject(IllegalActionError, e);
	Py_DECREF(e);
}

/* Raises IllegalActionError(message) with .code set. */
static void
raise_illegal(const struct qttt_diag *d)
{
	raise_coded(d->msg, d->code);
}

/* A record for parsing one action: big, so one, used under the GIL. */
static struct qttt_record *parse_rec;

/* parse_rec, made the first time; NULL with MemoryError raised. */
static struct qttt_record *
parse_record(void)
{
	if (parse_rec == NULL &&
	    (parse_rec = PyMem_RawMalloc(sizeof(*parse_rec))) == NULL)
		PyErr_NoMemory();
	return parse_rec;
}

/*
 * Reads an action as the line notation spells an item ("X1 A1 b1",
 * "X1 1 2", "measure X1 -> a1", "X9 c3").  Returns 0, or -1 with
 * IllegalActionError raised.
 */
static int
action_parse(PyObject *text, struct qttt_action *a)
{
	struct qttt_diag d;
	PyObject	*v;
	const char	*s;
	Py_ssize_t	 len;

	if (!PyUnicode_Check(text)) {
		PyErr_Format(PyExc_TypeError, "an action is a str, not %.100s",
		    Py_TYPE(text)->tp_name);
		return -1;
	}
	if ((v = PyDict_GetItemWithError(action_of, text)) != NULL) {
		action_unpack(PyLong_AsLong(v), a);
		return 0;
	}
	if (PyErr_Occurred())
		return -1;
	if ((s = PyUnicode_AsUTF8AndSize(text, &len)) == NULL)
		return -1;
	memset(&d, 0, sizeof(d));
	if (parse_record() == NULL)
		return -1;
	qttt_line_parse(s, (size_t)len, 0, parse_rec);
	if (parse_rec->ndiags > 0) {
		d = parse_rec->diags[0];
	} else if (parse_rec->nitems != 1 ||
	    parse_rec->items[0].kind != QTTT_ITEM_ACTION) {
		d.code = QTTT_E_SYNTAX;
		snprintf(d.msg, sizeof(d.msg), "'%.100s' is not one action: "
		    "a placement, the forced move or a measurement", s);
	} else {
		*a = parse_rec->items[0].action;
		return 0;
	}
	raise_illegal(&d);
	return -1;
}

/* ------------------------------------------------------------------ */
/* Rule profiles                                                        */
/* ------------------------------------------------------------------ */

/* Reads a profile's name (None: Goff's rules).  Returns 0 or -1. */
static int
rules_parse(PyObject *name, unsigned int *rules)
{
	const char	*s;
	Py_ssize_t	 len;
	size_t		 bad;

	*rules = QTTT_RULES_GOFF;
	if (name == NULL || name == Py_None)
		return 0;
	if ((s = PyUnicode_AsUTF8AndSize(name, &len)) == NULL)
		return -1;
	if (qttt_rules_parse(s, (size_t)len, rules, &bad) == -1) {
		PyErr_Format(PyExc_ValueError, "'%s' is no rule profile: "
		    "its item at byte %zu is unknown (formats/rules.md)", s,
		    bad + 1);
		return -1;
	}
	return 0;
}

static PyObject *
rules_str(unsigned int rules)
{
	char	 buf[QTTT_RULES_NAME_MAX];

	qttt_rules_format(rules, buf, sizeof(buf));
	return PyUnicode_FromString(buf);
}

/* ------------------------------------------------------------------ */
/* State: a position and the actions that led to it                     */
/* ------------------------------------------------------------------ */

struct state_obj {
	PyObject_HEAD
	size_t			 nplies;
	struct qttt_action	 plies[QTTT_MAXPLIES];
	/* states[0] the start, states[nplies] the position. */
	struct qttt_state	 states[QTTT_MAXPLIES + 1];
};

#define STATE_NOW(o)	(&(o)->states[(o)->nplies])

static struct state_obj *
state_new_of(const struct qttt_state *st)
{
	struct state_obj *o;

	if ((o = PyObject_New(struct state_obj, &StateType)) == NULL)
		return NULL;
	o->nplies = 0;
	o->states[0] = *st;
	return o;
}

/* The empty board until __init__ says otherwise. */
static PyObject *
State_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
	struct state_obj *o;

	if ((o = (struct state_obj *)PyType_GenericNew(type, args, kw)) != NULL)
		qttt_state_init(&o->states[0]);
	return (PyObject *)o;
}

static int
State_init(struct state_obj *self, PyObject *args, PyObject *kw)
{
	static char	*kwlist[] = { "state_string", "rules", NULL };
	PyObject	*text = Py_None, *rname = NULL;
	struct qttt_state st;
	struct qttt_diag d;
	unsigned int	 rules;
	const char	*s;
	Py_ssize_t	 len;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "|OO:State", kwlist,
	    &text, &rname) || rules_parse(rname, &rules) == -1)
		return -1;
	qttt_state_init(&st);
	memset(&d, 0, sizeof(d));
	if (text != Py_None) {
		if ((s = PyUnicode_AsUTF8AndSize(text, &len)) == NULL)
			return -1;
		if (qttt_state_parse_rules(s, (size_t)len, rules, &st,
		    &d) != QTTT_OK) {
			PyErr_Format(PyExc_ValueError, "column %lu: %s [%s]",
			    d.col + 1, d.msg, qttt_code_name(d.code));
			return -1;
		}
	}
	st.rules = (unsigned char)rules;
	if (qttt_state_check(&st, &d) != QTTT_OK) {
		PyErr_Format(PyExc_ValueError, "%s [%s]", d.msg,
		    qttt_code_name(d.code));
		return -1;
	}
	self->nplies = 0;
	self->states[0] = st;
	return 0;
}

static PyObject *
State_legal_actions(struct state_obj *self, PyObject *unused)
{
	struct qttt_action a[QTTT_MAXACTIONS];
	size_t		 n;

	(void)unused;
	n = qttt_state_actions(STATE_NOW(self), a);
	return actions_list(a, n);
}

/*
 * Plays a, keeping it in canonical form as qttt_game_play() stores it;
 * returns 0, or -1 with IllegalActionError raised.
 */
static int
state_play(struct state_obj *self, const struct qttt_action *a)
{
	struct qttt_diag d;
	struct qttt_game g;
	enum qttt_code	 c;

	memset(&d, 0, sizeof(d));
	if (self->nplies == QTTT_MAXPLIES) {
		d.code = QTTT_E_OVER;
		snprintf(d.msg, sizeof(d.msg), "no action follows ply %d",
		    QTTT_MAXPLIES);
		raise_illegal(&d);
		return -1;
	}
	g.nplies = 0;
	g.state = *STATE_NOW(self);
	if ((c = qttt_game_play(&g, a, &d)) != QTTT_OK) {
		d.code = c;
		raise_illegal(&d);
		return -1;
	}
	self->plies[self->nplies] = g.plies[0];
	self->states[++self->nplies] = g.state;
	return 0;
}

static PyObject *
State_push(struct state_obj *self, PyObject *text)
{
	struct qttt_action a;

	if (action_parse(text, &a) == -1 || state_play(self, &a) == -1)
		return NULL;
	Py_RETURN_NONE;
}

static PyObject *
State_is_legal(struct state_obj *self, PyObject *text)
{
	struct qttt_action a, canon;

	if (action_parse(text, &a) == -1) {
		if (!PyErr_ExceptionMatches(IllegalActionError))
			return NULL;
		PyErr_Clear();
		Py_RETURN_FALSE;
	}
	/* As qttt_state_legal(), for a measurement naming any move. */
	return PyBool_FromLong(qttt_action_canonical(STATE_NOW(self), &a,
	    &canon, NULL) == QTTT_OK);
}

static PyObject *
State_pop(struct state_obj *self, PyObject *unused)
{
	(void)unused;
	if (self->nplies == 0) {
		PyErr_SetString(PyExc_IndexError,
		    "pop from a state with no action played");
		return NULL;
	}
	self->nplies--;
	return action_str(&self->plies[self->nplies]);
}

static PyObject *
State_copy(struct state_obj *self, PyObject *unused)
{
	struct state_obj *o;

	(void)unused;
	if ((o = PyObject_New(struct state_obj, &StateType)) == NULL)
		return NULL;
	o->nplies = self->nplies;
	memcpy(o->plies, self->plies, sizeof(o->plies));
	memcpy(o->states, self->states,
	    (self->nplies + 1) * sizeof(o->states[0]));
	return (PyObject *)o;
}

static PyObject *
State_is_over(struct state_obj *self, PyObject *unused)
{
	(void)unused;
	return PyBool_FromLong(STATE_NOW(self)->result.over);
}

static PyObject *
State_result(struct state_obj *self, PyObject *unused)
{
	(void)unused;
	return result_str(&STATE_NOW(self)->result);
}

static PyObject *
State_state_string(struct state_obj *self, PyObject *unused)
{
	char	 buf[QTTT_STATE_MAX];

	(void)unused;
	qttt_state_format(STATE_NOW(self), buf, sizeof(buf));
	return PyUnicode_FromString(buf);
}

static PyObject *
State_get_turn(struct state_obj *self, void *unused)
{
	(void)unused;
	return PyUnicode_FromFormat("%c",
	    QTTT_PLAYER_LETTER(qttt_state_turn(STATE_NOW(self))));
}

static PyObject *
State_get_rules(struct state_obj *self, void *unused)
{
	(void)unused;
	return rules_str(STATE_NOW(self)->rules);
}

static PyObject *
State_get_actions(struct state_obj *self, void *unused)
{
	(void)unused;
	return actions_list(self->plies, self->nplies);
}

static PyObject *
State_get_pending(struct state_obj *self, void *unused)
{
	const struct qttt_state *st = STATE_NOW(self);

	(void)unused;
	if (st->pending == 0)
		Py_RETURN_NONE;
	return PyUnicode_FromFormat("%c%d", QTTT_LETTER(st->pending),
	    st->pending);
}

static PyObject *
State_get_forced(struct state_obj *self, void *unused)
{
	(void)unused;
	return PyBool_FromLong(qttt_state_forced(STATE_NOW(self)));
}

static PyObject *
State_get_start(struct state_obj *self, void *unused)
{
	(void)unused;
	return (PyObject *)state_new_of(&self->states[0]);
}

/* The board: a list of 9, each "X3", or a list of spooky marks. */
static PyObject *
State_get_board(struct state_obj *self, void *unused)
{
	const struct qttt_state *st = STATE_NOW(self);
	PyObject	*l, *sq, *m;
	int		 i, k;

	(void)unused;
	if ((l = PyList_New(QTTT_NSQUARES)) == NULL)
		return NULL;
	for (i = 0; i < QTTT_NSQUARES; i++) {
		if (st->board[i] != 0) {
			sq = PyUnicode_FromFormat("%c%d",
			    QTTT_LETTER(st->board[i]), st->board[i]);
		} else if ((sq = PyList_New(0)) != NULL) {
			for (k = 1; k < st->next && k <= QTTT_MAXMOVES; k++) {
				if (st->where[k][0] == st->where[k][1] ||
				    (st->where[k][0] != i &&
				    st->where[k][1] != i))
					continue;
				m = PyUnicode_FromFormat("%c%d",
				    QTTT_LETTER(k), k);
				if (m == NULL || PyList_Append(sq, m) == -1) {
					Py_XDECREF(m);
					Py_CLEAR(sq);
					break;
				}
				Py_DECREF(m);
			}
		}
		if (sq == NULL) {
			Py_DECREF(l);
			return NULL;
		}
		PyList_SET_ITEM(l, i, sq);
	}
	return l;
}

/*
 * The position as 99 signed bytes, 11 rows of 9 squares (a1..c3): row
 * k (0..8) is move k + 1, 1 on each of its two squares while it is
 * spooky, 2 on its square once classical; row 9 the classical marks,
 * 1 for X's and -1 for O's; row 10 the player to act (1 X, -1 O), the
 * pending move (0 for none), the next move (10 when all are made),
 * whether the game is over, X's and O's scores in half points, then
 * zeros.  The learning environment's observation (qttt.env).
 */
#define TENSOR_ROWS	11
static PyObject *
State_tensor(struct state_obj *self, PyObject *unused)
{
	const struct qttt_state *st = STATE_NOW(self);
	signed char	 t[TENSOR_ROWS][QTTT_NSQUARES];
	int		 k;

	(void)unused;
	memset(t, 0, sizeof(t));
	for (k = 1; k <= QTTT_MAXMOVES; k++) {
		if (st->where[k][0] >= QTTT_NSQUARES)
			continue;
		if (st->where[k][0] == st->where[k][1])
			t[k - 1][st->where[k][0]] = 2;
		else
			t[k - 1][st->where[k][0]] = t[k - 1][st->where[k][1]] = 1;
	}
	for (k = 0; k < QTTT_NSQUARES; k++)
		if (st->board[k] != 0)
			t[9][k] = QTTT_MOVER(st->board[k]) == QTTT_X ? 1 : -1;
	t[10][0] = qttt_state_turn(st) == QTTT_X ? 1 : -1;
	t[10][1] = (signed char)st->pending;
	t[10][2] = (signed char)st->next;
	t[10][3] = (signed char)st->result.over;
	t[10][4] = (signed char)st->result.score[QTTT_X];
	t[10][5] = (signed char)st->result.score[QTTT_O];
	return PyBytes_FromStringAndSize((const char *)t, sizeof(t));
}

/* The scores of a game over, in points: (X's, O's), or None. */
static PyObject *
State_get_score(struct state_obj *self, void *unused)
{
	const struct qttt_state *st = STATE_NOW(self);

	(void)unused;
	if (!st->result.over)
		Py_RETURN_NONE;
	return Py_BuildValue("(dd)", st->result.score[QTTT_X] / 2.0,
	    st->result.score[QTTT_O] / 2.0);
}

static PyObject *
State_key(struct state_obj *self, PyObject *unused)
{
	(void)unused;
	return PyLong_FromUnsignedLongLong(qttt_state_key(STATE_NOW(self)));
}

static PyObject *
State_symkey(struct state_obj *self, PyObject *unused)
{
	(void)unused;
	return PyLong_FromUnsignedLongLong(qttt_state_symkey(STATE_NOW(self),
	    NULL));
}

/* Reads a symmetry: its number 0..7 or its name ("rotate-90"). */
static int
sym_parse(PyObject *v, enum qttt_sym *g)
{
	const char	*s;
	long		 n;
	int		 i;

	if (PyLong_Check(v)) {
		n = PyLong_AsLong(v);
		if (n >= 0 && n < QTTT_NSYMS) {
			*g = (enum qttt_sym)n;
			return 0;
		}
	} else if (PyUnicode_Check(v)) {
		if ((s = PyUnicode_AsUTF8(v)) == NULL)
			return -1;
		for (i = 0; i < QTTT_NSYMS; i++)
			if (strcmp(s, qttt_sym_name((enum qttt_sym)i)) == 0) {
				*g = (enum qttt_sym)i;
				return 0;
			}
	}
	if (!PyErr_Occurred())
		PyErr_SetString(PyExc_ValueError, "a symmetry is a number 0 "
		    "to 7 or a name of qttt.SYMMETRIES (formats/symmetry.md)");
	return -1;
}

static struct state_obj *
state_image(const struct state_obj *self, enum qttt_sym g)
{
	struct state_obj *o;
	size_t		 i;

	if ((o = PyObject_New(struct state_obj, &StateType)) == NULL)
		return NULL;
	o->nplies = self->nplies;
	for (i = 0; i < self->nplies; i++)
		qttt_sym_action(g, &self->plies[i], &o->plies[i]);
	for (i = 0; i <= self->nplies; i++)
		qttt_sym_state(g, &self->states[i], &o->states[i]);
	return o;
}

static PyObject *
State_transform(struct state_obj *self, PyObject *v)
{
	enum qttt_sym	 g;

	if (sym_parse(v, &g) == -1)
		return NULL;
	return (PyObject *)state_image(self, g);
}

static PyObject *
State_canonical_symmetry(struct state_obj *self, PyObject *unused)
{
	(void)unused;
	return PyUnicode_FromString(qttt_sym_name(
	    qttt_state_symcanon(STATE_NOW(self), NULL)));
}

static PyObject *
State_canonical(struct state_obj *self, PyObject *unused)
{
	(void)unused;
	return (PyObject *)state_image(self,
	    qttt_state_symcanon(STATE_NOW(self), NULL));
}

/* Text caught in memory from a writer of the library. */
struct memout {
	char	*buf;
	size_t	 len;
	FILE	*f;
};

static int
memout_open(struct memout *m)
{
	m->buf = NULL;
	m->len = 0;
	if ((m->f = open_memstream(&m->buf, &m->len)) == NULL) {
		PyErr_SetFromErrno(PyExc_OSError);
		return -1;
	}
	return 0;
}

/* The text written (status 0), or NULL with an error raised. */
static PyObject *
memout_close(struct memout *m, int status)
{
	PyObject	*s = NULL;

	if (fclose(m->f) != 0 && status == 0)
		status = -1;
	if (status == 0)
		s = PyUnicode_DecodeUTF8(m->buf, (Py_ssize_t)m->len,
		    "replace");
	else if (!PyErr_Occurred())
		PyErr_SetString(PyExc_OSError, "the library's writer failed");
	free(m->buf);
	return s;
}

static PyObject *
State_render(struct state_obj *self, PyObject *args, PyObject *kw)
{
	static char	*kwlist[] = { "svg", "unicode", "coords", "bare",
		"width", "dark", NULL };
	struct qttt_render_opts o;
	struct memout	 m;
	const char	*coords = "none";
	int		 svg = 0, unicode = 0, bare = 0, dark = 0, st;
	unsigned int	 width = 0;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "|ppspIp:render", kwlist,
	    &svg, &unicode, &coords, &bare, &width, &dark))
		return NULL;
	qttt_render_defaults(&o);
	if (strcmp(coords, "a1") == 0)
		o.coords = QTTT_COORDS_A1;
	else if (strcmp(coords, "goff") == 0)
		o.coords = QTTT_COORDS_GOFF;
	else if (strcmp(coords, "none") != 0) {
		PyErr_SetString(PyExc_ValueError,
		    "coords is 'none', 'a1' or 'goff'");
		return NULL;
	}
	o.unicode = unicode;
	o.bare = bare;
	o.width = width;
	if (dark)
		o.theme = QTTT_THEME_DARK;
	if (memout_open(&m) == -1)
		return NULL;
	st = (svg ? qttt_render_svg : qttt_render_text)(m.f, STATE_NOW(self),
	    self->plies, self->nplies, &o);
	return memout_close(&m, st);
}

static PyObject *
State_str(struct state_obj *self)
{
	PyObject	*args, *s;

	if ((args = PyTuple_New(0)) == NULL)
		return NULL;
	s = State_render(self, args, NULL);
	Py_DECREF(args);
	return s;
}

static PyObject *
State_repr_svg(struct state_obj *self, PyObject *unused)
{
	PyObject	*args, *kw, *s = NULL;

	(void)unused;
	args = PyTuple_New(0);
	kw = Py_BuildValue("{s:O}", "svg", Py_True);
	if (args != NULL && kw != NULL)
		s = State_render(self, args, kw);
	Py_XDECREF(args);
	Py_XDECREF(kw);
	return s;
}

static PyObject *
State_repr(struct state_obj *self)
{
	char	 buf[QTTT_STATE_MAX];

	qttt_state_format(STATE_NOW(self), buf, sizeof(buf));
	if (STATE_NOW(self)->rules != QTTT_RULES_GOFF) {
		char	 r[QTTT_RULES_NAME_MAX];

		qttt_rules_format(STATE_NOW(self)->rules, r, sizeof(r));
		return PyUnicode_FromFormat("qttt.State('%s', rules='%s')",
		    buf, r);
	}
	return PyUnicode_FromFormat("qttt.State('%s')", buf);
}

static PyObject *
State_richcompare(PyObject *a, PyObject *b, int op)
{
	int	 eq;

	if (!PyObject_TypeCheck(b, &StateType) || (op != Py_EQ &&
	    op != Py_NE))
		Py_RETURN_NOTIMPLEMENTED;
	eq = qttt_state_equal(STATE_NOW((struct state_obj *)a),
	    STATE_NOW((struct state_obj *)b));
	return PyBool_FromLong(op == Py_EQ ? eq : !eq);
}

/* Writes a game (canonical plies from the empty board) in a format. */
static int	 format_parse(PyObject *, enum qttt_format *, int);
static PyObject *game_write(const struct qttt_game *,
		    const struct qttt_extras *, enum qttt_format);

/*
 * The game a state holds: its actions from the empty board (returns
 * 1), or, for a state that starts elsewhere, none and the position
 * (returns 0).
 */
static int
state_game(const struct state_obj *self, struct qttt_game *g)
{
	struct qttt_state empty;

	qttt_state_init(&empty);
	empty.rules = self->states[0].rules;
	g->state = *STATE_NOW(self);
	if (!qttt_state_equal(&empty, &self->states[0])) {
		g->nplies = 0;
		return 0;
	}
	g->nplies = self->nplies;
	memcpy(g->plies, self->plies, self->nplies * sizeof(g->plies[0]));
	return 1;
}

static PyObject *
State_write(struct state_obj *self, PyObject *args, PyObject *kw)
{
	static char	*kwlist[] = { "format", NULL };
	struct qttt_game g;
	PyObject	*fmt = NULL;
	enum qttt_format f;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "|O:write", kwlist, &fmt) ||
	    format_parse(fmt, &f, 0) == -1)
		return NULL;
	if (!state_game(self, &g)) {
		PyErr_SetString(PyExc_ValueError, "a state that does not "
		    "start from the empty board has no record: write its "
		    "state_string()");
		return NULL;
	}
	return game_write(&g, NULL, f);
}

static PyMethodDef State_methods[] = {
	{ "legal_actions", (PyCFunction)State_legal_actions, METH_NOARGS,
	    "legal_actions() -> list[str]: every legal action, in the "
	    "library's order." },
	{ "push", (PyCFunction)State_push, METH_O,
	    "push(action): plays an action in any spelling of the line "
	    "notation; IllegalActionError if it is not legal." },
	{ "is_legal", (PyCFunction)State_is_legal, METH_O,
	    "is_legal(action) -> bool" },
	{ "pop", (PyCFunction)State_pop, METH_NOARGS,
	    "pop() -> str: takes the last action back and returns it." },
	{ "copy", (PyCFunction)State_copy, METH_NOARGS,
	    "copy() -> State" },
	{ "is_over", (PyCFunction)State_is_over, METH_NOARGS,
	    "is_over() -> bool" },
	{ "result", (PyCFunction)State_result, METH_NOARGS,
	    "result() -> str | None: '1-1/2', ..., None while not over." },
	{ "state_string", (PyCFunction)State_state_string, METH_NOARGS,
	    "state_string() -> str (formats/state-string.md)" },
	{ "tensor", (PyCFunction)State_tensor, METH_NOARGS,
	    "tensor() -> bytes: the position as 11 rows of 9 signed bytes "
	    "(formats/python.md)." },
	{ "key", (PyCFunction)State_key, METH_NOARGS,
	    "key() -> int: 64 bits that tell positions apart." },
	{ "symkey", (PyCFunction)State_symkey, METH_NOARGS,
	    "symkey() -> int: the key of the canonical form." },
	{ "transform", (PyCFunction)State_transform, METH_O,
	    "transform(symmetry) -> State: the image under a symmetry." },
	{ "canonical", (PyCFunction)State_canonical, METH_NOARGS,
	    "canonical() -> State: the image with the least key." },
	{ "canonical_symmetry", (PyCFunction)State_canonical_symmetry,
	    METH_NOARGS, "canonical_symmetry() -> str" },
	{ "render", (PyCFunction)(void (*)(void))State_render,
	    METH_VARARGS | METH_KEYWORDS,
	    "render(svg=False, unicode=False, coords='none', bare=False, "
	    "width=0, dark=False) -> str: as qttt-render draws it." },
	{ "_repr_svg_", (PyCFunction)State_repr_svg, METH_NOARGS,
	    "The SVG picture, for notebooks." },
	{ "write", (PyCFunction)(void (*)(void))State_write,
	    METH_VARARGS | METH_KEYWORDS,
	    "write(format='line') -> str: the game played as a record." },
	{ NULL, NULL, 0, NULL }
};

static PyGetSetDef State_getset[] = {
	{ "turn", (getter)State_get_turn, NULL,
	    "'X' or 'O': who acts next (moves or measures).", NULL },
	{ "rules", (getter)State_get_rules, NULL,
	    "The rule profile's name.", NULL },
	{ "actions", (getter)State_get_actions, NULL,
	    "The actions pushed since the start, canonical.", NULL },
	{ "pending", (getter)State_get_pending, NULL,
	    "The mark of the move whose cycle waits to be measured.", NULL },
	{ "forced", (getter)State_get_forced, NULL,
	    "Whether the forced last move is due.", NULL },
	{ "start", (getter)State_get_start, NULL,
	    "The position the actions start from.", NULL },
	{ "score", (getter)State_get_score, NULL,
	    "(X's score, O's score) in points once the game is over, else "
	    "None.", NULL },
	{ "board", (getter)State_get_board, NULL,
	    "The nine squares a1..c3: 'X3' or a list of spooky marks.",
	    NULL },
	{ NULL, NULL, NULL, NULL, NULL }
};

static PyTypeObject StateType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "qttt.State",
	.tp_basicsize = sizeof(struct state_obj),
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_doc = "State(state_string=None, rules='goff'): a position of "
	    "Quantum Tic-Tac-Toe and the actions played from its start.",
	.tp_new = State_new,
	.tp_init = (initproc)State_init,
	.tp_methods = State_methods,
	.tp_getset = State_getset,
	.tp_str = (reprfunc)State_str,
	.tp_repr = (reprfunc)State_repr,
	.tp_richcompare = State_richcompare,
	.tp_hash = PyObject_HashNotImplemented,
};

/* ------------------------------------------------------------------ */
/* Formats                                                              */
/* ------------------------------------------------------------------ */

static const struct {
	const char	*name;
	enum qttt_format format;
} formats[] = {
	{ "line", QTTT_FORMAT_LINE }, { "yaml", QTTT_FORMAT_YAML },
	{ "json", QTTT_FORMAT_JSON }, { "goff", QTTT_FORMAT_GOFF },
	{ "state", QTTT_FORMAT_STATE },
};
#define NFORMATS	(sizeof(formats) / sizeof(formats[0]))

/* None: auto (reading) or the line notation (writing). */
static int
format_parse(PyObject *v, enum qttt_format *f, int reading)
{
	const char	*s;
	size_t		 i;

	*f = reading ? QTTT_FORMAT_AUTO : QTTT_FORMAT_LINE;
	if (v == NULL || v == Py_None)
		return 0;
	if ((s = PyUnicode_AsUTF8(v)) == NULL)
		return -1;
	for (i = 0; i < NFORMATS; i++)
		if (strcmp(s, formats[i].name) == 0 &&
		    (reading || formats[i].format != QTTT_FORMAT_STATE)) {
			*f = formats[i].format;
			return 0;
		}
	PyErr_Format(PyExc_ValueError, "'%s' is no format %s: 'line', "
	    "'yaml', 'json', 'goff'%s", s, reading ? "to read" : "to write",
	    reading ? " or 'state'" : "");
	return -1;
}

static const char *
format_str(enum qttt_format f)
{
	size_t	 i;

	for (i = 0; i < NFORMATS; i++)
		if (formats[i].format == f)
			return formats[i].name;
	return "line";
}

static PyObject *
game_write(const struct qttt_game *g, const struct qttt_extras *ex,
    enum qttt_format f)
{
	struct qttt_diag d;
	struct memout	 m;
	int		 st;

	if (memout_open(&m) == -1)
		return NULL;
	memset(&d, 0, sizeof(d));
	st = qttt_record_write(m.f, f, g, ex, &d);
	if (st == -2)
		PyErr_Format(PyExc_ValueError, "%s [%s]", d.msg,
		    qttt_code_name(d.code));
	return memout_close(&m, st);
}

/* ------------------------------------------------------------------ */
/* Diagnostics                                                          */
/* ------------------------------------------------------------------ */

static PyStructSequence_Field Diagnostic_fields[] = {
	{ "code", "the stable code, e.g. 'square-classical'" },
	{ "severity", "'error', 'warning' or 'note'" },
	{ "line", "the line, from 1" },
	{ "column", "the column, from 1, in bytes" },
	{ "message", "the library's English" },
	{ NULL, NULL }
};

static PyStructSequence_Desc Diagnostic_desc = {
	"qttt.Diagnostic",
	"A diagnostic of a record: code, severity, line, column, message.",
	Diagnostic_fields, 5
};

static PyObject *
diag_new(const struct qttt_diag *d)
{
	static const char *const sev[] = { "error", "warning", "note" };
	PyObject	*o;

	if ((o = PyStructSequence_New(&DiagnosticType)) == NULL)
		return NULL;
	PyStructSequence_SET_ITEM(o, 0,
	    PyUnicode_FromString(qttt_code_name(d->code)));
	PyStructSequence_SET_ITEM(o, 1, PyUnicode_FromString(
	    sev[d->severity <= QTTT_NOTE ? d->severity : 0]));
	PyStructSequence_SET_ITEM(o, 2, PyLong_FromUnsignedLong(d->line + 1));
	PyStructSequence_SET_ITEM(o, 3, PyLong_FromUnsignedLong(d->col + 1));
	PyStructSequence_SET_ITEM(o, 4, PyUnicode_DecodeUTF8(d->msg,
	    (Py_ssize_t)strlen(d->msg), "replace"));
	if (PyErr_Occurred()) {
		Py_DECREF(o);
		return NULL;
	}
	return o;
}

/* ------------------------------------------------------------------ */
/* Record: a game as read, kept when the reader goes on                 */
/* ------------------------------------------------------------------ */

struct record_obj {
	PyObject_HEAD
	unsigned long		 index, line;
	enum qttt_format	 format;
	size_t			 errors;
	/* The game played, up to its first fault. */
	struct qttt_game	 game;
	int			 has_start;
	struct qttt_state	 start;
	/* The actions read, and the result stated. */
	unsigned char		 nactions;
	struct qttt_action	 actions[QTTT_MAXITEMS];
	int			 stated;
	struct qttt_result	 result;
	size_t			 ndiags, ndropped;
	struct qttt_diag	*diags;
	/*
	 * What the record holds besides its moves, or NULL: a tuple
	 * (meta, comment, plies, lead), meta a list of (key, value,
	 * plain), plies a list of (comment, notes) per ply, notes as
	 * meta.
	 */
	PyObject		*extras;
	/* The variations (struct tree), NULL if none; the last id given. */
	struct tree		*tree;
	unsigned long		 serial;
};

/*
 * A record's variations, kept when the reader goes on: struct
 * qttt_record's vars and varitems, their items' comments and notes
 * copied into the same block, and an id for each variation, which a
 * qttt.Variation names it by while the tree changes around it.
 */
struct tree {
	size_t			 nvars, nvaritems;
	struct qttt_variation	*vars;
	struct qttt_item	*varitems;
	unsigned long		*ids;
};

static int	 tree_store(struct record_obj *, const struct qttt_record *,
		    const unsigned long *);

static PyObject *
text_or_none(const char *s, size_t len)
{
	if (s == NULL)
		Py_RETURN_NONE;
	return PyUnicode_DecodeUTF8(s, (Py_ssize_t)len, "replace");
}

static PyObject *
meta_list(const struct qttt_meta *m, size_t n)
{
	PyObject	*l;
	size_t		 i;

	if ((l = PyList_New((Py_ssize_t)n)) == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		PyObject *t = Py_BuildValue("(s#s#O)", m[i].key,
		    (Py_ssize_t)m[i].keylen, m[i].value,
		    (Py_ssize_t)m[i].valuelen, m[i].plain ? Py_True : Py_False);

		if (t == NULL) {
			Py_DECREF(l);
			return NULL;
		}
		PyList_SET_ITEM(l, (Py_ssize_t)i, t);
	}
	return l;
}

/* The (comment, notes) of each ply of g, a list. */
static PyObject *
plies_of(const struct qttt_extras *ex, const struct qttt_game *g)
{
	PyObject	*plies, *t;
	size_t		 i;

	if ((plies = PyList_New((Py_ssize_t)g->nplies)) == NULL)
		return NULL;
	for (i = 0; i < g->nplies; i++) {
		t = Py_BuildValue("(NN)", text_or_none(ex->ply[i].comment,
		    ex->ply[i].commentlen), meta_list(ex->ply[i].notes,
		    ex->ply[i].nnotes));
		if (t == NULL) {
			Py_DECREF(plies);
			return NULL;
		}
		PyList_SET_ITEM(plies, (Py_ssize_t)i, t);
	}
	return plies;
}

static PyObject *
extras_of(const struct qttt_record *rec, const struct qttt_game *g)
{
	struct qttt_extras ex;

	qttt_extras_from_record(&ex, g, rec);
	return Py_BuildValue("(NNNN)", meta_list(ex.meta, ex.nmeta),
	    text_or_none(ex.comment, ex.commentlen), plies_of(&ex, g),
	    text_or_none(ex.lead, ex.leadlen));
}

/* The main line's actions as read, and its result stated. */
static void
record_main(struct record_obj *o, const struct qttt_record *rec)
{
	size_t	 i;

	o->nactions = 0;
	o->stated = 0;
	for (i = 0; i < rec->nitems; i++) {
		if (rec->items[i].kind == QTTT_ITEM_ACTION)
			o->actions[o->nactions++] = rec->items[i].action;
		else {
			o->stated = 1;
			o->result = rec->items[i].result;
		}
	}
}

static struct record_obj *
record_new(struct qttt_record *rec, const struct qttt_game *g,
    size_t errors)
{
	struct record_obj *o;
	size_t		 i;

	if ((o = PyObject_New(struct record_obj, &RecordType)) == NULL)
		return NULL;
	o->index = rec->index;
	o->line = rec->line + 1;
	o->format = qttt_record_format(rec);
	o->errors = errors;
	o->game = *g;
	o->has_start = rec->has_start;
	o->start = rec->start;
	record_main(o, rec);
	o->ndiags = rec->ndiags;
	o->ndropped = rec->ndropped;
	o->diags = NULL;
	o->extras = NULL;
	o->tree = NULL;
	o->serial = 0;
	if (rec->ndiags > 0 && (o->diags = PyMem_Malloc(rec->ndiags *
	    sizeof(*o->diags))) == NULL) {
		Py_DECREF(o);
		return (struct record_obj *)PyErr_NoMemory();
	}
	if (rec->ndiags > 0)
		memcpy(o->diags, rec->diags, rec->ndiags * sizeof(*o->diags));
	if ((qttt_record_extras(rec) || rec->lead != NULL) &&
	    (o->extras = extras_of(rec, g)) == NULL) {
		Py_DECREF(o);
		return NULL;
	}
	if (rec->nvars > 0) {
		unsigned long ids[QTTT_MAXVARS];

		for (i = 0; i < rec->nvars; i++)
			ids[i] = ++o->serial;
		if (tree_store(o, rec, ids) == -1) {
			Py_DECREF(o);
			return NULL;
		}
	}
	return o;
}

static void
Record_dealloc(struct record_obj *self)
{
	PyMem_Free(self->diags);
	PyMem_Free(self->tree);
	Py_XDECREF(self->extras);
	PyObject_Free(self);
}

static PyObject *
Record_get_actions(struct record_obj *self, void *unused)
{
	(void)unused;
	if (self->errors == 0)
		return actions_list(self->game.plies, self->game.nplies);
	return actions_list(self->actions, self->nactions);
}

static PyObject *
Record_get_result(struct record_obj *self, void *unused)
{
	(void)unused;
	if (self->stated)
		return result_str(&self->result);
	if (self->errors == 0)
		return result_str(&self->game.state.result);
	Py_RETURN_NONE;
}

static PyObject *
Record_get_valid(struct record_obj *self, void *unused)
{
	(void)unused;
	return PyBool_FromLong(self->errors == 0);
}

static PyObject *
Record_get_diagnostics(struct record_obj *self, void *unused)
{
	PyObject	*l, *d;
	size_t		 i;

	(void)unused;
	if ((l = PyList_New((Py_ssize_t)self->ndiags)) == NULL)
		return NULL;
	for (i = 0; i < self->ndiags; i++) {
		if ((d = diag_new(&self->diags[i])) == NULL) {
			Py_DECREF(l);
			return NULL;
		}
		PyList_SET_ITEM(l, (Py_ssize_t)i, d);
	}
	return l;
}

static PyObject *
Record_get_format(struct record_obj *self, void *unused)
{
	(void)unused;
	return PyUnicode_FromString(format_str(self->format));
}

static PyObject *
Record_get_rules(struct record_obj *self, void *unused)
{
	(void)unused;
	return rules_str(self->game.state.rules);
}

/* Item i of the extras tuple, or None. */
static PyObject *
extras_item(struct record_obj *self, Py_ssize_t i)
{
	PyObject	*v;

	v = self->extras == NULL ? Py_None : PyTuple_GET_ITEM(self->extras, i);
	Py_INCREF(v);
	return v;
}

/* A dict of the (key, value, plain) tuples of a list. */
static PyObject *
meta_dict(PyObject *list)
{
	PyObject	*d;
	Py_ssize_t	 i;

	if ((d = PyDict_New()) == NULL || list == NULL)
		return d;
	for (i = 0; i < PyList_GET_SIZE(list); i++) {
		PyObject *t = PyList_GET_ITEM(list, i);

		if (PyDict_SetItem(d, PyTuple_GET_ITEM(t, 0),
		    PyTuple_GET_ITEM(t, 1)) == -1) {
			Py_DECREF(d);
			return NULL;
		}
	}
	return d;
}

static PyObject *
Record_get_tags(struct record_obj *self, void *unused)
{
	(void)unused;
	return meta_dict(self->extras == NULL ? NULL :
	    PyTuple_GET_ITEM(self->extras, 0));
}

static PyObject *
Record_get_comment(struct record_obj *self, void *unused)
{
	(void)unused;
	return extras_item(self, 1);
}

static PyObject *
Record_get_lead(struct record_obj *self, void *unused)
{
	(void)unused;
	return extras_item(self, 3);
}

/* Per ply: its comment (part 0) or its notes as a dict (part 1). */
static PyObject *
ply_extras(struct record_obj *self, int part)
{
	PyObject	*l, *plies = NULL, *v;
	Py_ssize_t	 i;

	if ((l = PyList_New((Py_ssize_t)self->game.nplies)) == NULL)
		return NULL;
	if (self->extras != NULL)
		plies = PyTuple_GET_ITEM(self->extras, 2);
	for (i = 0; i < (Py_ssize_t)self->game.nplies; i++) {
		PyObject *t = plies == NULL ? NULL : PyList_GET_ITEM(plies, i);

		if (part == 0) {
			v = t == NULL ? Py_None : PyTuple_GET_ITEM(t, 0);
			Py_INCREF(v);
		} else
			v = meta_dict(t == NULL ? NULL : PyTuple_GET_ITEM(t, 1));
		if (v == NULL) {
			Py_DECREF(l);
			return NULL;
		}
		PyList_SET_ITEM(l, i, v);
	}
	return l;
}

static PyObject *
Record_get_comments(struct record_obj *self, void *unused)
{
	(void)unused;
	return ply_extras(self, 0);
}

static PyObject *
Record_get_notes(struct record_obj *self, void *unused)
{
	(void)unused;
	return ply_extras(self, 1);
}

/* A State of the first n plies of a game played from the empty board. */
static PyObject *
state_of_game(const struct qttt_game *g, size_t n)
{
	struct state_obj *o;
	size_t		 i;

	if ((o = PyObject_New(struct state_obj, &StateType)) == NULL)
		return NULL;
	o->nplies = n;
	memcpy(o->plies, g->plies, n * sizeof(o->plies[0]));
	for (i = 0; i <= n; i++)
		qttt_game_state_at(g, i, &o->states[i]);
	return (PyObject *)o;
}

static PyObject *
Record_state(struct record_obj *self, PyObject *unused)
{
	struct state_obj *o;

	(void)unused;
	if (self->format == QTTT_FORMAT_STATE && !self->has_start) {
		PyErr_Format(PyExc_ValueError, "line %lu holds no state: %s",
		    self->line, self->ndiags > 0 ? self->diags[0].msg : "");
		return NULL;
	}
	if (self->has_start) {
		if ((o = PyObject_New(struct state_obj, &StateType)) == NULL)
			return NULL;
		o->nplies = 0;
		o->states[0] = self->game.state;
		return (PyObject *)o;
	}
	return state_of_game(&self->game, self->game.nplies);
}

/* Points m at the (key, value, plain) tuples of l; 0 or -1. */
static int
meta_from_list(PyObject *l, struct qttt_meta *m, size_t max, size_t *n)
{
	Py_ssize_t	 i, len;

	*n = 0;
	for (i = 0; i < PyList_GET_SIZE(l) && *n < max; i++) {
		PyObject *t = PyList_GET_ITEM(l, i);

		memset(&m[*n], 0, sizeof(m[*n]));
		if ((m[*n].key = PyUnicode_AsUTF8AndSize(PyTuple_GET_ITEM(t,
		    0), &len)) == NULL)
			return -1;
		m[*n].keylen = (size_t)len;
		if ((m[*n].value = PyUnicode_AsUTF8AndSize(PyTuple_GET_ITEM(t,
		    1), &len)) == NULL)
			return -1;
		m[*n].valuelen = (size_t)len;
		m[*n].plain = PyTuple_GET_ITEM(t, 2) == Py_True;
		(*n)++;
	}
	return 0;
}

/* Points s at a str or None. */
static int
text_from(PyObject *v, const char **s, size_t *len)
{
	Py_ssize_t	 n;

	*s = NULL;
	*len = 0;
	if (v == Py_None)
		return 0;
	if ((*s = PyUnicode_AsUTF8AndSize(v, &n)) == NULL)
		return -1;
	*len = (size_t)n;
	return 0;
}

/*
 * The record's extras (a valid record's) as the library takes them,
 * pointing into meta and notes and at the extras' strings; its
 * variations too.  Returns 0 or -1.
 */
static int
record_extras(struct record_obj *self, struct qttt_extras *ex,
    struct qttt_meta *meta, struct qttt_meta *notes)
{
	PyObject	*plies;
	size_t		 i, used = 0, n;

	qttt_extras_init(ex);
	if (self->tree != NULL) {
		ex->nvars = self->tree->nvars;
		ex->vars = self->tree->vars;
		ex->varitems = self->tree->varitems;
	}
	if (self->extras == NULL)
		return 0;
	if (meta_from_list(PyTuple_GET_ITEM(self->extras, 0), meta,
	    QTTT_MAXMETA, &ex->nmeta) == -1 ||
	    text_from(PyTuple_GET_ITEM(self->extras, 1), &ex->comment,
	    &ex->commentlen) == -1 ||
	    text_from(PyTuple_GET_ITEM(self->extras, 3), &ex->lead,
	    &ex->leadlen) == -1)
		return -1;
	ex->meta = meta;
	plies = PyTuple_GET_ITEM(self->extras, 2);
	for (i = 0; i < self->game.nplies; i++) {
		PyObject *t = PyList_GET_ITEM(plies, (Py_ssize_t)i);

		if (text_from(PyTuple_GET_ITEM(t, 0), &ex->ply[i].comment,
		    &ex->ply[i].commentlen) == -1 ||
		    meta_from_list(PyTuple_GET_ITEM(t, 1), notes + used,
		    QTTT_MAXNOTES - used, &n) == -1)
			return -1;
		ex->ply[i].notes = notes + used;
		ex->ply[i].nnotes = n;
		used += n;
	}
	return 0;
}

/*
 * Raises ValueError for a record that is not a valid game, which is
 * not written or changed (what); 0 or -1.
 */
static int
record_game(struct record_obj *self, const char *what)
{
	if (self->errors == 0 && !self->has_start)
		return 0;
	if (self->errors > 0)
		PyErr_Format(PyExc_ValueError, "game %lu (line %lu) is not "
		    "valid: only a valid record is %s", self->index,
		    self->line, what);
	else
		PyErr_Format(PyExc_ValueError, "game %lu (line %lu) is a "
		    "position, not a game%s", self->index, self->line,
		    strcmp(what, "written") == 0 ?
		    ": write its state_string()" : " and has no variations");
	return -1;
}

static PyObject *
Record_write(struct record_obj *self, PyObject *args, PyObject *kw)
{
	static char	*kwlist[] = { "format", NULL };
	struct qttt_meta meta[QTTT_MAXMETA], notes[QTTT_MAXNOTES];
	struct qttt_extras ex;
	PyObject	*fmt = NULL;
	enum qttt_format f;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "|O:write", kwlist, &fmt) ||
	    format_parse(fmt, &f, 0) == -1 || record_game(self, "written") ||
	    record_extras(self, &ex, meta, notes) == -1)
		return NULL;
	return game_write(&self->game, &ex, f);
}

/*
 * The line notation of a valid record (its variations too), without
 * the newline at its end; else repr.
 */
static PyObject *
Record_str(struct record_obj *self)
{
	struct qttt_meta meta[QTTT_MAXMETA], notes[QTTT_MAXNOTES];
	struct qttt_extras ex;
	PyObject	*text;
	Py_ssize_t	 n;

	if (self->errors > 0 || self->has_start)
		return PyObject_Repr((PyObject *)self);
	if (record_extras(self, &ex, meta, notes) == -1 ||
	    (text = game_write(&self->game, &ex, QTTT_FORMAT_LINE)) == NULL)
		return NULL;
	n = PyUnicode_GET_LENGTH(text);
	if (n > 0 && PyUnicode_READ_CHAR(text, n - 1) == '\n')
		Py_SETREF(text, PyUnicode_Substring(text, 0, n - 1));
	return text;
}

/* ------------------------------------------------------------------ */
/* Variations: the record's tree, kept in struct tree                   */
/* ------------------------------------------------------------------ */

/* Copies n bytes to *to and moves it on; the copy, or NULL if none. */
static const char *
text_copy(char **to, const char *s, size_t n)
{
	char	*at = *to;

	if (s == NULL)
		return NULL;
	if (n > 0)
		memcpy(at, s, n);
	*to += n;
	return at;
}

/*
 * Keeps rec's variations in a block of the record's own, ids[] their
 * ids, their items' comments and notes copied (from the reader's
 * buffers or the block before, freed after).  Returns 0 or -1.
 */
static int
tree_store(struct record_obj *self, const struct qttt_record *rec,
    const unsigned long *ids)
{
	struct tree	*t;
	const struct qttt_item *ri;
	struct qttt_item *it;
	struct qttt_meta *notes;
	char		*text;
	size_t		 i, j, nnotes = 0, ntext = 0;

	if (rec->nvars == 0) {
		PyMem_Free(self->tree);
		self->tree = NULL;
		return 0;
	}
	for (i = 0; i < rec->nvaritems; i++) {
		ri = &rec->varitems[i];
		ntext += ri->comment != NULL ? ri->commentlen : 0;
		nnotes += ri->nnotes;
		for (j = 0; j < ri->nnotes; j++)
			ntext += ri->notes[j].keylen + ri->notes[j].valuelen;
	}
	if ((t = PyMem_Malloc(sizeof(*t) + rec->nvars *
	    (sizeof(t->vars[0]) + sizeof(t->ids[0])) + rec->nvaritems *
	    sizeof(t->varitems[0]) + nnotes * sizeof(*notes) + ntext)) ==
	    NULL) {
		PyErr_NoMemory();
		return -1;
	}
	t->nvars = rec->nvars;
	t->nvaritems = rec->nvaritems;
	t->vars = (struct qttt_variation *)(t + 1);
	t->varitems = (struct qttt_item *)(t->vars + t->nvars);
	notes = (struct qttt_meta *)(t->varitems + t->nvaritems);
	t->ids = (unsigned long *)(notes + nnotes);
	text = (char *)(t->ids + t->nvars);
	memcpy(t->vars, rec->vars, t->nvars * sizeof(t->vars[0]));
	memcpy(t->ids, ids, t->nvars * sizeof(t->ids[0]));
	memcpy(t->varitems, rec->varitems,
	    t->nvaritems * sizeof(t->varitems[0]));
	for (i = 0; i < t->nvaritems; i++) {
		it = &t->varitems[i];
		it->comment = text_copy(&text, it->comment, it->commentlen);
		for (j = 0; j < it->nnotes; j++) {
			notes[j] = it->notes[j];
			notes[j].key = text_copy(&text, notes[j].key,
			    notes[j].keylen);
			notes[j].value = text_copy(&text, notes[j].value,
			    notes[j].valuelen);
		}
		it->notes = it->nnotes > 0 ? notes : NULL;
		notes += it->nnotes;
	}
	PyMem_Free(self->tree);
	self->tree = t;
	return 0;
}

/*
 * The record as the library takes it, for walking and changing its
 * tree: one, used under the GIL, with what it points at (the game's
 * metadata, the notes of its main line, the items of a variation
 * being added, the variations' ids).
 */
struct scratch {
	struct qttt_record	 rec;
	struct qttt_meta	 meta[QTTT_MAXMETA], notes[QTTT_MAXNOTES];
	struct qttt_item	 items[QTTT_MAXVARITEMS];
	unsigned long		 ids[QTTT_MAXVARS];
	struct qttt_game	 game;
};
static struct scratch *scratch;

/* scratch, made the first time; NULL with MemoryError raised. */
static struct scratch *
scratch_get(void)
{
	if (scratch == NULL &&
	    (scratch = PyMem_RawMalloc(sizeof(*scratch))) == NULL)
		PyErr_NoMemory();
	return scratch;
}

/*
 * Loads the record into the scratch record: its main line as read,
 * with the comments and notes of a valid one's plies and its metadata
 * (a termination tag judges its result) when meta is set, and its
 * variations.  NULL with an exception raised if memory is short.
 */
static struct qttt_record *
scratch_load(struct record_obj *self, int meta)
{
	struct qttt_extras ex;
	struct qttt_record *rec;
	struct qttt_item *it;
	size_t		 i;

	if (scratch_get() == NULL)
		return NULL;
	rec = &scratch->rec;
	qttt_record_clear(rec);
	rec->index = self->index;
	rec->line = self->line - 1;
	rec->format = self->format;
	rec->rules = self->game.state.rules;
	rec->has_start = self->has_start;
	rec->start = self->start;
	qttt_extras_init(&ex);
	if (meta && record_extras(self, &ex, scratch->meta,
	    scratch->notes) == -1)
		return NULL;
	rec->meta = ex.meta;
	rec->nmeta = ex.nmeta;
	for (i = 0; i < self->nactions; i++) {
		it = &rec->items[i];
		memset(it, 0, sizeof(*it));
		it->kind = QTTT_ITEM_ACTION;
		it->action = self->actions[i];
		if (meta) {
			it->comment = ex.ply[i].comment;
			it->commentlen = ex.ply[i].commentlen;
			it->nnotes = ex.ply[i].nnotes;
			it->notes = ex.ply[i].notes;
		}
	}
	rec->nitems = self->nactions;
	if (self->stated) {
		it = &rec->items[rec->nitems++];
		memset(it, 0, sizeof(*it));
		it->kind = QTTT_ITEM_RESULT;
		it->result = self->result;
	}
	if (self->tree != NULL) {
		rec->nvars = self->tree->nvars;
		rec->nvaritems = self->tree->nvaritems;
		memcpy(rec->vars, self->tree->vars,
		    rec->nvars * sizeof(rec->vars[0]));
		memcpy(rec->varitems, self->tree->varitems,
		    rec->nvaritems * sizeof(rec->varitems[0]));
		memcpy(scratch->ids, self->tree->ids,
		    rec->nvars * sizeof(scratch->ids[0]));
	}
	return rec;
}

/* The scratch record of a valid record about to change, or NULL. */
static struct qttt_record *
change_begin(struct record_obj *self)
{
	if (record_game(self, "changed") == -1)
		return NULL;
	return scratch_load(self, 1);
}

/*
 * Judges the scratch record as changed and keeps it, with ids[] the
 * ids of its variations: 0, or -1 with the record unchanged and
 * IllegalActionError raised, the first error of the rules, if the
 * change makes it invalid.
 */
static int
change_end(struct record_obj *self, struct qttt_record *rec,
    const unsigned long *ids)
{
	struct qttt_extras ex;
	PyObject	*plies, *extras;
	size_t		 i;

	if (qttt_record_play(rec, &scratch->game) > 0) {
		for (i = 0; i < rec->ndiags; i++)
			if (rec->diags[i].severity == QTTT_ERROR)
				break;
		raise_illegal(&rec->diags[i < rec->ndiags ? i : 0]);
		return -1;
	}
	qttt_extras_from_record(&ex, &scratch->game, rec);
	if ((plies = plies_of(&ex, &scratch->game)) == NULL)
		return -1;
	if (self->extras != NULL)
		extras = Py_BuildValue("(OONO)",
		    PyTuple_GET_ITEM(self->extras, 0),
		    PyTuple_GET_ITEM(self->extras, 1), plies,
		    PyTuple_GET_ITEM(self->extras, 3));
	else
		extras = Py_BuildValue("(NONO)", PyList_New(0), Py_None,
		    plies, Py_None);
	if (extras == NULL)
		return -1;
	if (tree_store(self, rec, ids) == -1) {
		Py_DECREF(extras);
		return -1;
	}
	Py_XSETREF(self->extras, extras);
	self->game = scratch->game;
	record_main(self, rec);
	return 0;
}

struct variation_obj {
	PyObject_HEAD
	struct record_obj	*record;
	unsigned long		 id;
};

static PyObject *
variation_new(struct record_obj *record, unsigned long id)
{
	struct variation_obj *o;

	if ((o = PyObject_New(struct variation_obj, &VariationType)) == NULL)
		return NULL;
	Py_INCREF(record);
	o->record = record;
	o->id = id;
	return (PyObject *)o;
}

/* The index of the variation of id in a tree, or QTTT_MAINLINE. */
static size_t
tree_find(const struct tree *t, unsigned long id)
{
	size_t	 v;

	for (v = 0; t != NULL && v < t->nvars; v++)
		if (t->ids[v] == id)
			return v;
	return QTTT_MAINLINE;
}

/*
 * The index of a variation in its record's tree now: 0, or -1 with
 * ValueError raised if it has left the tree.
 */
static int
variation_index(struct variation_obj *self, size_t *v)
{
	if ((*v = tree_find(self->record->tree, self->id)) !=
	    QTTT_MAINLINE)
		return 0;
	PyErr_SetString(PyExc_ValueError, "the variation is no longer in "
	    "its record: it was removed (or inside one removed), or "
	    "promoted");
	return -1;
}

/* The record loaded for reading, and the variation's index in it. */
static struct qttt_record *
variation_load(struct variation_obj *self, size_t *v)
{
	if (variation_index(self, v) == -1)
		return NULL;
	return scratch_load(self->record, 0);
}

static void
Variation_dealloc(struct variation_obj *self)
{
	Py_DECREF(self->record);
	PyObject_Free(self);
}

/* The variations of the tree whose parent is line p (all: any). */
static PyObject *
variations_of(struct record_obj *record, size_t p, int any)
{
	const struct tree *t = record->tree;
	PyObject	*l, *o;
	size_t		 i;

	if ((l = PyList_New(0)) == NULL)
		return NULL;
	for (i = 0; t != NULL && i < t->nvars; i++) {
		if (!any && t->vars[i].parent != p)
			continue;
		if ((o = variation_new(record, t->ids[i])) == NULL ||
		    PyList_Append(l, o) == -1) {
			Py_XDECREF(o);
			Py_DECREF(l);
			return NULL;
		}
		Py_DECREF(o);
	}
	return l;
}

static PyObject *
Record_get_variations(struct record_obj *self, void *unused)
{
	(void)unused;
	return variations_of(self, QTTT_MAINLINE, 1);
}

/*
 * The items of a variation to add: a str of the line notation (items
 * with their glyphs, comments and tags) or an iterable of actions,
 * into scratch->items.  Their number, or -1 with an exception raised.
 */
static Py_ssize_t
items_parse(PyObject *actions)
{
	const struct qttt_diag *d;
	char		 msg[sizeof(d->msg) + 32];
	PyObject	*seq;
	const char	*s;
	Py_ssize_t	 i, n, len;

	if (scratch_get() == NULL)
		return -1;
	if (PyUnicode_Check(actions)) {
		if ((s = PyUnicode_AsUTF8AndSize(actions, &len)) == NULL ||
		    parse_record() == NULL)
			return -1;
		qttt_line_parse(s, (size_t)len, 0, parse_rec);
		if (parse_rec->ndiags > 0) {
			d = &parse_rec->diags[0];
			snprintf(msg, sizeof(msg), "column %lu: %s",
			    d->col + 1, d->msg);
			raise_coded(msg, d->code);
			return -1;
		}
		n = (Py_ssize_t)parse_rec->nitems;
		if (parse_rec->nvars > 0) {
			PyErr_SetString(PyExc_ValueError, "a variation is "
			    "added alone: add the ones inside it to it once "
			    "it is there");
			return -1;
		}
		if (n > QTTT_MAXVARITEMS)
			goto toomany;
		memcpy(scratch->items, parse_rec->items,
		    (size_t)n * sizeof(scratch->items[0]));
	} else {
		if ((seq = PySequence_Fast(actions, "a variation's actions "
		    "are a str of the line notation or an iterable of "
		    "str")) == NULL)
			return -1;
		n = PySequence_Fast_GET_SIZE(seq);
		for (i = 0; i < n && i < QTTT_MAXVARITEMS; i++) {
			memset(&scratch->items[i], 0,
			    sizeof(scratch->items[i]));
			scratch->items[i].kind = QTTT_ITEM_ACTION;
			if (action_parse(PySequence_Fast_GET_ITEM(seq, i),
			    &scratch->items[i].action) == -1) {
				Py_DECREF(seq);
				return -1;
			}
		}
		Py_DECREF(seq);
		if (n > QTTT_MAXVARITEMS)
			goto toomany;
	}
	for (i = 0; i < n; i++)
		if (scratch->items[i].kind != QTTT_ITEM_ACTION) {
			PyErr_SetString(PyExc_ValueError, "a variation holds "
			    "actions and no result: the game's result is the "
			    "main line's [result-not-last]");
			return -1;
		}
	if (n == 0)
		PyErr_SetString(PyExc_ValueError, "a variation holds one "
		    "action or more");
	return n > 0 ? n : -1;
toomany:
	PyErr_Format(PyExc_ValueError, "a record's variations hold at most "
	    "%d items in all (QTTT_MAXVARITEMS) [too-many-items]",
	    QTTT_MAXVARITEMS);
	return -1;
}

/*
 * Adds a variation of n items (scratch->items) at item at of line
 * parent of a record; the new Variation, or NULL with an exception
 * raised and the record unchanged.
 */
static PyObject *
variation_add(struct record_obj *self, size_t parent, Py_ssize_t at,
    size_t n)
{
	struct qttt_record *rec;
	const struct qttt_item *line;
	size_t		 nline, k;
	unsigned long	 id = self->serial + 1;

	if ((rec = change_begin(self)) == NULL)
		return NULL;
	line = qttt_record_line(rec, parent, &nline);
	if (at < 0 || (size_t)at >= nline ||
	    line[at].kind != QTTT_ITEM_ACTION) {
		PyErr_Format(PyExc_IndexError, "at %zd: a variation replaces "
		    "an action of its line, 0 to %zu", at,
		    nline - (nline > 0 && line[nline - 1].kind !=
		    QTTT_ITEM_ACTION) - 1);
		return NULL;
	}
	if (qttt_record_var_add(rec, parent, (size_t)at, scratch->items, n,
	    &k) == -1) {
		if (rec->nvars == QTTT_MAXVARS)
			PyErr_Format(PyExc_ValueError, "a record holds at "
			    "most %d variations (QTTT_MAXVARS) "
			    "[too-many-items]", QTTT_MAXVARS);
		else if (n > QTTT_MAXVARITEMS - rec->nvaritems)
			PyErr_Format(PyExc_ValueError, "a record's "
			    "variations hold at most %d items in all "
			    "(QTTT_MAXVARITEMS) [too-many-items]",
			    QTTT_MAXVARITEMS);
		else
			PyErr_Format(PyExc_ValueError, "variations nest at "
			    "most %d deep (QTTT_MAXVARDEPTH) "
			    "[too-many-items]", QTTT_MAXVARDEPTH);
		return NULL;
	}
	memmove(scratch->ids + k + 1, scratch->ids + k,
	    (rec->nvars - 1 - k) * sizeof(scratch->ids[0]));
	scratch->ids[k] = id;
	if (change_end(self, rec, scratch->ids) == -1)
		return NULL;
	self->serial = id;
	return variation_new(self, id);
}

static PyObject *
Record_add_variation(struct record_obj *self, PyObject *args, PyObject *kw)
{
	static char	*kwlist[] = { "parent", "at", "actions", NULL };
	PyObject	*parent, *actions;
	Py_ssize_t	 at, n;
	size_t		 p = QTTT_MAINLINE;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "OnO:add_variation",
	    kwlist, &parent, &at, &actions))
		return NULL;
	if (parent != Py_None && (!PyObject_TypeCheck(parent,
	    &VariationType) ||
	    ((struct variation_obj *)parent)->record != self)) {
		PyErr_SetString(PyExc_TypeError, "parent is None (the main "
		    "line) or a Variation of this record");
		return NULL;
	}
	/* The parent's index once the actions' iterator has run. */
	if (record_game(self, "changed") == -1 ||
	    (n = items_parse(actions)) == -1 || (parent != Py_None &&
	    variation_index((struct variation_obj *)parent, &p) == -1))
		return NULL;
	return variation_add(self, p, at, (size_t)n);
}

static PyObject *
Variation_add_variation(struct variation_obj *self, PyObject *args,
    PyObject *kw)
{
	static char	*kwlist[] = { "at", "actions", NULL };
	PyObject	*actions;
	Py_ssize_t	 at, n;
	size_t		 v;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "nO:add_variation",
	    kwlist, &at, &actions) ||
	    record_game(self->record, "changed") == -1 ||
	    (n = items_parse(actions)) == -1 || variation_index(self, &v) == -1)
		return NULL;
	return variation_add(self->record, v, at, (size_t)n);
}

static PyObject *
Variation_remove(struct variation_obj *self, PyObject *unused)
{
	struct qttt_record *rec;
	size_t		 v, was;

	(void)unused;
	if (variation_index(self, &v) == -1 ||
	    (rec = change_begin(self->record)) == NULL)
		return NULL;
	was = rec->nvars;
	qttt_record_var_remove(rec, v);
	memmove(scratch->ids + v, scratch->ids + v + (was - rec->nvars),
	    (rec->nvars - v) * sizeof(scratch->ids[0]));
	if (change_end(self->record, rec, scratch->ids) == -1)
		return NULL;
	Py_RETURN_NONE;
}

static PyObject *
Variation_promote(struct variation_obj *self, PyObject *unused)
{
	struct record_obj *record = self->record;
	const struct tree *t = record->tree;
	struct qttt_record *rec;
	size_t		 v, old, i, j;

	(void)unused;
	if (variation_index(self, &v) == -1 ||
	    (rec = change_begin(record)) == NULL)
		return NULL;
	/*
	 * Each variation's line carries its id through the promotion (the
	 * library moves a variation's '(' with it); the place is put back
	 * after.  The line's former continuation is new, and carries v's.
	 */
	for (i = 0; i < rec->nvars; i++)
		rec->vars[i].line = scratch->ids[i];
	if (qttt_record_var_promote(rec, v, &old) == -1) {
		PyErr_Format(PyExc_ValueError, "the variation does not fit "
		    "where it would go: a main line holds at most %d items "
		    "(QTTT_MAXITEMS), variations nest at most %d deep "
		    "(QTTT_MAXVARDEPTH) [too-many-items]", QTTT_MAXITEMS,
		    QTTT_MAXVARDEPTH);
		return NULL;
	}
	for (i = 0; i < rec->nvars; i++) {
		if ((j = tree_find(t, rec->vars[i].line)) == QTTT_MAINLINE) {
			PyErr_SetString(PyExc_RuntimeError, "a promotion "
			    "lost the place of a variation");
			return NULL;
		}
		rec->vars[i].line = t->vars[j].line;
		rec->vars[i].col = t->vars[j].col;
		scratch->ids[i] = i == old ? record->serial + 1 :
		    t->ids[j];
	}
	if (change_end(record, rec, scratch->ids) == -1)
		return NULL;
	return variation_new(record, ++record->serial);
}

static PyObject *
Variation_get_record(struct variation_obj *self, void *unused)
{
	(void)unused;
	Py_INCREF(self->record);
	return (PyObject *)self->record;
}

static PyObject *
Variation_get_parent(struct variation_obj *self, void *unused)
{
	const struct tree *t = self->record->tree;
	size_t		 v;

	(void)unused;
	if (variation_index(self, &v) == -1)
		return NULL;
	if (t->vars[v].parent == QTTT_MAINLINE)
		Py_RETURN_NONE;
	return variation_new(self->record, t->ids[t->vars[v].parent]);
}

static PyObject *
Variation_get_at(struct variation_obj *self, void *unused)
{
	size_t		 v;

	(void)unused;
	if (variation_index(self, &v) == -1)
		return NULL;
	return PyLong_FromSize_t(self->record->tree->vars[v].at);
}

/*
 * The plies before the first item of line v (QTTT_MAINLINE or a
 * variation of vars): those before each item it and the lines it is
 * inside replace.
 */
static size_t
line_start(const struct qttt_variation *vars, size_t v)
{
	size_t	 plies = 0;

	for (; v != QTTT_MAINLINE; v = vars[v].parent)
		plies += vars[v].at;
	return plies;
}

static PyObject *
Variation_get_ply(struct variation_obj *self, void *unused)
{
	size_t		 v;

	(void)unused;
	if (variation_index(self, &v) == -1)
		return NULL;
	return PyLong_FromSize_t(line_start(self->record->tree->vars, v) + 1);
}

static PyObject *
Variation_get_depth(struct variation_obj *self, void *unused)
{
	const struct qttt_record *rec;
	size_t		 v;

	(void)unused;
	if ((rec = variation_load(self, &v)) == NULL)
		return NULL;
	return PyLong_FromSize_t(qttt_record_var_depth(rec, v));
}

/*
 * Its actions: as played, canonical, where its line is legal; else as
 * read.
 */
static PyObject *
Variation_get_actions(struct variation_obj *self, void *unused)
{
	const struct qttt_record *rec;
	const struct qttt_item *items;
	struct qttt_action a[QTTT_MAXVARITEMS];
	size_t		 v, n, i;

	(void)unused;
	if ((rec = variation_load(self, &v)) == NULL)
		return NULL;
	items = qttt_record_line(rec, v, &n);
	if (qttt_record_var_game(rec, v, &scratch->game) == 0)
		return actions_list(scratch->game.plies +
		    scratch->game.nplies - n, n);
	for (i = 0; i < n; i++)
		a[i] = items[i].action;
	return actions_list(a, n);
}

/* A dict of n notes. */
static PyObject *
notes_dict(const struct qttt_meta *m, size_t n)
{
	PyObject	*l, *d;

	if ((l = meta_list(m, n)) == NULL)
		return NULL;
	d = meta_dict(l);
	Py_DECREF(l);
	return d;
}

/*
 * Per item: its comment (closure NULL: comments) or its notes as a
 * dict (else: notes).
 */
static PyObject *
Variation_get_item_extras(struct variation_obj *self, void *closure)
{
	const struct qttt_item *items;
	PyObject	*l, *c;
	size_t		 v, n, i;
	int		 part = closure != NULL;

	if (variation_index(self, &v) == -1)
		return NULL;
	items = self->record->tree->varitems +
	    self->record->tree->vars[v].first;
	n = self->record->tree->vars[v].nitems;
	if ((l = PyList_New((Py_ssize_t)n)) == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		c = part == 0 ? text_or_none(items[i].comment,
		    items[i].commentlen) : notes_dict(items[i].notes,
		    items[i].nnotes);
		if (c == NULL) {
			Py_DECREF(l);
			return NULL;
		}
		PyList_SET_ITEM(l, (Py_ssize_t)i, c);
	}
	return l;
}

static PyObject *
Variation_get_variations(struct variation_obj *self, void *unused)
{
	size_t		 v;

	(void)unused;
	if (variation_index(self, &v) == -1)
		return NULL;
	return variations_of(self->record, v, 0);
}

/* The position after its last item, with the actions that lead there. */
static PyObject *
Variation_state(struct variation_obj *self, PyObject *unused)
{
	const struct qttt_record *rec;
	size_t		 v;

	(void)unused;
	if ((rec = variation_load(self, &v)) == NULL)
		return NULL;
	qttt_record_var_game(rec, v, &scratch->game);
	return state_of_game(&scratch->game, scratch->game.nplies);
}

/* The path of the position after its last action. */
static PyObject *
Variation_get_path(struct variation_obj *self, void *unused)
{
	const struct qttt_record *rec;
	char		 buf[QTTT_PATH_MAX];
	size_t		 v;

	(void)unused;
	if ((rec = variation_load(self, &v)) == NULL)
		return NULL;
	if (qttt_record_path_name(rec, v, rec->vars[v].nitems, buf,
	    sizeof(buf)) == -1) {
		PyErr_SetString(PyExc_RuntimeError, "the variation has no "
		    "path (a longer one than the library writes)");
		return NULL;
	}
	return PyUnicode_FromString(buf);
}

/*
 * The position a path names (formats/line-notation.md, "Paths"), with
 * the actions that lead there: on the main line or in a variation.
 */
static PyObject *
Record_position(struct record_obj *self, PyObject *path)
{
	struct qttt_record *rec;
	struct qttt_diag d;
	const char	*s;
	Py_ssize_t	 len;
	size_t		 v, n, ply;

	if (!PyUnicode_Check(path)) {
		PyErr_Format(PyExc_TypeError, "a path is a str ('5', "
		    "'5.1.2'), not %.100s", Py_TYPE(path)->tp_name);
		return NULL;
	}
	if ((s = PyUnicode_AsUTF8AndSize(path, &len)) == NULL ||
	    (rec = scratch_load(self, 0)) == NULL)
		return NULL;
	memset(&d, 0, sizeof(d));
	if (qttt_record_path(rec, s, (size_t)len, &v, &n, &d) == -1) {
		PyErr_Format(PyExc_ValueError, "%s [%s]", d.msg,
		    qttt_code_name(d.code));
		return NULL;
	}
	if (self->format == QTTT_FORMAT_STATE)
		return Record_state(self, NULL);
	ply = line_start(rec->vars, v) + n;
	qttt_record_var_game(rec, v, &scratch->game);
	if (ply > scratch->game.nplies) {
		PyErr_Format(PyExc_ValueError, "path %s: the line is illegal "
		    "before that position (the record's diagnostics say "
		    "where)", s);
		return NULL;
	}
	return state_of_game(&scratch->game, ply);
}

static PyObject *
Variation_repr(struct variation_obj *self)
{
	PyObject	*actions, *text, *sep, *ply, *r;
	size_t		 v;

	if (variation_index(self, &v) == -1) {
		PyErr_Clear();
		return PyUnicode_FromFormat("<qttt.Variation of game %lu, "
		    "no longer in it>", self->record->index);
	}
	if ((actions = Variation_get_actions(self, NULL)) == NULL)
		return NULL;
	if ((sep = PyUnicode_FromString("; ")) == NULL) {
		Py_DECREF(actions);
		return NULL;
	}
	text = PyUnicode_Join(sep, actions);
	Py_DECREF(sep);
	Py_DECREF(actions);
	if (text == NULL)
		return NULL;
	if ((ply = Variation_get_ply(self, NULL)) == NULL) {
		Py_DECREF(text);
		return NULL;
	}
	r = PyUnicode_FromFormat("<qttt.Variation of game %lu at ply %S: "
	    "%U>", self->record->index, ply, text);
	Py_DECREF(ply);
	Py_DECREF(text);
	return r;
}

/* Two Variations are equal when they stand for one of one record. */
static PyObject *
Variation_richcompare(PyObject *a, PyObject *b, int op)
{
	int	 eq;

	if (!PyObject_TypeCheck(b, &VariationType) ||
	    (op != Py_EQ && op != Py_NE))
		Py_RETURN_NOTIMPLEMENTED;
	eq = ((struct variation_obj *)a)->record ==
	    ((struct variation_obj *)b)->record &&
	    ((struct variation_obj *)a)->id ==
	    ((struct variation_obj *)b)->id;
	return PyBool_FromLong(op == Py_EQ ? eq : !eq);
}

static Py_hash_t
Variation_hash(struct variation_obj *self)
{
	Py_hash_t	 h;

	h = (Py_hash_t)((size_t)self->record >> 4 ^ self->id * 1000003UL);
	return h == -1 ? -2 : h;
}

static PyMethodDef Variation_methods[] = {
	{ "state", (PyCFunction)Variation_state, METH_NOARGS,
	    "state() -> State: the position after its last action, with "
	    "every action from the start (up to a fault of an invalid "
	    "record)." },
	{ "add_variation", (PyCFunction)(void (*)(void))
	    Variation_add_variation, METH_VARARGS | METH_KEYWORDS,
	    "add_variation(at, actions) -> Variation: "
	    "record.add_variation(self, at, actions)." },
	{ "remove", (PyCFunction)Variation_remove, METH_NOARGS,
	    "remove(): takes it and the variations inside it out of the "
	    "record." },
	{ "promote", (PyCFunction)Variation_promote, METH_NOARGS,
	    "promote() -> Variation: makes it its parent line's "
	    "continuation; returns the variation that now holds what the "
	    "line had from there." },
	{ NULL, NULL, 0, NULL }
};

static PyGetSetDef Variation_getset[] = {
	{ "record", (getter)Variation_get_record, NULL,
	    "The Record it belongs to.", NULL },
	{ "parent", (getter)Variation_get_parent, NULL,
	    "The Variation it branches from, None for the main line.",
	    NULL },
	{ "at", (getter)Variation_get_at, NULL,
	    "The index in the parent line's actions of the action it "
	    "replaces.", NULL },
	{ "ply", (getter)Variation_get_ply, NULL,
	    "The ply of the game its first action plays, from 1.", NULL },
	{ "depth", (getter)Variation_get_depth, NULL,
	    "1 for a variation of the main line, one more for each "
	    "variation it is inside.", NULL },
	{ "actions", (getter)Variation_get_actions, NULL,
	    "Its actions: canonical where legal, else as read.", NULL },
	{ "comments", (getter)Variation_get_item_extras, NULL,
	    "The comment of each of its actions (None where none).", NULL },
	{ "notes", (getter)Variation_get_item_extras, NULL,
	    "The notes of each of its actions, a dict each.", "notes" },
	{ "variations", (getter)Variation_get_variations, NULL,
	    "The variations that branch from it, in the order written.",
	    NULL },
	{ "path", (getter)Variation_get_path, NULL,
	    "The path of the position after its last action ('2.1.2').",
	    NULL },
	{ NULL, NULL, NULL, NULL, NULL }
};

static PyTypeObject VariationType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "qttt.Variation",
	.tp_basicsize = sizeof(struct variation_obj),
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_doc = "A variation of a record (record.variations): a line "
	    "that replaces an action of the main line or of another "
	    "variation.",
	.tp_dealloc = (destructor)Variation_dealloc,
	.tp_methods = Variation_methods,
	.tp_getset = Variation_getset,
	.tp_repr = (reprfunc)Variation_repr,
	.tp_richcompare = Variation_richcompare,
	.tp_hash = (hashfunc)Variation_hash,
};


static PyObject *
Record_repr(struct record_obj *self)
{
	return PyUnicode_FromFormat("<qttt.Record game %lu, line %lu, %s, "
	    "%s>", self->index, self->line, format_str(self->format),
	    self->errors == 0 ? "valid" : "invalid");
}

static PyMethodDef Record_methods[] = {
	{ "state", (PyCFunction)Record_state, METH_NOARGS,
	    "state() -> State: the final position, with the actions "
	    "played (up to the first fault of an invalid record)." },
	{ "write", (PyCFunction)(void (*)(void))Record_write,
	    METH_VARARGS | METH_KEYWORDS,
	    "write(format='line') -> str: the record in a format the "
	    "library writes ('line', 'yaml', 'json', 'goff'), extras "
	    "and all." },
	{ "position", (PyCFunction)Record_position, METH_O,
	    "position(path) -> State: the position a path names ('5', "
	    "'5.1.2'), with the actions that lead there." },
	{ "add_variation", (PyCFunction)(void (*)(void))Record_add_variation,
	    METH_VARARGS | METH_KEYWORDS,
	    "add_variation(parent, at, actions) -> Variation: a line that "
	    "replaces action at of parent (None: the main line), its "
	    "actions a str of the line notation or a list of str." },
	{ NULL, NULL, 0, NULL }
};

static PyMemberDef Record_members[] = {
	{ "index", T_ULONG, offsetof(struct record_obj, index), READONLY,
	    "The number of the game in its input, from 1." },
	{ "line", T_ULONG, offsetof(struct record_obj, line), READONLY,
	    "The line where the game starts, from 1." },
	{ "errors", T_PYSSIZET, offsetof(struct record_obj, errors),
	    READONLY, "The number of errors, kept or not." },
	{ "dropped", T_PYSSIZET, offsetof(struct record_obj, ndropped),
	    READONLY, "Diagnostics beyond the 16 kept." },
	{ NULL, 0, 0, 0, NULL }
};

static PyGetSetDef Record_getset[] = {
	{ "actions", (getter)Record_get_actions, NULL,
	    "The actions: canonical for a valid record, else as read.",
	    NULL },
	{ "result", (getter)Record_get_result, NULL,
	    "The result stated, else that of a valid game over, else None.",
	    NULL },
	{ "valid", (getter)Record_get_valid, NULL,
	    "Whether the record has no error.", NULL },
	{ "diagnostics", (getter)Record_get_diagnostics, NULL,
	    "The diagnostics, in order of position.", NULL },
	{ "format", (getter)Record_get_format, NULL,
	    "The format it was read in: 'line', 'yaml', 'json', 'goff', "
	    "'state'.", NULL },
	{ "rules", (getter)Record_get_rules, NULL,
	    "The rule profile it is played by.", NULL },
	{ "tags", (getter)Record_get_tags, NULL,
	    "The metadata: a dict of str to str.", NULL },
	{ "comment", (getter)Record_get_comment, NULL,
	    "The comment on the game, or None.", NULL },
	{ "comments", (getter)Record_get_comments, NULL,
	    "The comment of each action played (None where none).", NULL },
	{ "notes", (getter)Record_get_notes, NULL,
	    "The notes of each action played, a dict each.", NULL },
	{ "lead", (getter)Record_get_lead, NULL,
	    "The comment lines before the game, or None.", NULL },
	{ "variations", (getter)Record_get_variations, NULL,
	    "Every variation, in the order written (a list of Variation).",
	    NULL },
	{ NULL, NULL, NULL, NULL, NULL }
};

static PyTypeObject RecordType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "qttt.Record",
	.tp_basicsize = sizeof(struct record_obj),
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_doc = "A game as read, with its diagnostics (qttt.read()).",
	.tp_dealloc = (destructor)Record_dealloc,
	.tp_methods = Record_methods,
	.tp_members = Record_members,
	.tp_getset = Record_getset,
	.tp_repr = (reprfunc)Record_repr,
	.tp_str = (reprfunc)Record_str,
};

/* ------------------------------------------------------------------ */
/* Reader: records one at a time, from a descriptor, bytes or a file    */
/* ------------------------------------------------------------------ */

struct reader_obj {
	PyObject_HEAD
	struct qttt_reader	*r;
	struct qttt_record	*rec;
	struct qttt_game	 game;
	int			 fd;		/* ours to close, or -1 */
	/* bytes in memory: the buffer and where the reader is */
	Py_buffer		 view;
	int			 has_view;
	size_t			 pos;
	/* a file object: its read method, the bytes not yet handed */
	PyObject		*read;
	PyObject		*pending;
	size_t			 pendpos;
	PyObject		*error;		/* raised by read() */
	int			 done;
	int			 busy;		/* in the library's reader */
};

static long
fill_bytes(void *arg, char *buf, size_t n)
{
	struct reader_obj *o = arg;
	size_t		 left = (size_t)o->view.len - o->pos;

	if (n > left)
		n = left;
	memcpy(buf, (const char *)o->view.buf + o->pos, n);
	o->pos += n;
	return (long)n;
}

/* Called with the GIL held: file objects are read with it. */
static long
fill_file(void *arg, char *buf, size_t n)
{
	struct reader_obj *o = arg;
	PyObject	*v, *b;
	Py_ssize_t	 len;
	char		*p;

	while (o->pending == NULL ||
	    o->pendpos == (size_t)PyBytes_GET_SIZE(o->pending)) {
		Py_CLEAR(o->pending);
		o->pendpos = 0;
		if ((v = PyObject_CallFunction(o->read, "n",
		    (Py_ssize_t)n)) == NULL)
			goto fail;
		if (PyUnicode_Check(v)) {
			b = PyUnicode_AsUTF8String(v);
			Py_DECREF(v);
			if ((v = b) == NULL)
				goto fail;
		} else if (!PyBytes_Check(v)) {
			b = PyBytes_FromObject(v);
			Py_DECREF(v);
			if ((v = b) == NULL)
				goto fail;
		}
		if (PyBytes_GET_SIZE(v) == 0) {
			Py_DECREF(v);
			return 0;
		}
		o->pending = v;
	}
	if (PyBytes_AsStringAndSize(o->pending, &p, &len) == -1)
		goto fail;
	if (n > (size_t)len - o->pendpos)
		n = (size_t)len - o->pendpos;
	memcpy(buf, p + o->pendpos, n);
	o->pendpos += n;
	return (long)n;
fail:
	if (o->error == NULL) {
		PyObject *t, *tb;

		PyErr_Fetch(&t, &o->error, &tb);
		PyErr_NormalizeException(&t, &o->error, &tb);
		if (o->error != NULL && tb != NULL)
			PyException_SetTraceback(o->error, tb);
		Py_XDECREF(t);
		Py_XDECREF(tb);
	}
	PyErr_Clear();
	errno = EIO;
	return -1;
}

/* No descriptor of its own until __init__ opens one. */
static PyObject *
Reader_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
	struct reader_obj *o;

	if ((o = (struct reader_obj *)PyType_GenericNew(type, args, kw)) != NULL)
		o->fd = -1;
	return (PyObject *)o;
}

/*
 * Reader(source, kind, format, rules): kind 0 a path (str or bytes
 * of a file name), 1 text in memory (a bytes-like object), 2 a file
 * object (anything with read()).
 */
static int
Reader_init(struct reader_obj *self, PyObject *args, PyObject *kw)
{
	static char	*kwlist[] = { "source", "kind", "format", "rules",
		NULL };
	PyObject	*src, *fmt = Py_None, *rname = Py_None, *path;
	enum qttt_format f;
	unsigned int	 rules;
	int		 kind;

	if (self->r != NULL) {
		PyErr_SetString(PyExc_RuntimeError, "a Reader opens once");
		return -1;
	}
	self->fd = -1;
	if (!PyArg_ParseTupleAndKeywords(args, kw, "Oi|OO:Reader", kwlist,
	    &src, &kind, &fmt, &rname) || format_parse(fmt, &f, 1) == -1 ||
	    rules_parse(rname, &rules) == -1)
		return -1;
	if ((self->rec = PyMem_RawMalloc(sizeof(*self->rec))) == NULL) {
		PyErr_NoMemory();
		return -1;
	}
	if (kind == 0) {
		if (!PyUnicode_FSConverter(src, &path))
			return -1;
		Py_BEGIN_ALLOW_THREADS
		self->fd = open(PyBytes_AS_STRING(path), O_RDONLY | O_CLOEXEC);
		Py_END_ALLOW_THREADS
		if (self->fd == -1) {
			PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError,
			    src);
			Py_DECREF(path);
			return -1;
		}
		Py_DECREF(path);
		self->r = qttt_reader_open(self->fd, f);
	} else if (kind == 1) {
		if (PyObject_GetBuffer(src, &self->view, PyBUF_SIMPLE) == -1)
			return -1;
		self->has_view = 1;
		self->r = qttt_reader_open_fill(fill_bytes, self, f);
	} else {
		if ((self->read = PyObject_GetAttrString(src, "read")) == NULL)
			return -1;
		self->r = qttt_reader_open_fill(fill_file, self, f);
	}
	if (self->r == NULL) {
		PyErr_NoMemory();
		return -1;
	}
	if (rname != Py_None)
		qttt_reader_rules(self->r, rules);
	return 0;
}

static void
reader_release(struct reader_obj *self)
{
	qttt_reader_close(self->r);
	self->r = NULL;
	if (self->fd != -1)
		close(self->fd);
	self->fd = -1;
	if (self->has_view)
		PyBuffer_Release(&self->view);
	self->has_view = 0;
	Py_CLEAR(self->read);
	Py_CLEAR(self->pending);
	self->done = 1;
}

static void
Reader_dealloc(struct reader_obj *self)
{
	reader_release(self);
	Py_CLEAR(self->error);
	PyMem_RawFree(self->rec);
	Py_TYPE(self)->tp_free((PyObject *)self);
}

/*
 * The end of the input (k 0) or a read error (k -1): raises what the
 * file object's read() raised, or an OSError, and lets go of the
 * input.  Returns 0, or -1 with an exception set.
 */
static int
reader_end(struct reader_obj *self, int k)
{
	if (self->error != NULL) {
		PyErr_SetObject((PyObject *)Py_TYPE(self->error), self->error);
		Py_CLEAR(self->error);
	} else if (k == -1)
		PyErr_Format(PyExc_OSError, "line %lu: %s",
		    self->rec->diags[0].line + 1, self->rec->diags[0].msg);
	reader_release(self);
	return PyErr_Occurred() ? -1 : 0;
}

/*
 * Marks the reader busy while the library reads from it: a call from
 * another thread (the GIL let go) or from the file object's read()
 * would use the reader mid-read, or free it.  Returns 0, or -1 with
 * RuntimeError raised.
 */
static int
reader_enter(struct reader_obj *self)
{
	if (self->busy) {
		PyErr_SetString(PyExc_RuntimeError, "the reader is reading: a "
		    "reader belongs to one thread, and its file object's "
		    "read() may not use it");
		return -1;
	}
	self->busy = 1;
	return 0;
}

static PyObject *
Reader_next(struct reader_obj *self)
{
	size_t		 errors = 0;
	int		 k;

	if (self->done || self->r == NULL || reader_enter(self) == -1)
		return NULL;
	if (self->read != NULL) {
		if ((k = qttt_reader_next(self->r, self->rec)) == 1)
			errors = qttt_record_play(self->rec, &self->game);
	} else {
		Py_BEGIN_ALLOW_THREADS
		if ((k = qttt_reader_next(self->r, self->rec)) == 1)
			errors = qttt_record_play(self->rec, &self->game);
		Py_END_ALLOW_THREADS
	}
	self->busy = 0;
	if (k == 1)
		return (PyObject *)record_new(self->rec, &self->game, errors);
	reader_end(self, k);
	return NULL;
}

static PyObject *
Reader_count(struct reader_obj *self, PyObject *unused)
{
	unsigned long long valid = 0, all = 0;
	int		 k = 0;

	(void)unused;
	if (self->done || self->r == NULL)
		return Py_BuildValue("(KK)", all, valid);
	if (reader_enter(self) == -1)
		return NULL;
	if (self->read != NULL) {
		while ((k = qttt_reader_next(self->r, self->rec)) == 1) {
			all++;
			valid += qttt_record_play(self->rec, NULL) == 0;
		}
	} else {
		Py_BEGIN_ALLOW_THREADS
		while ((k = qttt_reader_next(self->r, self->rec)) == 1) {
			all++;
			valid += qttt_record_play(self->rec, NULL) == 0;
		}
		Py_END_ALLOW_THREADS
	}
	self->busy = 0;
	if (reader_end(self, k) == -1)
		return NULL;
	return Py_BuildValue("(KK)", all, valid);
}

static PyObject *
Reader_close(struct reader_obj *self, PyObject *unused)
{
	(void)unused;
	if (reader_enter(self) == -1)
		return NULL;
	reader_release(self);
	self->busy = 0;
	Py_RETURN_NONE;
}

static PyObject *
Reader_get_format(struct reader_obj *self, void *unused)
{
	(void)unused;
	if (self->r == NULL)
		Py_RETURN_NONE;
	return PyUnicode_FromString(format_str(qttt_reader_format(self->r)));
}

static PyObject *
Reader_enter(struct reader_obj *self, PyObject *unused)
{
	(void)unused;
	Py_INCREF(self);
	return (PyObject *)self;
}

static PyObject *
Reader_exit(struct reader_obj *self, PyObject *args)
{
	PyObject	*r;

	(void)args;
	if ((r = Reader_close(self, NULL)) == NULL)
		return NULL;
	Py_DECREF(r);
	Py_RETURN_FALSE;
}

static PyMethodDef Reader_methods[] = {
	{ "__enter__", (PyCFunction)Reader_enter, METH_NOARGS, NULL },
	{ "__exit__", (PyCFunction)Reader_exit, METH_VARARGS, NULL },
	{ "count", (PyCFunction)Reader_count, METH_NOARGS,
	    "count() -> (games, valid): reads the rest, keeping nothing." },
	{ "close", (PyCFunction)Reader_close, METH_NOARGS,
	    "close(): stops reading and lets go of the input." },
	{ NULL, NULL, 0, NULL }
};

static PyGetSetDef Reader_getset[] = {
	{ "format", (getter)Reader_get_format, NULL,
	    "The format read, once detected (None when closed).", NULL },
	{ NULL, NULL, NULL, NULL, NULL }
};

static PyTypeObject ReaderType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "qttt._qttt.Reader",
	.tp_basicsize = sizeof(struct reader_obj),
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_doc = "The records of an input, one at a time (qttt.read()).",
	.tp_new = Reader_new,
	.tp_init = (initproc)Reader_init,
	.tp_dealloc = (destructor)Reader_dealloc,
	.tp_iter = PyObject_SelfIter,
	.tp_iternext = (iternextfunc)Reader_next,
	.tp_methods = Reader_methods,
	.tp_getset = Reader_getset,
};

/* ------------------------------------------------------------------ */
/* Solver: perfect play, with its table and a lock                      */
/* ------------------------------------------------------------------ */

struct solver_obj {
	PyObject_HEAD
	struct qttt_solver	*sv;
	PyThread_type_lock	 lock;
};

static int
Solver_init(struct solver_obj *self, PyObject *args, PyObject *kw)
{
	static char	*kwlist[] = { "table_bytes", "book", NULL };
	Py_ssize_t	 bytes = QTTT_SOLVER_TABLE;
	int		 book = 1;

	if (self->sv != NULL) {
		PyErr_SetString(PyExc_RuntimeError, "a Solver is made once");
		return -1;
	}
	if (!PyArg_ParseTupleAndKeywords(args, kw, "|np:Solver", kwlist,
	    &bytes, &book))
		return -1;
	if (bytes < 0) {
		PyErr_SetString(PyExc_ValueError, "table_bytes is negative");
		return -1;
	}
	if ((self->lock = PyThread_allocate_lock()) == NULL ||
	    (self->sv = qttt_solver_new((size_t)bytes)) == NULL) {
		PyErr_NoMemory();
		return -1;
	}
	qttt_solver_use_book(self->sv, book);
	return 0;
}

static void
Solver_dealloc(struct solver_obj *self)
{
	qttt_solver_free(self->sv);
	if (self->lock != NULL)
		PyThread_free_lock(self->lock);
	Py_TYPE(self)->tp_free((PyObject *)self);
}

static int
solver_ready(struct solver_obj *self)
{
	if (self->sv == NULL) {
		PyErr_SetString(PyExc_RuntimeError, "Solver not initialised");
		return -1;
	}
	return 0;
}

static PyObject *
value_str(unsigned int rules, int value)
{
	struct qttt_result r;

	if (value == QTTT_NOVALUE || qttt_solver_result(rules, value, &r) != 0)
		Py_RETURN_NONE;
	return result_str(&r);
}

/*
 * analyse(state) -> (value, result, [(action, value, result)], [best
 * indices], [pv actions]): the library's struct qttt_analysis.
 */
static PyObject *
Solver_analyse(struct solver_obj *self, PyObject *args)
{
	struct qttt_analysis an;
	struct qttt_diag d;
	struct state_obj *s;
	struct qttt_state st;
	PyObject	*acts, *best, *pv, *t;
	enum qttt_code	 c;
	size_t		 i;
	int		 pvflag = 1;

	if (!PyArg_ParseTuple(args, "O!|p:analyse", &StateType, &s,
	    &pvflag) || solver_ready(self) == -1)
		return NULL;
	st = *STATE_NOW(s);
	memset(&d, 0, sizeof(d));
	Py_BEGIN_ALLOW_THREADS
	PyThread_acquire_lock(self->lock, WAIT_LOCK);
	c = qttt_solver_analyze(self->sv, &st, pvflag ? QTTT_SOLVE_PV : 0,
	    &an, &d);
	PyThread_release_lock(self->lock);
	Py_END_ALLOW_THREADS
	if (c != QTTT_OK) {
		PyErr_Format(PyExc_ValueError, "%s [%s]", d.msg,
		    qttt_code_name(c));
		return NULL;
	}
	if ((acts = PyList_New((Py_ssize_t)an.nactions)) == NULL)
		return NULL;
	for (i = 0; i < an.nactions; i++) {
		t = Py_BuildValue("(NiN)", action_str(&an.actions[i]),
		    an.values[i], value_str(st.rules, an.values[i]));
		if (t == NULL) {
			Py_DECREF(acts);
			return NULL;
		}
		PyList_SET_ITEM(acts, (Py_ssize_t)i, t);
	}
	if ((best = PyList_New((Py_ssize_t)an.nbest)) == NULL) {
		Py_DECREF(acts);
		return NULL;
	}
	for (i = 0; i < an.nbest; i++)
		PyList_SET_ITEM(best, (Py_ssize_t)i,
		    action_str(&an.actions[an.best[i]]));
	pv = actions_list(an.pv, an.npv);
	return Py_BuildValue("(iNNNN)", an.value, value_str(st.rules,
	    an.value), acts, best, pv);
}

/*
 * judge(state) -> [(mover, before, after, before score, after score,
 * loss, mark, [best])] for each
 * action the state has played since its start.
 */
static PyObject *
Solver_judge(struct solver_obj *self, PyObject *args)
{
	struct qttt_judged_ply j[QTTT_MAXPLIES];
	struct qttt_state states[QTTT_MAXPLIES];
	struct qttt_action plies[QTTT_MAXPLIES];
	struct qttt_diag d;
	struct state_obj *s;
	PyObject	*l, *best, *t;
	enum qttt_code	 c = QTTT_OK;
	size_t		 i, k, n;

	if (!PyArg_ParseTuple(args, "O!:judge", &StateType, &s) ||
	    solver_ready(self) == -1)
		return NULL;
	/* A copy: another thread may push on the state meanwhile. */
	n = s->nplies;
	memcpy(states, s->states, n * sizeof(states[0]));
	memcpy(plies, s->plies, n * sizeof(plies[0]));
	memset(&d, 0, sizeof(d));
	Py_BEGIN_ALLOW_THREADS
	PyThread_acquire_lock(self->lock, WAIT_LOCK);
	for (i = 0; i < n && c == QTTT_OK; i++)
		c = qttt_judge_ply(self->sv, &states[i], &plies[i], &j[i], &d);
	PyThread_release_lock(self->lock);
	Py_END_ALLOW_THREADS
	if (c != QTTT_OK) {
		PyErr_Format(PyExc_ValueError, "%s [%s]", d.msg,
		    qttt_code_name(c));
		return NULL;
	}
	if ((l = PyList_New((Py_ssize_t)n)) == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		if ((best = PyList_New((Py_ssize_t)j[i].an.nbest)) == NULL) {
			Py_DECREF(l);
			return NULL;
		}
		for (k = 0; k < j[i].an.nbest; k++)
			PyList_SET_ITEM(best, (Py_ssize_t)k, action_str(
			    &j[i].an.actions[j[i].an.best[k]]));
		t = Py_BuildValue("(CNNiiizN)",
		    QTTT_PLAYER_LETTER(j[i].mover),
		    value_str(states[i].rules, j[i].before),
		    value_str(states[i].rules, j[i].after), j[i].before,
		    j[i].after, j[i].loss, j[i].mark == QTTT_MARK_NONE ? NULL :
		    qttt_mark_glyph(j[i].mark), best);
		if (t == NULL) {
			Py_DECREF(l);
			return NULL;
		}
		PyList_SET_ITEM(l, (Py_ssize_t)i, t);
	}
	return l;
}

/*
 * choose(state, level, seed) -> str: an action of a player of that
 * level (qttt-engine's: perfect, strong, medium, weak, random), its
 * random draws seeded by seed.
 */
static PyObject *
Solver_choose(struct solver_obj *self, PyObject *args)
{
	struct qttt_generator gen;
	struct qttt_action a;
	struct qttt_diag d;
	struct state_obj *s;
	struct qttt_state st;
	enum qttt_level	 level;
	enum qttt_code	 c;
	unsigned long long seed;
	const char	*name;
	Py_ssize_t	 len;
	int		 value;

	if (!PyArg_ParseTuple(args, "O!s#K:choose", &StateType, &s, &name,
	    &len, &seed) || solver_ready(self) == -1)
		return NULL;
	if (qttt_level_parse(name, (size_t)len, &level) == -1) {
		PyErr_Format(PyExc_ValueError, "'%s' is no level: perfect, "
		    "strong, medium, weak or random", name);
		return NULL;
	}
	st = *STATE_NOW(s);
	qttt_generator_init(&gen, seed, 0);
	memset(&d, 0, sizeof(d));
	Py_BEGIN_ALLOW_THREADS
	PyThread_acquire_lock(self->lock, WAIT_LOCK);
	c = qttt_level_choose(self->sv, &gen, level, &st, &a, &value, &d);
	PyThread_release_lock(self->lock);
	Py_END_ALLOW_THREADS
	if (c != QTTT_OK) {
		PyErr_Format(PyExc_ValueError, "%s [%s]", d.msg,
		    qttt_code_name(c));
		return NULL;
	}
	return action_str(&a);
}

static PyObject *
Solver_clear(struct solver_obj *self, PyObject *unused)
{
	(void)unused;
	if (solver_ready(self) == -1)
		return NULL;
	Py_BEGIN_ALLOW_THREADS
	PyThread_acquire_lock(self->lock, WAIT_LOCK);
	qttt_solver_clear(self->sv);
	PyThread_release_lock(self->lock);
	Py_END_ALLOW_THREADS
	Py_RETURN_NONE;
}

static PyMethodDef Solver_methods[] = {
	{ "analyse", (PyCFunction)Solver_analyse, METH_VARARGS,
	    "analyse(state, pv=True): the library's analysis, as a tuple." },
	{ "judge", (PyCFunction)Solver_judge, METH_VARARGS,
	    "judge(state): each action played, judged, as tuples." },
	{ "choose", (PyCFunction)Solver_choose, METH_VARARGS,
	    "choose(state, level, seed) -> str: a player's action." },
	{ "clear", (PyCFunction)Solver_clear, METH_NOARGS,
	    "clear(): empties the table." },
	{ NULL, NULL, 0, NULL }
};

static PyTypeObject SolverType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "qttt.Solver",
	.tp_basicsize = sizeof(struct solver_obj),
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_doc = "Solver(table_bytes=64 MiB, book=True): perfect play, "
	    "with a table of positions searched; threads take turns.",
	.tp_new = PyType_GenericNew,
	.tp_init = (initproc)Solver_init,
	.tp_dealloc = (destructor)Solver_dealloc,
	.tp_methods = Solver_methods,
};

/* ------------------------------------------------------------------ */
/* Module functions                                                     */
/* ------------------------------------------------------------------ */

static PyObject *
mod_perft(PyObject *mod, PyObject *args)
{
	struct qttt_divide dv[QTTT_MAXACTIONS];
	struct qttt_diag d;
	struct state_obj *s;
	struct qttt_state st;
	PyObject	*r, *v;
	uint64_t	 count = 0;
	unsigned int	 depth;
	size_t		 n = 0, i;
	int		 divide = 0, k;

	(void)mod;
	if (!PyArg_ParseTuple(args, "O!I|p:perft", &StateType, &s, &depth,
	    &divide))
		return NULL;
	st = *STATE_NOW(s);
	memset(&d, 0, sizeof(d));
	Py_BEGIN_ALLOW_THREADS
	k = divide ? qttt_perft_divide(&st, depth, 0, dv, &n, &d) :
	    qttt_perft(&st, depth, 0, &count, &d);
	Py_END_ALLOW_THREADS
	if (k == -2)
		return PyErr_NoMemory();
	if (k != 0) {
		PyErr_Format(PyExc_ValueError, "%s [%s]", d.msg,
		    qttt_code_name(d.code));
		return NULL;
	}
	if (!divide)
		return PyLong_FromUnsignedLongLong(count);
	if ((r = PyDict_New()) == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		PyObject *a = action_str(&dv[i].action);

		v = PyLong_FromUnsignedLongLong(dv[i].count);
		if (a == NULL || v == NULL || PyDict_SetItem(r, a, v) == -1) {
			Py_XDECREF(a);
			Py_XDECREF(v);
			Py_DECREF(r);
			return NULL;
		}
		Py_DECREF(a);
		Py_DECREF(v);
	}
	return r;
}

/* A parser of the engine protocol's messages, used under the GIL. */
static struct qttt_qtp_parser *qtp_parser;

static PyObject *
qtp_text(const struct qttt_qtp_text *t)
{
	return PyUnicode_DecodeUTF8(t->s, (Py_ssize_t)t->len, "replace");
}

/* Sets d[key] to v (a new reference, or NULL on an error). */
static int
dict_put(PyObject *d, const char *key, PyObject *v)
{
	int	 k;

	if (v == NULL)
		return -1;
	k = PyDict_SetItemString(d, key, v);
	Py_DECREF(v);
	return k;
}

/*
 * qtp_parse(line) -> dict: a line an engine writes, read by the
 * library's parser (formats/engine-protocol.md, section 4): "kind" (the
 * message's word, "" for a blank line, "unknown" for a message of a
 * later version) and the fields it has.  ValueError for a line that is
 * not well formed.
 */
/* The names of the numbers a message may carry, by enum qttt_qtp_field. */
static const char *const qtp_fields[QTTT_QTP_NFIELDS] = { "xtime", "otime",
	"xinc", "oinc", "movetime", "depth", "nodes", "time", "seed",
	"protocol" };

static PyObject *
mod_qtp_parse(PyObject *mod, PyObject *arg)
{
	struct qttt_qtp_msg m;
	struct qttt_diag d;
	PyObject	*r, *l;
	const char	*s;
	Py_ssize_t	 len;
	enum qttt_code	 c;
	size_t		 i;
	int		 k = 0;

	(void)mod;
	if ((s = PyUnicode_AsUTF8AndSize(arg, &len)) == NULL)
		return NULL;
	if (qtp_parser == NULL && (qtp_parser = qttt_qtp_parser_new()) == NULL)
		return PyErr_NoMemory();
	memset(&d, 0, sizeof(d));
	if ((c = qttt_qtp_parse(qtp_parser, s, (size_t)len, &m, &d)) !=
	    QTTT_OK) {
		PyErr_Format(PyExc_ValueError, "column %lu: %s [%s]",
		    d.col + 1, d.msg, qttt_code_name(c));
		return NULL;
	}
	if ((r = PyDict_New()) == NULL)
		return NULL;
	k |= dict_put(r, "kind", PyUnicode_FromString(m.kind ==
	    QTTT_QTP_UNKNOWN ? "unknown" : qttt_qtp_word(m.kind)));
	for (i = 0; i < QTTT_QTP_NFIELDS; i++)
		if (m.has & QTTT_QTP_HAS(i))
			k |= dict_put(r, qtp_fields[i],
			    PyLong_FromUnsignedLongLong(m.num[i]));
	switch (m.kind) {
	case QTTT_QTP_ID:
		k |= dict_put(r, "word", qtp_text(&m.word));
		k |= dict_put(r, "text", qtp_text(&m.text));
		break;
	case QTTT_QTP_OPTION:
		k |= dict_put(r, "name", qtp_text(&m.name));
		if (m.has & QTTT_QTP_DEFAULT)
			k |= dict_put(r, "default", qtp_text(&m.text));
		if ((l = PyList_New(0)) == NULL)
			k = -1;
		for (i = 0; l != NULL && i < m.nvars; i++) {
			PyObject *v = qtp_text(&m.var[i]);

			k |= v == NULL ? -1 : PyList_Append(l, v);
			Py_XDECREF(v);
		}
		k |= dict_put(r, "vars", l);
		break;
	case QTTT_QTP_INFO:
		if (m.has & QTTT_QTP_VALUE)
			k |= dict_put(r, "value", result_str(&m.value));
		if (m.has & QTTT_QTP_PV)
			k |= dict_put(r, "pv", qtp_text(&m.pv));
		if (m.has & QTTT_QTP_STRING)
			k |= dict_put(r, "string", qtp_text(&m.text));
		break;
	case QTTT_QTP_BESTACTION:
		k |= dict_put(r, "action", action_str(&m.action));
		break;
	case QTTT_QTP_ERROR:
		k |= dict_put(r, "text", qtp_text(&m.text));
		break;
	case QTTT_QTP_UNKNOWN:
		k |= dict_put(r, "word", qtp_text(&m.word));
		break;
	default:
		break;
	}
	if (k != 0 || PyErr_Occurred()) {
		Py_DECREF(r);
		return NULL;
	}
	return r;
}

/* Points t at the text of a str; 0, or -1 with an error raised. */
static int
qtp_text_of(PyObject *v, struct qttt_qtp_text *t)
{
	Py_ssize_t	 len;

	if ((t->s = PyUnicode_AsUTF8AndSize(v, &len)) == NULL)
		return -1;
	t->len = (size_t)len;
	return 0;
}

/*
 * qtp_format(kind, **fields) -> str: a message to an engine written by
 * the library's writer, without its line end: name and value
 * (setoption), state (position: its actions from the empty board, or
 * the state string of a position that starts elsewhere) and the
 * numbers qtp_parse() names (seed, movetime, depth, nodes...).
 * ValueError for a message the protocol cannot carry: text with a line
 * end or a word that would end it, an action the rules refuse.
 */
static PyObject *
mod_qtp_format(PyObject *mod, PyObject *args, PyObject *kw)
{
	struct qttt_qtp_msg m;
	char		 buf[QTTT_QTP_LINE_MAX + 1];
	PyObject	*key, *v;
	const char	*kind, *name;
	Py_ssize_t	 pos = 0;
	size_t		 i;
	int		 k, n;

	(void)mod;
	if (!PyArg_ParseTuple(args, "s:qtp_format", &kind))
		return NULL;
	for (k = QTTT_QTP_QTP; k <= QTTT_QTP_ERROR; k++)
		if (strcmp(kind, qttt_qtp_word((enum qttt_qtp_kind)k)) == 0)
			break;
	if (k > QTTT_QTP_ERROR) {
		PyErr_Format(PyExc_ValueError, "'%s' is no message of the "
		    "engine protocol", kind);
		return NULL;
	}
	qttt_qtp_init(&m, (enum qttt_qtp_kind)k);
	while (kw != NULL && PyDict_Next(kw, &pos, &key, &v)) {
		if ((name = PyUnicode_AsUTF8(key)) == NULL)
			return NULL;
		if (strcmp(name, "name") == 0) {
			if (qtp_text_of(v, &m.name) == -1)
				return NULL;
		} else if (strcmp(name, "value") == 0) {
			if (qtp_text_of(v, &m.text) == -1)
				return NULL;
			m.has |= QTTT_QTP_VALUE;
		} else if (strcmp(name, "state") == 0) {
			if (!PyObject_TypeCheck(v, &StateType)) {
				PyErr_SetString(PyExc_TypeError,
				    "a position's state is a qttt.State");
				return NULL;
			}
			m.from_state = !state_game((struct state_obj *)v,
			    &m.game);
			if (m.game.nplies > 0)
				m.has |= QTTT_QTP_ACTIONS;
		} else {
			for (i = 0; i < QTTT_QTP_NFIELDS; i++)
				if (strcmp(name, qtp_fields[i]) == 0)
					break;
			if (i == QTTT_QTP_NFIELDS) {
				PyErr_Format(PyExc_TypeError, "qtp_format() "
				    "has no field '%s'", name);
				return NULL;
			}
			m.num[i] = PyLong_AsUnsignedLongLong(v);
			if (PyErr_Occurred())
				return NULL;
			m.has |= QTTT_QTP_HAS(i);
		}
	}
	if ((n = qttt_qtp_format(&m, buf, sizeof(buf))) < 0 ||
	    (size_t)n >= sizeof(buf)) {
		PyErr_Format(PyExc_ValueError, "no %s message holds that: "
		    "a line end, a word that would end a field, an action "
		    "the rules refuse or over %d bytes "
		    "(formats/engine-protocol.md)", kind, QTTT_QTP_LINE_MAX);
		return NULL;
	}
	return PyUnicode_FromStringAndSize(buf, n);
}

/* The symmetries' names, in their numbers' order. */
static PyObject *
symmetries(void)
{
	PyObject	*t;
	int		 i;

	if ((t = PyTuple_New(QTTT_NSYMS)) == NULL)
		return NULL;
	for (i = 0; i < QTTT_NSYMS; i++)
		PyTuple_SET_ITEM(t, i, PyUnicode_FromString(
		    qttt_sym_name((enum qttt_sym)i)));
	return t;
}

static PyObject *
mod_rules_names(PyObject *mod, PyObject *unused)
{
	PyObject	*l, *s;
	unsigned int	 rules;
	size_t		 i;
	const char	*name;

	(void)mod;
	(void)unused;
	if ((l = PyList_New(0)) == NULL)
		return NULL;
	for (i = 0; (name = qttt_rules_preset(i, &rules)) != NULL; i++) {
		if ((s = PyUnicode_FromString(name)) == NULL ||
		    PyList_Append(l, s) == -1) {
			Py_XDECREF(s);
			Py_DECREF(l);
			return NULL;
		}
		Py_DECREF(s);
	}
	return l;
}

static PyMethodDef module_methods[] = {
	{ "perft", mod_perft, METH_VARARGS,
	    "perft(state, depth, divide=False): exact counts." },
	{ "qtp_parse", mod_qtp_parse, METH_O,
	    "qtp_parse(line) -> dict: an engine's message, read." },
	{ "qtp_format", (PyCFunction)(void (*)(void))mod_qtp_format,
	    METH_VARARGS | METH_KEYWORDS,
	    "qtp_format(kind, **fields) -> str: a message to an engine, "
	    "written." },
	{ "rule_presets", mod_rules_names, METH_NOARGS,
	    "rule_presets() -> list[str]: the presets' names." },
	{ NULL, NULL, 0, NULL }
};

static struct PyModuleDef module = {
	PyModuleDef_HEAD_INIT,
	.m_name = "qttt._qttt",
	.m_doc = "libqttt for Python: the C extension of the qttt package.",
	.m_size = -1,
	.m_methods = module_methods,
};

PyMODINIT_FUNC
PyInit__qttt(void)
{
	PyObject	*m;

	if (PyType_Ready(&StateType) < 0 || PyType_Ready(&RecordType) < 0 ||
	    PyType_Ready(&VariationType) < 0 ||
	    PyType_Ready(&ReaderType) < 0 || PyType_Ready(&SolverType) < 0)
		return NULL;
	if (DiagnosticType.tp_name == NULL &&
	    PyStructSequence_InitType2(&DiagnosticType, &Diagnostic_desc) < 0)
		return NULL;
	if ((m = PyModule_Create(&module)) == NULL)
		return NULL;
	if (action_of == NULL && (action_of = PyDict_New()) == NULL)
		goto fail;
	IllegalActionError = PyErr_NewExceptionWithDoc(
	    "qttt.IllegalActionError", "An action the rules refuse, or one "
	    "that is no action: .code is the diagnostic's code.",
	    PyExc_ValueError, NULL);
	if (IllegalActionError == NULL ||
	    PyModule_AddObjectRef(m, "IllegalActionError",
	    IllegalActionError) < 0 ||
	    PyModule_AddObjectRef(m, "State", (PyObject *)&StateType) < 0 ||
	    PyModule_AddObjectRef(m, "Record", (PyObject *)&RecordType) < 0 ||
	    PyModule_AddObjectRef(m, "Variation",
	    (PyObject *)&VariationType) < 0 ||
	    PyModule_AddObjectRef(m, "Reader", (PyObject *)&ReaderType) < 0 ||
	    PyModule_AddObjectRef(m, "Solver", (PyObject *)&SolverType) < 0 ||
	    PyModule_AddObjectRef(m, "Diagnostic",
	    (PyObject *)&DiagnosticType) < 0 ||
	    PyModule_AddObject(m, "SYMMETRIES", symmetries()) < 0 ||
	    PyModule_AddStringConstant(m, "LIBRARY_VERSION",
	    qttt_version()) < 0)
		goto fail;
	return m;
fail:
	Py_DECREF(m);
	return NULL;
}
