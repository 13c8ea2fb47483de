/*
 * cli.h -- what the subcommands of tablero(1) share.
 *
 * Exit codes, for every subcommand: 0 nothing wrong, 1 problems found
 * in the input, 2 could not run (usage, unreadable file, I/O).
 */
#ifndef TB_CLI_H
#define TB_CLI_H

#include <stdio.h>
#include <sys/stat.h>

#include "options.h"
#include "tablero.h"

enum { EXIT_CLEAN = 0, EXIT_PROBLEMS = 1, EXIT_TROUBLE = 2 };

/* Out of memory, in the library or here: "tablero: out of memory" on
 * standard error and exit status 2, at once, from any thread (_exit:
 * other threads may be writing; no file half made is renamed over the
 * one it replaces, though its temporary file may stay). Never abort(). */
_Noreturn void cli_oom(void);
/* The library's calls that make something, with TB_ENOMEM (or NULL
 * where they cannot otherwise return it) as cli_oom. */
tb_reader *cli_reader_new_file(FILE *f, const char *name);
tb_reader *cli_reader_new_mem(const char *buf, size_t len, const char *name);
int cli_reader_next(tb_reader *r, tb_record **out);
tb_reader *cli_reader_detach(tb_reader *r);
/* NULL only for a record with errors. */
char *cli_record_write(const tb_record *rec, size_t *len);
char *cli_record_movetext(const tb_record *rec, size_t *len);
char *cli_diag_format(const tb_diag *d);

/* fmt --fix (fmt_fix.c): a record read again from its fixed text. */
typedef struct cli_fixed {
	tb_reader *r;       /* the reader of the fixed text: the record's diagnostics now */
	tb_record *rec;     /* the record read from it */
	char *text;         /* the fixed text, which 'r' reads */
} cli_fixed;
/* The fixes that the diagnostics of 'r' (its last call, which read
 * 'rec') propose applied to 'rec''s text, which is read again, while
 * the reading proposes more, a few rounds at most; each fix applied
 * told on 'err' as "NAME:LINE:COL: fixed: wrote ..." (one line).
 * Returns 1 with '*out' the last reading (cli_fixed_free), or 0 when
 * nothing was fixed ('*out' empty; 'r' and 'rec' stand). */
int cli_fix_record(tb_reader *r, tb_record *rec, const char *name, FILE *err, cli_fixed *out);
void cli_fixed_free(cli_fixed *fx);

typedef struct cli_cmd {
	const char *name;
	const char *summary;
	const cli_optab *options; /* its options; its --help text */
	int (*run)(int argc, char **argv);
} cli_cmd;

/* Each command's options (options.h), beside the command. */
extern const cli_optab cli_parse_options, cli_fmt_options, cli_validate_options,
	cli_fill_options, cli_perft_options, cli_random_options, cli_xml_options,
	cli_show_options, cli_svg_options, cli_book_options, cli_html_options,
	cli_diff_options, cli_collate_options, cli_grep_options, cli_lsp_options;
/* tablero catalog (cmd_catalog.c) */
extern const cli_optab cli_catalog_options;
int cmd_catalog(int argc, char **argv);
/* tablero tei (cmd_tei.c) */
extern const cli_optab cli_tei_options;
int cmd_tei(int argc, char **argv);
/* tablero desk (cmd_desk.c) */
extern const cli_optab cli_desk_options;
int cmd_desk(int argc, char **argv);
/* tablero index, find, tree (cmd_index.c, cmd_find.c, cmd_tree.c) and
 * what they share (index_files.c): a file read whole into 'ix' (0
 * unchanged, 1 indexed, <0 after saying why); the index a search runs
 * over -- 'db' read-only, or one made in memory from the files (none:
 * standard input) -- or NULL after saying why; a failed query said
 * (a position or pattern that does not read with a caret under it). */
extern const cli_optab cli_index_options, cli_find_options, cli_tree_options;
int cmd_index(int argc, char **argv);
int cmd_find(int argc, char **argv);
int cmd_tree(int argc, char **argv);
int cli_index_file(const char *cmd, tb_index *ix, const char *path, size_t *nrecords);
tb_index *cli_index_for(const char *cmd, const char *db, char **files, size_t nfiles);
void cli_index_query_error(const char *cmd, tb_index *ix, const char *text);
/* diff --duplicates (diff_dups.c): the same games in 'files', reported
 * as text or into 'x' (NULL: text), spread over 'jobs' threads, with
 * --near K's value 'near' (NULL: none); '*trouble' set when a file or a
 * record could not be read. Returns 1 when any were found. */
