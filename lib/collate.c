/*
 * collate.c -- witnesses of one game collated into one record (tablero
 * collate; spec/compare.md, "Collating witnesses"); collate_witness.c reads a
 * witness back out of it. This file gathers the witnesses, checks that
 * they are of one game, chooses the base, takes what the rules decide
 * and checks the collation; collate_align.c aligns the witnesses into
 * columns, collate_merge.c merges what they write at one place, and
 * collate_write.c writes the collation as TGN (collation.h).
 *
 * Every witness is a plain record: a collation given as a witness is
 * first read back into its witnesses, and a record with errors is cut
 * before its first one. The base witness's main line is the spine of
 * the columns; each other witness is aligned with the columns so far by
 * what its turns mean (compare.c), a run of differences paired node for
 * node, side with side, what is left over standing against nothing. A
 * column where every witness writes the same node is that node; any
 * other is a reading, one alternative per distinct thing written there,
 * each followed by the comment naming its witnesses. What witnesses
 * write around their turns -- comments, variations, NAGs -- is merged,
 * and what not every witness there writes is attributed to those who do.
 *
 * The collation is written as TGN and read back; the rules replay it,
 * and what no witness gives there but they decide is proposed as a
 * reconstructed alternative; then each witness is read back out of it
 * and must be that witness exactly, or nothing is returned.
 */
#include <stdlib.h>
#include <string.h>

#include "collation.h"
#include "diag.h"
#include "evidence.h"
#include "marks.h"
#include "reader.h"
#include "visit.h"
#include "writer.h"
#include "xalloc.h"

static void S_wit_free(tb_coll_wit *w)
{
	tb_plies_free(w->p);
	tb_record_free(w->owned);
	free(w->text);
	for (size_t i = 0; w->why && i < w->nnodes; i++)
		free(w->why[i]);
	free(w->why);
	free(w->nodes);
	memset(w, 0, sizeof *w);
}

/* Is span position (l1, c1) before (l2, c2)? */
static int S_before(unsigned l1, unsigned c1, unsigned l2, unsigned c2)
{
	return l1 < l2 || (l1 == l2 && c1 < c2);
}

/* Moves (l, c) to the end of 'sp' when that is later. */
static void S_later(unsigned *l, unsigned *c, const tb_span *sp)
{
	if (S_before(*l, *c, sp->end_line, sp->end_col))
		*l = sp->end_line, *c = sp->end_col;
}

/* Where everything written of node 'n' ends: its body, its comments,
 * its alternatives and theirs, its variations (each a span of its own:
 * not entered). */
static void S_node_end(const tb_node *n, unsigned *l, unsigned *c)
{
	*l = n->span.end_line, *c = n->span.end_col;
	tb_visit v;
	tb_visit_init_node(&v, n);
	for (int ev; (ev = tb_visit_next(&v)) != TB_VISIT_DONE;) {
		if (ev == TB_VISIT_COMMENT) {
			S_later(l, c, &v.comment->span);
		} else if (ev == TB_VISIT_ALT_ENTER) {
			S_later(l, c, &v.alt->span);
		} else if (ev == TB_VISIT_LINE_ENTER) {
			S_later(l, c, &v.line->span);
			tb_visit_skip(&v);
		}
	}
}

/* The first error of reader 'r''s record, where it is; 0 when none. */
static int S_first_error(const tb_reader *r, unsigned *line, unsigned *col)
{
	int found = 0;
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		const tb_diag *g = tb_reader_diag(r, i);
		if (g->severity != TB_ERROR || g->code == TB_D_TOO_MANY)
			continue;
		if (!found || S_before(g->line, g->col, *line, *col))
			*line = g->line, *col = g->col;
		found = 1;
	}
	return found;
}

/* Appends the tags of plain record 'rec' as TGN, one a line. */
static void S_tags_text(tb_buf *b, const tb_record *rec)
{
	for (size_t i = 0; i < rec->ntags; i++) {
		tb_buf_printf(b, "[%s \"", rec->tags[i].name);
		tb_write_escaped(b, rec->tags[i].value, "\"\\");
		tb_buf_puts(b, "\"]");
		tb_write_comments(b, rec->tags[i].comments, " ");
		tb_buf_putc(b, '\n');
	}
}

