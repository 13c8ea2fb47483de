/*
 * replay.c -- the frames of one reading of a record (replay.h), and
 * their public face (tablero.h, "One reading of a record").
 *
 * validate.c replays the record (tb_replay_run, and the public
 * tb_reader_replay and tb_record_replay) and validate_frames.c fills the
 * frames; this file keeps them -- in the order the nodes are written,
 * found again by node through a small open-addressing table -- with the
 * events and the turns of decided gaps in two pools beside them.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reader.h"
#include "repair.h"
#include "replay.h"
#include "validate.h" /* the types of a slip's repairs */
#include "writer.h"
#include "xalloc.h"

/* A slip's repair kept for a node (tb_replay_slip_list). */
typedef struct S_slip {
	const tb_node *refused;
	tb_slip s;               /* its 'turns' unset: 'text' is where they are */
	size_t text;             /* offset in slip_text */
} S_slip;

_Static_assert((int)TB_SLIP_SOUND == (int)TB_REPAIR_SOUND &&
               (int)TB_SLIP_POINT == (int)TB_REPAIR_POINT &&
               (int)TB_SLIP_MISSING == (int)TB_REPAIR_MISSING &&
               (int)TB_SLIP_TWICE == (int)TB_REPAIR_TWICE,
               "tb_slip_kind and tb_repair_kind out of step (ORDER REPAIR)");

struct tb_replay {
	const tb_record *rec;
	tb_ruleset rs;
	int has_rs;
	tb_frame start;
	tb_frame *v;
	size_t n, cap;
	uint32_t *slot;          /* index + 1 of the frame for a (node, alt); 0 empty */
	size_t nslot;            /* a power of two, at least twice n */
	tb_event *ev;
	size_t nev, capev;
	tb_turn *turn;
	size_t nturn, capturn;
	int failed;              /* memory ran out while filling it */
	char start_why[320];
	S_slip *slip;            /* the slips' repairs told (tb_replay_on_slip) */
	size_t nslip, capslip;
	tb_buf slip_text;        /* their turns' tokens, each NUL-ended */
};

/* ===== The table of nodes ===== */

static size_t S_hash(const tb_node *n, unsigned alt, size_t mask)
{
	uint64_t h = (uint64_t)(uintptr_t)n * 0x9E3779B97F4A7C15u ^ ((uint64_t)alt * 0xC2B2AE3D27D4EB4Fu);
	return (size_t)(h >> 17) & mask;
}

static long S_lookup(const tb_replay *rp, const tb_node *n, unsigned alt)
{
	if (!rp->nslot)
		return -1;
	size_t mask = rp->nslot - 1;
	for (size_t i = S_hash(n, alt, mask);; i = (i + 1) & mask) {
		uint32_t s = rp->slot[i];
		if (!s)
			return -1;
		const tb_frame *f = &rp->v[s - 1];
		if (f->node == n && f->alt == alt)
			return (long)s - 1;
	}
}

static void S_insert(tb_replay *rp, size_t index)
{
	size_t mask = rp->nslot - 1;
	size_t i = S_hash(rp->v[index].node, rp->v[index].alt, mask);
	while (rp->slot[i])
		i = (i + 1) & mask;
	rp->slot[i] = (uint32_t)index + 1;
}

/* 0 when memory ran out. */
static int S_grow_table(tb_replay *rp)
{
	if (2 * (rp->n + 1) <= rp->nslot)
		return 1;
	size_t nslot = rp->nslot ? 2 * rp->nslot : 64;
	uint32_t *slot = tb_calloc(nslot, sizeof *slot);
	if (!slot)
		return 0;
	free(rp->slot);
	rp->slot = slot;
	rp->nslot = nslot;
	for (size_t i = 0; i < rp->n; i++)
		S_insert(rp, i);
	return 1;
}

/* ===== Filled by the replay ===== */

