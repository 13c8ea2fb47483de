/*
 * collate_write.c -- a collation written as TGN (collation.h;
 * spec/compare.md, "Collating witnesses"): the tags, the base's value
 * and the others' in comments; each column, the node every witness
 * writes there or a reading of one alternative per distinct thing
 * written, each naming its witnesses; what they write after it,
 * merged (collate_merge.c); the result. collate.c reads the text back,
 * which puts it in canonical form.
 */
#include <stdlib.h>
#include <string.h>

#include "collation.h"
#include "evidence.h"
#include "writer.h"
#include "xalloc.h"

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
int tb_coll_agreed(const tb_coll *cl, const tb_coll_col *c, tb_buf *fail)
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
static void S_put_number(tb_buf *b, const tb_coll_col *c)
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
static void S_put_nags(const tb_coll *cl, tb_buf *b, const tb_coll_col *c, uint32_t present)
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
		tb_coll_put_made(b, &t, NULL);
	}
	tb_buf_free(&t);
}

/* The evidence links of the witnesses 'present' at column 'c' (spec/
 * compare.md 7.1): the node's when all have the same (or none), else
 * each one's on a comment naming its witnesses, "A, C: @" @0:00:12 --
 * a witness without links in none. */
static const tb_evidence *S_links(const tb_coll_col *c, size_t w)
{
	return c->e[w] ? c->e[w]->evidence : NULL;
}

static void S_put_links(const tb_coll *cl, tb_buf *b, const tb_coll_col *c, uint32_t present)
{
	const tb_evidence *first = NULL;
	int seen = 0, same = 1;
	for (size_t w = 0; w < cl->nw; w++) {
		if (!(present >> w & 1))
			continue;
		same &= !seen || tb_ev_equal(S_links(c, w), first);
		first = seen ? first : S_links(c, w);
		seen = 1;
	}
	if (same) {
		tb_ev_write(b, first);
		return;
	}
	uint32_t done = 0;
	tb_buf t = TB_BUF_SOFT;
	for (size_t w = 0; w < cl->nw; w++) {
		const tb_evidence *e = present >> w & 1 ? S_links(c, w) : NULL;
		if (!e || (done >> w & 1))
			continue;
		uint32_t group = 0;
		for (size_t v = w; v < cl->nw; v++)
			if ((present >> v & 1) && tb_ev_equal(S_links(c, v), e))
				group |= 1u << v;
		done |= group;
		tb_buf_clear(&t);
		tb_sigla_write(&t, &cl->sig, group, 0);
		tb_buf_puts(&t, ": " TB_LINKS_FORM);
		tb_coll_put_made(b, &t, NULL);
		tb_ev_write(b, e);
	}
	tb_buf_free(&t);
}

/* The notes "illegal in A, C: why" for the witnesses 'who' whose turn
 * at column 'c' the rules do not allow where it stands in their line. */
static void S_put_flags(const tb_coll *cl, tb_buf *b, const tb_coll_col *c, uint32_t who)
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
		tb_coll_put_made(b, &t, NULL);
	}
	tb_buf_free(&t);
}

/* The variations of the witnesses 'present' at column 'c', merged; one
 * not all of them have begins with the comment naming who has it. */
static void S_put_variations(const tb_coll *cl, tb_buf *b, const tb_coll_col *c, uint32_t present)
{
	tb_coll_items m = {NULL, 0, 0};
	tb_coll_ids t = {NULL, NULL, 0, 0, 0};
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
			ids[n] = tb_buf_ok(&k) ? tb_coll_intern(&t, k.data) : (t.failed = 1, 0);
		}
		m.failed |= t.failed;
		tb_coll_items_merge(&m, p, ids, n, (unsigned)w);
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
	tb_coll_ids_free(&t);
}

/* What the witnesses 'present' at column 'c' write after their turn:
 * NAGs, comments, the notes of the turns illegal for those in 'flags',
 * variations. */
static void S_put_notes(const tb_coll *cl, tb_buf *b, const tb_coll_col *c, uint32_t present,
                        uint32_t flags)
{
	const tb_comment *lists[TB_COLLATE_MAX];
	for (size_t w = 0; w < cl->nw; w++)
		lists[w] = present >> w & 1 ? c->e[w]->comments : NULL;
	S_put_nags(cl, b, c, present);
	S_put_links(cl, b, c, present);
	tb_coll_put_lists(cl, b, lists, present, TB_AT_NODE);
	S_put_flags(cl, b, c, flags);
	S_put_variations(cl, b, c, present);
}

/* A column where every witness writes the same node: that node. */
static void S_put_agreed(const tb_coll *cl, tb_buf *b, const tb_coll_col *c)
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
			tb_ev_write(b, n->alts[j].evidence);
			tb_coll_put_lists(cl, b, lists, all, TB_AT_ALT_FIRST);
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

