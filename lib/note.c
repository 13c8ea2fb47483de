/*
 * note.c -- what the writers say where the rules do not know the
 * position (note.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "caption.h"
#include "diagram.h"
#include "note.h"
#include "writer.h"
#include "xalloc.h"

int tb_walk_open(const tb_walk *w)
{
	return !w->live && w->frame && w->frame->status == TB_FRAME_OPEN && w->stop;
}

/* The frame of the node the rules stopped at (the one walked, when it is
 * the stop: it may be a reading's alternative). */
static const tb_frame *S_stop_frame(const tb_walk *w)
{
	if (w->frame && w->frame->node == w->stop)
		return w->frame;
	return tb_replay_frame(w->rp, w->stop, 0);
}

/* The key that says why, from the stop's frame 'sf' and the frame 'f'
 * walked last; 'count' its {1}. */
static const char *S_why_key(const tb_frame *sf, const tb_frame *f, char *count, size_t n)
{
	switch (sf ? sf->stop : TB_STOP_NONE) {
	case TB_STOP_OPEN:
		if (sf->open && sf->fits > 1) {
			snprintf(count, n, "%llu", sf->fits);
			return tb_node_followed(sf->node) == TB_NODE_GAP ? "note.fits.gap" : "note.fits";
		}
		snprintf(count, n, "%zu", f ? f->npositions : sf->npositions);
		return "note.positions";
	case TB_STOP_REFUSED:
		return sf->code == TB_D_UNCHECKED ? "note.ambiguous" : "note.refused";
	case TB_STOP_AFTER_END:
		return "note.over";
	case TB_STOP_NO_FIT:
		return "note.nofit";
	case TB_STOP_LIMIT:
		return "note.limit";
	case TB_STOP_GAP:
		return "note.gap";
	case TB_STOP_POSITION:
		return "note.position";
	default:
		return "note.other";
	}
}

/* "10... a4-a5", "<gap>": node 'nd' numbered and written. */
static int S_node_token(char *out, size_t n, const tb_record *rec, const tb_node *nd)
{
	tb_buf b = TB_BUF_SOFT;
	if (tb_kind_is_turn(tb_node_followed(nd)) && nd->number)
		tb_buf_printf(&b, "%u%s ", nd->number, nd->side == 1 ? "..." : ".");
	tb_write_node(&b, rec->game, nd, TB_WRITE_BARE);
	int ok = tb_buf_ok(&b);
	snprintf(out, n, "%s", ok && b.data ? b.data : "");
	tb_buf_free(&b);
	return ok;
}

/* The turn the rules decide for the node walked last, inside a stretch
 * that stays open (one turn fits it from every possible position, which
 * stay several: spec/replay.md §3), into 'n': its node and turn. */
static int S_decided(tb_note *n, const tb_walk *w)
{
	const tb_frame *f = w->frame;
	if (!f || f->status != TB_FRAME_OPEN || !f->played || !f->open)
		return 1;
	tb_buf b = TB_BUF_SOFT;
	tb_turn_write(&b, f->turn.nparts ? TB_NODE_MOVE : TB_NODE_PASS,
	              &(tb_move){f->turn.nparts, f->turn.crown, (tb_part *)f->turn.parts});
	int ok = tb_buf_ok(&b) && S_node_token(n->node, sizeof n->node, w->rec, f->node);
	snprintf(n->turn, sizeof n->turn, "%s", ok && b.data ? b.data : "");
	tb_buf_free(&b);
	if (!ok)
		*n->node = '\0';
	return ok;
}

/* What the last known position follows: the turn, or (a position
 * restated) the turns before it; at the start, the start's key. */
static int S_after(tb_note *n, const tb_walk *w)
{
	if (w->has_last && w->last_node) {
		tb_buf b = TB_BUF_SOFT;
		tb_walk_last_token(w, &b);
		int ok = tb_buf_ok(&b);
		snprintf(n->after, sizeof n->after, "%s", ok && b.data ? b.data : "");
		tb_buf_free(&b);
		return ok;
	}
	n->after_ply = w->live_ply;
	if (!w->live_ply)
		n->shown = "note.shown.start";
	return 1;
}

/* The words 'shown' takes: the turn, or "turn 16 of the record". The
 * caller frees them; NULL when memory ran out. */
