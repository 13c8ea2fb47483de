/*
 * tree_edit.c -- the record tree built and edited through the public
 * API (tablero.h, "The record tree"): a new record, its tags, result,
 * comments and NAGs set, movetext inserted, appended and removed, each
 * checked against what the reader would read back and against a
 * record's size (spec/tgn.md §12). Turns are read from text by the
 * parser itself (tb_parse_fragment), and every edit recounts turn
 * numbers as the parser counts them.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "evidence.h"
#include "game.h"
#include "marks.h"
#include "reader.h"
#include "record.h"
#include "tags.h"
#include "tree.h"
#include "writer.h"
#include "xalloc.h"

/* ===== Counting turns as the parser does ===== */

typedef struct S_clock {
	unsigned number;
	int side, known;
} S_clock;

static void S_advance(S_clock *c)
{
	if (c->side == 1)
		c->number++;
	c->side ^= 1;
}

/* Turn 'n' is the turn of clock 'c', which it advances. A turn the
 * record's numbers put off the count (its 'ahead', record.h) keeps the
 * number they give it: a turn put in or taken out before it moves the
 * count, not what was written -- so putting in the turn a transcriber
 * left out brings the numbers after it back on the count (spec/tgn.md
 * 5.1). A turn on the count stays on it. */
static void S_count_turn(tb_node *n, S_clock *c)
{
	long written = tb_node_written_ply(n);
	int off = n->ahead != 0 && n->side < 2;
	n->number = c->number;
	n->side = (uint8_t)c->side;
	if (off) {
		long ahead = written - (2L * n->number + n->side);
		const long max = (1L << 23) - 1; /* the field's bound (record.h) */
		n->ahead = (int)(ahead > max ? max : ahead < -max ? -max : ahead);
	}
	S_advance(c);
}

static size_t S_renumber_line(tb_line *l, S_clock c)
{
	size_t count = 0;
	for (tb_node *n = l->first; n; n = n->next) {
		uint8_t k = tb_node_followed(n);
		count++;
		if (k == TB_NODE_GAP) {
			n->number = 0, n->side = 2;
			long lo = n->gap_min, hi = n->gap_max;
			if (lo >= 0 && lo == hi && c.known) {
				c.number += (unsigned)((c.side + lo) / 2);
				c.side = (int)((c.side + lo) % 2);
			} else {
				c.known = 0;
			}
		} else if (k == TB_NODE_POSITION) {
			n->number = 0, n->side = 2;
			c = (S_clock){n->position->number, n->position->to_move, 1};
		} else if (k == TB_NODE_OMITTED) {
			n->number = 0, n->side = 2;
		} else if (c.known) {
			S_count_turn(n, &c);
		} else if (n->side != 2) { /* its number was written */
			c = (S_clock){n->number, n->side, 1};
			S_advance(&c);
		}
		for (tb_line *v = n->variations; v; v = v->next)
			count += S_renumber_line(v, n->side != 2 ? (S_clock){n->number, n->side, 1}
			                                         : (S_clock){0, 0, 0});
	}
	return count;
}

static S_clock S_main_clock(const tb_record *rec)
{
	S_clock c = {1, tb_game_first_side(rec->game, &rec->opts), 1};
	if (rec->start)
		c = (S_clock){rec->start->number, rec->start->to_move, 1};
	return c;
}

size_t tb_tree_renumber(tb_record *rec)
{
	rec->gen++;
	return S_renumber_line(&rec->main, S_main_clock(rec));
}

static size_t S_count(const tb_line *l)
{
	size_t n = 0;
	for (const tb_node *x = l->first; x; x = x->next) {
		n++;
		for (const tb_line *v = x->variations; v; v = v->next)
			n += S_count(v);
	}
	return n;
}

/* The clock just after node 'after' of the line at frame 'depth' of
 * path 'p' (or at the line's start when 'after' is NULL). */
