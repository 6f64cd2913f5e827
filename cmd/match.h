/*
 * qttt-match's run, shared by its two files: qttt-match.c (options,
 * files: the openings, the records and the report) and engines.c (the
 * engines' processes, each spoken to through its peer, the jobs that
 * play the games, and the modes -c and -x).  Every decision is the
 * library's (lib/protocol).
 */
#ifndef QTTT_MATCH_H
#define QTTT_MATCH_H

#include <stdio.h>

#include "qttt.h"
#include "process.h"

/* The most games a match may have, and the most jobs. */
#define MAX_GAMES	1000000000000ULL
#define MAX_JOBS	256
/* How long engines have to quit at the end, in ms. */
#define QUIT_MS		1000
/*
 * The table of the solver that judges the engines' moves: most of a
 * game's positions stay in 2 MiB, and the runner stays small.
 */
#define JUDGE_TABLE	(2UL << 20)

enum report { REPORT_TEXT = 0, REPORT_JSON };

struct engine {
	const char		*cmd;
	struct qttt_engine_settings set;	/* option.NAME=VALUE ... */
	int			 ready;		/* a handshake done, once */
};

struct slot;

/* An engine's process in a job, and the runner's end of it. */
struct eproc {
	struct proc		 p;
	struct qttt_peer	*peer;
	size_t			 engine;
	struct slot		*slot;
	int			 answered;	/* a bestaction, out of games */
};

/* A job: a referee and a process per engine, one game at a time. */
struct slot {
	struct qttt_referee	*ref;
	struct eproc		*procs;
	long long		 game;		/* -1: none */
	struct eproc		*side[2];
};

/* The run: its options, its engines, its jobs and its output. */
struct match_run {
	/* Options. */
	enum qttt_adjudication	 adjudicate;	/* -a */
	unsigned int		 plies;
	const char		*date;		/* -D */
	const char		*event;		/* -e */
	int			 gauntlet;	/* -g */
	unsigned long long	 jobs;		/* -j */
	long long		 movetime;	/* -m */
	unsigned long long	 games;		/* -n */
	const char		*openfile;	/* -o */
	int			 shuffle;	/* -p */
	int			 quiet;		/* -q */
	unsigned int		 rules;		/* -R */
	unsigned long long	 seed;		/* -s */
	int			 sprt;		/* -S */
	struct qttt_sprt	 test;		/* -S's settings, ratio, verdict */
	const char		*tc;		/* -t, as given */
	long long		 clock, inc;
	enum report		 report;	/* -T */
	const char		*reportname;	/* --report */
	int			 verbose;	/* -v */
	const char		*file;		/* -w */
	int			 check;		/* -c */
	struct qttt_check	*checker;
	const char		*suite;		/* -x */
	int			 nomarks;	/* -M */
	struct qttt_solver	*judge;		/* of the engines' moves */

	struct engine		*engines;
	size_t			 nengines;
	struct qttt_match	*match;		/* the match's decisions */
	char			 timecontrol[96];
	struct qttt_solver	*solver;
	struct slot		*slots;
	size_t			 nslots;
	FILE			*out;
	const char		*outname;
	int			 progress;	/* -P, or a terminal */
	long long		 began;		/* ms, the first game's start */
	unsigned long long	 resumed;	/* games read back from -w */
	int			 trouble;
};

extern struct match_run M;

/*
 * engines.c: the handshake with engine i's first process, before any game: its
 * name, and whether it can play by the rules.  Exits if the engine
 * cannot; returns -1 after a note on another fault (the engine then
 * loses its games by its faults, each with a process of its own), or
 * 0.
 */
int	 probe(size_t i, struct eproc *);
/* -c and -x for engine i: the number of checks or positions failed. */
size_t	 check_engine(size_t i, struct eproc *);
unsigned long suite_engine(size_t i, struct eproc *, const char *path);
/* The jobs, each with a referee and a process per engine; their end. */
void	 setup_slots(void);
void	 stop_engines(void);
/* The match's games, each on a free job, until the director is done. */
void	 play(void);

/* qttt-match.c: the games ready written, in order, and counted. */
void	 write_ready(void);

#endif
