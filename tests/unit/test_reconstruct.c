/*
 * test_reconstruct.c -- the reconstruction search (lib/reconstruct.c,
 * spec/reconstruct.md) against brute force, and its pieces.
 *
 * From positions of random lines of each game (several rule option
 * sets; Ocencahuac's second stage too), a few turns are made open -- a
 * gap of 1-3 turns before a restated position or before 1-2 written
 * turns (and then a restated position), an unknown turn '?' (with
 * written turns after it, or a restated position), a turn with one point
 * '?', and two open turns in one stretch ('?' and a gap, a '?' point and
 * a '?') -- and what fits is found twice:
 *
 *   - by brute force: a plain depth-first walk over every legal turn of
 *     every position (tb_turns_generate and the rules' play, nothing of
 *     the search), keeping the lines whose written turns are legal and
 *     that end in the restated position (compared as position notation);
 *   - by the library: a stretch (tb_stretch_step, with the bound before a
 *     restated position, and without it), tb_stretch_paths over every
 *     step and over each gap, tb_stretch_turns for each open turn; and
 *     the record in TGN replayed by validate, whose TB408 warnings count
 *     the candidates of each open turn.
 *
 * Every count and every set must agree, and the original line must be
 * among them. Also: the rules' bounds never prune a line that reaches
 * the restated position (along random lines of up to 8 turns, and gaps
 * of 4-5 turns searched with and without them); a gap after an open turn
 * counts and names its sequences once each; tb_bset (positions kept
 * once); the search's budget (a stretch that runs out says so and stays
 * spent; validate says TB403 with the limit, and ends); tb_repairs on
 * slips of each kind made from legal lines (the original is among the
 * repairs, of its kind, with the turns after it legal, ranked) and on
 * the spec's.
 */
#include "tb_test.h"

#include "arena.h"
#include "buf.h"
#include "diag.h"
#include "game.h"
#include "reconstruct.h"
#include "record.h"
#include "repair.h"
#include "repair_walk.h"
#include "rules.h"
#include "validate.h"

/* Other cases, to look for trouble by hand: -DS_SEED=N (the suite: 0). */
#ifndef S_SEED
#define S_SEED 0
#endif

#define ASALTO_START \
	"A 1 A:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,d4,e4,f4,g4,a5,b5,f5,g5 D:d6,e7"
#define OCEN_STAGE2 "S 30 S:Ga2,Gc4,Gd4,Mb7+,Ea8+,Pd8+ C:Md1+,Ee1+,Pb3,Gc6,Gd7,Ge7"

typedef struct S_cfg {
	const char *game, *rules, *start;
} S_cfg;

static const S_cfg S_cfgs[] = {
	{"pitarra", NULL, NULL},
	{"pitarra", "capture=optional; columpio=no_return", NULL},
	{"pitarra", "board=25; flying=at3", NULL},
	{"asalto", NULL, ASALTO_START},
	{"asalto", "chain=zigzag", ASALTO_START},
	{"asalto", "huff=automatic", ASALTO_START},
	{"asalto", "huff=compulsory; first=defenders", ASALTO_START},
	{"ocencahuac", NULL, NULL},
	{"ocencahuac", "chain=yes", NULL},
	{"ocencahuac", "push_dir=jump; push_target=enemy", OCEN_STAGE2},
	{"ocencahuac", "chain=yes", OCEN_STAGE2},
};
#define NCFG (sizeof S_cfgs / sizeof S_cfgs[0])

/* ===== Positions, turns, tokens ===== */

/* An engine for configuration 'c' at 'pos' (NULL: its start). */
static tb_engine *S_engine(const S_cfg *c, const char *pos)
{
	char *why = NULL;
	tb_engine *e = tb_engine_new(tb_game_find(c->game), c->rules, pos ? pos : c->start, &why);
	if (!e)
		print_message("tb_engine_new(%s, %s): %s\n", c->game, c->rules ? c->rules : "-",
		              why ? why : "?");
	free(why);
	assert_non_null(e);
	return e;
}

/* The position notation of 's' (caller frees). */
static char *S_pos(const tb_ruleset *rs, const tb_state *s)
{
	tb_arena a = {0};
	tb_position p;
	tb_buf b = TB_BUF_INIT;
	rs->rules->save(rs, s, &a, &p);
	tb_position_write(&b, rs->game, &p);
	tb_arena_free(&a);
	return tb_buf_detach(&b, NULL);
}

static tb_move S_move(const tb_turn *t)
{
	tb_move m = {t->nparts, t->crown, (tb_part *)t->parts};
	return m;
}

/* Appends the token of turn 't' (a '?' point where it has one). */
static void S_tok(tb_buf *b, const tb_turn *t)
{
	tb_move m = S_move(t);
	tb_turn_write(b, t->nparts ? TB_NODE_MOVE : TB_NODE_PASS, &m);
}

static int S_same_turn(const tb_turn *a, const tb_turn *b)
{
	return a->nparts == b->nparts && a->crown == b->crown &&
	       memcmp(a->parts, b->parts, a->nparts * sizeof a->parts[0]) == 0;
}

/* Does legal turn 't' fit 'mask' (a turn some of whose points are '?'),
 * as a transcriber's token would: the same parts, each point the same
 * unless unknown, the same crown marker. */
static int S_fits_mask(const tb_turn *mask, const tb_turn *t)
{
	if (t->nparts != mask->nparts || t->crown != mask->crown)
		return 0;
	for (unsigned i = 0; i < t->nparts; i++)
		if (t->parts[i].kind != mask->parts[i].kind ||
		    (mask->parts[i].pt != TB_PT_UNKNOWN && mask->parts[i].pt != t->parts[i].pt))
			return 0;
	return 1;
}

/* A random legal line of 'n' turns from 's' into 'out' (the position
 * after each into 'after', when not NULL); 0 when the game ends first. */
static int S_line(const tb_ruleset *rs, tb_state s, size_t n, tt_rng *g, tb_turn *out,
                  tb_state *after)
{
	tb_turns l = {NULL, 0};
	int ok = 1;
	for (size_t k = 0; k < n && ok; k++) {
		size_t nt = tb_turns_generate(rs, &s, &l);
		if (!nt) {
			ok = 0;
			break;
		}
		out[k] = l.v[tt_below(g, (unsigned)nt)];
		rs->rules->play(rs, &s, &out[k], NULL);
		if (after)
			after[k] = s;
	}
	tb_turns_free(&l);
	return ok;
}

/* 's' as its position notation says it: what a record that starts there
 * ([Position]) starts from. The rules keep a little more than notation
 * says (La Pitarra's last move of each side, for columpio=no_return; the
 * turns without a capture), which such a record does not know. */
static tb_state S_reload(const S_cfg *c, const tb_ruleset *rs, const tb_state *s)
{
	char *p = S_pos(rs, s);
	tb_engine *e = S_engine(c, p);
	tb_state t = *tb_engine_state(e);
	tb_engine_free(e);
	free(p);
	return t;
}

/* A position some random turns (up to 39) after 'start', or 'start'. */
static tb_state S_somewhere(const tb_ruleset *rs, const tb_state *start, tt_rng *g)
{
	for (;;) {
		tb_turn line[40];
		tb_state after[40];
		size_t n = 1 + tt_below(g, 39);
		if (S_line(rs, *start, n, g, line, after))
			return tt_below(g, 5) == 0 ? *start : after[n - 1];
	}
}

/* ===== Open stretches, brute force and library ===== */

enum { P_ANY = 1, P_MASK, P_WRITTEN };
#define MAXSTEPS 8

typedef struct S_step {
	int kind;        /* P_ANY: a gap's ply or an unknown turn; P_MASK: '?' points */
	int gap;         /* P_ANY: a ply of a gap (consecutive ones are one gap) */
	tb_turn turn;    /* P_WRITTEN: the turn; P_MASK: it, '?' where unknown */
} S_step;

typedef struct S_case {
	const S_cfg *cfg;
	const tb_ruleset *rs;
	tb_state start;
	S_step step[MAXSTEPS];
	size_t n;
	int restated;             /* the position after the last step is restated */
	char *target;             /* its notation */
	tb_turn orig[MAXSTEPS];   /* the line the case was made from */
	tb_move m[MAXSTEPS];      /* the steps' moves, which a stretch borrows */
	const char *what;
} S_case;

/* A list of strings, for sets of turns and sequences. */
typedef struct S_strs {
	char **v;
	size_t n, cap;
} S_strs;

static void S_strs_add(S_strs *s, const char *x)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 64;
		s->v = realloc(s->v, s->cap * sizeof *s->v);
		assert_non_null(s->v);
	}
	s->v[s->n] = strdup(x);
	assert_non_null(s->v[s->n]);
	s->n++;
}

static int S_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorts and drops repeats. */
static void S_strs_uniq(S_strs *s)
{
	if (!s->n)
		return;
	qsort(s->v, s->n, sizeof *s->v, S_cmp);
	size_t k = 1;
	for (size_t i = 1; i < s->n; i++) {
		if (strcmp(s->v[i], s->v[k - 1]) == 0)
			free(s->v[i]);
		else
			s->v[k++] = s->v[i];
	}
	s->n = k;
}

static void S_strs_free(S_strs *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	memset(s, 0, sizeof *s);
}

static int S_strs_has(const S_strs *s, const char *x)
{
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->v[i], x) == 0)
			return 1;
	return 0;
}

/* "a b c": the tokens of turns 'from' .. 'to'-1 of 'seq'. */
static char *S_seq(const tb_turn *seq, size_t from, size_t to)
{
	tb_buf b = TB_BUF_INIT;
	for (size_t k = from; k < to; k++) {
		if (k > from)
			tb_buf_putc(&b, ' ');
		S_tok(&b, &seq[k]);
	}
	if (!b.data)
		tb_buf_puts(&b, "");
	return tb_buf_detach(&b, NULL);
}

/* What brute force finds: every line that fits, as its tokens. */
typedef struct S_brute {
	const S_case *c;
	S_strs lines;            /* every step's turn, "a b c" */
	tb_turn cur[MAXSTEPS];
	tb_state target;         /* the restated position, for a first quick look */
	unsigned long leaves;
} S_brute;

static void S_dfs(S_brute *b, const tb_state *s, size_t k)
{
	const S_case *c = b->c;
	if (k == c->n) {
		b->leaves++;
		if (c->restated) {
			if (s->bits[0] != b->target.bits[0] || s->bits[1] != b->target.bits[1])
				return;
			char *p = S_pos(c->rs, s);
			int same = strcmp(p, c->target) == 0;
			free(p);
			if (!same)
				return;
		}
		char *line = S_seq(b->cur, 0, c->n);
		S_strs_add(&b->lines, line);
		free(line);
		return;
	}
	tb_turns l = {NULL, 0};
	size_t nt = tb_turns_generate(c->rs, s, &l);
	const S_step *st = &c->step[k];
	for (size_t i = 0; i < nt; i++) {
		const tb_turn *t = &l.v[i];
		if ((st->kind == P_WRITTEN && !S_same_turn(&st->turn, t)) ||
		    (st->kind == P_MASK && !S_fits_mask(&st->turn, t)))
			continue;
		tb_state w = *s;
		c->rs->rules->play(c->rs, &w, t, NULL);
		b->cur[k] = *t;
		S_dfs(b, &w, k + 1);
	}
	tb_turns_free(&l);
}

/* The k-th token of each line, or the tokens 'from'..'to'-1, without
 * repeats: what an open turn or a gap may have been. */
static void S_project(const S_strs *lines, size_t from, size_t to, S_strs *out)
{
	for (size_t i = 0; i < lines->n; i++) {
		const char *p = lines->v[i];
		for (size_t k = 0; k < from; k++)
			p = strchr(p, ' ') + 1;
		const char *q = p;
		for (size_t k = from; k < to; k++) {
			const char *sp = strchr(q, ' ');
			q = sp ? sp + 1 : q + strlen(q);
		}
		size_t len = (size_t)(q - p);
		if (len && p[len - 1] == ' ')
			len--;
		char *x = strndup(p, len);
		assert_non_null(x);
		S_strs_add(out, x);
		free(x);
	}
	S_strs_uniq(out);
}

typedef struct S_keep_ctx {
	const tb_ruleset *rs;
	const char *target;
} S_keep_ctx;

static int S_keep_target(void *ctx, const tb_state *s)
{
	const S_keep_ctx *k = ctx;
	char *p = S_pos(k->rs, s);
	int same = strcmp(p, k->target) == 0;
	free(p);
	return same;
}

/* Where the gap containing step k starts, and its length (0: not a gap). */
static size_t S_gap_at(const S_case *c, size_t k, size_t *len)
{
	*len = 0;
	if (c->step[k].kind != P_ANY || !c->step[k].gap)
		return k;
	size_t a = k, e = k;
	while (a > 0 && c->step[a - 1].kind == P_ANY && c->step[a - 1].gap)
		a--;
	while (e < c->n && c->step[e].kind == P_ANY && c->step[e].gap)
		e++;
	*len = e - a;
	return a;
}

static void S_print_case(const S_case *c)
{
	char *p = S_pos(c->rs, &c->start);
	char *o = S_seq(c->orig, 0, c->n);
	print_message("case %s: %s \"%s\" from %s, line %s%s%s\n", c->what, c->cfg->game,
	              c->cfg->rules ? c->cfg->rules : "", p, o, c->restated ? ", restated " : "",
	              c->restated ? c->target : "");
	free(p);
	free(o);
}

static void S_print_diff(const char *what, const S_strs *a, const S_strs *b)
{
	print_message("  %s: brute force %zu, library %zu\n", what, a->n, b->n);
	for (size_t i = 0; i < a->n && i < 40; i++)
		if (!S_strs_has(b, a->v[i]))
			print_message("    only brute force: %s\n", a->v[i]);
	for (size_t i = 0; i < b->n && i < 40; i++)
		if (!S_strs_has(a, b->v[i]))
			print_message("    only the library: %s\n", b->v[i]);
}

static int S_same_strs(const S_strs *a, const S_strs *b)
{
	if (a->n != b->n)
		return 0;
	for (size_t i = 0; i < a->n; i++)
		if (strcmp(a->v[i], b->v[i]) != 0)
			return 0;
	return 1;
}

/* The stretch of case 'c', resolved; with the bound toward the restated
 * position when 'bound'. */
static tb_stretch *S_stretch(S_case *c, const tb_state *target, int bound)
{
	tb_stretch *x = tb_stretch_new(c->rs, &c->start, 2000000, NULL, NULL);
	tb_move *m = c->m;
	for (size_t k = 0; k < c->n; k++) {
		const S_step *st = &c->step[k];
		tb_step s = {TB_STEP_TURN, TB_NODE_UNKNOWN, NULL};
		if (st->kind == P_ANY && st->gap)
			s.kind = TB_STEP_PLY;
		if (st->kind != P_ANY) {
			m[k] = S_move(&st->turn);
			s.node_kind = st->turn.nparts ? TB_NODE_MOVE : TB_NODE_PASS;
			s.m = &m[k];
		}
		/* the bound is used by the plies of a gap just before the restated
		 * position, as validate does */
		size_t len, a = S_gap_at(c, k, &len);
		int last_gap = len && a + len == c->n;
		long got = tb_stretch_step(x, &s, bound && c->restated && last_gap ? target : NULL,
		                           (unsigned)(c->n - k - 1));
		if (got <= 0)
			S_print_case(c);
		assert_true(got > 0); /* the original line is there */
	}
	if (c->restated) {
		S_keep_ctx kc = {c->rs, c->target};
		assert_true(tb_stretch_keep(x, S_keep_target, &kc) > 0);
	}
	tb_stretch_resolve(x);
	return x;
}

