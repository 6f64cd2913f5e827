/*
 * A program outside the tree, as a game bot would be: it links the
 * installed libqttt through pkg-config and plays the first legal
 * action until the game ends.
 */
#include <stdio.h>

#include <qttt.h>

int
main(void)
{
	struct qttt_game	 g;
	struct qttt_action	 acts[QTTT_MAXACTIONS];
	char			 buf[QTTT_RECORD_MAX];

	qttt_game_init(&g);
	while (qttt_state_actions(&g.state, acts) > 0)
		if (qttt_game_play(&g, &acts[0], NULL) != QTTT_OK)
			return 1;
	qttt_game_format(&g, buf, sizeof(buf));
	puts(buf);
	return 0;
}
