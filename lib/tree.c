/*
 * tree.c -- the record tree through the public API: reading every
 * field, walking it (tb_iter), building and editing it (tablero.h,
 * "The record tree"). Nodes are made as the parser makes them: turns
 * are read from text by the parser itself (tb_parse_fragment), and
 * every edit recounts turn numbers as the parser counts them. This
 * file reads and walks the tree; tree_edit.c builds and edits it
 * (tree.h holds what they share).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "game.h"
#include "reader.h"
#include "record.h"
#include "replay.h"
#include "tree.h"
#include "tags.h"
#include "writer.h"
#include "xalloc.h"

/* ===== Errors ===== */

int tb_tree_fail(tb_record *rec, int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	tb_lasterr_vset(&rec->err, code, fmt, ap);
	va_end(ap);
	return code;
}

void tb_tree_ok(tb_record *rec)
{
	tb_lasterr_clear(&rec->err);
	rec->arena.failed = 0;
}

/* An edit that ran out of memory: the record is as it was (what the
 * edit took stays in its arena, unreachable, until it is freed). */
int tb_tree_nomem(tb_record *rec)
{
	rec->arena.failed = 1;
	return tb_lasterr_set(&rec->err, TB_ENOMEM, NULL);
}

const char *tb_record_error(const tb_record *rec)
{
	return rec ? tb_record_errmsg(rec) : "";
}

/* A record whose arena ran out of memory outside an editor (reading
 * it) says so as well. */
int tb_record_errcode(const tb_record *rec)
{
	if (rec && !rec->err.code && rec->arena.failed)
		return TB_ENOMEM;
	return tb_lasterr_code(rec ? &rec->err : NULL);
}

const char *tb_record_errmsg(const tb_record *rec)
{
	if (rec && !rec->err.code && rec->arena.failed)
		return tb_lasterr_text(TB_ENOMEM);
	return tb_lasterr_msg(rec ? &rec->err : NULL);
}

/* ===== Reading ===== */

static const tb_comment *S_comment_at(const tb_comment *c, size_t i, const char **lang)
{
	while (c && i--)
		c = c->next;
	if (lang)
		*lang = c ? c->lang : NULL;
	return c;
}

static const char *S_text(const tb_comment *c) { return c ? c->text : NULL; }

static void S_span(const tb_span *s, unsigned span[4])
{
	span[0] = s->line;
	span[1] = s->col;
	span[2] = s->end_line;
	span[3] = s->end_col;
}

tb_line *tb_record_main(const tb_record *rec) { return (tb_line *)&rec->main; }
int tb_record_result(const tb_record *rec) { return rec->result; }

tb_comment **tb_tree_record_list(tb_record *rec, size_t where)
{
	if (where == 0)
		return &rec->lead;
	if (where == 1)
		return &rec->trail;
	return where - 2 < rec->ntags ? &rec->tags[where - 2].comments : NULL;
}

const char *tb_record_comment(const tb_record *rec, size_t where, size_t i, const char **lang)
{
	tb_comment **l = tb_tree_record_list((tb_record *)rec, where);
	if (lang)
		*lang = NULL;
	return l ? S_text(S_comment_at(*l, i, lang)) : NULL;
}

tb_node *tb_line_first(const tb_line *l) { return l ? l->first : NULL; }
tb_line *tb_line_next(const tb_line *l) { return l ? l->next : NULL; }
const char *tb_line_comment(const tb_line *l, size_t i, const char **lang)
{
	return S_text(S_comment_at(l->lead, i, lang));
}
void tb_line_span(const tb_line *l, unsigned span[4]) { S_span(&l->span, span); }

int tb_node_type(const tb_node *n) { return n->kind; }
tb_node *tb_node_next(const tb_node *n) { return n->next; }
tb_line *tb_node_variation(const tb_node *n) { return n->variations; }
unsigned tb_node_number(const tb_node *n) { return n->number; }
int tb_node_side(const tb_node *n) { return n->side; }

int tb_node_written(const tb_node *n, unsigned *number, int *side)
{
	if (!n || n->ahead == 0 || n->side > 1 || !tb_kind_is_turn(tb_node_followed(n)))
		return 0;
	long ply = tb_node_written_ply(n);
	if (ply < 2 || ply / 2 > 999999)
		return 0;
	if (number)
		*number = (unsigned)(ply / 2);
	if (side)
		*side = (int)(ply % 2);
	return 1;
}
int tb_node_reconstructed(const tb_node *n) { return n->reconstructed; }

