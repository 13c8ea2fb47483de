/*
 * html_tree.c -- the turns played, as a browsable tree on the web page
 * of a collection (spec/html.md, spec/collection.md §5): from the start
 * of each game, the turns the records' main lines played, each with
 * how many records played it and how they ended, opening onto the turns
 * played after it; where one record alone goes on, a link to it. The
 * turns are the one reading's (tb_plies: a '?' the rules decide is the
 * turn decided). html.c hands each record to tb_html_tree_add and asks
 * for the tree once, with the page.
 */
#include "html_tree.h"

#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "lang.h"
#include "record.h"
#include "xalloc.h"
#include "xml_emit.h"

/* Turns deep the tree goes (its lines grow long past this). */
#define S_DEPTH 40

typedef struct S_node {
	char *token;
	char label[16];          /* its number as the movetext writes it: "12." "12..." */
	long games, results[4];  /* first won, second won, drawn, other */
	long record;             /* the last record through it (from 1) */
	struct S_node *child, *next;
} S_node;

struct tb_html_tree {
	S_node *games;           /* one root per game: token its name */
	int failed;
};

static void S_free(S_node *n)
{
	while (n) {
		S_node *next = n->next;
		S_free(n->child);
		free(n->token);
		free(n);
		n = next;
	}
}

void tb_html_tree_free(tb_html_tree *t)
{
	if (t) {
		S_free(t->games);
		free(t);
	}
}

/* The child of '*list' for 'token', made when missing (kept in the
 * order first seen); NULL when memory ran out. */
static S_node *S_child(S_node **list, const char *token)
{
	S_node **p = list;
	for (; *p; p = &(*p)->next)
		if (strcmp((*p)->token, token) == 0)
			return *p;
	S_node *n = tb_calloc(1, sizeof *n);
	if (!n || !(n->token = tb_strdup(token))) {
		free(n);
		return NULL;
	}
	*p = n;
	return n;
}

static void S_count(S_node *n, int result, long record)
{
	n->games++;
	n->results[result]++;
	n->record = record;
}

static int S_result(const tb_record *rec)
{
	const char *r = tb_record_tag(rec, "Result");
	return !r ? 3 : !strcmp(r, "1-0") ? 0 : !strcmp(r, "0-1") ? 1 : !strcmp(r, "1/2-1/2") ? 2 : 3;
}

int tb_html_tree_add(tb_html_tree **tp, const tb_record *rec, long record)
{
	if (!*tp && !(*tp = tb_calloc(1, sizeof **tp)))
		return -1;
	tb_html_tree *t = *tp;
	if (t->failed)
		return -1;
	if (!rec->game || tb_record_errors(rec))
		return 0;
	tb_plies *p = tb_plies_new(rec);
	S_node *at = p ? S_child(&t->games, rec->game->name) : NULL;
	int result = S_result(rec);
	if (at)
		S_count(at, result, record);
	for (size_t i = 0, depth = 0; at && p && i < tb_plies_count(p) && depth < S_DEPTH; i++) {
		const tb_ply *y = tb_plies_at(p, i);
		if (!strncmp(y->written, "<position", 9))
			break; /* a restated position: another start */
		at = S_child(&at->child, y->token);
		if (at && !at->games && y->number && y->side < 2)
			snprintf(at->label, sizeof at->label, "%u%s ", y->number, y->side ? "..." : ".");
		if (at)
			S_count(at, result, record);
		depth++;
	}
	if (!p || !at)
		t->failed = 1;
	tb_plies_free(p);
	return t->failed ? -1 : 0;
}

/* One turn and what follows it: the turns after it that every record
 * through it played too on the same line of the summary (a line all
 * of them follow is one branch, not a staircase). */
static void S_write(tb_buf *b, const S_node *n, const tb_lang *l, unsigned depth)
{
	char games[32];
	snprintf(games, sizeof games, "%ld", n->games);
	char *g = tb_lang_format(l, n->games == 1 ? "html.tree.one" : "html.tree.games",
	                         (const char *[]){games}, 1);
	if (!g)
		tb_buf_fail(b);
	const S_node *last = n;
	while (n->games > 1 && last->child && !last->child->next && last->child->games == n->games)
		last = last->child;
	int open = n->games > 1 && last->child;
	tb_buf_puts(b, open ? "<li><details><summary>" : "<li>");
	tb_buf_puts(b, "<b>");
	for (const S_node *m = n;; m = m->child) {
		tb_buf_puts(b, m == n ? "" : " ");
		tb_buf_puts(b, m->label);
		tb_xml_escape(b, m->token, strlen(m->token), 0);
		if (m == last)
			break;
	}
	tb_buf_puts(b, "</b> ");
	tb_xml_escape(b, g ? g : "", g ? strlen(g) : 0, 0);
	tb_buf_printf(b, " <span class=\"tb-tree-res\">(1-0: %ld, 0-1: %ld, 1/2-1/2: %ld, *: %ld)</span>",
	              n->results[0], n->results[1], n->results[2], n->results[3]);
	free(g);
	if (!open) {
		/* one record goes on from here (or the line ends): it is that one */
		tb_buf_printf(b, " <a href=\"#game=%ld\">#%ld</a></li>\n", n->record, n->record);
		return;
	}
	tb_buf_puts(b, "</summary>\n<ul>\n");
	for (const S_node *c = last->child; c; c = c->next)
		S_write(b, c, l, depth + 1);
	tb_buf_puts(b, "</ul></details></li>\n");
}

void tb_html_tree_write(const tb_html_tree *t, tb_buf *b, const tb_lang *l)
{
	if (!t || t->failed || !t->games)
		return;
	const char *title = tb_lang_text(l, "html.tree");
	tb_buf_puts(b, "<nav class=\"tb-tree\" aria-label=\"");
	tb_xml_escape(b, title, strlen(title), 1);
	tb_buf_puts(b, "\">\n<details><summary class=\"tb-tree-title\">");
	tb_xml_escape(b, title, strlen(title), 0);
	tb_buf_puts(b, "</summary>\n");
	for (const S_node *g = t->games; g; g = g->next) {
		/* the game's name in the page's language (its descriptor's words) */
		char key[80];
		snprintf(key, sizeof key, "game.%s", g->token);
		const char *name = tb_lang_text(l, key);
		tb_buf_puts(b, "<h3>");
		tb_xml_escape(b, name ? name : g->token, strlen(name ? name : g->token), 0);
		tb_buf_puts(b, "</h3>\n<ul>\n");
		for (const S_node *c = g->child; c; c = c->next)
			S_write(b, c, l, 1);
		tb_buf_puts(b, "</ul>\n");
	}
	tb_buf_puts(b, "</details>\n</nav>\n");
}
