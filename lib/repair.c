/*
 * repair.c -- the slips that explain an illegal written turn, at it or
 * at the written turns before it (repair.h; spec/reconstruct.md §4).
 *
 * Each edit is tried at each written turn of the look-back, from the
 * position before it: the turns it puts there are played, then the
 * written turns after the ones it stands for, as far as they stay legal
 * (at most the window past the illegal turn). A repair that does not
 * get past the illegal turn explains nothing; of the others, those that
 * get furthest are kept, and ranked by the cost model. With a target --
 * a restated position the written turns before it do not reach -- there
 * is no illegal turn: the edits are the same, and a repair is kept when
 * the written turns after it, up to the position, reach it.
 *
 * Where the time goes (bench/gen's La Pitarra records with errors,
 * counted): about 500 repairs tried per search, 17 million in all for
 * 34,000 searches and 53,000 second-slip searches, and their walks are
 * short -- 2.8 written turns on average, 96% of them stopped before or
 * at the illegal turn. The cost is per repair tried (its position made,
 * its first turns checked), not in the walks: skipping the walk of a
 * repair whose position differs from one walked already only where the
 * walk reads nothing (a rules hook naming the points a turn's check
 * reads) spared one walk in four of those it could compare (one in
 * seven of all) but 5% of the turns walked, and cost more instructions
 * than it saved (+4 to +6%, callgrind), so it is not done. Fewer
 * repairs tried, not cheaper walks, is what would pay.
 *
 * What is spared (spec/reconstruct.md §4.4; counted on the bench's
 * 27.5 MB mixed collection): the written moves are read once a search
 * (63.9 million reads to 2.8 million), and a second slip's search does
 * not replay again the repairs before the first whose replay the main
 * search saw stop before the first's turn, nor the turns up to it of
 * one that stopped at it (S_fates): 17.6 million repairs replayed to
 * 16.0 million, 65.7 million turns checked to 56.5 million. Counted
 * and not made: a table of (position, written turn) checks (0.9% come
 * back within a search) and a cut where a repair's line meets the
 * written line's (1.3% of the replays, 1.5% of the turns). Tried and
 * not kept: keeping the positions a main search's walks go through, so
 * that a second slip's search need not replay from its start a repair
 * whose walk got past the repair it goes through (copying them cost
 * more than the replays spared, +0.5% to +5.6% instructions). Split
 * (a 3 MB slice, callgrind): the main searches 41% of validate, the
 * second slip's 39%; of the turns walked, 53% on walks refused at the
 * illegal turn, 36% before it, 10% past it; the rules' own check and
 * play are half of the searches' instructions. The walks step through
 * the written turns of the line read once a search into an array
 * (tb_repair_seq), not through the nodes and the table of written moves,
 * and the turn each repair of a look-back turn walks on from is found
 * once for that turn (S_after_at): -3.8% instructions on a 1.5 MB slice
 * of the collection with errors (callgrind), the same walks. Tried and
 * not kept: a look-back turn's legal turns listed once for the main
 * search and its second slip's searches by copying each list (the
 * copies cost more than the listings spared: +0.3%); made later by
 * listing them straight into one array the second slip's searches read
 * (S_fates): 2,400.2 to 2,376.6 million instructions on a 3 MB slice
 * (-1.0%, callgrind). A walk's turn is checked and played
 * in one call of the rules where they have one (rules->one_play:
 * repair_walk.h's tb_repair_step_read), and La Pitarra's check tells a
 * tercia from a table of each point's lines: with its own check and play
 * made cheaper, -16% instructions on the 1.5 MB slice (1592.7 M to
 * 1333.2 M, callgrind), the same walks.
 *
 * Counted and not made: pruning, before its walk, a repair that cannot
 * make the illegal turn legal -- its position differs from the written
 * one only on points no written turn up to the illegal one reads, and
 * in no count, side or mark. On the 1.5 MB slice 747,630 repairs are
 * tried, 320,069 of them in main searches (the rest in second slips'
 * searches, replayed through another repair); of those, 303,298 stand
 * for written turns before the illegal one, and their positions differ
 * from the written ones in a mark (La Pitarra's last moves, Asalto's
 * huffs) in 98%, in the hand and side in 50% (a missing turn). Even with
 * marks taken to matter to no one and a turn read as its own points
 * alone, 96,547 could go (13% of those tried); with La Pitarra's reads
 * as its rules make them (the lines of three through the points, all of
 * them for a removal, the illegal turn's own reason), 25,927 (3.5%),
 * saving their walks only (about 1% of validate). A walk cut by a cheap
 * answer of the rules does not pay either: a tighter loop in
 * tb_repair_follow_seq (the one_play read once, runs up to the repair
 * gone on under) cost +0.2%. What was made instead: a missing turn's and
 * a swap's written turns are checked and played in one
 * (rules->one_play), and their turns, and a candidate's first turn,
 * are copied into the repair only when it is kept (S_missing_turn,
 * S_swap_turns, y->first): 1210.4 M to 1185.1 M instructions on the
 * slice (-2.1%, callgrind), the same repairs. Later a walk hands the
 * rules each run of written turns their own check answers for in one
 * call (rules->one_play_run, La Pitarra's: repair_walk.c), not a call a
 * turn: 2,376.6 to 2,259.7 million instructions on the 3 MB slice
 * (-4.9%), the same walks. Tried and not kept: the turns of the repair
 * gone on under played as such a run too (-0.2%); a missing turn's
 * written turn played as the first of its walk's run instead of on its
 * own (+2.1%: the walk's setup was then paid for the many written turns
 * refused after a missing one); La Pitarra's run asking whether the game
 * is over anyway only after a removal (+0.2%: the compiler's code for
 * the loop got worse). What is left, on the bench's quarter (27.5 MB,
 * 21,205.7 million instructions for validate): the slip search 82% of
 * them; the walks' rules (S_one_play_run, S_one_play) 34% of them, the
 * walks' and the candidates' own code (S_keep_from,
 * tb_repair_follow_seq, S_missing, S_one_apart, S_keep) 24%, the
 * candidates' first turns played (S_play) 5%, the look-back's listings
 * 4%.
 */
#include "repair.h"

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "repair_walk.h"
#include "xalloc.h"

/* How far the walks of the look-back's main search got (S_fates): for
 * each look-back turn, for each legal turn of the position before it (in
 * tb_turns_list's order), the 'end' of the walk after the repair that
 * legal turn made -- a point changed, a part added ("apart"), or the
 * turn left out ("missing") -- or 0 where it made none, or the written
 * turn was refused after it; and, when the walk stopped before the
 * illegal turn or at it, the position it stopped in. A second-slip
 * search that replays such a repair through a later one (S_then: the
 * turns before the repair) needs its walk only when it got as far as
 * that later one: up to there the two walks are the same, so one refused
 * before it is refused again, and one refused at it was in that position
 * there -- the second walk goes on from it. */