/* Appends node 'n' of a plain line, numbered when it is a turn. */
static void S_node_text(tb_buf *b, const tb_game *g, const tb_node *n)
{
	tb_buf_putc(b, ' ');
	if (tb_kind_is_turn(tb_node_followed(n)) && n->side < 2)
		tb_buf_printf(b, "%u%s ", n->number, n->side ? "..." : ".");
	tb_write_node(b, g, n, TB_WRITE_BODY);
	tb_write_node(b, g, n, TB_WRITE_NOTES);
}

/* Input 'i', a plain record with errors, cut before its first one:
 * the nodes of its main line that end before it, and a warning (TB603)
 * saying so. Returns the record, or NULL (with an error, TB603) when the
 * first error is in its tags. */
static tb_record *S_cut(tb_coll *cl, size_t i)
{
	tb_reader *r = cl->r[i];
	const tb_record *rec = cl->in[i];
	unsigned el = 0, ec = 0;
	const tb_comment *lead = rec->main.lead;
	const tb_node *first = rec->main.first;
	unsigned sl = lead ? lead->span.line : first ? first->span.line : 0;
	unsigned sc = lead ? lead->span.col : first ? first->span.col : 0;
	if (!S_first_error(r, &el, &ec) || !sl || S_before(el, ec, sl, sc)) {
		tb_diag_tag(r, rec, "Game", TB_ERROR, TB_D_COLL_CUT,
		           "this record has errors before its turns: it cannot be collated");
		return NULL;
	}
	tb_buf t = TB_BUF_SOFT;
	tb_write_comments(&t, rec->lead, "");
	tb_buf_puts(&t, rec->lead ? "\n" : "");
	S_tags_text(&t, rec);
	tb_buf_putc(&t, '\n');
	for (const tb_comment *c = lead; c && !S_before(el, ec, c->span.end_line, c->span.end_col);
	     c = c->next) {
		tb_write_comment(&t, c->text, c->lang);
		tb_buf_putc(&t, ' ');
	}
	const tb_node *n = first;
	for (; n; n = n->next) {
		unsigned l, c;
		S_node_end(n, &l, &c);
		if (S_before(el, ec, l, c))
			break;
		S_node_text(&t, rec->game, n);
	}
	size_t left = 0;
	for (const tb_node *m = n; m; m = m->next)
		left += tb_kind_is_turn(tb_node_followed(m));
	tb_buf_puts(&t, "\n*\n");
	if (n)
		tb_diag_at(r, TB_WARNING, TB_D_COLL_CUT, n->span.off,
		           n->span.end_line == n->span.line ? n->span.end_col - n->span.col : 1,
		           n->span.line, n->span.col, "this record is collated up to its first error, "
		           "on line %u: from here on, its %zu turn%s %s left out", el, left,
		           left == 1 ? "" : "s", left == 1 ? "is" : "are");
	else
		tb_diag_tag(r, rec, "Game", TB_WARNING, TB_D_COLL_CUT, "this record is collated up to "
		           "its first error, on line %u: its result and what follows are left out", el);
	tb_reader *pr;
	tb_record *cut = tb_record_read_text(&t, "cut", &pr);
	cl->nomem |= !pr; /* out of memory: no reader */
	tb_reader_free(pr);
	tb_buf_free(&t);
	if (!cut && !cl->nomem)
		tb_diag_tag(r, rec, "Game", TB_ERROR, TB_D_COLL_CUT,
		           "this record cannot be cut before its first error");
	return cut;
}

/* Adds a witness: 'rec' (owned when 'owned') from input 'i', named
 * 'name' (NULL: named later). A witness already there, the same
 * record, is not added again. Returns 0, or -1 after a diagnostic. */
static int S_add(tb_coll *cl, size_t i, const tb_record *rec, tb_record *owned, const char *name,
                 int plain, int coll_base)
{
	char *text = tb_record_write(rec, NULL);
	if (!text) {
		cl->nomem = 1;
		tb_record_free(owned);
		return -1;
	}
	for (size_t k = 0; k < cl->nw; k++)
		if (strcmp(cl->w[k].text, text) == 0) { /* the same witness, given twice */
			free(text);
			tb_record_free(owned);
			return 0;
		}
	if (cl->nw == TB_COLLATE_MAX) {
		tb_diag_tag(cl->r[i], cl->in[i], "Game", TB_ERROR, TB_D_COLL_LIMIT,
		           "more than %d witnesses: a collation holds at most %d", TB_COLLATE_MAX,
		           TB_COLLATE_MAX);
		free(text);
		tb_record_free(owned);
		return -1;
	}
	tb_coll_wit *w = &cl->w[cl->nw++];
	w->rec = rec;
	w->owned = owned;
	w->text = text;
	w->input = i;
	w->plain = plain;
	w->coll_base = coll_base;
	snprintf(w->name, sizeof w->name, "%s", name ? name : "");
	return 0;
}

