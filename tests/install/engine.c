/*
 * A program that uses the engine alone: it plays the first legal
 * action of each position to the end of a game and prints the game.
 * Linked statically with libqttt.a and nothing else (no libyaml), it
 * takes only the engine's objects from the archive.
 */
#include <stdio.h>

#include <qttt.h>

int
main(void)
{
	struct qttt_action acts[QTTT_MAXACTIONS];
	char		 buf[QTTT_RECORD_MAX];
	struct qttt_game g;

	qttt_game_init(&g);
	while (qttt_state_actions(&g.state, acts) > 0)
		if (qttt_game_play(&g, &acts[0], NULL) != QTTT_OK)
			return 1;
	qttt_game_format(&g, buf, sizeof(buf));
	return puts(buf) == EOF || fflush(stdout) == EOF;
}