/* The place in 'rs' of the alternative written 'key', or rs->n. */
static size_t S_ralt_find(const S_ralts *rs, const char *key)
{
	size_t i = 0;
	while (i < rs->n && strcmp(rs->v[i].key, key) != 0)
		i++;
	return i;
}

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
	size_t i = S_ralt_find(rs, k.data);
	if (i == rs->n) {
		S_ralt *r = &rs->v[rs->n++];
		memset(r, 0, sizeof *r);
		r->key = tb_buf_detach(&k, NULL); /* 'k' is not empty */
		r->a = *a;
		r->a.comments = NULL;
		r->a.evidence = own ? a->evidence : NULL;
	}
	tb_buf_free(&k);
	S_ralt *r = &rs->v[i];
	r->held |= 1u << w;
	r->own |= own ? 1u << w : 0;
	if (own && !r->a.evidence) /* an own reading's alternative's links */
		r->a.evidence = a->evidence;
	r->follow |= follows ? 1u << w : 0;
	r->cm[w] = cm;
}

/* The alternatives of column 'c', the record's text first. */
static void S_ralts_of(const tb_coll *cl, const tb_coll_col *c, S_ralts *rs)
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
	size_t i = S_ralt_find(rs, k.data);
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
static void S_put_reading(tb_coll *cl, tb_buf *b, const tb_coll_col *c)
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
		tb_ev_write(b, r->a.evidence); /* the first witness's: the others' must agree */
		if (r->held) {
			tb_buf_puts(b, " {");
			tb_sigla_write(b, &cl->sig, r->held, r->own);
			tb_buf_putc(b, '}');
		}
		tb_coll_put_lists(cl, b, r->cm, r->held, TB_AT_ALT);
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

static int S_tagset_build(const tb_coll *cl, S_tagset *ts)
{
	tb_coll_ids t = {NULL, NULL, 0, 0, 0};
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
			uint32_t id = tb_coll_intern(&t, rec->tags[i].name);
			if ((ok = !t.failed) == 0)
				break;
			if (id == ts->n)
				ts->name[ts->n++] = rec->tags[i].name;
			ts->of[w][id] = &rec->tags[i];
		}
	}
	tb_coll_ids_free(&t);
	return ok; /* 0: out of memory */
}

static void S_tagset_free(const tb_coll *cl, S_tagset *ts)
{
	free(ts->name);
	for (size_t w = 0; w < cl->nw; w++)
		free(ts->of[w]);
}

/* Tag 'id': the base's value (for [Rules], the one known), each other
 * value in a comment naming its witnesses, then their comments. */
static void S_put_tag(const tb_coll *cl, tb_buf *b, const S_tagset *ts, size_t id)
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
			value = strcmp(value, "?") == 0 && tb_coll_rules(&cl->w[w]) ? tb_coll_rules(&cl->w[w]) : value;
	tb_write_tag(b, name, value);
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
			tb_buf_puts(&t, ": ");
			tb_write_tag(&t, name, tw->value);
		} else {
			tb_buf_printf(&t, ": no [%s]", name);
		}
		tb_coll_put_made(b, &t, NULL);
	}
	const tb_comment *lists[TB_COLLATE_MAX];
	for (size_t w = 0; w < cl->nw; w++)
		lists[w] = *of[w] ? (*of[w])->comments : NULL;
	tb_coll_put_lists(cl, b, lists, present, TB_AT_TAG);
	tb_buf_putc(b, '\n');
	tb_buf_free(&t);
}

/* The result the base ends with; each other one in a comment naming
 * its witnesses. */
static void S_put_result(const tb_coll *cl, tb_buf *b)
{
	const tb_comment *lists[TB_COLLATE_MAX];
	uint32_t all = (1u << cl->nw) - 1, done = 0;
	tb_result base = cl->w[0].rec->result;
	tb_buf_printf(b, "\n%s", tb_result_text[base]);
	for (size_t w = 0; w < cl->nw; w++)
		lists[w] = cl->w[w].rec->trail;
	tb_coll_put_lists(cl, b, lists, all, TB_AT_TRAIL);
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
		tb_coll_put_made(b, &t, NULL);
	}
	tb_buf_free(&t);
	tb_buf_putc(b, '\n');
}

/* The collation as TGN (read back, it is put in canonical form). */
void tb_coll_emit(tb_coll *cl, tb_buf *b)
{
	uint32_t all = (1u << cl->nw) - 1;
	const tb_comment *lists[TB_COLLATE_MAX];
	for (size_t w = 0; w < cl->nw; w++)
		lists[w] = cl->w[w].rec->lead;
	if (tb_coll_put_lists(cl, b, lists, all, TB_AT_LEAD))
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
	if (tb_coll_put_lists(cl, b, lists, all, TB_AT_LEAD))
		tb_buf_putc(b, '\n');
	for (size_t i = 0; i < cl->ncol && tb_buf_ok(b); i++) {
		const tb_coll_col *c = &cl->col[i];
		S_put_number(b, c);
		if (tb_coll_agreed(cl, c, b))
			S_put_agreed(cl, b, c);
		else
			S_put_reading(cl, b, c);
		if (i % 8 == 7)
			tb_buf_putc(b, '\n');
	}
	S_put_result(cl, b);
}