/* The library's sequences over steps k..k+n-1, all of them. */
static unsigned long long S_lib_paths(tb_stretch *x, size_t k, size_t n, size_t max, S_strs *out)
{
	tb_turn *seqs = malloc((max ? max : 1) * (n ? n : 1) * sizeof *seqs);
	assert_non_null(seqs);
	size_t listed = 0;
	unsigned long long count = tb_stretch_paths(x, k, n, max, seqs, &listed);
	for (size_t i = 0; i < listed; i++) {
		char *s = S_seq(seqs + i * n, 0, n);
		S_strs_add(out, s);
		free(s);
	}
	free(seqs);
	return count;
}

/* The TGN record of case 'c', with the column of each step's node. */
static char *S_record(const S_case *c, unsigned col[MAXSTEPS])
{
	tb_buf b = TB_BUF_INIT;
	char *p = S_pos(c->rs, &c->start);
	tb_buf_printf(&b, "[Game \"%s\"]\n", c->cfg->game);
	if (c->cfg->rules)
		tb_buf_printf(&b, "[Rules \"%s; %s\"]\n", c->cfg->game, c->cfg->rules);
	tb_buf_printf(&b, "[Position \"%s\"]\n", p);
	free(p);
	size_t line0 = b.len;
	unsigned number = c->start.number;
	int side = c->start.to_move;
	for (size_t k = 0; k < c->n;) {
		size_t len;
		S_gap_at(c, k, &len);
		if (k)
			tb_buf_putc(&b, ' ');
		if (len) {
			col[k] = (unsigned)(b.len - line0 + 1);
			tb_buf_printf(&b, "<gap %zu>", len);
			for (size_t j = 0; j < len; j++) {
				col[k + j] = col[k];
				number += side == 1;
				side ^= 1;
			}
			k += len;
			continue;
		}
		tb_buf_printf(&b, "%u%s ", number, side ? "..." : ".");
		col[k] = (unsigned)(b.len - line0 + 1);
		if (c->step[k].kind == P_ANY)
			tb_buf_puts(&b, "?");
		else
			S_tok(&b, &c->step[k].turn);
		number += side == 1;
		side ^= 1;
		k++;
	}
	if (c->restated)
		tb_buf_printf(&b, " <position \"%s\">", c->target);
	tb_buf_puts(&b, " *\n");
	return tb_buf_detach(&b, NULL);
}

/* The count validate says for the open node at 'line':'col', or -1 when
 * it says none. */
static long long S_said(const tb_reader *r, unsigned line, unsigned col, int gap,
                        const char **msg)
{
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		const tb_diag *d = tb_reader_diag(r, i);
		if (d->line != line || d->col != col)
			continue;
		*msg = d->message;
		if (d->code == TB_D_NO_FIT)
			return 0;
		if (d->code != TB_D_FITS)
			continue;
		const char *m = strstr(d->message, ": ");
		unsigned long long n;
		if (!m)
			return -1;
		if (strncmp(m, ": only ", 7) == 0)
			return 1;
		if (sscanf(m, ": %llu", &n) == 1 &&
		    strstr(m, gap ? " sequences of " : (n == 1 ? " turn fit" : " turns fit")))
			return (long long)n;
		return -1;
	}
	return -1;
}

typedef struct S_tally {
	unsigned long cases, lines, open_steps, validate_counts, multi, forced, leaves;
} S_tally;

/* Checks case 'c' every way. */
static void S_check(S_case *c, S_tally *t)
{
	S_brute b;
	memset(&b, 0, sizeof b);
	b.c = c;
	if (c->restated) {
		tb_engine *e = S_engine(c->cfg, c->target);
		b.target = *tb_engine_state(e);
		tb_engine_free(e);
	}
	S_dfs(&b, &c->start, 0);
	S_strs_uniq(&b.lines);
	t->cases++;
	t->leaves += b.leaves;
	t->lines += b.lines.n;
	char *orig = S_seq(c->orig, 0, c->n);
	if (!S_strs_has(&b.lines, orig))
		S_print_case(c);
	assert_true(S_strs_has(&b.lines, orig)); /* the harness: the original fits */
	free(orig);

	/* the stretch, with and without the bound */
	for (int bound = 1; bound >= 0; bound--) {
		if (!bound && !c->restated)
			break;
		tb_stretch *x = S_stretch(c, &b.target, bound);
		assert_int_equal(tb_stretch_steps(x), c->n);
		S_strs lib = {0};
		unsigned long long all = S_lib_paths(x, 0, c->n, b.lines.n + 1, &lib);
		S_strs_uniq(&lib);
		if (all != b.lines.n || !S_same_strs(&b.lines, &lib)) {
			S_print_case(c);
			print_message("  tb_stretch_paths says %llu (bound %d)\n", all, bound);
			S_print_diff("every step", &b.lines, &lib);
		}
		assert_int_equal(all, b.lines.n);
		assert_true(S_same_strs(&b.lines, &lib));
		S_strs_free(&lib);
		/* each open turn and each gap: its candidates */
		for (size_t k = 0; k < c->n;) {
			size_t len;
			S_gap_at(c, k, &len);
			size_t n = len ? len : 1;
			if (c->step[k].kind == P_WRITTEN) {
				k++;
				continue;
			}
			S_strs want = {0}, got = {0};
			S_project(&b.lines, k, k + n, &want);
			unsigned long long count;
			if (len) {
				count = S_lib_paths(x, k, n, want.n + 1, &got);
				size_t listed = got.n;
				S_strs_uniq(&got);
				if (got.n != listed)
					print_message("  the gap at step %zu lists a sequence twice\n", k);
				assert_int_equal(got.n, listed);
			} else {
				tb_turns l = {NULL, 0};
				count = tb_stretch_turns(x, k, &l);
				for (size_t i = 0; i < count; i++) {
					char *s = S_seq(l.v, i, i + 1);
					S_strs_add(&got, s);
					free(s);
				}
				tb_turns_free(&l);
				S_strs_uniq(&got);
				assert_int_equal(got.n, count);
			}
			if (count != want.n || !S_same_strs(&want, &got)) {
				S_print_case(c);
				print_message("  step %zu (%s): the library says %llu\n", k,
				              len ? "a gap" : "a turn", count);
				S_print_diff("candidates", &want, &got);
			}
			assert_int_equal(count, want.n);
			assert_true(S_same_strs(&want, &got));
			if (bound) {
				t->open_steps++;
				t->multi += want.n > 1;
				t->forced += want.n == 1;
			}
			S_strs_free(&want);
			S_strs_free(&got);
			k += n;
		}
		tb_stretch_free(x);
	}

	/* validate, on the record in TGN */
	unsigned col[MAXSTEPS];
	char *src = S_record(c, col);
	tb_reader *r;
	tb_record *rec = tt_parse(src, &r);
	tb_search_opts so;
	memset(&so, 0, sizeof so);
	so.max_listed = 1000;
	so.max_positions = 2000000;
	tb_reader_set_search(r, &so);
	tb_reader_validate(r, rec, NULL, NULL);
	for (size_t k = 0; k < c->n;) {
		size_t len;
		S_gap_at(c, k, &len);
		size_t n = len ? len : 1;
		if (c->step[k].kind == P_WRITTEN) {
			k++;
			continue;
		}
		S_strs want = {0};
		S_project(&b.lines, k, k + n, &want);
		const char *msg = NULL;
		long long said = S_said(r, c->cfg->rules ? 4 : 3, col[k], len != 0, &msg);
		if (said != (long long)want.n) {
			S_print_case(c);
			print_message("%s  validate says %lld (%s), brute force %zu\n", src, said,
			              msg ? msg : "nothing", want.n);
			tt_str out = {0};
			tt_diags(&out, r);
			print_message("%s", out.d ? out.d : "");
			free(out.d);
		}
		assert_int_equal(said, (long long)want.n);
		t->validate_counts++;
		S_strs_free(&want);
		k += n;
	}
	for (size_t i = 0; i < tb_reader_ndiags(r); i++)
		if (tb_reader_diag(r, i)->severity == TB_ERROR) {
			tt_str out = {0};
			tt_diags(&out, r);
			print_message("%s%s", src, out.d);
			free(out.d);
			fail();
		}
	tb_record_free(rec);
	tb_reader_free(r);
	free(src);
	S_strs_free(&b.lines);
}

/* The kinds of cases made from a legal line. */
enum {
	K_GAP_RESTATED, /* <gap L> <position> */
	K_GAP_WRITTEN,  /* <gap L> w [w] */
	K_UNKNOWN,      /* ? [w [w]] */
	K_MASK,         /* a turn with a '?' point, w [w] */
	K_TWO,          /* ? w <gap 1-2> w: two open turns in one stretch */
	K_MASK_UNKNOWN, /* a '?' point, w, ?, w */
	K_UNKNOWN_RESTATED, /* ? w [w] <position> */
	K_GAP_W_RESTATED,   /* <gap L> w <position> */
	K_KINDS
};

static const char *const S_kind_name[] = {"gap, restated", "gap, written", "?", "? point",
                                          "? and a gap", "? point and ?", "?, restated later",
                                          "gap, restated later"};

/* Makes case 'kind' from the position 's' and a line from it; 0 when the
 * line ends too soon, or the kind does not apply. */
static int S_make(S_case *c, int kind, tt_rng *g)
{
	size_t L = 1 + tt_below(g, 3), w = 1 + tt_below(g, 2);
	int ply_heavy = !strcmp(c->cfg->game, "ocencahuac") ||
	                (c->start.hand[0] + c->start.hand[1] > 0);
	switch (kind) {
	case K_GAP_RESTATED: c->n = L; break;
	case K_GAP_WRITTEN:
		if (L == 3 && ply_heavy)
			L = 2;
		c->n = L + w;
		break;
	case K_UNKNOWN: c->n = 1 + tt_below(g, 3); break;
	case K_MASK: c->n = 1 + w; break;
	case K_TWO: L = 1 + tt_below(g, 2); c->n = 3 + L; break;
	case K_UNKNOWN_RESTATED: c->n = 1 + w; break;
	case K_GAP_W_RESTATED:
		if (L == 3 && ply_heavy)
			L = 2;
		c->n = L + 1;
		break;
	default: c->n = 4; break;
	}
	if (!S_line(c->rs, c->start, c->n, g, c->orig, NULL))
		return 0;
	for (size_t k = 0; k < c->n; k++) {
		c->step[k].kind = P_WRITTEN;
		c->step[k].gap = 0;
		c->step[k].turn = c->orig[k];
	}
	c->restated = 0;
	switch (kind) {
	case K_GAP_RESTATED:
		for (size_t k = 0; k < L; k++)
			c->step[k].kind = P_ANY, c->step[k].gap = 1;
		c->restated = 1;
		break;
	case K_GAP_WRITTEN:
		for (size_t k = 0; k < L; k++)
			c->step[k].kind = P_ANY, c->step[k].gap = 1;
		break;
	case K_UNKNOWN: c->step[0].kind = P_ANY; break;
	case K_UNKNOWN_RESTATED:
		c->step[0].kind = P_ANY;
		c->restated = 1;
		break;
	case K_GAP_W_RESTATED:
		for (size_t k = 0; k < L; k++)
			c->step[k].kind = P_ANY, c->step[k].gap = 1;
		c->restated = 1;
		break;
	case K_TWO:
		c->step[0].kind = P_ANY;
		for (size_t k = 2; k < 2 + L; k++)
			c->step[k].kind = P_ANY, c->step[k].gap = 1;
		break;
	case K_MASK:
	case K_MASK_UNKNOWN: {
		tb_turn *t = &c->step[0].turn;
		if (!t->nparts)
			return 0;
		unsigned i = tt_below(g, t->nparts);
		if (t->parts[i].kind == TB_PART_AT && t->nparts == 1)
			return 0; /* a token that is one point: '?' would be an unknown turn */
		t->parts[i].pt = TB_PT_UNKNOWN;
		c->step[0].kind = P_MASK;
		if (kind == K_MASK_UNKNOWN)
			c->step[2].kind = P_ANY;
		break;
	}
	default: break;
	}
	if (c->restated) {
		tb_state s = c->start;
		for (size_t k = 0; k < c->n; k++)
			c->rs->rules->play(c->rs, &s, &c->orig[k], NULL);
		c->target = S_pos(c->rs, &s);
	}
	c->what = S_kind_name[kind];
	return 1;
}

static void test_search_against_brute_force(void **state)
{
	(void)state;
	tt_rng g = {0x5eed0001u + S_SEED};
	S_tally t;
	memset(&t, 0, sizeof t);
	unsigned per = TT_SANITIZED ? 4 : 12;
	unsigned long by_kind[K_KINDS] = {0};
	for (size_t i = 0; i < NCFG; i++) {
		tb_engine *e = S_engine(&S_cfgs[i], NULL);
		const tb_ruleset *rs = tb_engine_ruleset(e);
		for (unsigned p = 0; p < per; p++) {
			tb_state at = S_somewhere(rs, tb_engine_state(e), &g);
			at = S_reload(&S_cfgs[i], rs, &at);
			for (int kind = 0; kind < K_KINDS; kind++) {
				S_case c;
				memset(&c, 0, sizeof c);
				c.cfg = &S_cfgs[i];
				c.rs = rs;
				c.start = at;
				if (!S_make(&c, kind, &g))
					continue;
				S_check(&c, &t);
				by_kind[kind]++;
				free(c.target);
			}
		}
		tb_engine_free(e);
	}
	print_message("reconstruct: %lu cases (", t.cases);
	for (int k = 0; k < K_KINDS; k++)
		print_message("%s%s %lu", k ? ", " : "", S_kind_name[k], by_kind[k]);
	print_message("); %lu open turns or gaps, %lu forced, %lu with several candidates; "
	              "%lu lines fit of %lu walked; %lu counts of validate compared\n",
	              t.open_steps, t.forced, t.multi, t.lines, t.leaves, t.validate_counts);
	for (int k = 0; k < K_KINDS; k++)
		assert_true(by_kind[k] >= NCFG * per / 3);
	assert_true(t.forced > 20 && t.multi > 20);
}

static const char *S_diag_with(const tb_reader *r, int code);

/* What tablero fill says of 'src' -- its diagnostics, notes included,
 * and the record it writes -- with the search as it was before the
 * written turn after a gap weeded its last layer (plain) or not. */
static char *S_fill_said(const char *src, int plain, int *illegal)
{
	tb_stretch_plain = plain;
	tb_reader *r;
	tb_record *rec = tt_parse(src, &r);
	tb_search_opts so;
	memset(&so, 0, sizeof so);
	so.max_listed = 1000;
	so.max_positions = 2000000;
	tb_reader_set_search(r, &so);
	size_t len, open, filled;
	char *text = tb_record_fill(r, rec, &len, &open, &filled);
	tt_str out = {0};
	tt_diags(&out, r);
	tt_puts(&out, text ? text : "(no text)\n");
	*illegal = S_diag_with(r, TB_D_ILLEGAL) != NULL;
	free(text);
	tb_record_free(rec);
	tb_reader_free(r);
	tb_stretch_plain = 0;
	return tt_take(&out);
}