typedef struct S_fate {
	unsigned end;         /* the walk's 'end'; UINT_MAX: not known (not walked) */
	unsigned st;          /* the position it stopped in: its index in 'st' + 1; 0 none */
} S_fate;

typedef struct S_fates {
	S_fate *end;          /* 2 per legal turn: apart's, then missing's */
	size_t n, cap;
	tb_state *st;         /* the positions the walks stopped in */
	size_t nst, capst;
	size_t off[TB_LOOKBACK_MAX + 1], nlegal[TB_LOOKBACK_MAX + 1];
	int ok[TB_LOOKBACK_MAX + 1]; /* the turn's ends are all there */
	/* The legal turns of the position before each look-back turn, listed
	 * once (S_legal): a second slip's search that replays repairs through
	 * a later one comes to the same positions again, those of the turns
	 * before it (27% of the look-back's listings on a 1 MB slice of the
	 * bench's collection with errors). Listed straight into one array,
	 * each turn's after the last's: a copy of each list cost more than
	 * the listings it spared (+0.3%, repair.c's header). */
	tb_turn *turns;
	size_t nturns, capturns;
	size_t toff[TB_LOOKBACK_MAX + 1], tn[TB_LOOKBACK_MAX + 1];
	int listed[TB_LOOKBACK_MAX + 1];
} S_fates;

/* A search under way. */
typedef struct S_try {
	const tb_repair_in *in;
	const tb_confusion *conf;
	int full;             /* keep only repairs whose whole window stays legal */
	size_t at;            /* the look-back's turn being repaired */
	const tb_move *m;     /* what it writes */
	int pass;
	tb_repair_move wm;    /* the same, as the walks check it */
	/* The written turn a repair of look-back turn 'at' consuming c written
	 * turns walks on from, after[c] (c <= 3: a side's two turns swapped
	 * consume three), and whether one of those c is a turn the repair
	 * gone on under stands for, cut[c] (the repair is then not tried):
	 * found once a look-back turn (S_after_at), not for every repair. */
	const tb_node *after[4];
	uint8_t cut[4];
	tb_turns l;           /* the walks' turn lists, */
	tb_turns own, l2;     /* S_at's and S_missing's: kept for the whole search */
	tb_repair_moves read; /* the written moves the walks read (tb_repair_follow) */
	/* The written turns of the line from the first look-back turn, read
	 * once (tb_repair_seq; S_seq_start), and the index there of each
	 * look-back turn; 'seq_ok' 0 when they are not used (tb_repair_in.plain,
	 * or a look-back whose turns are not one line). */
	tb_repair_seq seq;
	size_t seq_at[TB_LOOKBACK_MAX + 1];
	int seq_ok;
	tb_repair_under under; /* in->under as they replay it (under.r NULL: none) */
	tb_repair *out;
	size_t room, n;       /* kept (at most 'room'), and found in all */
	unsigned best;        /* the furthest 'end' kept */
	unsigned rival;       /* the least weight of those that went, RIVAL past the
	                         illegal turn (UINT_MAX: none) */
	int nomem;            /* memory ran out listing turns */
	unsigned stop_at;     /* how far only (S_furthest): the 'end' no repair passes,
	                         where the search stops; 0: every repair, ranked */
	const tb_turn *missing; /* S_missing's repair under way, its written turn
	                         checked and played in one (rules->one_play): the
	                         legal turn put before it, from which S_missing_turn
	                         finds that turn again for a repair kept; else NULL */
	const tb_turn *first; /* the repair under way's first turn, not copied into
	                         it (r->turn[0]) but for a repair S_keep_from keeps
	                         (a copy for every candidate, most never kept, was
	                         0.9% of validate's instructions); NULL: r->turn[0]
	                         holds it */
	const tb_move *swap_m[3]; /* S_swap's repair under way, its written turns */
	uint8_t swap_pass[3];  /* checked and played in one: those turns, in the */
	uint8_t nswap;         /* order played, for S_swap_turns to find again for
	                          a repair kept; 'nswap' 0 otherwise */
	S_fate *fate;         /* the main search: where the repair under way's walk
	                         goes (S_fates), or NULL */
	const tb_state *resume; /* a second slip's search: the position the main
	                         search's walk of the repair under way stopped in,
	                         at the repair gone on under, or NULL (S_fates) */
	S_fates *keep;        /* the main search: the ends kept, or NULL */
	uint64_t kept_at;     /* the main search: bit i set when a repair of look-back
	                         turn i is held in 'out' (S_fate_keep) */
	const S_fates *fates; /* a second slip's search replaying repairs through
	                         the first (in->under): the main search's ends,
	                         or NULL; 'lo' the look-back index there of this
	                         search's first turn */
	size_t lo;
} S_try;

/* Is there nothing left for search 'y' to find: memory ran out, or (how
 * far only) a repair got to the 'end' none passes (S_furthest)? Checked
 * between candidates, so that the search stops at the first that gets
 * there: the rest could only tie it. */
static int S_done(const S_try *y)
{
	return y->nomem || (y->stop_at && y->n && y->best >= y->stop_at);
}

/* Ranks 'a' before 'b'? Fewer edits, a comment naming it, (both stopped
 * by a later turn) the further one slip more gets, the lighter weight,
 * (with a whole window to keep) the further reach, the nearer the
 * illegal turn, the kind's order. */
static int S_before(const tb_repair *a, const tb_repair *b)
{
	if (a->edits != b->edits)
		return a->edits < b->edits;
	if (a->commented != b->commented)
		return a->commented > b->commented;
	if (a->stopped && b->stopped && a->then != b->then)
		return a->then > b->then;
	if (a->weight != b->weight)
		return a->weight < b->weight;
	if (a->end != b->end)
		return a->end > b->end;
	if (a->back != b->back)
		return a->back < b->back;
	return a->kind < b->kind;
}

/* Repair 'r' goes, others getting further: a rival of theirs when it
 * stayed legal RIVAL written turns past the illegal one -- a second
 * slip there may have stopped the right repair and let a wrong one
 * through (validate_slips.c's S_certain). */
static void S_rival(S_try *y, const tb_repair *r)
{
	enum { RIVAL = 4 };
	if (r->end >= y->in->k + RIVAL && r->weight < y->rival)
		y->rival = r->weight;
}

/* Plays 'turns' from the position before look-back turn y->at, then the
 * written turns after the 'consumed' ones; keeps the repair when they
 * get past the illegal turn (the whole window, when y->full) and as far
 * as the furthest kept -- or, with a target, when every written turn of
 * the look-back after it is legal and they reach the target. */
static void S_keep_from(S_try *y, tb_repair *r, tb_state *played);

/* Keeps 'end', the end of the walk of the main search's repair under way
 * (y->fate), and 's', the position it stopped in when that is before the
 * illegal turn or at it and a repair of the look-back turn it stopped at
 * is held (S_fates); out of memory, y->nomem. A second slip's search
 * resumes from that position only for a repair held there (S_resume: the
 * repair it goes on under is one of those the main search kept), and
 * the main search goes from the illegal turn back: a walk of look-back
 * turn i stops at a turn after i, whose repairs were all tried already,
 * and of which those held now are all that can be held in the end (a
 * repair that gets further drops them all, S_keep_from). Copying every
 * stopped position, most of them never read, and growing the array for
 * them: 2,423.1 million instructions for validate on a 3 MB slice of the
 * bench's collection with errors, 2,400.2 million without (callgrind). */