char *tb_node_token(const tb_record *rec, const tb_node *n)
{
	if (n->kind == TB_NODE_OMITTED) /* a reading's alternative (tb_node_alt) */
		return tb_strdup("omitted");
	tb_buf b = TB_BUF_SOFT;
	tb_write_node(&b, rec->game, n, TB_WRITE_BODY);
	return tb_buf_detach(&b, NULL);
}

static int S_part(const tb_move *m, size_t i, int *kind, int *file, int *rank)
{
	if (i >= m->nparts)
		return TB_EINVAL;
	tb_point p = m->parts[i].pt;
	if (kind)
		*kind = m->parts[i].kind;
	if (file)
		*file = p == TB_PT_UNKNOWN ? -1 : TB_PT_FILE(p);
	if (rank)
		*rank = p == TB_PT_UNKNOWN ? -1 : TB_PT_RANK(p);
	return 0;
}

size_t tb_node_nparts(const tb_node *n) { return n->kind == TB_NODE_MOVE ? n->move.nparts : 0; }
int tb_node_part(const tb_node *n, size_t i, int *kind, int *file, int *rank)
{
	return n->kind == TB_NODE_MOVE ? S_part(&n->move, i, kind, file, rank) : TB_EKIND;
}
int tb_node_crown(const tb_node *n) { return n->kind == TB_NODE_MOVE ? n->move.crown : 0; }
size_t tb_node_nnags(const tb_node *n) { return n->nnags; }
int tb_node_nag(const tb_node *n, size_t i) { return i < n->nnags ? n->nags[i] : -1; }
const char *tb_node_comment(const tb_node *n, size_t i, const char **lang)
{
	return S_text(S_comment_at(n->comments, i, lang));
}

int tb_node_gap(const tb_node *n, long *min, long *max)
{
	if (tb_node_followed(n) != TB_NODE_GAP)
		return TB_EKIND;
	if (min)
		*min = n->gap_min;
	if (max)
		*max = n->gap_max;
	return 0;
}

static char *S_position(const tb_record *rec, const tb_position *p)
{
	if (!p)
		return NULL;
	tb_buf b = TB_BUF_SOFT;
	tb_position_write(&b, rec->game, p);
	return tb_buf_detach(&b, NULL);
}

char *tb_node_position(const tb_record *rec, const tb_node *n)
{
	return tb_node_followed(n) == TB_NODE_POSITION ? S_position(rec, n->position) : NULL;
}
void tb_node_span(const tb_node *n, unsigned span[4]) { S_span(&n->span, span); }

size_t tb_node_nalts(const tb_node *n) { return n->kind == TB_NODE_READING ? n->nalts : 0; }

static const tb_alt *S_alt(const tb_node *n, size_t i)
{
	return n->kind == TB_NODE_READING && i < n->nalts ? &n->alts[i] : NULL;
}

int tb_alt_type(const tb_node *n, size_t i)
{
	const tb_alt *a = S_alt(n, i);
	return a ? a->kind : TB_EINVAL;
}
int tb_alt_reconstructed(const tb_node *n, size_t i)
{
	const tb_alt *a = S_alt(n, i);
	return a ? a->reconstructed : 0;
}
char *tb_alt_token(const tb_record *rec, const tb_node *n, size_t i)
{
	const tb_alt *a = S_alt(n, i);
	if (!a)
		return NULL;
	tb_alt bare = *a;
	bare.comments = NULL;
	tb_buf b = TB_BUF_SOFT;
	tb_write_alt(&b, rec->game, &bare);
	return tb_buf_detach(&b, NULL);
}
size_t tb_alt_nparts(const tb_node *n, size_t i)
{
	const tb_alt *a = S_alt(n, i);
	return a && a->kind == TB_NODE_MOVE ? a->move.nparts : 0;
}
int tb_alt_part(const tb_node *n, size_t i, size_t j, int *kind, int *file, int *rank)
{
	const tb_alt *a = S_alt(n, i);
	if (!a)
		return TB_EINVAL;
	return a->kind == TB_NODE_MOVE ? S_part(&a->move, j, kind, file, rank) : TB_EKIND;
}
int tb_alt_crown(const tb_node *n, size_t i)
{
	const tb_alt *a = S_alt(n, i);
	return a && a->kind == TB_NODE_MOVE ? a->move.crown : 0;
}
int tb_alt_gap(const tb_node *n, size_t i, long *min, long *max)
{
	const tb_alt *a = S_alt(n, i);
	if (!a)
		return TB_EINVAL;
	if (a->kind != TB_NODE_GAP)
		return TB_EKIND;
	if (min)
		*min = a->gap_min;
	if (max)
		*max = a->gap_max;
	return 0;
}
char *tb_alt_position(const tb_record *rec, const tb_node *n, size_t i)
{
	const tb_alt *a = S_alt(n, i);
	return a && a->kind == TB_NODE_POSITION ? S_position(rec, a->position) : NULL;
}
const char *tb_alt_comment(const tb_node *n, size_t i, size_t j, const char **lang)
{
	const tb_alt *a = S_alt(n, i);
	if (lang)
		*lang = NULL;
	return a ? S_text(S_comment_at(a->comments, j, lang)) : NULL;
}
void tb_alt_span(const tb_node *n, size_t i, unsigned span[4])
{
	const tb_alt *a = S_alt(n, i);
	static const tb_span none;
	S_span(a ? &a->span : &none, span);
}

