/*
 * cmd_grep.c -- "tablero grep": the games of a collection that match
 * patterns (PCRE2) over their tags, comments and movetext, and events
 * the rules derive (spec/compare.md, "tablero grep").
 *
 * Every pattern is compiled once, JIT-compiled where PCRE2 can, and
 * matched under limits (match steps, backtracking depth, heap, a JIT
 * stack; a game's comments share one limit, and long texts go to the
 * interpreter, whose limit counts the whole match), so no pattern can
 * hang the tool: a match that hits a limit is reported, its game is
 * not selected, and the exit status says so.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define S_MAX_SELECT 64

/* Limits of one match (spec/compare.md): enough for any sane pattern
 * over a 16 MiB record, small enough to fail in well under a second. */
#define S_MATCH_LIMIT 10000000u
#define S_DEPTH_LIMIT 10000u
#define S_HEAP_LIMIT (64u * 1024u) /* KiB */
/* PCRE2's JIT counts its match limit per starting point, so over a long
 * text a pattern that fails slowly at every point runs for minutes
 * (1 MB: 17 s). Texts longer than this are matched by the interpreter,
 * whose limit counts the whole match: the JIT's speed where texts are
 * what games hold, a bound everywhere. */
#define S_JIT_MAX (16u * 1024u)

typedef enum { SEL_MOVES, SEL_TAG, SEL_TAG_EQ, SEL_COMMENT, SEL_EVENT } S_kind;

typedef struct S_select {
	S_kind kind;
	const char *arg;       /* the option that gave it, for messages */
	const char *tag;       /* SEL_TAG, SEL_TAG_EQ: the tag's name (owned) */
	const char *value;     /* SEL_TAG_EQ: the value; SEL_EVENT: the event */
	unsigned at_least;     /* SEL_EVENT */
	pcre2_code *re;
} S_select;

typedef struct S_grep {
	S_select sel[S_MAX_SELECT];
	int nsel;
	int icase, invert, count, list;
	pcre2_match_context *mctx;
	pcre2_jit_stack *jit;
	pcre2_match_data *md;
	int trouble;
	size_t printed;        /* games written so far */
	int split;             /* the match limit is shared by a game's comments */
	const char *file;      /* being searched */
	unsigned line;         /* the record being searched */
} S_grep;

static const char *const S_events[] = {
	"tercia", "double tercia", "columpio", "removal", "capture", "pushback", "relocation",
	"coronation", "stage", "huff available", "huff", "fortress", NULL};

/* Prints a pattern's compile error with the pattern and a caret under
 * the character at byte 'off'. */
static void S_bad_pattern(const char *opt, const char *arg, size_t skip, int err, size_t off)
{
	PCRE2_UCHAR msg[256];
	pcre2_get_error_message(err, msg, sizeof msg);
	unsigned col = 1;
	for (size_t i = 0; i < skip + off && arg[i]; i++)
		col += ((unsigned char)arg[i] & 0xC0) != 0x80;
	fprintf(stderr, "tablero grep: %s:1:%u: error: bad pattern: %s (at offset %zu)\n%s\n%*s^\n",
	        opt, col, (const char *)msg, off, arg, (int)(col - 1), "");
}

/* Compiles the pattern that starts 'skip' bytes into argument 'arg'. */
static int S_compile(S_grep *g, S_select *s, const char *opt, const char *arg, size_t skip)
{
	const char *pat = arg + skip;
	int err;
	PCRE2_SIZE off;
	uint32_t flags = PCRE2_UTF | PCRE2_UCP | (g->icase ? PCRE2_CASELESS : 0);
	s->re = pcre2_compile((PCRE2_SPTR)pat, PCRE2_ZERO_TERMINATED, flags, &err, &off, NULL);
	if (!s->re) {
		S_bad_pattern(opt, arg, skip, err, off);
		return -1;
	}
	(void)pcre2_jit_compile(s->re, PCRE2_JIT_COMPLETE); /* interpreted if no JIT */
	return 0;
}

/* 1 match, 0 none, -1 a limit or error (reported; the game is not
 * selected). */
