/*
 * collate.c -- witnesses of one game collated into one record (tablero
 * collate; spec/compare.md, "Collating witnesses"); collate_witness.c reads a
 * witness back out of it.
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

#include "collate.h"
#include "compare.h"
#include "diag.h"
#include "reader.h"
#include "validate.h"
#include "visit.h"
#include "writer.h"
#include "xalloc.h"

/* Appends comment 'text' (language 'lang', or NULL) after a space. */
static void S_put_comment(tb_buf *b, const char *text, const char *lang)
{
	tb_buf_putc(b, ' ');
	tb_write_comment(b, text, lang);
}

/* Appends the comment made in 't' so; memory that ran out making it
 * fails 'b' (a soft buffer, checked once the whole text is made). */
static void S_put_made(tb_buf *b, const tb_buf *t, const char *lang)
{
	if (tb_buf_ok(t))
		S_put_comment(b, t->data, lang);
	else
		tb_buf_fail(b);
}

/* ===== The witnesses ===== */

typedef struct S_wit {
	char name[TB_SIGLUM_MAX + 1];
	tb_record *owned;          /* a record made here (read back, cut), or NULL */
	const tb_record *rec;      /* 'owned', or the caller's */
	tb_plies *p;
	char *text;                /* its canonical form */
	size_t input;              /* the record it came from */
	int plain;                 /* that record was not a collation */
	int coll_base;             /* it was the base of that collation */
	long legal;                /* turns the rules followed before its first illegal one */
	int illegal;               /* they found an illegal one */
	char **why;                /* per node of its main line: why it is illegal there */
	const tb_node **nodes;     /* the nodes of its main line */
	size_t nnodes;
	int nomem;                 /* memory ran out noting why a turn is illegal */
} S_wit;

/* One place of the collation: what each witness has there. */
typedef struct S_col {
	const tb_node *e[TB_COLLATE_MAX]; /* its node, or NULL: nothing */
	size_t at[TB_COLLATE_MAX];        /* its index in the witness's main line */
	const tb_ply *rep;                /* what the column is aligned by */
	int decided;                      /* the rules decide a turn no witness gives */
	tb_turn turn;
	unsigned number;
	int side;
} S_col;

typedef struct S_coll {
	tb_reader *const *r;       /* the caller's readers and records */
	const tb_record *const *in;
	size_t nin;
	const tb_collate_opts *o;
	tb_buf why;                /* options that cannot be followed */
	S_wit w[TB_COLLATE_MAX];
	size_t nw;
	tb_sigla sig;              /* their names, base first */
	const tb_game *game;
	tb_ruleset rs;
	int has_rules;
	const tb_opts *opts;       /* whose [Rules] the collation has */
	S_col *col;
	size_t ncol;
	int too_many;              /* a column with more readings than a reading holds */
	tb_search_opts so;         /* the limits of the rules' searches */
	int nomem;                 /* memory ran out (sticky): nothing is returned */
} S_coll;

static void S_wit_free(S_wit *w)
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
static tb_record *S_cut(S_coll *cl, size_t i)
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
static int S_add(S_coll *cl, size_t i, const tb_record *rec, tb_record *owned, const char *name,
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
	S_wit *w = &cl->w[cl->nw++];
	w->rec = rec;
	w->owned = owned;
	w->text = text;
	w->input = i;
	w->plain = plain;
	w->coll_base = coll_base;
	snprintf(w->name, sizeof w->name, "%s", name ? name : "");
	return 0;
}

/* Input 'i', a collation, read back into its witnesses. */
static int S_add_collation(S_coll *cl, size_t i, const tb_sigla *d)
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
static int S_sigla_given(S_coll *cl, size_t nplain)
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
static void S_letters(S_coll *cl)
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
static int S_names_apart(S_coll *cl)
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
static int S_gather(S_coll *cl)
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
			ok = (!rec->errors || cut) && S_add(cl, i, cut ? cut : rec, cut, name, 1, 0) == 0;
		}
	}
	/* a witness given twice is added once, under its first name */
	if (ok)
		S_letters(cl);
	return ok && S_names_apart(cl) == 0;
}

/* ===== Of one game ===== */