/* The last layer of a gap before a written turn keeps only the positions
 * that turn is legal in (tb_stretch_step_then): what validate and fill
 * say must be what the plain search says, word for word -- on random
 * gaps of 1-4 turns (1-3 where turns are many) before 1-3 written turns,
 * the first of them, in a third of the cases, a turn of the gap's start
 * instead (mostly illegal there: the whole layer is then kept, and the
 * diagnostics and repairs are the plain search's). */
static void test_then_same_as_plain(void **state)
{
	(void)state;
	tt_rng g = {0x5eed0038u + S_SEED};
	unsigned per = TT_SANITIZED ? 4 : 14;
	unsigned long cases = 0, illegal = 0;
	for (size_t i = 0; i < NCFG; i++) {
		tb_engine *e = S_engine(&S_cfgs[i], NULL);
		const tb_ruleset *rs = tb_engine_ruleset(e);
		for (unsigned p = 0; p < per; p++) {
			S_case c;
			memset(&c, 0, sizeof c);
			c.cfg = &S_cfgs[i];
			c.rs = rs;
			tb_state at = S_somewhere(rs, tb_engine_state(e), &g);
			c.start = S_reload(&S_cfgs[i], rs, &at);
			int heavy = !strcmp(c.cfg->game, "ocencahuac") ||
			            c.start.hand[0] + c.start.hand[1] > 0;
			size_t L = 1 + tt_below(&g, heavy ? 3 : 4), w = 1 + tt_below(&g, 3);
			c.n = L + w;
			if (!S_line(rs, c.start, c.n, &g, c.orig, NULL))
				continue;
			for (size_t k = 0; k < c.n; k++) {
				c.step[k].kind = k < L ? P_ANY : P_WRITTEN;
				c.step[k].gap = k < L;
				c.step[k].turn = c.orig[k];
			}
			tb_turn wrong;
			if (tt_below(&g, 3) == 0 && S_line(rs, c.start, 1, &g, &wrong, NULL))
				c.step[L].turn = wrong;
			unsigned col[MAXSTEPS];
			char *src = S_record(&c, col);
			int ill_plain, ill_then;
			char *plain = S_fill_said(src, 1, &ill_plain);
			char *then = S_fill_said(src, 0, &ill_then);
			if (strcmp(plain, then) != 0)
				print_message("%s-- plain:\n%s-- then:\n%s", src, plain, then);
			assert_string_equal(plain, then);
			cases++;
			illegal += ill_plain;
			free(plain);
			free(then);
			free(src);
		}
		tb_engine_free(e);
	}
	print_message("then: %lu gaps before written turns, %lu with a turn illegal after it\n",
	              cases, illegal);
	assert_true(cases >= NCFG * per / 2);
	assert_true(illegal >= 5);
}

/* A gap between two known positions is searched from both ends when
 * the game undoes turns (stretch_meet.c; Ocencahuac's first stage):
 * what fill says -- counts, sequences listed and their order, notes --
 * must be what the forward search alone says, word for word: on random
 * gaps of 4-6 turns, restated after, under the rules the undoing
 * covers; in a third of the cases the position restated is the one
 * another line reaches two turns later (often none fits: the search
 * then goes forward again, and says why as before). */
static void test_meet_same_as_plain(void **state)
{
	(void)state;
	static const S_cfg cfgs[] = {
		{"ocencahuac", NULL, NULL},
		{"ocencahuac", "push_side=opposite; push_sideways=no_cell; crown=all_three", NULL},
		{"ocencahuac", "prince=step; jump=one; push_dist=stop", NULL},
	};
	tt_rng g = {0x3ee7u + S_SEED};
	unsigned per = TT_SANITIZED ? 3 : 10;
	unsigned long cases = 0, fit = 0;
	for (size_t i = 0; i < sizeof cfgs / sizeof cfgs[0]; i++) {
		tb_engine *e = S_engine(&cfgs[i], NULL);
		const tb_ruleset *rs = tb_engine_ruleset(e);
		for (unsigned p = 0; p < per; p++) {
			S_case c;
			memset(&c, 0, sizeof c);
			c.cfg = &cfgs[i];
			c.rs = rs;
			tb_state at = S_somewhere(rs, tb_engine_state(e), &g);
			c.start = S_reload(&cfgs[i], rs, &at);
			c.n = 4 + tt_below(&g, 3);
			tb_state after[MAXSTEPS];
			if (!S_line(rs, c.start, c.n, &g, c.orig, after))
				continue;
			int other = tt_below(&g, 3) == 0; /* the position two turns further on */
			tb_turn more[MAXSTEPS];
			if (other && !S_line(rs, c.start, c.n + 2, &g, more, after))
				continue;
			for (size_t k = 0; k < c.n; k++)
				c.step[k] = (S_step){P_ANY, 1, c.orig[k]};
			c.restated = 1;
			c.target = S_pos(rs, &after[c.n - 1 + 2 * other]);
			unsigned col[MAXSTEPS];
			char *src = S_record(&c, col);
			int ill_plain, ill_meet;
			char *plain = S_fill_said(src, 1, &ill_plain);
			char *meet = S_fill_said(src, 0, &ill_meet);
			if (strcmp(plain, meet) != 0)
				print_message("%s-- plain:\n%s-- meet:\n%s", src, plain, meet);
			assert_string_equal(plain, meet);
			cases++;
			fit += strstr(plain, "TB409") == NULL;
			free(plain);
			free(meet);
			free(src);
			free(c.target);
		}
		tb_engine_free(e);
	}
	print_message("meet: %lu gaps between known positions, %lu bridged\n", cases, fit);
	assert_true(cases >= 3 * per / 2 && fit >= cases / 2 && fit < cases);
}

/* What tablero fill says of 'src' -- diagnostics, notes and the record
 * written -- with each long layer of its searches made by 'threads'
 * threads, at most 'positions' positions a search. */
static char *S_fill_threads(const char *src, unsigned threads, unsigned long positions)
{
	tb_reader *r;
	tb_record *rec = tt_parse(src, &r);
	tb_search_opts so;
	memset(&so, 0, sizeof so);
	so.max_listed = 1000;
	so.max_positions = positions;
	so.threads = threads;
	tb_reader_set_search(r, &so);
	size_t len, open, filled;
	char *text = tb_record_fill(r, rec, &len, &open, &filled);
	tt_str out = {0};
	tt_diags(&out, r);
	tt_puts(&out, text ? text : "(no text)\n");
	free(text);
	tb_record_free(rec);
	tb_reader_free(r);
	return tt_take(&out);
}

/* The layers of a stretch made by several threads (stretch_split.c)
 * hold what one thread makes: the same positions in the same order,
 * the same sequences to them -- stepped straight, every layer of 8
 * positions a thread and more split (tb_stretch_slice 1), from random
 * positions of every game, toward the position a random line reaches
 * (the bounds, the backward half where the game undoes turns) and
 * toward none. */
static void test_threads_layers(void **state)
{
	(void)state;
	tt_rng g = {0x7e5u + S_SEED};
	unsigned per = TT_SANITIZED ? 2 : 5, saved = tb_stretch_slice;
	unsigned long cases = 0, split = 0;
	tb_stretch_slice = 1;
	for (size_t i = 0; i < NCFG; i++) {
		tb_engine *e = S_engine(&S_cfgs[i], NULL);
		const tb_ruleset *rs = tb_engine_ruleset(e);
		for (unsigned p = 0; p < 2 * per; p++) {
			tb_state at = S_somewhere(rs, tb_engine_state(e), &g);
			at = S_reload(&S_cfgs[i], rs, &at);
			size_t n = 3; /* the third layer: mostly past 8 positions a thread */
			tb_turn line[4];
			tb_state after[4];
			if (!S_line(rs, at, n, &g, line, after))
				continue;
			const tb_state *target = p % 2 ? &after[n - 1] : NULL;
			tb_stretch *x[4] = {NULL};
			for (unsigned t = 1; t <= 3; t++) {
				x[t] = tb_stretch_new(rs, &at, 300000, NULL, NULL);
				assert_non_null(x[t]);
				tb_stretch_set_threads(x[t], t);
			}
			tb_step st = {TB_STEP_PLY, 0, NULL};
			for (size_t k = 0; k < n; k++) {
				size_t before = tb_stretch_count(x[1]);
				long got[4];
				for (unsigned t = 1; t <= 3; t++)
					got[t] = tb_stretch_step(x[t], &st, target, (unsigned)(n - 1 - k));
				split += before >= 8 * 3;
				assert_int_equal(got[1], got[2]);
				assert_int_equal(got[1], got[3]);
				if (got[1] < 0)
					break;
				for (unsigned t = 2; t <= 3; t++) {
					unsigned long pa, pb;
					unsigned long long sa, sb;
					assert_int_equal(tb_stretch_reached(x[1], &pa, &sa),
					                 tb_stretch_reached(x[t], &pb, &sb));
					assert_int_equal(pa, pb);
					assert_true(sa == sb);
					for (size_t j = 0; j < (size_t)got[1]; j++) {
						tb_state a = *tb_stretch_state(x[1], j);
						assert_true(tb_state_same(&a, tb_stretch_state(x[t], j)));
					}
				}
			}
			for (unsigned t = 1; t <= 3; t++)
				tb_stretch_free(x[t]);
			cases++;
		}
		tb_engine_free(e);
	}
	tb_stretch_slice = saved;
	print_message("threads: %lu stretches stepped by 1, 2 and 3 threads, %lu layers split\n",
	              cases, split);
	assert_true(cases >= NCFG * per && split >= cases / 2);
}

/* What fill says -- counts, sequences listed and their order, notes,
 * diagnostics, the record written -- is the same whatever the number of
 * threads a search's layers are made by: 1, 2 and 3, every layer of 8
 * positions a thread and more split, on random gaps of every game
 * before written turns, before a restated position (searched from both
 * ends where the game undoes turns), and with a limit of positions
 * most of them reach (TB403: the same point, the same note on what is
 * left open). */
static void test_threads_same(void **state)
{
	(void)state;
	tt_rng g = {0x7e55u + S_SEED};
	unsigned per = TT_SANITIZED ? 2 : 5, saved = tb_stretch_slice;
	unsigned long cases = 0, limited = 0;
	tb_stretch_slice = 1;
	for (size_t i = 0; i < NCFG; i++) {
		tb_engine *e = S_engine(&S_cfgs[i], NULL);
		const tb_ruleset *rs = tb_engine_ruleset(e);
		for (unsigned p = 0; p < 3 * per; p++) {
			int kind = (int)(p % 3); /* 0 written turns after, 1 restated, 2 a limit */
			S_case c;
			memset(&c, 0, sizeof c);
			c.cfg = &S_cfgs[i];
			c.rs = rs;
			tb_state at = S_somewhere(rs, tb_engine_state(e), &g);
			c.start = S_reload(&S_cfgs[i], rs, &at);
			int heavy = !strcmp(c.cfg->game, "ocencahuac") ||
			            c.start.hand[0] + c.start.hand[1] > 0;
			size_t L = 2 + tt_below(&g, heavy ? 2 : 3), w = kind == 1 ? 0 : 1 + tt_below(&g, 2);
			c.n = L + w;
			tb_state after[MAXSTEPS];
			if (!S_line(rs, c.start, c.n, &g, c.orig, after))
				continue;
			for (size_t k = 0; k < c.n; k++)
				c.step[k] = (S_step){k < L ? P_ANY : P_WRITTEN, k < L, c.orig[k]};
			if (kind == 1) {
				c.restated = 1;
				c.target = S_pos(rs, &after[c.n - 1]);
			}
			unsigned long positions = kind == 2 ? 40 + tt_below(&g, 200) : 2000000;
			unsigned col[MAXSTEPS];
			char *src = S_record(&c, col);
			char *one = S_fill_threads(src, 1, positions);
			for (unsigned t = 2; t <= 3; t++) {
				char *more = S_fill_threads(src, t, positions);
				if (strcmp(one, more) != 0)
					print_message("%s-- 1 thread:\n%s-- %u threads:\n%s", src, one, t, more);
				assert_string_equal(one, more);
				free(more);
			}
			cases++;
			limited += strstr(one, "TB403") != NULL;
			free(one);
			free(src);
			free(c.target);
		}
		tb_engine_free(e);
	}
	tb_stretch_slice = saved;
	print_message("threads: %lu gaps filled by 1, 2 and 3 threads, %lu over their limit\n",
	              cases, limited);
	assert_true(cases >= NCFG * per * 2 && limited >= NCFG);
}

/* More rules for the bounds alone: each option that changes what a turn
 * may move (pushes of Warriors, pushes sideways or back, crowns lost off
 * the far row, jumps of one piece, the Prince's steps; forwards by the
 * way to the fortress). */
static const S_cfg S_bound_cfgs[] = {
	{"ocencahuac", "push_target=enemy", NULL},
	{"ocencahuac", "push_target=enemy", OCEN_STAGE2},
	{"ocencahuac", "push_side=opposite; push_sideways=no_cell; crown=all_three", NULL},
	{"ocencahuac", "prince=step; jump=one; push_dist=stop", NULL},
	{"ocencahuac", "stage2_push=on; relocate=orthogonal", OCEN_STAGE2},
	{"asalto", "forward=fortress", ASALTO_START},
	{"asalto", "huff=compulsory; diagonals=none", ASALTO_START},
};
#define NBOUNDCFG (sizeof S_bound_cfgs / sizeof S_bound_cfgs[0])

/* Does turn 't' from 's' (to 'after') move or take a piece of the side
 * not moving, or place one from the hand: what the bounds must not
 * overlook (pushes, relocations, captures, huffs, placements)? */
static int S_eventful(const tb_state *s, const tb_state *after)
{
	int other = !s->to_move;
	return s->bits[other] != after->bits[other] || s->hand[s->to_move] != after->hand[s->to_move];
}

/* The bounds (tb_reach_bound: the rules' and the game's) must never
 * say that a position on a line to a restated one cannot reach it in
 * the turns left -- checked along thousands of random lines of up to
 * 12 turns in every configuration, many of them through pushes,
 * captures, huffs and placements. */
static void S_bound_along_lines(const S_cfg *cfg, tt_rng *g, unsigned lines,
                                unsigned long *along, unsigned long *eventful)
{
	tb_engine *e = S_engine(cfg, NULL);
	const tb_ruleset *rs = tb_engine_ruleset(e);
	assert_non_null(rs->rules->bound);
	if (strcmp(cfg->game, "pitarra") != 0)
		assert_non_null(rs->rules->turns_needed);
	for (unsigned p = 0; p < lines; p++) {
		tb_state s = S_somewhere(rs, tb_engine_state(e), g);
		s = S_reload(cfg, rs, &s);
		size_t n = 1 + tt_below(g, 12);
		tb_turn line[12];
		tb_state after[12];
		if (!S_line(rs, s, n, g, line, after))
			continue;
		for (size_t k = 0; k < n; k++)
			if (S_eventful(k ? &after[k - 1] : &s, &after[k])) {
				++*eventful;
				break;
			}
		char *tp = S_pos(rs, &after[n - 1]);
		tb_engine *te = S_engine(cfg, tp);
		tb_state target = *tb_engine_state(te);
		tb_engine_free(te);
		for (size_t k = 0; k <= n; k++) {
			const tb_state *at = k ? &after[k - 1] : &s;
			int ok = tb_reach_bound(rs, at, &target, (unsigned)(n - k));
			if (!ok) {
				char *a = S_pos(rs, at), *from = S_pos(rs, &s), *l = S_seq(line, k, n);
				print_message("%s \"%s\": the bound says %s cannot reach %s in %zu turns, "
				              "but %s does (turns %zu-%zu of a line from %s)\n",
				              cfg->game, cfg->rules ? cfg->rules : "", a, tp, n - k, l, k + 1, n,
				              from);
				free(a);
				free(from);
				free(l);
			}
			assert_true(ok);
			++*along;
		}
		free(tp);
	}
	tb_engine_free(e);
}

