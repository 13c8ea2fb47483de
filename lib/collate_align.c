/*
 * collate_align.c -- the witnesses of a collation aligned into columns
 * (collation.h; spec/compare.md, "Collating witnesses"): the base
 * witness's main line is the spine of the columns; each other witness
 * is aligned with the columns so far by what its turns mean
 * (compare.c), a run of differences paired node for node, side with
 * side, what is left over standing against nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "collation.h"
#include "xalloc.h"

/* ===== Columns ===== */

/* The columns as the base's nodes. */
void tb_coll_columns_base(tb_coll *cl)
{
	tb_coll_wit *w = &cl->w[0];
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
	tb_coll_col *out;                /* the new columns */
	size_t n;
	const tb_ply **dp, **ip;   /* the run's columns and witness nodes */
	size_t *dc, *iw;           /* their indexes */
	size_t nd, ni;
} S_run;

static void S_push_new(tb_coll *cl, S_run *u, size_t w, size_t j)
{
	tb_coll_col *c = &u->out[u->n++];
	memset(c, 0, sizeof *c);
	c->e[w] = cl->w[w].nodes[u->iw[j]];
	c->at[w] = u->iw[j];
	c->rep = u->ip[j];
}

/* A run of differences between the columns and witness 'w': its nodes
 * face the run's columns, node for node where sides allow; those left
 * over are columns of their own, and the columns left over have
 * nothing of it. */
static void S_pair(tb_coll *cl, S_run *u, size_t w)
{
	size_t k;
	if (u->ni <= u->nd) {
		k = S_offset(u->dp, u->nd, u->ip, u->ni);
		for (size_t j = 0; j < u->nd; j++) {
			tb_coll_col c = cl->col[u->dc[j]];
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
		tb_coll_col c = cl->col[u->dc[j]];
		c.e[w] = cl->w[w].nodes[u->iw[k + j]];
		c.at[w] = u->iw[k + j];
		u->out[u->n++] = c;
	}
	for (size_t j = k + u->nd; j < u->ni; j++)
		S_push_new(cl, u, w, j);
}

/* Aligns witness 'w' with the columns so far (compare.c) and adds it. */
void tb_coll_columns_add(tb_coll *cl, size_t w)
{
	tb_coll_wit *W = &cl->w[w];
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
			tb_coll_col c = cl->col[e[i].a];
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
