/*
 * tagfmt.c -- the formats of tag values, as PCRE2 patterns
 * (spec/tgn.md, "Tag value formats").
 *
 * The patterns are the contract: the spec quotes them, and a test
 * checks that it quotes these very strings. The values most records
 * hold are answered without them (S_quick), as the pattern would: a
 * test compares the two. They are compiled once per
 * process (pthread_once: C11's call_once is the same in glibc, but
 * reached by a way ThreadSanitizer does not see, so that it took the
 * records read in parts, in several threads, for a race) and
 * JIT-compiled where PCRE2 can; each match runs
 * under PCRE2's match and depth limits. A tag value is one line of at
 * most a few KiB, and the only backtracking is Source's ".*@", which
 * tries each '@' of the value once.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <string.h>
#include <pthread.h>

#include "tags.h"

typedef struct S_format {
	const char *tag;
	const char *pattern;
	pcre2_code *code;
} S_format;

/* ORDER: tb_tag_format_kind. */
static S_format S_formats[] = {
	{"Date",
	 "\\A[0-9?]{4}(?:([.-])(?:0[1-9]|1[0-2]|[01?]\\?|\\?[0-9])"
	 "(?:\\1(?:0[1-9]|[12][0-9]|3[01]|[0-3?]\\?|\\?[0-9]))?)?\\z", NULL},
	{"Source",
	 "\\A(?s:[^@]*|.*@ *[0-9]{1,3}:[0-5][0-9]:[0-5][0-9]"
	 "(?:-[0-9]{1,3}:[0-5][0-9]:[0-5][0-9])?)\\z", NULL},
	{"Rules",
	 "\\A(?:\\?|[ \\t]*[A-Za-z]+[ \\t]*"
	 "(?:;[ \\t]*(?:[a-z0-9_]+[ \\t]*=[ \\t]*[^; \\t]+[ \\t]*)?)*)\\z", NULL},
};
#define S_NFORMATS (sizeof S_formats / sizeof S_formats[0])

static pthread_once_t S_once = PTHREAD_ONCE_INIT;
static pcre2_match_context *S_mctx;
/* Each thread's match data, kept: creating and freeing it at every
 * match cost a third of a match. Freed when the thread ends. */
static pthread_key_t S_md_key;
static int S_md_keyed;

static void S_md_free(void *md)
{
	pcre2_match_data_free(md);
}

/* Compiles every pattern; a pattern that does not compile is a bug
 * the tests catch (tb_tag_format_matches then says no match). */
static void S_compile(void)
{
	for (size_t i = 0; i < S_NFORMATS; i++) {
		int err;
		PCRE2_SIZE at;
		S_formats[i].code = pcre2_compile((PCRE2_SPTR)S_formats[i].pattern,
		                                  PCRE2_ZERO_TERMINATED, 0, &err, &at, NULL);
		if (S_formats[i].code)
			(void)pcre2_jit_compile(S_formats[i].code, PCRE2_JIT_COMPLETE);
	}
	S_md_keyed = pthread_key_create(&S_md_key, S_md_free) == 0;
	S_mctx = pcre2_match_context_create(NULL);
	if (S_mctx) {
		pcre2_set_match_limit(S_mctx, 100000);
		pcre2_set_depth_limit(S_mctx, 1000);
	}
}

const char *tb_tag_pattern(const char *tag)
{
	for (size_t i = 0; i < S_NFORMATS; i++)
		if (strcmp(S_formats[i].tag, tag) == 0)
			return S_formats[i].pattern;
	return NULL;
}

/* The answer for the values most records hold, in a few instructions:
 * 1 or 0 where it is the pattern's without doubt, -1 for the pattern
 * to say. test_tags checks it against the pattern (tb_tag_format_pcre).
 * - Source with no '@': the pattern's first branch, [^@]*.
 * - Rules "?": its first branch.
 * - Date YYYY.MM.DD in digits: the month is 0[1-9]|1[0-2], the day
 *   0[1-9]|[12][0-9]|3[01] (the branches with '?' cannot match); and
 *   "????.??.??", which [01?]\? and [0-3?]\? match. */
static int S_quick(tb_tag_format_kind k, const char *v, size_t n)
{
	switch (k) {
	case TB_TAGFMT_SOURCE:
		return memchr(v, '@', n) ? -1 : 1;
	case TB_TAGFMT_RULES:
		return n == 1 && v[0] == '?' ? 1 : -1;
	case TB_TAGFMT_DATE:
		if (n != 10 || v[4] != '.' || v[7] != '.')
			return -1;
		if (memcmp(v, "????.??.??", 10) == 0)
			return 1;
		for (int i = 0; i < 10; i++)
			if (i != 4 && i != 7 && (v[i] < '0' || v[i] > '9'))
				return -1;
		int month = (v[5] - '0') * 10 + (v[6] - '0'), day = (v[8] - '0') * 10 + (v[9] - '0');
		return month >= 1 && month <= 12 && day >= 1 && day <= 31;
	}
	return -1;
}

int tb_tag_format_matches(tb_tag_format_kind k, const char *value)
{
	size_t n = strlen(value);
	int quick = S_quick(k, value, n);
	return quick >= 0 ? quick : tb_tag_format_pcre(k, value);
}

int tb_tag_format_pcre(tb_tag_format_kind k, const char *value)
{
	(void)pthread_once(&S_once, S_compile);
	pcre2_code *code = S_formats[k].code;
	if (!code)
		return 0;
	pcre2_match_data *md = S_md_keyed ? pthread_getspecific(S_md_key) : NULL;
	int kept = md != NULL;
	if (!md) {
		md = pcre2_match_data_create(2, NULL);
		if (!md)
			return 0;
		kept = S_md_keyed && pthread_setspecific(S_md_key, md) == 0;
	}
	/* JIT-compiled, as it is wherever PCRE2 has a JIT, the pattern is
	 * matched without pcre2_match's checks of each call's arguments */
	size_t n = strlen(value);
	int rc = pcre2_jit_match(code, (PCRE2_SPTR)value, n, 0, 0, md, S_mctx);
	if (rc == PCRE2_ERROR_JIT_BADOPTION)
		rc = pcre2_match(code, (PCRE2_SPTR)value, n, 0, 0, md, S_mctx);
	if (!kept)
		pcre2_match_data_free(md);
	return rc > 0;
}