int cli_diff_duplicates(tb_diff_xml *x, char *const *files, int nfiles, int jobs,
                        const char *near, int *trouble);
/* Is 'y' a turn (not a gap or a restated position)? A turn of a gap the
 * rules decide is. */
int cli_ply_is_turn(const tb_ply *y);
/* A file's name (any bytes) as attribute 'name' of 'x', U+FFFD for what
 * XML cannot carry (spec/xml.md §3.1). */
void cli_diff_xname(tb_diff_xml *x, const char *name, const char *file);

/* diff --duplicates --near K (diff_near.c): a record's turns as the
 * near duplicates weigh them (from 'p', which may go after; 'game'
 * borrowed, static), and the pairs of 'g' at most 'k' turns apart, but
 * not the same game nor one the beginning of the other, printed with
 * the turns that differ; 1 when any. */
typedef struct cli_near_seq cli_near_seq;
cli_near_seq *cli_near_seq_new(const tb_plies *p, const char *game);
void cli_near_seq_free(cli_near_seq *s);
typedef struct cli_near_game {
	const char *file;
	size_t index, plies;
	unsigned line;
	const cli_near_seq *seq;
} cli_near_game;
int cli_near_report(const cli_near_game *g, size_t n, unsigned k);
/* The commands, in the order 'tablero --help' lists them (commands.c). */
extern const cli_cmd cli_commands[];
extern const size_t cli_ncommands;

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
int cmd_show(int argc, char **argv);
int cmd_book(int argc, char **argv);
int cmd_html(int argc, char **argv);
int cmd_collate(int argc, char **argv);
int cmd_lsp(int argc, char **argv);

/* Shows a long search's progress on standard error when it is a
 * terminal (tb_search_opts.progress); cli_progress_done clears it. */
void cli_progress(void *ctx, unsigned long positions);
void cli_progress_done(void);

/* A turn as a person names it on the command line: "24" (24 turns of
 * the main line from the start), "20." (the first side's turn 20, as
 * the record numbers it) or "20..." (the second side's). */
typedef struct cli_turn {
	long ply;          /* by count, or -1 */
	unsigned number;   /* by number (then ply is -1) */
	int side;
} cli_turn;

/* Reads 'arg' as a turn; a bare number is a count unless 'numbered'
 * (--move), where it is the first side's turn. Returns 0, or -1. */
int cli_turn_arg(const char *arg, int numbered, cli_turn *t);
/* An option's function for a comma-separated list of turns ("0,10,24",
 * "5.,12...,30"; as cli_turn_arg, a bare number a count): reads a->value
 * into out[*n], out[*n + 1], ... (room for 'max' in all), adding to '*n'.
 * Returns what such a function returns: 0; 1 when a turn cannot be read
 * or none is given; -1 after saying that there are more than 'max'
 * 'what' (diagrams, turns) -- never a list cut short without a word. */
int cli_turn_list(const cli_optarg *a, cli_turn *out, size_t max, size_t *n, const char *what);

/* The count of turns that 't' names in 'rec', or -1 after printing why
 * (a turn the record does not have: the message names its last). */
long cli_turn_ply(const char *cmd, const tb_record *rec, const cli_turn *t);

/* "after 20... c3-c4 (turn 40 of the record)" and the like: where a
 * position of 'rec' after 'ply' turns is, both ways; 'last' the turn
 * that made it ("" at the start). */
void cli_turn_name(char *out, size_t n, const tb_record *rec, long ply, const char *last);

/* The language of --lang VALUE, or NULL after saying that no table has
 * it (and which do). */
const tb_lang *cli_lang_arg(const char *cmd, const char *v);
/* --caption full|short|none into '*mode' (TB_CAPTION_*); -1 for
 * another value. */
int cli_caption_arg(const char *v, int *mode);

/* Should output to 'f' be coloured? 'when': "always", "never" or
 * "auto" (a terminal, and neither NO_COLOR nor TERM=dumb). */
int cli_colour(FILE *f, const char *when);

/* Prints every diagnostic of the reader's last record to stderr.
 * Returns how many of them were errors (or warnings too, if 'strict'). */
size_t cli_print_diags(const tb_reader *r, int strict);
/* The same on 'f'. */
size_t cli_print_diags_to(FILE *f, const tb_reader *r, int strict);

/* Prints the errors (not the warnings) of the reader's last record to
 * stderr; returns how many. For commands that read records to search
 * or compare them, where warnings are validate's business. */
size_t cli_print_errors(const tb_reader *r);
size_t cli_print_errors_to(FILE *f, const tb_reader *r);