/* The value of the witness's [Rules], or NULL when it is "?". */
static const char *S_rules(const S_wit *w)
{
	const char *v = tb_record_tag(w->rec, "Rules");
	return v && strcmp(v, "?") ? v : NULL;
}

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
static int S_one_game(S_coll *cl)
{
	const S_wit *a = &cl->w[0];
	const char *rules = NULL, *rules_in = NULL;
	cl->game = a->rec->game;
	cl->opts = &a->rec->opts;
	for (size_t k = 0; k < cl->nw; k++) {
		S_wit *w = &cl->w[k];
		tb_reader *r = cl->r[w->input];
		const tb_record *in = cl->in[w->input];
		const char *an = cl->r[a->input]->name;
		if (w->rec->game != cl->game) {
			tb_diag_tag(r, in, "Game", TB_ERROR, TB_D_COLL_GAME,
			           "[Game \"%s\"] here, [Game \"%s\"] in %s: witnesses of different games "
			           "cannot be collated", w->rec->game->name, cl->game->name, an);
			return 0;
		}
		const char *mine = S_rules(w);
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
	S_wit *w = ctx;
	if (i < w->nnodes && !w->why[i] && !(w->why[i] = tb_strdup(f->reason)))
		w->nomem = 1;
}

/* Checks each witness's line by the rules, as validate does: where it
 * stops being legal, and why. */
static void S_legality(S_coll *cl)
{
	for (size_t k = 0; k < cl->nw && !cl->nomem; k++) {
		S_wit *w = &cl->w[k];
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
			w->legal = tb_line_check(w->text, strlen(w->text), &cl->so, S_fault, w,
			                         &w->illegal);
		cl->nomem |= w->legal == TB_ENOMEM || w->nomem;
	}
}

/* Is the line of 'a' more legal than the line of 'b': the rules find no
 * illegal turn in it and do in b's, or else they follow more of its
 * turns (before its first illegal one)? */
static int S_more_legal(const S_wit *a, const S_wit *b)
{
	if (a->illegal != b->illegal)
		return !a->illegal;
	return a->legal > b->legal;
}

/* The base: --base's, or a collation's base, or the witness whose line
 * is the most legal (the first given of those); put first. */
static int S_base(S_coll *cl)
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
	S_wit base = cl->w[b];
	memmove(&cl->w[1], &cl->w[0], b * sizeof cl->w[0]);
	cl->w[0] = base;
	for (size_t k = 0; k < cl->nw; k++)
		tb_sigla_add(&cl->sig, cl->w[k].name, strlen(cl->w[k].name));
	return 0;
}

/* ===== Columns ===== */

/* The columns as the base's nodes. */
static void S_columns_base(S_coll *cl)
{
	S_wit *w = &cl->w[0];
	cl->col = tb_calloc(w->nnodes + 1, sizeof *cl->col);
	if (!cl->col) {
		cl->nomem = 1;
		return;
	}
	for (size_t i = 0; i < w->nnodes; i++) {
		cl->col[i].e[0] = w->nodes[i];
		cl->col[i].at[0] = i;
		cl->col[i].rep = tb_plies_at(w->p, i);
	}
	cl->ncol = w->nnodes;
}

/* How many of the pairs a[k+j] ~ b[j] are of the same side (an
 * unknown side matches any). */
static size_t S_sides(const tb_ply *const *a, const tb_ply *const *b, size_t nb, size_t k)
{
	size_t same = 0;
	for (size_t j = 0; j < nb; j++)
		same += a[k + j]->side == b[j]->side || a[k + j]->side > 1 || b[j]->side > 1;
	return same;
}

/* The offset at which the shorter run faces the longer one: where most
 * pairs are of the same side, the first of those. */
static size_t S_offset(const tb_ply *const *lng, size_t nl, const tb_ply *const *shrt,
                       size_t ns)
{
	size_t best = 0, most = 0;
	for (size_t k = 0; k + ns <= nl; k++) {
		size_t s = S_sides(lng, shrt, ns, k);
		if (k == 0 || s > most)
			most = s, best = k;
	}
	return best;
}

typedef struct S_run {
	S_col *out;                /* the new columns */
	size_t n;
	const tb_ply **dp, **ip;   /* the run's columns and witness nodes */
	size_t *dc, *iw;           /* their indexes */
	size_t nd, ni;
} S_run;

static void S_push_new(S_coll *cl, S_run *u, size_t w, size_t j)
{
	S_col *c = &u->out[u->n++];
	memset(c, 0, sizeof *c);
	c->e[w] = cl->w[w].nodes[u->iw[j]];
	c->at[w] = u->iw[j];
	c->rep = u->ip[j];
}

/* A run of differences between the columns and witness 'w': its nodes
 * face the run's columns, node for node where sides allow; those left
 * over are columns of their own, and the columns left over have
 * nothing of it. */
static void S_pair(S_coll *cl, S_run *u, size_t w)
{
	size_t k;
	if (u->ni <= u->nd) {
		k = S_offset(u->dp, u->nd, u->ip, u->ni);
		for (size_t j = 0; j < u->nd; j++) {
			S_col c = cl->col[u->dc[j]];
			if (j >= k && j < k + u->ni) {
				c.e[w] = cl->w[w].nodes[u->iw[j - k]];
				c.at[w] = u->iw[j - k];
			}
			u->out[u->n++] = c;
		}
		return;
	}
	k = S_offset(u->ip, u->ni, u->dp, u->nd);
	for (size_t j = 0; j < k; j++)
		S_push_new(cl, u, w, j);
	for (size_t j = 0; j < u->nd; j++) {
		S_col c = cl->col[u->dc[j]];
		c.e[w] = cl->w[w].nodes[u->iw[k + j]];
		c.at[w] = u->iw[k + j];
		u->out[u->n++] = c;
	}
	for (size_t j = k + u->nd; j < u->ni; j++)
		S_push_new(cl, u, w, j);
}

