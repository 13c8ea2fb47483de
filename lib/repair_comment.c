/*
 * repair_comment.c -- whether a comment next to a written turn names a
 * repair of it (repair.h; spec/reconstruct.md §4.2, 2): the point it
 * puts in, or its turn's token, as a word of its own.
 */
#include <ctype.h>
#include <string.h>

#include "repair.h"

/* Is 'name' (a point, "e4", or a token) in comment text 't' as a word
 * of its own? */
static int S_names(const char *t, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = strstr(t, name); p; p = strstr(p + 1, name)) {
		int before = p > t && isalnum((unsigned char)p[-1]);
		int after = isalnum((unsigned char)p[n]) || p[n] == '-' || p[n] == 'x';
		if (!before && !after)
			return 1;
	}
	return 0;
}

/* Does comment text 't' name a point that node 'n' writes? Then it
 * is about that turn. */
static int S_about(const char *t, const tb_node *n)
{
	const tb_move *m = n->kind == TB_NODE_READING ? &n->alts[0].move : &n->move;
	for (unsigned k = 0; k < m->nparts; k++) {
		char name[8];
		tb_buf b = TB_BUF_SOFT;
		tb_point_write(&b, m->parts[k].pt);
		int ok = tb_buf_ok(&b) && b.data && b.len < sizeof name;
		if (ok)
			memcpy(name, b.data, b.len + 1);
		tb_buf_free(&b);
		if (ok && S_names(t, name))
			return 1;
	}
	return 0;
}

/* Does a comment next to look-back turn 'i' name 'what': one after it,
 * or one just before it (after the written turn before) that names no
 * point of that turn -- a comment is about the turn it follows, unless
 * it plainly is not? */
static int S_commented(const void *const *nodes, size_t i, const char *what)
{
	const tb_node *own = nodes[i], *prev = i ? nodes[i - 1] : NULL;
	for (const tb_comment *c = own->comments; c; c = c->next)
		if (c->text && S_names(c->text, what))
			return 1;
	for (const tb_comment *c = prev ? prev->comments : NULL; c; c = c->next)
		if (c->text && S_names(c->text, what) && !S_about(c->text, prev))
			return 1;
	return 0;
}

int tb_repair_commented(const void *const *nodes, size_t i, const tb_repair *r)
{
	const tb_node *own = nodes[i], *prev = i ? nodes[i - 1] : NULL;
	if (!own->comments && !(prev && prev->comments))
		return 0; /* no comment to look in: the words are not made (most turns) */
	char text[128];
	tb_buf b = TB_BUF_SOFT;
	if (r->kind == TB_REPAIR_SOUND || r->kind == TB_REPAIR_POINT || r->kind == TB_REPAIR_SAME)
		tb_point_write(&b, r->said);
	else if (r->nturns)
		tb_turn_token(&b, &r->turn[0]);
	int ok = tb_buf_ok(&b) && b.data && b.len < sizeof text;
	if (ok)
		memcpy(text, b.data, b.len + 1);
	tb_buf_free(&b);
	return ok && S_commented(nodes, i, text);
}
