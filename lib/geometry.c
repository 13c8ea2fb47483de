/*
 * geometry.c -- boards as data: points with drawing positions, edges
 * with their kind, lines of three. Games build theirs from strings of
 * point names, so a board reads like its drawing.
 */
#include <string.h>

#include "rules.h"

/* Reads the point name at *s ("d1") and advances past it and spaces. */
static tb_point S_next_point(const char **s)
{
	while (**s == ' ')
		(*s)++;
	if (!**s)
		return TB_PT_NONE;
	int file = **s - 'a';
	(*s)++;
	int rank = 0;
	while (**s >= '0' && **s <= '9')
		rank = rank * 10 + (*(*s)++ - '0');
	return TB_PT(file, rank - 1);
}

void tb_geo_points(tb_geometry *g, const char *s)
{
	tb_point p;
	while ((p = S_next_point(&s)) != TB_PT_NONE && g->npoints < TB_MAX_POINTS) {
		if (g->index[p])
			continue;
		tb_geo_point *gp = &g->points[g->npoints];
		gp->pt = p;
		gp->x = (float)TB_PT_FILE(p);
		gp->y = (float)TB_PT_RANK(p);
		g->index[p] = ++g->npoints;
	}
}

void tb_geo_mark_add(tb_geometry *g, const char *cls, int area, float x1, float y1, float x2,
                     float y2)
{
	if (g->nmarks < sizeof g->marks / sizeof g->marks[0])
		g->marks[g->nmarks++] = (tb_geo_mark){cls, (uint8_t)area, x1, y1, x2, y2};
}

int tb_geo_edge_between(const tb_geometry *g, int a, int b)
{
	for (int k = 0; k < g->nadj[a]; k++)
		if (g->adj[a][k] == b)
			return g->adj_edge[a][k];
	return -1;
}

static void S_adj(tb_geometry *g, int a, int b, int e)
{
	if (g->nadj[a] < 8) {
		g->adj[a][g->nadj[a]] = (uint8_t)b;
		g->adj_edge[a][g->nadj[a]++] = (uint8_t)e;
	}
}

void tb_geo_line(tb_geometry *g, const char *s, uint8_t kind)
{
	int prev = -1;
	tb_point p;
	while ((p = S_next_point(&s)) != TB_PT_NONE) {
		int at = tb_geo_at(g, p);
		if (at < 0) { /* the line breaks there */
			prev = -1;
			continue;
		}
		if (prev >= 0 && tb_geo_edge_between(g, prev, at) < 0 &&
		    g->nedges < sizeof g->edges / sizeof g->edges[0]) {
			int e = g->nedges++;
			g->edges[e] = (tb_geo_edge){(uint8_t)prev, (uint8_t)at, kind, 0};
			S_adj(g, prev, at, e);
			S_adj(g, at, prev, e);
		}
		prev = at;
	}
}

/* The point after q going p -> q along an edge in the same direction,
 * from the drawing positions. */
static int S_beyond(const tb_geometry *g, int p, int q)
{
	float dx = g->points[q].x - g->points[p].x, dy = g->points[q].y - g->points[p].y;
	for (int k = 0; k < g->nadj[q]; k++) {
		int r = g->adj[q][k];
		float ex = g->points[r].x - g->points[q].x, ey = g->points[r].y - g->points[q].y;
		if (dx * ey == dy * ex && dx * ex + dy * ey > 0)
			return r;
	}
	return -1;
}

int tb_geo_beyond(const tb_geometry *g, int p, int q)
{
	if (g->finished)
		for (int k = 0; k < g->nadj[p]; k++)
			if (g->adj[p][k] == q)
				return g->beyond[p][k];
	return S_beyond(g, p, q);
}

void tb_geo_finish(tb_geometry *g)
{
	for (int p = 0; p < g->npoints; p++)
		for (int k = 0; k < g->nadj[p]; k++)
			g->beyond[p][k] = (int8_t)S_beyond(g, p, g->adj[p][k]);
	g->finished = 1;
}

void tb_geo_three(tb_geometry *g, const char *s, uint8_t kind)
{
	if (g->nthrees >= sizeof g->threes / sizeof g->threes[0])
		return;
	int t = g->nthrees++;
	for (int k = 0; k < 3; k++) {
		int at = tb_geo_at(g, S_next_point(&s));
		g->threes[t][k] = (uint8_t)at;
		g->three_mask[t] |= (uint64_t)1 << at;
		if (g->nthrees_at[at] < 8)
			g->threes_at[at][g->nthrees_at[at]++] = (uint8_t)t;
	}
	g->three_kind[t] = kind;
}
