/*
 * search.h -- the selectors of tablero grep and the budget that bounds
 * a game's search (spec/compare.md, "tablero grep"). cmd_grep.c reads
 * the arguments and the files; tests/fuzz/fuzz_grep.c drives the same
 * code.
 */
#ifndef TB_CLI_SEARCH_H
#define TB_CLI_SEARCH_H

#include <stdint.h>
#include <stdio.h>

#include "tablero.h"

/* The steps a game's search may take unless --max-steps says
 * otherwise, and the most it may say. */
#define CLI_SEARCH_STEPS 10000000u
#define CLI_SEARCH_MAX_STEPS 1000000000000ull

typedef enum { CLI_SEL_MOVES, CLI_SEL_TAG, CLI_SEL_COMMENT, CLI_SEL_EVENT } cli_sel_kind;

typedef struct cli_search cli_search;

/* A search without selectors: its patterns ignore case when 'icase';
 * each game's search may take 'max_steps' steps (1 to
 * CLI_SEARCH_MAX_STEPS). The caller frees it with cli_search_free. */
cli_search *cli_search_new(int icase, uint64_t max_steps);
void cli_search_free(cli_search *s);

/* A search with the selectors of 's' (which must outlive it) and a
 * match state of its own, for another thread: searches share nothing
 * else. The caller frees it with cli_search_free. */
cli_search *cli_search_clone(const cli_search *s);

/* Adds the selector that option 'opt' ("--tag", "PATTERN") gives with
 * argument 'arg', which must outlive 's'. Returns 0, or -1 after
 * printing why it is bad (a pattern that does not compile is shown
 * with a caret). */
int cli_search_add(cli_search *s, cli_sel_kind kind, const char *opt, const char *arg);

/* Does 'rec' (read without errors from 'file') match every selector?
 * 1 yes, 0 no, -1 when it could not be told: the search ran out of
 * its steps or PCRE2 refused a match -- said on stderr at the game's
 * line; the game is then not selected. */
int cli_search_record(cli_search *s, const tb_record *rec, const char *file);
/* The same, saying on 'err' what could not be told. */
int cli_search_record_to(cli_search *s, const tb_record *rec, const char *file, FILE *err);

#endif
