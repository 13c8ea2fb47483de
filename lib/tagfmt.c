/*
 * tagfmt.c -- the formats of tag values, as PCRE2 patterns
 * (spec/tgn.md, "Tag value formats").
 *
 * The patterns are the contract: the spec quotes them, and a test
 * checks that it quotes these very strings. Date and Source, and the
 * Rules value "?", are answered without running them (S_quick,
 * S_date_quick), as they would answer: a test compares the two. They
 * are compiled once per
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
/* The patterns PCRE2 had no memory to compile: matching them says -1.
 * (Compiled once a process: one that ran out of memory then says so
 * for its Rules values from then on, never a wrong answer.) */
static int S_compile_nomem[S_NFORMATS];
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
		else
			S_compile_nomem[i] = err == PCRE2_ERROR_NOMEMORY;
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

static int S_digit(char c) { return c >= '0' && c <= '9'; }

/* Date's month and day, branch by branch as the pattern has them. */
static int S_month(char a, char b)
{
	return (a == '0' && b >= '1' && b <= '9') || (a == '1' && b >= '0' && b <= '2') ||
	       ((a == '0' || a == '1' || a == '?') && b == '?') || (a == '?' && S_digit(b));
}

static int S_day(char a, char b)
{
	return (a == '0' && b >= '1' && b <= '9') || ((a == '1' || a == '2') && S_digit(b)) ||
	       (a == '3' && (b == '0' || b == '1')) || (((a >= '0' && a <= '3') || a == '?') &&
	       b == '?') || (a == '?' && S_digit(b));
}

/* [0-9]{1,3}:[0-5][0-9]:[0-5][0-9] at v[*i], before 'n'. */
static int S_clock(const char *v, size_t n, size_t *i)
{
	size_t k = 0;
	while (*i + k < n && k < 3 && S_digit(v[*i + k]))
		k++;
	if (k == 0 || *i + k + 6 > n)
		return 0;
	const char *c = v + *i + k;
	if (c[0] != ':' || c[1] < '0' || c[1] > '5' || !S_digit(c[2]) || c[3] != ':' ||
	    c[4] < '0' || c[4] > '5' || !S_digit(c[5]))
		return 0;
	*i += k + 6;
	return 1;
}

/* The answer of the patterns for Date and Source, and for the Rules
 * value "?", in a few instructions; -1 for the pattern to say. Each is
 * the pattern read branch by branch; test_tags compares them with it
 * (tb_tag_format_pcre) over every date of the shape and over many
 * sources.
 * - Date: \A[0-9?]{4}(?:([.-])MONTH(?:\1DAY)?)?\z.
 * - Source: with no '@', the branch [^@]*; else the other branch, where
 *   '.*@' can only end at the last '@' (what follows it has none), and
 *   ' *' then a time code, or two joined by '-', end the value. */
static int S_quick(tb_tag_format_kind k, const char *v, size_t n)
{
	switch (k) {
	case TB_TAGFMT_SOURCE: {
		const char *at = memchr(v, '@', n), *next;
		if (!at)
			return 1;
		while ((next = memchr(at + 1, '@', n - (size_t)(at + 1 - v))))
			at = next;
		size_t i = (size_t)(at + 1 - v);
		while (i < n && v[i] == ' ')
			i++;
		if (!S_clock(v, n, &i))
			return 0;
		if (i < n && v[i] == '-') {
			i++;
			if (!S_clock(v, n, &i))
				return 0;
		}
		return i == n;
	}
	case TB_TAGFMT_RULES:
		return n == 1 && v[0] == '?' ? 1 : -1;
	case TB_TAGFMT_DATE:
		break; /* S_date_quick, which needs no length */
	}
	return -1;
}

/* Date's answer (S_quick's, above), read up to the value's NUL and not
 * past it, with no strlen: a date is checked every record. 4, 7 or 10
 * bytes; a NUL where a byte of the shape should be fails its test (a
 * digit, a separator, S_month and S_day say no to it), and each byte
 * is looked at only when the one before is not the NUL. */
static int S_date_quick(const char *v)
{
	for (int i = 0; i < 4; i++)
		if (!S_digit(v[i]) && v[i] != '?')
			return 0;
	if (v[4] == '\0')
		return 1;
	if ((v[4] != '.' && v[4] != '-') || v[5] == '\0' || !S_month(v[5], v[6]))
		return 0;
	if (v[7] == '\0')
		return 1;
	if (v[7] != v[4] || v[8] == '\0' || !S_day(v[8], v[9]))
		return 0;
	return v[10] == '\0';
}

int tb_tag_format_matches(tb_tag_format_kind k, const char *value)
{
	if (k == TB_TAGFMT_DATE)
		return S_date_quick(value);
	size_t n = strlen(value);
	int quick = S_quick(k, value, n);
	return quick >= 0 ? quick : tb_tag_format_pcre(k, value);
}

int tb_tag_format_pcre(tb_tag_format_kind k, const char *value)
{
	(void)pthread_once(&S_once, S_compile);
	pcre2_code *code = S_formats[k].code;
	if (!code)
		return S_compile_nomem[k] ? -1 : 0;
	pcre2_match_data *md = S_md_keyed ? pthread_getspecific(S_md_key) : NULL;
	int kept = md != NULL;
	if (!md) {
		md = pcre2_match_data_create(2, NULL);
		if (!md)
			return -1; /* out of memory */
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
	return rc == PCRE2_ERROR_NOMEMORY ? -1 : rc > 0;
}
