/*
 * The tree editing API (qttt_record_var_add(), _var_remove(),
 * _var_promote()) driven by the bytes.  The input: records (any
 * format, detected) up to its last NUL byte, then the edits, a byte
 * of kind and bytes of operands each.  Each of the first valid
 * records is edited in turn; after every edit the tree keeps what
 * struct qttt_record promises (its limits, its order, the items of
 * each variation together and actions only), the record plays valid,
 * an edit the record has no room for or that names nothing is refused
 * and changes nothing, and the record written in the line notation
 * reads back as the same game and tree.  At the end, YAML and JSON
 * too.  AddressSanitizer checks the promotion's scratch copy.
 */
#include <string.h>

#include "qttt.h"
#include "fuzz.h"

static const uint8_t *ops;
static size_t	 nops;
static struct qttt_record rec, was;
static struct qttt_game game;

/* The next operand byte, 0 past the end. */
static size_t
next(size_t *i)
{
	return *i < nops ? ops[(*i)++] : 0;
}

/* The actions of line v of r, its result left out; 0 for no line. */
static size_t
actions_of(const struct qttt_record *r, size_t v)
{
	const struct qttt_item *items;
	size_t	 n;

	if (v != QTTT_MAINLINE && v >= r->nvars)
		return 0;
	items = qttt_record_line(r, v, &n);
	while (n > 0 && items[n - 1].kind != QTTT_ITEM_ACTION)
		n--;
	return n;
}

static size_t
line_actions(size_t v)
{
	return actions_of(&rec, v);
}

/* The actions of every line of r: a promotion moves, never loses. */
static size_t
all_actions(const struct qttt_record *r)
{
	return actions_of(r, QTTT_MAINLINE) + r->nvaritems;
}

/* Whether the record's tree and items are those of was. */
static int
unchanged(void)
{
	return rec.nitems == was.nitems && rec.nvars == was.nvars &&
	    rec.nvaritems == was.nvaritems &&
	    memcmp(rec.items, was.items, rec.nitems * sizeof(rec.items[0]))
	    == 0 && memcmp(rec.vars, was.vars, rec.nvars *
	    sizeof(rec.vars[0])) == 0 && memcmp(rec.varitems, was.varitems,
	    rec.nvaritems * sizeof(rec.varitems[0])) == 0;
}

/*
 * The tree's promises: within its limits; variations in the order
 * written, each after its parent's item and the subtrees of its
 * earlier siblings, which branch at the same item or before; their
 * items in the same order, actions only; and the record valid.
 */
static void
check_tree(void)
{
	const struct qttt_variation *var;
	size_t	 i, j, first = 0;

	FUZZ_ASSERT(rec.nitems <= QTTT_MAXITEMS && rec.nvars <=
	    QTTT_MAXVARS && rec.nvaritems <= QTTT_MAXVARITEMS,
	    "%zu items, %zu variations of %zu items", rec.nitems, rec.nvars,
	    rec.nvaritems);
	for (i = 0; i < rec.nvars; i++) {
		var = &rec.vars[i];
		FUZZ_ASSERT(var->first == first && var->nitems > 0,
		    "variation %zu: items from %zu, not %zu", i, var->first,
		    first);
		first += var->nitems;
		FUZZ_ASSERT(var->parent == QTTT_MAINLINE || var->parent < i,
		    "variation %zu after its parent %zu", i, var->parent);
		FUZZ_ASSERT(var->at < line_actions(var->parent),
		    "variation %zu at item %zu of %zu", i, var->at,
		    line_actions(var->parent));
		FUZZ_ASSERT(qttt_record_var_depth(&rec, i) <= QTTT_MAXVARDEPTH,
		    "variation %zu nested %zu deep", i,
		    qttt_record_var_depth(&rec, i));
		/* Up from the one before: its parent, or a sibling. */
		for (j = i - 1; i > 0 && j != QTTT_MAINLINE &&
		    j != var->parent && rec.vars[j].parent != var->parent;
		    j = rec.vars[j].parent)
			continue;
		FUZZ_ASSERT(i == 0 ? var->parent == QTTT_MAINLINE :
		    j == var->parent || (j != QTTT_MAINLINE &&
		    rec.vars[j].at <= var->at), "variation %zu out of order",
		    i);
	}
	FUZZ_ASSERT(first == rec.nvaritems, "%zu items of variations, not "
	    "%zu", first, rec.nvaritems);
	for (i = 0; i < rec.nvaritems; i++)
		FUZZ_ASSERT(rec.varitems[i].kind == QTTT_ITEM_ACTION,
		    "a result in a variation");
	FUZZ_ASSERT(qttt_record_play(&rec, &game) == 0, "an edit left the "
	    "record invalid: %s", rec.ndiags > 0 ? rec.diags[0].msg : "?");
}

