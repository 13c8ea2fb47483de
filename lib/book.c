/*
 * book.c -- records as printed pages (spec/book.md): a title block, the
 * movetext set as text with its comments (each in its language and
 * direction), variations indented in brackets, readings, gaps and
 * restated positions said in words, numbered diagrams referred to from
 * the text, a running head and page numbers; a collection with a
 * contents page. Each page is an SVG 1.1 document in millimetres.
 *
 * Layout: text runs down the page in lines (typeset.c breaks them); a
 * diagram floats at the side the lines end on (the right in a
 * left-to-right book), its top level with the line after the one that
 * refers to it, and the lines beside it are shorter; a diagram that does
 * not fit under the last one on the page waits for the next page. A
 * record starts on a new page. The library writes the pages; making a
 * PDF of them is the caller's (tablero book runs rsvg-convert). The
 * movetext follows the one traversal (visit.h); the diagrams are
 * diagram.c's, their captions caption.c's, the words words.c's.
 *
 * This file: the handle and the records added to it (the diagrams each
 * asks for, where the rules stop); the pages are book_layout.c's, a
 * record's text book_moves.c's, the SVG written book_svg.c's (book.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "book.h"
#include "evidence.h"
#include "game.h"
#include "visit.h"
#include "words.h"
#include "writer.h"
#include "xalloc.h"
#include "xml.h"

/* ===== Records ===== */

/* What a record's contents entry says after its title: its [Site],
 * its [Date] (the parts known: "1998.07" of "1998.07.??") and its
 * [Source], each when it says something. 0 when memory ran out. */
static int S_where(tb_bk_rec *r, const tb_record *rec)
{
	int ok = 1;
	static const char *const tags[3] = {"Site", "Date", "Source"};
	for (int k = 0; k < 3; k++) {
		const char *v = tb_record_tag(rec, tags[k]);
		size_t n = v ? strlen(v) : 0;
		if (k == 1)
			while (n >= 3 && strncmp(v + n - 3, ".??", 3) == 0)
				n -= 3;
		r->where[k] = NULL;
		if (!n || strspn(v, "?.") == n)
			continue;
		if ((r->where[k] = tb_malloc(n + 1)) != NULL) {
			memcpy(r->where[k], v, n);
			r->where[k][n] = '\0';
		} else {
			ok = 0;
		}
	}
	return ok;
}

static int S_cmp_want(const void *x, const void *y)
{
	const tb_bk_want *a = x, *b = y;
	if (a->ply != b->ply)
		return (a->ply > b->ply) - (a->ply < b->ply);
	if (!a->node != !b->node) /* after the turn, then the positions restated after it */
		return a->node ? 1 : -1;
	return (a->node && b->node) ? (a->node->span.off > b->node->span.off) -
	                                  (a->node->span.off < b->node->span.off)
	                            : 0;
}

/* The diagrams 'rec' asks for ($220 on its main line, or author's marks
 * in a comment of a turn of it; its start when it
 * is a position, the positions it restates), those asked by the caller,
 * and its end: sorted, one per ply. */