static S_clock S_clock_after(const tb_record *rec, const tb_tree_path *p, unsigned depth,
                             const tb_node *after)
{
	S_clock c = {0, 0, 0};
	if (depth == 0) {
		c = S_main_clock(rec);
	} else {
		const tb_node *base = p->f[depth - 1].node;
		if (base->side != 2)
			c = (S_clock){base->number, base->side, 1};
	}
	for (const tb_node *n = p->f[depth].line->first; n && after; n = n->next) {
		uint8_t k = tb_node_followed(n);
		if (k == TB_NODE_GAP) {
			long lo = n->gap_min, hi = n->gap_max;
			if (lo >= 0 && lo == hi && c.known) {
				c.number += (unsigned)((c.side + lo) / 2);
				c.side = (int)((c.side + lo) % 2);
			} else {
				c.known = 0;
			}
		} else if (k == TB_NODE_POSITION) {
			c = (S_clock){n->position->number, n->position->to_move, 1};
		} else if (k != TB_NODE_OMITTED) {
			c = (S_clock){n->number, n->side, n->side != 2};
			if (c.known)
				S_advance(&c);
		}
		if (n == after)
			break;
	}
	return c;
}

/* ===== Zeroing the spans of what the API made ===== */

static void S_unspan_comments(tb_comment *c)
{
	for (; c; c = c->next)
		memset(&c->span, 0, sizeof c->span);
}

static void S_unspan_line(tb_line *l)
{
	memset(&l->span, 0, sizeof l->span);
	S_unspan_comments(l->lead);
	for (tb_node *n = l->first; n; n = n->next) {
		memset(&n->span, 0, sizeof n->span);
		S_unspan_comments(n->comments);
		for (unsigned i = 0; i < n->nalts; i++) {
			memset(&n->alts[i].span, 0, sizeof n->alts[i].span);
			S_unspan_comments(n->alts[i].comments);
		}
		for (tb_line *v = n->variations; v; v = v->next)
			S_unspan_line(v);
	}
}

/* ===== Building ===== */

tb_record *tb_record_new(const tb_game *g)
{
	if (!g)
		return NULL;
	tb_buf b = TB_BUF_SOFT;
	tb_buf_printf(&b, "[Game \"%s\"]\n\n*\n", tb_game_name(g));
	tb_reader *r = tb_buf_ok(&b) ? tb_reader_new_mem(b.data, b.len, "<new>") : NULL;
	tb_record *rec = NULL;
	if (r) /* out of memory, it stays NULL */
		tb_reader_next(r, &rec);
	tb_reader_free(r);
	tb_buf_free(&b);
	if (rec) {
		memset(&rec->main.span, 0, sizeof rec->main.span);
		rec->line = 0;
		rec->bytes = 0; /* read from no source */
	}
	return rec;
}

/* ===== A record's size (spec/tgn.md §12) ===== */

/* Does the canonical form of 'rec', grown by at most 'add' bytes, stay
 * within TB_MAX_RECORD, which the reader reads (TB106 past it)? It is
 * measured, by writing it, only when a bound says it may not: three
 * times the bytes of the record's arena, which holds all it writes but
 * a few static strings -- text written at most twice over (escapes),
 * nodes larger in the arena than their numbers and separators in text.
 * So a usual edit costs nothing more, one near the limit O(size). */
static int S_fits(const tb_record *rec, size_t add)
{
	if (add > TB_MAX_RECORD)
		return 0;
	if (rec->arena.total <= (TB_MAX_RECORD - add) / 3 - 65536 / 3)
		return 1;
	size_t n = 0;
	char *text = tb_record_write(rec, &n);
	if (!text)
		return -1; /* out of memory */
	free(text);
	return n <= TB_MAX_RECORD - add;
}

/* At most the bytes fragment 'frag' adds to its record's canonical
 * form: its comments and nodes as written, each node with its number
 * and separators. O(size of 'frag'). */
static size_t S_frag_size(const tb_record *rec, const tb_line *frag)
{
	tb_buf b = TB_BUF_SOFT;
	tb_write_comments(&b, frag->lead, " ");
	size_t nodes = 0;
	for (const tb_node *n = frag->first; n; n = n->next, nodes++) {
		tb_write_node(&b, rec->game, n, TB_WRITE_BODY);
		tb_write_node(&b, rec->game, n, TB_WRITE_NOTES);
	}
	size_t size = tb_buf_ok(&b) ? b.len + 16 * nodes + 4 : SIZE_MAX;
	tb_buf_free(&b);
	return size;
}

/* The bytes comment 'text' in language 'lang' adds to its record's
 * canonical form, at most: "{@lang text}", escapes, a space before it. */
static size_t S_comment_size(const char *text, const char *lang)
{
	size_t n = strlen(text) + (lang ? strlen(lang) + 2 : 0) + 4;
	for (const char *s = text; *(s += strcspn(s, "}\\")); s++)
		n++;
	return n;
}