static int S_match(S_grep *g, const S_select *s, const char *text, size_t len)
{
	uint32_t opts = len > S_JIT_MAX || g->split ? PCRE2_NO_JIT : 0;
	int rc = pcre2_match(s->re, (PCRE2_SPTR)text, len, 0, opts, g->md, g->mctx);
	if (rc >= 0)
		return 1;
	if (rc == PCRE2_ERROR_NOMATCH)
		return 0;
	PCRE2_UCHAR msg[256];
	pcre2_get_error_message(rc, msg, sizeof msg);
	fprintf(stderr, "%s:%u:1: error: the pattern of %s could not be matched against this "
	        "game: %s; it is not selected\n", g->file, g->line, s->arg, (const char *)msg);
	g->trouble = 1;
	return -1;
}

/* "capture>=3" -> event "capture", at least 3. */
static int S_event_spec(S_select *s, const char *spec)
{
	const char *ge = strstr(spec, ">=");
	size_t n = ge ? (size_t)(ge - spec) : strlen(spec);
	s->at_least = 1;
	if (ge) {
		char *end;
		long v = strtol(ge + 2, &end, 10);
		if (*end || end == ge + 2 || v < 1 || v > 16) /* tb_events holds 16 a turn */
			return -1;
		s->at_least = (unsigned)v;
	}
	for (int i = 0; S_events[i]; i++)
		if (strlen(S_events[i]) == n && strncmp(S_events[i], spec, n) == 0) {
			s->value = S_events[i];
			return 0;
		}
	return -1;
}

static int S_add(S_grep *g, S_kind kind, const char *opt, const char *arg)
{
	if (g->nsel == S_MAX_SELECT) {
		cli_error("grep", "at most %d patterns", S_MAX_SELECT);
		return -1;
	}
	S_select *s = &g->sel[g->nsel++];
	memset(s, 0, sizeof *s);
	s->kind = kind;
	s->arg = opt;
	if (kind == SEL_EVENT) {
		if (S_event_spec(s, arg) == 0)
			return 0;
		cli_error("grep", "--event takes an event the rules derive, with '>=N' (1 to 16) "
		          "for at least N of it in one turn, not '%s'; the events: tercia, double "
		          "tercia, columpio, removal, capture, pushback, relocation, coronation, "
		          "stage, huff available, huff, fortress", arg);
		return -1;
	}
	if (kind == SEL_TAG) {
		size_t n = strcspn(arg, "~=");
		if (!n || !arg[n] || strspn(arg, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
		                                  "0123456789_") != n) {
			cli_error("grep", "--tag takes NAME~PATTERN or NAME=VALUE, not '%s'", arg);
			return -1;
		}
		char *name = malloc(n + 1);
		if (!name)
			abort();
		memcpy(name, arg, n);
		name[n] = '\0';
		s->tag = name;
		if (arg[n] == '=') {
			s->kind = SEL_TAG_EQ;
			s->value = arg + n + 1;
			return 0;
		}
		return S_compile(g, s, opt, arg, n + 1);
	}
	return S_compile(g, s, opt, arg, 0);
}

typedef struct S_cctx {
	S_grep *g;
	const S_select *s;
	unsigned n;
} S_cctx;

static int S_one_comment(void *ctx, const char *text, const char *lang)
{
	S_cctx *c = ctx;
	(void)lang;
	return S_match(c->g, c->s, text, strlen(text));
}

static int S_count_comment(void *ctx, const char *text, const char *lang)
{
	(void)text, (void)lang;
	((S_cctx *)ctx)->n++;
	return 0;
}

/* Does some comment of the record match? The match limit is the
 * game's, shared among its comments, and counted by the interpreter
 * (the JIT counts per starting point): a game of 2,000 comments cannot
 * take 2,000 times the limit. */
static int S_comments(S_grep *g, const S_select *s, const tb_record *rec)
{
	S_cctx c = {g, s, 0};
	tb_record_comments(rec, S_count_comment, &c);
	if (!c.n)
		return 0;
	uint32_t share = S_MATCH_LIMIT / c.n;
	pcre2_set_match_limit(g->mctx, share > 100 ? share : 100);
	g->split = 1;
	int m = tb_record_comments(rec, S_one_comment, &c);
	g->split = 0;
	pcre2_set_match_limit(g->mctx, S_MATCH_LIMIT);
	return m;
}

