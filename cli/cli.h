/*
 * cli.h -- what the subcommands of tablero(1) share.
 *
 * Exit codes, for every subcommand: 0 nothing wrong, 1 problems found
 * in the input, 2 could not run (usage, unreadable file, I/O).
 */
#ifndef TB_CLI_H
#define TB_CLI_H

#include <stdio.h>

#include "tablero.h"

enum { EXIT_CLEAN = 0, EXIT_PROBLEMS = 1, EXIT_TROUBLE = 2 };

typedef struct cli_cmd {
	const char *name;
	const char *summary;
	const char *usage;   /* full --help text */
	int (*run)(int argc, char **argv);
} cli_cmd;

int cmd_parse(int argc, char **argv);
int cmd_fmt(int argc, char **argv);
int cmd_validate(int argc, char **argv);
int cmd_perft(int argc, char **argv);
int cmd_random(int argc, char **argv);
int cmd_xml(int argc, char **argv);
int cmd_svg(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_grep(int argc, char **argv);
int cmd_fill(int argc, char **argv);
int cmd_collate(int argc, char **argv);

/* Reads the search option at argv[*i] (--search-turns N,
 * --search-positions N, --candidates N, --window N) into 'o', moving *i
 * past its value: 1 when it was one, 0 when not, -1 after printing why
 * its value is wrong. */
int cli_search_arg(const char *cmd, int argc, char **argv, int *i, tb_search_opts *o);
/* Shows a long search's progress on standard error when it is a
 * terminal (tb_search_opts.progress); cli_progress_done clears it. */
void cli_progress(void *ctx, unsigned long positions);
void cli_progress_done(void);

/* Prints every diagnostic of the reader's last record to stderr.
 * Returns how many of them were errors (or warnings too, if 'strict'). */
size_t cli_print_diags(const tb_reader *r, int strict);

/* Prints the errors (not the warnings) of the reader's last record to
 * stderr; returns how many. For commands that read records to search
 * or compare them, where warnings are validate's business. */
size_t cli_print_errors(const tb_reader *r);

/* Opens 'path' for reading ("-" is stdin). Returns NULL after printing
 * why. */
FILE *cli_open(const char *path);
void cli_close(FILE *f);

/* Prints "tablero CMD: message" to stderr. */
void cli_error(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Returns 1 when argv holds -h or --help before "--". */
int cli_wants_help(int argc, char **argv);

/* Writes 'len' bytes to a new file beside 'path' and renames it over
 * 'path' once it is complete; the file keeps its permissions. Returns 0,
 * or -1 after printing why (the original is untouched). */
typedef struct cli_atomic cli_atomic;
cli_atomic *cli_atomic_begin(const char *path);
int cli_atomic_write(cli_atomic *a, const char *s, size_t len);
int cli_atomic_commit(cli_atomic *a);
void cli_atomic_abort(cli_atomic *a);

#endif
