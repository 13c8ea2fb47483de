/*
 * compare.c -- a record's main line as what its turns mean, aligned
 * with another's, and the key that finds the same game twice
 * (spec/compare.md).
 *
 * What a turn means and the position after it are the record's one
 * reading (replay.h): the frames validate.c's replay leaves, with what
 * the rules decide of unknown turns, '?' points and gaps. Legality is
 * validate.c's business, so nothing here is reported. The alignment
 * itself, of sequences and of nodes by their tokens, is align.c's.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "replay.h"
#include "rules.h"
#include "visit.h"
#include "writer.h"
#include "xalloc.h"

/* What a node means, for the key: its move (filled: the turn the rules
 * played, a '?' they decide included), the turns of a gap they decide,
 * or the node. */
typedef struct S_entry {
	uint8_t kind;          /* TB_NODE_MOVE / PASS when 'move' is what it means;
	                          else the node's own kind */
	tb_move move;
	const tb_turn *seq;    /* a decided gap's turns (borrowed from the replay) */
	size_t nseq;
	const tb_node *node;
} S_entry;

struct tb_plies {
	const tb_record *rec;
	tb_board board;
	tb_replay *rp;         /* its one reading; NULL when its game has no rules */
	const tb_ruleset *rs;  /* the replay's rules, or NULL */
	tb_arena arena;        /* the strings and parts */
	tb_ply *v;
	S_entry *e;
	const tb_frame **f;    /* f[i]: node i's frame, or NULL */
	size_t n;
	const char *comments;
	const char *start;     /* tb_plies_start's, once asked */
	/* the main line as turns (tb_plies_turn_at): each node, but a gap
	 * the rules decide, which is its turns one by one */
	const tb_ply **u;      /* u[i]: &v[node], or one of 'x' */
	size_t *unode;         /* unode[i]: the node u[i] is, or is a turn of */
	const tb_state **ust;  /* a gap's turn but its last: the position after
	                          it (in the arena); else NULL: the node's frame */
	size_t nu;
};

static const char *S_str(tb_plies *p, const tb_buf *b)
{
	return tb_arena_strndup(&p->arena, b->data ? b->data : "", b->len);
}

/* Gives 'y' the 'n' events 'ev' typed, in the arena; 0 when memory
 * ran out. */
static int S_events(tb_plies *p, const tb_event *ev, size_t n, tb_ply *y)
{
	y->nevents = 0;
	y->ev = NULL;
	if (!n)
		return 1;
	tb_turn_event *out = tb_arena_alloc(&p->arena, n * sizeof *out);
	for (size_t i = 0; out && i < n; i++) {
		tb_events one = {1, {ev[i]}};
		tb_turn_event pub[TB_EVENTS_MAX];
		char pts[TB_EVENTS_MAX][2][4];
		tb_events_public(&one, pub, pts);
		out[i] = pub[0];
		out[i].point = pub[0].point ? tb_arena_strndup(&p->arena, pts[0][0], strlen(pts[0][0]))
		                            : NULL;
		out[i].to = pub[0].to ? tb_arena_strndup(&p->arena, pts[0][1], strlen(pts[0][1])) : NULL;
		if ((pub[0].point && !out[i].point) || (pub[0].to && !out[i].to))
			return 0;
	}
	y->ev = out;
	y->nevents = out ? n : 0;
	return out != NULL;
}

/* Does frame 'f' (may be NULL) hold a position the rules know? Not
 * after a turn they refuse as written: the position validate goes on
 * from there is a repair's guess at what was meant, not what the record
 * says. */
static int S_frame_known(const tb_frame *f)
{
	return f && f->has_st && !f->refused && f->status <= TB_FRAME_RECONSTRUCTED;
}

/* The frame of the position after the first 'k' nodes (0: the start),
 * when the rules know that position; else NULL. */
static const tb_frame *S_known(const tb_plies *p, size_t k)
{
	if (!p->rp || !p->rs || k > p->n)
		return NULL;
	const tb_frame *f = k ? p->f[k - 1] : tb_replay_start(p->rp);
	return S_frame_known(f) ? f : NULL;
}

