/*
 * The engine's side of the engine protocol's options for a player of
 * levels (qttt-engine(1), formats/engine-protocol.md, section 3): what
 * it answers qtp with, and the setoption messages it takes.  Here, so
 * that an engine over the library, in C, in Python or in the browser,
 * offers the same options and takes them alike.
 */
#include <stdio.h>
#include <string.h>

#include "qttt.h"

static void
text(struct qttt_qtp_text *t, const char *s)
{
	t->s = s;
	t->len = strlen(s);
}

static void
id(struct qttt_qtp_msg *m, const char *word, const char *s)
{
	qttt_qtp_init(m, QTTT_QTP_ID);
	text(&m->word, word);
	if (s != NULL)
		text(&m->text, s);
}

static void
combo(struct qttt_qtp_msg *m, const char *name, const char *deflt)
{
	qttt_qtp_init(m, QTTT_QTP_OPTION);
	text(&m->name, name);
	m->type = QTTT_QTP_COMBO;
	m->has = QTTT_QTP_DEFAULT;
	text(&m->text, deflt);
}

void
qttt_level_hello(struct qttt_level_hello *h, const char *program,
    enum qttt_level l)
{
	struct qttt_qtp_msg *m;
	unsigned int	 r;
	const char	*name;
	size_t		 i;

	snprintf(h->name, sizeof(h->name), "%s %s %s", program, QTTT_VERSION,
	    qttt_level_name(l));
	id(&h->msg[0], "name", h->name);
	id(&h->msg[1], "author", "the qttt authors");
	id(&h->msg[2], "protocol", NULL);
	h->msg[2].num[QTTT_QTP_PROTOCOL] = QTTT_QTP_VERSION;
	h->msg[2].has = QTTT_QTP_HAS(QTTT_QTP_PROTOCOL);
	m = &h->msg[3];
	combo(m, "Level", qttt_level_name(l));
	for (i = 0; i < QTTT_NLEVELS; i++)
		text(&m->var[m->nvars++], qttt_level_name((enum qttt_level)i));
	/*
	 * Every preset, then every switch alone (two names for some
	 * profiles: ksmanis is double=2); the option takes any profile
	 * qttt_rules_parse() reads.
	 */
	m = &h->msg[4];
	combo(m, "Rules", "goff");
	for (i = 0; m->nvars < QTTT_QTP_MAXVARS &&
	    (name = qttt_rules_preset(i, &r)) != NULL; i++)
		text(&m->var[m->nvars++], name);
	for (i = 0; m->nvars < QTTT_QTP_MAXVARS &&
	    (name = qttt_rules_switch(i, &r)) != NULL; i++)
		text(&m->var[m->nvars++], name);
	h->n = QTTT_LEVEL_HELLO;
}

static int
refuse(struct qttt_diag *d, const struct qttt_qtp_msg *m, int value)
{
	memset(d, 0, sizeof(*d));
	d->code = QTTT_E_QTP;
	d->severity = QTTT_ERROR;
	if (value)
		snprintf(d->msg, sizeof(d->msg), "option %.*s does not take "
		    "the value '%.*s'", (int)m->name.len, m->name.s,
		    (int)m->text.len, m->text.s);
	else
		snprintf(d->msg, sizeof(d->msg), "no option %.*s",
		    (int)m->name.len, m->name.s);
	return -1;
}

int
qttt_level_setoption(const struct qttt_qtp_msg *m, enum qttt_level *l,
    unsigned int *rules, struct qttt_diag *d)
{
	char		 v[QTTT_RULES_NAME_MAX];
	unsigned int	 r;
	size_t		 i;
	int		 level = qttt_qtp_name_is(&m->name, "Level");

	if (!level && !qttt_qtp_name_is(&m->name, "Rules"))
		return refuse(d, m, 0);
	/*
	 * Combo values compare without regard to ASCII case: the value in
	 * lower case, as every level and profile is named.
	 */
	if (m->text.len >= sizeof(v))
		return refuse(d, m, 1);
	for (i = 0; i < m->text.len; i++)
		v[i] = m->text.s[i] >= 'A' && m->text.s[i] <= 'Z' ?
		    m->text.s[i] | 0x20 : m->text.s[i];
	v[i] = '\0';
	if (level)
		return qttt_level_parse(v, i, l) == 0 ? 0 : refuse(d, m, 1);
	if (qttt_rules_parse(v, i, &r, NULL) == -1)
		return refuse(d, m, 1);
	*rules = r;
	return 1;
}
