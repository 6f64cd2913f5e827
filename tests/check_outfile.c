/*
 * Files written whole (lib/output/outfile.c): a file appears only once
 * it is closed and kept, never over an input or a file of the set
 * already written, keeps the mode of the file it replaces, is left as
 * it was when the bytes rewritten are the same, and leaves no
 * temporary behind; a write error is reported with the file's name.
 */
#define _XOPEN_SOURCE 700

#include <sys/stat.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "qttt.h"
#include "check_qttt.h"

static char	 dir[] = "/tmp/qttt-outfile-XXXXXX";
static char	 path[sizeof(dir) + 32];

static void
setup(void)
{
	strcpy(dir, "/tmp/qttt-outfile-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

/* The directory's entries, each removed (one level down too). */
static int
entries(int remove)
{
	DIR		*d;
	struct dirent	*e;
	char		 p[sizeof(path) + 256];
	int		 n = 0;

	ck_assert_ptr_nonnull(d = opendir(dir));
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		n++;
		snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
		if (remove && unlink(p) == -1)
			rmdir(p);
	}
	closedir(d);
	return n;
}

static void
teardown(void)
{
	entries(1);
	rmdir(dir);
}

static const char *
in_dir(const char *name)
{
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return path;
}

static void
put(const char *name, const char *text)
{
	FILE	*f;

	ck_assert_ptr_nonnull(f = fopen(in_dir(name), "w"));
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

/* The first line of the file name, "" if there is none. */
static const char *
got(const char *name)
{
	static char	 line[64];
	FILE		*f;

	line[0] = '\0';
	if ((f = fopen(in_dir(name), "r")) != NULL) {
		if (fgets(line, sizeof(line), f) == NULL)
			line[0] = '\0';
		fclose(f);
	}
	return line;
}

START_TEST(test_outfiles_whole)
{
	struct qttt_outfiles *set;
	struct qttt_diag d;
	const char	*name = NULL;
	struct stat	 st;
	mode_t		 mask = umask(022);
	FILE		*f;

	ck_assert_ptr_nonnull(set = qttt_outfiles_new());
	umask(mask);
	ck_assert_ptr_nonnull(f = qttt_outfiles_open(set, in_dir("new"), 0,
	    &d));
	fputs("new\n", f);
	/* Under a temporary name until it is whole. */
	ck_assert_int_ne(stat(in_dir("new"), &st), 0);
	ck_assert_int_eq(entries(0), 1);
	ck_assert_int_eq(qttt_outfiles_close(set, f, 1, &name, &d), 1);
	ck_assert_str_eq(name, in_dir("new"));
	ck_assert_str_eq(got("new"), "new\n");
	ck_assert_int_eq(stat(in_dir("new"), &st), 0);
	ck_assert_int_eq(st.st_mode & 07777, 0644);
	ck_assert_int_eq(entries(0), 1);

	/* A file replaced keeps its mode; one not kept is left. */
	put("old", "old\n");
	ck_assert_int_eq(chmod(in_dir("old"), 0600), 0);
	ck_assert_ptr_nonnull(f = qttt_outfiles_open(set, in_dir("old"), 0,
	    &d));
	fputs("discarded\n", f);
	ck_assert_int_eq(qttt_outfiles_close(set, f, 0, NULL, &d), 0);
	ck_assert_str_eq(got("old"), "old\n");
	ck_assert_ptr_nonnull(f = qttt_outfiles_open(set, in_dir("old"), 0,
	    &d));
	fputs("replaced\n", f);
	ck_assert_int_eq(qttt_outfiles_close(set, f, 1, NULL, &d), 1);
	ck_assert_str_eq(got("old"), "replaced\n");
	ck_assert_int_eq(stat(in_dir("old"), &st), 0);
	ck_assert_int_eq(st.st_mode & 07777, 0600);
	ck_assert_int_eq(entries(0), 2);

	/* A stream not of the set. */
	ck_assert_int_eq(qttt_outfiles_close(set, stdout, 1, &name, &d), -1);
	ck_assert_str_eq(d.msg, "not a file of this set");
	qttt_outfiles_free(set);
}
END_TEST

START_TEST(test_outfiles_refused)
{
	struct qttt_outfiles *set;
	struct qttt_diag d;
	const char	*name;
	char		 input[sizeof(path) + 128];
	FILE		*f, *g;

	ck_assert_ptr_nonnull(set = qttt_outfiles_new());
	put("in", "input\n");
	strcpy(input, in_dir("in"));
	ck_assert_int_eq(qttt_outfiles_input(set, input, "games", &d), 0);
	/* Not a regular file: not noted. */
	ck_assert_int_eq(qttt_outfiles_input(set, dir, "dir", &d), 0);
	ck_assert_ptr_null(qttt_outfiles_input_at(set, dir));
	ck_assert_str_eq(qttt_outfiles_input_at(set, input), "games");
	ck_assert_ptr_null(qttt_outfiles_open(set, input, 0, &d));
	ck_assert_int_eq(d.code, QTTT_E_IO);
	ck_assert_str_eq(d.msg, "the same file as the input games: not "
	    "written over");
	/* Through another name. */
	ck_assert_int_eq(link(input, in_dir("link")), 0);
	ck_assert_ptr_null(qttt_outfiles_open(set, in_dir("link"), 0, &d));
	ck_assert_str_eq(d.msg, "the same file as the input games: not "
	    "written over");
	ck_assert_str_eq(got("in"), "input\n");

	/* Two files of the set to one place. */
	ck_assert_ptr_nonnull(f = qttt_outfiles_open(set, in_dir("out"), 0,
	    &d));
	ck_assert_ptr_null(qttt_outfiles_open(set, in_dir("out"), 0, &d));
	ck_assert_str_eq(d.msg, "written already by this command: not "
	    "written over");
	snprintf(input, sizeof(input), "%s/./out", dir);
	ck_assert_ptr_null(qttt_outfiles_open(set, input, 0, &d));
	snprintf(input, sizeof(input), "the same file as %s/out, written "
	    "already by this command: not written over", dir);
	ck_assert_str_eq(d.msg, input);
	ck_assert_int_eq(qttt_outfiles_close(set, f, 1, &name, &d), 1);

	/* No directory. */
	ck_assert_ptr_null(g = qttt_outfiles_open(set, in_dir("no/out"), 0,
	    &d));
	ck_assert_str_eq(d.msg, "No such file or directory");
	qttt_outfiles_free(set);
}
END_TEST

START_TEST(test_outfiles_defer)
{
	struct qttt_outfiles *set;
	struct qttt_diag d;
	const char	*name = NULL;
	FILE		*f, *g;

	ck_assert_ptr_nonnull(set = qttt_outfiles_new());
	put("in", "input\n");
	ck_assert_int_eq(qttt_outfiles_input(set, in_dir("in"), "in", &d), 0);
	/* An input may be written once it is read. */
	ck_assert_ptr_nonnull(f = qttt_outfiles_open(set, in_dir("in"),
	    QTTT_OUT_DEFER, &d));
	fputs("deferred\n", f);
	ck_assert_ptr_nonnull(g = qttt_outfiles_open(set, in_dir("other"),
	    QTTT_OUT_DEFER, &d));
	fputs("other\n", g);
	ck_assert_int_eq(qttt_outfiles_close(set, f, 1, NULL, &d), 1);
	ck_assert_int_eq(qttt_outfiles_close(set, g, 1, NULL, &d), 1);
	ck_assert_str_eq(got("in"), "input\n");
	ck_assert_str_eq(got("other"), "");
	ck_assert_int_eq(qttt_outfiles_finish(set, 1, &name, &d), 0);
	ck_assert_str_eq(got("in"), "deferred\n");
	ck_assert_str_eq(got("other"), "other\n");
	ck_assert_int_eq(entries(0), 2);

	/* Not kept: removed, the file left as it was. */
	ck_assert_ptr_nonnull(f = qttt_outfiles_open(set, in_dir("other"),
	    QTTT_OUT_DEFER, &d));
	fputs("lost\n", f);
	ck_assert_int_eq(qttt_outfiles_close(set, f, 1, NULL, &d), 1);
	ck_assert_int_eq(qttt_outfiles_finish(set, 0, &name, &d), 0);
	ck_assert_str_eq(got("other"), "other\n");
	ck_assert_int_eq(entries(0), 2);

	/* One that cannot be put in place, the rest still are. */
	ck_assert_int_eq(mkdir(in_dir("sub"), 0777), 0);
	ck_assert_ptr_nonnull(f = qttt_outfiles_open(set, in_dir("sub/a"),
	    QTTT_OUT_DEFER, &d));
	ck_assert_ptr_nonnull(g = qttt_outfiles_open(set, in_dir("b"),
	    QTTT_OUT_DEFER, &d));
	ck_assert_int_eq(qttt_outfiles_close(set, f, 1, NULL, &d), 1);
	ck_assert_int_eq(qttt_outfiles_close(set, g, 1, NULL, &d), 1);
	/* A directory where sub/a goes. */
	ck_assert_int_eq(mkdir(in_dir("sub/a"), 0777), 0);
	ck_assert_int_eq(qttt_outfiles_finish(set, 1, &name, &d), -1);
	ck_assert_str_eq(name, in_dir("sub/a"));
	ck_assert_str_eq(d.msg, "Is a directory: not written");
	ck_assert_int_eq(qttt_outfiles_finish(set, 1, &name, &d), 0);
	ck_assert_int_eq(access(in_dir("b"), F_OK), 0);
	ck_assert_int_eq(rmdir(in_dir("sub/a")), 0);
	ck_assert_int_eq(rmdir(in_dir("sub")), 0);
	ck_assert_int_eq(entries(0), 3);
	qttt_outfiles_free(set);
}
END_TEST

START_TEST(test_outfiles_rewrite)
{
	struct qttt_outfiles *set;
	struct qttt_diag d;
	struct stat	 before, after;
	FILE		*f;

	ck_assert_ptr_nonnull(set = qttt_outfiles_new());
	put("in", "same\n");
	ck_assert_int_eq(qttt_outfiles_input(set, in_dir("in"), "in", &d), 0);
	ck_assert_int_eq(stat(in_dir("in"), &before), 0);
	ck_assert_ptr_nonnull(f = qttt_outfiles_open(set, in_dir("in"),
	    QTTT_OUT_REWRITE, &d));
	fputs("same\n", f);
	/* The same bytes: the file is not replaced. */
	ck_assert_int_eq(qttt_outfiles_close(set, f, 1, NULL, &d), 0);
	ck_assert_int_eq(stat(in_dir("in"), &after), 0);
	ck_assert(before.st_ino == after.st_ino);
	ck_assert_ptr_nonnull(f = qttt_outfiles_open(set, in_dir("in"),
	    QTTT_OUT_REWRITE, &d));
	fputs("other\n", f);
	ck_assert_int_eq(qttt_outfiles_close(set, f, 1, NULL, &d), 1);
	ck_assert_str_eq(got("in"), "other\n");
	ck_assert_int_eq(entries(0), 1);
	/* Only a regular file that exists is rewritten. */
	ck_assert_ptr_null(qttt_outfiles_open(set, in_dir("none"),
	    QTTT_OUT_REWRITE, &d));
	ck_assert_str_eq(d.msg, "No such file or directory: not rewritten");
	ck_assert_ptr_null(qttt_outfiles_open(set, dir, QTTT_OUT_REWRITE,
	    &d));
	ck_assert_str_eq(d.msg, "not a regular file: not rewritten");
	qttt_outfiles_free(set);
}
END_TEST

/* A device is written directly, and its write error reported. */
START_TEST(test_outfiles_write_error)
{
	struct qttt_outfiles *set;
	struct qttt_diag d;
	const char	*name = NULL;
	FILE		*f;
	int		 i;

	if (access("/dev/full", W_OK) != 0)
		return;
	ck_assert_ptr_nonnull(set = qttt_outfiles_new());
	ck_assert_ptr_nonnull(f = qttt_outfiles_open(set, "/dev/full", 0,
	    &d));
	for (i = 0; i < 10000; i++)
		fputs("a line that fills a buffer\n", f);
	ck_assert_int_eq(qttt_outfiles_close(set, f, 1, &name, &d), -1);
	ck_assert_str_eq(name, "/dev/full");
	ck_assert_str_eq(d.msg, "write error: No space left on device");
	qttt_outfiles_free(set);
}
END_TEST

/* What a signal handler calls: no temporary is left. */
START_TEST(test_outfiles_cleanup)
{
	struct qttt_outfiles *set;
	struct qttt_diag d;
	FILE		*f, *g;

	ck_assert_ptr_nonnull(set = qttt_outfiles_new());
	ck_assert_ptr_nonnull(f = qttt_outfiles_open(set, in_dir("a"), 0,
	    &d));
	ck_assert_ptr_nonnull(g = qttt_outfiles_open(set, in_dir("b"),
	    QTTT_OUT_DEFER, &d));
	ck_assert_int_eq(qttt_outfiles_close(set, g, 1, NULL, &d), 1);
	ck_assert_int_eq(entries(0), 2);
	qttt_outfiles_cleanup(set);
	ck_assert_int_eq(entries(0), 0);
	qttt_outfiles_cleanup(NULL);
	qttt_outfiles_free(set);
	qttt_outfiles_free(NULL);
}
END_TEST

START_TEST(test_make_dirs)
{
	struct qttt_diag d;
	struct stat	 st;

	ck_assert_int_eq(qttt_make_dirs(in_dir("a//b/c/"), &d), 0);
	ck_assert_int_eq(stat(in_dir("a/b/c"), &st), 0);
	ck_assert(S_ISDIR(st.st_mode));
	/* Made already: nothing to do. */
	ck_assert_int_eq(qttt_make_dirs(in_dir("a/b"), &d), 0);
	put("f", "");
	ck_assert_int_eq(qttt_make_dirs(in_dir("f/g"), &d), -1);
	ck_assert_str_eq(d.msg, "Not a directory");
	ck_assert_int_eq(qttt_make_dirs(in_dir("f"), &d), -1);
	ck_assert_str_eq(d.msg, "Not a directory");
	ck_assert_int_eq(rmdir(in_dir("a/b/c")), 0);
	ck_assert_int_eq(rmdir(in_dir("a/b")), 0);
}
END_TEST

Suite *
outfile_suite(void)
{
	Suite	*s = suite_create("outfile");
	TCase	*tc = tcase_create("outfile");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_outfiles_whole);
	tcase_add_test(tc, test_outfiles_refused);
	tcase_add_test(tc, test_outfiles_defer);
	tcase_add_test(tc, test_outfiles_rewrite);
	tcase_add_test(tc, test_outfiles_write_error);
	tcase_add_test(tc, test_outfiles_cleanup);
	tcase_add_test(tc, test_make_dirs);
	suite_add_tcase(s, tc);
	return s;
}
