/*
 * fuzz_grep.c -- tablero grep's selectors (cli/search.c) on any
 * pattern and record. The input's first line is a selector: 't' (a tag,
 * "Site~RE" or "Site=VALUE"), 'c' (a comment), 'm' (the movetext) or
 * 'e' (an event), in capitals to ignore case, then a space and its
 * argument; the rest is TGN. No crash, leak or undefined behaviour, and
 * a deadline: the whole input must be searched within 10 seconds,
 * whatever the pattern -- the budget of steps (1,000,000 a game here)
 * must stop any slow one.
 */
#include <time.h>

#include "fuzz.h"
#include "search.h"

#define S_DEADLINE 10.0  /* seconds, for the whole input */
#define S_MAX_GAMES 32

typedef struct S_run {
	const char *arg, *tgn;
	size_t tgn_len;
	cli_sel_kind kind;
	int icase;
	size_t games;
} S_run;

static void S_search(void *ctx)
{
	S_run *run = ctx;
	cli_search *s = cli_search_new(run->icase, 1000000);
	const char *opt = run->kind == CLI_SEL_TAG ? "--tag" : run->kind == CLI_SEL_COMMENT
	                  ? "--comment" : run->kind == CLI_SEL_EVENT ? "--event" : "--moves";
	if (cli_search_add(s, run->kind, opt, run->arg) == 0) {
		tb_reader *r = tb_reader_new_mem(run->tgn, run->tgn_len, "fuzz.tgn");
		tb_record *rec;
		while (run->games < S_MAX_GAMES && tb_reader_next(r, &rec) == 1) {
			if (!tb_record_errors(rec)) {
				int m = cli_search_record(s, rec, "fuzz.tgn");
				FZ_CHECK(m >= -1 && m <= 1, "cli_search_record: %d", m);
				run->games++;
			}
			tb_record_free(rec);
		}
		tb_reader_free(r);
	}
	cli_search_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *in = fz_string(data, size);
	char *nl = memchr(in, '\n', size);
	if (size < 2 || !nl || in[1] != ' ' || strlen(in) < (size_t)(nl - in)) {
		free(in); /* not a selector line, or a NUL in it */
		return 0;
	}
	*nl = '\0';
	S_run run = {in + 2, nl + 1, size - (size_t)(nl + 1 - in), CLI_SEL_MOVES,
	             in[0] >= 'A' && in[0] <= 'Z', 0};
	switch (in[0] | 0x20) {
	case 't': run.kind = CLI_SEL_TAG; break;
	case 'c': run.kind = CLI_SEL_COMMENT; break;
	case 'e': run.kind = CLI_SEL_EVENT; break;
	default: run.kind = CLI_SEL_MOVES; break;
	}
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	fz_silently(S_search, &run);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double took = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	FZ_CHECK(took < S_DEADLINE, "the search of %zu games took %.1f s (pattern '%s')", run.games,
	         took, run.arg);
	free(in);
	return 0;
}