/* Aligns witness 'w' with the columns so far (compare.c) and adds it. */
static void S_columns_add(S_coll *cl, size_t w)
{
	S_wit *W = &cl->w[w];
	const tb_ply **reps = tb_calloc(cl->ncol + 1, sizeof *reps);
	const tb_ply **mine = tb_calloc(W->nnodes + 1, sizeof *mine);
	tb_edit *e = NULL;
	S_run u;
	memset(&u, 0, sizeof u);
	if (!reps || !mine)
		goto nomem;
	for (size_t i = 0; i < cl->ncol; i++)
		reps[i] = cl->col[i].rep;
	for (size_t i = 0; i < W->nnodes; i++)
		mine[i] = tb_plies_at(W->p, i);
	size_t ne;
	e = tb_ply_align(reps, cl->ncol, mine, W->nnodes, &ne);
	if (!e && (cl->ncol || W->nnodes)) /* out of memory */
		goto nomem;
	u.out = tb_calloc(cl->ncol + W->nnodes + 1, sizeof *u.out);
	u.dp = tb_calloc(cl->ncol + 1, sizeof *u.dp);
	u.dc = tb_calloc(cl->ncol + 1, sizeof *u.dc);
	u.ip = tb_calloc(W->nnodes + 1, sizeof *u.ip);
	u.iw = tb_calloc(W->nnodes + 1, sizeof *u.iw);
	if (!u.out || !u.dp || !u.dc || !u.ip || !u.iw)
		goto nomem;
	for (size_t i = 0; i < ne;) {
		if (e[i].op == '=') {
			S_col c = cl->col[e[i].a];
			c.e[w] = W->nodes[e[i].b];
			c.at[w] = e[i].b;
			u.out[u.n++] = c;
			i++;
			continue;
		}
		u.nd = u.ni = 0;
		for (; i < ne && e[i].op != '='; i++) {
			if (e[i].op == '-') {
				u.dp[u.nd] = reps[e[i].a];
				u.dc[u.nd++] = e[i].a;
			} else {
				u.ip[u.ni] = mine[e[i].b];
				u.iw[u.ni++] = e[i].b;
			}
		}
		S_pair(cl, &u, w);
	}
	free(cl->col);
	cl->col = u.out;
	cl->ncol = u.n;
	u.out = NULL;
	goto done;
nomem:
	cl->nomem = 1;
done:
	free(u.out);
	free(u.dp), free(u.dc), free(u.ip), free(u.iw);
	free(e);
	free(reps);
	free(mine);
}

/* ===== Merging what witnesses write at one place ===== */

/* Keys interned as numbers, equal exactly when the keys are. */
typedef struct S_ids {
	char **key;
	uint32_t *id;
	size_t cap, n;
	int failed;                /* memory ran out (sticky): the numbers mean nothing */
} S_ids;

static uint64_t S_fnv(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
	return h;
}

static uint32_t S_intern(S_ids *t, const char *k)
{
	if (2 * (t->n + 1) > t->cap) {
		S_ids g = {NULL, NULL, t->cap ? 2 * t->cap : 32, 0, 0};
		g.key = tb_calloc(g.cap, sizeof *g.key);
		g.id = tb_calloc(g.cap, sizeof *g.id);
		if (!g.key || !g.id) {
			free(g.key);
			free(g.id);
			t->failed = 1;
			return 0;
		}
		for (size_t i = 0; i < t->cap; i++) {
			if (!t->key[i])
				continue;
			size_t h = (size_t)S_fnv(t->key[i], strlen(t->key[i])) & (g.cap - 1);
			while (g.key[h])
				h = (h + 1) & (g.cap - 1);
			g.key[h] = t->key[i];
			g.id[h] = t->id[i];
		}
		free(t->key);
		free(t->id);
		g.n = t->n;
		*t = g;
	}
	size_t h = (size_t)S_fnv(k, strlen(k)) & (t->cap - 1);
	while (t->key[h] && strcmp(t->key[h], k) != 0)
		h = (h + 1) & (t->cap - 1);
	if (!t->key[h]) {
		if (!(t->key[h] = tb_strdup(k))) {
			t->failed = 1;
			return 0;
		}
		t->id[h] = (uint32_t)t->n++;
	}
	return t->id[h];
}

static void S_ids_free(S_ids *t)
{
	for (size_t i = 0; i < t->cap; i++)
		free(t->key[i]);
	free(t->key);
	free(t->id);
	memset(t, 0, sizeof *t);
}

/* Things several witnesses write at one place -- comments, variations
 * -- in one list whose order keeps each witness's, each with the
 * witnesses that write it. */
typedef struct S_item {
	const void *p;           /* the first witness's: a tb_comment or a tb_line */
	uint32_t held, id;
} S_item;

typedef struct S_items {
	S_item *v;
	size_t n;
	int failed;                /* memory ran out (sticky) */
} S_items;

/* Adds witness 'w''s list (n things 'p', their keys' numbers 'ids') by
 * aligning it with the list so far. */
static void S_items_merge(S_items *m, const void *const *p, const uint32_t *ids, size_t n,
                          unsigned w)
{
	if (!n || m->failed)
		return;
	uint32_t *a = tb_calloc(m->n + 1, sizeof *a);
	for (size_t i = 0; a && i < m->n; i++)
		a[i] = m->v[i].id;
	size_t ne = 0;
	tb_edit *e = a ? tb_align(a, m->n, ids, n, &ne) : NULL;
	S_item *out = e ? tb_calloc(m->n + n + 1, sizeof *out) : NULL;
	if (!out) { /* out of memory ('e' is never NULL when 'n' is not 0) */
		m->failed = 1;
		free(e);
		free(a);
		return;
	}
	size_t k = 0;
	for (size_t i = 0; i < ne; i++) {
		if (e[i].op == '+') {
			out[k++] = (S_item){p[e[i].b], 1u << w, ids[e[i].b]};
			continue;
		}
		out[k] = m->v[e[i].a];
		out[k++].held |= e[i].op == '=' ? 1u << w : 0;
	}
	free(m->v);
	m->v = out;
	m->n = k;
	free(e);
	free(a);
}

