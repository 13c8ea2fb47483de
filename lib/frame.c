/*
 * frame.c -- a frame of the replay (replay.h) told in words: as the
 * turn report tb_reader_validate gives (tb_replay_report), and why the
 * rules do not know its position (tb_replay_why). Public face:
 * tablero.h, "One reading of a record".
 *
 * Nothing here replays: it reads what validate.c left in the frames
 * and, for a turn the rules refused, asks them why in the position the
 * frame keeps (the last they knew).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lang.h"
#include "record.h"
#include "replay.h"
#include "reasons.h"
#include "writer.h"
#include "xalloc.h"

/* Frame 'i' (-1 the start), or NULL. */
static const tb_frame *S_frame(const tb_replay *rp, long i)
{
	if (!rp || i < -1 || (i >= 0 && (size_t)i >= tb_replay_nframes(rp)))
		return NULL;
	return i < 0 ? tb_replay_start(rp) : tb_replay_index(rp, (size_t)i);
}

/* What frame 'f' is, into 'b': the turn(s) the rules played for it when
 * they know them, else its node as written ("?", "<gap 2>"). */
static void S_token(tb_buf *b, const tb_replay *rp, const tb_frame *f)
{
	if (f->played) {
		tb_turn_token(b, &f->turn);
		return;
	}
	const tb_turn *seq = tb_replay_turns(rp, f);
	for (size_t k = 0; k < f->nseq; k++) {
		tb_buf_puts(b, k ? " " : "");
		tb_turn_token(b, &seq[k]);
	}
	if (f->nseq)
		return;
	const tb_node *n = f->node;
	if (n->kind == TB_NODE_READING && f->alt < n->nalts) {
		tb_alt bare = n->alts[f->alt];
		bare.comments = NULL;
		tb_write_alt(b, tb_replay_record(rp)->game, &bare);
	} else {
		tb_write_node(b, tb_replay_record(rp)->game, n, TB_WRITE_BODY);
	}
}

/* The game's end in the frame's position, "1-0 (Yellow cannot move and
 * loses)", into 'b'; nothing while it goes on. */
static void S_over(tb_buf *b, const tb_replay *rp, const tb_frame *f)
{
	const tb_ruleset *rs = tb_replay_rules(rp);
	tb_result res;
	char why[200];
	if (rs && rs->rules->over(rs, &f->st, &res, why, sizeof why))
		tb_buf_printf(b, "%s (%s)", tb_result_text[res], why);
}

int tb_replay_report(const tb_replay *rp, long i, tb_turn_fn fn, void *ctx)
{
	const tb_frame *f = S_frame(rp, i);
	if (!f || !f->node || !fn)
		return TB_EINVAL;
	int known = f->status == TB_FRAME_WRITTEN || f->status == TB_FRAME_RECONSTRUCTED;
	tb_events ev = {0};
	if (f->nev) /* none: the pool may be NULL, not memcpy's to read */
		tb_replay_events_of(rp, f, &ev);
	tb_buf tok = TB_BUF_SOFT, evt = TB_BUF_SOFT, over = TB_BUF_SOFT;
	S_token(&tok, rp, f);
	tb_events_write(&evt, &ev);
	if (known)
		S_over(&over, rp, f);
	char *pos = tb_replay_position(rp, i);
	tb_turn_event one[TB_EVENTS_MAX];
	char pts[TB_EVENTS_MAX][2][4];
	tb_events_public(&ev, one, pts);
	int rc = TB_ENOMEM;
	if (tb_buf_ok(&tok) && tb_buf_ok(&evt) && tb_buf_ok(&over) && (pos || !f->has_st)) {
		const tb_node *n = f->node;
		unsigned line = n->span.line, col = n->span.col;
		if (n->kind == TB_NODE_READING && f->alt && f->alt < n->nalts) {
			line = n->alts[f->alt].span.line;
			col = n->alts[f->alt].span.col;
		}
		tb_turn_report rep = {n->number, n->side, tok.data ? tok.data : "", pos ? pos : "",
		                      evt.data ? evt.data : "", line, col, ev.n, one,
		                      over.data};
		fn(ctx, &rep);
		rc = 0;
	}
	free(pos);
	tb_buf_free(&tok);
	tb_buf_free(&evt);
	tb_buf_free(&over);
	return rc;
}

/* ===== Why a position is not known ===== */

/* Looks for node 'want' in line 'l' and its variations, 'before' the
 * frame of the position before the line's first node (-1 the start;
 * -2 none). Sets '*out' to the frame of the position before 'want'. */
static int S_seek(const tb_replay *rp, const tb_line *l, long before, const tb_node *want,
                  long *out)
{
	long prev = before;
	for (const tb_node *x = l->first; x; x = x->next) {
		if (x == want) {
			*out = prev;
			return 1;
		}
		for (const tb_line *v = x->variations; v; v = v->next)
			if (S_seek(rp, v, prev, want, out))
				return 1;
		prev = tb_replay_find(rp, x, 0);
		prev = prev < 0 ? -2 : prev;
	}
	return 0;
}

/* Is the position before frame 'f' known -- the one its frame keeps,
 * then (not a last known one, far back in an open stretch)? */
