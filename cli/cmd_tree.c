/*
 * cmd_tree.c -- "tablero tree": the turns played at a position (the
 * start by default) across an index or files, with how many games
 * played each, their results, sites, informants and years, grouped by
 * a tag with --by; as text or JSON (lib/index_query.c;
 * spec/collection.md §5).
 */
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "cli.h"

typedef struct S_opts {
	cli_operands files; /* first: cli_operand_gather */
	const char *index, *game, *position, *by;
	int json;
} S_opts;

static const cli_opt S_opts_table[] = {
	CLI_STRING(0, "index", "INDEX", S_opts, index,
	           "the index (tablero index), opened read-only; else the\n"
	           "FILEs (or standard input), indexed in memory"),
	CLI_STRING(0, "game", "NAME", S_opts, game,
	           "the game whose start is meant (an index of several)"),
	CLI_STRING(0, "position", "POS", S_opts, position,
	           "the turns played at POS (position notation), not at\n"
	           "the start"),
	CLI_STRING(0, "by", "TAG", S_opts, by, "a group of rows per value of TAG (Site)"),
	CLI_FLAG(0, "json", S_opts, json, "one JSON object (RFC 8259)"),
	CLI_HELP,
	CLI_END
};

const cli_optab cli_tree_options = {
	"tree",
	"usage: tablero tree [--index INDEX | FILE...] [--game NAME] [--position POS]\n"
	"                    [--by TAG] [--json]\n"
	"\n"
	"The turns the main lines played at a position -- each record's start,\n"
	"or POS -- most played first: how many games, their results, sites,\n"
	"informants and years (spec/collection.md §5).\n"
	"\n",
	S_opts_table, 18,
	"Exit: 0 turns found, 1 none, 2 could not (an index that is no tablero\n"
	"index, a position that does not read).\n",
	CLI_OPTS_MIXED | CLI_OPTS_LAST_NEEDS_VALUE, cli_operand_gather, NULL, NULL, NULL
};

typedef struct S_out {
	int json;
	json_object *rows;
	char *group;      /* text: the group being written */
} S_out;

/* A list as "a; b" (a site holds commas), or "-" when empty. */
static void S_list(const char *const *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (i)
			fputs("; ", stdout);
		fputs(v[i], stdout);
	}
	if (!n)
		putchar('-');
}

/* A list as a JSON array of strings. */
static json_object *S_array(const char *const *v, size_t n)
{
	json_object *a = json_object_new_array_ext((int)n);
	for (size_t i = 0; i < n; i++)
		json_object_array_add(a, json_object_new_string(v[i]));
	return a;
}

static int S_row_text(S_out *out, const tb_tree_row *r)
{
	if (r->group && (!out->group || strcmp(out->group, r->group))) {
		printf("%s== %s\n", out->group ? "\n" : "", *r->group ? r->group : "(none)");
		free(out->group);
		out->group = strdup(r->group);
		if (!out->group)
			cli_oom();
	}
	printf("%-12s %5ld game%s  1-0 %ld, 0-1 %ld, 1/2-1/2 %ld, * %ld  ", r->token, r->games,
	       r->games == 1 ? " " : "s", r->results[0], r->results[1], r->results[2], r->results[3]);
	if (r->year_min)
		printf(r->year_min == r->year_max ? "%d  " : "%d-%d  ", r->year_min, r->year_max);
	else
		fputs("-  ", stdout);
	fputs("sites: ", stdout);
	S_list(r->sites, r->nsites);
	fputs("  informants: ", stdout);
	S_list(r->informants, r->ninformants);
	putchar('\n');
	return 0;
}

static int S_row(void *ctx, const tb_tree_row *r)
{
	S_out *out = ctx;
	if (!out->json)
		return S_row_text(out, r);
	json_object *o = json_object_new_object();
	if (r->group)
		json_object_object_add(o, "group", json_object_new_string(r->group));
	json_object_object_add(o, "turn", json_object_new_string(r->token));
	json_object_object_add(o, "games", json_object_new_int64(r->games));
	json_object *res = json_object_new_object();
	static const char *const names[4] = {"1-0", "0-1", "1/2-1/2", "*"};
	for (int i = 0; i < 4; i++)
		json_object_object_add(res, names[i], json_object_new_int64(r->results[i]));
	json_object_object_add(o, "results", res);
	json_object_object_add(o, "sites", S_array(r->sites, r->nsites));
	json_object_object_add(o, "informants", S_array(r->informants, r->ninformants));
	json_object *years = json_object_new_array();
	if (r->year_min) {
		json_object_array_add(years, json_object_new_int(r->year_min));
		json_object_array_add(years, json_object_new_int(r->year_max));
	}
	json_object_object_add(o, "years", years);
	json_object_array_add(out->rows, o);
	return 0;
}

int cmd_tree(int argc, char **argv)
{
	S_opts o = {0};
	o.files.v = argv;
	int rc = EXIT_TROUBLE;
	tb_index *ix = NULL;
	S_out out = {0};
	if (cli_options_parse(&cli_tree_options, argc, argv, &o) < 0)
		goto done;
	if (o.game && !tb_game_find(o.game)) {
		char hint[96];
		cli_error("tree", "unknown game '%s'%s", o.game, cli_game_hint(o.game, hint, sizeof hint));
		goto done;
	}
	if (!(ix = cli_index_for("tree", o.index, o.files.v, o.files.n)))
		goto done;
	out.json = o.json;
	out.rows = o.json ? json_object_new_array() : NULL;
	tb_tree_query q = {.game = o.game, .position = o.position, .by = o.by};
	long n = tb_index_tree(ix, &q, S_row, &out);
	if (n < 0) {
		cli_index_query_error("tree", ix, o.position);
		goto done;
	}
	if (o.json) {
		json_object *top = json_object_new_object();
		json_object_object_add(top, "position", o.position ? json_object_new_string(o.position)
		                                                   : NULL);
		if (o.by)
			json_object_object_add(top, "by", json_object_new_string(o.by));
		json_object_object_add(top, "turns", out.rows);
		out.rows = NULL;
		puts(json_object_to_json_string_ext(top, JSON_C_TO_STRING_PLAIN |
		                                             JSON_C_TO_STRING_NOSLASHESCAPE));
		json_object_put(top);
	}
	if (fflush(stdout) || ferror(stdout)) {
		cli_error("tree", "cannot write to standard output");
		goto done;
	}
	rc = n ? EXIT_CLEAN : EXIT_PROBLEMS;
done:
	json_object_put(out.rows);
	free(out.group);
	tb_index_close(ix);
	return rc;
}