/* What node 'n' means by frame 'f' (may be NULL) into 'e': the turn the
 * rules played for it -- as written, or decided for a '?' or a '?'
 * point -- or the turns of a gap they decide; else the node as written. */
static void S_meaning(tb_plies *p, const tb_node *n, const tb_frame *f, S_entry *e)
{
	e->node = n;
	e->kind = n->kind;
	e->move = n->move;
	int turn = n->kind == TB_NODE_MOVE || n->kind == TB_NODE_PASS ||
	           n->kind == TB_NODE_UNKNOWN;
	if (f && f->played && turn) {
		const tb_turn *t = &f->turn;
		e->kind = t->nparts ? TB_NODE_MOVE : TB_NODE_PASS;
		e->move.nparts = t->nparts;
		e->move.crown = t->crown;
		e->move.parts = tb_arena_alloc(&p->arena, (t->nparts + 1u) * sizeof *t->parts);
		if (e->move.parts) /* else the arena failed: tb_plies_new says so */
			memcpy(e->move.parts, t->parts, t->nparts * sizeof *t->parts);
	} else if (f && n->kind == TB_NODE_GAP && f->nseq &&
	           f->status == TB_FRAME_RECONSTRUCTED) {
		e->seq = tb_replay_turns(p->rp, f);
		e->nseq = f->nseq;
	}
}

/* Frame 'f''s events, every one (a gap's turns may have more than a
 * turn's 16), as tb_events_write writes them, into 'b'. */
static void S_events_text(const tb_plies *p, const tb_frame *f, tb_buf *b)
{
	const tb_event *ev = tb_replay_events(p->rp, f);
	tb_events chunk;
	size_t max = sizeof chunk.ev / sizeof chunk.ev[0];
	for (size_t i = 0; i < f->nev; i += max) {
		chunk.n = (uint8_t)(f->nev - i < max ? f->nev - i : max);
		memcpy(chunk.ev, ev + i, chunk.n * sizeof *ev);
		tb_buf_puts(b, i ? "; " : "");
		tb_events_write(b, &chunk);
	}
}

/* The event kinds frame 'f' (may be NULL) leaves uncertain, as
 * tb_ply.maybe counts them: in an open stretch, those some possible
 * lines have and others not; where the rules cannot follow the record,
 * or refuse the turn as written, every kind its game's rules derive. */
static unsigned S_maybe(const tb_plies *p, const tb_frame *f)
{
	unsigned kinds = p->rs ? p->rs->rules->events : 0x1ffeu; /* no rules: any */
	if (!f || f->status == TB_FRAME_UNKNOWN || f->refused)
		return kinds;
	return f->status == TB_FRAME_OPEN ? f->ev_maybe & kinds : 0;
}

/* The comments outside the turns, one "where: {...}" per line. */
static void S_outer_comments(tb_buf *b, const tb_record *rec)
{
	if (rec->lead) {
		tb_buf_puts(b, "before the tags:");
		tb_write_comments(b, rec->lead, " ");
		tb_buf_putc(b, '\n');
	}
	for (size_t i = 0; i < rec->ntags; i++)
		if (rec->tags[i].comments) {
			tb_buf_printf(b, "after [%s]:", rec->tags[i].name);
			tb_write_comments(b, rec->tags[i].comments, " ");
			tb_buf_putc(b, '\n');
		}
	if (rec->main.lead) {
		tb_buf_puts(b, "before the first turn:");
		tb_write_comments(b, rec->main.lead, " ");
		tb_buf_putc(b, '\n');
	}
	if (rec->trail) {
		tb_buf_puts(b, "after the result:");
		tb_write_comments(b, rec->trail, " ");
		tb_buf_putc(b, '\n');
	}
}

/* What entry 'e' means, as its token: the move or pass it means; a
 * decided gap's turns, space-separated; else the node bare (a reading
 * without its comments, "<gap 2>", "<position ...>"). */