static int S_too_large(tb_record *rec)
{
	return tb_tree_fail(rec, TB_ETREE, "the record would be larger than %u MiB, which the reader "
	              "refuses (TB106)", TB_MAX_RECORD >> 20);
}

/* 0 when 'add' more bytes (SIZE_MAX: memory ran out measuring them)
 * leave the record one the reader reads; else its error, said. */
static int S_room(tb_record *rec, size_t add)
{
	int fits = add == SIZE_MAX ? -1 : S_fits(rec, add);
	return fits < 0 ? tb_tree_nomem(rec) : fits ? 0 : S_too_large(rec);
}

/* Refuses, with the reader's words, 'text' that would not read back as
 * itself as text of 'kind' (reader.h, tb_text_refused). */
static int S_text_check(tb_record *rec, const char *what, const char *text,
                        tb_text_kind kind)
{
	char why[160];
	if (tb_text_refused(text, kind, why, sizeof why))
		return tb_tree_fail(rec, TB_EINVAL, "%s: %s", what, why);
	return 0;
}

int tb_record_set_tag(tb_record *rec, const char *name, const char *value)
{
	if (!rec)
		return TB_EINVAL;
	if (!name || !tb_tag_name_ok(name, strlen(name)))
		return tb_tree_fail(rec, TB_EINVAL, "a tag's name is a letter then letters, digits or '_'");
	if (value && S_text_check(rec, "a tag's value", value, TB_TEXT_VALUE))
		return TB_EINVAL;
	const char *old = tb_record_tag(rec, name);
	if (strcmp(name, "Game") == 0)
		return value && tb_game_find(value) == rec->game
		           ? (tb_tree_ok(rec), 0)
		           : tb_tree_fail(rec, TB_EINVAL, "a record's game does not change: make a new one");
	if ((strcmp(name, "Rules") == 0 || strcmp(name, "Position") == 0) && rec->main.first &&
	    !(old && value && strcmp(old, value) == 0))
		return tb_tree_fail(rec, TB_ETREE, "[%s] decides how the turns read: set it before the first "
		              "turn", name);
	const char *page = strcmp(name, "Facsimile") == 0 ? tb_ev_orphan(rec, value) : NULL;
	if (page)
		return tb_tree_fail(rec, TB_ETREE, "a region of the record is on page '%s': [Facsimile] "
		                    "must name it", page);
	if (strcmp(name, "Result") == 0 && value && rec->result != TB_RESULT_OTHER &&
	    strcmp(value, "*") != 0 && strcmp(value, tb_result_text[rec->result]) != 0)
		return tb_tree_fail(rec, TB_ETREE, "the game ends in %s: [Result \"%s\"] would give it two "
		              "results", tb_result_text[rec->result], value);
	/* The tags as the reader lists them, then finished as it finishes them. */
	tb_tag_list l = {0};
	int found = 0;
	rec->arena.failed = 0;
	for (size_t i = 0; i < rec->ntags; i++) {
		tb_tag t = rec->tags[i];
		if (strcmp(t.name, name) == 0) {
			found = 1;
			if (!value)
				continue;
			t.value = tb_arena_strndup(&rec->arena, value, strlen(value));
			if (!t.value)
				break; /* out of memory: rec->arena.failed, checked below */
		}
		t.value_off = 0, t.value_line = 1, t.value_col = 1;
		tb_tag_list_add(&l, &t);
	}
	if (!found && value) {
		tb_tag t = {0};
		t.name = tb_arena_strndup(&rec->arena, name, strlen(name));
		t.value = tb_arena_strndup(&rec->arena, value, strlen(value));
		t.value_line = 1, t.value_col = 1;
		if (t.name && t.value)
			tb_tag_list_add(&l, &t);
	}
	/* what tb_tags_finish sets, kept to be put back on failure */
	tb_tag *tags = rec->tags;
	size_t ntags = rec->ntags;
	tb_position *start = rec->start;
	tb_opts opts = rec->opts;
	tb_reader *r = rec->arena.failed || l.failed ? NULL : tb_reader_new_mem("", 0, "<tag>");
	if (!r) {
		tb_tag_list_free(&l);
		return tb_tree_nomem(rec);
	}
	r->recover = 1;
	tb_board board;
	tb_tags_finish(r, rec, &l, &board);
	tb_tag_list_free(&l);
	if (rec->arena.failed || l.failed || r->nomem) {
		rec->tags = tags, rec->ntags = ntags, rec->start = start, rec->opts = opts;
		tb_reader_free(r);
		return tb_tree_nomem(rec);
	}
	const char *err = NULL;
	for (size_t i = 0; i < r->ndiags && !err; i++)
		if (r->diags[i].severity == TB_ERROR)
			err = r->diags[i].message;
	int rc = 0;
	if (err || rec->game != tb_game_find(tb_record_tag(rec, "Game"))) {
		rc = tb_tree_fail(rec, TB_ESYNTAX, "%s", err ? err : "the game changed");
		rec->tags = tags, rec->ntags = ntags, rec->start = start, rec->opts = opts;
	} else if ((rc = S_room(rec, 0)) != 0) {
		rec->tags = tags, rec->ntags = ntags, rec->start = start, rec->opts = opts;
	} else {
		tb_tree_ok(rec);
		if (strcmp(name, "Result") == 0 && rec->result != TB_RESULT_OTHER)
			tb_tags_set_result(rec, rec->result, 0, 0, 0);
		tb_tree_renumber(rec);
	}
	tb_reader_free(r);
	return rc;
}