/* Does witness 'rec' (input 'i') hold no author's mark (spec/tgn.md
 * 8.7)? A collation does not carry them yet: rather than lose a
 * witness's marks, it refuses the witness (TB606), at its first. */
static int S_marks_kept(tb_coll *cl, size_t i, const tb_record *rec)
{
	const tb_comment *c = tb_marks_first(rec);
	if (!c)
		return 1;
	tb_diag_at(cl->r[i], TB_ERROR, TB_D_COLL_INEXACT, c->span.off,
	           c->span.end_line == c->span.line ? c->span.end_col - c->span.col : 1,
	           c->span.line, c->span.col, "a collation cannot keep author's marks "
	           "(arrows, circles, shades, labels) yet: this witness's would be lost");
	return 0;
}

/* Input 'i', a collation, read back into its witnesses. */
static int S_add_collation(tb_coll *cl, size_t i, const tb_sigla *d)
{
	const tb_record *rec = cl->in[i];
	if (rec->errors) {
		tb_diag_tag(cl->r[i], rec, "Collation", TB_ERROR, TB_D_COLL_CUT,
		           "this collation has errors: its witnesses cannot be read back out of it");
		return -1;
	}
	for (size_t x = 0; x < d->n; x++) {
		tb_buf t = TB_BUF_SOFT, why = TB_BUF_SOFT;
		tb_reader *pr;
		char *text = tb_collation_witness_text(rec, d, x, NULL);
		if (text)
			tb_buf_puts(&t, text);
		else
			tb_buf_fail(&t);
		free(text);
		tb_record *w = tb_record_read_text(&t, d->s[x], &pr);
		if (!w)
			tb_reader_first_error(&why, pr);
		tb_reader_free(pr);
		tb_buf_free(&t);
		if (!w && !tb_buf_ok(&why))
			cl->nomem = 1;
		else if (!w)
			tb_diag_tag(cl->r[i], rec, "Collation", TB_ERROR, TB_D_COLL_INEXACT,
			           "witness %s cannot be read back out of this collation: %s", d->s[x],
			           why.data);
		tb_buf_free(&why);
		if (!w || S_add(cl, i, w, w, d->s[x], 0, x == 0))
			return -1;
	}
	return 0;
}

/* Does --sigla name the records that are not collations ('nplain' of
 * them), each with a siglum? */
static int S_sigla_given(tb_coll *cl, size_t nplain)
{
	const tb_collate_opts *o = cl->o;
	if (o->sigla && o->nsigla != nplain) {
		tb_buf_printf(&cl->why, "--sigla names %zu witness%s, but %zu of the records %s not "
		              "collations", o->nsigla, o->nsigla == 1 ? "" : "es", nplain,
		              nplain == 1 ? "is" : "are");
		return 0;
	}
	for (size_t k = 0; o->sigla && k < o->nsigla; k++)
		if (!tb_siglum_ok(o->sigla[k], strlen(o->sigla[k]))) {
			tb_buf_printf(&cl->why, "--sigla: '%s' is not a siglum (1 to %d letters, digits, "
			              "'_', '-' or '.', the first a letter or a digit)", o->sigla[k],
			              TB_SIGLUM_MAX);
			return 0;
		}
	return 1;
}

/* The records not named by --sigla take the letters A, B, C... that no
 * witness is named. */
static void S_letters(tb_coll *cl)
{
	tb_sigla taken = {{0}, 0, {{0}}};
	for (size_t k = 0; k < cl->nw; k++)
		if (cl->w[k].name[0])
			tb_sigla_add(&taken, cl->w[k].name, strlen(cl->w[k].name));
	char letter[2] = "A";
	for (size_t k = 0; k < cl->nw; k++) {
		if (cl->w[k].name[0])
			continue;
		while (tb_sigla_find(&taken, letter, 1) >= 0)
			letter[0]++;
		tb_sigla_add(&taken, letter, 1);
		snprintf(cl->w[k].name, sizeof cl->w[k].name, "%s", letter);
	}
}