static void S_fate_keep(S_try *y, unsigned end, const tb_state *s)
{
	S_fates *f = y->keep;
	y->fate->end = end;
	if (end >= y->in->k)
		return; /* no second slip's search stops it further on */
	if (!(y->kept_at >> end & 1))
		return; /* no repair held there: no second slip's search resumes here */
	if (f->nst == f->capst) {
		size_t cap = 2 * f->capst + 64;
		tb_state *grown = tb_realloc(f->st, cap * sizeof *grown);
		if (!grown) {
			y->nomem = 1;
			return;
		}
		f->st = grown;
		f->capst = cap;
	}
	f->st[f->nst++] = *s;
	y->fate->st = (unsigned)f->nst;
}

/* The second turn of S_missing's repair 'r' (y->missing put before the
 * written turn): that turn as tb_repair_found_read finds it after
 * y->missing, into r->turn[1]. 0 when memory ran out (y->nomem) or it
 * is not found -- which cannot be: rules->one_play found it (the same
 * answer as rules->one, rules.h). */
static int S_missing_turn(S_try *y, tb_repair *r)
{
	const tb_ruleset *rs = y->in->rs;
	tb_state w = y->in->before[y->at];
	rs->rules->play(rs, &w, y->missing, NULL);
	const tb_turn *t = tb_repair_found_read(rs, &w, &y->wm, &y->l2, &y->nomem);
	if (!t)
		return 0;
	r->turn[1] = *t;
	return 1;
}

/* The turns of S_swap's repair 'r' (y->swap_m, in the order played from
 * the position before look-back turn y->at), as tb_repair_one finds them,
 * into r->turn. 0 when memory ran out (y->nomem) or one is not found --
 * which cannot be: tb_repair_step_read found each (the same answer,
 * rules.h's one and one_play). */
static int S_swap_turns(S_try *y, tb_repair *r)
{
	const tb_ruleset *rs = y->in->rs;
	tb_state w = y->in->before[y->at];
	for (unsigned i = 0; i < y->nswap; i++) {
		if (!tb_repair_one(rs, &w, y->swap_m[i], y->swap_pass[i], &y->l, &r->turn[i], &y->nomem))
			return 0;
		rs->rules->play(rs, &w, &r->turn[i], NULL);
	}
	return 1;
}

static void S_keep(S_try *y, tb_repair *r)
{
	const tb_repair_in *in = y->in;
	if (y->resume) { /* its walk goes on from where the main search's stopped */
		S_keep_from(y, r, NULL);
		return;
	}
	tb_state w = in->before[y->at];
	for (unsigned i = 0; i < r->nturns; i++)
		in->rs->rules->play(in->rs, &w, i == 0 && y->first ? y->first : &r->turn[i], NULL);
	S_keep_from(y, r, &w);
}

/* S_keep of repair 'r' whose first turn is legal turn 't': copied into
 * it only when it is kept (y->first), but with tb_repair_in.plain, the
 * tests' reference. */
static void S_keep_first(S_try *y, tb_repair *r, const tb_turn *t)
{
	if (y->in->plain) {
		r->turn[0] = *t;
		S_keep(y, r);
		return;
	}
	y->first = t;
	S_keep(y, r);
	y->first = NULL;
}

/* The weight of one point changed ('r', POINT: r->said written as
 * r->heard), and its kind: SOUND when the points share a letter or a
 * number and dictation confuses the other. Only for a repair whose walk
 * went past the illegal turn: nothing reads the weight or the kind of
 * one that did not (S_keep_from) -- one in thirteen on the bench's
 * collection with errors, where weighing all was 3% of validate's CPU. */
static void S_point_rank(const S_try *y, tb_repair *r)
{
	r->weight = tb_confusion_point(y->conf, r->said, r->heard);
	int alike = TB_PT_FILE(r->said) == TB_PT_FILE(r->heard) ||
	            TB_PT_RANK(r->said) == TB_PT_RANK(r->heard);
	if (alike && r->weight < TB_CONFUSE_OTHER)
		r->kind = TB_REPAIR_SOUND;
}

/* S_keep, 'w' the position after the turns of 'r' played from the one
 * before look-back turn y->at (a caller that played them already);
 * 'w' is used up. */
static void S_keep_from(S_try *y, tb_repair *r, tb_state *played)
{
	const tb_repair_in *in = y->in;
	tb_state *w = played, resumed;
	const tb_repair *under = in->under && y->at < in->under_at ? in->under : NULL;
	const tb_repair_under *read_under = under ? &y->under : NULL;
	const tb_node *after;
	if (in->plain) { /* (the plain way: the tests' reference for S_after_at) */
		after = in->nodes[y->at];
		for (unsigned i = 0; i < r->consumed; i++) {
			if (under && after == under->node) {
				if (y->fate)
					y->fate->end = UINT_MAX; /* (not walked: S_fates cannot tell) */
				return; /* it would change a turn the repair gone on under stands for */
			}
			after = tb_repair_next_turn(after);
		}
	} else {
		if (y->cut[r->consumed]) {
			if (y->fate)
				y->fate->end = UINT_MAX; /* (not walked: S_fates cannot tell) */
			return; /* it would change a turn the repair gone on under stands for */
		}
		after = y->after[r->consumed];
	}
	size_t first = y->at + r->consumed; /* the look-back index of 'after' */
	size_t limit = in->target ? in->k : in->k + in->window;
	unsigned done = 0; /* written turns the main search's walk played for it */
	if (y->resume) { /* (S_fates: 'under' is this search's, and after 'after') */
		resumed = *y->resume;
		w = &resumed;
		done = (unsigned)(in->under_at - first);
		after = under->node;
	}
	int illegal = 0;
	unsigned reach = 0;
	if (first < limit && y->seq_ok) /* (the same walk, through the turns read: S_seq_start) */
		reach = done + tb_repair_follow_seq(in->rs, w, &y->seq,
		                                    y->resume ? y->seq.under
		                                              : y->seq_at[y->at] + r->consumed,
		                                    (unsigned)(limit - first) - done, read_under,
		                                    &y->l, &y->read, in->counts, &illegal, &y->nomem);
	else if (first < limit)
		reach = done + tb_repair_follow(in->rs, w, after, (unsigned)(limit - first) - done,
		                                read_under, &y->l, in->plain ? NULL : &y->read,
		                                in->counts, &illegal, &y->nomem);
	unsigned end = (unsigned)first + reach;
	if (y->fate)
		S_fate_keep(y, end, w);
	if (in->counts) {
		in->counts->repairs++;
		in->counts->turns += reach - done + (unsigned)illegal;
	}
	if (in->target && (end != in->k || !tb_repair_reaches(in->rs, w, in->target, &y->nomem)))
		return; /* a written turn before the position refused, or another position */
	if (end < in->k || (y->full && illegal))
		return; /* the illegal turn stays illegal, or the window does not hold */
	if ((y->missing && !S_missing_turn(y, r)) || (y->nswap && !S_swap_turns(y, r)))
		return; /* (out of memory) */
	if (y->first)
		r->turn[0] = *y->first;
	if (r->kind == TB_REPAIR_POINT && !y->stop_at) /* (how far only: no rank) */
		S_point_rank(y, r);
	r->reach = reach;
	r->end = end;
	r->then = end;
	r->stopped = (uint8_t)illegal;
	r->back = (uint8_t)(in->k - 1 - y->at);
	r->node = in->nodes[y->at];
	r->edits = 1;
	if (!y->stop_at && tb_repair_commented(y->in->nodes, y->at, r)) { /* (how far only: no rank) */
		r->commented = 1;
		r->weight = 0;
	}
	if (!y->full && end < y->best) {
		S_rival(y, r);
		return;
	}
	if (!y->full && end > y->best) { /* a repair that gets further: the others go */
		for (size_t i = 0; i < y->n && i < y->room; i++)
			S_rival(y, &y->out[i]);
		y->best = end;
		y->n = 0;
		y->kept_at = 0;
	}
	if (y->n < y->room) {
		y->kept_at |= (uint64_t)1 << y->at;
		for (unsigned i = r->nturns; i < sizeof r->turn / sizeof r->turn[0]; i++)
			memset(&r->turn[i], 0, sizeof r->turn[i]);
		y->out[y->n] = *r;
	}
	y->n++;
}

