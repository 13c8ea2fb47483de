/*
 * search.c -- the selectors of tablero grep: PCRE2 patterns over a
 * record's tags, comments and movetext, and events its rules derive
 * (spec/compare.md, "tablero grep").
 *
 * The budget. PCRE2's match limit counts afresh at each starting point
 * of each text, under the JIT and the interpreter alike, so over a
 * text of n characters a pattern that fails slowly everywhere costs n
 * times the limit (a 400-byte tag took 13 s). So every pattern is
 * compiled with automatic callouts -- PCRE2 calls S_step before each
 * item of the pattern it tries -- and S_step counts the steps of the
 * whole search of a game, all its selectors, texts and starting points
 * together, against one budget (--max-steps): when it runs out, the
 * match stops and the game is reported. A step is an item tried; going
 * back over text already scanned costs one more step per byte, as does
 * each character an item with a counted repeat ("a{500}") or a
 * backreference may compare before it fails, since PCRE2 calls back
 * only between items. What the matcher does between two callouts is
 * then bounded by the pattern, so the time of a game's search is about
 * proportional to its steps plus the length of its texts, whatever the
 * pattern: the same count under the JIT and the interpreter, and the
 * same on every machine. PCRE2's depth and heap limits and the JIT
 * stack bound its memory.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "search.h"

#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define S_MAX_SELECT 64
#define S_DEPTH_LIMIT 10000u
#define S_HEAP_LIMIT (64u * 1024u) /* KiB */
#define S_BACKREF 0x80000000u     /* a weight: the item compares a capture */

typedef struct S_select {
	cli_sel_kind kind;
	const char *opt;       /* the option that gave it, for messages */
	const char *arg;       /* its argument, for messages */
	const char *pattern;   /* its pattern: 'arg', or what follows a tag's '~' */
	char *tag;             /* CLI_SEL_TAG: the tag's name */
	const char *value;     /* a tag's exact value (NAME=VALUE) */
	tb_event_kind event;   /* CLI_SEL_EVENT: the event */
	int per_game;          /* CLI_SEL_EVENT: counted over the game, not a turn */
	char cmp;              /* CLI_SEL_EVENT: '>' at least, '<' at most, '=' exactly */
	unsigned long count;   /* CLI_SEL_EVENT: ... this many */
	pcre2_code *re;
	uint32_t *weight;      /* by pattern offset: the extra steps of the item there */
	size_t nweight;
} S_select;

struct cli_search {
	S_select sel[S_MAX_SELECT];
	int nsel;
	int icase;
	uint64_t max_steps;    /* a game's budget */
	uint64_t left;         /* what the game being searched has left */
	size_t at;             /* where the matcher was at the last callout */
	const S_select *cur;   /* the selector being matched */
	pcre2_match_context *mctx;
	pcre2_jit_stack *jit;
	pcre2_match_data *md;
	int clone;             /* sel[] is another search's (cli_search_clone) */
};

/* ===== The budget ===== */

/* The longest capture set so far: what a backreference may compare. */
static size_t S_longest_capture(const pcre2_callout_block *cb)
{
	size_t most = 0;
	for (uint32_t i = 1; i < cb->capture_top; i++) {
		PCRE2_SIZE from = cb->offset_vector[2 * i], to = cb->offset_vector[2 * i + 1];
		if (from != PCRE2_UNSET && to != PCRE2_UNSET && to > from && to - from > most)
			most = to - from;
	}
	return most;
}

/* PCRE2 calls this before each item of a pattern it tries: charges the
 * step to the game's budget, and stops the match when it is spent. */
static int S_step(pcre2_callout_block *cb, void *ctx)
{
	cli_search *s = ctx;
	uint64_t cost = 1;
	if (s->at > cb->current_position)
		cost += s->at - cb->current_position;
	s->at = cb->current_position;
	uint32_t w = cb->pattern_position < s->cur->nweight ? s->cur->weight[cb->pattern_position]
	                                                     : 0;
	if (w & S_BACKREF)
		cost += (uint64_t)S_longest_capture(cb) * ((w & ~S_BACKREF) ? (w & ~S_BACKREF) : 1);
	else
		cost += w;
	if (cost > s->left) {
		s->left = 0;
		return PCRE2_ERROR_CALLOUT; /* never PCRE2's own: ours to recognise */
	}
	s->left -= cost;
	return 0;
}