static size_t S_wants(const tb_record *rec, const tb_book_opts *o, const long *plies, size_t n,
                      tb_bk_want **out)
{
	long last = (long)tb_record_plies(rec);
	size_t cap = n + 16, k = 0;
	tb_bk_want *w = tb_malloc(cap * sizeof *w), *more;
	if (!w) {
		*out = NULL;
		return 0;
	}
#define S_ADD(p, nd, why_)                                               \
	do {                                                                  \
		if (k == cap) {                                                   \
			if (!(more = tb_realloc(w, 2 * cap * sizeof *w))) {           \
				free(w);                                                  \
				*out = NULL;                                              \
				return 0;                                                 \
			}                                                             \
			w = more;                                                     \
			cap *= 2;                                                     \
		}                                                                 \
		w[k++] = (tb_bk_want){(p), (nd), (why_)};                             \
	} while (0)
	if (rec->start)
		S_ADD(0, NULL, W_START);
	long ply = 0;
	/* the span offsets order the positions restated after one turn */
	for (const tb_node *nd = rec->main.first; nd; nd = nd->next) {
		if (tb_node_followed(nd) == TB_NODE_POSITION)
			S_ADD(ply, nd, W_POSITION);
		if (!tb_bk_is_turn(nd))
			continue;
		ply++;
		int marked = 0; /* $220, or author's marks to draw (spec/tgn.md 8.7) */
		for (const tb_comment *c = nd->comments; c; c = c->next)
			marked |= c->nmarks > 0;
		for (unsigned i = 0; i < nd->nnags; i++)
			marked |= nd->nags[i] == TB_NAG_DIAGRAM;
		if (marked)
			S_ADD(ply, NULL, W_MARKED);
	}
	for (long p = o->every; o->every > 0 && p <= last; p += o->every)
		S_ADD(p, NULL, W_EVERY);
	for (size_t i = 0; i < n; i++)
		S_ADD(plies[i] < 0 ? last : plies[i], NULL, W_ASKED);
	if (last > 0)
		S_ADD(last, NULL, W_END);
#undef S_ADD
	qsort(w, k, sizeof *w, S_cmp_want);
	size_t u = 0;
	for (size_t i = 0; i < k; i++) {
		if (u && w[u - 1].ply == w[i].ply && w[u - 1].node == w[i].node)
			w[u - 1].why |= w[i].why;
		else
			w[u++] = w[i];
	}
	*out = w;
	return u;
}

static void S_add_stop(tb_book *b, const tb_node *n, const char *why)
{
	tb_bk_stop *stops = tb_realloc(b->stops, (b->nstops + 1) * sizeof *b->stops);
	if (!stops) {
		b->nomem = 1;
		return;
	}
	b->stops = stops;
	b->stops[b->nstops].node = n;
	snprintf(b->stops[b->nstops].why, sizeof b->stops[b->nstops].why, "%s", why);
	b->stops[b->nstops].open = 0;
	b->nstops++;
}

/* An open stretch where walk 'w' stands (tb_walk_open): noted in the
 * text, its diagrams the last position known. */
static void S_add_open(tb_book *b, const tb_walk *w)
{
	S_add_stop(b, w->stop, w->why);
	if (b->nomem)
		return;
	tb_bk_stop *s = &b->stops[b->nstops - 1];
	s->open = 1;
	b->nomem |= !tb_note_make(&s->note, w);
}

/* A stop the record itself explains (a gap, a turn nobody knows): the
 * book says what the record says, and it is no problem of the record's. */
static int S_said(const tb_node *n)
{
	return n && (tb_node_followed(n) == TB_NODE_GAP || tb_node_followed(n) == TB_NODE_UNKNOWN);
}

static tb_bk_fig *S_new_fig(tb_book *b, const tb_bk_want *want, const tb_walk *w, long plies)
{
	if (b->nfigs == b->fcap) {
		size_t cap = b->fcap ? 2 * b->fcap : 16;
		tb_bk_fig *figs = tb_realloc(b->figs, cap * sizeof *b->figs);
		if (!figs) {
			b->nomem = 1;
			return NULL;
		}
		b->figs = figs;
		b->fcap = cap;
	}
	tb_bk_fig *f = &b->figs[b->nfigs++];
	memset(f, 0, sizeof *f);
	f->number = (long)b->nfigs;
	f->ply = want->ply;
	f->node = want->node;
	f->why = want->why;
	f->record = (int)b->nrecs - 1;
	f->page = -2; /* not referred to yet */
	b->nomem |= !tb_view_from_walk(&f->frame, w, plies);
	return f;
}

/* Walks the main line once: a figure for each wanted position the rules
 * reach (after a turn: before a gap that follows it, after a position
 * restated right after it, which is the position after it; a restated
 * position: after it), where they stop; returns how many of the wanted
 * positions asked for (not those the book adds) they do not reach. */
