/*
 * grep.c -- searching records: PCRE2 patterns over a record's tags,
 * comments and movetext, and the events its rules derive, all of which
 * a record must match (tablero.h, "Searching records"; spec/compare.md,
 * "tablero grep"). The library's half of tablero grep, and Python's
 * tablero.grep: it answers yes, no or "cannot tell", and says why in
 * the handle's last error and accessors; the CLI words it.
 *
 * The budget. PCRE2's match limit counts afresh at each starting point
 * of each text, under the JIT and the interpreter alike, so over a
 * text of n characters a pattern that fails slowly everywhere costs n
 * times the limit (a 400-byte tag took 13 s). So every pattern is
 * compiled with automatic callouts -- PCRE2 calls S_step before each
 * item of the pattern it tries -- and S_step counts the steps of the
 * whole search of a record, all its selectors, texts and starting
 * points together, against one budget (tb_grep_set_max_steps): when it
 * runs out, the match stops and the record is not told. A step is an
 * item tried; going back over text already scanned costs one more step
 * per byte, as does each character an item with a counted repeat
 * ("a{500}") or a backreference may compare before it fails, since
 * PCRE2 calls back only between items. What the matcher does between
 * two callouts is then bounded by the pattern, so the time of a
 * record's search is about proportional to its steps plus the length
 * of its texts, whatever the pattern: the same count under the JIT and
 * the interpreter, and the same on every machine. PCRE2's depth and
 * heap limits and the JIT stack bound its memory.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "tablero.h"

#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "lasterr.h"
#include "xalloc.h"

#define S_DEPTH_LIMIT 10000u
#define S_HEAP_LIMIT (64u * 1024u) /* KiB */
#define S_BACKREF 0x80000000u     /* a weight: the item compares a capture */

typedef struct S_select {
	tb_grep_kind kind;
	char *arg;             /* its argument, copied */
	const char *pattern;   /* its pattern: 'arg', or what follows a tag's '~' */
	char *tag;             /* TB_GREP_TAG: the tag's name */
	const char *value;     /* a tag's exact value (NAME=VALUE) */
	tb_event_kind event;   /* TB_GREP_EVENT: the event */
	int per_game;          /* TB_GREP_EVENT: counted over the game, not a turn */
	char cmp;              /* TB_GREP_EVENT: '>' at least, '<' at most, '=' exactly */
	unsigned long count;   /* TB_GREP_EVENT: ... this many */
	pcre2_code *re;
	uint32_t *weight;      /* by pattern offset: the extra steps of the item there */
	size_t nweight;
} S_select;

/* Where an answer that cannot be told turns (tb_grep_unsure). */
typedef struct S_unsure {
	int stop;              /* 1 the rules stop at the node, 0 an open stretch begins */
	unsigned line, col, number;
	int side;
	char *written;         /* the node's token, copied */
} S_unsure;

/* Where a selector matched in the last answer (tb_grep_span, tb_grep_turn). */
typedef struct S_found {
	int set;               /* 1 text: 'nth', 'start', 'end'; 2 event: 'line', 'col' */
	size_t nth, start, end;
	unsigned line, col;
} S_found;