/* The least count of a counted repeat ending the 'len' bytes of 'item'
 * ("a{500}", "[ab]{3,}+", "\d{2,5}"): how many characters it compares
 * before it can fail; 0 for anything else, the braces of an escape
 * ("\x{61}", "\p{L}") and a group's repeat (its items call back
 * themselves). */
static uint32_t S_repeat_min(const char *item, size_t len)
{
	if (len && (item[len - 1] == '+' || item[len - 1] == '?'))
		len--;
	if (len < 3 || item[len - 1] != '}' || item[0] == ')')
		return 0;
	size_t open = len - 1;
	while (open > 0 && item[open] != '{')
		open--;
	if (item[open] != '{' || open == 0 || item[open + 1] < '0' || item[open + 1] > '9')
		return 0;
	size_t slashes = 0; /* "\x{", not "\\x{" */
	for (size_t k = open - 1; k > 0 && item[k - 1] == '\\'; k--)
		slashes++;
	char before = item[open - 1];
	if (slashes % 2 && ((before >= 'a' && before <= 'z') || (before >= 'A' && before <= 'Z')))
		return 0;
	unsigned long m = strtoul(item + open + 1, NULL, 10);
	return m > 65535 ? 65535u : (uint32_t)m;
}

/* Is 'item' a backreference: \1 to \9..., \g, \k or (?P=name)? */
static int S_is_backref(const char *item, size_t len)
{
	if (len >= 2 && item[0] == '\\')
		return (item[1] >= '1' && item[1] <= '9') || item[1] == 'g' || item[1] == 'k';
	return len >= 4 && strncmp(item, "(?P=", 4) == 0;
}

static int S_weigh(pcre2_callout_enumerate_block *b, void *ctx)
{
	S_select *sel = ctx;
	if (b->pattern_position >= sel->nweight)
		return 0;
	const char *item = sel->pattern + b->pattern_position;
	size_t len = b->next_item_length;
	if (b->pattern_position + len > sel->nweight - 1)
		len = sel->nweight - 1 - b->pattern_position;
	uint32_t m = S_repeat_min(item, len);
	sel->weight[b->pattern_position] = S_is_backref(item, len) ? S_BACKREF | m : m;
	return 0;
}

/* ===== Patterns ===== */

/* Prints a pattern's compile error with the argument and a caret under
 * the character at byte 'off' of the pattern, 'skip' bytes into it. */
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

/* Compiles the pattern that starts 'skip' bytes into argument 'arg',
 * with a callout before each item, and weighs its items. */
static int S_compile(cli_search *s, S_select *sel, const char *arg, size_t skip)
{
	int err;
	PCRE2_SIZE off;
	uint32_t flags = PCRE2_UTF | PCRE2_UCP | PCRE2_AUTO_CALLOUT |
	                 (s->icase ? PCRE2_CASELESS : 0);
	sel->pattern = arg + skip;
	sel->re = pcre2_compile((PCRE2_SPTR)sel->pattern, PCRE2_ZERO_TERMINATED, flags, &err, &off,
	                        NULL);
	if (!sel->re) {
		S_bad_pattern(sel->opt, arg, skip, err, off);
		return -1;
	}
	sel->nweight = strlen(sel->pattern) + 1;
	sel->weight = calloc(sel->nweight, sizeof *sel->weight);
	if (!sel->weight)
		cli_oom();
	pcre2_callout_enumerate(sel->re, S_weigh, sel);
	(void)pcre2_jit_compile(sel->re, PCRE2_JIT_COMPLETE); /* interpreted if no JIT */
	return 0;
}

/* "capture>=3" -> event "capture", at least 3 in one turn; "removal>=10
 * per game", "huff<=0 per game", "tercia=2 per game" -> counted over the
 * game's main line. A turn records at most 16 events, so a turn's count
 * is 1 to 16, and only "at least" means something for one turn. */