int tb_record_set_result(tb_record *rec, int result)
{
	if (!rec)
		return TB_EINVAL;
	/* a record always ends in a marker: the reader gives none back as
	 * TB_RESULT_NONE, and "*" (what NONE was written as) as OTHER */
	if (result <= TB_RESULT_NONE || result > TB_RESULT_OTHER)
		return tb_tree_fail(rec, TB_EINVAL, "no such result: %d (TB_RESULT_FIRST, _SECOND, _DRAW, "
		              "or _OTHER, \"*\")", result);
	rec->result = (tb_result)result;
	if (result != TB_RESULT_OTHER)
		tb_tags_set_result(rec, rec->result, 0, 0, 0);
	rec->gen++;
	tb_tree_ok(rec);
	return 0;
}

static int S_comment_check(tb_record *rec, const char *text, const char *lang)
{
	if (!text)
		return tb_tree_fail(rec, TB_EINVAL, "a comment's text is not NULL");
	if (S_text_check(rec, "a comment", text, TB_TEXT_COMMENT))
		return TB_EINVAL;
	if (lang && lang[0] && !tb_lang_ok(lang, strlen(lang)))
		return tb_tree_fail(rec, TB_EINVAL, "a comment's language is 1 to 35 ASCII letters, digits "
		              "and '-', as the reader reads it (a BCP 47 tag such as \"es-MX\")");
	return 0;
}

static int S_add_comment(tb_record *rec, tb_comment **list, const char *text,
                         const char *lang)
{
	int rc = S_comment_check(rec, text, lang);
	if (rc)
		return rc;
	if ((rc = S_room(rec, S_comment_size(text, lang))) != 0)
		return rc;
	tb_comment *c = tb_comment_make(&rec->arena, text, strlen(text), lang);
	if (!c)
		return tb_tree_nomem(rec);
	tb_comment_append(list, c);
	rec->gen++;
	tb_tree_ok(rec);
	return 0;
}

int tb_record_add_comment(tb_record *rec, size_t where, const char *text, const char *lang)
{
	if (!rec)
		return TB_EINVAL;
	tb_comment **l = tb_tree_record_list(rec, where);
	if (!l)
		return tb_tree_fail(rec, TB_EINVAL, "the record has no tag %zu", where - 2);
	return S_add_comment(rec, l, text, lang);
}

int tb_line_add_comment(tb_record *rec, tb_line *line, const char *text, const char *lang)
{
	tb_tree_path p;
	if (!rec)
		return TB_EINVAL;
	if (!tb_tree_locate_line(rec, line, &p))
		return tb_tree_fail(rec, TB_EFOREIGN, "the line is not in this record");
	return S_add_comment(rec, &line->lead, text, lang);
}

int tb_node_add_comment(tb_record *rec, tb_node *n, const char *text, const char *lang)
{
	tb_tree_path p;
	if (!rec)
		return TB_EINVAL;
	if (!tb_tree_locate_node(rec, n, &p))
		return tb_tree_fail(rec, TB_EFOREIGN, "the node is not in this record");
	if (text && tb_marks_find(text, strlen(text), 0) < strlen(text)) /* it would read back as marks */
		return tb_tree_fail(rec, TB_EINVAL, "a comment after a turn whose text holds author's "
		                    "marks ([%%cal ...]) reads back as marks, not as text: insert it "
		                    "as movetext (tb_line_insert), which reads them");
	return S_add_comment(rec, &n->comments, text, lang);
}

