/*
 * search.c -- tablero grep's selectors as the command line gives them,
 * over the library's query (tb_grep), and what is said of them on
 * standard error (spec/compare.md, "tablero grep"): a selector refused,
 * a game whose search the library could not finish or whose events it
 * could not tell.
 */
#include "search.h"

#include <stdlib.h>
#include <string.h>

#include "cli.h"

struct cli_search {
	tb_grep *grep;
	const char *opt[TB_GREP_MAX_SELECTORS]; /* the option that gave each selector */
	const char *arg[TB_GREP_MAX_SELECTORS]; /* and its argument, as given */
	size_t n;
	uint64_t max_steps;    /* a game's budget */
};

cli_search *cli_search_new(int icase, uint64_t max_steps)
{
	cli_search *s = calloc(1, sizeof *s);
	if (!s || !(s->grep = tb_grep_new(icase ? TB_GREP_ICASE : 0)))
		cli_oom();
	tb_grep_set_max_steps(s->grep, max_steps); /* cmd_grep.c read it within its bounds */
	s->max_steps = max_steps;
	return s;
}

cli_search *cli_search_clone(const cli_search *s)
{
	cli_search *c = malloc(sizeof *c);
	if (!c)
		cli_oom();
	*c = *s;
	if (!(c->grep = tb_grep_clone(s->grep)))
		cli_oom();
	return c;
}

void cli_search_free(cli_search *s)
{
	if (!s)
		return;
	tb_grep_free(s->grep);
	free(s);
}

/* ===== A selector refused ===== */

/* A pattern that does not compile: the library's words, then the
 * argument and a caret under the character where it stops. */
static void S_bad_pattern(const cli_search *s, const char *opt, const char *arg)
{
	size_t at = tb_grep_error_offset(s->grep);
	unsigned col = 1;
	for (size_t i = 0; i < at && arg[i]; i++)
		col += ((unsigned char)arg[i] & 0xC0) != 0x80;
	fprintf(stderr, "tablero grep: %s:1:%u: error: %s\n%s\n%*s^\n", opt, col,
	        tb_grep_errmsg(s->grep), arg, (int)(col - 1), "");
}

/* An --event argument refused: what it takes, and the library's events
 * in its order. */
static void S_bad_event(const char *arg)
{
	char names[512] = "";
	for (tb_event_kind k = tb_event_kind_next(0); k; k = tb_event_kind_next(k))
		snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
		         k > 1 ? ", " : "", tb_event_name(k));
	cli_error("grep", "--event takes an event the rules derive, with '>=N' (1 to 16) "
	          "for at least N of it in one turn, or '>=N per game', '<=N per game', '=N "
	          "per game' to count it over the game, not '%s'; the events: %s", arg, names);
}

int cli_search_add(cli_search *s, cli_sel_kind kind, const char *opt, const char *arg)
{
	if (tb_grep_count(s->grep) == TB_GREP_MAX_SELECTORS) {
		cli_error("grep", "at most %d patterns", TB_GREP_MAX_SELECTORS);
		return -1;
	}
	int rc = tb_grep_add(s->grep, (tb_grep_kind)kind, arg);
	if (rc == TB_ENOMEM)
		cli_oom();
	if (rc == TB_ESYNTAX)
		S_bad_pattern(s, opt, arg);
	else if (rc && kind == CLI_SEL_TAG)
		cli_error("grep", "--tag takes NAME~PATTERN or NAME=VALUE, not '%s'", arg);
	else if (rc)
		S_bad_event(arg);
	if (rc)
		return -1;
	s->opt[s->n] = opt;
	s->arg[s->n++] = arg;
	return 0;
}

/* ===== A game that could not be told ===== */

/* The search of the game at 'file':'line' stopped (TB_ELIMIT): out of
 * its steps, or PCRE2 refused the match of selector 'i'. */
static void S_limit_say(const cli_search *s, const char *file, unsigned line, FILE *err)
{
	long i = tb_grep_which(s->grep);
	if (tb_grep_steps(s->grep) > s->max_steps)
		fprintf(err, "%s:%u:1: error: the search of this game took more than %llu steps, "
		        "in %s '%s'; it is not selected (--max-steps raises the limit)\n", file,
		        line, (unsigned long long)s->max_steps, s->opt[i], s->arg[i]);
	else
		fprintf(err, "%s:%u:1: error: the pattern of %s could not be matched against "
		        "this game: %s; it is not selected\n", file, line, s->opt[i],
		        tb_grep_errmsg(s->grep));
}

/* An event selector could not be told: where the rules stop following
 * the record, or where an open stretch begins. One line. */
static void S_unsure_say(const cli_search *s, const char *file, FILE *err)
{
	unsigned line, col, number;
	int side;
	const char *written;
	int stop = tb_grep_unsure(s->grep, &line, &col, &number, &side, &written);
	const char *arg = s->arg[tb_grep_which(s->grep)];
	char num[32] = "";
	if (number)
		snprintf(num, sizeof num, "%u%s ", number, side == 1 ? "..." : ".");
	if (stop)
		fprintf(err, "%s:%u:%u: error: the rules stop at %s%s (tablero validate says "
		        "why), so the turns after it were not searched for --event '%s'; the game "
		        "is not selected\n", file, line, col, num, written, arg);
	else
		fprintf(err, "%s:%u:%u: error: %s%s: the answer to --event '%s' depends on "
		        "what was played here (more than one turn fits; tablero validate says "
		        "which); the game is not selected\n", file, line, col, num, written, arg);
}

int cli_search_record_to(cli_search *s, const tb_record *rec, const char *file, FILE *err)
{
	int m = tb_grep_record(s->grep, rec);
	if (m == TB_GREP_YES || m == TB_GREP_NO)
		return m;
	if (m == TB_GREP_UNSURE)
		S_unsure_say(s, file, err);
	else if (m == TB_ELIMIT || (m == TB_ENOMEM && tb_grep_which(s->grep) >= 0))
		S_limit_say(s, file, tb_record_line(rec), err); /* PCRE2's: its words */
	else if (m == TB_ENOMEM)
		cli_oom();
	return -1; /* TB_EINVAL: cmd_grep.c searches only records without errors */
}