/* Longer gaps before a restated position, too many lines for the walk
 * above. The bounds prune the search: they must never drop a position
 * on a line to the restated one (S_bound_along_lines), and the search
 * pruned by them must find what the search without them finds, the
 * same sequences, as many; and resolving it from the edges its steps
 * recorded marks what playing the turns again marks. */
static void test_bound_is_sound(void **state)
{
	(void)state;
	tt_rng g = {0xb0u + S_SEED};
	unsigned long compared = 0, spent = 0, along = 0, eventful = 0;
	unsigned per = TT_SANITIZED ? 1 : 3, lines = TT_SANITIZED ? 100 : 600;
	for (size_t i = 0; i < NCFG; i++)
		S_bound_along_lines(&S_cfgs[i], &g, lines, &along, &eventful);
	for (size_t i = 0; i < NBOUNDCFG; i++)
		S_bound_along_lines(&S_bound_cfgs[i], &g, lines, &along, &eventful);
	assert_true(eventful >= (NCFG + NBOUNDCFG) * lines / 10);
	for (size_t i = 0; i < NCFG + NBOUNDCFG; i++) {
		const S_cfg *cfg = i < NCFG ? &S_cfgs[i] : &S_bound_cfgs[i - NCFG];
		tb_engine *e = S_engine(cfg, NULL);
		const tb_ruleset *rs = tb_engine_ruleset(e);
		for (unsigned p = 0; p < per; p++) {
			S_case c;
			memset(&c, 0, sizeof c);
			c.cfg = cfg;
			c.rs = rs;
			c.start = S_somewhere(rs, tb_engine_state(e), &g);
			c.start = S_reload(c.cfg, rs, &c.start);
			c.n = 4 + (tt_below(&g, 4) == 0);
			if (!S_line(rs, c.start, c.n, &g, c.orig, NULL))
				continue;
			for (size_t k = 0; k < c.n; k++)
				c.step[k] = (S_step){P_ANY, 1, c.orig[k]};
			tb_state s = c.start;
			for (size_t k = 0; k < c.n; k++)
				rs->rules->play(rs, &s, &c.orig[k], NULL);
			c.restated = 1;
			c.target = S_pos(rs, &s);
			c.what = "a long gap, restated";
			tb_engine *te = S_engine(c.cfg, c.target);
			tb_state target = *tb_engine_state(te);
			tb_engine_free(te);
			/* without the bound, within a budget */
			tb_stretch *x = tb_stretch_new(rs, &c.start, TT_SANITIZED ? 20000 : 50000, NULL, NULL);
			tb_step ply = {TB_STEP_PLY, 0, NULL};
			long got = 1;
			for (size_t k = 0; k < c.n && got > 0; k++)
				got = tb_stretch_step(x, &ply, NULL, 0);
			if (got < 0) {
				spent++;
				tb_stretch_free(x);
				free(c.target);
				continue;
			}
			S_keep_ctx kc = {rs, c.target};
			assert_true(tb_stretch_keep(x, S_keep_target, &kc) > 0);
			tb_stretch_resolve(x);
			S_strs all = {0}, bounded = {0};
			unsigned long long n1 = S_lib_paths(x, 0, c.n, 100000, &all);
			tb_stretch_free(x);
			/* with it, resolved from the edges the steps recorded and
			 * by playing the turns again (the plain search): the same
			 * marks in every layer */
			tb_stretch_plain = 1;
			tb_stretch *px = S_stretch(&c, &target, 1);
			tb_stretch_plain = 0;
			x = S_stretch(&c, &target, 1);
			for (size_t k = 0; k <= c.n; k++) {
				const tb_state *one;
				assert_int_equal(tb_stretch_marked(x, k, &one), tb_stretch_marked(px, k, &one));
			}
			tb_stretch_free(px);
			unsigned long long n2 = S_lib_paths(x, 0, c.n, 100000, &bounded);
			tb_stretch_free(x);
			S_strs_uniq(&all);
			S_strs_uniq(&bounded);
			if (n1 != n2 || !S_same_strs(&all, &bounded)) {
				S_print_case(&c);
				S_print_diff("the bound", &all, &bounded);
			}
			assert_int_equal(n1, n2);
			assert_true(S_same_strs(&all, &bounded));
			char *o = S_seq(c.orig, 0, c.n);
			assert_true(S_strs_has(&all, o));
			free(o);
			compared++;
			S_strs_free(&all);
			S_strs_free(&bounded);
			free(c.target);
		}
		tb_engine_free(e);
	}
	print_message("bound: %lu positions along lines to a restated one (%lu lines with a push, "
	              "capture, huff or placement); %lu gaps of 4-5 turns compared, %lu over the "
	              "budget without it\n", along, eventful, compared, spent);
	assert_true(compared >= (NCFG + NBOUNDCFG) * per / 4);
}

/* The bounds on what random lines seldom reach, each case a position,
 * the turns played from it (space-separated tokens, or "" for none) or
 * a position given instead, and whether the bounds must allow it in
 * 'turns' turns (a line that exists) or must refuse it (nothing but the
 * game's own bound refuses it: the shared one allows it). */
typedef struct S_bound_case {
	const char *game, *from, *play, *to;
	unsigned turns;
	int allow;
} S_bound_case;

static const S_bound_case S_bound_cases[] = {
	/* a Princess crowned on her far row; no Ceboruco turn crowns her */
	{"ocencahuac", "S 20 S:Ea1,Pc1,Ga2,Gb2,Gc2,Ma7 C:Gc5,Gd5,Ge5,Pc8,Md8,Ee8", "a7-a8=", NULL, 1, 1},
	{"ocencahuac", "S 20 S:Ea1,Pc1,Ga2,Gb2,Gc2,Ma7 C:Gc5,Gd5,Ge5,Pc8,Md8,Ee8", "a7-a8= c5-c4 a8-a7",
	 NULL, 3, 1},
	{"ocencahuac", "C 20 S:Ea1,Pc1,Ga2,Gb2,Gc2,Ma7 C:Gc5,Gd5,Ge5,Pc8,Md8,Ee8", NULL,
	 "S 21 S:Ea1,Pc1,Ga2,Gb2,Gc2,Ma7+ C:Gc4,Gd5,Ge5,Pc8,Md8,Ee8", 1, 0},
	/* an Emperor on its home row at the edge: only its own side moves it */
	{"ocencahuac", "S 20 S:Ea1,Mb1,Pc1,Ga2,Gb2,Gc2 C:Gc6,Gd6,Ge6,Pc8,Mb8,Ee8", "a2-a3 e8-d8", NULL, 2,
	 1},
	{"ocencahuac", "S 20 S:Ea1,Mb1,Pc1,Ga2,Gb2,Gc2 C:Gc6,Gd6,Ge6,Pc8,Mb8,Ee8", NULL,
	 "C 20 S:Ea1,Mb1,Pc1,Gb2,Gc2,Ga3 C:Gc6,Gd6,Ge6,Pc8,Mb8,Ed8", 1, 0},
	/* two royal pieces pushed back by one jump: no turn of theirs */
	{"ocencahuac", "S 12 S:Ea1,Mb1,Pc1,Ga2,Gb2,Ga4 C:Pb4,Mc4,Gc7,Gd7,Ge7,Ee8", "a4^d4>e4>c4", NULL, 1,
	 1},
	/* a Warrior needs a turn for its file and one for its rank */
	{"ocencahuac", "S 20 S:Ea1,Mb1,Pc1,Ga2,Gb2,Gc2 C:Gc6,Gd6,Ge6,Pc8,Md8,Ee8", NULL,
	 "C 20 S:Ea1,Mb1,Pc1,Gb2,Gc2,Gb3 C:Gc6,Gd6,Ge6,Pc8,Md8,Ee8", 1, 0},
	{"ocencahuac", "S 20 S:Ea1,Mb1,Pc1,Ga2,Gb2,Gc2 C:Gc6,Gd6,Ge6,Pc8,Md8,Ee8", "a2-a3 c6-c5 a3-b3",
	 NULL, 3, 1},
	/* an attacker never steps down; the climb is the attackers' turns */
	{"asalto", "A 10 A:a3,b3,c3,d3,e3,f3,g3,a4,b4,g4 D:d6,e7", "c3-c4", NULL, 1, 1},
	{"asalto", "A 10 A:a3,b3,c3,d3,e3,f3,g3,a4,b4,g4 D:d6,e7", NULL, "D 10 A:a3,b3,c2,d3,e3,f3,g3,a4,b4,g4 D:d6,e7", 1, 0},
	{"asalto", "A 10 A:a3,b3,c3,d3,e3,f3,g3,a4,b4,g4 D:d6,e7", NULL, "A 12 A:a3,b3,e3,f3,g3,a4,b4,d4,g4,c5 D:d6,e7", 4,
	 0},
	{"asalto", "A 10 A:a3,b3,c3,d3,e3,f3,g3,a4,b4,g4 D:d6,e7", "c3-c4 d6-d5 c4-c5 d5-d6", NULL, 4, 1},
};

static void test_bound_cases(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof S_bound_cases / sizeof S_bound_cases[0]; i++) {
		const S_bound_case *k = &S_bound_cases[i];
		S_cfg cfg = {k->game, NULL, k->from};
		tb_engine *e = S_engine(&cfg, NULL), *t = S_engine(&cfg, k->to ? k->to : NULL);
		assert_non_null(e);
		assert_non_null(t);
		const tb_ruleset *rs = tb_engine_ruleset(e);
		char buf[64];
		const char *p = k->play;
		while (p && *p) { /* play each token on 't' */
			size_t n = strcspn(p, " ");
			snprintf(buf, sizeof buf, "%.*s", (int)n, p);
			char *why = NULL;
			int rc = tb_engine_play(t, buf, NULL, &why);
			if (rc)
				print_message("case %zu: %s: %s\n", i, buf, why ? why : "?");
			free(why);
			assert_int_equal(rc, 0);
			p += n + (p[n] == ' ');
		}
		const tb_state *from = tb_engine_state(e), *to = tb_engine_state(t);
		int got = tb_reach_bound(rs, from, to, k->turns);
		if (got != k->allow)
			print_message("case %zu: the bounds %s it\n", i, got ? "allow" : "refuse");
		assert_int_equal(got, k->allow);
		if (!k->allow) /* the game's own knowledge refuses it */
			assert_true(tb_bound_common(from, to, k->turns, 1, 3));
		tb_engine_free(e);
		tb_engine_free(t);
	}
}

/* A gap after an unknown turn in one stretch: its sequences are counted
 * and named once each, however many of the positions the unknown turn
 * leaves they start from. */
static void test_gap_after_open_turn(void **state)
{
	(void)state;
	static const struct {
		const char *src;
		unsigned col;
		const char *says;
		size_t notes;
	} cases[] = {
		/* Red's first placement is anywhere but a1 and a4, which Yellow
		 * takes; the gap is Red's second, anywhere else but a1 and a4
		 * too: 22 placements, from 22 positions (462 ways) */
		{"[Game \"pitarra\"]\n1. ? a1 <gap 1> 2... a4 *\n", 9,
		 "<gap 1>: 22 sequences of 1 turn fit, given turn 2", 22},
		/* d2 came from d1 or d3, then g7-g4; the gap is a Red turn that
		 * leaves g4-g7 legal: after d1-d2, d2-b2 d2-f2 d2-d1 d3-c3 d3-e3
		 * f4-f2 f4-f6 f4-e4; after d3-d2, d1-g1 d2-b2 d2-f2 d2-d3 f4-f2
		 * f4-f6 f4-e4: 10 turns (15 ways) */
		{"[Game \"pitarra\"]\n[Position \"R 20 R:d1,d3,f4 Y:a1,a4,g7\"]\n"
		 "20. ?-d2 g7-g4 <gap 1> 21... g4-g7 *\n",
		 16, "<gap 1>: 10 sequences of 1 turn fit, given turn 21", 10},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		tb_reader *r;
		tb_search_opts so;
		memset(&so, 0, sizeof so);
		so.max_listed = 1000;
		tb_record *rec = tt_parse(cases[i].src, &r);
		tb_reader_set_search(r, &so);
		tb_reader_validate(r, rec, NULL, NULL);
		const tb_diag *d = NULL;
		for (size_t k = 0; k < tb_reader_ndiags(r); k++)
			if (tb_reader_diag(r, k)->code == TB_D_FITS && tb_reader_diag(r, k)->col == cases[i].col)
				d = tb_reader_diag(r, k);
		assert_non_null(d);
		if (strcmp(d->message, cases[i].says) != 0)
			print_message("%s%s\n%s\n", cases[i].src, d->message, d->note ? d->note : "");
		assert_string_equal(d->message, cases[i].says);
		/* one note a sequence, each once */
		S_strs notes = {0};
		for (const char *p = d->note; p && *p;) {
			const char *e = strchr(p, '\n');
			size_t len = e ? (size_t)(e - p) : strlen(p);
			char *x = strndup(p, len);
			assert_non_null(x);
			S_strs_add(&notes, x);
			free(x);
			p += len + (e != NULL);
		}
		size_t all = notes.n;
		S_strs_uniq(&notes);
		assert_int_equal(notes.n, all);
		assert_int_equal(all, cases[i].notes);
		S_strs_free(&notes);
		tb_record_free(rec);
		tb_reader_free(r);
	}
}

/* ===== Sets of positions ===== */