long tb_replay_slot(tb_replay *rp, const tb_node *n, unsigned alt, unsigned depth)
{
	long at = S_lookup(rp, n, alt);
	if (at >= 0)
		return at;
	if (rp->n >= UINT32_MAX - 1 || !S_grow_table(rp)) {
		rp->failed = 1;
		return -1;
	}
	if (rp->n == rp->cap) {
		size_t cap = rp->cap ? 2 * rp->cap : 64;
		tb_frame *grown = tb_realloc(rp->v, cap * sizeof *grown);
		if (!grown) {
			rp->failed = 1;
			return -1;
		}
		rp->v = grown;
		rp->cap = cap;
	}
	tb_frame *f = &rp->v[rp->n];
	memset(f, 0, sizeof *f);
	f->node = n;
	f->alt = alt;
	f->depth = depth;
	f->status = TB_FRAME_UNKNOWN;
	f->ply = -1;
	S_insert(rp, rp->n);
	return (long)rp->n++;
}

tb_frame *tb_replay_at(tb_replay *rp, long i)
{
	return i < 0 ? &rp->start : &rp->v[i];
}

int tb_replay_add_events(tb_replay *rp, long f, const tb_events *ev)
{
	tb_frame *fr = tb_replay_at(rp, f);
	if (!ev->n)
		return 1;
	if (fr->nev && fr->ev + fr->nev != rp->nev) { /* not the last added: move it to the end */
		size_t from = fr->ev, n = fr->nev;
		fr->nev = 0;
		fr->ev = rp->nev;
		for (size_t i = 0; i < n; i++) {
			tb_events one = {1, {rp->ev[from + i]}};
			if (!tb_replay_add_events(rp, f, &one))
				return 0;
		}
	}
	if (rp->nev + ev->n > rp->capev) {
		size_t cap = rp->capev ? 2 * rp->capev : 64;
		while (cap < rp->nev + ev->n)
			cap *= 2;
		tb_event *grown = tb_realloc(rp->ev, cap * sizeof *grown);
		if (!grown) {
			rp->failed = 1;
			return 0;
		}
		rp->ev = grown;
		rp->capev = cap;
	}
	if (!fr->nev)
		fr->ev = rp->nev;
	memcpy(rp->ev + rp->nev, ev->ev, ev->n * sizeof *ev->ev);
	rp->nev += ev->n;
	fr->nev += ev->n;
	return 1;
}

int tb_replay_add_turn(tb_replay *rp, long f, const tb_turn *t)
{
	tb_frame *fr = tb_replay_at(rp, f);
	if (fr->nseq && fr->seq + fr->nseq != rp->nturn)
		return rp->failed = 1, 0; /* a gap's turns are added one after another */
	if (rp->nturn == rp->capturn) {
		size_t cap = rp->capturn ? 2 * rp->capturn : 16;
		tb_turn *grown = tb_realloc(rp->turn, cap * sizeof *grown);
		if (!grown) {
			rp->failed = 1;
			return 0;
		}
		rp->turn = grown;
		rp->capturn = cap;
	}
	if (!fr->nseq)
		fr->seq = rp->nturn;
	rp->turn[rp->nturn++] = *t;
	fr->nseq++;
	return 1;
}

void tb_replay_set_failed(tb_replay *rp) { rp->failed = 1; }

/* ===== Read by the rest ===== */

static void S_free(tb_replay *rp)
{
	free(rp->slip);
	tb_buf_free(&rp->slip_text);
	free(rp->v);
	free(rp->slot);
	free(rp->ev);
	free(rp->turn);
	free(rp);
}

tb_replay *tb_replay_new(const tb_record *rec)
{
	tb_replay *rp = tb_calloc(1, sizeof *rp);
	if (!rp)
		return NULL;
	rp->rec = rec;
	rp->slip_text = (tb_buf)TB_BUF_SOFT; /* out of memory: the replay fails, no abort */
	rp->start.status = TB_FRAME_UNKNOWN;
	rp->start.stop = TB_STOP_START;
	rp->start.ply = 0;
	char why[320] = "";
	if (rec->game && rec->game->rules &&
	    !tb_ruleset_init(&rp->rs, rec->game, &rec->opts, why, sizeof why))
		rp->has_rs = 1;
	return rp;
}

int tb_replay_failed(const tb_replay *rp) { return rp->failed; }

void tb_replay_free(tb_replay *rp)
{
	if (rp)
		S_free(rp);
}

const tb_frame *tb_replay_frame(const tb_replay *rp, const tb_node *n, unsigned alt)
{
	long i = S_lookup(rp, n, alt);
	return i < 0 ? NULL : &rp->v[i];
}

