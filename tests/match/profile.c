/*
 * Games under a rule profile between two engine processes, over real
 * pipes, refereed by the library (as qttt-match does, without the
 * records, which the writers take for goff only until they read
 * profiles): profile PROFILE GAMES 'ENGINE X' 'ENGINE O'.  Each game
 * must end by the rules, every action legal under the profile played
 * again from the empty board, with the result the profile gives; a
 * line per game says its result and whether Goff's rules judge it
 * otherwise ("goff differs": an action they refuse, or another
 * result).  Exit status 0 when every game passed, 1 if not, 2 on
 * trouble.
 */
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "process.h"

struct side {
	struct proc		 p;
	struct qttt_peer	*peer;
	struct qttt_referee	*ref;
};

static void
on_line(void *arg, struct proc *p, const char *line, size_t len)
{
	struct side	*s = arg;

	(void)p;
	if (qttt_referee_result(s->ref) == NULL)
		qttt_referee_line(s->ref, s->peer, line, len, now_ms());
}

/* Writes and reads until the game is over. */
static void
run(struct side *sd)
{
	struct pollfd	 pfd[4];
	struct side	*who[4];
	const char	*text;
	size_t		 n, k, i;
	ssize_t		 w;
	char		 msg[QTTT_MSG_MAX];

	while (qttt_referee_result(sd[0].ref) == NULL) {
		for (i = k = 0; i < 2; i++) {
			if (sd[i].p.pid == 0)
				continue;
			if ((n = qttt_peer_output(sd[i].peer, &text)) > 0) {
				if ((w = proc_write(&sd[i].p, text, n)) < 0) {
					proc_ended(&sd[i].p, msg, sizeof(msg));
					qttt_referee_fail(sd[i].ref, sd[i].peer,
					    QTTT_TERM_EXIT, msg, now_ms());
					continue;
				}
				qttt_peer_written(sd[i].peer, (size_t)w);
			}
			pfd[k].fd = sd[i].p.out;
			pfd[k].events = POLLIN;
			who[k++] = &sd[i];
		}
		if (k == 0 || poll(pfd, k, 1000) <= 0) {
			qttt_referee_tick(sd[0].ref, now_ms());
			continue;
		}
		for (i = 0; i < k; i++)
			if (pfd[i].revents != 0 &&
			    proc_read(&who[i]->p, on_line, who[i]) != 0) {
				proc_ended(&who[i]->p, msg, sizeof(msg));
				qttt_referee_fail(who[i]->ref, who[i]->peer,
				    QTTT_TERM_EXIT, msg, now_ms());
			}
	}
}

/* 0 if g is a game of the profile; whether goff judges it otherwise. */
static int
judge(const struct qttt_match_game *g, unsigned int rules, int *differs)
{
	struct qttt_game again, goff;
	size_t		 i;
	int		 refused = 0;

	qttt_game_init(&again);
	qttt_game_init(&goff);
	again.state.rules = (unsigned char)rules;
	for (i = 0; i < g->game.nplies; i++) {
		if (qttt_game_play(&again, &g->game.plies[i], NULL) != QTTT_OK)
			return -1;
		if (!refused && qttt_game_play(&goff, &g->game.plies[i],
		    NULL) != QTTT_OK)
			refused = 1;
	}
	if (g->term != QTTT_TERM_NORMAL || !again.state.result.over ||
	    !qttt_result_equal(&again.state.result, &g->score) ||
	    !qttt_rules_result_possible(rules, &g->score) ||
	    g->game.state.rules != rules)
		return -1;
	*differs = refused || !qttt_result_equal(&goff.state.result,
	    &again.state.result);
	return 0;
}

int
main(int argc, char *argv[])
{
	struct qttt_referee_opts o;
	struct qttt_game empty;
	struct side	 sd[2];
	const struct qttt_match_game *g;
	uint64_t	 seed[2];
	unsigned int	 rules;
	char		 res[16];
	int		 games, i, s, bad = 0, differs;

	signal(SIGPIPE, SIG_IGN);
	if (argc != 5 || qttt_rules_parse(argv[1], strlen(argv[1]), &rules,
	    NULL) == -1 || (games = atoi(argv[2])) < 1) {
		fprintf(stderr, "usage: profile PROFILE GAMES X O\n");
		return 2;
	}
	memset(&o, 0, sizeof(o));
	o.rules = rules;
	memset(sd, 0, sizeof(sd));
	if ((sd[0].ref = sd[1].ref = qttt_referee_new(&o)) == NULL)
		return 2;
	for (s = 0; s < 2; s++)
		if ((sd[s].peer = qttt_peer_new()) == NULL)
			return 2;
	qttt_game_init(&empty);
	for (i = 0; i < games; i++) {
		for (s = 0; s < 2; s++) {
			sd[s].p.in = sd[s].p.out = -1;
			if (proc_start(&sd[s].p, argv[3 + s], 1) == -1)
				return 2;
			qttt_peer_reset(sd[s].peer);
		}
		seed[0] = 2 * (uint64_t)i + 1;
		seed[1] = 2 * (uint64_t)i + 2;
		qttt_referee_start(sd[0].ref, sd[0].peer, sd[1].peer, &empty, 0,
		    seed, now_ms());
		run(sd);
		g = qttt_referee_result(sd[0].ref);
		qttt_result_format(&g->score, res, sizeof(res));
		if (judge(g, rules, &differs) == -1) {
			printf("game %d: %s, %s: not a game of %s: %s\n", i + 1,
			    res, qttt_termination_name(g->term), argv[1],
			    g->why);
			bad = 1;
		} else
			printf("game %d: %s%s\n", i + 1, res, differs ?
			    ", goff differs" : "");
		for (s = 0; s < 2; s++)
			proc_kill(&sd[s].p);
	}
	qttt_referee_free(sd[0].ref);
	qttt_peer_free(sd[0].peer);
	qttt_peer_free(sd[1].peer);
	return bad;
}