/*
 * Adds up to 8 items at item at of line v: legal actions from the
 * position there where it is one, else the main line's first items;
 * now and then a result, which no variation takes.
 */
static void
add(size_t *i)
{
	struct qttt_item items[8];
	struct qttt_action a[QTTT_MAXACTIONS];
	struct qttt_state st;
	size_t	 v, at, n, k, made, plies, want;
	int	 fits;

	v = next(i) % (rec.nvars + 2);
	v = v >= rec.nvars ? QTTT_MAINLINE : v;
	at = next(i) % (line_actions(v) + 1);
	want = next(i) % 9;
	made = 0;
	if (at < line_actions(v) &&
	    qttt_record_var_game(&rec, v, &game) == 0) {
		plies = game.nplies - line_actions(v) + at;
		qttt_state_init(&st);
		for (k = 0; k < plies; k++)
			FUZZ_ASSERT(qttt_state_apply(&st, &game.plies[k],
			    NULL) == QTTT_OK, "a line of a valid record");
		for (; made < want && (k = qttt_state_actions(&st, a)) > 0;
		    made++) {
			memset(&items[made], 0, sizeof(items[made]));
			items[made].action = a[next(i) % k];
			qttt_state_apply(&st, &items[made].action, NULL);
		}
	} else
		for (; made < want && made < rec.nitems; made++)
			items[made] = rec.items[made];
	n = made;
	if (n > 0 && next(i) % 8 == 0)
		items[n - 1].kind = QTTT_ITEM_RESULT;
	fits = at < line_actions(v) && n > 0 &&
	    items[n - 1].kind == QTTT_ITEM_ACTION &&
	    rec.nvars < QTTT_MAXVARS && rec.nvaritems + n <=
	    QTTT_MAXVARITEMS && qttt_record_var_depth(&rec, v) <
	    QTTT_MAXVARDEPTH;
	k = QTTT_MAINLINE;
	FUZZ_ASSERT(qttt_record_var_add(&rec, v, at, items, n, &k) ==
	    (fits ? 0 : -1), "an addition of %zu items at %zu %s", n, at,
	    fits ? "refused" : "taken");
	FUZZ_ASSERT(fits ? k < rec.nvars && rec.vars[k].nitems == n &&
	    qttt_record_var_depth(&rec, k) == qttt_record_var_depth(&rec, v)
	    + 1 : unchanged(), "an addition misplaced or a refusal that "
	    "changed the record");
}

/* Edits a copy of each valid record as the bytes say. */
static void
valid(const struct qttt_record *r, const struct qttt_game *g)
{
	const struct qttt_record *back;
	size_t	 i = 0, v, old, e;
	int	 k;

	(void)g;
	rec = *r;
	for (e = 0; i < nops && e < 64; e++) {
		was = rec;
		switch (next(&i) % 4) {
		case 0:
			add(&i);
			break;
		case 1:
			v = next(&i) % (rec.nvars + 2);
			k = qttt_record_var_remove(&rec, v);
			FUZZ_ASSERT(k == (v < was.nvars ? 0 : -1) &&
			    (k == 0 || unchanged()), "a removal of %zu", v);
			break;
		default:
			v = next(&i) % (rec.nvars + 2);
			old = QTTT_MAINLINE;
			k = qttt_record_var_promote(&rec, v, &old);
			FUZZ_ASSERT(k == 0 ? v < was.nvars && old < rec.nvars &&
			    rec.nvars == was.nvars &&
			    all_actions(&rec) == all_actions(&was) :
			    unchanged(), "a promotion of %zu", v);
			break;
		}
		check_tree();
		back = fuzz_write_back(fuzz_line_write, &game, &rec,
		    QTTT_FORMAT_LINE);
		FUZZ_ASSERT(back != NULL, "no line notation written");
	}
	if (e == 0)
		return;
	fuzz_write_back(fuzz_yaml_write, &game, &rec, QTTT_FORMAT_YAML);
	fuzz_write_back(fuzz_json_write, &game, &rec, QTTT_FORMAT_YAML);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	const uint8_t *nul = NULL;
	size_t	 i;

	for (i = n; i > 0; i--)
		if (data[i - 1] == 0) {
			nul = data + i - 1;
			break;
		}
	if (nul == NULL)
		return 0;
	ops = nul + 1;
	nops = n - (size_t)(ops - data);
	fuzz_read_all(data, (size_t)(nul - data), QTTT_FORMAT_AUTO, valid);
	fuzz_back_close();
	return 0;
}