static void test_bset(void **state)
{
	(void)state;
	tb_engine *e = S_engine(&S_cfgs[7], NULL);
	const tb_ruleset *rs = tb_engine_ruleset(e);
	tt_rng g = {77};
	enum { N = 3000 };
	tb_state *v = malloc(N * sizeof *v);
	assert_non_null(v);
	size_t n = 0;
	tb_bset b;
	memset(&b, 0, sizeof b);
	assert_int_equal(tb_bset_find(&b, tb_engine_state(e)), -1);
	/* positions of random lines: each added once, in order */
	while (n < N) {
		tb_state s = S_somewhere(rs, tb_engine_state(e), &g);
		int added;
		long at = tb_bset_find(&b, &s);
		uint32_t i = tb_bset_add(&b, &s, &added);
		assert_int_equal(added, at < 0);
		if (added) {
			assert_int_equal(i, n);
			v[n++] = s;
		} else {
			assert_int_equal(i, (uint32_t)at);
			assert_true(tb_state_same(&v[i], &s));
		}
	}
	assert_int_equal(b.n, N);
	assert_true(3 * (uint64_t)b.nslot >= 4 * (uint64_t)b.n); /* three quarters full at most */
	for (size_t i = 0; i < N; i++) {
		assert_int_equal(tb_bset_find(&b, &v[i]), (long)i);
		int added;
		assert_int_equal(tb_bset_add(&b, &v[i], &added), i);
		assert_int_equal(added, 0);
	}
	assert_int_equal(b.n, N);
	/* everything the rules keep tells positions apart */
	tb_state s = v[5];
	s.quiet++;
	assert_false(tb_state_same(&s, &v[5]));
	assert_int_equal(tb_bset_find(&b, &s), -1);
	s = v[5];
	s.number++;
	assert_int_equal(tb_bset_find(&b, &s), -1);
	s = v[5];
	s.mark[3] ^= 1;
	assert_int_equal(tb_bset_find(&b, &s), -1);
	s = v[5];
	s.to_move ^= 1;
	assert_int_equal(tb_bset_find(&b, &s), -1);
	s = v[5];
	s.taken[1]++;
	assert_int_equal(tb_bset_find(&b, &s), -1);
	/* cleared: empty, and usable again */
	tb_bset_clear(&b);
	assert_int_equal(b.n, 0);
	for (size_t i = 0; i < N; i++)
		assert_int_equal(tb_bset_find(&b, &v[i]), -1);
	int added;
	assert_int_equal(tb_bset_add(&b, &v[9], &added), 0);
	assert_true(added);
	assert_int_equal(tb_bset_find(&b, &v[9]), 0);
	tb_bset_free(&b);
	assert_null(b.rec.b);
	assert_int_equal(b.n, 0);
	free(v);
	tb_engine_free(e);
}

/* ===== The budget ===== */

static const char *S_diag_with(const tb_reader *r, int code)
{
	for (size_t i = 0; i < tb_reader_ndiags(r); i++)
		if (tb_reader_diag(r, i)->code == code)
			return tb_reader_diag(r, i)->message;
	return NULL;
}

static void test_budget(void **state)
{
	(void)state;
	/* a stretch that would hold more than its budget says so, and stays
	 * spent */
	tb_engine *e = S_engine(&S_cfgs[0], NULL);
	const tb_ruleset *rs = tb_engine_ruleset(e);
	tb_stretch *x = tb_stretch_new(rs, tb_engine_state(e), 10, NULL, NULL);
	tb_step ply = {TB_STEP_PLY, 0, NULL};
	assert_int_equal(tb_stretch_step(x, &ply, NULL, 0), -1); /* 24 placements */
	assert_int_equal(tb_stretch_step(x, &ply, NULL, 0), -1);
	tb_stretch_free(x);
	x = tb_stretch_new(rs, tb_engine_state(e), 25, NULL, NULL);
	assert_int_equal(tb_stretch_step(x, &ply, NULL, 0), 24); /* 1 + 24 held */
	assert_int_equal(tb_stretch_count(x), 24);
	assert_int_equal(tb_stretch_step(x, &ply, NULL, 0), -1);
	/* what it leaves open: the 24 positions after the first turn, one
	 * sequence each; the second turn not whole */
	unsigned long held;
	unsigned long long seqs;
	assert_int_equal(tb_stretch_reached(x, &held, &seqs), 1);
	assert_int_equal(held, 24);
	assert_int_equal(seqs, 24);
	tb_stretch_free(x);
	/* the sequences it counts are the distinct sequences, from one
	 * position (tb_stretch_paths counts them another way) */
	x = tb_stretch_new(rs, tb_engine_state(e), 100000, NULL, NULL);
	for (int k = 0; k < 3; k++)
		assert_true(tb_stretch_step(x, &ply, NULL, 0) > 0);
	assert_int_equal(tb_stretch_reached(x, &held, &seqs), 3);
	assert_int_equal(held, tb_stretch_count(x));
	tb_stretch_resolve(x);
	size_t listed;
	assert_int_equal(seqs, tb_stretch_paths(x, 0, 3, 0, NULL, &listed));
	assert_true(seqs > held); /* transpositions: some positions have several */
	tb_stretch_free(x);
	tb_engine_free(e);

	/* validate: TB403 naming each limit, and nothing named for the gap;
	 * over the positions, a note of what is left open (paths counted:
	 * the 22 placements of a1's reply, each one sequence) */
	static const struct {
		const char *src;
		unsigned turns;
		unsigned long positions;
		const char *says, *note;
	} cases[] = {
		{"[Game \"pitarra\"]\n1. d1 a1 <gap 3> 3. g1 *\n", 0, 50,
		 "more than 50 positions may follow from here, the search's limit "
		 "(--search-positions): the written turn after it goes unchecked: the record does not give the position again",
		 "note: the limit was reached in turn 2 from here: the 22 positions after turn 1, which "
		 "22 sequences of turns reach, are left open\n"},
		{"[Game \"pitarra\"]\n1. d1 a1 <gap 3> 3. g1 *\n", 2, 0,
		 "3 turns are missing here, more than the search's limit of 2 (--search-turns): "
		 "the written turn after it goes unchecked: the record does not give the position again",
		 NULL},
		{"[Game \"ocencahuac\"]\n[Rules \"ocencahuac; chain=yes\"]\n1. b2-b3 <gap 8> 5... d7-d6 *\n",
		 0, 20000,
		 "more than 20000 positions may follow from here, the search's limit "
		 "(--search-positions): the written turn after it goes unchecked: the record does not give the position again",
		 "note: the limit was reached in turn 4 from here: the 2450 positions after turn 3, which "
		 "3666 sequences of turns reach, are left open\n"},
		{"[Game \"asalto\"]\n[Position \"" ASALTO_START "\"]\n1. ? ? 2. ? ? 3. ? ? 4. c3-c4 *\n", 0,
		 200,
		 "more than 200 positions may follow from here, the search's limit "
		 "(--search-positions): the 6 written turns after it go unchecked: the record does not give the position again",
		 "note: the limit was reached in turn 3 from here: the 41 positions after turn 2, which "
		 "41 sequences of turns reach, are left open\n"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		tb_reader *r;
		tb_record *rec = tt_parse(cases[i].src, &r);
		tb_search_opts so;
		memset(&so, 0, sizeof so);
		so.max_turns = cases[i].turns;
		so.max_positions = cases[i].positions;
		tb_reader_set_search(r, &so);
		tb_reader_validate(r, rec, NULL, NULL);
		const char *m = S_diag_with(r, TB_D_UNCHECKED);
		if (!m || strcmp(m, cases[i].says) != 0) {
			tt_str out = {0};
			tt_diags(&out, r);
			print_message("%s%s", cases[i].src, out.d ? out.d : "(nothing)\n");
			free(out.d);
		}
		assert_non_null(m);
		assert_string_equal(m, cases[i].says);
		tt_str out = {0};
		tt_diags(&out, r);
		const char *note = strstr(out.d, "note: the limit was reached");
		if (cases[i].note)
			assert_string_equal(note ? note : "(no note)", cases[i].note);
		else
			assert_null(note);
		free(out.d);
		assert_null(S_diag_with(r, TB_D_FITS));
		assert_null(S_diag_with(r, TB_D_NO_FIT));
		tb_record_free(rec);
		tb_reader_free(r);
	}

	/* a gap before a restated position no sequence reaches: the nearest
	 * positions are sought again without the position's bound, within
	 * the budget -- over it that is said, and none is named */
	static const char *const near[][2] = {
		{"300", "the positions its turns may reach are more than the search's limit of 300 "
		        "(--search-positions): none is named as the nearest"},
		{"0", "the nearest position the turns reach differs in hand: hand=9,8 in the drawing, "
		      "hand=9,9 by the turns; reached by 2. a1 d5 3. b2 b6"},
	};
	for (size_t i = 0; i < sizeof near / sizeof near[0]; i++) {
		tb_reader *r;
		tb_record *rec = tt_parse("[Game \"pitarra\"]\n1. e5 g1 <gap 4> <position "
		                          "\"R 4 R:a1,b2,e5 Y:g1,d5,b6 hand=9,8\"> *\n", &r);
		tb_search_opts so;
		memset(&so, 0, sizeof so);
		so.max_positions = strtoul(near[i][0], NULL, 10);
		tb_reader_set_search(r, &so);
		tb_reader_validate(r, rec, NULL, NULL);
		tt_str out = {0};
		tt_diags(&out, r);
		if (!out.d || !strstr(out.d, near[i][1]))
			print_message("%s", out.d ? out.d : "(nothing)\n");
		assert_non_null(S_diag_with(r, TB_D_NO_FIT));
		assert_non_null(out.d);
		assert_non_null(strstr(out.d, near[i][1]));
		free(out.d);
		tb_record_free(rec);
		tb_reader_free(r);
	}
}

/* ===== Slips ===== */

/* A record of position 's' whose movetext is 'turns' (tokens), parsed;
 * its first node in '*first'. */
static tb_record *S_slip_record(const S_cfg *cfg, const tb_ruleset *rs, const tb_state *s,
                                const tb_turn *turns, size_t n, tb_reader **r)
{
	tb_buf b = TB_BUF_INIT;
	char *p = S_pos(rs, s);
	tb_buf_printf(&b, "[Game \"%s\"]\n", cfg->game);
	if (cfg->rules)
		tb_buf_printf(&b, "[Rules \"%s; %s\"]\n", cfg->game, cfg->rules);
	tb_buf_printf(&b, "[Position \"%s\"]\n", p);
	free(p);
	for (size_t i = 0; i < n; i++) {
		tb_buf_putc(&b, ' ');
		S_tok(&b, &turns[i]);
	}
	tb_buf_puts(&b, " *\n");
	tb_record *rec = tt_parse(b.data, r);
	tb_buf_free(&b);
	return rec;
}

/* Is turn 't' (a written token: every point on the board) legal in 's'? */
static int S_legal(const tb_ruleset *rs, const tb_state *s, const tb_turn *t)
{
	tb_turns l = {NULL, 0};
	size_t n = tb_turns_generate(rs, s, &l);
	int ok = 0;
	for (size_t i = 0; i < n && !ok; i++)
		ok = S_same_turn(&l.v[i], t);
	tb_turns_free(&l);
	return ok;
}

static int S_alike(tb_point a, tb_point b)
{
	return TB_PT_FILE(a) == TB_PT_FILE(b) || TB_PT_RANK(a) == TB_PT_RANK(b);
}

static void test_repairs(void **state)
{
	(void)state;
	static const char *const names[] = {"", "sound", "same", "part", "crown", "missing",
	                                    "twice", "swap", "swap side", "point"};
	/* the slips made here, each its kind (repair.h) */
	static const int kinds[] = {TB_REPAIR_SOUND, TB_REPAIR_PART, TB_REPAIR_MISSING,
	                            TB_REPAIR_SWAP, TB_REPAIR_SWAP_SIDE, TB_REPAIR_POINT};
	unsigned found[TB_REPAIR_POINT + 1] = {0}, tried[TB_REPAIR_POINT + 1] = {0},
	         first[TB_REPAIR_POINT + 1] = {0};
	tt_rng g = {0xfeedu + S_SEED};
	tb_repair *out = malloc(256 * sizeof *out);
	assert_non_null(out);
	for (size_t ci = 0; ci < NCFG; ci++) {
		const S_cfg *cfg = &S_cfgs[ci];
		tb_engine *e = S_engine(cfg, NULL);
		const tb_ruleset *rs = tb_engine_ruleset(e);
		for (unsigned rep = 0; rep < (TT_SANITIZED ? 12u : 30u); rep++) {
			tb_state s = S_somewhere(rs, tb_engine_state(e), &g);
			s = S_reload(cfg, rs, &s);
			enum { LEN = 7 };
			tb_turn line[LEN];
			if (!S_line(rs, s, LEN, &g, line, NULL))
				continue;
			for (size_t ki = 0; ki < sizeof kinds / sizeof kinds[0]; ki++) {
				int kind = kinds[ki];
				tb_turn w[LEN];
				memcpy(w, line, sizeof w);
				size_t nw = LEN, ntr = 1;
				tb_turn want[3] = {line[0], line[1], line[2]};
				switch (kind) {
				case TB_REPAIR_SOUND:
				case TB_REPAIR_POINT: {
					/* one point changed: like the old one, or not */
					if (!w[0].nparts)
						continue;
					unsigned i = tt_below(&g, w[0].nparts);
					unsigned np = rs->geo.npoints, j = tt_below(&g, np);
					for (unsigned k = 0; k < np; k++) {
						tb_point q = rs->geo.points[(j + k) % np].pt;
						if (q != line[0].parts[i].pt &&
						    S_alike(q, line[0].parts[i].pt) == (kind == TB_REPAIR_SOUND)) {
							w[0].parts[i].pt = q;
							break;
						}
					}
					if (w[0].parts[i].pt == line[0].parts[i].pt)
						continue;
					break;
				}
				case TB_REPAIR_PART: {
					/* a part after the first not written */
					if (w[0].nparts < 2)
						continue;
					unsigned i = 1 + tt_below(&g, w[0].nparts - 1u);
					memmove(&w[0].parts[i], &w[0].parts[i + 1],
					        (w[0].nparts - i - 1u) * sizeof w[0].parts[0]);
					w[0].nparts--;
					break;
				}
				case TB_REPAIR_MISSING: /* the first turn left out */
					memmove(&w[0], &w[1], (LEN - 1) * sizeof w[0]);
					nw = LEN - 1;
					ntr = 2;
					break;
				case TB_REPAIR_SWAP:
					w[0] = line[1];
					w[1] = line[0];
					ntr = 2;
					break;
				default: /* this turn and its side's next one swapped */
					w[0] = line[2];
					w[2] = line[0];
					ntr = 3;
					break;
				}
				if (S_legal(rs, &s, &w[0]))
					continue; /* no slip to explain */
				if (kind == TB_REPAIR_SWAP_SIDE && S_same_turn(&line[0], &line[2]))
					continue;
				tb_reader *r;
				tb_record *rec = S_slip_record(cfg, rs, &s, w, nw, &r);
				const tb_node *node = rec->main.first;
				tb_move wm = S_move(&w[0]);
				if (rec->errors || !node || node->kind != (w[0].nparts ? TB_NODE_MOVE : TB_NODE_PASS) ||
				    node->move.nparts != wm.nparts || node->move.crown != wm.crown ||
				    (wm.nparts && memcmp(node->move.parts, wm.parts, wm.nparts * sizeof *wm.parts))) {
					/* the slip is not a token the game reads as written */
					tb_record_free(rec);
					tb_reader_free(r);
					continue;
				}
				size_t all = tb_repairs(rs, &s, node, node->kind, &node->move, 32, out, 256,
				                        &(int){0});
				tried[kind]++;
				size_t hit = all;
				for (size_t i = 0; i < all && i < 256; i++) {
					/* ranked by the cost model: edits, then weight */
					if (i)
						assert_true(out[i - 1].edits < out[i].edits ||
						            (out[i - 1].edits == out[i].edits &&
						             out[i - 1].weight <= out[i].weight));
					/* one point changed is misheard or written for another
					 * as the language's table weighs its letter or number */
					int point = kind == TB_REPAIR_SOUND || kind == TB_REPAIR_POINT;
					int kind_ok = out[i].kind == kind ||
					              (point && (out[i].kind == TB_REPAIR_SOUND ||
					                         out[i].kind == TB_REPAIR_POINT));
					int same = kind_ok && out[i].nturns == ntr;
					for (size_t k = 0; same && k < ntr; k++)
						same = S_same_turn(&out[i].turn[k], &want[k]);
					if (same && hit == all)
						hit = i;
				}
				if (hit == all) {
					char *p = S_pos(rs, &s);
					char *o = S_seq(line, 0, LEN), *m = S_seq(w, 0, nw);
					print_message("%s \"%s\" %s: %s written %s: no %s repair back to it "
					              "(%zu repairs)\n", cfg->game, cfg->rules ? cfg->rules : "",
					              p, o, m, names[kind], all);
					free(p);
					free(o);
					free(m);
				}
				assert_true(hit < all);
				const tb_repair *h = &out[hit];
				unsigned consumed = kind == TB_REPAIR_MISSING ? 1 : (unsigned)ntr;
				if (kind <= TB_REPAIR_PART || kind == TB_REPAIR_POINT)
					consumed = 1;
				assert_int_equal(h->consumed, consumed);
				/* the written turns after it, all legal then, up to the window */
				assert_int_equal(h->reach, nw - consumed);
				found[kind]++;
				first[kind] += hit == 0;
				/* a window of one turn: reach 1 at most, and the repair still there */
				size_t all1 = tb_repairs(rs, &s, node, node->kind, &node->move, 1, out, 256,
				                         &(int){0});
				assert_true(all1 >= 1);
				for (size_t i = 0; i < all1 && i < 256; i++)
					assert_true(out[i].reach <= 1);
				tb_record_free(rec);
				tb_reader_free(r);
			}
		}
		tb_engine_free(e);
	}
	free(out);
	print_message("repairs:");
	for (size_t ki = 0; ki < sizeof kinds / sizeof kinds[0]; ki++) {
		int k = kinds[ki];
		print_message(" %s %u/%u (first %u)", names[k], found[k], tried[k], first[k]);
		assert_int_equal(found[k], tried[k]);
		assert_true(tried[k] >= 10);
	}
	print_message("\n");
}

/* ===== The look-back against brute force (spec/reconstruct.md §4) ===== */

enum { LB_LEN = 12, LB_K = 8, LB_MAX = LB_LEN + 2 };

/* A repair as brute force finds it: at written turn 'at', 'n' turns in
 * the place of 'consumed' written ones. */
typedef struct S_fix {
	size_t at, n, consumed;
	tb_turn t[3];
} S_fix;

/* Is the written line 'w' (of 'n') legal from 's' to its end? */
static int S_all_legal(const tb_ruleset *rs, tb_state s, const tb_turn *w, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (!S_legal(rs, &s, &w[i]))
			return 0;
		rs->rules->play(rs, &s, &w[i], NULL);
	}
	return 1;
}