/* Two different witnesses under one name cannot be told apart. */
static int S_names_apart(tb_coll *cl)
{
	for (size_t k = 0; k < cl->nw; k++)
		for (size_t j = 0; j < k; j++)
			if (strcmp(cl->w[k].name, cl->w[j].name) == 0) {
				size_t i = cl->w[k].input;
				tb_diag_tag(cl->r[i], cl->in[i], "Game", TB_ERROR, TB_D_COLL_NAMES,
				           "another witness is named %s already (from %s): name them apart "
				           "(--sigla)", cl->w[k].name, cl->r[cl->w[j].input]->name);
				return -1;
			}
	return 0;
}

/* Reads the inputs into witnesses, named. */
static int S_gather(tb_coll *cl)
{
	size_t nplain = 0;
	tb_sigla d;
	for (size_t i = 0; i < cl->nin; i++)
		nplain += !cl->in[i]->game || tb_sigla_read(cl->in[i], &d) == 0;
	if (!S_sigla_given(cl, nplain))
		return 0;
	int ok = 1;
	nplain = 0;
	for (size_t i = 0; i < cl->nin && ok; i++) {
		const tb_record *rec = cl->in[i];
		int coll = rec->game ? tb_sigla_read(rec, &d) : 0;
		if (!rec->game) {
			ok = 0; /* the reader says why: no game, or one tablero does not know */
		} else if (coll < 0) {
			tb_diag_tag(cl->r[i], rec, "Collation", TB_ERROR, TB_D_COLL_NAMES,
			            "[Collation] lists the witnesses' sigla, \"A, B\": each once, 15 at "
			            "most, of letters, digits, '_', '-' and '.'");
			ok = 0;
		} else if (coll > 0) {
			ok = S_add_collation(cl, i, &d) == 0;
		} else {
			const char *name = cl->o->sigla ? cl->o->sigla[nplain] : NULL;
			tb_record *cut = rec->errors ? S_cut(cl, i) : NULL;
			nplain++;
			if (rec->errors && !cut) {
				ok = 0;
			} else if (!S_marks_kept(cl, i, cut ? cut : rec)) {
				tb_record_free(cut);
				ok = 0;
			} else {
				ok = S_add(cl, i, cut ? cut : rec, cut, name, 1, 0) == 0;
			}
		}
	}
	/* a witness given twice is added once, under its first name */
	if (ok)
		S_letters(cl);
	return ok && S_names_apart(cl) == 0;
}

/* ===== Of one game ===== */

typedef struct S_first_diff {
	char text[200];
	const char *there;         /* the other record's name */
	int done;
} S_first_diff;

/* The first difference of two starts, in words. */
static void S_start_diff(void *ctx, const char *what, const char *in_a, const char *in_b)
{
	S_first_diff *f = ctx;
	if (f->done++)
		return;
	if (strcmp(what, "to move") == 0)
		snprintf(f->text, sizeof f->text, "%s is to move in %s, %s here", in_a, f->there, in_b);
	else if (strlen(what) <= 3)
		snprintf(f->text, sizeof f->text, "they first differ at %s: %s in %s, %s here", what,
		         *in_a ? in_a : "empty", f->there, *in_b ? in_b : "empty");
	else
		snprintf(f->text, sizeof f->text, "%s is %s in %s, %s here", what,
		         *in_a ? in_a : "not given", f->there, *in_b ? in_b : "not given");
}

/* The witnesses are of one game, under one reading of its rules, from
 * one start. */
