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

static struct qttt_qtp_parser *parser;
static struct qttt_generator gen;
static struct qttt_state pos;
static int	 have;			/* a position is set */
static char	 waiting[64];		/* a go infinite's answer */
static char	 queued[8192];		/* the lines that wait for its stop */
static size_t	 nqueued;

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

/* Deals with a line; returns 1 after quit. */
static int
take(const char *line, size_t len)
{
	struct qttt_qtp_msg m;
	struct qttt_diag d;
	enum qttt_code code = qttt_qtp_parse(parser, line, len, &m, &d);
	char	 q[sizeof(queued)];
	size_t	 n = nqueued, i;

	/* While a search waits for stop, so do the runner's messages but
	 * isready and quit; stop answers, then they are dealt with. */
	if (waiting[0] != '\0' && m.kind >= QTTT_QTP_QTP &&
	    m.kind < QTTT_QTP_QUIT && m.kind != QTTT_QTP_ISREADY) {
		if (m.kind != QTTT_QTP_STOP) {
			if (len < sizeof(queued) - nqueued) {
				memcpy(queued + nqueued, line, len);
				queued[nqueued + len] = '\n';
				nqueued += len + 1;
			}
			return 0;
		}
		printf("%s\n", waiting);
		waiting[0] = '\0';
		memcpy(q, queued, n);
		for (nqueued = i = 0; i < n; i += strlen(q + i) + 1) {
			*strchr(q + i, '\n') = '\0';
			if (take(q + i, strlen(q + i)))
				return 1;
		}
		return 0;
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
	return m.kind == QTTT_QTP_QUIT;
}

int
main(int argc, char *argv[])
{
	char	*line = NULL;
	size_t	 cap = 0;
	ssize_t	 len;

	if ((parser = qttt_qtp_parser_new()) == NULL)
		return 1;
	qttt_generator_init(&gen, argc > 1 ? strtoull(argv[1], NULL, 10) :
	    1, 0);
	while ((len = getline(&line, &cap, stdin)) != -1) {
		if (len > 0 && line[len - 1] == '\n')
			len--;
		if (take(line, (size_t)len))
			break;
		fflush(stdout);
	}
	free(line);
	qttt_qtp_parser_free(parser);
	return 0;
}