/* Is legal turn 't' an edit of written turn 'm' that repair.c makes: one
 * point changed (the kinds the same), the crown marker alone, or one
 * part more holding every part written, in order, from the same point? */
static int S_one_edit(const tb_turn *t, const tb_turn *m)
{
	if (t->nparts == m->nparts) {
		unsigned diff = 0;
		for (unsigned k = 0; k < m->nparts; k++) {
			if (t->parts[k].kind != m->parts[k].kind)
				return 0;
			diff += t->parts[k].pt != m->parts[k].pt;
		}
		return (diff == 1 && t->crown == m->crown) || (diff == 0 && t->crown != m->crown);
	}
	if (t->nparts != m->nparts + 1 || !m->nparts || t->crown != m->crown ||
	    t->parts[0].pt != m->parts[0].pt)
		return 0;
	unsigned k = 0;
	for (unsigned j = 0; j < t->nparts && k < m->nparts; j++)
		if (t->parts[j].kind == m->parts[k].kind && t->parts[j].pt == m->parts[k].pt)
			k++;
	return k == m->nparts;
}

/* Is the written line 'w' (of 'n') legal from 's' to its end, and does
 * it reach 'target' there (when not NULL), compared as a restated
 * position is? */
static int S_reaches(const tb_ruleset *rs, tb_state s, const tb_turn *w, size_t n,
                     const tb_position *target)
{
	for (size_t i = 0; i < n; i++) {
		if (!S_legal(rs, &s, &w[i]))
			return 0;
		rs->rules->play(rs, &s, &w[i], NULL);
	}
	if (!target)
		return 1;
	tb_arena a = {0};
	tb_position p;
	rs->rules->save(rs, &s, &a, &p);
	int same = tb_position_restates(&p, target);
	tb_arena_free(&a);
	return same;
}

/* Keeps fix 'f' when written line 'w' with it is legal to its end (and
 * reaches 'target' there, when not NULL). */
static void S_try_fix(const tb_ruleset *rs, const tb_state *s, const tb_turn *w, size_t nw,
                      const tb_position *target, const S_fix *f, S_fix *out, size_t *n)
{
	tb_turn e[LB_MAX + 2];
	size_t ne = 0;
	for (size_t i = 0; i < f->at; i++)
		e[ne++] = w[i];
	for (size_t i = 0; i < f->n; i++)
		e[ne++] = f->t[i];
	for (size_t i = f->at + f->consumed; i < nw; i++)
		e[ne++] = w[i];
	if (S_reaches(rs, *s, e, ne, target) && *n < 4096)
		out[(*n)++] = *f;
}

/* Every single edit of every written turn from 'lo' to 'ill', tried
 * the simple way: the whole line replayed after it (and, with a
 * 'target', the position at its end compared with it). */
static size_t S_brute_fixes(const tb_ruleset *rs, const tb_state *s, const tb_turn *w, size_t nw,
                            size_t lo, size_t ill, const tb_position *target, S_fix *out)
{
	size_t n = 0;
	tb_state at = *s;
	tb_turns l = {NULL, 0};
	for (size_t i = 0; i <= ill; i++) {
		if (i >= lo) {
			size_t nl = tb_turns_generate(rs, &at, &l);
			for (size_t j = 0; j < nl; j++) {
				S_fix f = {i, 1, 1, {l.v[j]}};
				if (S_one_edit(&l.v[j], &w[i]))
					S_try_fix(rs, s, w, nw, target, &f, out, &n);
				S_fix miss = {i, 2, 1, {l.v[j], w[i]}};
				S_try_fix(rs, s, w, nw, target, &miss, out, &n);
			}
			/* a turn written twice: the same as the turn before, or its
			 * side's before; a pass only as the turn just before */
			for (size_t b = 1; b <= 2 && i >= lo + b; b++)
				if (w[i].nparts ? S_same_turn(&w[i], &w[i - b]) : b == 1 && !w[i - 1].nparts) {
					S_fix f = {i, 0, 1, {{0}}};
					S_try_fix(rs, s, w, nw, target, &f, out, &n);
					break;
				}
			if (i + 1 < nw) {
				S_fix f = {i, 2, 2, {w[i + 1], w[i]}};
				S_try_fix(rs, s, w, nw, target, &f, out, &n);
			}
			if (i + 2 < nw) {
				S_fix f = {i, 3, 3, {w[i + 2], w[i + 1], w[i]}};
				S_try_fix(rs, s, w, nw, target, &f, out, &n);
			}
		}
		if (i < ill)
			rs->rules->play(rs, &at, &w[i], NULL);
	}
	tb_turns_free(&l);
	return n;
}

/* Is fix 'f' among the library's repairs 'rp' (of 'n'), made at
 * look-back turn 'f->at - lo'? */
static int S_lib_has(const tb_repair *rp, size_t n, size_t ill, const S_fix *f)
{
	for (size_t i = 0; i < n; i++) {
		if (ill - rp[i].back != f->at || rp[i].nturns != f->n || rp[i].consumed != f->consumed)
			continue;
		int same = 1;
		for (size_t k = 0; k < f->n && same; k++)
			same = S_same_turn(&rp[i].turn[k], &f->t[k]);
		if (same)
			return 1;
	}
	return 0;
}

/* A slip put into 'line' ('kind' 0 a point, 1 a part left out, 2 a turn
 * left out, 3 a turn written twice, 4 two turns swapped, 5 a side's two
 * turns swapped) at turn 'j', into 'w'; its length, or 0 when it cannot
 * be made there. */
static size_t S_slip(const tb_ruleset *rs, const tb_turn *line, size_t n, int kind, size_t j,
                     tt_rng *g, tb_turn *w)
{
	memcpy(w, line, n * sizeof *w);
	switch (kind) {
	case 0: {
		if (!w[j].nparts)
			return 0;
		unsigned i = tt_below(g, w[j].nparts), np = rs->geo.npoints;
		w[j].parts[i].pt = rs->geo.points[tt_below(g, np)].pt;
		return w[j].parts[i].pt == line[j].parts[i].pt ? 0 : n;
	}
	case 1:
		if (w[j].nparts < 2)
			return 0;
		w[j].nparts--;
		return n;
	case 2:
		memmove(&w[j], &w[j + 1], (n - j - 1) * sizeof *w);
		return n - 1;
	case 3:
		memmove(&w[j + 1], &w[j], (n - j) * sizeof *w);
		return n + 1;
	case 4:
		w[j] = line[j + 1];
		w[j + 1] = line[j];
		return n;
	default:
		w[j] = line[j + 2];
		w[j + 2] = line[j];
		return n;
	}
}

/* Does record 'rec' write the turns 'w' as they are (each token read
 * back the same)? */
static int S_reads_as(const tb_record *rec, const tb_turn *w, size_t n, const tb_node **nodes)
{
	const tb_node *node = rec->main.first;
	for (size_t i = 0; i < n; i++, node = node->next) {
		tb_move m = S_move(&w[i]);
		if (!node || node->kind != (w[i].nparts ? TB_NODE_MOVE : TB_NODE_PASS) ||
		    node->move.nparts != m.nparts || node->move.crown != m.crown ||
		    (m.nparts && memcmp(node->move.parts, m.parts, m.nparts * sizeof *m.parts)))
			return 0;
		nodes[i] = node;
	}
	return 1;
}

/* A slipped line 'w' (of 'nw' turns, from 's') set up for
 * tb_repairs_back: the positions before each turn up to the first
 * illegal one ('ill'), its record read back (the nodes the look-back
 * points at), and the search's input over the look-back from 'lo'.
 * 'in' points into the case itself: it is filled where it stays. */
typedef struct S_slip_case {
	tb_state before[LB_MAX];
	size_t ill, lo;
	tb_reader *r;
	tb_record *rec;
	const void *lbn[LB_K + 1];
	tb_move m;
	tb_repair_in in;
	tb_turn w[LB_MAX]; /* the written turns, where S_slips_case makes them ('m' points here) */
} S_slip_case;

/* Sets up 'c'; 0 (nothing kept) when the record does not read back as
 * 'w' (an error, or a turn written otherwise). Free with S_slip_free. */
static int S_slip_make(const S_cfg *cfg, const tb_ruleset *rs, const tb_state *s,
                       const tb_turn *w, size_t nw, S_slip_case *c)
{
	tb_state at = *s;
	c->ill = 0;
	for (; c->ill < nw && S_legal(rs, &at, &w[c->ill]); c->ill++) {
		c->before[c->ill] = at;
		rs->rules->play(rs, &at, &w[c->ill], NULL);
	}
	c->before[c->ill] = at;
	c->rec = S_slip_record(cfg, rs, s, w, nw, &c->r);
	const tb_node *nodes[LB_MAX];
	if (c->rec->errors || !S_reads_as(c->rec, w, nw, nodes)) {
		tb_record_free(c->rec);
		tb_reader_free(c->r);
		return 0;
	}
	c->lo = c->ill > LB_K ? c->ill - LB_K : 0;
	for (size_t i = c->lo; i <= c->ill; i++)
		c->lbn[i - c->lo] = nodes[i];
	c->m = S_move(&w[c->ill]);
	c->in = (tb_repair_in){rs, NULL, &c->before[c->lo], c->lbn, c->ill - c->lo + 1,
	                       (uint8_t)(w[c->ill].nparts ? TB_NODE_MOVE : TB_NODE_PASS),
	                       &c->m, 32, NULL, NULL, 0, 0, NULL, 0};
	return 1;
}

static void S_slip_free(S_slip_case *c)
{
	tb_record_free(c->rec);
	tb_reader_free(c->r);
}

/* The kind of a slip: one of 'kinds' (of 'nkinds'), or, 'kinds' NULL,
 * any of S_slip's six. */
static int S_kind_of(tt_rng *g, const int *kinds, unsigned nkinds)
{
	return kinds ? kinds[tt_below(g, nkinds)] : (int)tt_below(g, 6);
}

/* The second-slip tests' case, set up in 'c' (S_slip_make): from the
 * start of config 'cfg' ('e' its engine), or for an odd 'rep' a random
 * position, a random line of LB_LEN turns, a first slip at turn 'first'
 * to first + 3, then, when 'two', a second 2 to 4 turns later, of kinds
 * as S_kind_of draws them. 0 (nothing kept) when no case is made there:
 * no line, a slip that cannot be made, every written turn legal, or a
 * record that does not read back. Free with S_slip_free. */
static int S_slips_case(const S_cfg *cfg, tb_engine *e, unsigned rep, tt_rng *g, size_t first,
                        const int *kinds, unsigned nkinds, int two, S_slip_case *c)
{
	const tb_ruleset *rs = tb_engine_ruleset(e);
	tb_state s = rep % 2 ? S_somewhere(rs, tb_engine_state(e), g) : *tb_engine_state(e);
	s = S_reload(cfg, rs, &s);
	tb_turn line[LB_LEN], w1[LB_MAX], *w = c->w;
	if (!S_line(rs, s, LB_LEN, g, line, NULL))
		return 0;
	size_t j1 = first + tt_below(g, 4), j2 = j1 + 2 + tt_below(g, 3);
	size_t nw = S_slip(rs, line, LB_LEN, S_kind_of(g, kinds, nkinds), j1, g, w1);
	if (nw && two)
		nw = S_slip(rs, w1, nw, S_kind_of(g, kinds, nkinds), j2, g, w);
	else if (nw)
		memcpy(w, w1, nw * sizeof *w);
	if (!nw || S_all_legal(rs, s, w, nw))
		return 0;
	return S_slip_make(cfg, rs, &s, w, nw, c);
}

/* tb_repairs_back on short random lines with one slip of each kind
 * against brute force: where some single edit within the look-back makes
 * the whole line legal, the library keeps exactly those edits (its
 * kept repairs are the ones that get furthest), so the brute force's
 * cheapest, and the original, are among them. */
