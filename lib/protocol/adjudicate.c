/*
 * Whether a game's value is settled (formats/engine-protocol.md):
 * while the side that would lose plays perfectly, nothing the other
 * side plays changes the value.  A search of the positions the
 * perfect side's best actions and all the other's actions reach, which
 * stops at the first action of the other side that changes the value.
 * And the result a value stands for under a rule profile.
 */
#include "qttt.h"

struct settle {
	struct qttt_solver	*solver;
	unsigned long		 nodes;
	int			 v;
	enum qttt_player	 free;	/* the side that may play anything */
};

/* 1 if no line from st changes the value, 0 if one does or on giving up. */
static int
settled(struct settle *s, const struct qttt_state *st)
{
	struct qttt_analysis an;
	struct qttt_state next;
	size_t		 i, k;
	int		 any;

	if (st->result.over)
		return 1;
	if (++s->nodes > QTTT_SETTLED_NODES ||
	    qttt_solver_analyze(s->solver, st, 0, &an, NULL) != QTTT_OK ||
	    an.value != s->v)
		return 0;
	any = qttt_state_turn(st) == s->free;
	if (any)
		for (i = 0; i < an.nactions; i++)
			if (an.values[i] != s->v)
				return 0;
	for (i = 0; i < (any ? an.nactions : an.nbest); i++) {
		k = any ? i : an.best[i];
		next = *st;
		if (qttt_state_apply(&next, &an.actions[k], NULL) != QTTT_OK ||
		    !settled(s, &next))
			return 0;
	}
	return 1;
}

int
qttt_value_settled(struct qttt_solver *solver, const struct qttt_state *st,
    int v)
{
	struct settle	 s;

	s.solver = solver;
	s.nodes = 0;
	s.v = v;
	if (v != 0) {
		/* The side ahead may play anything; its opponent plays
		 * perfectly. */
		s.free = v > 0 ? QTTT_X : QTTT_O;
		return settled(&s, st);
	}
	s.free = QTTT_X;
	if (!settled(&s, st))
		return 0;
	s.nodes = 0;
	s.free = QTTT_O;
	return settled(&s, st);
}

int
qttt_value_result(unsigned int rules, int value, struct qttt_result *r)
{
	struct qttt_result c;
	int		 o;

	if (!qttt_rules_valid(rules))
		return -1;
	/* X's score from 0 up: the draw 0-0 before 1/2-1/2. */
	c.over = 1;
	for (o = 0; o <= 4; o++) {
		if (value + o < 0 || value + o > 4)
			continue;
		c.score[QTTT_X] = (unsigned char)(value + o);
		c.score[QTTT_O] = (unsigned char)o;
		if (qttt_rules_result_possible(rules, &c)) {
			*r = c;
			return 0;
		}
	}
	return -1;
}