/* Clears repair 'r' but its turns, which the one who fills it sets, as
 * many as it plays (a candidate is made for each legal turn: the unused
 * slots are cleared only when it is kept, S_keep_from). */
static void S_blank(tb_repair *r)
{
	memset(r, 0, offsetof(tb_repair, turn));
}

/* Legal turn 't' against written 'm' with as many parts: one point
 * changed, one confusion in every point, or the crown marker. */
static void S_same_shape(S_try *y, const tb_turn *t, const tb_move *m)
{
	unsigned diff = 0, at = 0;
	for (unsigned k = 0; k < m->nparts; k++) {
		if (t->parts[k].kind != m->parts[k].kind)
			return;
		if (t->parts[k].pt != m->parts[k].pt)
			diff++, at = k;
	}
	tb_repair r;
	S_blank(&r);
	r.nturns = r.consumed = 1;
	if (diff == 0) {
		if (t->crown == m->crown)
			return; /* the written turn itself */
		r.kind = TB_REPAIR_CROWN;
		r.weight = 2;
	} else if (diff == 1) {
		r.said = t->parts[at].pt;
		r.heard = m->parts[at].pt;
		r.kind = TB_REPAIR_POINT; /* or SOUND: S_point_rank, after its walk */
	} else if ((r.weight = tb_confusion_same(y->conf, t, m)) != 0) {
		r.kind = TB_REPAIR_SAME;
		for (unsigned k = 0; k < m->nparts && !r.said; k++)
			if (t->parts[k].pt != m->parts[k].pt)
				r.said = t->parts[k].pt, r.heard = m->parts[k].pt;
	} else {
		return;
	}
	if (t->crown != m->crown && r.kind != TB_REPAIR_CROWN)
		return; /* two edits */
	S_keep_first(y, &r, t);
}

/* The position the main search's walk of a repair stopped in ('f', the
 * fate of the same repair there; NULL: none), when that is at look-back
 * turn 'a' of the main search: where the repair gone on under goes
 * (S_fates_need); else NULL. */
static const tb_state *S_resume(const S_try *y, const S_fate *f, unsigned a)
{
	return f && f->end == a && f->st ? &y->fates->st[f->st - 1] : NULL;
}

/* Legal turns that are the written move with one point changed (or one
 * confusion in all of them, or its crown marker), or with one part it
 * does not write (a capture, removal, pushback). The 'end' of each one's
 * walk into 'keep[i]' (when not NULL: S_fates); with 'need', only those
 * whose walk got to look-back turn 'a' in the main search (S_fates). */
static void S_one_apart(S_try *y, const tb_move *m, const tb_turn *legal, size_t nlegal,
                        S_fate *keep, const S_fate *need, unsigned a)
{
	for (size_t i = 0; i < nlegal && !S_done(y); i++) {
		const tb_turn *t = &legal[i];
		if (need && need[i].end < a)
			continue; /* refused before the repair it is replayed through */
		y->fate = keep ? &keep[i] : NULL;
		y->resume = S_resume(y, need ? &need[i] : NULL, a);
		if (t->nparts == m->nparts) {
			S_same_shape(y, t, m);
		} else if (t->nparts == m->nparts + 1 && m->nparts && t->crown == m->crown) {
			/* one part more: everything the token writes, in order */
			unsigned k = 0;
			for (unsigned j = 0; j < t->nparts && k < m->nparts; j++)
				if (t->parts[j].kind == m->parts[k].kind && t->parts[j].pt == m->parts[k].pt)
					k++;
			if (k == m->nparts && t->parts[0].pt == m->parts[0].pt) {
				tb_repair r;
				S_blank(&r);
				r.kind = TB_REPAIR_PART;
				r.nturns = r.consumed = 1;
				r.weight = 2;
				S_keep_first(y, &r, t);
			}
		}
		y->fate = NULL;
		y->resume = NULL;
	}
}

/* A turn left out (S_missing's repair, either way it is made): two
 * turns standing for one written, its weight; the turns not written. */
static void S_missing_blank(tb_repair *r)
{
	S_blank(r);
	r->kind = TB_REPAIR_MISSING;
	r->nturns = 2;
	r->consumed = 1;
	r->weight = 3;
}

/* S_missing's repair of legal turn 'legal', played into 'w', when the
 * written turn is checked and played after it in one (rules->one_play,
 * a written turn that rules->one answers): 1 when done -- the repair
 * walked when the turn is legal there, none when it is not -- and 0
 * when the rules leave the turn to the list (S_missing's way then, the
 * turn found and played apart). Its second turn is found again only
 * when the repair is kept (S_missing_turn, one in thirteen on the
 * bench's collection with errors): nothing reads it before. Not with
 * tb_repair_in.plain, the tests' reference. */
static int S_missing_one_play(S_try *y, tb_state *w, const tb_turn *legal)
{
	const tb_ruleset *rs = y->in->rs;
	if (y->in->plain || !y->wm.direct || !rs->rules->one_play)
		return 0;
	int one = rs->rules->one_play(rs, w, y->m);
	if (one < 0)
		return 0;
	if (one) {
		tb_repair r;
		S_missing_blank(&r);
		y->missing = y->first = legal; /* both copied only when kept */
		S_keep_from(y, &r, w); /* both turns played already */
		y->missing = y->first = NULL;
	}
	y->fate = NULL;
	return 1;
}