/* Adds witness 'w''s comments 'c'. */
static void S_merge_comments(S_items *m, S_ids *t, const tb_comment *c, unsigned w)
{
	size_t n = 0;
	for (const tb_comment *x = c; x; x = x->next)
		n++;
	const void **p = tb_calloc(n + 1, sizeof *p);
	uint32_t *ids = tb_calloc(n + 1, sizeof *ids);
	tb_buf k = TB_BUF_SOFT;
	m->failed |= !p || !ids;
	n = 0;
	for (const tb_comment *x = c; x && !m->failed && !t->failed; x = x->next, n++) {
		tb_buf_clear(&k);
		tb_buf_printf(&k, "%s\x1f%s", x->lang ? x->lang : "", x->text);
		p[n] = x;
		ids[n] = tb_buf_ok(&k) ? S_intern(t, k.data) : (t->failed = 1, 0);
	}
	m->failed |= t->failed;
	S_items_merge(m, p, ids, n, w);
	tb_buf_free(&k);
	free(p);
	free(ids);
}

/* Would comment 'text', written as it is at place 'pl', be read as
 * something else than a witness's comment? */
static int S_misread(const tb_sigla *d, const char *text, int pl)
{
	uint32_t set, own;
	const char *rest;
	if (tb_attributed(d, text, &set, &rest) || tb_collation_note(d, text))
		return 1;
	return pl == TB_AT_ALT_FIRST && tb_sigla_list(d, text, strlen(text), &set, &own);
}

/* Writes the merged comments 'm' at place 'pl', where the witnesses
 * 'present' are: as they are when all of those write them, else
 * attributed to those who do ("A, C: text"). */
static void S_put_merged(const S_coll *cl, tb_buf *b, const S_items *m, uint32_t present,
                         int pl)
{
	tb_buf t = TB_BUF_SOFT;
	for (size_t i = 0; i < m->n; i++) {
		const tb_comment *c = m->v[i].p;
		int at = pl == TB_AT_ALT_FIRST && i > 0 ? TB_AT_ALT : pl;
		if (m->v[i].held == present && !S_misread(&cl->sig, c->text, at)) {
			S_put_comment(b, c->text, c->lang);
			continue;
		}
		tb_buf_clear(&t);
		tb_sigla_write(&t, &cl->sig, m->v[i].held, 0);
		tb_buf_printf(&t, ":%s%s", *c->text ? " " : "", c->text);
		S_put_made(b, &t, c->lang);
	}
	tb_buf_free(&t);
}

/* The comments lists[w] of the witnesses in 'present', merged and
 * written at place 'pl'. Returns 1 when something was written. */
static int S_put_lists(const S_coll *cl, tb_buf *b, const tb_comment *const *lists,
                       uint32_t present, int pl)
{
	S_items m = {NULL, 0, 0};
	S_ids t = {NULL, NULL, 0, 0, 0};
	for (size_t w = 0; w < cl->nw; w++)
		if (present >> w & 1)
			S_merge_comments(&m, &t, lists[w], (unsigned)w);
	if (m.failed)
		tb_buf_fail(b);
	else
		S_put_merged(cl, b, &m, present, pl);
	int some = m.n > 0;
	free(m.v);
	S_ids_free(&t);
	return some;
}

/* ===== Writing the collation ===== */

/* Node 'n' (not a reading) as an alternative. */
static void S_node_as_alt(const tb_node *n, tb_alt *a)
{
	memset(a, 0, sizeof *a);
	a->kind = n->kind;
	a->reconstructed = n->reconstructed;
	a->move = n->move;
	a->gap_min = n->gap_min;
	a->gap_max = n->gap_max;
	a->position = n->position;
}

/* What node 'n' writes, comments aside: two nodes of witnesses agree
 * when this is the same. */
static void S_node_key(tb_buf *b, const tb_game *g, const tb_node *n)
{
	tb_buf_clear(b);
	if (n->kind == TB_NODE_READING) {
		tb_buf_putc(b, 'R');
		tb_write_node(b, g, n, TB_WRITE_BARE);
	} else {
		tb_alt a;
		S_node_as_alt(n, &a);
		tb_buf_putc(b, 'N');
		tb_write_alt(b, g, &a);
	}
}

/* Does every witness write the same node at column 'c'? */
static int S_agreed(const S_coll *cl, const S_col *c, tb_buf *fail)
{
	if (c->decided)
		return 0;
	tb_buf k0 = TB_BUF_SOFT, k = TB_BUF_SOFT;
	int same = c->e[0] != NULL;
	if (same)
		S_node_key(&k0, cl->game, c->e[0]);
	for (size_t w = 1; same && w < cl->nw; w++) {
		same = c->e[w] != NULL;
		if (same) {
			S_node_key(&k, cl->game, c->e[w]);
			same = tb_buf_ok(&k0) && tb_buf_ok(&k) && strcmp(k.data, k0.data) == 0;
		}
	}
	if (!tb_buf_ok(&k0) || !tb_buf_ok(&k)) /* out of memory: 'fail' fails */
		tb_buf_fail(fail);
	tb_buf_free(&k0);
	tb_buf_free(&k);
	return same;
}