static void S_token(tb_plies *p, const S_entry *e, tb_buf *b)
{
	const tb_node *n = e->node;
	if (e->kind == TB_NODE_MOVE || e->kind == TB_NODE_PASS) {
		tb_turn_write(b, e->kind, &e->move);
		return;
	}
	if (e->nseq) {
		for (size_t k = 0; k < e->nseq; k++) {
			tb_buf_puts(b, k ? " " : "");
			tb_turn_token(b, &e->seq[k]);
		}
		return;
	}
	tb_write_node(b, p->rec->game, n, TB_WRITE_BARE);
}

/* Node 'n''s texts into 'y': as written, what it means (its token, by
 * entry 'e'), and its notes (a reading's comments inside its body, then
 * what follows it). 'b' is scratch. 0 when memory ran out. */
static int S_texts(tb_plies *p, const tb_node *n, const S_entry *e, tb_ply *y, tb_buf *b)
{
	const tb_game *g = p->rec->game;
	tb_buf_clear(b);
	tb_write_node(b, g, n, TB_WRITE_BODY);
	y->written = tb_buf_ok(b) ? S_str(p, b) : NULL;
	if (!y->written)
		return 0;
	tb_buf_clear(b);
	S_token(p, e, b);
	if (!tb_buf_ok(b))
		return 0;
	y->token = strcmp(b->data, y->written) ? S_str(p, b) : y->written;
	if (!y->token)
		return 0;
	tb_buf_clear(b);
	if (y->token != y->written && n->kind == TB_NODE_READING)
		tb_buf_puts(b, y->written);
	size_t body = b->len;
	tb_write_node(b, g, n, TB_WRITE_NOTES);
	const char *notes = tb_buf_ok(b) ? S_str(p, b) : NULL;
	if (!notes)
		return 0;
	y->notes = notes + (body == 0 && b->len > 0 && b->data[0] == ' ');
	return 1;
}

static size_t S_count(const tb_record *rec)
{
	size_t n = 0;
	for (const tb_node *x = rec->main.first; x; x = x->next)
		n++;
	return n;
}

/* Node 'n' (the i-th of the main line, 'plies' turns before it) into
 * p->v[i] and p->e[i] by its frame. 0 when memory ran out. */
static int S_node(tb_plies *p, size_t i, const tb_node *n, size_t *plies, tb_buf *b)
{
	const tb_frame *f = p->rp ? tb_replay_frame(p->rp, n, 0) : NULL;
	tb_ply *y = &p->v[i];
	S_entry *e = &p->e[i];
	p->f[i] = f;
	S_meaning(p, n, f, e);
	uint8_t k = tb_node_followed(n);
	if (tb_kind_is_turn(k))
		++*plies;
	tb_buf_clear(b);
	if (f)
		S_events_text(p, f, b);
	y->events = tb_buf_ok(b) ? S_str(p, b) : NULL;
	if (!y->events || !S_events(p, f ? tb_replay_events(p->rp, f) : NULL, f ? f->nev : 0, y) ||
	    p->arena.failed || !S_texts(p, n, e, y, b))
		return 0;
	*plies += e->nseq; /* a decided gap: through the turns it stands for */
	y->ply = *plies;
	y->number = n->number;
	y->side = n->side;
	y->line = n->span.line;
	y->col = n->span.col;
	y->known = p->rs && S_frame_known(f);
	y->refused = f && f->refused;
	y->status = f ? f->status : TB_FRAME_UNKNOWN;
	y->maybe = S_maybe(p, f);
	return 1;
}

/* ===== The main line as turns ===== */

/* The turns of the decided gap at node 'i' (its entry's seq, nseq > 0)
 * as units from p->nu on, played from the position before it, 'before';
 * each a tb_ply of its own, in the arena: what that turn means, its
 * events, the ply, number and side it has, the gap's place and, on its
 * last turn, the gap's notes. 0 when memory ran out. */