/* A turn left out before the written one: every legal turn, then the
 * written one; 'keep', 'need' and 'a' as S_one_apart's. */
static void S_missing(S_try *y, const tb_turn *legal, size_t nlegal, S_fate *keep,
                      const S_fate *need, unsigned a)
{
	const tb_ruleset *rs = y->in->rs;
	for (size_t i = 0; i < nlegal && !S_done(y); i++) {
		if (need && need[i].end < a)
			continue; /* refused before the repair it is replayed through */
		y->fate = keep ? &keep[i] : NULL;
		if ((y->resume = S_resume(y, need ? &need[i] : NULL, a)) != NULL) {
			/* the written turn was legal after it (the walk went on): its
			 * walk goes on from where the main search's stopped, and its
			 * turns, which a search for how far only keeps nowhere, are
			 * not needed: r.turn[1] is left unset (S_resume answers only
			 * in such a search, which holds no repair it could be read
			 * from) */
			tb_repair r;
			S_blank(&r);
			r.kind = TB_REPAIR_MISSING;
			r.nturns = 2;
			r.consumed = 1;
			r.weight = 3;
			r.turn[0] = legal[i];
			S_keep_from(y, &r, NULL);
			y->resume = NULL;
			continue;
		}
		tb_state w = y->in->before[y->at];
		rs->rules->play(rs, &w, &legal[i], NULL);
		if (S_missing_one_play(y, &w, &legal[i]))
			continue;
		const tb_turn *t =
		    y->in->plain ? tb_repair_found(rs, &w, y->m, y->pass, &y->l2, &y->nomem)
		                 : tb_repair_found_read(rs, &w, &y->wm, &y->l2, &y->nomem);
		if (t) {
			tb_repair r;
			S_missing_blank(&r);
			r.turn[0] = legal[i];
			r.turn[1] = *t;
			rs->rules->play(rs, &w, &r.turn[1], NULL);
			S_keep_from(y, &r, &w); /* both turns played already */
		}
		y->fate = NULL;
	}
}

/* Do written moves 'a' and 'b' write the same turn? */
static int S_same_move(const tb_move *a, const tb_move *b)
{
	if (a->nparts != b->nparts || a->crown != b->crown)
		return 0;
	for (unsigned k = 0; k < a->nparts; k++)
		if (a->parts[k].kind != b->parts[k].kind || a->parts[k].pt != b->parts[k].pt)
			return 0;
	return 1;
}

/* The turn written twice: look-back turn y->at repeats the written turn
 * before it, or that side's one before; dropped. A pass repeats only
 * the turn just before it: a side that cannot move passes turn after
 * turn, and its own pass before is no slip. */
static void S_twice(S_try *y)
{
	int pass;
	for (size_t back = 1; back <= 2 && back <= y->at; back++) {
		const tb_move *prev = tb_repair_written(y->in->rs, y->in->nodes[y->at - back], &pass);
		int same = prev && (y->pass || pass ? y->pass && pass && back == 1
		                                    : S_same_move(prev, y->m));
		if (same) {
			tb_repair r;
			S_blank(&r);
			r.kind = TB_REPAIR_TWICE;
			r.consumed = 1;
			r.weight = 2;
			S_keep(y, &r);
			return;
		}
	}
}

/* Written move 'm' of node 'n' ('pass'), look-back turn y->at's or one
 * of the two after it, as the walks step through it: read already in
 * the written line (y->seq, whose entry tells whether the rules check it
 * in one), or read here. */
static tb_repair_move S_swap_step(const S_try *y, const tb_node *n, const tb_move *m, int pass)
{
	if (n == y->in->nodes[y->at])
		return y->wm;
	for (size_t i = y->seq_ok ? y->seq_at[y->at] + 1 : SIZE_MAX; i < y->seq.n && i <= y->seq_at[y->at] + 2; i++)
		if (y->seq.v[i].node == n && y->seq.v[i].m == m)
			return y->seq.v[i];
	return (tb_repair_move){n, m, (uint8_t)pass, (uint8_t)tb_repair_direct(y->in->rs, m, pass)};
}

/* This turn played after the next one ('gap' 1), or after its side's
 * next one ('gap' 2: the turn between stays where it is). */
static void S_swap(S_try *y, int gap)
{
	const tb_ruleset *rs = y->in->rs;
	const tb_node *other = tb_repair_next_turn(y->in->nodes[y->at]), *mid = NULL;
	if (gap == 2) {
		mid = other;
		other = tb_repair_next_turn(other);
	}
	int opass = 0, mpass = 0;
	const tb_move *om = other ? tb_repair_written(rs, other, &opass) : NULL;
	const tb_move *mm = mid ? tb_repair_written(rs, mid, &mpass) : NULL;
	if (!om || (gap == 2 && !mm))
		return;
	tb_repair r;
	S_blank(&r);
	tb_state w = y->in->before[y->at];
	const tb_move *order[3] = {om, mm, y->m};
	int passes[3] = {opass, mpass, y->pass};
	const tb_node *nodes[3] = {other, mid, y->in->nodes[y->at]};
	/* where the rules check and play a written turn in one (the walks'
	 * step), each is, and its turn found again only for a repair kept
	 * (S_swap_turns): nothing reads the turns before; not with
	 * tb_repair_in.plain, the tests' reference */
	int again = !y->in->plain && rs->rules->one_play;
	unsigned k = 0;
	for (unsigned i = 0; i < 3; i++) {
		if (!order[i])
			continue;
		if (again) {
			tb_repair_move step = S_swap_step(y, nodes[i], order[i], passes[i]);
			if (!tb_repair_step_read(rs, &w, &step, &y->l, &y->nomem))
				return;
			y->swap_m[k] = order[i];
			y->swap_pass[k] = (uint8_t)passes[i];
		} else if (tb_repair_one(rs, &w, order[i], passes[i], &y->l, &r.turn[k], &y->nomem)) {
			rs->rules->play(rs, &w, &r.turn[k], NULL);
		} else {
			return;
		}
		k++;
	}
	r.kind = gap == 2 ? TB_REPAIR_SWAP_SIDE : TB_REPAIR_SWAP;
	r.nturns = (uint8_t)k;
	r.consumed = (uint8_t)(gap + 1);
	r.weight = gap == 2 ? 4 : 3;
	y->nswap = (uint8_t)(again ? k : 0);
	S_keep_from(y, &r, &w); /* its turns played already */
	y->nswap = 0;
}

/* The main search's room for the ends of look-back turn 'i''s repairs,
 * 'nlegal' legal turns (S_fates; all 0 at first), or NULL: none kept,
 * or memory ran out (y->nomem set). */