static void test_lookback_against_brute_force(void **state)
{
	(void)state;
	static const char *const names[] = {"point", "part", "missing", "twice", "swap",
	                                    "swap side"};
	unsigned tried[6] = {0}, same[6] = {0}, orig[6] = {0};
	tt_rng g = {0x1b4cu + S_SEED};
	tb_repair *out = malloc(256 * sizeof *out);
	S_fix *fix = malloc(4096 * sizeof *fix);
	assert_non_null(out);
	assert_non_null(fix);
	for (size_t ci = 0; ci < NCFG; ci++) {
		const S_cfg *cfg = &S_cfgs[ci];
		tb_engine *e = S_engine(cfg, NULL);
		const tb_ruleset *rs = tb_engine_ruleset(e);
		for (unsigned rep = 0; rep < (TT_SANITIZED ? 6u : 16u); rep++) {
			tb_state s = rep % 2 ? S_somewhere(rs, tb_engine_state(e), &g) : *tb_engine_state(e);
			s = S_reload(cfg, rs, &s);
			tb_turn line[LB_LEN];
			if (!S_line(rs, s, LB_LEN, &g, line, NULL))
				continue;
			for (int kind = 0; kind < 6; kind++) {
				tb_turn w[LB_MAX];
				size_t j = tt_below(&g, LB_LEN - 4), nw = S_slip(rs, line, LB_LEN, kind, j, &g, w);
				if (!nw || S_all_legal(rs, s, w, nw))
					continue;
				/* the first illegal written turn, and the positions before each */
				S_slip_case c;
				if (!S_slip_make(cfg, rs, &s, w, nw, &c))
					continue;
				size_t ill = c.ill, lo = c.lo;
				int nomem = 0;
				size_t all = tb_repairs_back(&c.in, out, 256, &nomem);
				assert_false(nomem);
				size_t nb = S_brute_fixes(rs, &s, w, nw, lo, ill, NULL, fix);
				S_slip_free(&c);
				if (all > 256)
					continue; /* more than are held: not compared */
				tried[kind]++;
				/* every brute force fix is the library's */
				for (size_t i = 0; i < nb; i++) {
					if (!S_lib_has(out, all, ill, &fix[i])) {
						char *p = S_pos(rs, &s), *o = S_seq(line, 0, LB_LEN), *x = S_seq(w, 0, nw);
						print_message("%s: %s: %s written %s: brute force's fix at %zu "
						              "(%zu turns) not among the %zu repairs\n",
						              cfg->game, p, o, x, fix[i].at, fix[i].n, all);
						free(p);
						free(o);
						free(x);
					}
					assert_true(S_lib_has(out, all, ill, &fix[i]));
				}
				/* and when brute force finds some, the library keeps no other
				 * (but one letter misheard in each point, which it does not try) */
				if (nb) {
					size_t other = 0, kept = 0;
					for (size_t i = 0; i < all; i++) {
						kept += out[i].kind != TB_REPAIR_SAME;
						other += out[i].end < nw - lo;
					}
					assert_int_equal(other, 0);
					assert_int_equal(kept, nb);
					same[kind]++;
				}
				/* the original, when within the look-back */
				S_fix o = {j, 1, 1, {line[j]}};
				if (kind == 2)
					o = (S_fix){j, 2, 1, {line[j], line[j + 1]}};
				else if (kind == 3)
					o = (S_fix){j + 1, 0, 1, {{0}}};
				else if (kind == 4)
					o = (S_fix){j, 2, 2, {line[j], line[j + 1]}};
				else if (kind == 5)
					o = (S_fix){j, 3, 3, {line[j], line[j + 1], line[j + 2]}};
				if (o.at >= lo && o.at <= ill && (kind != 3 || (o.at > lo && line[j].nparts))) {
					if (!S_lib_has(out, all, ill, &o))
						print_message("%s: the original of slip %s at %zu (illegal at %zu) "
						              "not among the %zu repairs\n", cfg->game, names[kind], j,
						              ill, all);
					assert_true(S_lib_has(out, all, ill, &o));
					orig[kind]++;
				}
			}
		}
		tb_engine_free(e);
	}
	free(out);
	free(fix);
	print_message("look-back:");
	for (int k = 0; k < 6; k++) {
		print_message(" %s %u (brute force found some %u, original %u)", names[k], tried[k],
		              same[k], orig[k]);
		assert_true(tried[k] >= 5);
	}
	print_message("\n");
}

/* tb_repairs_back asked for its first three repairs, against the same
 * search asked for 256, on short random lines with two slips a few turns
 * apart (a point misheard, a part not written, two turns swapped): the
 * same count, and the same three, field by field, in the same order.
 * With two slips every single repair is stopped at the second, and the
 * ranking by how far one slip more gets ('then') is cut to what the
 * three need (a repair that three before it outrank, however far it
 * gets, is not searched further): wrong, a fourth would come up. */
static void test_lookback_first_three(void **state)
{
	(void)state;
	tt_rng g = {0x2b5du + S_SEED};
	tb_repair *out = malloc(256 * sizeof *out);
	assert_non_null(out);
	unsigned compared = 0, stopped = 0;
	static const int kinds[3] = {0, 1, 4};
	for (size_t ci = 0; ci < NCFG; ci++) {
		const S_cfg *cfg = &S_cfgs[ci];
		tb_engine *e = S_engine(cfg, NULL);
		for (unsigned rep = 0; rep < (TT_SANITIZED ? 12u : 40u); rep++) {
			S_slip_case c;
			if (!S_slips_case(cfg, e, rep, &g, 0, kinds, 3, 1, &c))
				continue;
			int nomem = 0;
			tb_repair three[3];
			size_t all = tb_repairs_back(&c.in, out, 256, &nomem);
			assert_false(nomem);
			size_t all3 = tb_repairs_back(&c.in, three, 3, &nomem);
			assert_false(nomem);
			assert_int_equal(all3, all);
			for (size_t i = 0; i < all && i < 3; i++) {
				const tb_repair *a = &out[i], *b = &three[i];
				assert_int_equal(a->kind, b->kind);
				assert_int_equal(a->back, b->back);
				assert_int_equal(a->nturns, b->nturns);
				assert_int_equal(a->consumed, b->consumed);
				assert_int_equal(a->weight, b->weight);
				assert_int_equal(a->end, b->end);
				assert_int_equal(a->then, b->then);
				assert_int_equal(a->stopped, b->stopped);
				assert_true(a->node == b->node);
				for (unsigned t = 0; t < a->nturns; t++) {
					tb_move ma = S_move(&a->turn[t]);
					assert_true(tb_turn_fits(&b->turn[t], &ma) && a->turn[t].crown == b->turn[t].crown);
				}
			}
			compared++;
			stopped += all > 3 && out[0].stopped;
			S_slip_free(&c);
		}
		tb_engine_free(e);
	}
	free(out);
	print_message("first three: %u searches compared, %u with more than three repairs, all "
	              "stopped by a second slip\n", compared, stopped);
	assert_true(stopped >= 10); /* the cut is reached, not only the plain path */
}

/* Are repairs 'a' and 'b' the same, field by field and turn by turn
 * ('then' only when 'then_read')? */
static int S_same_repair(const tb_repair *a, const tb_repair *b, int then_read)
{
	if (a->kind != b->kind || a->nturns != b->nturns || a->consumed != b->consumed ||
	    a->back != b->back || a->edits != b->edits || a->commented != b->commented ||
	    a->stopped != b->stopped || a->weight != b->weight || a->said != b->said ||
	    a->heard != b->heard || a->node != b->node || a->reach != b->reach ||
	    a->end != b->end || (then_read && a->then != b->then) || a->rival != b->rival)
		return 0;
	for (unsigned t = 0; t < a->nturns; t++)
		if (a->turn[t].nparts != b->turn[t].nparts || a->turn[t].crown != b->turn[t].crown ||
		    memcmp(a->turn[t].parts, b->turn[t].parts,
		           a->turn[t].nparts * sizeof a->turn[t].parts[0]) != 0)
			return 0;
	return 1;
}

/* tb_repairs_back with what only spares work turned off (the test hook
 * tb_repair_in.plain) against the same search with it on, on short random
 * lines of every game with one slip or two a few turns apart (each kind):
 * the same count and the same repairs, field by field, asked for 256 or
 * for the three shown (the second-slip search's cut) -- and the saving
 * does something: fewer repairs and turns replayed, fewer written moves
 * read (tb_repair_counts). */
static void test_lookback_plain_same(void **state)
{
	(void)state;
	tt_rng g = {0x3c6eu + S_SEED};
	tb_repair *a = malloc(256 * sizeof *a), *b = malloc(256 * sizeof *b);
	assert_non_null(a);
	assert_non_null(b);
	tb_repair_counts fast = {0, 0, 0, 0}, plain = {0, 0, 0, 0};
	unsigned compared = 0, seconds = 0, lone = 0;
	for (size_t ci = 0; ci < NCFG; ci++) {
		const S_cfg *cfg = &S_cfgs[ci];
		tb_engine *e = S_engine(cfg, NULL);
		for (unsigned rep = 0; rep < (TT_SANITIZED ? 8u : 24u); rep++) {
			S_slip_case c; /* two slips, but one time in three */
			if (!S_slips_case(cfg, e, rep, &g, 0, NULL, 0, rep % 3 != 0, &c))
				continue;
			for (size_t max = 3; max <= 256; max += 253) {
				int nomem = 0;
				tb_repair_counts before = plain;
				c.in.plain = 1;
				c.in.counts = &plain;
				size_t na = tb_repairs_back(&c.in, a, max, &nomem);
				assert_false(nomem);
				c.in.plain = 0;
				c.in.counts = &fast;
				size_t nb = tb_repairs_back(&c.in, b, max, &nomem);
				assert_false(nomem);
				assert_int_equal(na, nb);
				size_t shown = na < max ? na : max;
				for (size_t i = 0; i < shown; i++) {
					assert_true(S_same_repair(&a[i], &b[i], tb_repair_then_read(a, shown, i)));
					lone += !tb_repair_then_read(a, shown, i) && b[i].stopped && na <= max;
				}
				/* the walks past the written turns read ahead (seq_cap):
				 * on as tb_repair_follow goes, the same answer */
				c.in.counts = NULL;
				c.in.seq_cap = 1 + rep % 6;
				nb = tb_repairs_back(&c.in, b, max, &nomem);
				c.in.seq_cap = 0;
				assert_false(nomem);
				assert_int_equal(na, nb);
				for (size_t i = 0; i < shown; i++)
					assert_true(S_same_repair(&a[i], &b[i], tb_repair_then_read(a, shown, i)));
				seconds += plain.searches - before.searches > 1;
			}
			c.in.counts = NULL;
			compared++;
			S_slip_free(&c);
		}
		tb_engine_free(e);
	}
	free(a);
	free(b);
	print_message("plain beside the saving: %u lines, %u searches with a second slip's; "
	              "searches %lu and %lu (%u repairs stopped ranked beside none); repairs "
	              "replayed %lu and %lu, turns %lu and %lu, moves read %lu and %lu\n",
	              compared, seconds, plain.searches, fast.searches, lone, plain.repairs,
	              fast.repairs, plain.turns, fast.turns, plain.reads, fast.reads);
	assert_true(compared >= (TT_SANITIZED ? 30u : 100u) && seconds >= 10);
	/* a stopped repair ranked beside none gets no search for one slip
	 * more (tb_repair_then_read): the answers the same, fewer searches */
	assert_true(lone >= 1 && fast.searches < plain.searches);
	/* the second slip's searches spared replays (S_fates), and the table
	 * of written moves was at work */
	assert_true(fast.repairs < plain.repairs && fast.turns < plain.turns);
	assert_true(fast.reads < plain.reads / 2);
}

/* The search under repair 'r1' of slip case 'c' (made at look-back turn
 * 'at' > 0, stopped by a later written turn), as validate makes it once
 * it went on under that repair (tb_repair_in.under; validate_slips.c's
 * history): its written turns in no slot, the written turns after it up
 * to the next not legal -- the plain search (tb_repair_in.plain) against
 * the one that spares work, field by field, asked for 256 or for three
 * ('a' and 'b' room for 256), the walks reading ahead all or ('rep') a
 * few (seq_cap). 0 when the turns after it are all legal (no search);
 * else 1, '*found' counting the searches that found repairs. */
static int S_under_same(const tb_ruleset *rs, const S_slip_case *c, const tb_repair *r1, size_t at,
                        unsigned rep, tb_repair *a, tb_repair *b, unsigned *found)
{
	/* the history under it, as S_hist_keep leaves it */
	tb_state before[TB_LOOKBACK_MAX + 1];
	const void *nodes[TB_LOOKBACK_MAX + 1];
	memcpy(before, c->in.before, at * sizeof *before);
	memcpy(nodes, c->in.nodes, at * sizeof *nodes);
	tb_state st = c->in.before[at];
	for (unsigned t = 0; t < r1->nturns; t++)
		rs->rules->play(rs, &st, &r1->turn[t], NULL);
	const tb_node *n = c->in.nodes[at];
	for (unsigned t = 0; t < r1->consumed; t++)
		n = tb_repair_next_turn(n);
	size_t k = at;
	tb_move m;
	int pass = 0, stop = 0, nomem = 0;
	tb_turns l = {NULL, 0};
	for (; n && k <= TB_LOOKBACK_MAX && !stop; n = tb_repair_next_turn(n)) {
		const tb_move *wm = tb_repair_written(rs, n, &pass);
		if (!wm)
			break;
		before[k] = st;
		nodes[k++] = n;
		tb_turn t;
		if (!tb_repair_one(rs, &st, wm, pass, &l, &t, &nomem))
			m = *wm, stop = 1;
		else
			rs->rules->play(rs, &st, &t, NULL);
	}
	tb_turns_free(&l);
	assert_false(nomem);
	if (!stop)
		return 0;
	tb_repair_in in = {rs, NULL, before, nodes, k, (uint8_t)(pass ? TB_NODE_PASS : TB_NODE_MOVE),
	                   &m, 32, NULL, r1, at, 0, NULL, 0};
	for (size_t max = 3; max <= 256; max += 253) {
		in.plain = 1;
		size_t na = tb_repairs_back(&in, a, max, &nomem);
		assert_false(nomem);
		in.plain = 0;
		for (unsigned cap = 0; cap <= 3; cap += 3) { /* (3: the walks read past, seq_cap) */
			in.seq_cap = cap + (cap ? rep % 4 : 0);
			size_t nb = tb_repairs_back(&in, b, max, &nomem);
			assert_false(nomem);
			assert_int_equal(na, nb);
			size_t shown = na < max ? na : max;
			for (size_t i = 0; i < shown; i++)
				assert_true(S_same_repair(&a[i], &b[i], tb_repair_then_read(a, shown, i)));
		}
		*found += na > 0;
	}
	return 1;
}

/* The search validate makes once it went on under a first slip's
 * repair (S_under_same), on short random lines of every game with two
 * slips: under the first's best repair; and, on lines whose two slips
 * are each two turns swapped (or a side's two), under each of the first
 * sixteen repairs that is such a swap, stopped by a later written turn
 * -- the walks through it go on past the written turns it consumed, two
 * or three, not one (which only a swap tells). The repairs before it are
 * replayed through it, and those that would change a turn it stands for
 * are not tried (S_after_at's 'cut'). */
