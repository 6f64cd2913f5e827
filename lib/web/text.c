/*
 * Text a function of the library writes on a stream, caught in memory
 * (web.h): the page's writer copies it into the page, the module into
 * its output.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "qttt.h"
#include "web/web.h"

FILE *
qttt__web_text_open(struct qttt__web_text *t)
{
	t->buf = NULL;
	t->len = 0;
	return t->f = open_memstream(&t->buf, &t->len);
}

int
qttt__web_text_end(struct qttt__web_text *t)
{
	int	 bad = ferror(t->f);

	if (fclose(t->f) == EOF)
		bad = 1;
	t->f = NULL;
	if (bad || t->buf == NULL) {
		free(t->buf);
		t->buf = NULL;
		t->len = 0;
		if (errno == 0)
			errno = ENOMEM;
		return -1;
	}
	return 0;
}
