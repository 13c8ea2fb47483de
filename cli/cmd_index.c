/*
 * cmd_index.c -- "tablero index FILE... -o INDEX": the records of the
 * files in an SQLite index (lib/index.c; spec/collection.md). A file
 * the index holds already, unchanged (size and time, or content), is
 * left as it is; a changed one has its records replaced, in one
 * transaction per file, so that the index is never half written.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct S_opts {
	cli_operands files; /* first: cli_operand_gather */
	const char *out;
	int rebuild, verbose;
	const char *busy;
} S_opts;

static const cli_opt S_opts_table[] = {
	CLI_STRING('o', NULL, "INDEX", S_opts, out,
	           "the index (an SQLite file), made if missing"),
	CLI_FLAG(0, "rebuild", S_opts, rebuild,
	         "an index made by another tablero (another schema)\n"
	         "is emptied and made anew (else it is refused)"),
	CLI_STRING(0, "busy-timeout", "MS", S_opts, busy,
	           "wait this long for another writer (default 5000)"),
	CLI_FLAG('v', "verbose", S_opts, verbose,
	         "say of each file whether it was indexed or unchanged"),
	CLI_HELP,
	CLI_END
};

const cli_optab cli_index_options = {
	"index",
	"usage: tablero index -o INDEX [--rebuild] [--busy-timeout MS] [-v] FILE...\n"
	"\n"
	"Adds the records of each FILE to INDEX, an SQLite database of their\n"
	"tags, place and status, every position their replay reaches (main line\n"
	"and variations, exactly and up to the board's symmetries), the events\n"
	"of each turn and the words of their comments (spec/collection.md),\n"
	"for tablero find and tablero tree, or sqlite3. A file indexed before\n"
	"and unchanged is left as it is; a changed one has its records\n"
	"replaced, each file in one transaction.\n"
	"\n",
	S_opts_table, 18,
	"Exit: 0 indexed, 2 could not (an unreadable file, an index that is\n"
	"no tablero index, of another schema without --rebuild, or locked).\n",
	CLI_OPTS_MIXED | CLI_OPTS_LAST_NEEDS_VALUE, cli_operand_gather, NULL, NULL, NULL
};

int cmd_index(int argc, char **argv)
{
	S_opts o = {0};
	o.files.v = argv;
	int rc = EXIT_TROUBLE;
	tb_index *ix = NULL;
	if (cli_options_parse(&cli_index_options, argc, argv, &o) < 0)
		goto done;
	char *end = NULL;
	long busy = o.busy ? strtol(o.busy, &end, 10) : 5000;
	if (o.busy && (*end || busy < 0 || busy > 3600000)) {
		cli_error("index", "--busy-timeout takes milliseconds (0 to 3600000), not '%s'", o.busy);
		goto done;
	}
	if (!o.out || !o.files.n) {
		cli_error("index", "%s", !o.out ? "-o INDEX is needed (the index to write)"
		                                : "no FILE to index");
		goto done;
	}
	char *why = NULL;
	int orc = tb_index_open(&ix, o.out, TB_INDEX_WRITE | (o.rebuild ? TB_INDEX_REBUILD : 0),
	                        (int)busy, &why);
	if (orc == TB_ENOMEM)
		cli_oom();
	if (orc) {
		cli_error("index", "%s", why ? why : "cannot open the index");
		free(why);
		goto done;
	}
	rc = EXIT_CLEAN;
	size_t indexed = 0, same = 0, records = 0;
	for (size_t i = 0; i < o.files.n; i++) {
		size_t n = 0;
		int r = cli_index_file("index", ix, o.files.v[i], &n);
		if (r < 0) {
			rc = EXIT_TROUBLE;
			continue;
		}
		indexed += r == 1;
		same += r == 0;
		records += n;
		if (o.verbose)
			fprintf(stderr, "%s: %s\n", o.files.v[i], r ? "indexed" : "unchanged");
	}
	if (o.verbose)
		fprintf(stderr, "tablero index: %zu file(s) indexed (%zu records), %zu unchanged\n",
		        indexed, records, same);
done:
	tb_index_close(ix);
	return rc;
}
