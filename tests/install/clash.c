/*
 * A program with functions of its own under names a program may well
 * choose, and that the library's modules use for their own functions
 * (a reader's getline, a renderer's status, a copy_out) under the
 * prefix of their layer (qttt__notation_reader_getline, ...).  It links
 * against libqttt.a (no "multiple definition": the archive's private
 * names all start with qttt__) and libqttt.so (no interposition: the
 * shared library exports none of them), and each side calls its own:
 * the program reads and draws a game from its standard input through
 * the library, which must not call the program's functions.
 */
#include <stdio.h>
#include <unistd.h>

#include <qttt.h>

int	 reader_getline(void);
int	 render_status(void);
int	 qttt_copy_out(void);

static int	 calls;

int
reader_getline(void)
{
	return ++calls;
}

int
render_status(void)
{
	return ++calls;
}

int
qttt_copy_out(void)
{
	return ++calls;
}

int
main(void)
{
	static struct qttt_record rec;
	struct qttt_game	 g;
	struct qttt_render_opts	 o;
	struct qttt_reader	*r;
	char			 buf[QTTT_RECORD_MAX];

	if ((r = qttt_reader_open(STDIN_FILENO, QTTT_FORMAT_AUTO)) == NULL ||
	    qttt_reader_next(r, &rec) != 1 || qttt_record_play(&rec, &g) != 0)
		return 1;
	qttt_reader_close(r);
	qttt_render_defaults(&o);
	if (qttt_render_text(stdout, &g.state, g.plies, g.nplies, &o) != 0)
		return 1;
	qttt_game_format(&g, buf, sizeof(buf));
	puts(buf);
	if (calls != 0) {
		fprintf(stderr, "clash: the library called the program\n");
		return 1;
	}
	return reader_getline() + render_status() + qttt_copy_out() == 6 ?
	    0 : 1;
}