static int S_gap_turns(tb_plies *p, size_t i, const tb_state *before, tb_buf *b)
{
	const S_entry *e = &p->e[i];
	const tb_ply *g = &p->v[i];
	tb_state s = *before;
	for (size_t k = 0; k < e->nseq; k++) {
		tb_ply *y = tb_arena_alloc(&p->arena, sizeof *y);
		if (!y)
			return 0;
		*y = *g;
		y->number = s.number;
		y->side = s.to_move;
		tb_events ev = {0};
		p->rs->rules->play(p->rs, &s, &e->seq[k], &ev);
		tb_buf_clear(b);
		tb_turn_token(b, &e->seq[k]);
		y->token = tb_buf_ok(b) ? S_str(p, b) : NULL;
		tb_buf_clear(b);
		tb_events_write(b, &ev);
		y->events = tb_buf_ok(b) ? S_str(p, b) : NULL;
		if (!y->token || !y->events || !S_events(p, ev.ev, ev.n, y))
			return 0;
		y->ply = g->ply - e->nseq + k + 1;
		y->part = (unsigned)k + 1;
		y->parts = (unsigned)e->nseq;
		y->notes = k + 1 < e->nseq ? "" : g->notes;
		tb_state *after = NULL;
		if (k + 1 < e->nseq) {
			after = tb_arena_alloc(&p->arena, sizeof *after);
			if (!after)
				return 0;
			*after = s;
		}
		p->u[p->nu] = y;
		p->unode[p->nu] = i;
		p->ust[p->nu++] = after;
	}
	return 1;
}

/* The units of the main line (struct tb_plies): a gap the rules decide
 * is its turns when the position before it is known (else it stays one
 * node, compared as its turns' token). 0 when memory ran out. */
static int S_units(tb_plies *p)
{
	size_t cap = p->n;
	for (size_t i = 0; i < p->n; i++)
		cap += p->e[i].nseq;
	p->u = tb_calloc(cap + 1, sizeof *p->u);
	p->unode = tb_calloc(cap + 1, sizeof *p->unode);
	p->ust = tb_calloc(cap + 1, sizeof *p->ust);
	if (!p->u || !p->unode || !p->ust)
		return 0;
	tb_buf b = TB_BUF_SOFT;
	int ok = 1;
	for (size_t i = 0; i < p->n && ok; i++) {
		const tb_frame *before = p->e[i].nseq ? S_known(p, i) : NULL;
		if (before) {
			ok = S_gap_turns(p, i, &before->st, &b);
			continue;
		}
		p->u[p->nu] = &p->v[i];
		p->unode[p->nu++] = i;
	}
	tb_buf_free(&b);
	return ok && !p->arena.failed;
}

tb_plies *tb_plies_new(const tb_record *rec)
{
	if (!rec || rec->errors || !rec->game)
		return NULL;
	tb_plies *p = tb_calloc(1, sizeof *p);
	if (!p)
		return NULL;
	p->rec = rec;
	p->arena.soft = 1;
	rec->game->board(&p->board, &rec->opts);
	size_t cap = S_count(rec);
	p->v = tb_calloc(cap + 1, sizeof *p->v);
	p->e = tb_calloc(cap + 1, sizeof *p->e);
	p->f = tb_calloc(cap + 1, sizeof *p->f);
	if (rec->game->rules) {
		p->rp = tb_record_replay(rec);
		p->rs = p->rp ? tb_replay_rules(p->rp) : NULL;
	}
	if (!p->v || !p->e || !p->f || (rec->game->rules && !p->rp)) {
		tb_plies_free(p);
		return NULL;
	}
	tb_buf b = TB_BUF_SOFT;
	size_t plies = 0;
	int ok = 1;
	for (const tb_node *n = rec->main.first; n && ok; n = n->next, p->n++)
		ok = S_node(p, p->n, n, &plies, &b);
	tb_buf_clear(&b);
	S_outer_comments(&b, rec);
	p->comments = tb_buf_ok(&b) ? S_str(p, &b) : NULL;
	tb_buf_free(&b);
	if (!ok || !p->comments || p->arena.failed || !S_units(p)) {
		tb_plies_free(p);
		return NULL;
	}
	return p;
}

void tb_plies_free(tb_plies *p)
{
	if (!p)
		return;
	tb_replay_free(p->rp);
	tb_arena_free(&p->arena);
	free(p->v);
	free(p->e);
	free(p->f);
	free(p->u);
	free(p->unode);
	free(p->ust);
	free(p);
}