size_t tb_replay_nframes(const tb_replay *rp) { return rp->n; }
const tb_frame *tb_replay_index(const tb_replay *rp, size_t i) { return &rp->v[i]; }
const tb_frame *tb_replay_start(const tb_replay *rp) { return &rp->start; }
/* NULL when 'f' has none: a replay that has none has no array, and NULL
 * plus even 0 is undefined. */
const tb_event *tb_replay_events(const tb_replay *rp, const tb_frame *f)
{
	return f->nev ? rp->ev + f->ev : NULL;
}

const tb_turn *tb_replay_turns(const tb_replay *rp, const tb_frame *f)
{
	return f->nseq ? rp->turn + f->seq : NULL;
}
const tb_ruleset *tb_replay_rules(const tb_replay *rp) { return rp->has_rs ? &rp->rs : NULL; }
const tb_record *tb_replay_record(const tb_replay *rp) { return rp->rec; }

const char *tb_replay_start_why(const tb_replay *rp)
{
	return rp->start.has_st ? NULL : rp->start_why;
}

void tb_replay_set_start_why(tb_replay *rp, const char *why)
{
	snprintf(rp->start_why, sizeof rp->start_why, "%s", why);
}

void tb_replay_events_of(const tb_replay *rp, const tb_frame *f, tb_events *out)
{
	size_t max = sizeof out->ev / sizeof out->ev[0];
	out->n = (uint8_t)(f->nev < max ? f->nev : max);
	if (out->n) /* a replay without events has no array (memcpy from NULL: UB) */
		memcpy(out->ev, rp->ev + f->ev, out->n * sizeof *out->ev);
}

/* ===== Slips ===== */

/* Keeps repair 'r' of 'refused'; 0 when memory ran out. */
static int S_slip_add(tb_replay *rp, const tb_node *refused, const tb_slip_repair *r, int gone_on)
{
	if (rp->nslip == rp->capslip) {
		size_t cap = rp->capslip ? 2 * rp->capslip : 8;
		S_slip *v = tb_realloc(rp->slip, cap * sizeof *v);
		if (!v)
			return 0;
		rp->slip = v;
		rp->capslip = cap;
	}
	S_slip *e = &rp->slip[rp->nslip];
	e->refused = refused;
	e->s.kind = r->kind;
	e->s.first = r->first;
	e->s.written = r->kind == TB_SLIP_MISSING ? 0 : r->nnodes;
	e->s.turns = NULL;
	e->s.gone_on = gone_on;
	e->text = rp->slip_text.len;
	/* a turn left out: itself (the turn after it is the written one) */
	unsigned n = r->kind == TB_SLIP_MISSING ? 1 : r->kind == TB_SLIP_TWICE ? 0 : r->nturns;
	for (unsigned i = 0; i < n; i++) {
		if (i)
			tb_buf_putc(&rp->slip_text, ' ');
		tb_turn_token(&rp->slip_text, &r->turns[i]);
	}
	tb_buf_putc(&rp->slip_text, '\0');
	if (!tb_buf_ok(&rp->slip_text))
		return 0;
	rp->nslip++;
	return 1;
}

void tb_replay_on_slip(void *ctx, const tb_node *refused, const tb_slip_repair *r, size_t n,
                       int went_on, int certain)
{
	(void)certain;
	tb_replay *rp = ctx;
	int again = 0; /* told again: checking switched to this one (the beam) */
	for (size_t i = 0; i < rp->nslip; i++)
		if (rp->slip[i].refused == refused) {
			again = 1;
			rp->slip[i].s.gone_on = 0;
		}
	for (size_t i = 0; i < n && !rp->failed; i++) {
		if (again) { /* the one switched to: among those kept, or a new one */
			size_t k = 0;
			for (; k < rp->nslip; k++)
				if (rp->slip[k].refused == refused && rp->slip[k].s.first == r[i].first &&
				    rp->slip[k].s.kind == r[i].kind)
					break;
			if (k < rp->nslip) {
				rp->slip[k].s.gone_on = 1;
				continue;
			}
		}
		if (!S_slip_add(rp, refused, &r[i], (int)i == went_on || again))
			rp->failed = 1;
	}
}

size_t tb_replay_slips(const tb_replay *rp, const tb_node *refused, tb_slip *out, size_t max)
{
	return tb_replay_slip_list(rp, refused, max, out);
}