/* ===== A line read at once (tb_line_nodes) ===== */

/* 'n' as a tb_node_info, its token appended to 'b' and a NUL after it
 * (the writer's own, so that the token is what tb_node_token gives). */
static void S_node_info(tb_node_info *d, tb_node *n, const tb_game *g, tb_buf *b)
{
	*d = (tb_node_info){.node = n, .token = b->len, .kind = n->kind, .side = n->side,
	                    .number = n->number, .reconstructed = n->reconstructed};
	S_span(&n->span, d->span);
	tb_write_node(b, g, n, TB_WRITE_BODY);
	d->token_len = b->len - d->token;
	tb_buf_putc(b, '\0');
}

long tb_line_nodes(const tb_record *rec, const tb_line *l, tb_node_info **out, char **text)
{
	if (out)
		*out = NULL;
	if (text)
		*text = NULL;
	if (!rec || !l || !out || !text)
		return TB_EINVAL;
	size_t n = 0;
	for (const tb_node *x = l->first; x; x = x->next)
		n++;
	/* no overflow: each node of the line takes more memory than its info */
	tb_node_info *arr = tb_malloc(n ? n * sizeof *arr : 1);
	if (!arr)
		return TB_ENOMEM;
	tb_buf b = TB_BUF_SOFT;
	size_t i = 0;
	for (tb_node *x = l->first; x; x = x->next)
		S_node_info(&arr[i++], x, rec->game, &b);
	char *s = tb_buf_detach(&b, NULL);
	if (!s) {
		free(arr);
		return TB_ENOMEM;
	}
	*out = arr;
	*text = s;
	return (long)n;
}

/* ===== Finding a node or a line in its record ===== */

/* Looks for node 'want' (or, when NULL, line 'wline') below 'line',
 * the path's frame 'depth'. */
static int S_find(tb_tree_path *p, tb_line *line, unsigned depth, const tb_node *want,
                  const tb_line *wline)
{
	if (depth >= TB_TREE_MAX_FRAMES)
		return 0;
	p->f[depth] = (tb_tree_frame){line, NULL, NULL};
	p->n = depth + 1;
	if (!want && line == wline)
		return 1;
	tb_node *prev = NULL;
	for (tb_node *n = line->first; n; prev = n, n = n->next) {
		p->f[depth].node = n;
		p->f[depth].prev = prev;
		if (n == want)
			return 1;
		for (tb_line *v = n->variations; v; v = v->next)
			if (S_find(p, v, depth + 1, want, wline))
				return 1;
		p->n = depth + 1;
	}
	p->f[depth].node = NULL;
	return 0;
}

int tb_tree_locate_node(const tb_record *rec, const tb_node *n, tb_tree_path *p)
{
	return n && !n->removed && S_find(p, (tb_line *)&rec->main, 0, n, NULL);
}

int tb_tree_locate_line(const tb_record *rec, const tb_line *l, tb_tree_path *p)
{
	return l && S_find(p, (tb_line *)&rec->main, 0, NULL, l);
}

/* ===== Walking ===== */