size_t tb_plies_count(const tb_plies *p) { return p->n; }
const tb_ply *tb_plies_at(const tb_plies *p, size_t i) { return i < p->n ? &p->v[i] : NULL; }
const char *tb_plies_comments(const tb_plies *p) { return p->comments; }

/* ===== Comments ===== */

static int S_walk_comments(const tb_comment *c, tb_comment_fn fn, void *ctx)
{
	int rc = 0;
	for (; c && !rc; c = c->next)
		rc = fn(ctx, c->text, c->lang);
	return rc;
}

/* The comments of line 'l' and all it holds, in the order of the one
 * traversal (visit.h). */
static int S_walk_line(const tb_line *l, tb_comment_fn fn, void *ctx)
{
	tb_visit v;
	tb_visit_init(&v, l);
	v.quiet = ~TB_VISIT_QUIET(TB_VISIT_COMMENT);
	int rc = 0;
	for (int ev; !rc && (ev = tb_visit_next(&v)) != TB_VISIT_DONE;)
		if (ev == TB_VISIT_COMMENT)
			rc = fn(ctx, v.comment->text, v.comment->lang);
	return rc;
}

int tb_record_comments(const tb_record *rec, tb_comment_fn fn, void *ctx)
{
	int rc = S_walk_comments(rec->lead, fn, ctx);
	for (size_t i = 0; i < rec->ntags && !rc; i++)
		rc = S_walk_comments(rec->tags[i].comments, fn, ctx);
	if (!rc)
		rc = S_walk_line(&rec->main, fn, ctx);
	return rc ? rc : S_walk_comments(rec->trail, fn, ctx);
}

/* ===== Main lines aligned (align.c) ===== */

/* The nodes of 'p' as an array of pointers (the caller frees it). */
static const tb_ply **S_ply_ptrs(const tb_plies *p)
{
	const tb_ply **v = tb_calloc(p->n + 1, sizeof *v);
	for (size_t i = 0; v && i < p->n; i++)
		v[i] = &p->v[i];
	return v;
}

tb_edit *tb_plies_align(const tb_plies *a, const tb_plies *b, size_t *n)
{
	const tb_ply **pa = S_ply_ptrs(a), **pb = S_ply_ptrs(b);
	tb_edit *e = NULL;
	*n = 0;
	if (pa && pb)
		e = tb_ply_align(pa, a->n, pb, b->n, n);
	free(pa);
	free(pb);
	return e;
}

size_t tb_plies_turn_count(const tb_plies *p) { return p->nu; }
const tb_ply *tb_plies_turn_at(const tb_plies *p, size_t i)
{
	return i < p->nu ? p->u[i] : NULL;
}

tb_edit *tb_plies_align_turns(const tb_plies *a, const tb_plies *b, size_t *n)
{
	*n = 0;
	return tb_ply_align(a->u, a->nu, b->u, b->nu, n);
}

const tb_node *tb_plies_node(const tb_plies *p, size_t i)
{
	return i < p->n ? p->e[i].node : NULL;
}

/* ===== Positions ===== */

/* What cell 'c' holds, as position notation writes a piece: "R",
 * "SE+"; "" for empty. */
static void S_cell_text(char out[8], const tb_game *g, uint8_t c)
{
	size_t k = 0;
	if (c) {
		out[k++] = g->side_letter[TB_CELL_SIDE(c)];
		if (g->piece_types[0])
			out[k++] = g->piece_types[TB_CELL_TYPE(c)];
		if (TB_CELL_CROWNED(c))
			out[k++] = '+';
	}
	out[k] = '\0';
}

/* Position 'sa' of 'a' against 'sb' of 'b' (either NULL: not known),
 * as tb_plies_position_diff compares them. */