/* Is 'e', one event as the rules write it ("capture d4", "huff
 * available d6", "fortress 9/9", "stage"), an event named 'name'? The
 * name is followed by nothing, or by a space and a point or a count --
 * so "huff" is not "huff available". */
static int S_is_event(const char *e, size_t len, const char *name)
{
	size_t n = strlen(name);
	if (len < n || strncmp(e, name, n) != 0)
		return 0;
	if (len == n)
		return 1;
	const char *r = e + n;
	return r[0] == ' ' && len > n + 1 &&
	       ((r[1] >= '0' && r[1] <= '9') ||
	        (r[1] >= 'a' && r[1] <= 'z' && len > n + 2 && r[2] >= '0' && r[2] <= '9'));
}

/* Does some turn of the main line have at least s->at_least events of
 * kind s->value? */
static int S_event(const S_select *s, const tb_plies *p)
{
	for (size_t i = 0; i < tb_plies_count(p); i++) {
		unsigned count = 0;
		for (const char *e = tb_plies_at(p, i)->events; *e;) {
			const char *semi = strstr(e, "; ");
			size_t len = semi ? (size_t)(semi - e) : strlen(e);
			count += (unsigned)S_is_event(e, len, s->value);
			e += len + (semi ? 2 : 0);
		}
		if (count >= s->at_least)
			return 1;
	}
	return 0;
}

/* 1 when the record matches every selector, 0 when not, -1 when a
 * match could not be decided. */
static int S_select_record(S_grep *g, const tb_record *rec)
{
	tb_plies *p = NULL;
	char *moves = NULL;
	size_t mlen = 0;
	int ok = 1;
	for (int i = 0; i < g->nsel && ok == 1; i++) {
		S_select *s = &g->sel[i];
		const char *v;
		switch (s->kind) {
		case SEL_TAG:
			v = tb_record_tag(rec, s->tag);
			ok = v ? S_match(g, s, v, strlen(v)) : 0;
			break;
		case SEL_TAG_EQ:
			v = tb_record_tag(rec, s->tag);
			ok = v && strcmp(v, s->value) == 0;
			break;
		case SEL_MOVES:
			if (!moves)
				moves = tb_record_movetext(rec, &mlen);
			ok = moves ? S_match(g, s, moves, mlen) : 0;
			break;
		case SEL_COMMENT:
			ok = S_comments(g, s, rec);
			break;
		case SEL_EVENT:
			if (!p)
				p = tb_plies_new(rec);
			ok = p ? S_event(s, p) : 0;
			break;
		}
	}
	free(moves);
	tb_plies_free(p);
	return ok;
}

static int S_args(int argc, char **argv, S_grep *g, int *first_file)
{
	int i = 1, explicit = 0;
	for (; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (strcmp(a, "--") == 0) {
			i++;
			break;
		} else if (strcmp(a, "-i") == 0 || strcmp(a, "--ignore-case") == 0) {
			g->icase = 1;
		} else if (strcmp(a, "-v") == 0 || strcmp(a, "--invert-match") == 0) {
			g->invert = 1;
		} else if (strcmp(a, "-c") == 0 || strcmp(a, "--count") == 0) {
			g->count = 1;
		} else if (strcmp(a, "-l") == 0 || strcmp(a, "--files-with-matches") == 0) {
			g->list = 1;
		} else if (v && (strcmp(a, "-e") == 0 || strcmp(a, "--moves") == 0 ||
		                 strcmp(a, "--tag") == 0 || strcmp(a, "--comment") == 0 ||
		                 strcmp(a, "--event") == 0)) {
			i++; /* compiled below, once -i is known */
			explicit = 1;
		} else if (a[0] == '-' && a[1]) {
			cli_error("grep", "unknown option '%s', or it lacks its value (see tablero grep "
			          "--help)", a);
			return -1;
		} else {
			break;
		}
	}
	*first_file = i;
	for (int k = 1; k < i; k++) {
		const char *a = argv[k];
		int rc = 0;
		if (strcmp(a, "-e") == 0 || strcmp(a, "--moves") == 0)
			rc = S_add(g, SEL_MOVES, "--moves", argv[++k]);
		else if (strcmp(a, "--tag") == 0)
			rc = S_add(g, SEL_TAG, "--tag", argv[++k]);
		else if (strcmp(a, "--comment") == 0)
			rc = S_add(g, SEL_COMMENT, "--comment", argv[++k]);
		else if (strcmp(a, "--event") == 0)
			rc = S_add(g, SEL_EVENT, "--event", argv[++k]);
		if (rc)
			return -1;
	}
	if (!explicit) {
		if (i >= argc) {
			cli_error("grep", "nothing to search for: give a PATTERN or --tag, --comment, "
			          "--moves, --event (see tablero grep --help)");
			return -1;
		}
		if (S_add(g, SEL_MOVES, "PATTERN", argv[i]))
			return -1;
		*first_file = i + 1;
	}
	if (g->count && g->list) {
		cli_error("grep", "-c and -l exclude each other");
		return -1;
	}
	return 0;
}