/* " N." or " N..." before the turn the column's text is, if it is one. */
static void S_put_number(tb_buf *b, const S_col *c)
{
	const tb_node *n = c->e[0];
	if (c->decided)
		tb_buf_printf(b, " %u%s", c->number, c->side ? "..." : ".");
	else if (n && tb_kind_is_turn(tb_node_followed(n)) && n->side < 2)
		tb_buf_printf(b, " %u%s", n->number, n->side ? "..." : ".");
}

static int S_nags_eq(const tb_node *a, const tb_node *b)
{
	return a->nnags == b->nnags && (!a->nnags || !memcmp(a->nags, b->nags, a->nnags));
}

/* The NAGs of the witnesses 'present' at column 'c': as they are when
 * all have the same, else each one's in an attributed comment. */
static void S_put_nags(const S_coll *cl, tb_buf *b, const S_col *c, uint32_t present)
{
	const tb_node *first = NULL;
	int same = 1;
	for (size_t w = 0; w < cl->nw; w++) {
		const tb_node *n = c->e[w];
		if (!(present >> w & 1))
			continue;
		if (!first)
			first = n;
		else
			same &= S_nags_eq(n, first);
	}
	for (unsigned i = 0; same && first && i < first->nnags; i++)
		tb_buf_printf(b, " $%u", first->nags[i]);
	uint32_t done = 0;
	tb_buf t = TB_BUF_SOFT;
	for (size_t w = 0; !same && w < cl->nw; w++) {
		const tb_node *n = c->e[w];
		if (!(present >> w & 1) || (done >> w & 1) || !n->nnags)
			continue;
		uint32_t group = 0;
		for (size_t v = w; v < cl->nw; v++)
			if ((present >> v & 1) && S_nags_eq(c->e[v], n))
				group |= 1u << v;
		done |= group;
		tb_buf_clear(&t);
		tb_sigla_write(&t, &cl->sig, group, 0);
		tb_buf_puts(&t, ": NAG");
		for (unsigned i = 0; i < n->nnags; i++)
			tb_buf_printf(&t, " $%u", n->nags[i]);
		S_put_made(b, &t, NULL);
	}
	tb_buf_free(&t);
}

/* The notes "illegal in A, C: why" for the witnesses 'who' whose turn
 * at column 'c' the rules do not allow where it stands in their line. */
static void S_put_flags(const S_coll *cl, tb_buf *b, const S_col *c, uint32_t who)
{
	uint32_t done = 0;
	tb_buf t = TB_BUF_SOFT;
	for (size_t w = 0; w < cl->nw; w++) {
		const char *why = (who >> w & 1) && c->e[w] ? cl->w[w].why[c->at[w]] : NULL;
		if (!why || (done >> w & 1))
			continue;
		uint32_t group = 0;
		for (size_t v = w; v < cl->nw; v++) {
			const char *other = (who >> v & 1) && c->e[v] ? cl->w[v].why[c->at[v]] : NULL;
			if (other && strcmp(other, why) == 0)
				group |= 1u << v;
		}
		done |= group;
		tb_buf_clear(&t);
		tb_buf_puts(&t, TB_ILLEGAL_IN);
		tb_sigla_write(&t, &cl->sig, group, 0);
		tb_buf_printf(&t, ": %s", why);
		S_put_made(b, &t, NULL);
	}
	tb_buf_free(&t);
}

/* The variations of the witnesses 'present' at column 'c', merged; one
 * not all of them have begins with the comment naming who has it. */
static void S_put_variations(const S_coll *cl, tb_buf *b, const S_col *c, uint32_t present)
{
	S_items m = {NULL, 0, 0};
	S_ids t = {NULL, NULL, 0, 0, 0};
	tb_buf k = TB_BUF_SOFT;
	for (size_t w = 0; w < cl->nw && !m.failed; w++) {
		if (!(present >> w & 1))
			continue;
		size_t n = 0;
		for (const tb_line *v = c->e[w]->variations; v; v = v->next)
			n++;
		const void **p = tb_calloc(n + 1, sizeof *p);
		uint32_t *ids = tb_calloc(n + 1, sizeof *ids);
		m.failed |= !p || !ids;
		n = 0;
		for (const tb_line *v = c->e[w]->variations; v && !m.failed && !t.failed;
		     v = v->next, n++) {
			tb_buf_clear(&k);
			tb_write_variation(&k, cl->game, v, 0);
			p[n] = v;
			ids[n] = tb_buf_ok(&k) ? S_intern(&t, k.data) : (t.failed = 1, 0);
		}
		m.failed |= t.failed;
		S_items_merge(&m, p, ids, n, (unsigned)w);
		free(p);
		free(ids);
	}
	if (m.failed)
		tb_buf_fail(b);
	for (size_t i = 0; i < m.n && !m.failed; i++) {
		const tb_line *v = m.v[i].p;
		uint32_t set;
		if (m.v[i].held == present && !tb_variation_witnesses(&cl->sig, v, &set)) {
			tb_write_variation(b, cl->game, v, 0);
			continue;
		}
		tb_buf_clear(&k);
		tb_sigla_write(&k, &cl->sig, m.v[i].held, 0);
		if (!tb_buf_ok(&k)) {
			tb_buf_fail(b);
			break;
		}
		tb_comment names;
		memset(&names, 0, sizeof names);
		names.text = k.data;
		names.next = v->lead;
		tb_line named = *v;
		named.lead = &names;
		tb_write_variation(b, cl->game, &named, 0);
	}
	tb_buf_free(&k);
	free(m.v);
	S_ids_free(&t);
}

