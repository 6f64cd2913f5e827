/*
 * The reader of state strings (formats/state-string.md): a stream of
 * positions, one a line, such as qttt-replay prints.  Each line is a
 * record that holds a start position and no items.  Lines are read as
 * the line notation reads them: blank lines and '#' comments are left
 * out, a comment may follow the string, blanks around it are allowed,
 * and a line may end in CR LF.
 */
#include <string.h>

#include "qttt.h"
#include "internal.h"

static int
is_blank(int ch)
{
	return ch == ' ' || ch == '\t';
}

/*
 * Reads one line into rec, which it clears first.  Returns 1 if the
 * line is a record (a position, or a diagnostic saying why it is
 * none), 0 if it is blank or a comment.
 */
static int
state_line_parse(const char *s, size_t len, unsigned long lineno,
    struct qttt_record *rec)
{
	struct qttt_diag d;
	size_t		 lead = 0, end;

	qttt_record_clear(rec);
	rec->line = lineno;
	rec->format = QTTT_FORMAT_STATE;
	rec->text = s;
	if (!qttt_line_is_game(s, len))
		return 0;
	if (len > 0 && s[len - 1] == '\r') {
		len--;
		rec->textflags |= QTTT_TEXT_CRLF;
	}
	rec->textlen = len;
	end = qttt_line_comment(s, len, rec);
	while (lead < end && is_blank((unsigned char)s[lead]))
		lead++;
	while (end > lead && is_blank((unsigned char)s[end - 1]))
		end--;
	/* A comment line that the line notation refuses for its bytes. */
	if (end == lead) {
		qttt_line_bytes(rec, lineno, s, len);
		rec->damaged = 1;
		return 1;
	}
	/*
	 * The parser refuses any byte out of place in the string itself;
	 * once it is read, a refused byte can only be in the comment.
	 */
	if (qttt_state_parse(s + lead, end - lead, &rec->start, &d) !=
	    QTTT_OK) {
		qttt_record_diag(rec, d.code, lineno, lead + d.col, "%s",
		    d.msg);
		rec->damaged = 1;
	} else if (!qttt_line_bytes(rec, lineno, s, len))
		rec->damaged = 1;
	else
		rec->has_start = 1;
	return 1;
}

static int
state_next(struct qttt_reader *r, struct qttt_record *rec)
{
	struct reader_line l;
	int		 k;

	reader_lead_reset(r);
	while ((k = reader_getline(r, &l)) == 1) {
		if (l.toolong) {
			reader_toolong(rec, &l, QTTT_FORMAT_STATE);
			reader_lead_give(r, rec);
			return 1;
		}
		if (state_line_parse(l.text, l.len, l.lineno, rec)) {
			reader_lead_give(r, rec);
			rec->textflags |= reader_line_flags(r, &l);
			return 1;
		}
		reader_lead_add(r, l.text, l.len);
	}
	return k;
}

/*
 * An input is a stream of states if the first word of its first line
 * that is neither blank nor a comment holds both a '/' and a ',', as
 * the board of a state string does and no record of another format
 * does.  The formats that sniff before this one (YAML's flow
 * collections) have claimed their inputs by then.
 */
static int
state_sniff(const char *s, size_t n)
{
	size_t	 i = reader_skip_comments(s, n);
	int	 slash = 0, comma = 0;

	for (; i < n && !is_blank((unsigned char)s[i]) && s[i] != '\n' &&
	    s[i] != '\r'; i++) {
		slash |= s[i] == '/';
		comma |= s[i] == ',';
	}
	return slash && comma;
}

const struct reader_format qttt_state_reader_format = {
	QTTT_FORMAT_STATE, state_sniff, state_next, NULL, NULL
};
