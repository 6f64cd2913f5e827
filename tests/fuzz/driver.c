/*
 * Runs a fuzz harness without libFuzzer: feeds it every file named on
 * the command line, and every file in every directory named, once each.
 * This is how make check replays the seed corpora and the kept crash
 * inputs on machines without clang.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static const char *progname = "driver";

/* Reads a whole file into a buffer of exactly its size. */
static int
run_file(const char *path)
{
	FILE	*f;
	uint8_t	*buf;
	long	 n;

	if ((f = fopen(path, "rb")) == NULL ||
	    fseek(f, 0, SEEK_END) == -1 || (n = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) == -1) {
		fprintf(stderr, "%s: %s: %s\n", progname, path,
		    strerror(errno));
		if (f != NULL)
			fclose(f);
		return -1;
	}
	/* malloc(0) may return NULL; the harness gets a valid pointer. */
	if ((buf = malloc(n > 0 ? (size_t)n : 1)) == NULL ||
	    fread(buf, 1, n, f) != (size_t)n) {
		fprintf(stderr, "%s: %s: cannot read\n", progname, path);
		free(buf);
		fclose(f);
		return -1;
	}
	fclose(f);
	LLVMFuzzerTestOneInput(buf, n);
	free(buf);
	return 0;
}

static int
cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs every regular file of a directory, in name order. */
static int
run_dir(const char *path, unsigned long *count)
{
	DIR		*d;
	struct dirent	*e;
	char		**names = NULL, **more, *p;
	size_t		 n = 0, cap = 0, i;
	int		 bad = 0;

	if ((d = opendir(path)) == NULL) {
		fprintf(stderr, "%s: %s: %s\n", progname, path,
		    strerror(errno));
		return -1;
	}
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			if ((more = realloc(names, cap * sizeof(*names))) ==
			    NULL)
				abort();
			names = more;
		}
		if ((p = malloc(strlen(path) + strlen(e->d_name) + 2)) == NULL)
			abort();
		sprintf(p, "%s/%s", path, e->d_name);
		names[n++] = p;
	}
	closedir(d);
	qsort(names, n, sizeof(*names), cmp_names);
	for (i = 0; i < n; i++) {
		if (run_file(names[i]) == -1)
			bad = -1;
		else
			(*count)++;
		free(names[i]);
	}
	free(names);
	return bad;
}

int
main(int argc, char *argv[])
{
	struct stat	 sb;
	unsigned long	 count = 0;
	int		 i, bad = 0;

	if (argc > 0 && argv[0] != NULL) {
		progname = strrchr(argv[0], '/');
		progname = progname != NULL ? progname + 1 : argv[0];
	}
	for (i = 1; i < argc; i++) {
		if (stat(argv[i], &sb) == -1) {
			fprintf(stderr, "%s: %s: %s\n", progname, argv[i],
			    strerror(errno));
			bad = 1;
		} else if (S_ISDIR(sb.st_mode)) {
			if (run_dir(argv[i], &count) == -1)
				bad = 1;
		} else if (run_file(argv[i]) == -1)
			bad = 1;
		else
			count++;
	}
	printf("%s: %lu inputs\n", progname, count);
	return bad ? EXIT_FAILURE : EXIT_SUCCESS;
}