int tb_alt_add_comment(tb_record *rec, tb_node *n, size_t i, const char *text,
                       const char *lang)
{
	tb_tree_path p;
	if (!rec)
		return TB_EINVAL;
	if (!tb_tree_locate_node(rec, n, &p))
		return tb_tree_fail(rec, TB_EFOREIGN, "the node is not in this record");
	if (n->kind != TB_NODE_READING)
		return tb_tree_fail(rec, TB_EKIND, "only a reading has alternatives");
	if (i >= n->nalts)
		return tb_tree_fail(rec, TB_EINVAL, "the reading has %u alternatives", n->nalts);
	return S_add_comment(rec, &n->alts[i].comments, text, lang);
}

int tb_node_add_nag(tb_record *rec, tb_node *n, int nag)
{
	tb_tree_path p;
	if (!rec)
		return TB_EINVAL;
	if (!tb_tree_locate_node(rec, n, &p))
		return tb_tree_fail(rec, TB_EFOREIGN, "the node is not in this record");
	if (nag < 0 || nag > 255)
		return tb_tree_fail(rec, TB_EINVAL, "a NAG is $0 to $255");
	if (n->nnags >= TB_MAX_NAGS)
		return tb_tree_fail(rec, TB_ETREE, "a turn has at most %d NAGs", TB_MAX_NAGS);
	uint8_t *v = tb_arena_alloc(&rec->arena, (size_t)n->nnags + 1);
	if (!v)
		return tb_tree_nomem(rec);
	if (n->nnags)
		memcpy(v, n->nags, n->nnags);
	v[n->nnags++] = (uint8_t)nag;
	n->nags = v;
	rec->gen++;
	tb_tree_ok(rec);
	return 0;
}

/* Reads 'text' into 'frag' from the clock after 'after' on the line at
 * frame 'depth' of 'p'. */
static int S_read(tb_record *rec, const char *text, const tb_tree_path *p, unsigned depth,
                  const tb_node *after, int need_node, tb_line *frag)
{
	if (!text)
		return tb_tree_fail(rec, TB_EINVAL, "the text is not NULL");
	S_clock c = S_clock_after(rec, p, depth, after);
	char *why = NULL;
	int parsed = tb_parse_fragment(rec, text, c.number, c.side, c.known, (int)depth, frag, &why);
	if (parsed == TB_ENOMEM)
		return tb_tree_nomem(rec);
	if (parsed) {
		int rc = tb_tree_fail(rec, TB_ESYNTAX, "%s", why);
		free(why);
		return rc;
	}
	if (need_node && !frag->first)
		return tb_tree_fail(rec, TB_ETREE, "a variation holds at least one node");
	if (S_count(&rec->main) + S_count(frag) > TB_MAX_TURNS)
		return tb_tree_fail(rec, TB_ETREE, "a record holds at most %d turns, gaps and positions",
		              TB_MAX_TURNS);
	size_t grows = S_frag_size(rec, frag);
	int room = S_room(rec, grows);
	if (room)
		return room;
	S_unspan_line(frag);
	return 0;
}

int tb_line_insert(tb_record *rec, tb_line *line, tb_node *after, const char *text,
                   tb_node **first)
{
	tb_tree_path p;
	if (first)
		*first = NULL;
	if (!rec)
		return TB_EINVAL;
	if (!tb_tree_locate_line(rec, line, &p))
		return tb_tree_fail(rec, TB_EFOREIGN, "the line is not in this record");
	unsigned depth = p.n - 1;
	if (after) {
		const tb_node *x = line->first;
		while (x && x != after)
			x = x->next;
		if (!x || after->removed)
			return tb_tree_fail(rec, TB_EFOREIGN, "the node is not on this line");
	}
	tb_line frag;
	int rc = S_read(rec, text, &p, depth, after, 0, &frag);
	if (rc)
		return rc;
	/* comments before its first turn follow 'after' */
	if (frag.lead)
		tb_comment_append(after ? &after->comments : &line->lead, frag.lead);
	if (frag.first) {
		tb_node *next = after ? after->next : line->first;
		frag.last->next = next;
		if (after)
			after->next = frag.first;
		else
			line->first = frag.first;
		if (!next)
			line->last = frag.last;
	}
	tb_tree_renumber(rec);
	if (first)
		*first = frag.first;
	tb_tree_ok(rec);
	return 0;
}

