/*
 * options.h -- a subcommand's options, declared once in a table: the
 * parser reads argv by it (cli_options_parse), the --help text is
 * written from it (cli_options_help), and tests/man_options.py checks
 * that man/tablero.1 lists exactly its options.
 *
 * An option is "-s" or "--long" (no bundling: "-ic" is unknown), with
 * its value in the next argument; one marked CLI_OPT_GLUED also takes
 * "--long=VALUE", and "-sN" where N starts with a digit (-j8). The
 * messages a table's parser prints are the table's own, so that each
 * command says what it always said.
 */
#ifndef TB_CLI_OPTIONS_H
#define TB_CLI_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

struct cli_opt;

/* What an option's function is given. */
typedef struct cli_optarg {
	const char *cmd;              /* "validate" */
	const struct cli_opt *opt;
	const char *arg;              /* the option as written: "--ply", "--color=x" */
	const char *value;            /* NULL: a flag, or a value missing (CLI_OPT_OWN_MISSING) */
	int glued;                    /* the value was in 'arg' (--jobs=4, -j4) */
	void *field;                  /* the options struct + the entry's offset */
} cli_optarg;

/* Stores what 'a' says into 'opts'. Returns 0; 1 when the value is
 * wrong and the table's 'bad' message says so; -1 after saying why. */
typedef int (*cli_opt_fn)(void *opts, const cli_optarg *a);

enum cli_opt_kind {
	CLI_OPT_HELP_ONLY,  /* a line of the help, nothing parsed */
	CLI_OPT_SET_FLAG,   /* the int at 'offset' becomes 1 */
	CLI_OPT_SET_STRING, /* the const char * at 'offset' becomes the value */
	CLI_OPT_CALL        /* fn */
};

enum { /* cli_opt.flags */
	CLI_OPT_GLUED = 1,        /* --long=VALUE and -sN as well */
	CLI_OPT_OWN_MISSING = 2,  /* a missing value: fn is called with value NULL */
	CLI_OPT_UNDOCUMENTED = 4  /* accepted as it always was, but neither the help nor
	                             the man page names it: another spelling (--colour),
	                             or another command's option it ignores */
};

typedef struct cli_opt {
	char short_name;          /* 'i' for -i; 0 for none */
	const char *long_name;    /* "in-place" for --in-place; NULL for none */
	const char *value_name;   /* "N": takes a value; NULL: a flag */
	enum cli_opt_kind kind;
	size_t offset;            /* of the field in the options struct */
	cli_opt_fn fn;            /* CLI_OPT_CALL */
	int tag;                  /* fn's: which of the options it serves this is */
	int flags;                /* CLI_OPT_* */
	const char *shown;        /* the help's left column, when not "-s V, --long V" */
	const char *help;         /* NULL: not in the help (an alias, a hidden spelling);
	                             a leading '\n': starts on the line below */
} cli_opt;

/* Entries, in the order the help lists them. */
#define CLI_FLAG(s, l, type, field, help) \
	{s, l, NULL, CLI_OPT_SET_FLAG, offsetof(type, field), NULL, 0, 0, NULL, help}
#define CLI_STRING(s, l, v, type, field, help) \
	{s, l, v, CLI_OPT_SET_STRING, offsetof(type, field), NULL, 0, 0, NULL, help}
#define CLI_CALL(s, l, v, fn, tag, flags, shown, help) \
	{s, l, v, CLI_OPT_CALL, 0, fn, tag, flags, shown, help}
#define CLI_CALL_AT(s, l, v, type, field, fn, tag, flags, shown, help) \
	{s, l, v, CLI_OPT_CALL, offsetof(type, field), fn, tag, flags, shown, help}
#define CLI_TEXT(shown, help) \
	{0, NULL, NULL, CLI_OPT_HELP_ONLY, 0, NULL, 0, 0, shown, help}
#define CLI_HELP CLI_TEXT("-h, --help", "this text")
#define CLI_END {0, NULL, NULL, CLI_OPT_HELP_ONLY, 0, NULL, 0, 0, NULL, NULL}

/* -j N, -jN, --jobs N, --jobs=N into the int at the entry's offset
 * (jobs.c: 0 is one per core, at most 8). */
#define CLI_JOBS(type, field, shown, help) \
	CLI_CALL_AT('j', "jobs", "N", type, field, cli_opt_jobs, 0, \
	            CLI_OPT_GLUED | CLI_OPT_OWN_MISSING, shown, help)
int cli_opt_jobs(void *opts, const cli_optarg *a);

/* The search limits (--search-turns, --search-positions, --candidates,
 * --window, --lookback; 'which' 0 to 4) into the tb_search_opts at the
 * offset. */
#define CLI_SEARCH(which, name, type, field, shown, help) \
	CLI_CALL_AT(0, name, "N", type, field, cli_opt_search, which, CLI_OPT_OWN_MISSING, shown, \
	            help)
int cli_opt_search(void *opts, const cli_optarg *a);

enum { /* cli_optab.mode */
	CLI_OPTS_MIXED = 1,     /* operands may stand among the options (else the
	                           first ends them, and the parser returns its index) */
	CLI_OPTS_DASHDASH = 2,  /* "--" ends the options */
	CLI_OPTS_LAST_NEEDS_VALUE = 4 /* any option but a flag, last on the line,
	                                 "needs a value", known or not */
};

/* A subcommand's table. The help is 'head', the options that have a
 * help line (each "  " + its left column, the help from column 'col',
 * its lines below it indented so), a blank line, and 'tail'; without
 * such options, 'head' and 'tail'. */
typedef struct cli_optab {
	const char *cmd;
	const char *head;
	const cli_opt *opts;      /* ends with CLI_END */
	int col;
	const char *tail;
	int mode;                 /* CLI_OPTS_* */
	/* CLI_OPTS_MIXED: each operand ("-" or not starting with '-'; after
	 * "--" all). 0, or -1 after saying why. NULL: an operand is an
	 * unknown option. */
	int (*operand)(void *opts, char *arg);
	/* printf formats, given the option as written and the command
	 * (and, before them, the value for 'bad'); NULL: the usual
	 * "unknown option '%s' (see tablero %s --help)",
	 * "%s needs a value (see tablero %s --help)" and
	 * "bad value '%s' for %s (see tablero %s --help)" */
	const char *unknown, *missing, *bad;
} cli_optab;

/* The operands of a command (CLI_OPTS_MIXED) whose options struct
 * begins with a cli_operands, with 'v' set to argv before parsing, and
 * whose table's 'operand' is cli_operand_gather: they are gathered in
 * order at the front of argv (the nth stands at argv[n + 1] or later, so
 * none is written over before it is read); 'n' counts them. */
typedef struct cli_operands {
	char **v;
	size_t n;
} cli_operands;
int cli_operand_gather(void *opts, char *arg);

/* Reads argv[1..argc) by 't' into 'opts'. Returns the index of the
 * first operand (argc when there is none, or with CLI_OPTS_MIXED), or
 * -1 after printing why as "tablero CMD: ...". */
int cli_options_parse(const cli_optab *t, int argc, char **argv, void *opts);

/* Writes the help text of 't' to 'out'. */
void cli_options_help(const cli_optab *t, FILE *out);

/* The left column of an entry's help line ("-j N, --jobs N"), into
 * 'buf'; its length. */
size_t cli_opt_shown(const cli_opt *o, char *buf, size_t n);

#endif