static int S_state_diff(const tb_plies *a, const tb_state *sa, const tb_plies *b,
                        const tb_state *sb, tb_position_diff_fn fn, void *ctx)
{
	if (!sa || !sb || a->rec->game != b->rec->game ||
	    memcmp(&a->board, &b->board, sizeof a->board) ||
	    a->rs->geo.npoints != b->rs->geo.npoints)
		return -1;
	const tb_game *g = a->rec->game;
	int count = 0;
	for (int i = 0; i < a->rs->geo.npoints; i++) {
		if (sa->cell[i] == sb->cell[i])
			continue;
		char pa[8], pb[8], at[8];
		S_cell_text(pa, g, sa->cell[i]);
		S_cell_text(pb, g, sb->cell[i]);
		if (strcmp(pa, pb) == 0)
			continue; /* a bit the engine keeps in the cell (Ocencahuac's cool-down),
			             told with the position's keys below */
		tb_buf w = TB_BUF_SOFT;
		tb_point_write(&w, a->rs->geo.points[i].pt);
		if (!tb_buf_ok(&w)) {
			tb_buf_free(&w);
			return TB_ENOMEM;
		}
		snprintf(at, sizeof at, "%s", w.data);
		tb_buf_free(&w);
		if (fn)
			fn(ctx, at, pa, pb);
		count++;
	}
	/* the rest of the position: whose turn, and the game's keys */
	tb_arena ar = {0};
	tb_position xa, xb;
	if (tb_rules_save(a->rs, sa, &ar, &xa) || tb_rules_save(b->rs, sb, &ar, &xb)) {
		tb_arena_free(&ar);
		return TB_ENOMEM;
	}
	if (xa.to_move != xb.to_move) {
		char ta[2] = {g->side_letter[xa.to_move], 0}, tb[2] = {g->side_letter[xb.to_move], 0};
		if (fn)
			fn(ctx, "to move", ta, tb);
		count++;
	}
	for (size_t i = 0, j = 0; i < xa.nextras || j < xb.nextras;) {
		int c = i == xa.nextras ? 1 : j == xb.nextras ? -1
		      : strcmp(xa.extras[i].key, xb.extras[j].key);
		const char *key = c <= 0 ? xa.extras[i].key : xb.extras[j].key;
		const char *va = c <= 0 ? xa.extras[i].value : "";
		const char *vb = c >= 0 ? xb.extras[j].value : "";
		if (strcmp(va, vb) != 0) {
			if (fn)
				fn(ctx, key, va, vb);
			count++;
		}
		i += c <= 0;
		j += c >= 0;
	}
	tb_arena_free(&ar);
	return count;
}

int tb_plies_position_diff(const tb_plies *a, size_t na, const tb_plies *b, size_t nb,
                           tb_position_diff_fn fn, void *ctx)
{
	const tb_frame *fa = S_known(a, na), *fb = S_known(b, nb);
	return S_state_diff(a, fa ? &fa->st : NULL, b, fb ? &fb->st : NULL, fn, ctx);
}

/* The position after the first 'k' turns of 'p' (units, struct
 * tb_plies), when the rules know it; else NULL. */
static const tb_state *S_known_turns(const tb_plies *p, size_t k)
{
	if (k > p->nu)
		return NULL;
	if (k && p->ust[k - 1])
		return p->ust[k - 1];
	const tb_frame *f = S_known(p, k ? p->unode[k - 1] + 1 : 0);
	return f ? &f->st : NULL;
}

int tb_plies_turn_position_diff(const tb_plies *a, size_t na, const tb_plies *b, size_t nb,
                                tb_position_diff_fn fn, void *ctx)
{
	int rc = S_state_diff(a, S_known_turns(a, na), b, S_known_turns(b, nb), fn, ctx);
	return rc == -1 ? TB_EINVAL : rc;
}

/* ===== The key of a game ===== */

#define S_HEAD_END '\x1e' /* after the game and start */
#define S_SEP '\x1f'      /* before each node */

static void S_move_sym(tb_buf *b, const tb_board *bd, unsigned k, uint8_t kind,
                       const tb_move *m)
{
	tb_part parts[TB_MAX_PARTS];
	tb_move t = *m;
	for (unsigned i = 0; i < m->nparts && i < TB_MAX_PARTS; i++)
		parts[i] = (tb_part){m->parts[i].kind, tb_point_symmetry(bd, k, m->parts[i].pt)};
	t.parts = parts;
	tb_turn_write(b, kind, &t);
}

