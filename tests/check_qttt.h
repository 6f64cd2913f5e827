/*
 * The unit test suites, one per library module; tests/check_main.c runs
 * them all, or the one CK_RUN_SUITE names.
 */
#ifndef CHECK_QTTT_H
#define CHECK_QTTT_H

#include <check.h>

#include "qttt.h"

/*
 * An input held in a temporary file, read and played game by game into
 * the caller's record and game (check_input.c).
 */
struct input {
	FILE			*f;
	struct qttt_reader	*r;
	struct qttt_record	*rec;
	struct qttt_game	*game;
	size_t			 errors;	/* of the last game */
};

void	 input_open(struct input *, const char *data, size_t n,
	    enum qttt_format, struct qttt_record *, struct qttt_game *);
/* Reads and plays the next game: 1, or 0 at the end. */
int	 input_next(struct input *);
void	 input_close(struct input *);
/* Shows a record's diagnostics on standard error, for a failing test. */
void	 input_dump_diags(const char *name, const struct qttt_record *);
/* The canonical line-notation form of a game, in a static buffer. */
const char *input_canonical(const struct qttt_game *);
/* qttt_record_write() with no diagnostic asked for. */
int	 write_to(FILE *, enum qttt_format, const struct qttt_game *,
	    const struct qttt_extras *);

/* Output of a writer, in a string the caller frees (check_input.c). */
struct out {
	char	*buf;
	size_t	 len;
	FILE	*f;
};

FILE	*out_open(struct out *);
char	*out_close(struct out *);
/* How many times needle is in hay, not overlapping. */
size_t	 occurrences(const char *hay, const char *needle);
/* What qttt_render_svg() draws, in a string the caller frees. */
char	*svg_of(const struct qttt_state *, const struct qttt_action *plies,
	    size_t n, const struct qttt_render_opts *);
/*
 * The values of positions by the test's own search on the rules engine
 * (check_solve.c), which every suite may trust as independent of the
 * solver: a plain minimax (seconds from move 6), and the same with
 * alpha-beta pruning (milliseconds from move 5).
 */
int	 minimax(const struct qttt_state *);
int	 pruned_value(const struct qttt_state *);

/*
 * The size of a random sample that a search checks (tests tagged
 * "search"): quick in make check, full where QTTT_CHECK_FULL is set
 * (make check-full, which .ci/run runs).  check_main.c.
 */
int	 sample_size(int quick, int full);

/*
 * The profiles of loop tests under each rule profile: the switches
 * alone (qttt_rules_switch), then the presets (qttt_rules_preset),
 * NPROFILES in all.  check_main.c.
 */
#define NPROFILES	18
unsigned int	 loop_profile(int i);

/*
 * A random position under profile rules, its next move at least from:
 * random actions from the empty board (the generator plays Goff's
 * rules only), stopping after each with chance 1 in 3.  check_main.c.
 */
void		 profile_state(struct qttt_generator *, unsigned int rules,
		    int from, struct qttt_state *);

Suite	*rules_suite(void);
Suite	*generate_suite(void);
Suite	*line_suite(void);
Suite	*variation_suite(void);
Suite	*yaml_suite(void);
Suite	*goff_suite(void);
Suite	*convert_suite(void);
Suite	*render_suite(void);
Suite	*layout_suite(void);
Suite	*state_suite(void);
Suite	*chunk_suite(void);
Suite	*symmetry_suite(void);
Suite	*solve_suite(void);
Suite	*perft_suite(void);
Suite	*features_suite(void);
Suite	*select_suite(void);
Suite	*stats_suite(void);
Suite	*annotate_suite(void);
Suite	*diag_suite(void);
Suite	*stream_suite(void);
Suite	*canonical_suite(void);
Suite	*qtp_suite(void);
Suite	*referee_suite(void);
Suite	*match_suite(void);
Suite	*web_suite(void);
Suite	*outfile_suite(void);

#endif /* !CHECK_QTTT_H */