size_t tb_replay_slip_list(const tb_replay *rp, const tb_node *refused, size_t max, tb_slip *out)
{
	size_t n = 0;
	for (size_t i = 0; rp && refused && i < rp->nslip; i++) {
		if (rp->slip[i].refused != refused)
			continue;
		if (n < max) {
			out[n] = rp->slip[i].s;
			out[n].turns = rp->slip_text.data + rp->slip[i].text;
		}
		n++;
	}
	return n;
}

/* ===== The public face (made by validate.c: tb_reader_replay,
 * tb_record_replay) ===== */

size_t tb_replay_count(const tb_replay *rp) { return rp ? rp->n : 0; }

long tb_replay_find(const tb_replay *rp, const tb_node *n, unsigned alt)
{
	return rp && n ? S_lookup(rp, n, alt) : -1;
}

/* Frame 'i' (-1 the start), or NULL. */
static const tb_frame *S_get(const tb_replay *rp, long i)
{
	if (!rp || i < -1 || (i >= 0 && (size_t)i >= rp->n))
		return NULL;
	return i < 0 ? &rp->start : &rp->v[i];
}

tb_node *tb_replay_node(const tb_replay *rp, long i, unsigned *alt)
{
	const tb_frame *f = S_get(rp, i);
	if (alt)
		*alt = f ? f->alt : 0;
	return f ? (tb_node *)f->node : NULL;
}

int tb_replay_status(const tb_replay *rp, long i)
{
	const tb_frame *f = S_get(rp, i);
	return f ? f->status : TB_FRAME_UNKNOWN;
}

int tb_replay_stop(const tb_replay *rp, long i)
{
	const tb_frame *f = S_get(rp, i);
	return f ? f->stop : TB_STOP_NONE;
}

unsigned tb_replay_depth(const tb_replay *rp, long i)
{
	const tb_frame *f = S_get(rp, i);
	return f ? f->depth : 0;
}

long tb_replay_ply(const tb_replay *rp, long i)
{
	const tb_frame *f = S_get(rp, i);
	return f ? f->ply : -1;
}

size_t tb_replay_positions(const tb_replay *rp, long i)
{
	const tb_frame *f = S_get(rp, i);
	return f ? f->npositions : 0;
}

unsigned long long tb_replay_fits(const tb_replay *rp, long i)
{
	const tb_frame *f = S_get(rp, i);
	return f ? f->fits : 0;
}

int tb_replay_code(const tb_replay *rp, long i)
{
	const tb_frame *f = S_get(rp, i);
	return f ? f->code : 0;
}

char *tb_replay_position(const tb_replay *rp, long i)
{
	const tb_frame *f = S_get(rp, i);
	if (!f || !f->has_st || !rp->has_rs)
		return NULL;
	tb_buf b = TB_BUF_SOFT;
	tb_arena a = {0};
	a.soft = 1;
	tb_position p;
	if (tb_rules_save(&rp->rs, &f->st, &a, &p) == 0)
		tb_position_write(&b, rp->rec->game, &p);
	tb_arena_free(&a);
	if (!tb_buf_ok(&b) || !b.data) {
		tb_buf_free(&b);
		return NULL;
	}
	return b.data;
}

tb_engine *tb_replay_engine(const tb_replay *rp, long i)
{
	const tb_frame *f = S_get(rp, i);
	if (!f || !f->has_st || !rp->has_rs)
		return NULL;
	return tb_engine_at(&rp->rs, &f->st, tb_record_tag(rp->rec, "Rules"));
}

char *tb_replay_token(const tb_replay *rp, long i)
{
	const tb_frame *f = S_get(rp, i);
	if (!f || (!f->played && !f->nseq))
		return NULL;
	tb_buf b = TB_BUF_SOFT;
	if (f->played) {
		tb_turn_token(&b, &f->turn);
	} else {
		for (size_t k = 0; k < f->nseq; k++) {
			if (k)
				tb_buf_putc(&b, ' ');
			tb_turn_token(&b, &rp->turn[f->seq + k]);
		}
	}
	if (!tb_buf_ok(&b) || !b.data) {
		tb_buf_free(&b);
		return NULL;
	}
	return b.data;
}