/* Opens 'path' for reading ("-" is stdin). Returns NULL after printing
 * why. */
FILE *cli_open(const char *path);
void cli_close(FILE *f);

/* Prints "tablero CMD: message" to stderr. */
void cli_error(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* 1 when 'rec' (record 'at' of 'path') is not to be published: its
 * [Access] forbids it (tb_record_access_forbids) and 'ignore' is 0;
 * then says so on one line, "tablero CMD: ...". 0 otherwise. */
int cli_access_refuses(const char *cmd, const char *path, long at, const tb_record *rec,
                       int ignore);

/* "; did you mean 'pitarra'?" when a game's name is a slip from 'name'
 * (tb_game_nearest), else "": for a message about an unknown game. */
const char *cli_game_hint(const char *name, char *buf, size_t n);

/* Returns 1 when argv holds -h or --help before "--". */
int cli_wants_help(int argc, char **argv);

/* A file written whole or not at all (atomic.c): the content goes to a
 * new file beside 'path' (NAME.tbXXXXXX), is flushed to disk, takes the
 * old file's permissions and owner, and is renamed over 'path' once
 * complete; a symbolic link's target is the file replaced. A file with
 * several hard links keeps them: the complete new content is copied
 * over it instead (killed during that copy, the new content is whole
 * beside it, and the message says where). A 'path' that is not a file
 * (/dev/null, a terminal, a pipe) is written directly: there is no
 * content to keep whole, and a rename would replace the device.
 * Functions returning int return 0, or -1 after printing why (the
 * original untouched); abort removes what was written. */
typedef struct cli_atomic cli_atomic;
/* The permissions a file written in place of another gets: the old
 * one's ('old', its stat), or, for a new file (NULL), what open(2) with
 * 0666 and the umask gives -- never mkstemp's 0600. */
mode_t cli_new_mode(const struct stat *old);
cli_atomic *cli_atomic_begin(const char *path);
int cli_atomic_write(cli_atomic *a, const char *s, size_t len);
/* bytes given to cli_atomic_write so far */
size_t cli_atomic_written(const cli_atomic *a);
int cli_atomic_commit(cli_atomic *a);
void cli_atomic_abort(cli_atomic *a);

/* Many files written as one (batch.c): each complete in a temporary
 * file beside its name; commit flushes them to disk once and renames
 * them all; abort (or a failed add) removes what was written. Returns
 * 0, or -1 after printing why. */
typedef struct cli_batch cli_batch;
cli_batch *cli_batch_new(void);
int cli_batch_add(cli_batch *b, const char *path, const char *data, size_t len);
int cli_batch_commit(cli_batch *b);
void cli_batch_abort(cli_batch *b);

/* Rewrites 'path' in place -- the one way a command rewrites a file it
 * read (fmt -i, fill -i): reads it with a reader and lets 'fn' write the
 * new content through 'a' (as LF-ended text: a file whose first line
 * ends in CRLF gets CRLF, one that starts with a byte order mark keeps
 * it). fn returns 1 to keep what it wrote, 0 to leave the file as it is,
 * or an exit code + 10 after saying why; 2 to keep what it wrote though
 * the reader found errors in the file, when fn read every record it
 * wrote back and found none (fill --repairs: the errors were the slips
 * it wrote as readings). The file is left as it is, whatever else fn
 * says, when the reader found an error in it (said, as
 * "'PATH' left unchanged: it has errors", exit 1) or nothing was
 * written (it holds no record). Returns EXIT_CLEAN, that exit code, or
 * EXIT_TROUBLE when the file could not be opened, written or replaced;
 * 'cmd' names the command in messages. */
typedef int (*cli_rewrite_fn)(void *ctx, tb_reader *r, cli_atomic *a);
int cli_rewrite(const char *cmd, const char *path, cli_rewrite_fn fn, void *ctx);

/* ---- sinks: what workers print, into buffers kept (sink.c) ----
 *
 * Each of 'n' workers has a pair of streams (its output and its
 * errors), unbuffered, that append what is written to them to the
 * buffers they are pointed at (a write with none pointed at fails, and
 * sets the stream's error), kept for the workers' life; beside them
 * spare buffers, at most 'most' for output and 'most' for errors, each
 * of at most 'keep' bytes, for the caller's thread to hand to the next
 * tasks. Made, pointed and freed
 * together (jobs.c, parts.c). Out of memory is cli_oom. Pointing and
 * releasing a worker's pair is that worker's; the rest the caller's
 * thread's. */
typedef struct cli_buf {
	char *data;          /* malloc'd, or NULL */
	size_t len, cap;
} cli_buf;
/* Makes room in 'b' for 'extra' more bytes past its length. */
void cli_buf_reserve(cli_buf *b, size_t extra);
typedef struct cli_sinks cli_sinks;
/* The caller's: cli_sinks_free. */
cli_sinks *cli_sinks_new(int n, size_t most, size_t keep);
/* Worker 'worker''s streams write to 'out' and 'err' (borrowed) from
 * now; their errors are cleared. */
void cli_sinks_point(cli_sinks *s, int worker, cli_buf *out, cli_buf *err);
/* Borrowed: the sinks'. */
FILE *cli_sinks_out(const cli_sinks *s, int worker);
FILE *cli_sinks_err(const cli_sinks *s, int worker);
/* Points the worker's streams at nothing; 1 when a write through them
 * failed since they were pointed. */
int cli_sinks_release(cli_sinks *s, int worker);
/* Two buffers for a task, empty (spare ones, or new ones of no memory). */
void cli_sinks_take(cli_sinks *s, cli_buf *out, cli_buf *err);
/* A task's two buffers back (their memory the pool's or freed; both
 * zeroed). */
void cli_sinks_put(cli_sinks *s, cli_buf *out, cli_buf *err);
void cli_sinks_free(cli_sinks *s);

/* ---- queue: the one ordered work queue (queue.c) ----
 *
 * Tasks handed to 'n' threads and taken back finished, in the order
 * they were given: jobs.c and parts.c are built on it. The queue owns
 * 'cap' slots of 'slot_size' bytes (zeroed); the caller's thread fills
 * the slot at the tail (cli_queue_slot) and pushes it; a worker runs
 * 'work' on it ('worker', 0 to n-1, says which thread); the caller
 * takes the oldest back (cli_queue_head) and pops it, which zeroes it.
 * At most 'cap' are in flight: push only when cli_queue_count is less.
 * 'lazy': a worker is woken for several tasks at once, or when none is
 * working (tasks of a few microseconds, where a wake-up a task cost
 * more than the work); the caller wakes them all before it waits.
 * Everything but 'work' is the caller's thread's. */
typedef void (*cli_queue_fn)(void *ctx, int worker, void *slot);
typedef struct cli_queue cli_queue;
/* The caller's: cli_queue_free. NULL when no thread could be made. */
cli_queue *cli_queue_new(int n, size_t cap, size_t slot_size, int lazy, cli_queue_fn work,
                         void *ctx);
/* The threads working (at least 1; fewer than n when some could not
 * be made). */
int cli_queue_threads(const cli_queue *q);
/* Tasks pushed and not popped. */
size_t cli_queue_count(const cli_queue *q);
size_t cli_queue_cap(const cli_queue *q);
/* The slot at the tail, to fill before cli_queue_push. */
void *cli_queue_slot(cli_queue *q);
void cli_queue_push(cli_queue *q);
/* The oldest task, once finished (waiting for it when 'wait'); NULL
 * when there is none, or it is not finished and 'wait' is 0. */
void *cli_queue_head(cli_queue *q, int wait);
void cli_queue_pop(cli_queue *q);
/* Stops the threads once they have finished what was pushed. */
void cli_queue_free(cli_queue *q);

/* ---- jobs: a collection's records over the machine's cores (jobs.c) ----
 *
 * The caller reads the records in order and hands each to
 * cli_jobs_add (several at once go to a thread: jobs.c); 'run' works on
 * it in one of 'n' threads, writing what it would print to 'out' and
 * 'err' (buffers, written to stdout and stderr in the order the records
 * were added, whichever finishes first); then 'done' is called in the
 * caller's thread, in that same order, with run's result -- to add it
 * up and free the item. At most a few batches per thread are in
 * flight, bounded in records, source and output (jobs.c). With n == 1
 * there are no threads: cli_jobs_add runs 'run' on stdout and stderr
 * and then 'done', before it returns. 'worker' (0 to n-1) tells run which
 * thread it is in, for state a thread keeps to itself. Before the
 * caller prints anything itself, cli_jobs_wait writes everything
 * added so far. */
typedef int (*cli_job_fn)(void *ctx, int worker, void *item, FILE *out, FILE *err);
typedef void (*cli_job_done_fn)(void *ctx, void *item, int result);
typedef struct cli_jobs cli_jobs;

/* The default number of jobs: the online CPUs, at most 8. */
int cli_jobs_default(void);
/* Owned by the caller: cli_jobs_free, which writes what is left, stops
 * the threads and returns -1 when some output could not be buffered or
 * written (0 otherwise). */
cli_jobs *cli_jobs_new(int n, cli_job_fn run, cli_job_done_fn done, void *ctx);
/* The threads working (1: none, all in the caller's). */
int cli_jobs_count(const cli_jobs *j);
/* 'item' stays the caller's: 'done' gets it back. 'bytes': the source
 * it was read from (tb_record_source_size), which bounds how many are
 * gathered for a thread at once. May wait for room. */
void cli_jobs_add(cli_jobs *j, void *item, size_t bytes);
void cli_jobs_wait(cli_jobs *j);
/* From 'done': the records after this one are not wanted (grep -l
 * has its answer); what they print, up to the next cli_jobs_wait, is
 * dropped unwritten, and their 'done' must ignore them. The caller
 * stops adding. */
void cli_jobs_skip(cli_jobs *j);
int cli_jobs_free(cli_jobs *j);

/* ---- parts: one file read by several threads at once (parts.c) ----
 *
 * Reads the regular file 'f' (named 'name' in diagnostics) in parts,
 * in spec->n threads, each part by a reader of its own (with the
 * search limits spec->search, which may be NULL), and calls spec->run
 * on each record as it is read: 'run' writes what it prints to o->out
 * and o->err and returns its result, as a cli_job_fn does, and is
 * called once more with 'rec' NULL at the file's end, for that last
 * call's diagnostics ('r' is the reader that read 'rec'; parts.c frees
 * 'rec' after). What each record wrote is written in the file's order:
 * its output to standard output, then its errors -- or, when spec->done
 * is set, its errors, and then its output and result are handed to
 * 'done' in the caller's thread (not for the file's end). Byte for byte
 * what one reader over the whole file, calling 'run' on stdout and
 * stderr (and 'done'), writes. 'sum' adds up the records, run's results
 * (with the end's, also in end_result) and what each record added to
 * its reader's counts; io_error is set
 * when the file could not be read to its end (said by a diagnostic,
 * as tb_reader_next says it), failed when output could not be buffered
 * or written. Returns 1 when the file was read; 0 when it is not read
 * in parts -- n < 2, not a regular file, or a small one -- having read
 * nothing. */
/* A record's way in and out of 'run': where it writes, and what it made
 * of the record besides text (typed: a key, a count), which parts.c
 * keeps with the record's output and hands to spec->keep in the
 * caller's thread -- 'written' 1 in the file's order for the records
 * written, 0 for those of a part read again (to free it). */
typedef struct cli_part_out {
	FILE *out, *err;            /* borrowed: its output and its errors */
	cli_buf *buf;               /* the worker's buffer 'out' appends to (borrowed), for
	                               a writer that appends there itself rather than
	                               copy through 'out'; NULL when 'out' is stdout */
	void *item;                 /* NULL on entry; set by run (with spec->keep) */
} cli_part_out;
typedef int (*cli_part_fn)(void *ctx, int worker, tb_reader *r, tb_record *rec,
                           cli_part_out *o);
/* 'done' gets a record's output in 'out' (borrowed): 'more' is 1 when
 * the next call's 'out' follows it in the same buffer (at out + len)
 * and this one's bytes stay valid until the call with 'more' 0, the
 * last of such a run (a part's last record), after which they are
 * gone -- so that a command may write a run of records at once. */
typedef void (*cli_part_done_fn)(void *ctx, int result, const char *out, size_t len,
                                 int more);
/* 'run' and then 'done' at once, in the caller's thread, on stdout and
 * stderr: for the records it reads itself (a record too large for a
 * part, or after a part that did not end clean), so that a large
 * record's output is not buffered whole. Required with 'done'. */
typedef int (*cli_part_here_fn)(void *ctx, tb_reader *r, tb_record *rec);
typedef void (*cli_part_keep_fn)(void *ctx, void *item, int written);
typedef struct cli_parts_spec {
	int n;
	const tb_search_opts *search;
	cli_part_fn run;
	cli_part_done_fn done;
	cli_part_here_fn here;      /* with 'done' only */
	void *ctx;
	cli_part_keep_fn keep;      /* required when run sets items; without 'done' */
	int check_only;             /* the readers made read without the movetext
	                               (tb_reader_set_check_only): for parse */
} cli_parts_spec;
typedef struct cli_part_sum {
	size_t records, results, nerrors, nwarnings;
	int end_result;             /* run's result at the file's end */
	int io_error, failed;
} cli_part_sum;
int cli_parts_read(const cli_parts_spec *spec, FILE *f, const char *name, cli_part_sum *sum);

#endif