static size_t S_walk(tb_book *b, tb_walk *w, const tb_bk_want *want, size_t n, long *first_dead)
{
	long plies = (long)tb_record_plies(b->rec);
	size_t k = 0, dead = 0;
	const unsigned asked = W_ASKED | W_EVERY | W_MARKED;
	if (!w->live)
		S_add_stop(b, NULL, w->why);
	for (;;) {
		for (; k < n && want[k].ply == w->ply && !want[k].node; k++) {
			if (w->live || tb_walk_open(w))
				S_new_fig(b, &want[k], w, plies);
			else if ((want[k].why & asked) && !dead++) {
				*first_dead = want[k].ply;
				b->dead.node = w->stop;
				snprintf(b->dead.why, sizeof b->dead.why, "%s", w->why);
			}
		}
		const tb_node *nd = w->next;
		if (!nd)
			break;
		int was = w->live;
		tb_walk_node(w);
		if (was && !w->live && tb_walk_open(w))
			S_add_open(b, w);
		else if (was && !w->live && !S_said(w->stop))
			S_add_stop(b, w->stop, w->why);
		for (; tb_node_followed(nd) == TB_NODE_POSITION && k < n && want[k].node == nd; k++)
			if (w->live)
				S_new_fig(b, &want[k], w, plies);
	}
	return dead;
}

/* Places what is left: referred-to figures still waiting, then those
 * never referred to, in rows across the page. */
static void S_flush_figures(tb_book *b)
{
	b->text_done = 1;
	for (size_t i = b->fig_from; i < b->nfigs; i++)
		if (b->figs[i].page == -2)
			tb_bk_figure(b, i);
	while (b->nqueue) {
		tb_bk_new_page(b, b->record, 0);
		if (b->nqueue) /* one beside nothing: the next may go under it */
			b->y = b->fbottom;
		tb_bk_unqueue(b);
	}
}

/* Where the rules stop: "the rules stop at 2... a1 (line 4): why". */
static void S_stop_words(tb_buf *m, const tb_record *rec, const tb_bk_stop *s)
{
	if (!s->node) {
		tb_buf_printf(m, "the rules cannot start: %s", s->why);
		return;
	}
	tb_buf where = TB_BUF_SOFT;
	if (tb_bk_is_turn(s->node) && s->node->number)
		tb_buf_printf(&where, "%u%s ", s->node->number, s->node->side == 1 ? "..." : ".");
	tb_write_node(&where, rec->game, s->node, TB_WRITE_BARE);
	if (!tb_buf_ok(&where))
		tb_buf_fail(m);
	tb_buf_printf(m, "the rules stop at %s (line %u): %s", where.data ? where.data : "",
	              s->node->span.line, s->why);
	tb_buf_free(&where);
}

/* What tb_book_add says of a record the rules stop in: the stop in force
 * at the first diagram asked for that they do not reach ('dead' of them,
 * the first after 'first_dead' turns) -- a gap or a turn nobody knows
 * too, which the book itself says in the record's words -- and the first
 * stop the record does not explain ('problem', NULL: none), when it is
 * another. */
static char *S_stop_message(const tb_record *rec, size_t dead, long first_dead,
                            const tb_bk_stop *at_dead, const tb_bk_stop *problem)
{
	tb_buf m = TB_BUF_SOFT;
	S_stop_words(&m, rec, dead ? at_dead : problem);
	if (dead)
		tb_buf_printf(&m, "; %zu diagram%s from turn %ld on left out", dead, dead == 1 ? "" : "s",
		              first_dead);
	if (dead && problem && problem->node != at_dead->node) {
		tb_buf_puts(&m, "; ");
		S_stop_words(&m, rec, problem);
	}
	return tb_buf_detach(&m, NULL);
}

tb_book *tb_book_new(const tb_book_opts *o)
{
	tb_book *b = tb_calloc(1, sizeof *b);
	if (!b)
		return NULL;
	if (o)
		b->o = *o;
	tb_page_size(b->o.paper, &b->pw, &b->ph);
	return b;
}

