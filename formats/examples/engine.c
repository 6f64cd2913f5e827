/*
 * A minimal engine of the engine protocol, QTP
 * (formats/engine-protocol.md), on libqttt: it reads every message with
 * qttt_qtp_parse(), which plays positions by the rules as it reads
 * them, and answers go with a random legal action.
 *
 *	cc -o engine engine.c $(pkg-config --cflags --libs qttt)
 *	./engine [seed]
 */
#define _POSIX_C_SOURCE 200809L	/* getline() and ssize_t, in any -std */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qttt.h>

static struct qttt_generator gen;
static struct qttt_state pos;
static int	 have;			/* a position is set */
static char	 waiting[64];		/* a go infinite's answer */

/* Writes a message, then flushes, as the protocol asks. */
static void
say(const struct qttt_qtp_msg *m)
{
	char	 line[QTTT_QTP_LINE_MAX + 1];

	if (qttt_qtp_format(m, line, sizeof(line)) >= 0)
		printf("%s\n", line);
}

static void
refuse(const char *why)
{
	struct qttt_qtp_msg m;

	qttt_qtp_init(&m, QTTT_QTP_ERROR);
	m.text.s = why;
	m.text.len = strlen(why);
	say(&m);
}

static void
go(const struct qttt_qtp_msg *in)
{
	struct qttt_action acts[QTTT_MAXACTIONS];
	struct qttt_qtp_msg m;
	size_t	 n;

	if (!have || (n = qttt_state_actions(&pos, acts)) == 0) {
		refuse("no position, or the game is over");
		return;
	}
	qttt_qtp_init(&m, QTTT_QTP_BESTACTION);
	m.action = acts[qttt_generator_uniform(&gen, n)];
	if (in->has & QTTT_QTP_INFINITE) {
		/* The answer waits for stop. */
		if (qttt_qtp_format(&m, waiting, sizeof(waiting)) < 0)
			waiting[0] = '\0';
		return;
	}
	say(&m);
}

int
main(int argc, char *argv[])
{
	struct qttt_qtp_parser *parser = qttt_qtp_parser_new();
	struct qttt_qtp_msg m;
	struct qttt_diag d;
	enum qttt_code code;
	char	*line = NULL;
	size_t	 cap = 0;
	ssize_t	 len;

	if (parser == NULL)
		return 1;
	qttt_generator_init(&gen, argc > 1 ? strtoull(argv[1], NULL, 10) :
	    1, 0);
	while ((len = getline(&line, &cap, stdin)) != -1) {
		if (len > 0 && line[len - 1] == '\n')
			len--;
		code = qttt_qtp_parse(parser, line, (size_t)len, &m, &d);
		/* Any runner's message but isready and quit ends a search. */
		if (waiting[0] != '\0' && m.kind >= QTTT_QTP_QTP &&
		    m.kind < QTTT_QTP_QUIT && m.kind != QTTT_QTP_ISREADY) {
			printf("%s\n", waiting);
			waiting[0] = '\0';
		}
		if (code != QTTT_OK) {
			if (m.kind == QTTT_QTP_POSITION)
				have = 0;
			refuse(d.msg);
		} else if (m.kind == QTTT_QTP_QTP)
			printf("id name engine.c\nid protocol 1\nqtpok\n");
		else if (m.kind == QTTT_QTP_ISREADY)
			printf("readyok\n");
		else if (m.kind == QTTT_QTP_SETOPTION)
			refuse("no such option");
		else if (m.kind == QTTT_QTP_NEWGAME)
			qttt_generator_init(&gen, m.num[QTTT_QTP_SEED], 0);
		else if (m.kind == QTTT_QTP_POSITION) {
			pos = m.game.state;
			have = 1;
		} else if (m.kind == QTTT_QTP_GO)
			go(&m);
		else if (m.kind == QTTT_QTP_QUIT)
			break;
		fflush(stdout);
	}
	free(line);
	qttt_qtp_parser_free(parser);
	return 0;
}