/* What the witnesses 'present' at column 'c' write after their turn:
 * NAGs, comments, the notes of the turns illegal for those in 'flags',
 * variations. */
static void S_put_notes(const S_coll *cl, tb_buf *b, const S_col *c, uint32_t present,
                        uint32_t flags)
{
	const tb_comment *lists[TB_COLLATE_MAX];
	for (size_t w = 0; w < cl->nw; w++)
		lists[w] = present >> w & 1 ? c->e[w]->comments : NULL;
	S_put_nags(cl, b, c, present);
	S_put_lists(cl, b, lists, present, TB_AT_NODE);
	S_put_flags(cl, b, c, flags);
	S_put_variations(cl, b, c, present);
}

/* A column where every witness writes the same node: that node. */
static void S_put_agreed(const S_coll *cl, tb_buf *b, const S_col *c)
{
	const tb_node *n = c->e[0];
	uint32_t all = (1u << cl->nw) - 1;
	tb_buf_putc(b, ' ');
	if (n->kind != TB_NODE_READING) {
		tb_write_node(b, cl->game, n, TB_WRITE_BODY);
	} else {
		tb_buf_putc(b, '<');
		for (unsigned j = 0; j < n->nalts; j++) {
			const tb_comment *lists[TB_COLLATE_MAX];
			for (size_t w = 0; w < cl->nw; w++)
				lists[w] = c->e[w]->alts[j].comments;
			tb_buf_puts(b, j ? " | " : "");
			tb_write_alt(b, cl->game, &n->alts[j]);
			S_put_lists(cl, b, lists, all, TB_AT_ALT_FIRST);
		}
		tb_buf_putc(b, '>');
	}
	S_put_notes(cl, b, c, all, all);
}

/* One alternative of a column's reading. */
typedef struct S_ralt {
	char *key;                             /* as written, comments aside */
	tb_alt a;
	uint32_t held, own;                    /* its witnesses; those of them it is own reading of */
	uint32_t follow;                       /* those whose line follows it */
	const tb_comment *cm[TB_COLLATE_MAX];  /* each own witness's comments on it */
} S_ralt;

typedef struct S_ralts {
	S_ralt v[TB_COLLATE_MAX * 16 + 1];
	size_t n;
	int failed;                            /* memory ran out (sticky) */
} S_ralts;

/* Adds alternative 'a' of witness 'w' (its own reading's, with its
 * comments 'cm', when 'own'). */
static void S_ralt_add(S_ralts *rs, const tb_game *g, const tb_alt *a, size_t w, int own,
                       const tb_comment *cm, int follows)
{
	tb_buf k = TB_BUF_SOFT;
	tb_write_alt(&k, g, a);
	if (rs->failed || !tb_buf_ok(&k)) {
		rs->failed = 1;
		tb_buf_free(&k);
		return;
	}
	size_t i = 0;
	while (i < rs->n && strcmp(rs->v[i].key, k.data) != 0)
		i++;
	if (i == rs->n) {
		S_ralt *r = &rs->v[rs->n++];
		memset(r, 0, sizeof *r);
		r->key = tb_buf_detach(&k, NULL); /* 'k' is not empty */
		r->a = *a;
		r->a.comments = NULL;
	}
	tb_buf_free(&k);
	S_ralt *r = &rs->v[i];
	r->held |= 1u << w;
	r->own |= own ? 1u << w : 0;
	r->follow |= follows ? 1u << w : 0;
	r->cm[w] = cm;
}

/* The alternatives of column 'c', the record's text first. */
static void S_ralts_of(const S_coll *cl, const S_col *c, S_ralts *rs)
{
	rs->n = 0;
	rs->failed = 0;
	for (size_t w = 0; w < cl->nw; w++) {
		const tb_node *n = c->e[w];
		tb_alt a;
		if (!n) {
			memset(&a, 0, sizeof a);
			a.kind = TB_NODE_OMITTED;
			S_ralt_add(rs, cl->game, &a, w, 0, NULL, 0);
		} else if (n->kind == TB_NODE_READING) {
			for (unsigned j = 0; j < n->nalts; j++)
				S_ralt_add(rs, cl->game, &n->alts[j], w, 1, n->alts[j].comments, j == 0);
		} else {
			S_node_as_alt(n, &a);
			S_ralt_add(rs, cl->game, &a, w, 0, NULL, 1);
		}
	}
	if (!c->decided || rs->failed)
		return;
	tb_alt t;
	memset(&t, 0, sizeof t);
	t.kind = c->turn.nparts ? TB_NODE_MOVE : TB_NODE_PASS;
	t.move = (tb_move){c->turn.nparts, c->turn.crown, (tb_part *)c->turn.parts};
	tb_buf k = TB_BUF_SOFT;
	tb_write_alt(&k, cl->game, &t);
	if (!tb_buf_ok(&k)) {
		rs->failed = 1;
		tb_buf_free(&k);
		return;
	}
	size_t i = 0;
	while (i < rs->n && strcmp(rs->v[i].key, k.data) != 0)
		i++;
	S_ralt keep;
	if (i < rs->n) { /* a witness has it: the text follows that witness there */
		keep = rs->v[i];
		memmove(&rs->v[1], &rs->v[0], i * sizeof rs->v[0]);
		tb_buf_free(&k);
	} else { /* no witness has it: the rules propose it */
		memset(&keep, 0, sizeof keep);
		keep.key = tb_buf_detach(&k, NULL);
		keep.a = t;
		keep.a.reconstructed = 1;
		memmove(&rs->v[1], &rs->v[0], rs->n++ * sizeof rs->v[0]);
	}
	rs->v[0] = keep;
}

