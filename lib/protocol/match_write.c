/*
 * What a match writes and reads back, above its director (match.c):
 * each game as a line-notation record, counted once written; a line
 * of progress after each; the standings; and a file of records that a
 * match wrote, read back line by line to go on from it.  It uses only
 * the library's public names, as a front end would.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"

/* How every record of a match starts: its first tag. */
#define RECORD_HEAD	"[event "

static struct qttt_qtp_text
text(const char *s)
{
	struct qttt_qtp_text t = { s != NULL ? s : "",
	    s != NULL ? strlen(s) : 0 };

	return t;
}

static void
say(struct qttt_diag *d, unsigned long line, const char *msg)
{
	memset(d, 0, sizeof(*d));
	d->code = QTTT_E_STATE;
	d->severity = QTTT_ERROR;
	d->line = line;
	snprintf(d->msg, sizeof(d->msg), "%s", msg);
}

int
qttt_match_write(struct qttt_match *m, FILE *f, const char *event,
    const char *timecontrol, struct qttt_diag *d)
{
	struct qttt_match_record store;
	struct qttt_match_info info;
	struct qttt_extras ex;
	const struct qttt_match_game *g;
	unsigned long long i;
	int		 r, status = 1;

	if ((g = qttt_match_ready(m, &i)) == NULL)
		return 0;
	qttt_match_describe(m, i, &info);
	info.event = text(event);
	info.timecontrol = text(timecontrol);
	/* A game the rules did not end has the result awarded. */
	qttt_match_extras(g, &info, &store, &ex);
	if ((r = qttt_record_write(f, QTTT_FORMAT_LINE, &g->game, &ex,
	    d)) == -2)
		status = -2;
	else if (r != 0 || fflush(f) == EOF)
		status = -1;
	/* Counted, written or not: the standings, the marks, the SPRT. */
	if (qttt_match_count(m, status == -2 ? NULL : d) != QTTT_OK &&
	    status == 1)
		status = -2;
	return status;
}

int
qttt_match_progress(const struct qttt_match *m, unsigned long long i,
    const struct qttt_match_game *g, long long elapsed,
    unsigned long long played, char *buf, size_t n)
{
	struct qttt_match_info info;
	struct qttt_fixture f;
	const struct qttt_tally *x, *o;
	unsigned long long total = qttt_match_total((struct qttt_match *)m);
	char		 res[16];
	long long	 left;

	qttt_result_format(&g->score, res, sizeof(res));
	qttt_match_describe(m, i, &info);
	qttt_match_fixture(m, i, &f);
	x = qttt_match_tally(m, f.x);
	o = qttt_match_tally(m, f.o);
	left = elapsed * (long long)(total - i - 1) /
	    (long long)(played > 0 ? played : 1) / 1000;
	return snprintf(buf, n, "game %llu of %llu: %.*s - %.*s %s%s (%s); "
	    "points %g of %lu, %g of %lu; about %lld:%02lld left", i + 1,
	    total, (int)info.x.len, info.x.s, (int)info.o.len, info.o.s, res,
	    g->term == QTTT_TERM_NORMAL ? "" : " *",
	    qttt_termination_name(g->term),
	    (x->points[0] + x->points[1]) / 2.0, x->games,
	    (o->points[0] + o->points[1]) / 2.0, o->games, left / 60,
	    left % 60);
}

int
qttt_match_standings(const struct qttt_match *m, FILE *f,
    const char *const *commands, const char *timecontrol, int json)
{
	struct qttt_standing *en;
	struct qttt_standings s;
	size_t		 i, n = qttt_match_engines(m);
	int		 r;

	if ((en = calloc(n > 0 ? n : 1, sizeof(*en))) == NULL)
		return -2;
	for (i = 0; i < n; i++) {
		en[i].name = qttt_match_engine(m, i);
		en[i].command = commands[i];
		en[i].tally = qttt_match_tally(m, i);
		en[i].against = qttt_match_against(m, i);
		en[i].met = qttt_match_met(m, i);
	}
	memset(&s, 0, sizeof(s));
	s.games = qttt_match_written(m);
	s.rules = qttt_match_rules(m);
	s.timecontrol = timecontrol;
	s.nengines = n;
	s.engines = en;
	s.sprt = qttt_match_sprt(m);
	r = qttt_standings_write(f, &s, json);
	free(en);
	return r;
}

int
qttt_match_resume_line(struct qttt_match *m, const char *line, size_t len,
    int complete, unsigned long lineno, struct qttt_record *rec,
    struct qttt_diag *d)
{
	struct qttt_game played;
	char		 msg[QTTT_MSG_MAX];
	size_t		 head = strlen(RECORD_HEAD);

	rec->ndiags = 0;
	if (!complete) {
		if (memcmp(line, RECORD_HEAD, len < head ? len : head) != 0) {
			say(d, lineno, "a last line with no newline that is "
			    "not the start of a record");
			return -1;
		}
		/* Cut short by a kill: the caller drops it. */
		return 1;
	}
	if (qttt_line_parse(line, len, lineno, rec) == 0) {
		rec->ndiags = 0;
		say(d, lineno, "a line that is not a record");
		return -1;
	}
	if (qttt_record_play(rec, &played) > 0) {
		say(d, rec->line, "");
		return -1;
	}
	if (qttt_match_resume(m, rec, &played, msg, sizeof(msg)) == -1) {
		say(d, rec->line, msg);
		return -2;
	}
	return 0;
}

/*
 * Reads a line of f into buf, of size bytes, and its length without
 * the newline into *n.  Returns 1 for a line, 2 for a last line with
 * no newline, 0 at the end, and -1 for a line longer than size - 1
 * bytes, whose rest is not read: a file's lines take no more memory
 * than a record has.
 */
static int
read_line(FILE *f, char *buf, size_t size, size_t *n)
{
	int	 c;

	*n = 0;
	while ((c = getc(f)) != EOF && c != '\n') {
		if (*n == size - 1)
			return -1;
		buf[(*n)++] = (char)c;
	}
	if (c == '\n')
		return 1;
	return *n > 0 ? 2 : 0;
}

int
qttt_match_resume_file(struct qttt_match *m, FILE *f, char *buf,
    size_t size, uint64_t *keep, struct qttt_record *rec,
    struct qttt_diag *d)
{
	size_t		 n;
	unsigned long	 lineno = 0;
	int		 k, r = 0;
	char		 msg[QTTT_MSG_MAX];

	*keep = 0;
	rec->ndiags = 0;
	while (r == 0 && (k = read_line(f, buf, size, &n)) != 0) {
		if (k == -1) {
			snprintf(msg, sizeof(msg), "a line of more than %zu "
			    "bytes", size - 1);
			say(d, lineno, msg);
			d->code = QTTT_E_LONGLINE;
			rec->ndiags = 0;
			return -1;
		}
		r = qttt_match_resume_line(m, buf, n, k == 1, lineno, rec, d);
		if (r == 0) {
			*keep += n + 1;
			lineno++;
		}
	}
	if (r == 0 && ferror(f)) {
		say(d, 0, "read error");
		d->code = QTTT_E_IO;
		return -3;
	}
	return r;
}
