/*
 * fuzz_grep.c -- the library's search (tb_grep, lib/grep.c: tablero
 * grep's selectors) on any pattern and record. The input's first line is a selector: 't' (a tag,
 * "Site~RE" or "Site=VALUE"), 'c' (a comment), 'm' (the movetext) or
 * 'e' (an event), in capitals to ignore case, then a space and its
 * argument; the rest is TGN. No crash, leak or undefined behaviour, and
 * a deadline: the whole input must be searched within 10 seconds,
 * whatever the pattern -- the budget of steps (1,000,000 a game here)
 * must stop any slow one.
 */
#include <time.h>

#include "fuzz.h"

#define S_DEADLINE 10.0  /* seconds, for the whole input */
#define S_MAX_GAMES 32

typedef struct S_run {
	const char *arg, *tgn;
	size_t tgn_len;
	tb_grep_kind kind;
	int icase;
	size_t games;
} S_run;

/* What tb_grep_record answered, against what its accessors say. */
static void S_check(const tb_grep *g, int m)
{
	FZ_CHECK(m == TB_GREP_NO || m == TB_GREP_YES || m == TB_GREP_UNSURE || m == TB_ELIMIT ||
	         m == TB_ENOMEM, "tb_grep_record: %d", m);
	FZ_CHECK(tb_grep_errcode(g) == (m < 0 ? m : 0), "errcode %d after %d", tb_grep_errcode(g), m);
	const char *written = NULL;
	int stop = tb_grep_unsure(g, NULL, NULL, NULL, NULL, &written);
	FZ_CHECK((stop >= 0) == (m == TB_GREP_UNSURE) && (stop < 0 || written),
	         "tb_grep_unsure %d after %d", stop, m);
	long which = tb_grep_which(g); /* one selector: 0, or -1 for none */
	if (m == TB_GREP_UNSURE || m == TB_ELIMIT)
		FZ_CHECK(which == 0, "tb_grep_which %ld after %d", which, m);
	else
		FZ_CHECK(which == -1 || m == TB_ENOMEM, "tb_grep_which %ld after %d", which, m);
	FZ_CHECK(m == TB_ELIMIT || tb_grep_steps(g) <= 1000000, "tb_grep_steps %llu after %d",
	         (unsigned long long)tb_grep_steps(g), m);
}

static void S_search(void *ctx)
{
	S_run *run = ctx;
	tb_grep *g = tb_grep_new(run->icase ? TB_GREP_ICASE : 0);
	FZ_CHECK(g != NULL, "tb_grep_new");
	tb_grep_set_max_steps(g, 1000000);
	if (tb_grep_add(g, run->kind, run->arg) == 0) {
		tb_grep *clone = tb_grep_clone(g);
		tb_reader *r = tb_reader_new_mem(run->tgn, run->tgn_len, "fuzz.tgn");
		tb_record *rec;
		while (run->games < S_MAX_GAMES && tb_reader_next(r, &rec) == 1) {
			if (!tb_record_errors(rec)) {
				int m = tb_grep_record(g, rec);
				S_check(g, m);
				if (run->games == 0) /* a clone answers as its original */
					FZ_CHECK(tb_grep_record(clone, rec) == m, "clone");
				run->games++;
			}
			tb_record_free(rec);
		}
		tb_reader_free(r);
		tb_grep_free(clone);
	} else {
		int rc = tb_grep_errcode(g);
		FZ_CHECK(rc == TB_ESYNTAX || rc == TB_EINVAL, "tb_grep_add: %d", rc);
		FZ_CHECK(tb_grep_count(g) == 0, "a refused selector added");
	}
	tb_grep_free(g);
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
	S_run run = {in + 2, nl + 1, size - (size_t)(nl + 1 - in), TB_GREP_MOVES,
	             in[0] >= 'A' && in[0] <= 'Z', 0};
	switch (in[0] | 0x20) {
	case 't': run.kind = TB_GREP_TAG; break;
	case 'c': run.kind = TB_GREP_COMMENT; break;
	case 'e': run.kind = TB_GREP_EVENT; break;
	default: run.kind = TB_GREP_MOVES; break;
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