static char *S_after_words(const tb_note *n, const tb_lang *l)
{
	if (*n->after)
		return tb_strdup(n->after);
	char ply[24];
	snprintf(ply, sizeof ply, "%ld", n->after_ply);
	return tb_lang_format(l, "caption.turn", (const char *[]){ply}, 1);
}

int tb_note_make(tb_note *n, const tb_walk *w)
{
	memset(n, 0, sizeof *n);
	n->open = tb_walk_open(w);
	if (!w->stop) { /* the start cannot be played: nothing is known */
		n->why = "note.start";
		return 1;
	}
	const tb_frame *sf = S_stop_frame(w);
	n->why = S_why_key(sf, w->frame, n->count, sizeof n->count);
	int ok = S_node_token(n->at, sizeof n->at, w->rec, w->stop) && S_decided(n, w);
	n->shown = "note.shown";
	return S_after(n, w) && ok;
}

/* 's' isolated left to right (U+2066 ... U+2069) in text read right to
 * left, so that a turn ("1. a1-a4") is not turned round by the words
 * round it; as it is in text read left to right. The caller frees it. */
static char *S_isolated(const char *s, const tb_lang *l)
{
	if (!l || !tb_lang_rtl(l) || !*s)
		return tb_strdup(s);
	size_t n = strlen(s);
	char *t = tb_malloc(n + 7);
	if (t) {
		memcpy(t, "\xE2\x81\xA6", 3);
		memcpy(t + 3, s, n);
		memcpy(t + 3 + n, "\xE2\x81\xA9", 4);
	}
	return t;
}

char *tb_note_text(const tb_note *n, const tb_lang *l)
{
	char *at = S_isolated(n->at, l);
	char *why = at ? tb_lang_format(l, n->why, (const char *[]){n->count, at}, 2) : NULL;
	free(at);
	if (why && *n->node) { /* "...; 32... ? is e5-d5, the only turn that fits" */
		char *node = S_isolated(n->node, l), *turn = S_isolated(n->turn, l);
		char *d = node && turn ? tb_lang_format(l, "note.decided", (const char *[]){node, turn}, 2)
		                       : NULL;
		free(node);
		free(turn);
		char *both = d ? tb_lang_format(l, "note.join", (const char *[]){why, d}, 2) : NULL;
		free(d);
		free(why);
		why = both;
	}
	if (!why || !n->shown)
		return why;
	char *words = S_after_words(n, l);
	char *after = words && *n->after ? S_isolated(words, l) : words;
	if (after != words)
		free(words);
	char *shown = after ? tb_lang_format(l, n->shown, (const char *[]){after}, 1) : NULL;
	free(after);
	char *all = shown ? tb_lang_format(l, "note.join", (const char *[]){why, shown}, 2) : NULL;
	free(why);
	free(shown);
	return all;
}

/* Appends the text of 'key' of 'l' between placeholders 'from' ("" the
 * start) and 'to' (NULL the end): the join's punctuation. */
static void S_join_piece(tb_para *p, const tb_lang *l, const char *from, const char *to)
{
	const char *t = tb_lang_text(l, "note.join");
	const char *a = *from ? strstr(t, from) : t;
	if (!a)
		return;
	a += strlen(from);
	const char *b = to ? strstr(a, to) : a + strlen(a);
	if (b && b > a)
		tb_para_add(p, a, (size_t)(b - a), TB_RUN_GLUE);
}

void tb_note_para(tb_para *p, const tb_note *n, const tb_lang *l)
{
	unsigned keep = TB_RUN_KEEP | (p->rtl ? TB_RUN_LTR : 0);
	const char *args[2] = {n->count, n->at};
	const unsigned af[2] = {keep, keep};
	tb_para_lang(p, l, n->why, 0, args, af, 2);
	if (*n->node) {
		const char *dargs[2] = {n->node, n->turn};
		S_join_piece(p, l, "{1}", "{2}");
		tb_para_lang(p, l, "note.decided", 0, dargs, af, 2);
	}
	if (!n->shown)
		return;
	S_join_piece(p, l, "{1}", "{2}");
	char *words = S_after_words(n, l);
	if (!words) {
		tb_buf_fail(&p->text);
		return;
	}
	const char *after[1] = {words};
	const unsigned aaf[1] = {*n->after ? keep : tb_embed_flags(words, p->rtl)};
	tb_para_lang(p, l, n->shown, 0, after, aaf, 1);
	free(words);
	S_join_piece(p, l, "{2}", NULL);
}
