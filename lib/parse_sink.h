/*
 * parse_sink.h -- where the parser (parser.c) puts the movetext it
 * reads: one grammar, two sinks.
 *
 *  - The tree sink builds the record's tree (record.h): every node,
 *    variation, NAG, move and comment text, in the record's arena.
 *  - The check sink (tb_reader_set_check_only: commands that only
 *    report, "tablero parse") keeps only what the grammar's own
 *    diagnostics look back at, and builds nothing else:
 *      . the last node of each line being read (its kind, side and
 *        number, which a variation's count starts from; its NAG count,
 *        which TB_MAX_NAGS bounds; its evidence link, which a second
 *        time or region repeats): one node a line, rewritten at each
 *        turn -- a line's first and last are that node;
 *      . whether a line holds anything (an empty variation is an
 *        error): its first node, or its lead comment;
 *      . the movetext's comments as links only (a comment's evidence,
 *        a line's lead), their text not copied (a mark's diagnostics
 *        read the token);
 *      . the parts of a reconstructed turn's move (every point must be
 *        known), not of other moves.
 *    The tags (roster checks, the game, its board, [Result]) are checked
 *    one way for both, but that a check leaves [Position] as written
 *    (tags.c: its canonical form is for writers); both read the tag
 *    lines in the plain shape by their fast tier (parse_fast_tags.c)
 *    into the same list.
 *    A record read so has its tags, game, result and diagnostics; its
 *    movetext is left empty (tb_sink_finish).
 *
 * Every function is inline: the parser calls them at every token, and
 * the test of 'check' is one predictable branch. The movetext's fast
 * tier (parse_fast.c) builds its tree through them too, so that a node
 * is made one way.
 */
#ifndef TB_PARSE_SINK_H
#define TB_PARSE_SINK_H

#include <stddef.h>
#include <string.h>

#include "record.h"

/* ===== The tree's small makers =====
 * One definition each, inline, for both tiers (parser.c, parse_fast.c),
 * which call no function of each other's but the fast tier's entry;
 * record.h's tb_comment_make, tb_comment_append and
 * tb_node_push_variation, for the building API, are these (parser.c). */

/* A comment of the 'n' bytes at 's', leading and trailing white space
 * left out, in language 'lang' (NULL or "": none); NULL when memory ran
 * out and the arena is soft. */
static inline tb_comment *tb_sink_comment_make(tb_arena *a, const char *s, size_t n,
                                               const char *lang)
{
	tb_comment *c = tb_arena_alloc(a, sizeof *c);
	if (!c)
		return NULL;
	if (lang && lang[0] && !(c->lang = tb_arena_strndup(a, lang, strlen(lang))))
		return NULL;
	/* Leading and trailing white space is not part of the text. */
	while (n && (*s == ' ' || *s == '\t' || *s == '\n'))
		s++, n--;
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n'))
		n--;
	c->text = tb_arena_strndup(a, s, n);
	return c->text ? c : NULL;
}

/* Appends comment 'c' (or a list of them) to 'list' in constant time:
 * the list's first comment knows its last. */
static inline void tb_sink_comment_append(tb_comment **list, tb_comment *c)
{
	if (*list)
		(*list)->last->next = c;
	else
		*list = c;
	for ((*list)->last = c; c->next; c = c->next) /* 'c' may be a list itself */
		(*list)->last = c->next;
}

/* Appends variation 'v' to the variations of 'base'. */
static inline void tb_sink_push_variation(tb_node *base, tb_line *v)
{
	if (base->variations)
		base->variations->last_var->next = v;
	else
		base->variations = v;
	base->variations->last_var = v;
}

typedef struct tb_sink {
	tb_arena *arena;   /* the record's */
	int check;         /* the check sink: see above */
	size_t nodes;      /* nodes made so far (turns, gaps, positions, readings) */
} tb_sink;

/* A new node of 'kind' at the end of 'line': in the tree, a node of
 * its own; checking, the line's one node, what is read back cleared.
 * Either way it is line->last (and line->first is not NULL) on return.
 * Ends in the arena's jump when memory runs out while reading. */
static inline tb_node *tb_sink_node(tb_sink *s, tb_line *line, uint8_t kind)
{
	s->nodes++;
	if (!s->check) {
		tb_node *n = tb_node_make(s->arena, kind);
		tb_line_push(line, n);
		return n;
	}
	tb_node *n = line->last;
	if (!n)
		n = line->first = line->last = tb_arena_alloc(s->arena, sizeof *n);
	/* only what the parser reads back (its side and number, NAG count,
	 * evidence and comments): the rest is what the last turn left, and
	 * nothing reads it; field by field, for a memset of the node was a
	 * 'rep stos', a sixth of a check's time in its nodes */
	n->kind = kind;
	n->side = 2;
	n->number = 0;
	n->nnags = 0;
	n->evidence = NULL;
	n->comments = NULL;
	return n;
}