static int S_before_known(const tb_replay *rp, const tb_frame *f)
{
	long before = -2;
	if (!S_seek(rp, &tb_replay_record(rp)->main, -1, f->node, &before) || before < -1)
		return 0;
	const tb_frame *b = S_frame(rp, before);
	return b->status == TB_FRAME_WRITTEN || b->status == TB_FRAME_RECONSTRUCTED;
}

/* Why the rules refuse frame 'f''s turn in the position it keeps (the
 * one before it), into 'b' in 'l': as replay_walk.c said it. */
static void S_refused(tb_buf *b, const tb_replay *rp, const tb_frame *f, const tb_lang *l)
{
	const tb_ruleset *rs = tb_replay_rules(rp);
	const tb_node *n = f->node;
	const tb_alt *a = n->kind == TB_NODE_READING && f->alt < n->nalts ? &n->alts[f->alt] : NULL;
	int kind = a ? a->kind : n->kind;
	const tb_move *m = a ? &a->move : &n->move;
	if (!rs || !f->has_st || (kind != TB_NODE_MOVE && kind != TB_NODE_PASS)) {
		tb_buf_puts(b, tb_lang_text(l, "why.refused"));
		return;
	}
	if (!S_before_known(rp, f)) {
		tb_buf_puts(b, tb_lang_text(l, "why.refused.all"));
		return;
	}
	tb_turns list = {NULL, 0};
	size_t count = tb_turns_list(rs, &f->st, &list), fit = 0;
	const tb_move none = {0, 0, NULL};
	const tb_move *want = kind == TB_NODE_PASS ? &none : m;
	for (size_t k = 0; k < count; k++)
		fit += tb_turn_fits(&list.v[k], want) && list.v[k].crown == want->crown;
	int failed = tb_turns_failed(&list);
	tb_turns_free(&list);
	if (failed) {
		b->failed = 1;
	} else if (fit > 1) {
		char num[24];
		snprintf(num, sizeof num, "%zu", fit);
		tb_lang_fill(b, tb_lang_text_n(l, "why.fits", (long)fit), (const char *[]){num}, 1);
	} else if (kind == TB_NODE_PASS) {
		tb_buf_puts(b, tb_lang_text(l, "why.pass"));
	} else {
		tb_why why;
		char text[480];
		tb_say_no_fit(&why);
		rs->rules->explain(rs, &f->st, m, &why);
		tb_why_text(&why, l, text, sizeof text);
		if (!why.key) /* out of memory (rules.h) */
			b->failed = 1;
		tb_buf_puts(b, text);
	}
}

char *tb_replay_why(const tb_replay *rp, long i)
{
	return tb_replay_why_in(rp, i, NULL);
}

char *tb_replay_why_in(const tb_replay *rp, long i, const tb_lang *l)
{
	const tb_frame *f = S_frame(rp, i);
	if (!f || f->status == TB_FRAME_WRITTEN || f->status == TB_FRAME_RECONSTRUCTED)
		return NULL;
	tb_buf b = TB_BUF_SOFT;
	const tb_ruleset *rs = tb_replay_rules(rp);
	tb_result res;
	char over[200], num[24], fits[24];
	switch (f->stop) {
	case TB_STOP_OPEN: {
		snprintf(num, sizeof num, "%zu", f->npositions);
		char *open = tb_lang_format(l, "why.open", (const char *[]){num}, 1);
		snprintf(fits, sizeof fits, "%llu", f->fits);
		const char *more = tb_node_followed(f->node) == TB_NODE_GAP ? "why.open.fits.gap"
		                                                            : "why.open.fits";
		if (!open)
			tb_buf_fail(&b);
		else if (f->fits)
			tb_lang_fill(&b, tb_lang_text(l, more), (const char *[]){open, fits}, 2);
		else
			tb_buf_puts(&b, open);
		free(open);
		break;
	}
	case TB_STOP_REFUSED:
		S_refused(&b, rp, f, l);
		break;
	case TB_STOP_AFTER_END:
		if (rs && f->has_st && S_before_known(rp, f) &&
		    tb_rules_over_in(rs, &f->st, l, &res, over, sizeof over))
			tb_lang_fill(&b, tb_lang_text(l, "why.over.why"), (const char *[]){over}, 1);
		else
			tb_buf_puts(&b, tb_lang_text(l, "why.over"));
		break;
	case TB_STOP_NO_FIT:
		tb_buf_puts(&b, tb_lang_text(l, "why.nofit.here"));
		break;
	case TB_STOP_LIMIT:
		tb_buf_puts(&b, tb_lang_text(l, "why.limit"));
		break;
	case TB_STOP_GAP:
		tb_buf_puts(&b, tb_lang_text(l, "why.gap"));
		break;
	case TB_STOP_POSITION:
		tb_buf_puts(&b, tb_lang_text(l, "why.position"));
		break;
	case TB_STOP_START: /* load()'s remark stays in English (rules.h) */
		tb_lang_fill(&b, tb_lang_text(l, "why.start"),
		             (const char *[]){tb_replay_start_why(rp) ? tb_replay_start_why(rp) : ""}, 1);
		break;
	case TB_STOP_EARLIER:
		tb_buf_puts(&b, tb_lang_text(l, "why.earlier"));
		break;
	case TB_STOP_ALTERNATIVE:
		tb_buf_puts(&b, tb_lang_text(l, "why.alternative"));
		break;
	default:
		tb_buf_puts(&b, tb_lang_text(l, "why.other"));
		break;
	}
	return tb_buf_detach(&b, NULL);
}