/* Turns t[0..n) under symmetry 'k', as that many nodes. */
static void S_seq_sym(tb_buf *b, const tb_board *bd, unsigned k, const tb_turn *t, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		tb_move m = {t[i].nparts, t[i].crown, (tb_part *)t[i].parts};
		if (i)
			tb_buf_putc(b, S_SEP);
		S_move_sym(b, bd, k, m.nparts ? TB_NODE_MOVE : TB_NODE_PASS, &m);
	}
}

/* Canonical order of points in a key's value: by rank, then file. */
static int S_point_before(tb_point a, tb_point b)
{
	return TB_PT_RANK(a) != TB_PT_RANK(b) ? TB_PT_RANK(a) < TB_PT_RANK(b)
	                                      : TB_PT_FILE(a) < TB_PT_FILE(b);
}

/* A value that is a comma-separated list of points, or of moves from a
 * point to another ("c3-d3"), is turned with the board and put back in
 * canonical order (by each item's first point); any other stays as it
 * is. */
static void S_extra_sym(tb_buf *b, const tb_board *bd, unsigned k, const char *v)
{
	tb_point item[TB_MAX_POINTS][3]; /* a point, or a move's two; [2]: how many */
	size_t n = 0, parts = 0;
	for (const char *s = v;; s++) {
		size_t len = strcspn(s, ",-");
		char pt[8];
		tb_buf one = TB_BUF_SOFT;
		snprintf(pt, sizeof pt, "%.*s", (int)(len < 7 ? len : 7), s);
		int ok = len <= 3 && n < TB_MAX_POINTS && tb_is_point(bd, pt, &one) &&
		         (parts == 0 || s[len] != '-'); /* a move has two points */
		if (!tb_buf_ok(&one))
			tb_buf_fail(b);
		tb_buf_free(&one);
		if (!ok) {
			tb_buf_puts(b, v);
			return;
		}
		item[n][parts++] = tb_point_symmetry(bd, k, TB_PT(pt[0] - 'a', atoi(pt + 1) - 1));
		s += len;
		if (*s != '-') {
			item[n++][2] = (tb_point)parts;
			parts = 0;
		}
		if (!*s)
			break;
	}
	for (size_t i = 1; i < n; i++) /* insertion sort: a handful of items */
		for (size_t j = i; j > 0 && S_point_before(item[j][0], item[j - 1][0]); j--) {
			tb_point t[3];
			memcpy(t, item[j], sizeof t);
			memcpy(item[j], item[j - 1], sizeof t);
			memcpy(item[j - 1], t, sizeof t);
		}
	for (size_t i = 0; i < n; i++) {
		if (i)
			tb_buf_putc(b, ',');
		tb_point_write(b, item[i][0]);
		if (item[i][2] == 2) {
			tb_buf_putc(b, '-');
			tb_point_write(b, item[i][1]);
		}
	}
}

static void S_position_sym(tb_buf *b, const tb_game *g, const tb_board *bd, unsigned k,
                           const tb_position *pos)
{
	tb_position t = *pos;
	tb_piece *pieces = tb_calloc(pos->npieces + 1, sizeof *pieces);
	if (!pieces) {
		tb_buf_fail(b);
		return;
	}
	for (size_t i = 0; i < pos->npieces; i++) {
		pieces[i] = pos->pieces[i];
		pieces[i].pt = tb_point_symmetry(bd, k, pieces[i].pt);
	}
	t.pieces = pieces;
	t.nextras = 0;
	tb_position_sort(&t);
	tb_position_write(b, g, &t);
	for (size_t i = 0; i < pos->nextras; i++) {
		tb_buf_printf(b, " %s=", pos->extras[i].key);
		S_extra_sym(b, bd, k, pos->extras[i].value);
	}
	free(pieces);
}

/* The start under symmetry 'k': as the rules set it up, so that a
 * [Position] restating the usual start is that start; when they cannot
 * (Asalto's defenders not placed), the record's [Position], or else the
 * game's usual start, as written. */