/* Building (not checking): a new turn node of 'kind' at the end of
 * 'line' with room for 'np' move parts after it, at '*parts' -- the
 * node as tb_node_make makes it, then its parts as tb_sink_parts
 * places them, in one bump of the arena where the head block holds
 * both (the same bytes, the parts right after the node), else the two
 * as they are. Unlike tb_node_make, only the fields from 'nags' on are
 * cleared (and gap_min, gap_max set to -1): the caller writes kind,
 * side, number, span and move (its 'nparts', 'crown', 'parts'), and
 * nnags and 'reconstructed' are set to 0 here; a memset of the whole
 * node is a 'rep stos', a fifth of making a turn. The parts are not
 * cleared: the caller copies them in. The fast tier's (parse_fast.c),
 * a turn's cost there being mostly its node. */
static inline tb_node *tb_sink_turn_node(tb_sink *s, tb_line *line, uint8_t kind, size_t np,
                                         tb_part **parts)
{
	enum { A = alignof(max_align_t) };
	const size_t nb = (sizeof(tb_node) + A - 1) & ~(size_t)(A - 1);
	size_t pb = (np * sizeof(tb_part) + A - 1) & ~(size_t)(A - 1);
	tb_arena *a = s->arena;
	tb_node *n;
	s->nodes++;
	if (a->head && (size_t)(a->hi - a->lo) >= nb + pb) {
		n = (tb_node *)(void *)a->lo;
		*parts = (tb_part *)(void *)(a->lo + nb);
		a->lo += nb + pb;
		memset(&n->nags, 0, sizeof *n - offsetof(tb_node, nags));
	} else {
		n = tb_arena_alloc(a, sizeof *n);
		*parts = tb_arena_alloc(a, np * sizeof(tb_part));
	}
	n->kind = kind;
	n->nnags = 0;
	n->reconstructed = 0;
	n->gap_min = n->gap_max = -1;
	tb_line_push(line, n);
	return n;
}

/* Does the sink keep what is only the tree's (a node's span, its
 * count's lead)? */
static inline int tb_sink_tree(const tb_sink *s) { return !s->check; }

/* A new variation: in the tree, in the arena; checking, 'local' (the
 * caller's, zeroed), which no node keeps. */
static inline tb_line *tb_sink_line(tb_sink *s, tb_line *local)
{
	if (!s->check)
		return tb_arena_alloc(s->arena, sizeof(tb_line));
	memset(local, 0, sizeof *local);
	return local;
}

/* Variation 'v' read after 'base': joined to it in the tree only. */
static inline void tb_sink_variation(tb_sink *s, tb_node *base, tb_line *v)
{
	if (!s->check)
		tb_sink_push_variation(base, v);
}

/* NAG 'nag' after node 'n' (which has fewer than TB_MAX_NAGS): kept in
 * the tree; checking, only counted. */
static inline void tb_sink_nag(tb_sink *s, tb_node *n, uint8_t nag)
{
	if (!s->check) {
		uint8_t *v = tb_arena_alloc(s->arena, (size_t)n->nnags + 1);
		if (n->nnags)
			memcpy(v, n->nags, n->nnags);
		v[n->nnags] = nag;
		n->nags = v;
	}
	n->nnags++;
}

/* The 'n' parts of a move read at 'parts' (the caller's), into the
 * arena when the tree keeps them or 'needed' (the parser looks at them
 * again); else NULL. */
static inline tb_part *tb_sink_parts(tb_sink *s, const tb_part *parts, size_t n,
                                          int needed)
{
	if (s->check && !needed)
		return NULL;
	return tb_arena_copy(s->arena, parts, n * sizeof *parts);
}

/* A comment of the 'n' bytes at 'text' in language 'lang': the tree's
 * (tb_sink_comment_make), or one a check keeps too ('kept': the
 * tag section's, which the record keeps); else, checking, one without
 * its text ("") nor language. */
static inline tb_comment *tb_sink_comment(tb_sink *s, const char *text, size_t n,
                                          const char *lang, int kept)
{
	if (!s->check || kept)
		return tb_sink_comment_make(s->arena, text, n, lang);
	tb_comment *c = tb_arena_alloc(s->arena, sizeof *c);
	if (c)
		c->text = "";
	return c;
}

/* The 'n' alternatives at 'alts' (the caller's) of a reading: copied
 * into the arena for the tree; checking, NULL. */
static inline tb_alt *tb_sink_alts(tb_sink *s, const tb_alt *alts, unsigned n)
{
	if (s->check)
		return NULL;
	tb_alt *v = tb_arena_alloc(s->arena, n * sizeof *alts);
	memcpy(v, alts, n * sizeof *alts);
	return v;
}

/* The record read: checking, its movetext is emptied (what the check
 * sink left there is no tree); its tags and lead comments stay. */
static inline void tb_sink_finish(tb_sink *s, tb_record *rec)
{
	if (!s->check)
		return;
	memset(&rec->main, 0, sizeof rec->main);
	rec->trail = NULL;
}

#endif