static int S_event_spec(S_select *sel, const char *spec)
{
	static const char per_game[] = " per game", per_turn[] = " per turn";
	size_t len = strlen(spec);
	sel->per_game = len > sizeof per_game - 1 &&
	                strcmp(spec + len - (sizeof per_game - 1), per_game) == 0;
	if (sel->per_game || (len > sizeof per_turn - 1 &&
	                      strcmp(spec + len - (sizeof per_turn - 1), per_turn) == 0))
		len -= sizeof per_game - 1;
	size_t n = strcspn(spec, "<>=");
	if (n > len)
		n = len;
	sel->cmp = '>';
	sel->count = 1;
	if (n < len) {
		const char *op = spec + n, *num = op + (op[0] == '=' ? 1 : 2);
		if (op[0] != '=' && op[1] != '=')
			return -1;
		if (num >= spec + len || *num < '0' || *num > '9')
			return -1;
		char *end;
		unsigned long v = strtoul(num, &end, 10);
		if (end != spec + len || v > 10000000ul)
			return -1;
		sel->cmp = op[0];
		sel->count = v;
		if (!sel->per_game && (sel->cmp != '>' || v < 1 || v > 16))
			return -1;
	}
	char name[32];
	if (n >= sizeof name)
		return -1;
	memcpy(name, spec, n);
	name[n] = '\0';
	sel->event = tb_event_kind_of(name);
	return sel->event ? 0 : -1;
}

/* --tag NAME~RE or NAME=VALUE. */
static int S_tag(cli_search *s, S_select *sel, const char *arg)
{
	size_t n = strcspn(arg, "~=");
	if (!n || !arg[n] || strspn(arg, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	                                  "0123456789_") != n) {
		cli_error("grep", "--tag takes NAME~PATTERN or NAME=VALUE, not '%s'", arg);
		return -1;
	}
	sel->tag = malloc(n + 1);
	if (!sel->tag)
		cli_oom();
	memcpy(sel->tag, arg, n);
	sel->tag[n] = '\0';
	if (arg[n] == '=') {
		sel->value = arg + n + 1;
		return 0;
	}
	return S_compile(s, sel, arg, n + 1);
}

int cli_search_add(cli_search *s, cli_sel_kind kind, const char *opt, const char *arg)
{
	if (s->nsel == S_MAX_SELECT) {
		cli_error("grep", "at most %d patterns", S_MAX_SELECT);
		return -1;
	}
	S_select *sel = &s->sel[s->nsel++];
	memset(sel, 0, sizeof *sel);
	sel->kind = kind;
	sel->opt = opt;
	sel->arg = arg;
	if (kind == CLI_SEL_TAG)
		return S_tag(s, sel, arg);
	if (kind != CLI_SEL_EVENT)
		return S_compile(s, sel, arg, 0);
	if (S_event_spec(sel, arg) == 0)
		return 0;
	char names[256] = "";
	for (int k = 1; k < TB_EV_KINDS; k++) /* the library's table, in its order */
		snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
		         k > 1 ? ", " : "", tb_event_name((tb_event_kind)k));
	cli_error("grep", "--event takes an event the rules derive, with '>=N' (1 to 16) "
	          "for at least N of it in one turn, or '>=N per game', '<=N per game', '=N "
	          "per game' to count it over the game, not '%s'; the events: %s", arg, names);
	return -1;
}

/* Gives 's' its own match state: context, JIT stack, match data. */
static void S_match_state(cli_search *s)
{
	s->mctx = pcre2_match_context_create(NULL);
	s->jit = pcre2_jit_stack_create(32 * 1024, 1024 * 1024, NULL);
	s->md = pcre2_match_data_create(64, NULL);
	if (!s->mctx || !s->md)
		cli_oom();
	/* PCRE2's own count never stops a search the budget allows */
	pcre2_set_match_limit(s->mctx, s->max_steps < UINT32_MAX ? (uint32_t)s->max_steps : UINT32_MAX);
	pcre2_set_depth_limit(s->mctx, S_DEPTH_LIMIT);
	pcre2_set_heap_limit(s->mctx, S_HEAP_LIMIT);
	pcre2_set_callout(s->mctx, S_step, s);
	if (s->jit)
		pcre2_jit_stack_assign(s->mctx, NULL, s->jit);
}