/* tb_book_add, but for its last error (at the end of the file). */
static int S_add(tb_book *b, const tb_record *rec, const long *plies, size_t n, char **why)
{
	char msg[640];
	*why = NULL;
	if (b->nomem)
		return TB_ENOMEM;
	if (!rec || rec->errors || !rec->game || !rec->game->rules) {
		*why = tb_strdup(!rec                             ? "no record"
		                 : !rec->errors && rec->game ? "the game has no rules engine"
		                                             : "the record has errors");
		return *why ? TB_EINVAL : TB_ENOMEM;
	}
	tb_xml_unfit_text unfit;
	if (tb_record_unfit(rec, &unfit)) { /* the pages are XML: as every writer of XML */
		snprintf(msg, sizeof msg, "the record holds a character XML cannot carry, in the "
		         "text at line %u, column %u: nothing of it is set [TB504]", unfit.line, unfit.col);
		*why = tb_strdup(msg);
		return *why ? TB_EINVAL : TB_ENOMEM;
	}
	long last = (long)tb_record_plies(rec);
	for (size_t i = 0; i < n; i++)
		if (plies[i] > last) {
			snprintf(msg, sizeof msg, "the record has %ld turns on its main line, not %ld", last,
			         plies[i]);
			*why = tb_strdup(msg);
			return *why ? TB_EINVAL : TB_ENOMEM;
		}
	tb_walk walk;
	int rc = tb_walk_start(&walk, rec, msg, sizeof msg);
	if (rc == TB_ENOMEM)
		return TB_ENOMEM;
	if (rc) {
		*why = tb_strdup(msg);
		return *why ? TB_EINVAL : TB_ENOMEM;
	}
	walk.soft = 1; /* the rules out of memory stop the walk (nomem), not the process */
	if (b->nrecs == b->rcap) {
		size_t cap = b->rcap ? 2 * b->rcap : 8;
		tb_bk_rec *recs = tb_realloc(b->recs, cap * sizeof *b->recs);
		if (!recs) {
			tb_walk_free(&walk);
			return TB_ENOMEM;
		}
		b->recs = recs;
		b->rcap = cap;
	}
	tb_bk_rec *r = &b->recs[b->nrecs++];
	b->rec = rec;
	b->games |= tb_game_bit(rec->game);
	b->record = (int)b->nrecs - 1;
	b->lang = b->o.lang ? b->o.lang : tb_record_lang(rec);
	b->rtl = b->lang->rtl;
	tb_para_init(&r->head, b->rtl, b->lang->code);
	tb_record_title(&r->head, rec, b->lang, 0);
	b->nomem |= !tb_para_ok(&r->head);
	b->nomem |= !S_where(r, rec);
	r->lang = b->lang;
	b->fig_from = b->nfigs;
	b->nstops = 0;
	b->text_done = 0;
	tb_bk_want *want;
	size_t nwant = S_wants(rec, &b->o, plies, n, &want);
	long first_dead = -1;
	b->nomem |= !want;
	size_t dead = want ? S_walk(b, &walk, want, nwant, &first_dead) : 0;
	free(want);
	tb_dia_init(&b->dia, &walk.rs, b->o.grayscale, 0);
	double size = b->o.size_mm > 0 ? b->o.size_mm : 60;
	double most = tb_bk_text_w(b) / 2;
	b->fig_w = size < most ? size : most;
	b->fig_scale = b->fig_w / b->dia.width;
	r->first_page = (long)b->npages;
	b->coll = tb_app_init(&b->app, rec, b->lang, tb_bk_app_piece, b);
	b->app_n = 0;
	tb_bk_new_page(b, b->record, 1);
	tb_bk_title_block(b);
	long ply = 0;
	for (size_t i = b->fig_from; i < b->nfigs; i++)
		if (b->figs[i].ply == 0) { /* the position it starts from */
			tb_bk_begin(b, K_COMMENT, 0, b->rtl, b->lang->code, 1);
			char num[32];
			snprintf(num, sizeof num, "%ld", b->figs[i].number);
			const char *args[1] = {num};
			unsigned af[1] = {0};
			tb_para_lang(&b->cur, b->lang, "book.start", 0, args, af, 1);
			b->refs[0] = i;
			b->ref_run[0] = b->cur.nruns - 1;
			b->nrefs = 1;
			b->figs[i].page = -1;
			tb_bk_flush(b);
		}
	tb_bk_stop_note(b, NULL);
	tb_bk_movetext(b, &rec->main, ply);
	tb_bk_begin(b, K_MOVES, 0, 0, NULL, 0);
	tb_para_puts(&b->cur, tb_result_text[rec->result], TB_RUN_BOLD);
	tb_bk_flush(b);
	tb_bk_comments(b, rec->trail, 0);
	tb_bk_flush(b);
	if (b->coll)
		tb_bk_app_notes(b);
	S_flush_figures(b);
	for (size_t i = b->fig_from; i < b->nfigs; i++) { /* for a listing */
		tb_caption cap;
		tb_caption_make(&cap, rec, b->dia.rs, &b->figs[i].frame, b->lang, TB_CAPTION_SHORT,
		                b->figs[i].number, NULL);
		tb_buf t = TB_BUF_SOFT;
		if (!tb_caption_ok(&cap))
			tb_buf_fail(&t);
		for (size_t c = 0; c < cap.n; c++)
			tb_para_plain(&cap.para[c], &t);
		if (t.len && t.data[t.len - 1] == '\n')
			t.data[--t.len] = '\0';
		for (char *c = t.data; c && *c; c++)
			if (*c == '\n')
				*c = ' ';
		b->figs[i].caption = tb_buf_detach(&t, NULL);
		b->nomem |= !b->figs[i].caption;
		tb_caption_free(&cap);
	}
	tb_dia_free(&b->dia);
	b->nomem |= walk.nomem;
	tb_walk_free(&walk);
	if (b->nomem)
		return TB_ENOMEM;
	const tb_bk_stop *problem = NULL; /* the first stop that is not an open stretch */
	for (size_t i = b->nstops; i-- > 0;)
		if (!b->stops[i].open)
			problem = &b->stops[i];
	if (!dead && !problem)
		return 0;
	*why = S_stop_message(rec, dead, first_dead, &b->dead, problem);
	if (!*why) {
		b->nomem = 1;
		return TB_ENOMEM;
	}
	return 1;
}