static int S_one_game(tb_coll *cl)
{
	const tb_coll_wit *a = &cl->w[0];
	const char *rules = NULL, *rules_in = NULL;
	cl->game = a->rec->game;
	cl->opts = &a->rec->opts;
	for (size_t k = 0; k < cl->nw; k++) {
		tb_coll_wit *w = &cl->w[k];
		tb_reader *r = cl->r[w->input];
		const tb_record *in = cl->in[w->input];
		const char *an = cl->r[a->input]->name;
		if (w->rec->game != cl->game) {
			tb_diag_tag(r, in, "Game", TB_ERROR, TB_D_COLL_GAME,
			           "[Game \"%s\"] here, [Game \"%s\"] in %s: witnesses of different games "
			           "cannot be collated", w->rec->game->name, cl->game->name, an);
			return 0;
		}
		const char *mine = tb_coll_rules(w);
		if (mine && rules && strcmp(mine, rules) != 0) {
			tb_diag_tag(r, in, "Rules", TB_ERROR, TB_D_COLL_GAME,
			           "[Rules \"%s\"] here, [Rules \"%s\"] in %s: witnesses of a game played "
			           "under different rules cannot be collated", mine, rules, rules_in);
			return 0;
		}
		if (mine && !rules) {
			rules = mine;
			rules_in = r->name;
			cl->opts = &w->rec->opts;
		}
		w->p = tb_plies_new(w->rec);
		if (!w->p || !tb_plies_start(w->p)) { /* out of memory */
			cl->nomem = 1;
			return 0;
		}
		if (k && strcmp(tb_plies_start(w->p), tb_plies_start(cl->w[0].p)) != 0) {
			S_first_diff f = {"", an, 0};
			int pd = tb_plies_position_diff(cl->w[0].p, 0, w->p, 0, S_start_diff, &f);
			if (pd == TB_ENOMEM) {
				cl->nomem = 1;
				return 0;
			}
			if (pd < 0)
				snprintf(f.text, sizeof f.text, "%s", "the two are written differently");
			tb_diag_tag(r, in, "Position", TB_ERROR, TB_D_COLL_START,
			           "this record starts from another position than %s: %s", an, f.text);
			tb_diag_note(r, "start here: %s", tb_plies_start(w->p));
			tb_diag_note(r, "start in %s: %s", an, tb_plies_start(cl->w[0].p));
			return 0;
		}
	}
	tb_coll_alike(cl);
	char why[320];
	cl->has_rules = cl->game->rules && !tb_ruleset_init(&cl->rs, cl->game, cl->opts, why,
	                                                     sizeof why);
	return 1;
}

/* ===== Each witness's line by the rules ===== */

/* Keeps the reason of the first fault at node 'i' (validate's own
 * words, without the turn they name). */
static void S_fault(void *ctx, size_t i, const tb_fault *f)
{
	tb_coll_wit *w = ctx;
	if (i < w->nnodes && !w->why[i] && !(w->why[i] = tb_strdup(f->reason)))
		w->nomem = 1;
}

/* Checks each witness's line by the rules, as validate does: where it
 * stops being legal, and why. */
static void S_legality(tb_coll *cl)
{
	for (size_t k = 0; k < cl->nw && !cl->nomem; k++) {
		tb_coll_wit *w = &cl->w[k];
		w->nnodes = tb_plies_count(w->p);
		w->nodes = tb_calloc(w->nnodes + 1, sizeof *w->nodes);
		w->why = tb_calloc(w->nnodes + 1, sizeof *w->why);
		if (!w->nodes || !w->why) {
			cl->nomem = 1;
			break;
		}
		for (size_t i = 0; i < w->nnodes; i++)
			w->nodes[i] = tb_plies_node(w->p, i);
		if (cl->has_rules)
			w->legal = tb_line_check(w->text, strlen(w->text), &cl->so, cl->lang, S_fault,
			                         w, &w->illegal);
		cl->nomem |= w->legal == TB_ENOMEM || w->nomem;
	}
}

/* Is the line of 'a' more legal than the line of 'b': the rules find no
 * illegal turn in it and do in b's, or else they follow more of its
 * turns (before its first illegal one)? */
static int S_more_legal(const tb_coll_wit *a, const tb_coll_wit *b)
{
	if (a->illegal != b->illegal)
		return !a->illegal;
	return a->legal > b->legal;
}

/* The base: --base's, or a collation's base, or the witness whose line
 * is the most legal (the first given of those); put first. */
static int S_base(tb_coll *cl)
{
	size_t b = 0;
	int found = 0;
	const char *want = cl->o->base;
	for (size_t k = 0; k < cl->nw && !found; k++)
		if (want ? strcmp(cl->w[k].name, want) == 0 : cl->w[k].coll_base)
			b = k, found = 1;
	if (want && !found) {
		tb_buf_printf(&cl->why, "--base %s: no witness is named so; the witnesses are", want);
		for (size_t k = 0; k < cl->nw; k++)
			tb_buf_printf(&cl->why, "%s %s", k ? "," : "", cl->w[k].name);
		return -1;
	}
	for (size_t k = 1; !found && k < cl->nw; k++)
		if (S_more_legal(&cl->w[k], &cl->w[b]))
			b = k;
	tb_coll_wit base = cl->w[b];
	memmove(&cl->w[1], &cl->w[0], b * sizeof cl->w[0]);
	cl->w[0] = base;
	for (size_t k = 0; k < cl->nw; k++)
		tb_sigla_add(&cl->sig, cl->w[k].name, strlen(cl->w[k].name));
	return 0;
}

