/*
 * A match's settings as a user writes them (qttt-match(1)): the SPRT's
 * bounds, an adjudication, the time control's name in the records and
 * the report, and an engine's options and limits as cutechess-cli
 * takes them.  Parsed here, so that every runner reads them alike.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"

int
qttt_sprt_parse(const char *s, struct qttt_sprt *t)
{
	double	 v[4];
	char	*end;
	int	 i;

	for (i = 0; i < 4; i++) {
		errno = 0;
		v[i] = strtod(s, &end);
		if (end == s || errno != 0 || *end != (i < 3 ? ',' : '\0'))
			return -1;
		s = end + 1;
	}
	if (!(v[0] < v[1]) || !(v[2] > 0 && v[2] < 1) ||
	    !(v[3] > 0 && v[3] < 1) || v[0] < -1000 || v[1] > 1000)
		return -1;
	memset(t, 0, sizeof(*t));
	t->elo0 = v[0];
	t->elo1 = v[1];
	t->alpha = v[2];
	t->beta = v[3];
	return 0;
}

int
qttt_adjudication_parse(const char *s, enum qttt_adjudication *a,
    unsigned int *plies)
{
	unsigned long	 v;
	char		*end;

	if (strcmp(s, "settled") == 0) {
		*a = QTTT_ADJ_SETTLED;
		return 0;
	}
	/* Digits only: no sign, no blank, no base. */
	if (s[0] < '0' || s[0] > '9')
		return -1;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (*end != '\0' || errno != 0 || v > QTTT_MAXPLIES)
		return -1;
	*a = QTTT_ADJ_PLIES;
	*plies = (unsigned int)v;
	return 0;
}

void
qttt_timecontrol_format(const char *clock, long long movetime, char *buf,
    size_t n)
{
	if (n == 0)
		return;
	buf[0] = '\0';
	if (clock != NULL && movetime > 0)
		snprintf(buf, n, "%s, movetime %lld", clock, movetime);
	else if (clock != NULL)
		snprintf(buf, n, "%s", clock);
	else if (movetime > 0)
		snprintf(buf, n, "movetime %lld", movetime);
}

void
qttt_engine_settings_init(struct qttt_engine_settings *s)
{
	memset(s, 0, sizeof(*s));
}

static int
refuse(struct qttt_diag *d, const char *arg, const char *why)
{
	memset(d, 0, sizeof(*d));
	d->code = QTTT_E_SYNTAX;
	d->severity = QTTT_ERROR;
	snprintf(d->msg, sizeof(d->msg), "%.80s: %s", arg, why);
	return -1;
}

/* Whether len bytes at s hold a control character. */
static int
has_control(const char *s, size_t len)
{
	size_t	 i;

	for (i = 0; i < len; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return 1;
	return 0;
}

/* Whether the name holds the word "value", which would end it. */
static int
has_value_word(const char *s, size_t len)
{
	size_t	 i;

	for (i = 0; i + 5 <= len; i++)
		if (memcmp(s + i, "value", 5) == 0 &&
		    (i == 0 || s[i - 1] == ' ') &&
		    (i + 5 == len || s[i + 5] == ' '))
			return 1;
	return 0;
}

/* A limit, 1 to 2^63 - 1, after its "depth=" or "nodes=". */
static int
limit(const char *arg, const char *s, uint64_t *v, struct qttt_diag *d)
{
	unsigned long long n;
	char		*end;

	errno = 0;
	if (*s < '1' || *s > '9' || (n = strtoull(s, &end, 10), errno != 0) ||
	    *end != '\0' || n > INT64_MAX)
		return refuse(d, arg, "not a limit (1 to 2^63-1)");
	*v = (uint64_t)n;
	return 1;
}

int
qttt_engine_settings_add(struct qttt_engine_settings *s, const char *arg,
    struct qttt_diag *d)
{
	struct qttt_engine_option *o;
	struct qttt_qtp_text t;
	const char	*name, *eq;
	size_t		 len, i;

	if (strncmp(arg, "depth=", 6) == 0)
		return limit(arg, arg + 6, &s->depth, d);
	if (strncmp(arg, "nodes=", 6) == 0)
		return limit(arg, arg + 6, &s->nodes, d);
	if (strncmp(arg, "option.", 7) != 0)
		return 0;
	name = arg + 7;
	if ((eq = strchr(name, '=')) == NULL)
		return refuse(d, arg, "not option.NAME=VALUE");
	len = (size_t)(eq - name);
	if (len == 0 || name[0] == ' ' || name[len - 1] == ' ')
		return refuse(d, arg, "an option's name is not empty and has "
		    "no blank at either end");
	if (len >= QTTT_SETTING_NAME_MAX || strlen(eq + 1) >=
	    QTTT_SETTING_VALUE_MAX)
		return refuse(d, arg, "a name of at most 63 bytes, a value of "
		    "at most 255");
	if (has_control(name, strlen(name)) || has_value_word(name, len))
		return refuse(d, arg, "a name or value with a control "
		    "character, or a name with the word 'value', cannot be "
		    "sent");
	t.s = name;
	t.len = len;
	if (qttt_qtp_name_is(&t, "Rules"))
		return refuse(d, arg, "the Rules option is set by the rule "
		    "profile (-R)");
	for (i = 0; i < s->n; i++)
		if (qttt_qtp_name_is(&t, s->opt[i].name))
			return refuse(d, arg, "the option is set twice");
	if (s->n == QTTT_SETTINGS_MAX)
		return refuse(d, arg, "more than 32 options for one engine");
	o = &s->opt[s->n++];
	memcpy(o->name, name, len);
	o->name[len] = '\0';
	snprintf(o->value, sizeof(o->value), "%s", eq + 1);
	return 1;
}