int tb_line_append(tb_record *rec, tb_line *line, const char *text, tb_node **first)
{
	if (!rec || !line)
		return rec ? tb_tree_fail(rec, TB_EINVAL, "no line") : TB_EINVAL;
	return tb_line_insert(rec, line, line->last, text, first);
}

int tb_node_add_variation(tb_record *rec, tb_node *n, const char *text, tb_line **out)
{
	tb_tree_path p;
	if (out)
		*out = NULL;
	if (!rec)
		return TB_EINVAL;
	if (!tb_tree_locate_node(rec, n, &p))
		return tb_tree_fail(rec, TB_EFOREIGN, "the node is not in this record");
	unsigned depth = p.n; /* the new line's */
	if (depth > TB_MAX_DEPTH)
		return tb_tree_fail(rec, TB_ETREE, "variations are nested at most %d deep", TB_MAX_DEPTH);
	/* a variation counts from the node it replaces: read it from just
	 * before that node, as a line of its own */
	p.f[depth] = (tb_tree_frame){NULL, NULL, NULL};
	tb_line *v = tb_arena_alloc(&rec->arena, sizeof *v);
	if (!v)
		return tb_tree_nomem(rec);
	S_clock c = n->side != 2 ? (S_clock){n->number, n->side, 1} : (S_clock){0, 0, 0};
	char *why = NULL;
	if (!text)
		return tb_tree_fail(rec, TB_EINVAL, "the text is not NULL");
	int parsed = tb_parse_fragment(rec, text, c.number, c.side, c.known, (int)depth, v, &why);
	if (parsed == TB_ENOMEM)
		return tb_tree_nomem(rec);
	if (parsed) {
		int rc = tb_tree_fail(rec, TB_ESYNTAX, "%s", why);
		free(why);
		return rc;
	}
	if (!v->first && !v->lead)
		return tb_tree_fail(rec, TB_ETREE, "a variation holds at least a node or a comment");
	if (S_count(&rec->main) + S_count(v) > TB_MAX_TURNS)
		return tb_tree_fail(rec, TB_ETREE, "a record holds at most %d turns, gaps and positions",
		              TB_MAX_TURNS);
	size_t grows = S_frag_size(rec, v);
	int room = S_room(rec, grows == SIZE_MAX ? grows : grows + 4); /* " (" and ")" */
	if (room)
		return room;
	S_unspan_line(v);
	tb_node_push_variation(n, v);
	tb_tree_renumber(rec);
	if (out)
		*out = v;
	tb_tree_ok(rec);
	return 0;
}

int tb_node_remove(tb_record *rec, tb_node *n)
{
	tb_tree_path p;
	if (!rec)
		return TB_EINVAL;
	if (!tb_tree_locate_node(rec, n, &p))
		return tb_tree_fail(rec, TB_EFOREIGN, "the node is not in this record");
	tb_tree_frame *f = &p.f[p.n - 1];
	tb_line *line = f->line;
	if (p.n > 1 && line->first == n && !n->next && !line->lead)
		return tb_tree_fail(rec, TB_ETREE, "the node is its variation's only one: remove the "
		              "variation (tb_line_remove)");
	if (f->prev)
		f->prev->next = n->next;
	else
		line->first = n->next;
	if (line->last == n)
		line->last = f->prev;
	n->removed = 1; /* its 'next' stays, for an iterator standing on it */
	tb_tree_renumber(rec);
	tb_tree_ok(rec);
	return 0;
}

int tb_line_remove(tb_record *rec, tb_line *v)
{
	tb_tree_path p;
	if (!rec)
		return TB_EINVAL;
	if (v == &rec->main)
		return tb_tree_fail(rec, TB_EINVAL, "the main line is not removed");
	if (!tb_tree_locate_line(rec, v, &p))
		return tb_tree_fail(rec, TB_EFOREIGN, "the line is not in this record");
	tb_node *base = p.f[p.n - 2].node;
	tb_line *prev = NULL;
	for (tb_line *x = base->variations; x != v; x = x->next)
		prev = x;
	tb_line *first = base->variations;
	if (prev)
		prev->next = v->next;
	else
		base->variations = v->next;
	if (base->variations) {
		tb_line *last = first == v ? NULL : first->last_var;
		if (!last || last == v)
			for (last = base->variations; last->next; last = last->next)
				;
		base->variations->last_var = last;
	}
	tb_tree_renumber(rec);
	tb_tree_ok(rec);
	return 0;
}