static S_fate *S_fates_keep(S_try *y, size_t i, size_t nlegal)
{
	S_fates *f = y->keep;
	if (!f)
		return NULL;
	if (f->n + 2 * nlegal > f->cap) {
		size_t cap = 2 * (f->n + 2 * nlegal) + 64;
		S_fate *grown = tb_realloc(f->end, cap * sizeof *grown);
		if (!grown) {
			y->nomem = 1;
			return NULL;
		}
		f->end = grown;
		f->cap = cap;
	}
	f->off[i] = f->n;
	f->nlegal[i] = nlegal;
	f->n += 2 * nlegal;
	memset(f->end + f->off[i], 0, 2 * nlegal * sizeof *f->end);
	return f->end + f->off[i];
}

/* For a second slip's search at look-back turn 'i', before the repair it
 * replays its repairs through (in->under): the main search's ends of the
 * same turn's repairs, and in '*a' the main search's look-back index of
 * that repair's turn -- a repair whose walk did not get there is refused
 * again before it. NULL when there are none to go by. */
static const S_fate *S_fates_need(const S_try *y, size_t i, size_t nlegal, unsigned *a)
{
	const S_fates *f = y->fates;
	const tb_repair_in *in = y->in;
	if (!f || !in->under || i >= in->under_at)
		return NULL;
	size_t j = y->lo + i; /* the same turn in the main search, from the same position */
	if (j > TB_LOOKBACK_MAX || !f->ok[j] || f->nlegal[j] != nlegal)
		return NULL;
	*a = (unsigned)(y->lo + in->under_at);
	return f->end + f->off[j];
}

/* Reads the written turns of search 'y' once (y->seq), when its look-back
 * turns are one line, each the next turn of the one before (tb_repair_next_turn)
 * but across the turns the repair gone on under stands for, and that
 * repair's node is found between them: the walks then step through them
 * by index (tb_repair_follow_seq). Not with tb_repair_in.plain. */
static void S_seq_start(S_try *y)
{
	const tb_repair_in *in = y->in;
	y->seq_ok = 0;
	if (in->plain)
		return;
	/* as far as a walk goes: the window's end, and the turns a repair
	 * and the one gone on under consume (beyond, tb_repair_follow_seq
	 * goes on by the nodes) */
	size_t cap = (in->target ? in->k : in->k + in->window) + 8;
	tb_repair_seq_read(in->rs, in->nodes[0], in->under, in->seq_cap ? in->seq_cap : cap, &y->seq,
	                   in->counts);
	size_t j = 0;
	for (size_t i = 0; i < y->seq.n && j < in->k; i++)
		if (y->seq.v[i].node == in->nodes[j])
			y->seq_at[j++] = i;
	if (j < in->k)
		return;
	for (size_t i = 1; i < in->k; i++) /* each the next turn of the one before */
		if (y->seq_at[i] != y->seq_at[i - 1] + 1 &&
		    !(in->under && i == in->under_at && y->seq.under == y->seq_at[i - 1] + 1 &&
		      y->seq_at[i] == y->seq.under + in->under->consumed))
			return;
	if (in->under && in->under_at && y->seq.under == SIZE_MAX)
		return;
	y->seq_ok = 1;
}

/* Fills y->after and y->cut for look-back turn y->at: what S_keep_from
 * would find again for each repair, walking the written turns it
 * consumes (with tb_repair_in.plain it does). */
static void S_after_at(S_try *y)
{
	const tb_repair_in *in = y->in;
	const tb_repair *under = in->under && y->at < in->under_at ? in->under : NULL;
	const tb_node *n = in->nodes[y->at];
	int cut = 0;
	y->after[0] = n;
	y->cut[0] = 0;
	for (unsigned c = 1; c < 4; c++) {
		cut |= under && n == under->node;
		n = tb_repair_next_turn(n);
		y->after[c] = n;
		y->cut[c] = (uint8_t)cut;
	}
}

/* The legal turns of the position before look-back turn 'i' into
 * '*legal', their count returned: those the main search listed (S_fates)
 * when a second slip's search comes to the same position -- a turn
 * before the repair it goes on under -- else listed here, into the main
 * search's array (S_fates) or the search's own list; out of memory,
 * y->nomem. */
static size_t S_legal(S_try *y, size_t i, const tb_turn **legal)
{
	const tb_repair_in *in = y->in;
	const S_fates *had = y->fates;
	size_t j = y->lo + i; /* the same turn in the main search, from the same position */
	if (had && in->under && i < in->under_at && j <= TB_LOOKBACK_MAX && had->listed[j]) {
		*legal = had->turns + had->toff[j];
		return had->tn[j];
	}
	S_fates *f = y->keep;
	if (!f) {
		size_t n = tb_turns_list(in->rs, &in->before[i], &y->own);
		y->nomem |= tb_turns_failed(&y->own);
		*legal = y->own.v;
		return n;
	}
	size_t off = f->nturns, n = 0;
	for (;;) {
		size_t room = f->capturns - off;
		if (room && (n = in->rs->rules->generate(in->rs, &in->before[i], f->turns + off, room)) <= room)
			break;
		size_t cap = 2 * f->capturns + (n > room ? n : 0) + 256;
		tb_turn *grown = tb_realloc(f->turns, cap * sizeof *grown);
		if (!grown) {
			y->nomem = 1;
			return 0;
		}
		f->turns = grown;
		f->capturns = cap;
	}
	f->nturns = off + n;
	f->toff[i] = off;
	f->tn[i] = n;
	f->listed[i] = 1;
	*legal = f->turns + off;
	return n;
}

/* Every edit at look-back turn 'i'. */
static void S_at(S_try *y, size_t i)
{
	const tb_repair_in *in = y->in;
	y->at = i;
	if (i + 1 == in->k && !in->target) { /* the illegal turn, as written */
		y->m = in->m;
		y->pass = in->kind == TB_NODE_PASS;
	} else if (!(y->m = tb_repair_written(in->rs, in->nodes[i], &y->pass))) {
		return;
	}
	y->wm = (tb_repair_move){in->nodes[i], y->m, (uint8_t)y->pass,
	                         (uint8_t)tb_repair_direct(in->rs, y->m, y->pass)};
	S_after_at(y);
	const tb_turn *legal;
	size_t nlegal = S_legal(y, i, &legal);
	if (y->nomem)
		return;
	S_fate *keep = S_fates_keep(y, i, nlegal);
	unsigned a = 0;
	const S_fate *need = S_fates_need(y, i, nlegal, &a);
	if (!y->pass)
		S_one_apart(y, y->m, legal, nlegal, keep, need, a);
	if (!S_done(y))
		S_missing(y, legal, nlegal, keep ? keep + nlegal : NULL, need ? need + nlegal : NULL,
		          a);
	if (y->keep)
		y->keep->ok[i] = keep && !y->nomem;
	if (!S_done(y))
		S_twice(y);
	if (!S_done(y))
		S_swap(y, 1);
	if (!S_done(y))
		S_swap(y, 2);
}

/* Frees the turn lists of search 'y'. */
static void S_try_free(S_try *y)
{
	tb_turns_free(&y->l);
	tb_turns_free(&y->own);
	tb_turns_free(&y->l2);
}