cli_search *cli_search_new(int icase, uint64_t max_steps)
{
	cli_search *s = calloc(1, sizeof *s);
	if (!s)
		cli_oom();
	s->icase = icase;
	s->max_steps = max_steps;
	S_match_state(s);
	return s;
}

cli_search *cli_search_clone(const cli_search *s)
{
	cli_search *c = malloc(sizeof *c);
	if (!c)
		cli_oom();
	*c = *s; /* the selectors: compiled patterns are read, never written, by a match */
	c->clone = 1;
	S_match_state(c);
	return c;
}

void cli_search_free(cli_search *s)
{
	if (!s)
		return;
	for (int i = 0; !s->clone && i < s->nsel; i++) {
		pcre2_code_free(s->sel[i].re);
		free(s->sel[i].tag);
		free(s->sel[i].weight);
	}
	pcre2_match_data_free(s->md);
	pcre2_jit_stack_free(s->jit);
	pcre2_match_context_free(s->mctx);
	free(s);
}

/* ===== Matching a game ===== */

typedef struct S_game {
	cli_search *s;
	const char *file;
	unsigned line;
	FILE *err;             /* where a game that cannot be told is said */
} S_game;

/* 1 match, 0 none, -1 the budget or a PCRE2 limit (said; the game is
 * not selected). */
static int S_match(S_game *g, const S_select *sel, const char *text, size_t len)
{
	cli_search *s = g->s;
	s->cur = sel;
	s->at = 0;
	int rc = pcre2_match(sel->re, (PCRE2_SPTR)text, len, 0, 0, s->md, s->mctx);
	if (rc >= 0)
		return 1;
	if (rc == PCRE2_ERROR_NOMATCH)
		return 0;
	if (rc == PCRE2_ERROR_CALLOUT) {
		fprintf(g->err, "%s:%u:1: error: the search of this game took more than %llu steps, "
		        "in %s '%s'; it is not selected (--max-steps raises the limit)\n", g->file,
		        g->line, (unsigned long long)s->max_steps, sel->opt, sel->arg);
	} else {
		PCRE2_UCHAR msg[256];
		pcre2_get_error_message(rc, msg, sizeof msg);
		fprintf(g->err, "%s:%u:1: error: the pattern of %s could not be matched against "
		        "this game: %s; it is not selected\n", g->file, g->line, sel->opt,
		        (const char *)msg);
	}
	return -1;
}

typedef struct S_cctx {
	S_game *g;
	const S_select *sel;
} S_cctx;

static int S_one_comment(void *ctx, const char *text, const char *lang)
{
	S_cctx *c = ctx;
	(void)lang;
	return S_match(c->g, c->sel, text, strlen(text));
}

/* How many events of kind 'kind' 'y' records. */
static unsigned long S_events_of(const tb_ply *y, tb_event_kind kind)
{
	unsigned long count = 0;
	for (size_t i = 0; i < y->nevents; i++)
		count += y->ev[i].type == kind;
	return count;
}

/* Node 'i' of 'p' if the rules cannot tell whether the turns there
 * did events 'bit' (tb_ply.maybe): the first node of the open stretch
 * it is in, when some of its possible lines did them and others did
 * not; itself when the rules cannot follow the record there, or refuse
 * its turn as written (what it did is a repair's guess) -- unless the
 * game's rules never derive such events. Else NULL. */
static const tb_ply *S_unsure(const tb_plies *p, size_t i, unsigned bit)
{
	const tb_ply *y = tb_plies_at(p, i);
	if (!(y->maybe & bit))
		return NULL;
	if (y->status != TB_FRAME_OPEN || y->refused)
		return y;
	while (i > 0 && tb_plies_at(p, i - 1)->status == TB_FRAME_OPEN)
		i--;
	return tb_plies_at(p, i);
}

/* Does the main line match an --event selector? 1 yes, 0 no, -1 when
 * the answer depends on what the rules cannot tell; '*unsure' is then
 * the first node it depends on (S_unsure). An event counts where every
 * line the record may stand for has it: after a '?', a '?' point or a
 * gap the rules decide, the turns are known again, and a decided gap's
 * own turns count. */