struct tb_iter {
	const tb_record *rec;
	unsigned long gen;
	int ev;            /* the last event, or -1 before the first */
	tb_node *node;     /* what it was about: a node, */
	tb_line *line;     /* or a line */
	int status;
	tb_tree_path path;       /* the lines down to it; for a node, f[n-1].node is it */
};

tb_iter *tb_iter_new(const tb_record *rec)
{
	if (!rec)
		return NULL;
	tb_iter *it = tb_calloc(1, sizeof *it);
	if (!it)
		return NULL;
	it->rec = rec;
	it->gen = rec->gen;
	it->ev = -1;
	return it;
}

void tb_iter_free(tb_iter *it) { free(it); }
tb_node *tb_iter_node(const tb_iter *it) { return it->ev > 0 ? it->node : NULL; }
tb_line *tb_iter_line(const tb_iter *it) { return it->ev > 0 ? it->line : NULL; }
int tb_iter_status(const tb_iter *it) { return it->status; }

unsigned tb_iter_depth(const tb_iter *it)
{
	if (it->ev <= 0)
		return 0;
	return it->path.n - 1;
}

static int S_emit(tb_iter *it, int ev, tb_node *n, tb_line *l)
{
	it->ev = ev;
	it->node = n;
	it->line = l;
	return ev;
}

static int S_end(tb_iter *it, int status)
{
	it->status = status;
	it->ev = TB_EVENT_DONE;
	it->node = NULL;
	it->line = NULL;
	return TB_EVENT_DONE;
}

/* Enters node 'n', the next on the line of the path's last frame. */
static int S_enter(tb_iter *it, tb_node *n)
{
	it->path.f[it->path.n - 1].node = n;
	return S_emit(it, TB_EVENT_ENTER, n, NULL);
}

/* What follows node 'n' (done with), on the path's last line. */
static int S_after(tb_iter *it, tb_node *n)
{
	if (n->next)
		return S_enter(it, n->next);
	it->path.f[it->path.n - 1].node = NULL;
	return S_emit(it, TB_EVENT_EXIT, NULL, it->path.f[it->path.n - 1].line);
}

/* After an edit: finds where the iterator stood again. Returns 1 when
 * the next event should be computed from the state it set, 0 when
 * it has ended, or 2 when it has already emitted the next event. */
static int S_resync(tb_iter *it)
{
	it->gen = it->rec->gen;
	tb_tree_path p;
	if (it->node) {
		if (tb_tree_locate_node(it->rec, it->node, &p)) {
			it->path = p;
			return 1;
		}
		/* removed: what followed it, if that is still on its line */
		tb_node *n = it->node;
		while (n && n->removed)
			n = n->next;
		tb_line *line = it->path.f[it->path.n - 1].line;
		if (tb_tree_locate_line(it->rec, line, &p)) {
			const tb_node *x = line->first;
			while (x && x != n)
				x = x->next;
			if (x || !n) {
				it->path = p;
				if (n) {
					it->path.f[p.n - 1].node = n;
					S_emit(it, TB_EVENT_ENTER, n, NULL);
				} else {
					S_emit(it, TB_EVENT_EXIT, NULL, line);
				}
				return 2;
			}
		}
		return S_end(it, TB_EFOREIGN);
	}
	if (tb_tree_locate_line(it->rec, it->line, &p)) {
		it->path = p;
		return 1;
	}
	return S_end(it, TB_EFOREIGN);
}

int tb_iter_next(tb_iter *it)
{
	if (!it || it->ev == TB_EVENT_DONE)
		return TB_EVENT_DONE;
	if (it->ev == -1) {
		it->gen = it->rec->gen;
		it->path.n = 1;
		it->path.f[0] = (tb_tree_frame){(tb_line *)&it->rec->main, NULL, NULL};
		return S_emit(it, TB_EVENT_ENTER, NULL, (tb_line *)&it->rec->main);
	}
	if (it->gen != it->rec->gen) {
		int r = S_resync(it);
		if (r == 0)
			return TB_EVENT_DONE;
		if (r == 2)
			return it->ev;
	}
	tb_tree_path *p = &it->path;
	if (it->line) {
		tb_line *l = it->line;
		if (it->ev == TB_EVENT_ENTER) {
			if (l->first)
				return S_enter(it, l->first);
			return S_emit(it, TB_EVENT_EXIT, NULL, l);
		}
		/* exit of a line */
		if (p->n == 1)
			return S_end(it, 0);
		p->n--;
		tb_node *base = p->f[p->n - 1].node;
		if (l->next) {
			p->f[p->n] = (tb_tree_frame){l->next, NULL, NULL};
			p->n++;
			return S_emit(it, TB_EVENT_ENTER, NULL, l->next);
		}
		return S_emit(it, TB_EVENT_EXIT, base, NULL);
	}
	tb_node *n = it->node;
	if (it->ev == TB_EVENT_ENTER && n->variations) {
		if (p->n >= TB_TREE_MAX_FRAMES)
			return S_end(it, TB_EFOREIGN);
		p->f[p->n] = (tb_tree_frame){n->variations, NULL, NULL};
		p->n++;
		return S_emit(it, TB_EVENT_ENTER, NULL, n->variations);
	}
	return S_after(it, n);
}