static void S_start(tb_buf *b, const tb_plies *p, unsigned k)
{
	const tb_game *g = p->rec->game;
	tb_arena a = {0};
	a.soft = 1; /* out of memory fails 'b' */
	tb_position start, *pos = p->rec->start;
	const tb_frame *f = S_known(p, 0);
	if (f) {
		if (tb_rules_save(p->rs, &f->st, &a, &start) == 0)
			pos = &start;
	} else if (!pos) {
		tb_syntax_err err;
		pos = tb_position_parse(g, &p->board, g->start, &a, &err);
	}
	if (a.failed)
		tb_buf_fail(b);
	else if (pos)
		S_position_sym(b, g, &p->board, k, pos);
	tb_arena_free(&a);
}

const char *tb_plies_start(tb_plies *p)
{
	if (!p->start) {
		tb_buf b = TB_BUF_SOFT;
		S_start(&b, p, 0);
		p->start = tb_buf_ok(&b) ? S_str(p, &b) : NULL;
		tb_buf_free(&b);
	}
	return p->start;
}

/* The key under symmetry 'k'. */
static void S_key(tb_buf *b, const tb_plies *p, unsigned k)
{
	const tb_game *g = p->rec->game;
	tb_buf_puts(b, g->name);
	tb_buf_putc(b, ' ');
	S_start(b, p, k);
	tb_buf_putc(b, S_HEAD_END);
	for (size_t i = 0; i < p->n; i++) {
		const S_entry *e = &p->e[i];
		const tb_node *n = e->node;
		tb_buf_putc(b, S_SEP);
		if (e->nseq) { /* a gap the rules decide: the turns it stands for */
			S_seq_sym(b, &p->board, k, e->seq, e->nseq);
			continue;
		}
		switch (e->kind) {
		case TB_NODE_MOVE:
		case TB_NODE_PASS:
			S_move_sym(b, &p->board, k, e->kind, &e->move);
			break;
		case TB_NODE_READING:
			tb_buf_putc(b, '<');
			for (unsigned j = 0; j < n->nalts; j++) {
				const tb_alt *a = &n->alts[j];
				tb_buf_puts(b, j ? " | " : "");
				if (a->kind == TB_NODE_POSITION) {
					tb_buf_puts(b, "position \"");
					S_position_sym(b, g, &p->board, k, a->position);
					tb_buf_putc(b, '"');
				} else if (tb_kind_is_turn(a->kind)) {
					tb_buf_puts(b, a->reconstructed ? "reconstructed " : "");
					S_move_sym(b, &p->board, k, a->kind, &a->move);
				} else {
					tb_write_alt(b, g, a);
				}
			}
			tb_buf_putc(b, '>');
			break;
		case TB_NODE_POSITION:
			tb_buf_puts(b, "<position \"");
			S_position_sym(b, g, &p->board, k, n->position);
			tb_buf_puts(b, "\">");
			break;
		default:
			tb_buf_puts(b, p->v[i].token);
			break;
		}
	}
}

char *tb_plies_key(const tb_plies *p, size_t *len, unsigned *symmetry)
{
	unsigned won = 0;
	unsigned nsym = p->rec->game->symmetries ? p->rec->game->symmetries : 1;
	if (nsym == 8 && p->board.files != p->board.ranks)
		nsym = 2; /* not square: no turning by a quarter */
	tb_buf best = TB_BUF_SOFT, b = TB_BUF_SOFT;
	for (unsigned k = 0; k < nsym; k++) {
		tb_buf_clear(&b);
		S_key(&b, p, k);
		if (!tb_buf_ok(&b)) {
			tb_buf_free(&b);
			tb_buf_free(&best);
			if (len)
				*len = 0;
			return NULL;
		}
		/* symmetries keep every token's length (points are two
		 * characters on these boards), so the least key's prefixes
		 * are the least prefixes: a game that begins another has
		 * the key that begins the other's */
		if (k == 0 || (b.len == best.len && memcmp(b.data, best.data, b.len) < 0) ||
		    b.len < best.len) {
			tb_buf t = best;
			best = b;
			b = t;
			won = k;
		}
	}
	tb_buf_free(&b);
	if (symmetry)
		*symmetry = won;
	return tb_buf_detach(&best, len);
}

size_t tb_plies_key_head(const char *key, size_t len)
{
	const char *e = memchr(key, S_HEAD_END, len);
	return e ? (size_t)(e - key) + 1 : len;
}