/* ===== What the rules decide ===== */

typedef struct S_main {
	const tb_node *node;
	size_t col;
} S_main;

typedef struct S_gapfill {
	size_t col;
	tb_turn *turns;
	size_t n;
	unsigned number;
	int side;
} S_gapfill;

typedef struct S_decide_ctx {
	tb_coll *cl;
	S_main *main;              /* the collation's main-line nodes, by address */
	size_t n;
	S_gapfill *gaps;
	size_t ngaps;
} S_decide_ctx;

static int S_main_cmp(const void *a, const void *b)
{
	const S_main *x = a, *y = b;
	return x->node < y->node ? -1 : x->node > y->node;
}

/* Is what node 'n' follows a turn the source does not know in full? */
static int S_open_turn(const tb_node *n)
{
	uint8_t k = tb_node_followed(n);
	const tb_move *m = n->kind == TB_NODE_READING ? &n->alts[0].move : &n->move;
	int open = k == TB_NODE_UNKNOWN;
	for (unsigned i = 0; k == TB_NODE_MOVE && i < m->nparts; i++)
		open |= m->parts[i].pt == TB_PT_UNKNOWN;
	return open;
}

/* Told by validate what the rules and the rest of the line decide for
 * a node of the collation: taken for a column whose text is a turn the
 * witnesses do not know, or a gap they all have. */
static int S_decide(void *ctx, const tb_node *node, const tb_turn *turns, size_t n,
                    unsigned number, int side)
{
	S_decide_ctx *d = ctx;
	S_main key = {node, 0};
	const S_main *m = bsearch(&key, d->main, d->n, sizeof *d->main, S_main_cmp);
	if (!m || !n || d->cl->nomem)
		return 0;
	tb_coll_col *c = &d->cl->col[m->col];
	const tb_node *base = c->e[0];
	if (c->decided || !base)
		return 0;
	tb_buf fail = TB_BUF_SOFT;
	int agreed = base->kind == TB_NODE_GAP && tb_coll_agreed(d->cl, c, &fail);
	if (!tb_buf_ok(&fail)) {
		d->cl->nomem = 1;
		return 0;
	}
	if (agreed) {
		S_gapfill *g = tb_realloc(d->gaps, (d->ngaps + 1) * sizeof *d->gaps);
		tb_turn *t = g ? tb_malloc(n * sizeof *turns) : NULL;
		if (g)
			d->gaps = g;
		if (!t) {
			d->cl->nomem = 1;
			return 0;
		}
		g = &d->gaps[d->ngaps++];
		g->col = m->col;
		g->turns = t;
		memcpy(g->turns, turns, n * sizeof *turns);
		g->n = n;
		g->number = number;
		g->side = side;
		return 1;
	}
	if (n != 1 || !S_open_turn(base))
		return 0;
	c->decided = 1;
	c->turn = turns[0];
	c->number = number;
	c->side = side;
	return 1;
}

/* A gap all witnesses have, decided: its column takes the first turn,
 * new columns where no witness has anything the others. */
static void S_fill_gaps(tb_coll *cl, S_decide_ctx *d)
{
	size_t extra = 0;
	for (size_t i = 0; i < d->ngaps; i++)
		extra += d->gaps[i].n - 1;
	if (!d->ngaps)
		return;
	tb_coll_col *out = tb_calloc(cl->ncol + extra + 1, sizeof *out);
	if (!out) {
		cl->nomem = 1;
		return;
	}
	size_t k = 0, g = 0;
	for (size_t i = 0; i < cl->ncol; i++) {
		while (g < d->ngaps && d->gaps[g].col < i)
			g++;
		out[k++] = cl->col[i];
		if (g == d->ngaps || d->gaps[g].col != i)
			continue;
		const S_gapfill *f = &d->gaps[g];
		unsigned number = f->number;
		int side = f->side;
		for (size_t j = 0; j < f->n; j++) {
			tb_coll_col *c = j ? &out[k++] : &out[k - 1];
			if (j)
				memset(c, 0, sizeof *c);
			c->decided = 1;
			c->turn = f->turns[j];
			c->number = number;
			c->side = side;
			number += side == 1;
			side ^= 1;
		}
	}
	free(cl->col);
	cl->col = out;
	cl->ncol = k;
}