/* A column where the witnesses differ: a reading, one alternative for
 * each thing written there, each followed by the comment naming its
 * witnesses, their comments on it and the notes of the turns illegal
 * there; then what they write after it. */
static void S_put_reading(S_coll *cl, tb_buf *b, const S_col *c)
{
	S_ralts *rs = tb_malloc(sizeof *rs);
	if (!rs) {
		tb_buf_fail(b);
		return;
	}
	S_ralts_of(cl, c, rs);
	if (rs->failed)
		tb_buf_fail(b);
	if (rs->n > 16)
		cl->too_many = 1;
	tb_buf_puts(b, " <");
	for (size_t i = 0; i < rs->n; i++) {
		const S_ralt *r = &rs->v[i];
		tb_buf_puts(b, i ? " | " : "");
		tb_write_alt(b, cl->game, &r->a);
		if (r->held) {
			tb_buf_puts(b, " {");
			tb_sigla_write(b, &cl->sig, r->held, r->own);
			tb_buf_putc(b, '}');
		}
		S_put_lists(cl, b, r->cm, r->held, TB_AT_ALT);
		S_put_flags(cl, b, c, r->follow);
	}
	tb_buf_putc(b, '>');
	uint32_t present = 0;
	for (size_t w = 0; w < cl->nw; w++)
		present |= c->e[w] ? 1u << w : 0;
	S_put_notes(cl, b, c, present, 0);
	for (size_t i = 0; i < rs->n; i++)
		free(rs->v[i].key);
	free(rs);
}

/* Tags ordered as the witnesses have them, each once, and each
 * witness's tags by those names' numbers. */
typedef struct S_tagset {
	const char **name;
	size_t n;
	const tb_tag **of[TB_COLLATE_MAX];   /* of[w][id]: witness w's tag, or NULL */
} S_tagset;

static int S_tagset_build(const S_coll *cl, S_tagset *ts)
{
	S_ids t = {NULL, NULL, 0, 0, 0};
	size_t total = 0;
	int ok = 1;
	for (size_t w = 0; w < cl->nw; w++)
		total += cl->w[w].rec->ntags;
	memset(ts, 0, sizeof *ts);
	ok &= (ts->name = tb_calloc(total + 1, sizeof *ts->name)) != NULL;
	for (size_t w = 0; w < cl->nw; w++)
		ok &= (ts->of[w] = tb_calloc(total + 1, sizeof *ts->of[w])) != NULL;
	for (size_t w = 0; w < cl->nw && ok; w++) {
		const tb_record *rec = cl->w[w].rec;
		for (size_t i = 0; i < rec->ntags && ok; i++) {
			uint32_t id = S_intern(&t, rec->tags[i].name);
			if ((ok = !t.failed) == 0)
				break;
			if (id == ts->n)
				ts->name[ts->n++] = rec->tags[i].name;
			ts->of[w][id] = &rec->tags[i];
		}
	}
	S_ids_free(&t);
	return ok; /* 0: out of memory */
}

static void S_tagset_free(const S_coll *cl, S_tagset *ts)
{
	free(ts->name);
	for (size_t w = 0; w < cl->nw; w++)
		free(ts->of[w]);
}

/* Tag 'id': the base's value (for [Rules], the one known), each other
 * value in a comment naming its witnesses, then their comments. */
static void S_put_tag(const S_coll *cl, tb_buf *b, const S_tagset *ts, size_t id)
{
	const char *name = ts->name[id];
	const tb_tag *const *of[TB_COLLATE_MAX];
	const char *value = NULL;
	for (size_t w = 0; w < cl->nw; w++) {
		of[w] = &ts->of[w][id];
		if (!value && *of[w])
			value = (*of[w])->value;
	}
	if (strcmp(name, "Rules") == 0 && strcmp(value, "?") == 0)
		for (size_t w = 0; w < cl->nw; w++)
			value = strcmp(value, "?") == 0 && S_rules(&cl->w[w]) ? S_rules(&cl->w[w]) : value;
	tb_buf_printf(b, "[%s \"", name);
	tb_write_escaped(b, value, "\"\\");
	tb_buf_puts(b, "\"]");
	uint32_t done = 0, present = 0;
	tb_buf t = TB_BUF_SOFT;
	for (size_t w = 0; w < cl->nw; w++) {
		const tb_tag *tw = *of[w];
		present |= tw ? 1u << w : 0;
		if ((done >> w & 1) || (tw && strcmp(tw->value, value) == 0))
			continue;
		uint32_t group = 0;
		for (size_t v = w; v < cl->nw; v++) {
			const tb_tag *tv = *of[v];
			if ((!tv && !tw) || (tv && tw && strcmp(tv->value, tw->value) == 0))
				group |= 1u << v;
		}
		done |= group;
		tb_buf_clear(&t);
		tb_sigla_write(&t, &cl->sig, group, 0);
		if (tw) {
			tb_buf_printf(&t, ": [%s \"", name);
			tb_write_escaped(&t, tw->value, "\"\\");
			tb_buf_puts(&t, "\"]");
		} else {
			tb_buf_printf(&t, ": no [%s]", name);
		}
		S_put_made(b, &t, NULL);
	}
	const tb_comment *lists[TB_COLLATE_MAX];
	for (size_t w = 0; w < cl->nw; w++)
		lists[w] = *of[w] ? (*of[w])->comments : NULL;
	S_put_lists(cl, b, lists, present, TB_AT_TAG);
	tb_buf_putc(b, '\n');
	tb_buf_free(&t);
}

