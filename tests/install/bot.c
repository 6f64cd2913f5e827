/*
 * A program outside the tree, as a game bot would be: it links the
 * installed libqttt through pkg-config and plays a game to its end,
 * printing its record.  Each side plays perfectly: a solver gives the
 * best actions of each position (qttt_solver_analyze() with
 * QTTT_SOLVE_BEST) and the bot takes the first.  With -r seed, O
 * plays at random instead (qttt_generator_uniform()), and X still
 * perfectly: X never loses value, whatever O does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qttt.h>

int
main(int argc, char *argv[])
{
	struct qttt_game	 g;
	struct qttt_generator	 gen;
	struct qttt_solver	*sv;
	struct qttt_analysis	 an;
	char			 buf[QTTT_RECORD_MAX];
	size_t			 pick;
	int			 random_o = 0;

	if (argc == 3 && strcmp(argv[1], "-r") == 0) {
		qttt_generator_init(&gen, strtoul(argv[2], NULL, 10), 0);
		random_o = 1;
	} else if (argc != 1) {
		fputs("usage: bot [-r seed]\n", stderr);
		return 2;
	}
	/* A table of 1 MiB is plenty for one game. */
	if ((sv = qttt_solver_new(1024 * 1024)) == NULL)
		return 1;
	qttt_game_init(&g);
	for (;;) {
		if (qttt_solver_analyze(sv, &g.state, QTTT_SOLVE_BEST, &an,
		    NULL) != QTTT_OK)
			return 1;
		if (an.nactions == 0)
			break;
		if (random_o && qttt_state_turn(&g.state) == QTTT_O)
			pick = qttt_generator_uniform(&gen, an.nactions);
		else
			pick = an.best[0];
		if (qttt_game_play(&g, &an.actions[pick], NULL) != QTTT_OK)
			return 1;
	}
	qttt_solver_free(sv);
	qttt_game_format(&g, buf, sizeof(buf));
	puts(buf);
	return 0;
}