/* Ranks repairs (an insertion sort, stable: a few dozen at most). */
static void S_rank(tb_repair *v, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		tb_repair r = v[i];
		size_t j = i;
		for (; j > 0 && S_before(&r, &v[j - 1]); j--)
			v[j] = v[j - 1];
		v[j] = r;
	}
}

static int S_furthest(const tb_repair_in *in, const S_fates *f, size_t lo, tb_turns lists[3],
                      unsigned *end, int *nomem);

/* ===== One slip more ===== */

/* How many written turns after the last of 'in->nodes' a walk can
 * play, at most 'cap': those tb_repair_follow would reach before a turn the
 * rules cannot replay as written, or the end of the line. */
static unsigned S_ahead(const tb_repair_in *in, unsigned cap)
{
	unsigned n = 0;
	int pass;
	for (const tb_node *t = tb_repair_next_turn(in->nodes[in->k - 1]);
	     t && n < cap && tb_repair_written(in->rs, t, &pass); t = tb_repair_next_turn(t))
		n++;
	return n;
}

/* The furthest 'end' any repair of 'in' (no target) can get to: the
 * window's end, or the turn after the last a swap consumes (first = at +
 * consumed <= k + 2), but never past the written turns there are to
 * play (a swap consumes written turns too). */
static unsigned S_stop_at(const tb_repair_in *in)
{
	unsigned most = in->window > 2 ? in->window : 2;
	return (unsigned)in->k + S_ahead(in, most);
}

/* How many of the repairs before v[i] (ranked, every one stopped) rank
 * before it whatever its 'then', which is at most 'most': those a
 * comment names and it not, and those named alike whose 'then' is
 * 'most' already (the ranking's later keys, and its order, put them
 * first on a tie: S_before, S_rank). */
static size_t S_outranked(const tb_repair *v, size_t i, size_t most)
{
	size_t n = 0;
	for (size_t a = 0; a < i; a++)
		n += v[a].commented > v[i].commented ||
		     (v[a].commented == v[i].commented && v[a].then >= most);
	return n;
}

/* The written turns a second edit after repair 'r' is looked for among:
 * from the first after the turns it stands for up to the one that
 * stopped it, the last SECOND_BACK of them (and after the repair gone on
 * under, when the walk passes it), each with the position before it
 * ('before', 'nodes', into 'in2', whose 'm' and 'kind' are the stopping
 * turn's); the look-back index of the first in '*base'; '*adjacent' set
 * when that first is the first after 'r' (the turns before 'r' may then
 * be held before them, 'r' between). 0 when the walk does not end at a
 * turn the rules refuse. */
enum { SECOND_BACK = 8, SECOND = 16 };

static int S_after(const tb_repair_in *in, const tb_repair *r, tb_state *before,
                   const void **nodes, tb_repair_in *in2, size_t *base, int *adjacent,
                   tb_turns *l, int *nomem)
{
	size_t at = in->k - 1 - r->back, cap = SECOND_BACK + 1, n = 0;
	tb_state s = in->before[at];
	for (unsigned i = 0; i < r->nturns; i++)
		in->rs->rules->play(in->rs, &s, &r->turn[i], NULL);
	const tb_node *node = in->nodes[at];
	for (unsigned i = 0; i < r->consumed; i++)
		node = tb_repair_next_turn(node);
	size_t idx = at + r->consumed; /* the look-back index of 'node' */
	const tb_repair *under = in->under && at < in->under_at ? in->under : NULL;
	for (; node; node = tb_repair_next_turn(node), idx++) {
		if (under && node == under->node) { /* the repair gone on under, in its place */
			if (!tb_repair_play(in->rs, &s, under, l, nomem))
				return 0;
			for (unsigned i = 0; i < under->consumed && node; i++)
				node = tb_repair_next_turn(node);
			under = NULL;
			n = 0; /* the second edit is looked for after it: none changes it */
			*adjacent = 0;
			if (!node)
				return 0;
		}
		int pass;
		const tb_move *m = tb_repair_written(in->rs, node, &pass);
		if (!m)
			return 0;
		before[n % cap] = s;
		nodes[n % cap] = node;
		n++;
		tb_turn t;
		if (!tb_repair_one(in->rs, &s, m, pass, l, &t, nomem)) { /* the turn that stopped it */
			in2->m = m;
			in2->kind = pass ? TB_NODE_PASS : TB_NODE_MOVE;
			break;
		}
		if (idx >= r->end)
			return 0; /* (cannot be: 'r' stopped at its 'end') */
		in->rs->rules->play(in->rs, &s, &t, NULL);
	}
	if (!node || idx != r->end)
		return 0;
	size_t k2 = n < cap ? n : cap, first = n - k2;
	*adjacent = *adjacent && first == 0; /* its first held is the first after 'r' */
	tb_state ring[SECOND_BACK + 1];
	const void *rn[SECOND_BACK + 1];
	for (size_t i = 0; i < k2; i++) { /* oldest first */
		ring[i] = before[(first + i) % cap];
		rn[i] = nodes[(first + i) % cap];
	}
	memcpy(before, ring, k2 * sizeof *before);
	memcpy(nodes, rn, k2 * sizeof *nodes);
	in2->k = k2;
	*base = idx + 1 - k2;
	return 1;
}

/* repair.h. S_before compares 'then' between two such only, and nothing
 * else reads it: a repair with none is ranked alike whatever its 'then',
 * which its search for one slip more (S_then) would only set. */
int tb_repair_then_read(const tb_repair *v, size_t kept, size_t i)
{
	for (size_t a = 0; a < kept; a++)
		if (a != i && v[a].stopped && v[a].edits == v[i].edits &&
		    v[a].commented == v[i].commented)
			return 1;
	return 0;
}

/* For each of the first 'n' repairs of 'v' that a later written turn
 * stopped: how far the written turns get with one edit more, made at
 * that turn or at one of the SECOND_BACK before it after the repair, or
 * at one of the SECOND_BACK before the repair, replayed through it
 * ('then', in the look-back's count). Two slips a few turns apart stop
 * every single repair at the second; the one that is the first slip is
 * the one the second's repair then carries furthest. A repair before
 * the one gone on under (in->under) is replayed through it, and the
 * second edit looked for after it. Only the first 'need' of the
 * ranking that follows must be right, every repair kept being stopped:
 * a repair that 'need' before it outrank however far it gets
 * (S_outranked) keeps its 'end', and the search for it is not made; nor
 * is it for one whose 'then' the ranking does not read, none of the
 * 'kept' in all being ranked by it beside it (tb_repair_then_read; not with
 * in->plain, the tests' reference). */