/* Replays collation 'rec' (just read by 'r') by its rules and takes
 * what they decide. Returns 1 when something was taken. */
static int S_reconstruct(tb_coll *cl, tb_reader *r, const tb_record *rec)
{
	S_decide_ctx d = {cl, NULL, 0, NULL, 0};
	d.main = tb_calloc(cl->ncol + 1, sizeof *d.main);
	if (!d.main) {
		cl->nomem = 1;
		return 0;
	}
	for (const tb_node *n = rec->main.first; n && d.n < cl->ncol; n = n->next, d.n++)
		d.main[d.n] = (S_main){n, d.n};
	qsort(d.main, d.n, sizeof *d.main, S_main_cmp);
	size_t before = 0, after = 0;
	for (size_t i = 0; i < cl->ncol; i++)
		before += (size_t)cl->col[i].decided;
	tb_reader_set_search(r, &cl->so);
	tb_validate_opts o = {NULL, NULL, S_decide, &d, NULL, NULL, NULL, NULL, NULL};
	if (tb_validate_soft(r, rec, &o) == TB_ENOMEM)
		cl->nomem = 1;
	for (size_t i = 0; i < cl->ncol; i++)
		after += (size_t)cl->col[i].decided;
	int taken = d.ngaps > 0 || after > before;
	if (!cl->nomem)
		S_fill_gaps(cl, &d);
	for (size_t i = 0; i < d.ngaps; i++)
		free(d.gaps[i].turns);
	free(d.gaps);
	free(d.main);
	return taken;
}

/* ===== The collation, checked ===== */

/* The first line where texts 'a' and 'b' differ, into 'out'. */
static void S_first_line_apart(tb_buf *out, const char *a, const char *b)
{
	size_t i = 0, start = 0;
	while (a[i] && a[i] == b[i])
		if (a[i++] == '\n')
			start = i;
	size_t na = strcspn(a + start, "\n"), nb = strcspn(b + start, "\n");
	tb_buf_printf(out, "it has \"%.*s\" where the record read back has \"%.*s\"",
	              (int)(na > 120 ? 120 : na), a + start, (int)(nb > 120 ? 120 : nb), b + start);
}

/* Each witness read back out of collation 'rec' must be that witness,
 * numbered by the count: the numbers a witness wrote off the count are
 * not collated (spec/compare.md 7). */
static int S_check(tb_coll *cl, const tb_record *rec)
{
	for (size_t w = 0; w < cl->nw; w++) {
		tb_buf why = TB_BUF_SOFT;
		char *want = tb_record_write_counted(cl->w[w].rec, NULL);
		char *back = want ? tb_collation_witness_canon(rec, &cl->sig, w, NULL, &why) : NULL;
		if (back && strcmp(back, want) != 0)
			S_first_line_apart(&why, want, back);
		cl->nomem |= !want || !tb_buf_ok(&why);
		free(want);
		if (cl->nomem) {
			free(back);
			tb_buf_free(&why);
			return 0;
		}
		if (!back || why.len) {
			size_t i = cl->w[w].input;
			tb_diag_tag(cl->r[i], cl->in[i], "Game", TB_ERROR, TB_D_COLL_INEXACT,
			           "witness %s cannot be kept exactly in a collation with the others: read "
			           "back out of it, %s", cl->w[w].name, why.data);
		}
		int ok = back && !why.len;
		free(back);
		tb_buf_free(&why);
		if (!ok)
			return 0;
	}
	return 1;
}

/* Writes the collation, reads it back (into '*rec', of '*r'); 0 after a
 * diagnostic when that cannot be done. */