struct tb_grep {
	S_select *sel;         /* TB_GREP_MAX_SELECTORS of them; another's for a clone */
	size_t nsel;
	int icase;
	int clone;             /* 'sel' is another handle's (tb_grep_clone) */
	uint64_t max_steps;    /* a record's budget */
	uint64_t left;         /* what the record being searched has left */
	int spent;             /* the last search ran out of its budget */
	size_t at;             /* where the matcher was at the last callout */
	const S_select *cur;   /* the selector being matched */
	long which;            /* tb_grep_which */
	size_t err_offset;     /* tb_grep_error_offset */
	S_unsure unsure;       /* valid when 'has_unsure' */
	S_found found[TB_GREP_MAX_SELECTORS];
	int has_unsure;
	pcre2_match_context *mctx;
	pcre2_jit_stack *jit;
	pcre2_match_data *md;
	tb_lasterr err;        /* tb_grep_errcode, tb_grep_errmsg */
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
 * step to the record's budget, and stops the match when it is spent. */
static int S_step(pcre2_callout_block *cb, void *ctx)
{
	tb_grep *g = ctx;
	uint64_t cost = 1;
	if (g->at > cb->current_position)
		cost += g->at - cb->current_position;
	g->at = cb->current_position;
	uint32_t w = cb->pattern_position < g->cur->nweight ? g->cur->weight[cb->pattern_position]
	                                                     : 0;
	if (w & S_BACKREF)
		cost += (uint64_t)S_longest_capture(cb) * ((w & ~S_BACKREF) ? (w & ~S_BACKREF) : 1);
	else
		cost += w;
	if (cost > g->left) {
		g->left = 0;
		g->spent = 1;
		return PCRE2_ERROR_CALLOUT; /* never PCRE2's own: ours to recognise */
	}
	g->left -= cost;
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

/* ===== Selectors ===== */

/* Compiles the pattern that starts 'skip' bytes into the selector's
 * argument, with a callout before each item, and weighs its items.
 * TB_ESYNTAX (the offset kept for tb_grep_error_offset) or TB_ENOMEM. */
static int S_compile(tb_grep *g, S_select *sel, size_t skip)
{
	int err;
	PCRE2_SIZE off;
	uint32_t flags = PCRE2_UTF | PCRE2_UCP | PCRE2_AUTO_CALLOUT |
	                 (g->icase ? PCRE2_CASELESS : 0);
	sel->pattern = sel->arg + skip;
	sel->re = pcre2_compile((PCRE2_SPTR)sel->pattern, PCRE2_ZERO_TERMINATED, flags, &err, &off,
	                        NULL);
	if (!sel->re) {
		if (err == PCRE2_ERROR_HEAP_FAILED) /* PCRE2's malloc failed */
			return tb_lasterr_set(&g->err, TB_ENOMEM, NULL);
		PCRE2_UCHAR msg[256];
		pcre2_get_error_message(err, msg, sizeof msg);
		g->err_offset = skip + off;
		return tb_lasterr_set(&g->err, TB_ESYNTAX, "bad pattern: %s (at offset %zu)",
		                      (const char *)msg, (size_t)off);
	}
	sel->nweight = strlen(sel->pattern) + 1;
	sel->weight = tb_calloc(sel->nweight, sizeof *sel->weight);
	if (!sel->weight)
		return tb_lasterr_set(&g->err, TB_ENOMEM, NULL);
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

/* NAME~RE or NAME=VALUE. */
static int S_tag(tb_grep *g, S_select *sel)
{
	const char *arg = sel->arg;
	size_t n = strcspn(arg, "~=");
	if (!n || !arg[n] || strspn(arg, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	                                  "0123456789_") != n)
		return tb_lasterr_set(&g->err, TB_EINVAL, "a tag selector is NAME~PATTERN or "
		                      "NAME=VALUE, not '%s'", arg);
	sel->tag = tb_strndup(arg, n);
	if (!sel->tag)
		return tb_lasterr_set(&g->err, TB_ENOMEM, NULL);
	if (arg[n] == '=') {
		sel->value = arg + n + 1;
		return 0;
	}
	return S_compile(g, sel, n + 1);
}

static void S_select_free(S_select *sel)
{
	pcre2_code_free(sel->re);
	free(sel->tag);
	free(sel->weight);
	free(sel->arg);
	memset(sel, 0, sizeof *sel);
}

/* What the selector 'sel' (its kind and argument set) says: 0, or the
 * status of its refusal (the last error set). */
static int S_select_make(tb_grep *g, S_select *sel)
{
	switch (sel->kind) {
	case TB_GREP_TAG:
		return S_tag(g, sel);
	case TB_GREP_MOVES:
	case TB_GREP_COMMENT:
		return S_compile(g, sel, 0);
	case TB_GREP_EVENT:
		if (S_event_spec(sel, sel->arg) == 0)
			return 0;
		return tb_lasterr_set(&g->err, TB_EINVAL, "not an event the rules derive, with "
		                      "'>=N' (1 to 16) or '>=N per game', '<=N per game', '=N per "
		                      "game': '%s'", sel->arg);
	}
	return tb_lasterr_set(&g->err, TB_EINVAL, "no such kind of selector: %d", (int)sel->kind);
}

int tb_grep_add(tb_grep *g, tb_grep_kind kind, const char *arg)
{
	if (!g)
		return TB_EINVAL;
	tb_lasterr_clear(&g->err);
	g->err_offset = 0;
	if (!arg)
		return tb_lasterr_set(&g->err, TB_EINVAL, "no selector (NULL)");
	if (g->clone)
		return tb_lasterr_set(&g->err, TB_EINVAL, "a clone takes no selectors");
	if (g->nsel == TB_GREP_MAX_SELECTORS)
		return tb_lasterr_set(&g->err, TB_EINVAL, "at most %d selectors",
		                      TB_GREP_MAX_SELECTORS);
	S_select *sel = &g->sel[g->nsel];
	memset(sel, 0, sizeof *sel);
	sel->kind = kind;
	sel->arg = tb_strdup(arg);
	if (!sel->arg)
		return tb_lasterr_set(&g->err, TB_ENOMEM, NULL);
	int rc = S_select_make(g, sel);
	if (rc) {
		S_select_free(sel);
		return rc;
	}
	g->nsel++;
	return 0;
}

/* ===== Handles ===== */

/* Gives 'g' its own match state: context, JIT stack, match data. */
static int S_match_state(tb_grep *g)
{
	g->mctx = pcre2_match_context_create(NULL);
	g->jit = pcre2_jit_stack_create(32 * 1024, 1024 * 1024, NULL);
	g->md = pcre2_match_data_create(64, NULL);
	if (!g->mctx || !g->md)
		return TB_ENOMEM;
	pcre2_set_depth_limit(g->mctx, S_DEPTH_LIMIT);
	pcre2_set_heap_limit(g->mctx, S_HEAP_LIMIT);
	pcre2_set_callout(g->mctx, S_step, g);
	if (g->jit)
		pcre2_jit_stack_assign(g->mctx, NULL, g->jit);
	tb_grep_set_max_steps(g, g->max_steps);
	return 0;
}

tb_grep *tb_grep_new(unsigned flags)
{
	tb_grep *g = tb_calloc(1, sizeof *g);
	if (!g)
		return NULL;
	g->icase = (flags & TB_GREP_ICASE) != 0;
	g->max_steps = TB_GREP_STEPS;
	g->which = -1;
	g->sel = tb_calloc(TB_GREP_MAX_SELECTORS, sizeof *g->sel);
	if (!g->sel || S_match_state(g)) {
		tb_grep_free(g);
		return NULL;
	}
	return g;
}

tb_grep *tb_grep_clone(const tb_grep *g)
{
	if (!g)
		return NULL;
	tb_grep *c = tb_calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->sel = g->sel; /* compiled patterns are read, never written, by a match */
	c->nsel = g->nsel;
	c->icase = g->icase;
	c->clone = 1;
	c->max_steps = g->max_steps;
	c->which = -1;
	if (S_match_state(c)) {
		tb_grep_free(c);
		return NULL;
	}
	return c;
}

void tb_grep_free(tb_grep *g)
{
	if (!g)
		return;
	for (size_t i = 0; !g->clone && g->sel && i < g->nsel; i++)
		S_select_free(&g->sel[i]);
	if (!g->clone)
		free(g->sel);
	free(g->unsure.written);
	pcre2_match_data_free(g->md);
	pcre2_jit_stack_free(g->jit);
	pcre2_match_context_free(g->mctx);
	free(g);
}

int tb_grep_set_max_steps(tb_grep *g, uint64_t steps)
{
	if (!g)
		return TB_EINVAL;
	if (steps < 1 || steps > TB_GREP_MAX_STEPS)
		return tb_lasterr_set(&g->err, TB_EINVAL, "a budget of steps is 1 to %llu, not %llu",
		                      (unsigned long long)TB_GREP_MAX_STEPS,
		                      (unsigned long long)steps);
	tb_lasterr_clear(&g->err);
	g->max_steps = steps;
	/* PCRE2's own count never stops a search the budget allows */
	pcre2_set_match_limit(g->mctx, steps < UINT32_MAX ? (uint32_t)steps : UINT32_MAX);
	return 0;
}

size_t tb_grep_count(const tb_grep *g)
{
	return g ? g->nsel : 0;
}

tb_grep_kind tb_grep_selector(const tb_grep *g, size_t i, const char **arg)
{
	if (!g || i >= g->nsel)
		return (tb_grep_kind)0;
	if (arg)
		*arg = g->sel[i].arg;
	return g->sel[i].kind;
}

size_t tb_grep_error_offset(const tb_grep *g)
{
	return g ? g->err_offset : 0;
}

int tb_grep_errcode(const tb_grep *g) { return tb_lasterr_code(g ? &g->err : NULL); }
const char *tb_grep_errmsg(const tb_grep *g) { return tb_lasterr_msg(g ? &g->err : NULL); }

long tb_grep_which(const tb_grep *g)
{
	return g ? g->which : -1;
}

uint64_t tb_grep_steps(const tb_grep *g)
{
	if (!g)
		return 0;
	return g->spent ? g->max_steps + 1 : g->max_steps - g->left;
}

int tb_grep_unsure(const tb_grep *g, unsigned *line, unsigned *col, unsigned *number,
                   int *side, const char **written)
{
	if (!g || !g->has_unsure)
		return -1;
	const S_unsure *u = &g->unsure;
	if (line)
		*line = u->line;
	if (col)
		*col = u->col;
	if (number)
		*number = u->number;
	if (side)
		*side = u->side;
	if (written)
		*written = u->written;
	return u->stop;
}

int tb_grep_span(const tb_grep *g, size_t i, size_t *nth, size_t *start, size_t *end)
{
	if (!g || i >= g->nsel || g->found[i].set != 1)
		return 0;
	if (nth)
		*nth = g->found[i].nth;
	if (start)
		*start = g->found[i].start;
	if (end)
		*end = g->found[i].end;
	return 1;
}

int tb_grep_turn(const tb_grep *g, size_t i, unsigned *line, unsigned *col)
{
	if (!g || i >= g->nsel || g->found[i].set != 2)
		return 0;
	if (line)
		*line = g->found[i].line;
	if (col)
		*col = g->found[i].col;
	return 1;
}

/* ===== Matching a record ===== */

/* TB_GREP_YES, TB_GREP_NO, or a failure: the budget or a PCRE2 limit
 * (TB_ELIMIT), memory (TB_ENOMEM); the selector is then 'which'. */
static int S_match(tb_grep *g, const S_select *sel, const char *text, size_t len, size_t nth)
{
	g->cur = sel;
	g->at = 0;
	int rc = pcre2_match(sel->re, (PCRE2_SPTR)text, len, 0, 0, g->md, g->mctx);
	if (rc >= 0) {
		const PCRE2_SIZE *ov = pcre2_get_ovector_pointer(g->md);
		S_found *f = &g->found[sel - g->sel];
		/* (?=...\K) can end a match before its start: then it is empty */
		*f = (S_found){1, nth, ov[0], ov[1] >= ov[0] ? ov[1] : ov[0], 0, 0};
		return TB_GREP_YES;
	}
	if (rc == PCRE2_ERROR_NOMATCH)
		return TB_GREP_NO;
	g->which = (long)(sel - g->sel);
	if (rc == PCRE2_ERROR_CALLOUT)
		return tb_lasterr_set(&g->err, TB_ELIMIT, "the search of this record took more "
		                      "than %llu steps", (unsigned long long)g->max_steps);
	PCRE2_UCHAR msg[256];
	pcre2_get_error_message(rc, msg, sizeof msg);
	return tb_lasterr_set(&g->err, rc == PCRE2_ERROR_NOMEMORY ? TB_ENOMEM : TB_ELIMIT, "%s",
	                      (const char *)msg);
}

typedef struct S_cctx {
	tb_grep *g;
	const S_select *sel;
	size_t nth;            /* the comments seen so far */
} S_cctx;

/* A comment: stops the walk on a match or a failure (non-zero). */
static int S_one_comment(void *ctx, const char *text, const char *lang)
{
	S_cctx *c = ctx;
	(void)lang;
	return S_match(c->g, c->sel, text, strlen(text), c->nth++);
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
static const tb_ply *S_unsure_node(const tb_plies *p, size_t i, unsigned bit)
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

/* Does the main line match an event selector? YES, NO, or UNSURE when
 * the answer depends on what the rules cannot tell; '*unsure' is then
 * the first node it depends on (S_unsure_node). An event counts where
 * every line the record may stand for has it: after a '?', a '?' point
 * or a gap the rules decide, the turns are known again, and a decided
 * gap's own turns count. */
static int S_event(const S_select *sel, const tb_plies *p, const tb_ply **unsure,
                   S_found *found)
{
	unsigned long total = 0;
	/* tb_ply.maybe's bit of the kind: bit 0 for all the games' own */
	unsigned bit = sel->event < TB_EV_KINDS ? 1u << sel->event : 1u;
	*unsure = NULL;
	for (size_t i = 0; i < tb_plies_count(p); i++) {
		const tb_ply *y = tb_plies_at(p, i);
		if (!*unsure)
			*unsure = S_unsure_node(p, i, bit);
		unsigned long n = S_events_of(y, sel->event);
		if (!sel->per_game && n >= sel->count) {
			*found = (S_found){2, 0, 0, 0, y->line, y->col};
			return TB_GREP_YES;
		}
		total += n;
	}
	if (!sel->per_game)
		return *unsure ? TB_GREP_UNSURE : TB_GREP_NO;
	if (total > sel->count && sel->cmp != '>') /* more events cannot undo it */
		return TB_GREP_NO;
	if (total >= sel->count && sel->cmp == '>')
		return TB_GREP_YES;
	if (*unsure)
		return TB_GREP_UNSURE;
	int yes = sel->cmp == '>' ? total >= sel->count
	        : sel->cmp == '<' ? total <= sel->count : total == sel->count;
	return yes ? TB_GREP_YES : TB_GREP_NO;
}

/* Keeps node 'y' as where the answer of selector 'which' turns. */
static int S_keep_unsure(tb_grep *g, long which, const tb_ply *y)
{
	S_unsure *u = &g->unsure;
	u->written = tb_strdup(y->written ? y->written : "");
	if (!u->written)
		return tb_lasterr_set(&g->err, TB_ENOMEM, NULL);
	u->stop = y->status == TB_FRAME_UNKNOWN || y->refused;
	u->line = y->line;
	u->col = y->col;
	u->number = y->number;
	u->side = y->side;
	g->has_unsure = 1;
	g->which = which;
	return TB_GREP_UNSURE;
}

/* The event selectors, after the others (they replay the game): YES,
 * NO, or UNSURE when one could not be told and none is NO. */
static int S_events_match(tb_grep *g, const tb_record *rec)
{
	if (!tb_record_game(rec))
		return TB_GREP_NO; /* no rules to replay it by */
	tb_plies *p = tb_plies_new(rec);
	if (!p)
		return tb_lasterr_set(&g->err, TB_ENOMEM, NULL);
	const tb_ply *unsure = NULL;
	long which = -1;
	int ok = TB_GREP_YES;
	for (size_t i = 0; i < g->nsel && ok != TB_GREP_NO; i++)
		if (g->sel[i].kind == TB_GREP_EVENT) {
			const tb_ply *u;
			int m = S_event(&g->sel[i], p, &u, &g->found[i]);
			if (m == TB_GREP_UNSURE && which < 0)
				which = (long)i, unsure = u;
			ok = m == TB_GREP_NO ? TB_GREP_NO : ok;
		}
	if (ok == TB_GREP_YES && which >= 0)
		ok = S_keep_unsure(g, which, unsure);
	tb_plies_free(p);
	return ok;
}

/* One text selector on 'rec': YES, NO or a failure. '*moves' is the
 * movetext, made the first time a selector needs it. */
static int S_text_match(tb_grep *g, const S_select *sel, const tb_record *rec, char **moves,
                        size_t *mlen)
{
	switch (sel->kind) {
	case TB_GREP_TAG: {
		const char *v = tb_record_tag(rec, sel->tag);
		if (!v)
			return TB_GREP_NO;
		if (sel->re)
			return S_match(g, sel, v, strlen(v), 0);
		if (strcmp(v, sel->value) != 0)
			return TB_GREP_NO;
		g->found[sel - g->sel] = (S_found){1, 0, 0, strlen(v), 0, 0};
		return TB_GREP_YES;
	}
	case TB_GREP_MOVES:
		if (!*moves)
			*moves = tb_record_movetext(rec, mlen);
		if (!*moves)
			return tb_record_game(rec) ? tb_lasterr_set(&g->err, TB_ENOMEM, NULL)
			                           : TB_GREP_NO;
		return S_match(g, sel, *moves, *mlen, 0);
	case TB_GREP_COMMENT: {
		S_cctx c = {g, sel, 0};
		return tb_record_comments(rec, S_one_comment, &c);
	}
	case TB_GREP_EVENT:
		break;
	}
	return TB_GREP_YES; /* events: below, once the others agree */
}

/* Forgets what the last search said. */
static void S_reset(tb_grep *g)
{
	tb_lasterr_clear(&g->err);
	g->which = -1;
	g->spent = 0;
	g->has_unsure = 0;
	free(g->unsure.written);
	g->unsure.written = NULL;
	memset(g->found, 0, g->nsel * sizeof *g->found);
	g->left = g->max_steps; /* one budget for the whole record */
}

int tb_grep_record(tb_grep *g, const tb_record *rec)
{
	if (!g)
		return TB_EINVAL;
	S_reset(g);
	if (!rec)
		return tb_lasterr_set(&g->err, TB_EINVAL, "no record (NULL)");
	if (tb_record_errors(rec))
		return tb_lasterr_set(&g->err, TB_EINVAL, "the record has errors: it is not searched");
	char *moves = NULL;
	size_t mlen = 0;
	int ok = TB_GREP_YES, events = 0;
	for (size_t i = 0; i < g->nsel && ok == TB_GREP_YES; i++) {
		events |= g->sel[i].kind == TB_GREP_EVENT;
		ok = S_text_match(g, &g->sel[i], rec, &moves, &mlen);
	}
	free(moves);
	if (ok == TB_GREP_YES && events)
		ok = S_events_match(g, rec);
	return ok;
}