/* ===== The position after a node =====
 *
 * Taken from the frames of the one replay (replay.h): the frame of the
 * node gives the position; the frames of the nodes on the way to it
 * say, when it is not known, the last position the rules knew and
 * where and why they stopped after it.
 */

/* Appends to 'out' (at most 'max') the frames of the nodes from the
 * start down to the last frame of path 'p': on each line, the nodes
 * before the one a variation replaces, then the last one's nodes up to
 * and with its node. Returns how many; -1 when a node has no frame. */
static long S_path_frames(const tb_replay *rp, const tb_tree_path *p, long *out, size_t max)
{
	size_t k = 0;
	for (unsigned d = 0; d < p->n; d++) {
		int last = d == p->n - 1;
		for (const tb_node *x = p->f[d].line->first; x; x = x->next) {
			if (x == p->f[d].node && !last)
				break;
			long fi = tb_replay_find(rp, x, 0);
			if (fi < 0 || k == max)
				return -1;
			out[k++] = fi;
			if (x == p->f[d].node)
				break;
		}
	}
	return (long)k;
}

static int S_known(const tb_replay *rp, long fi)
{
	int st = tb_replay_status(rp, fi);
	return st == TB_FRAME_WRITTEN || st == TB_FRAME_RECONSTRUCTED;
}

/* "10... d5-d6": node 'n' numbered, then what it was ('tok'). */
static void S_numbered(tb_buf *b, const tb_node *n, const char *tok)
{
	if (n->number && n->side != 2 && tb_kind_is_turn(tb_node_followed(n)))
		tb_buf_printf(b, "%u%s ", n->number, n->side == 1 ? "..." : ".");
	tb_buf_puts(b, tok);
}

/* The turn that made the position of frame 'path[upto]': the last frame
 * on the path up to it that played turns, unless a restated position
 * came after it; into 'b' ("" when none). */
static void S_last_turn(tb_buf *b, const tb_replay *rp, const long *path, long upto)
{
	for (long k = upto; k >= 0; k--) {
		const tb_node *n = tb_replay_node(rp, path[k], NULL);
		if (tb_node_followed(n) == TB_NODE_POSITION)
			return;
		const tb_frame *f = tb_replay_index(rp, (size_t)path[k]);
		if (f->played || f->nseq) {
			char *tok = tb_replay_token(rp, path[k]);
			const char *one = tok ? strrchr(tok, ' ') : NULL; /* a gap's turns: its last */
			if (!tok)
				b->failed = 1;
			else if (one)
				tb_buf_puts(b, one + 1);
			else
				S_numbered(b, n, tok);
			free(tok);
			return;
		}
		if (!S_known(rp, path[k]))
			return;
	}
}

/* Fills '*at' for the frames 'path' (count 'n'), the position being
 * that of 'path[known]' (-1: the start): where the rules stopped after
 * it ('path[known + 1]', when it is not the last frame asked for known). */
