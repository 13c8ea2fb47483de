/*
 * search.h -- tablero grep's selectors as the command line gives them
 * and its words about them: a query of the library (tb_grep, tablero.h
 * "Searching records") with the option that gave each selector, so
 * that a bad selector, a game whose search ran out of steps and one
 * whose events could not be told are said as spec/compare.md ("tablero
 * grep") shows. The searching is the library's; this is the printing.
 */
#ifndef TB_CLI_SEARCH_H
#define TB_CLI_SEARCH_H

#include <stdint.h>
#include <stdio.h>

#include "tablero.h"

/* The steps a game's search may take unless --max-steps says
 * otherwise, and the most it may say: the library's. */
#define CLI_SEARCH_STEPS TB_GREP_STEPS
#define CLI_SEARCH_MAX_STEPS TB_GREP_MAX_STEPS

typedef enum {
	CLI_SEL_MOVES = TB_GREP_MOVES,
	CLI_SEL_TAG = TB_GREP_TAG,
	CLI_SEL_COMMENT = TB_GREP_COMMENT,
	CLI_SEL_EVENT = TB_GREP_EVENT
} cli_sel_kind;

typedef struct cli_search cli_search;

/* A search without selectors: its patterns ignore case when 'icase';
 * each game's search may take 'max_steps' steps (1 to
 * CLI_SEARCH_MAX_STEPS). The caller frees it with cli_search_free. */
cli_search *cli_search_new(int icase, uint64_t max_steps);
void cli_search_free(cli_search *s);

/* A search with the selectors of 's' (which must outlive it) and a
 * match state of its own, for another thread (tb_grep_clone). The
 * caller frees it with cli_search_free. */
cli_search *cli_search_clone(const cli_search *s);

/* Adds the selector that option 'opt' ("--tag", "PATTERN") gives with
 * argument 'arg', which must outlive 's'. Returns 0, or -1 after
 * printing why it is bad (a pattern that does not compile is shown
 * with a caret). */
int cli_search_add(cli_search *s, cli_sel_kind kind, const char *opt, const char *arg);

/* Does 'rec' (read without errors from 'file') match every selector?
 * 1 yes, 0 no, -1 when it could not be told: the search ran out of
 * its steps, PCRE2 refused a match, or an event depends on what the
 * rules cannot tell -- said on 'err' at the game's line or the turn;
 * the game is then not selected. */
int cli_search_record_to(cli_search *s, const tb_record *rec, const char *file, FILE *err);

#endif