void tb_book_figures(const tb_book *b, tb_book_figure_fn fn, void *ctx)
{
	static const char *const whys[] = {"asked", "every", "marked $220", "the start",
	                                   "a restated position", "the end"};
	if (!b || !fn)
		return;
	for (size_t i = 0; i < b->nfigs; i++) {
		const tb_bk_fig *f = &b->figs[i];
		char why[160] = "";
		for (int k = 0; k < 6; k++)
			if (f->why & (1u << k))
				snprintf(why + strlen(why), sizeof why - strlen(why), "%s%s", *why ? ", " : "",
				         whys[k]);
		fn(ctx, f->record + 1, f->number, f->page + 1, f->ply, f->caption ? f->caption : "", why);
	}
}

void tb_book_free(tb_book *b)
{
	if (!b)
		return;
	for (size_t i = 0; i < b->npages; i++) {
		tb_buf_free(&b->pages[i]->body);
		free(b->pages[i]);
	}
	for (size_t r = 0; r < b->nrecs; r++) {
		tb_para_free(&b->recs[r].head);
		for (int k = 0; k < 3; k++)
			free(b->recs[r].where[k]);
	}
	for (size_t i = 0; i < b->nfigs; i++)
		free(b->figs[i].caption);
	if (b->cur_open)
		tb_para_free(&b->cur);
	free(b->pages);
	free(b->recs);
	free(b->figs);
	free(b->queue);
	free(b->stops);
	tb_buf_free(&b->sink);
	free(b);
}

/* ===== The public calls, with their last error (tablero.h, "Errors") ===== */

int tb_book_add(tb_book *b, const tb_record *rec, const long *plies, size_t n, char **why)
{
	char *text = NULL;
	if (why)
		*why = NULL;
	if (!b || (n && !plies))
		return tb_lasterr_set(b ? &b->err : NULL, TB_EINVAL, "no %s",
		                      b ? "plies (NULL with n not 0)" : "book");
	int rc = S_add(b, rec, plies, n, &text);
	return tb_lasterr_why(&b->err, rc, text, why);
}

long tb_book_pages(tb_book *b, tb_book_page_fn fn, void *ctx)
{
	if (!b || !fn)
		return tb_lasterr_set(b ? &b->err : NULL, TB_EINVAL, "no %s",
		                      b ? "page function" : "book");
	long got = tb_bk_pages(b, fn, ctx);
	tb_lasterr_why(&b->err, got < 0 ? (int)got : 0, NULL, NULL);
	return got;
}

int tb_book_errcode(const tb_book *b) { return tb_lasterr_code(b ? &b->err : NULL); }
const char *tb_book_errmsg(const tb_book *b) { return tb_lasterr_msg(b ? &b->err : NULL); }