static void test_lookback_under_plain_same(void **state)
{
	(void)state;
	tt_rng g = {0x5e1fu + S_SEED};
	tb_repair *a = malloc(256 * sizeof *a), *b = malloc(256 * sizeof *b);
	assert_non_null(a);
	assert_non_null(b);
	unsigned compared = 0, found = 0, swaps = 0, swaps_found = 0;
	static const int swap_kinds[2] = {4, 5};
	for (size_t ci = 0; ci < NCFG; ci++) {
		const S_cfg *cfg = &S_cfgs[ci];
		tb_engine *e = S_engine(cfg, NULL);
		const tb_ruleset *rs = tb_engine_ruleset(e);
		for (unsigned rep = 0; rep < (TT_SANITIZED ? 16u : 48u); rep++) {
			S_slip_case c;
			if (!S_slips_case(cfg, e, rep, &g, 1, NULL, 0, 1, &c))
				continue;
			int nomem = 0;
			tb_repair r1;
			size_t n1 = tb_repairs_back(&c.in, &r1, 1, &nomem);
			assert_false(nomem);
			size_t at = c.in.k - 1 - (n1 ? r1.back : 0);
			if (n1 && r1.stopped && at != 0)
				compared += S_under_same(rs, &c, &r1, at, rep, a, b, &found);
			S_slip_free(&c);
		}
		for (unsigned rep = 0; rep < (TT_SANITIZED ? 8u : 24u); rep++) {
			S_slip_case c;
			if (!S_slips_case(cfg, e, rep, &g, 1, swap_kinds, 2, 1, &c))
				continue;
			int nomem = 0;
			tb_repair r[16];
			size_t n = tb_repairs_back(&c.in, r, 16, &nomem);
			assert_false(nomem);
			for (size_t i = 0; i < n && i < 16; i++) {
				size_t at = c.in.k - 1 - r[i].back;
				if (r[i].consumed < 2 || !r[i].stopped || at == 0)
					continue;
				unsigned before = found;
				swaps += S_under_same(rs, &c, &r[i], at, rep, a, b, &found);
				swaps_found += found > before;
			}
			S_slip_free(&c);
		}
		tb_engine_free(e);
	}
	free(a);
	free(b);
	print_message("under a first slip's repair: %u searches compared, %u finding repairs; "
	              "under two turns swapped, %u, %u finding repairs\n",
	              compared, found, swaps, swaps_found);
	assert_true(compared >= (TT_SANITIZED ? 20u : 60u) && found >= 10);
	assert_true(swaps >= (TT_SANITIZED ? 5u : 20u) && swaps_found >= 5);
}

/* The look-back whose goal is a restated position (tb_repair_in.target)
 * on short random lines against brute force: a line of LB_LEN turns is
 * played, its last position restated after it, and a slip put in among
 * its last turns that leaves every written turn legal but reaches
 * another position. Every single edit of the last LB_K written turns
 * after which they reach the position is among the library's repairs,
 * and the library keeps no other (but one letter misheard in each
 * point, which brute force does not try); the original among them. */
static void test_lookback_to_position(void **state)
{
	(void)state;
	static const char *const names[] = {"point", "part", "missing", "twice", "swap",
	                                    "swap side"};
	unsigned tried[6] = {0}, found[6] = {0}, orig[6] = {0};
	tt_rng g = {0x7a5cu + S_SEED};
	tb_repair *out = malloc(256 * sizeof *out);
	S_fix *fix = malloc(4096 * sizeof *fix);
	assert_non_null(out);
	assert_non_null(fix);
	for (size_t ci = 0; ci < NCFG; ci++) {
		const S_cfg *cfg = &S_cfgs[ci];
		tb_engine *e = S_engine(cfg, NULL);
		const tb_ruleset *rs = tb_engine_ruleset(e);
		for (unsigned rep = 0; rep < (TT_SANITIZED ? 8u : 24u); rep++) {
			tb_state s = rep % 2 ? S_somewhere(rs, tb_engine_state(e), &g) : *tb_engine_state(e);
			s = S_reload(cfg, rs, &s);
			tb_turn line[LB_LEN];
			if (!S_line(rs, s, LB_LEN, &g, line, NULL))
				continue;
			tb_state end = s;
			for (size_t i = 0; i < LB_LEN; i++)
				rs->rules->play(rs, &end, &line[i], NULL);
			char *said = S_pos(rs, &end);
			for (int kind = 0; kind < 6; kind++) {
				tb_turn w[LB_MAX];
				size_t j = LB_LEN - 3 - tt_below(&g, 6), nw = S_slip(rs, line, LB_LEN, kind, j, &g, w);
				if (!nw || !S_reaches(rs, s, w, nw, NULL))
					continue; /* the slip makes a written turn illegal: not this search */
				tb_buf b = TB_BUF_INIT;
				char *p = S_pos(rs, &s);
				tb_buf_printf(&b, "[Game \"%s\"]\n", cfg->game);
				if (cfg->rules)
					tb_buf_printf(&b, "[Rules \"%s; %s\"]\n", cfg->game, cfg->rules);
				tb_buf_printf(&b, "[Position \"%s\"]\n", p);
				free(p);
				for (size_t i = 0; i < nw; i++) {
					tb_buf_putc(&b, ' ');
					S_tok(&b, &w[i]);
				}
				tb_buf_printf(&b, " <position \"%s\"> *\n", said);
				tb_reader *r;
				tb_record *rec = tt_parse(b.data, &r);
				tb_buf_free(&b);
				const tb_node *nodes[LB_MAX];
				const tb_node *pos = NULL;
				if (!rec->errors && S_reads_as(rec, w, nw, nodes))
					pos = nodes[nw - 1]->next;
				if (!pos || pos->kind != TB_NODE_POSITION ||
				    S_reaches(rs, s, w, nw, pos->position)) {
					tb_record_free(rec); /* not read as written, or the same position */
					tb_reader_free(r);
					continue;
				}
				tb_state before[LB_MAX], at = s;
				for (size_t i = 0; i < nw; i++) {
					before[i] = at;
					rs->rules->play(rs, &at, &w[i], NULL);
				}
				size_t lo = nw > LB_K ? nw - LB_K : 0;
				const void *lbn[LB_K];
				for (size_t i = lo; i < nw; i++)
					lbn[i - lo] = nodes[i];
				tb_repair_in in = {rs, NULL, &before[lo], lbn, nw - lo, 0, NULL, 0, pos->position, NULL, 0,
				                   0, NULL, 0};
				int nomem = 0;
				size_t all = tb_repairs_back(&in, out, 256, &nomem);
				assert_false(nomem);
				size_t nb = S_brute_fixes(rs, &s, w, nw, lo, nw - 1, pos->position, fix);
				if (all > 256) {
					tb_record_free(rec);
					tb_reader_free(r);
					continue; /* more than are held: not compared */
				}
				tried[kind]++;
				found[kind] += nb > 0;
				for (size_t i = 0; i < nb; i++) {
					if (!S_lib_has(out, all, nw - 1, &fix[i]))
						print_message("%s: %s written %zu turns: brute force's fix at %zu (%zu "
						              "turns) not among the %zu repairs\n", cfg->game, said, nw,
						              fix[i].at, fix[i].n, all);
					assert_true(S_lib_has(out, all, nw - 1, &fix[i]));
				}
				size_t kept = 0;
				for (size_t i = 0; i < all && i < 256; i++) {
					kept += out[i].kind != TB_REPAIR_SAME;
					assert_int_equal(out[i].edits, 1);
					assert_true(i == 0 || out[i].weight >= out[i - 1].weight); /* ranked */
				}
				assert_int_equal(kept, nb);
				S_fix o = {j, 1, 1, {line[j]}};
				if (kind == 2)
					o = (S_fix){j, 2, 1, {line[j], line[j + 1]}};
				else if (kind == 3)
					o = (S_fix){j + 1, 0, 1, {{0}}};
				else if (kind == 4)
					o = (S_fix){j, 2, 2, {line[j], line[j + 1]}};
				else if (kind == 5)
					o = (S_fix){j, 3, 3, {line[j], line[j + 1], line[j + 2]}};
				if (o.at >= lo && (kind != 3 || (o.at > lo && line[j].nparts)) &&
				    (kind != 0 || S_one_edit(&line[j], &w[j]))) {
					assert_true(S_lib_has(out, all, nw - 1, &o));
					orig[kind]++;
				}
				tb_record_free(rec);
				tb_reader_free(r);
			}
			free(said);
		}
		tb_engine_free(e);
	}
	free(out);
	free(fix);
	print_message("look-back to a position:");
	for (int k = 0; k < 6; k++)
		print_message(" %s %u (brute force found some %u, original %u)", names[k], tried[k],
		              found[k], orig[k]);
	print_message("\n");
	/* a point misheard, the case that matters (fewer lines under the sanitizers) */
	unsigned least = TT_SANITIZED ? 4u : 10u;
	assert_true(tried[0] >= least && orig[0] >= least);
	assert_true(tried[4] + tried[5] >= least / 2);
}

/* What the typed slip callback is told (tb_validate_opts.slip). */
typedef struct S_slips_told {
	unsigned calls;
	int kind, went_on, certain;
	size_t n;
	unsigned first_col, nnodes, nturns;
	char turns[64];
} S_slips_told;

static void S_slip_cb(void *ctx, const tb_node *ill, const tb_slip_repair *r, size_t n,
                      int went_on, int certain)
{
	S_slips_told *t = ctx;
	assert_non_null(ill);
	if (t->calls++)
		return; /* the first slip's */
	t->n = n;
	t->went_on = went_on;
	t->certain = certain;
	t->kind = r[0].kind;
	t->first_col = r[0].first->span.col;
	t->nnodes = r[0].nnodes;
	t->nturns = r[0].nturns;
	char *q = S_seq(r[0].turns, 0, r[0].nturns);
	snprintf(t->turns, sizeof t->turns, "%s", q);
	free(q);
}

/* The typed repairs: the nodes a repair changes and the turns in their
 * place, and which one checking went on with; as the notes say them
 * (spec/reconstruct.md §4.6, the removal doubted in a comment). */
static void test_slip_callback(void **state)
{
	(void)state;
	tb_reader *r;
	tb_record *rec = tt_parse(
		"[Game \"pitarra\"]\n[Language \"es\"]\n"
		"[Position \"R 14 R:a1,b2,d3,a4,b4,c4,g4,d5,b6 Y:g1,f2,c3,e3,f4,f6,d7 moved=a7-b6\"]\n"
		"14. b6-a7xf2 f4-f2xd3 15. c4-c5 f6-g7 16. c5-c4xe3 {¿c3 o e3?} e3-d3\n"
		"17. c4-c3xg7 d3-e3xd5 18. b2-d2 d7-d6 19. d3-c4xe3 f2-f4 20. a7-d7 g1-f2 *\n", &r);
	S_slips_told t = {0};
	tb_validate_opts o = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, S_slip_cb, &t};
	assert_true(tb_validate_soft(r, rec, &o) >= 0);
	assert_int_equal(t.calls, 2); /* both slips */
	assert_int_equal(t.n, 2);
	assert_int_equal(t.kind, TB_REPAIR_SOUND);
	assert_int_equal(t.first_col, 43); /* 16. c5-c4xe3, as the comment says */
	assert_int_equal(t.nnodes, 1);
	assert_int_equal(t.nturns, 1);
	assert_string_equal(t.turns, "c5-c4xc3");
	assert_int_equal(t.went_on, 0);
	assert_int_equal(t.certain, 1);
	tb_record_free(rec);
	tb_reader_free(r);
}

/* A restated position the written turns before it do not reach: the
 * callback is told the repairs after which they do, with the position's
 * node, none gone on with (spec/reconstruct.md §4.6). */
static void test_slip_callback_restated(void **state)
{
	(void)state;
	tb_reader *r;
	tb_record *rec = tt_parse(
		"[Game \"pitarra\"]\n[Language \"es\"]\n"
		"1. c5 b6 2. a1 d2 3. e5 d1 4. d7 f2 5. c3 d3xc3 6. e4 a7 7. d5xd3 g7 8. f4 g1\n"
		"<position \"R 9 R:a1,f4,g4,c5,d5,e5,d7 Y:d1,g1,d2,f2,b6,a7,g7 hand=4,4\">\n"
		"9. c3 d3xg4 10. c4xa7 e3xc4 0-1\n", &r);
	S_slips_told t = {0};
	tb_validate_opts o = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, S_slip_cb, &t};
	assert_true(tb_validate_soft(r, rec, &o) >= 0);
	assert_int_equal(t.calls, 1);
	assert_int_equal(t.n, 1);
	assert_int_equal(t.kind, TB_REPAIR_SOUND);
	assert_int_equal(t.first_col, 52); /* 6. e4 */
	assert_int_equal(t.nnodes, 1);
	assert_int_equal(t.nturns, 1);
	assert_string_equal(t.turns, "g4");
	assert_int_equal(t.went_on, -1);
	assert_int_equal(t.certain, 0);
	tb_record_free(rec);
	tb_reader_free(r);
}

/* The spec's slips (spec/reconstruct.md §4): each the one repair. */
static void test_repairs_spec(void **state)
{
	(void)state;
	static const struct {
		const char *src;
		int kind;
		const char *turns;
		unsigned reach;
	} cases[] = {
		{"[Game \"pitarra\"]\n[Position \"Y 14 R:a1,d1,g1,d2,d3,e3,a4,b4,f6,d7 "
		 "Y:f2,c4,g4,c5,b6,d6,a7,g7\"]\n14... f6-e5 g7-f6xe5 d2-b2 g4-f4xb2 g1-g4 f2-g1 e3-f2 "
		 "f6-e5 f2-d2xd6 g1-f2 d2-b2 f2-d2 g4-g1xc3 *\n",
		 TB_REPAIR_MISSING, "c4-c3 f6-e5", 12},
		/* two turns swapped (§1's example, d3-d2 and g7-g4) */
		{"[Game \"pitarra\"]\n[Position \"R 20 R:d1,d3,f4 Y:a1,a4,g7\"]\n20. g7-g4 d3-d2 21. d1-g1 *\n",
		 TB_REPAIR_SWAP, "d3-d2 g7-g4", 1},
	};
	tb_repair out[16];
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		tb_reader *r;
		tb_record *rec = tt_parse(cases[i].src, &r);
		tb_ruleset rs;
		char why[320];
		assert_null(tb_ruleset_init(&rs, rec->game, &rec->opts, why, sizeof why));
		tb_state s;
		why[0] = '\0';
		assert_int_equal(rs.rules->load(&rs, rec->start, &s, why, sizeof why), 0);
		const tb_node *n = rec->main.first;
		size_t all = tb_repairs(&rs, &s, n, n->kind, &n->move, 32, out, 16, &(int){0});
		assert_int_equal(all, 1);
		assert_int_equal(out[0].kind, cases[i].kind);
		char *got = S_seq(out[0].turn, 0, out[0].nturns);
		assert_string_equal(got, cases[i].turns);
		free(got);
		assert_int_equal(out[0].reach, cases[i].reach);
		tb_record_free(rec);
		tb_reader_free(r);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bset),
		cmocka_unit_test(test_search_against_brute_force),
		cmocka_unit_test(test_then_same_as_plain),
		cmocka_unit_test(test_meet_same_as_plain),
		cmocka_unit_test(test_threads_layers),
		cmocka_unit_test(test_threads_same),
		cmocka_unit_test(test_bound_is_sound),
		cmocka_unit_test(test_bound_cases),
		cmocka_unit_test(test_gap_after_open_turn),
		cmocka_unit_test(test_budget),
		cmocka_unit_test(test_repairs),
		cmocka_unit_test(test_repairs_spec),
		cmocka_unit_test(test_lookback_against_brute_force),
		cmocka_unit_test(test_lookback_first_three),
		cmocka_unit_test(test_lookback_plain_same),
		cmocka_unit_test(test_lookback_under_plain_same),
		cmocka_unit_test(test_lookback_to_position),
		cmocka_unit_test(test_slip_callback),
		cmocka_unit_test(test_slip_callback_restated),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
