/*
 * An engine with a fault, for the tests of qttt-match
 * (tests/match/run.sh): it plays random legal actions until its action
 * number at (default 2, counted over the process's life; 0 for the
 * handshake), then does what fault says:
 *
 *	crash	is killed by SIGSEGV
 *	exit	exits with status 3
 *	close	closes its output and sleeps
 *	hang	stops answering, and reading
 *	garbage	writes bytes that are no line of the protocol
 *	illegal	answers with both marks of a move in one square
 *	wrong	answers as the other player
 *	refuse	answers go with error
 *	flood	writes a line of 1 GiB, as fast as the pipe takes it
 *	stray	writes its bestaction twice
 *
 *	misere	lists a Rules option without goff
 *	norules	lists Rules with goff, and refuses to set it
 *	goffonly	lists Rules with goff alone (and plays it)
 *
 *	faulty fault [at [log]]
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "qttt.h"

static const char *fault, *logname;
static unsigned long at = 2, acts;
static struct qttt_generator gen;

static int
is(const char *name)
{
	return strcmp(fault, name) == 0;
}

/*
 * A line of 1 GiB.  With a log file, the bytes written so far and the
 * chunk about to be are kept there before each chunk: when the runner
 * kills the engine, at least what it read, and at most that and a
 * pipe's buffer.
 */
static void
flood(void)
{
	static char	 chunk[4096];
	unsigned long	 i;
	FILE		*log = logname != NULL ? fopen(logname, "w") : NULL;

	memset(chunk, 'x', sizeof(chunk));
	fputs("info string ", stdout);
	for (i = 0; i < (1UL << 30) / sizeof(chunk); i++) {
		if (log != NULL) {
			rewind(log);
			fprintf(log, "%lu\n", (i + 1) * sizeof(chunk));
			fflush(log);
		}
		if (fwrite(chunk, 1, sizeof(chunk), stdout) != sizeof(chunk) ||
		    fflush(stdout) == EOF)
			exit(1);
	}
	puts("");
}

/* The fault, at its time; returns 1 if it took the place of an answer. */
static int
misbehave(const struct qttt_state *st, struct qttt_action *a)
{
	char	 item[32];

	fflush(stdout);
	if (is("crash")) {
		/*
		 * Its default action: a sanitizer's handler of SIGSEGV
		 * would make the crash an exit with status 1.
		 */
		signal(SIGSEGV, SIG_DFL);
		raise(SIGSEGV);
	}
	if (is("exit"))
		exit(3);
	if (is("close")) {
		fclose(stdout);
		for (;;)
			pause();
	}
	if (is("hang"))
		for (;;)
			pause();
	if (is("garbage")) {
		fputs("bestaction \001\377 garbage\n", stdout);
		return 1;
	}
	if (is("refuse")) {
		puts("error I will not");
		return 1;
	}
	if (is("flood")) {
		flood();
		return 1;
	}
	if (is("stray")) {
		/* The answer, then one more. */
		qttt_action_format(a, item, sizeof(item));
		printf("bestaction %s\nbestaction %s\n", item, item);
		return 1;
	}
	if (is("illegal") && a->kind == QTTT_PLACE) {
		printf("bestaction %c%d %s %s\n", QTTT_LETTER(a->move),
		    a->move, qttt_square_name(a->sq[0]),
		    qttt_square_name(a->sq[0]));
		return 1;
	}
	if (is("wrong") && a->kind == QTTT_PLACE) {
		a->move = a->move == 1 ? 2 : a->move - 1;
		return 0;
	}
	(void)st;
	/* A measurement to answer: the fault waits for a move. */
	at++;
	return 0;
}

int
main(int argc, char *argv[])
{
	static struct qttt_qtp_parser *parser;
	struct qttt_qtp_msg m;
	struct qttt_state st;
	struct qttt_action acts_[QTTT_MAXACTIONS], a;
	char		 line[QTTT_QTP_LINE_MAX + 2], out[QTTT_QTP_LINE_MAX + 1];
	size_t		 n;

	if (argc < 2)
		return 2;
	fault = argv[1];
	if (argc > 2)
		at = strtoul(argv[2], NULL, 10);
	if (argc > 3)
		logname = argv[3];
	parser = qttt_qtp_parser_new();
	qttt_generator_init(&gen, 1, 0);
	qttt_state_init(&st);
	while (fgets(line, sizeof(line), stdin) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (qttt_qtp_parse(parser, line, strlen(line), &m, NULL) !=
		    QTTT_OK)
			continue;
		switch (m.kind) {
		case QTTT_QTP_QTP:
			if (at == 0 && misbehave(&st, &a))
				break;
			puts("id name faulty engine");
			if (is("misere"))
				puts("option name Rules type combo default "
				    "misere var misere");
			if (is("norules") || is("goffonly"))
				puts("option name Rules type combo default goff "
				    "var goff");
			puts("qtpok");
			break;
		case QTTT_QTP_SETOPTION:
			if (is("norules"))
				puts("error not these rules");
			break;
		case QTTT_QTP_ISREADY:
			puts("readyok");
			break;
		case QTTT_QTP_NEWGAME:
			qttt_generator_init(&gen, m.num[QTTT_QTP_SEED], 0);
			break;
		case QTTT_QTP_POSITION:
			st = m.game.state;
			break;
		case QTTT_QTP_GO:
			n = qttt_state_actions(&st, acts_);
			if (n == 0) {
				puts("error the game is over");
				break;
			}
			a = acts_[qttt_generator_uniform(&gen, n)];
			if (++acts == at && misbehave(&st, &a))
				break;
			qttt_qtp_init(&m, QTTT_QTP_BESTACTION);
			m.action = a;
			if (qttt_qtp_format(&m, out, sizeof(out)) > 0)
				puts(out);
			break;
		case QTTT_QTP_QUIT:
			return 0;
		default:
			break;
		}
		fflush(stdout);
	}
	return 0;
}