static int S_written(tb_coll *cl, tb_buf *text, tb_reader **r, tb_record **rec)
{
	tb_buf_clear(text);
	cl->too_many = 0;
	tb_coll_emit(cl, text);
	const tb_coll_wit *b = &cl->w[0];
	if (!tb_buf_ok(text)) {
		cl->nomem = 1;
		return 0;
	}
	if (cl->too_many) {
		tb_diag_tag(cl->r[b->input], cl->in[b->input], "Game", TB_ERROR, TB_D_COLL_LIMIT,
		           "the witnesses differ at one place in more ways than a reading holds (16)");
		return 0;
	}
	*rec = tb_record_read_text(text, "collation", r);
	if (*rec)
		return 1;
	tb_buf why = TB_BUF_SOFT;
	tb_reader_first_error(&why, *r);
	cl->nomem |= !tb_buf_ok(&why); /* no reader, or no room to say why */
	if (!cl->nomem)
		tb_diag_tag(cl->r[b->input], cl->in[b->input], "Game", TB_ERROR, TB_D_COLL_INEXACT,
	           "these witnesses cannot be written as one record: %s", why.data);
	tb_buf_free(&why);
	return 0;
}

/* The collation of the witnesses gathered, checked. */
static char *S_collation(tb_coll *cl, size_t *len)
{
	tb_coll_columns_base(cl);
	for (size_t w = 1; w < cl->nw && !cl->nomem; w++)
		tb_coll_columns_add(cl, w);
	tb_buf text = TB_BUF_SOFT;
	tb_reader *r = NULL;
	tb_record *rec = NULL;
	char *out = NULL;
	int ok = !cl->nomem && S_written(cl, &text, &r, &rec);
	if (ok && cl->has_rules && S_reconstruct(cl, r, rec) && !cl->nomem) {
		tb_record_free(rec);
		tb_reader_free(r);
		r = NULL, rec = NULL;
		ok = S_written(cl, &text, &r, &rec);
	}
	if (ok && !cl->nomem && S_check(cl, rec) && !(out = tb_record_write(rec, len)))
		cl->nomem = 1;
	tb_record_free(rec);
	tb_reader_free(r);
	tb_buf_free(&text);
	return out;
}

char *tb_collate(tb_reader *const *r, const tb_record *const *rec, size_t n,
                 const tb_collate_opts *o, size_t *len, char **why)
{
	static const tb_collate_opts none = {NULL, 0, NULL, NULL};
	if (len)
		*len = 0;
	if (why)
		*why = NULL;
	if (!n || !r || !rec) {
		if (why) /* NULL when memory ran out */
			*why = tb_strdup("no records to collate");
		return NULL;
	}
	tb_coll *cl = tb_calloc(1, sizeof *cl);
	int *was = tb_calloc(2 * n, sizeof *was); /* each reader's recover and nomem */
	if (!cl || !was) {
		free(cl);
		free(was);
		return NULL;
	}
	/* a diagnostic out of memory spends its reader (tb_reader_nomem) */
	for (size_t i = 0; i < n; i++) {
		was[2 * i] = r[i]->recover, was[2 * i + 1] = r[i]->nomem;
		r[i]->recover = 1;
	}
	cl->why.soft = 1;
	cl->r = r;
	cl->in = rec;
	cl->nin = n;
	cl->o = o ? o : &none;
	if (cl->o->search)
		cl->so = *cl->o->search;
	char *out = NULL;
	if (S_gather(cl) && S_one_game(cl)) {
		/* the notes' words: the first witness's [Language], which the
		 * collation keeps when its witnesses agree (the usual case) */
		cl->lang = tb_record_lang(cl->w[0].rec);
		if (cl->nw > 1)
			S_legality(cl);
		if (!cl->nomem && S_base(cl) == 0)
			out = cl->nw == 1 ? tb_strdup(cl->w[0].text) : S_collation(cl, len);
		cl->nomem |= !out && cl->nw == 1 && !cl->why.len; /* tb_strdup failed */
		if (out && cl->nw == 1 && len)
			*len = strlen(out);
	}
	for (size_t i = 0; i < n; i++) {
		cl->nomem |= r[i]->nomem && !was[2 * i + 1];
		r[i]->recover = was[2 * i];
	}
	free(was);
	if (cl->nomem || !tb_buf_ok(&cl->why)) { /* out of memory: NULL, no why */
		free(out);
		out = NULL;
		if (len)
			*len = 0;
		tb_buf_free(&cl->why);
	}
	if (!out && cl->why.len && why)
		*why = tb_buf_detach(&cl->why, NULL);
	tb_buf_free(&cl->why);
	for (size_t w = 0; w < cl->nw; w++)
		S_wit_free(&cl->w[w]);
	free(cl->col);
	free(cl);
	return out;
}