/* The result the base ends with; each other one in a comment naming
 * its witnesses. */
static void S_put_result(const S_coll *cl, tb_buf *b)
{
	const tb_comment *lists[TB_COLLATE_MAX];
	uint32_t all = (1u << cl->nw) - 1, done = 0;
	tb_result base = cl->w[0].rec->result;
	tb_buf_printf(b, "\n%s", tb_result_text[base]);
	for (size_t w = 0; w < cl->nw; w++)
		lists[w] = cl->w[w].rec->trail;
	S_put_lists(cl, b, lists, all, TB_AT_TRAIL);
	tb_buf t = TB_BUF_SOFT;
	for (size_t w = 1; w < cl->nw; w++) {
		tb_result res = cl->w[w].rec->result;
		if ((done >> w & 1) || res == base)
			continue;
		uint32_t group = 0;
		for (size_t v = w; v < cl->nw; v++)
			group |= cl->w[v].rec->result == res ? 1u << v : 0;
		done |= group;
		tb_buf_clear(&t);
		tb_sigla_write(&t, &cl->sig, group, 0);
		tb_buf_printf(&t, ": %s", tb_result_text[res]);
		S_put_made(b, &t, NULL);
	}
	tb_buf_free(&t);
	tb_buf_putc(b, '\n');
}

/* The collation as TGN (read back, it is put in canonical form). */
static void S_emit(S_coll *cl, tb_buf *b)
{
	uint32_t all = (1u << cl->nw) - 1;
	const tb_comment *lists[TB_COLLATE_MAX];
	for (size_t w = 0; w < cl->nw; w++)
		lists[w] = cl->w[w].rec->lead;
	if (S_put_lists(cl, b, lists, all, TB_AT_LEAD))
		tb_buf_putc(b, '\n');
	S_tagset ts;
	if (!S_tagset_build(cl, &ts))
		tb_buf_fail(b);
	for (size_t i = 0; i < ts.n && tb_buf_ok(b); i++)
		S_put_tag(cl, b, &ts, i);
	S_tagset_free(cl, &ts);
	tb_buf_puts(b, "[Collation \"");
	tb_sigla_write(b, &cl->sig, all, 0);
	tb_buf_puts(b, "\"]\n\n");
	for (size_t w = 0; w < cl->nw; w++)
		lists[w] = cl->w[w].rec->main.lead;
	if (S_put_lists(cl, b, lists, all, TB_AT_LEAD))
		tb_buf_putc(b, '\n');
	for (size_t i = 0; i < cl->ncol && tb_buf_ok(b); i++) {
		const S_col *c = &cl->col[i];
		S_put_number(b, c);
		if (S_agreed(cl, c, b))
			S_put_agreed(cl, b, c);
		else
			S_put_reading(cl, b, c);
		if (i % 8 == 7)
			tb_buf_putc(b, '\n');
	}
	S_put_result(cl, b);
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
	S_coll *cl;
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
	S_col *c = &d->cl->col[m->col];
	const tb_node *base = c->e[0];
	if (c->decided || !base)
		return 0;
	tb_buf fail = TB_BUF_SOFT;
	int agreed = base->kind == TB_NODE_GAP && S_agreed(d->cl, c, &fail);
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
static void S_fill_gaps(S_coll *cl, S_decide_ctx *d)
{
	size_t extra = 0;
	for (size_t i = 0; i < d->ngaps; i++)
		extra += d->gaps[i].n - 1;
	if (!d->ngaps)
		return;
	S_col *out = tb_calloc(cl->ncol + extra + 1, sizeof *out);
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
			S_col *c = j ? &out[k++] : &out[k - 1];
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
static int S_reconstruct(S_coll *cl, tb_reader *r, const tb_record *rec)
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
	tb_validate_opts o = {NULL, NULL, S_decide, &d, NULL, NULL, NULL};
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

/* Each witness read back out of collation 'rec' must be that witness. */
static int S_check(S_coll *cl, const tb_record *rec)
{
	for (size_t w = 0; w < cl->nw; w++) {
		tb_buf why = TB_BUF_SOFT;
		char *back = tb_collation_witness_canon(rec, &cl->sig, w, NULL, &why);
		if (back && strcmp(back, cl->w[w].text) != 0)
			S_first_line_apart(&why, cl->w[w].text, back);
		cl->nomem |= !tb_buf_ok(&why);
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
static int S_written(S_coll *cl, tb_buf *text, tb_reader **r, tb_record **rec)
{
	tb_buf_clear(text);
	cl->too_many = 0;
	S_emit(cl, text);
	const S_wit *b = &cl->w[0];
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
static char *S_collation(S_coll *cl, size_t *len)
{
	S_columns_base(cl);
	for (size_t w = 1; w < cl->nw && !cl->nomem; w++)
		S_columns_add(cl, w);
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
	S_coll *cl = tb_calloc(1, sizeof *cl);
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