static int S_reached(tb_reached *at, const tb_replay *rp, const tb_game *g, const long *path,
                     long n, long known)
{
	int ok = 1;
	memset(at, 0, sizeof *at);
	at->ply = known < 0 ? 0 : tb_replay_ply(rp, path[known]);
	at->stopped = known < n - 1;
	tb_buf b = TB_BUF_SOFT;
	if (known >= 0)
		S_last_turn(&b, rp, path, known);
	snprintf(at->last, sizeof at->last, "%s", b.data ? b.data : "");
	ok &= tb_buf_ok(&b);
	tb_buf_free(&b);
	/* the position given follows a turn the rules decided: its frame says */
	at->decided = known >= 0 && tb_replay_status(rp, path[known]) == TB_FRAME_RECONSTRUCTED;
	at->positions = at->stopped ? 0 : 1;
	if (!at->stopped)
		return ok;
	long stop = path[known + 1];
	const tb_node *sn = tb_replay_node(rp, stop, NULL);
	at->line = sn->span.line;
	at->col = sn->span.col;
	tb_buf w = TB_BUF_SOFT;
	tb_write_node(&w, g, sn, TB_WRITE_BARE);
	tb_buf_clear(&b);
	S_numbered(&b, sn, w.data ? w.data : "");
	snprintf(at->stop, sizeof at->stop, "%s", b.data ? b.data : "");
	ok &= tb_buf_ok(&w) && tb_buf_ok(&b);
	tb_buf_free(&w);
	tb_buf_free(&b);
	char *why = tb_replay_why(rp, stop);
	snprintf(at->why, sizeof at->why, "%s", why ? why : "");
	ok &= why != NULL;
	free(why);
	return ok;
}

tb_engine *tb_node_engine(const tb_record *rec, const tb_node *n, tb_reached *at, char **why)
{
	tb_reached here;
	tb_tree_path p;
	*why = NULL;
	at = at ? at : &here;
	memset(at, 0, sizeof *at);
	if (!rec || !rec->game || (n && !tb_tree_locate_node(rec, n, &p))) {
		*why = tb_strdup("the node is not in this record"); /* NULL: out of memory */
		return NULL;
	}
	if (rec->errors != rec->offboard) {
		*why = tb_strdup("the record has errors");
		return NULL;
	}
	if (!rec->game->rules) {
		*why = tb_strdup("the game has no rules engine");
		return NULL;
	}
	tb_replay *rp = tb_record_replay(rec);
	if (!rp) /* out of memory: NULL, '*why' NULL */
		return NULL;
	size_t max = tb_replay_count(rp) + 1;
	long *path = tb_malloc(max * sizeof *path);
	long np = path && n ? S_path_frames(rp, &p, path, max) : 0;
	tb_engine *e = NULL;
	if (!path) {
		/* out of memory: NULL, '*why' NULL */
	} else if (np < 0) {
		*why = tb_strdup("the rules did not replay this node");
	} else {
		long known = np - 1; /* the last frame on the path whose position is known */
		while (known >= 0 && !S_known(rp, path[known]))
			known--;
		long from = known < 0 ? -1 : path[known];
		if (from < 0 && !S_known(rp, -1)) /* no position at all on the way */
			*why = tb_replay_why(rp, -1); /* NULL: out of memory */
		else if (S_reached(at, rp, rec->game, path, np, known)) {
			e = tb_replay_engine(rp, from);
		}
	}
	free(path);
	tb_replay_free(rp);
	return e;
}

/* ===== A reading's alternatives as nodes (tb_node_alt) ===== */

/* What the node readers read of alternative 'a' of reading 'n', into 'v':
 * its own fields, and the reading's number and side when it is a turn. */
static void S_alt_node(const tb_node *n, const tb_alt *a, tb_node *v)
{
	memset(v, 0, sizeof *v);
	v->kind = a->kind;
	v->reconstructed = a->reconstructed;
	v->side = 2;
	if (tb_kind_is_turn(a->kind) && n->side != 2) {
		v->number = n->number;
		v->side = n->side;
	}
	v->span = a->span;
	v->move = a->move;
	v->gap_min = a->gap_min;
	v->gap_max = a->gap_max;
	v->position = a->position;
	v->evidence = a->evidence;
	v->comments = a->comments;
}

tb_node *tb_node_alt(const tb_record *rec, const tb_node *n, size_t i)
{
	if (!rec || !n || n->kind != TB_NODE_READING || i >= n->nalts)
		return NULL;
	tb_alt *a = &n->alts[i]; /* not const: its view is its own, not the caller's */
	if (!a->view) { /* made once per alternative, in the record's arena */
		a->view = tb_arena_alloc(&((tb_record *)rec)->arena, sizeof *a->view);
		if (!a->view)
			return NULL;
	}
	S_alt_node(n, a, a->view); /* as the reading is now */
	return a->view;
}
