/*
 * The engine protocol's message parser (formats/engine-protocol.md):
 * each line of the input is read as a message.  A line that reads is
 * written back in canonical form, which must read back as the same
 * message and write again as the same bytes; a line refused gets a
 * diagnostic with its code, a message and a column inside the line.
 */
#include <string.h>

#include "qttt.h"
#include "fuzz.h"

static struct qttt_qtp_parser *parser;

static int
text_same(const struct qttt_qtp_text *a, const struct qttt_qtp_text *b)
{
	return a->len == b->len && (a->len == 0 ||
	    memcmp(a->s, b->s, a->len) == 0);
}

static int
action_same(const struct qttt_action *a, const struct qttt_action *b)
{
	if (a->kind != b->kind || a->move != b->move)
		return 0;
	if (a->kind == QTTT_MEASURE)
		return a->sq[0] == b->sq[0];
	return (a->sq[0] == b->sq[0] && a->sq[1] == b->sq[1]) ||
	    (a->sq[0] == b->sq[1] && a->sq[1] == b->sq[0]);
}

/* Two messages say the same, field by field of their kind. */
static int
same(const struct qttt_qtp_msg *a, const struct qttt_qtp_msg *b)
{
	size_t	 i;
	int	 f;

	if (a->kind != b->kind || a->has != b->has)
		return 0;
	for (f = 0; f < QTTT_QTP_NFIELDS; f++)
		if ((a->has & QTTT_QTP_HAS(f)) && a->num[f] != b->num[f])
			return 0;
	switch (a->kind) {
	case QTTT_QTP_ID:
		return text_same(&a->word, &b->word) &&
		    text_same(&a->text, &b->text);
	case QTTT_QTP_SETOPTION:
		return text_same(&a->name, &b->name) &&
		    text_same(&a->text, &b->text);
	case QTTT_QTP_OPTION:
		if (!text_same(&a->name, &b->name) || a->type != b->type ||
		    !text_same(&a->text, &b->text) || a->nvars != b->nvars ||
		    ((a->has & QTTT_QTP_MIN) && a->min != b->min) ||
		    ((a->has & QTTT_QTP_MAX) && a->max != b->max))
			return 0;
		for (i = 0; i < a->nvars; i++)
			if (!text_same(&a->var[i], &b->var[i]))
				return 0;
		return 1;
	case QTTT_QTP_INFO:
		return text_same(&a->pv, &b->pv) &&
		    text_same(&a->text, &b->text) &&
		    (!(a->has & QTTT_QTP_VALUE) ||
		    memcmp(&a->value, &b->value, sizeof(a->value)) == 0);
	case QTTT_QTP_POSITION:
		if (a->from_state != b->from_state ||
		    a->game.nplies != b->game.nplies ||
		    !qttt_state_equal(&a->game.state, &b->game.state))
			return 0;
		for (i = 0; i < a->game.nplies; i++)
			if (!action_same(&a->game.plies[i], &b->game.plies[i]))
				return 0;
		return 1;
	case QTTT_QTP_BESTACTION:
		return action_same(&a->action, &b->action);
	case QTTT_QTP_ERROR:
		return text_same(&a->text, &b->text);
	default:
		return 1;
	}
}

/* Text of a message lies inside the line read. */
static void
check_inside(const struct qttt_qtp_text *t, const char *s, size_t n)
{
	FUZZ_ASSERT(t->len == 0 || (t->s >= s && t->s + t->len <= s + n),
	    "text outside the line");
}

static void
check_line(const char *s, size_t n)
{
	static struct qttt_qtp_msg m, back;
	static char	 buf[QTTT_QTP_LINE_MAX + 1], again[QTTT_QTP_LINE_MAX + 1];
	struct qttt_diag d;
	enum qttt_code	 code;
	size_t		 i;
	int		 k, k2;

	memset(&d, 0, sizeof(d));
	code = qttt_qtp_parse(parser, s, n, &m, &d);
	if (code != QTTT_OK) {
		FUZZ_ASSERT(d.code == code && code > QTTT_OK &&
		    code < QTTT__NCODES, "code %d", (int)code);
		FUZZ_ASSERT(d.msg[0] != '\0' &&
		    memchr(d.msg, '\0', sizeof(d.msg)) != NULL &&
		    strchr(d.msg, '\n') == NULL, "bad message");
		FUZZ_ASSERT(d.col <= n, "column %lu of %zu bytes", d.col, n);
		FUZZ_ASSERT(qttt_qtp_parse(parser, s, n, &m, NULL) == code,
		    "another code without a diag");
		return;
	}
	FUZZ_ASSERT((unsigned)m.kind <= QTTT_QTP_ERROR, "kind %d",
	    (int)m.kind);
	check_inside(&m.word, s, n);
	check_inside(&m.name, s, n);
	check_inside(&m.text, s, n);
	check_inside(&m.pv, s, n);
	for (i = 0; i < m.nvars; i++)
		check_inside(&m.var[i], s, n);
	if (m.kind == QTTT_QTP_POSITION)
		FUZZ_ASSERT(qttt_state_check(&m.game.state, NULL) == QTTT_OK,
		    "a position the rules cannot reach");
	k = qttt_qtp_format(&m, buf, sizeof(buf));
	if (m.kind == QTTT_QTP_NONE || m.kind == QTTT_QTP_UNKNOWN ||
	    (m.kind == QTTT_QTP_OPTION && m.type == QTTT_QTP_OTHER_TYPE)) {
		FUZZ_ASSERT(k == -1, "a message of no kind written");
		return;
	}
	/*
	 * Canonical squares and items may be longer than those read.  A
	 * bestaction placing both marks in one square (X1 a1 a1, not the
	 * forced X9 b2) is read for the runner to charge as illegal
	 * (check_referee.c, test_faults), and the writer refuses it, as
	 * an action the rules refuse (qttt.h, qttt_qtp_format()).
	 */
	FUZZ_ASSERT(k >= 0 || n > QTTT_QTP_LINE_MAX / 2 ||
	    (m.kind == QTTT_QTP_BESTACTION && m.action.kind == QTTT_PLACE &&
	    m.action.sq[0] == m.action.sq[1] &&
	    m.action.move != QTTT_MAXMOVES),
	    "'%.*s' cannot be written back", (int)n, s);
	if (k < 0)
		return;
	FUZZ_ASSERT(qttt_qtp_parse(parser, buf, k, &back, &d) == QTTT_OK,
	    "'%s' does not read back: %s", buf, d.msg);
	FUZZ_ASSERT(same(&m, &back), "'%.*s' reads back from '%s' as "
	    "another message", (int)n, s, buf);
	k2 = qttt_qtp_format(&back, again, sizeof(again));
	FUZZ_ASSERT(k2 == k && memcmp(buf, again, k) == 0, "'%s' writes "
	    "again as '%s'", buf, again);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	if (parser == NULL)
		FUZZ_ASSERT((parser = qttt_qtp_parser_new()) != NULL,
		    "out of memory");
	/* Each line is a message; the input as a whole is one too. */
	fuzz_lines(data, n, check_line);
	return 0;
}