static void S_then(const tb_repair_in *in, const S_fates *f, tb_repair *v, size_t n, size_t kept,
                   size_t need, int *nomem)
{
	tb_turns l = {NULL, 0};
	tb_turns lists[3] = {{NULL, 0}, {NULL, 0}, {NULL, 0}}; /* the searches' turn lists */
	for (size_t i = 0; i < n && !*nomem; i++) {
		if (!v[i].stopped || (!in->plain && !tb_repair_then_read(v, kept, i)))
			continue;
		tb_state after[SECOND_BACK + 1], before[2 * SECOND_BACK + 1];
		const void *anodes[SECOND_BACK + 1], *nodes[2 * SECOND_BACK + 1];
		tb_repair_in in2 = {in->rs, in->conf, before, nodes, 0, 0, NULL, 0, NULL, NULL, 0,
		                    in->plain, in->counts, in->seq_cap};
		size_t base;
		int adjacent = 1;
		if (!S_after(in, &v[i], after, anodes, &in2, &base, &adjacent, &l, nomem))
			continue;
		size_t limit = in->k + in->window; /* the same window's end */
		if (limit <= base + in2.k)
			continue;
		in2.window = (unsigned)(limit - base - in2.k);
		/* the turns before it too, up to SECOND_BACK, it between: a first
		 * slip seen only once a second is repaired */
		size_t at = in->k - 1 - v[i].back, lo = at > SECOND_BACK ? at - SECOND_BACK : 0;
		if (in->under && at >= in->under_at && lo < in->under_at)
			lo = in->under_at; /* not back through the repair gone on under */
		size_t p = adjacent ? at - lo : 0;
		memcpy(before, in->before + lo, p * sizeof *before);
		memcpy(nodes, in->nodes + lo, p * sizeof *nodes);
		memcpy(before + p, after, in2.k * sizeof *before);
		memcpy(nodes + p, anodes, in2.k * sizeof *nodes);
		in2.k += p;
		in2.under = p ? &v[i] : NULL;
		in2.under_at = p;
		if (S_outranked(v, i, base + S_stop_at(&in2) - p) >= need)
			continue; /* its 'then' cannot bring it among the first 'need' */
		unsigned end;
		if (S_furthest(&in2, p ? f : NULL, lo, lists, &end, nomem))
			v[i].then = (unsigned)(base + end - p);
	}
	tb_turns_free(&l);
	for (unsigned i = 0; i < 3; i++)
		tb_turns_free(&lists[i]);
}

/* How far the written turns of 'in' get with one edit (no target, not
 * the whole window): the 'end' of the best repair, which every repair
 * kept shares (S_keep), into '*end'; 0 when no repair gets past the
 * illegal turn, or memory ran out ('*nomem' set). No repair ends past
 * the window's end, or past the turn after the last a swap consumes
 * (first = at + consumed <= k + 2), nor past the written turns there
 * are to play (a swap consumes written turns too): once one gets there,
 * the search stops -- the same 'end' as the whole search, for less. */
static int S_furthest(const tb_repair_in *in, const S_fates *f, size_t lo, tb_turns lists[3],
                      unsigned *end, int *nomem)
{
	S_try y;
	memset(&y, 0, sizeof y);
	y.l = lists[0]; /* (the caller's: handed back, not freed) */
	y.own = lists[1];
	y.l2 = lists[2];
	y.in = in;
	y.conf = in->conf ? in->conf : tb_confusion_for(NULL);
	y.best = (unsigned)in->k;
	y.rival = UINT_MAX;
	y.stop_at = S_stop_at(in);
	y.fates = f;
	y.lo = lo;
	if (in->under)
		tb_repair_under_read(in->rs, in->under, &y.under);
	if (in->counts)
		in->counts->searches++;
	S_seq_start(&y);
	for (size_t i = in->k; i-- > 0 && !S_done(&y);)
		S_at(&y, i);
	lists[0] = y.l;
	lists[1] = y.own;
	lists[2] = y.l2;
	*nomem = y.nomem;
	*end = y.best;
	return !y.nomem && y.n;
}

static size_t S_search(const tb_repair_in *in, int full, int second, tb_repair *out, size_t max,
                       int *nomem)
{
	/* the candidates are gathered, ranked, then cut to 'max' */
	size_t room = 256;
	tb_repair *all = tb_malloc(room * sizeof *all);
	if (!all) {
		*nomem = 1;
		return 0;
	}
	S_try y;
	memset(&y, 0, sizeof y);
	y.in = in;
	y.conf = in->conf ? in->conf : tb_confusion_for(NULL);
	y.full = full;
	if (in->counts)
		in->counts->searches++;
	y.out = all;
	y.room = room;
	if (in->under)
		tb_repair_under_read(in->rs, in->under, &y.under);
	S_seq_start(&y);
	y.best = (unsigned)in->k;
	y.rival = UINT_MAX;
	S_fates f;
	f.end = NULL;
	f.st = NULL;
	f.turns = NULL;
	f.n = f.cap = f.nst = f.capst = f.nturns = f.capturns = 0;
	memset(f.ok, 0, sizeof f.ok);
	memset(f.listed, 0, sizeof f.listed);
	if (second && !full && !in->target && !in->plain)
		y.keep = &f; /* for the second slip's searches (S_then) */
	for (size_t i = in->k; i-- > 0 && !y.nomem;)
		S_at(&y, i);
	size_t kept = y.n < room ? y.n : room;
	S_rank(all, kept);
	if (second && !full && !in->target && kept && all[0].stopped && !y.nomem) {
		/* the SECOND best by weight: a few dozen searches at most; when
		 * every one kept is stopped (they all end at the same turn), 'then'
		 * ranks them as a key, and only the first 'max' are returned */
		size_t need = max;
		for (size_t i = 0; i < kept; i++)
			if (!all[i].stopped)
				need = SIZE_MAX;
		S_then(in, y.keep, all, kept < SECOND ? kept : SECOND, kept, need, &y.nomem);
		S_rank(all, kept);
	}
	memcpy(out, all, (kept < max ? kept : max) * sizeof *out);
	for (size_t i = 0; i < kept && i < max; i++)
		out[i].rival = y.rival;
	S_try_free(&y);
	free(f.end);
	free(f.st);
	free(f.turns);
	free(all);
	*nomem = y.nomem;
	return y.nomem ? 0 : y.n;
}

int tb_repair_plain;

size_t tb_repairs_back(const tb_repair_in *in, tb_repair *out, size_t max, int *nomem)
{
	*nomem = 0;
	if (!in->k || in->k > TB_LOOKBACK_MAX + 1)
		return 0;
	if (tb_repair_plain && !in->plain) { /* (the tests' switch) */
		tb_repair_in plain = *in;
		plain.plain = 1;
		return S_search(&plain, 0, 1, out, max, nomem);
	}
	return S_search(in, 0, 1, out, max, nomem);
}

size_t tb_repairs(const tb_ruleset *rs, const tb_state *s, const void *node, uint8_t kind,
                  const tb_move *m, unsigned window, tb_repair *out, size_t max, int *nomem)
{
	const void *nodes[1] = {node};
	tb_repair_in in = {rs, NULL, s, nodes, 1, kind, m, window, NULL, NULL, 0, tb_repair_plain != 0,
	                   NULL, 0};
	*nomem = 0;
	return S_search(&in, 1, 0, out, max, nomem);
}