static int S_event(const S_select *sel, const tb_plies *p, const tb_ply **unsure)
{
	unsigned long total = 0;
	unsigned bit = 1u << sel->event; /* tb_ply.maybe's bit of the kind */
	*unsure = NULL;
	for (size_t i = 0; i < tb_plies_count(p); i++) {
		const tb_ply *y = tb_plies_at(p, i);
		if (!*unsure)
			*unsure = S_unsure(p, i, bit);
		unsigned long n = S_events_of(y, sel->event);
		if (!sel->per_game && n >= sel->count)
			return 1;
		total += n;
	}
	if (!sel->per_game)
		return *unsure ? -1 : 0;
	if (total > sel->count && sel->cmp != '>') /* more events cannot undo it */
		return 0;
	if (total >= sel->count && sel->cmp == '>')
		return 1;
	if (*unsure)
		return -1;
	return sel->cmp == '>' ? total >= sel->count
	     : sel->cmp == '<' ? total <= sel->count : total == sel->count;
}

/* Says why selector 'sel' could not be told on 'g': node 'y', where
 * the rules stop following the record or an open stretch begins. One
 * line. */
static void S_unsure_say(const S_game *g, const S_select *sel, const tb_ply *y)
{
	char num[32] = "";
	if (y->number)
		snprintf(num, sizeof num, "%u%s ", y->number, y->side == 1 ? "..." : ".");
	if (y->status == TB_FRAME_UNKNOWN || y->refused)
		fprintf(g->err, "%s:%u:%u: error: the rules stop at %s%s (tablero validate says "
		        "why), so the turns after it were not searched for --event '%s'; the game "
		        "is not selected\n", g->file, y->line, y->col, num, y->written, sel->arg);
	else
		fprintf(g->err, "%s:%u:%u: error: %s%s: the answer to --event '%s' depends on "
		        "what was played here (more than one turn fits; tablero validate says "
		        "which); the game is not selected\n", g->file, y->line, y->col, num,
		        y->written, sel->arg);
}

/* The event selectors, after the others (they replay the game): 1, 0,
 * or -1 when one could not be told and none is false (said on stderr). */
static int S_events_match(cli_search *s, const tb_record *rec, const S_game *g)
{
	tb_plies *p = tb_plies_new(rec);
	const tb_ply *unsure = NULL;
	const S_select *which = NULL;
	int ok = 1;
	for (int i = 0; i < s->nsel && ok && p; i++)
		if (s->sel[i].kind == CLI_SEL_EVENT) {
			const tb_ply *u;
			int m = S_event(&s->sel[i], p, &u);
			if (m < 0 && !which)
				which = &s->sel[i], unsure = u;
			ok = m != 0;
		}
	if (!p)
		ok = 0;
	else if (ok && which) {
		S_unsure_say(g, which, unsure);
		ok = -1;
	}
	tb_plies_free(p);
	return ok;
}

int cli_search_record(cli_search *s, const tb_record *rec, const char *file)
{
	return cli_search_record_to(s, rec, file, stderr);
}

int cli_search_record_to(cli_search *s, const tb_record *rec, const char *file, FILE *err)
{
	S_game g = {s, file, tb_record_line(rec), err};
	char *moves = NULL;
	size_t mlen = 0;
	int ok = 1, events = 0;
	s->left = s->max_steps; /* one budget for the whole game */
	for (int i = 0; i < s->nsel && ok == 1; i++) {
		const S_select *sel = &s->sel[i];
		const char *v;
		switch (sel->kind) {
		case CLI_SEL_TAG:
			v = tb_record_tag(rec, sel->tag);
			ok = !v ? 0 : sel->re ? S_match(&g, sel, v, strlen(v)) : strcmp(v, sel->value) == 0;
			break;
		case CLI_SEL_MOVES:
			if (!moves)
				moves = cli_record_movetext(rec, &mlen);
			ok = moves ? S_match(&g, sel, moves, mlen) : 0;
			break;
		case CLI_SEL_COMMENT: {
			S_cctx c = {&g, sel};
			ok = tb_record_comments(rec, S_one_comment, &c);
			break;
		}
		case CLI_SEL_EVENT:
			events = 1; /* below, once the others agree */
			break;
		}
	}
	free(moves);
	if (ok == 1 && events)
		ok = S_events_match(s, rec, &g);
	return ok;
}