/* Searches one file; returns the number of games selected. */
static size_t S_file(S_grep *g, const char *path, int many)
{
	const char *name = strcmp(path, "-") ? path : "<stdin>";
	FILE *f = cli_open(path);
	if (!f) {
		g->trouble = 1;
		return 0;
	}
	tb_reader *r = tb_reader_new_file(f, name);
	g->file = name;
	tb_record *rec;
	size_t selected = 0;
	int got;
	while ((got = tb_reader_next(r, &rec)) == 1) {
		cli_print_errors(r);
		if (tb_record_errors(rec)) {
			g->trouble = 1; /* not searched: its errors say why */
			tb_record_free(rec);
			continue;
		}
		g->line = tb_record_line(rec);
		int m = S_select_record(g, rec);
		if (m >= 0 && (m == 1) != g->invert) {
			selected++;
			if (!g->count && !g->list) {
				size_t len;
				char *text = tb_record_write(rec, &len);
				if (text) {
					if (g->printed++)
						putchar('\n');
					fwrite(text, 1, len, stdout);
				}
				free(text);
			}
		}
		tb_record_free(rec);
		if (g->list && selected)
			break; /* one is enough */
	}
	if (got < 0) {
		cli_print_errors(r);
		g->trouble = 1;
	}
	tb_reader_free(r);
	cli_close(f);
	if (g->count) {
		if (many)
			printf("%s:", name);
		printf("%zu\n", selected);
	} else if (g->list && selected) {
		puts(name);
	}
	return selected;
}

int cmd_grep(int argc, char **argv)
{
	S_grep g;
	memset(&g, 0, sizeof g);
	int first = 0, rc = EXIT_TROUBLE;
	if (S_args(argc, argv, &g, &first))
		goto done;
	g.mctx = pcre2_match_context_create(NULL);
	g.jit = pcre2_jit_stack_create(32 * 1024, 1024 * 1024, NULL);
	g.md = pcre2_match_data_create(64, NULL);
	if (!g.mctx || !g.md)
		abort();
	pcre2_set_match_limit(g.mctx, S_MATCH_LIMIT);
	pcre2_set_depth_limit(g.mctx, S_DEPTH_LIMIT);
	pcre2_set_heap_limit(g.mctx, S_HEAP_LIMIT);
	if (g.jit)
		pcre2_jit_stack_assign(g.mctx, NULL, g.jit);
	static char dashname[] = "-";
	char *dash[] = {dashname};
	char **files = first < argc ? argv + first : dash;
	int nfiles = first < argc ? argc - first : 1;
	size_t selected = 0;
	for (int k = 0; k < nfiles; k++)
		selected += S_file(&g, files[k], nfiles > 1 && (g.count || g.list));
	if (fflush(stdout) != 0 || ferror(stdout)) {
		cli_error("grep", "cannot write to standard output");
		g.trouble = 1;
	}
	rc = g.trouble ? EXIT_TROUBLE : selected ? EXIT_CLEAN : EXIT_PROBLEMS;
done:
	for (int i = 0; i < g.nsel; i++) {
		pcre2_code_free(g.sel[i].re);
		free((char *)g.sel[i].tag);
	}
	pcre2_match_data_free(g.md);
	pcre2_jit_stack_free(g.jit);
	pcre2_match_context_free(g.mctx);
	return rc;
}
