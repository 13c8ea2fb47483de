/*
 * tree.c -- the record tree through the public API: reading every
 * field, walking it (tb_iter), building and editing it (tablero.h,
 * "The record tree"). Nodes are made as the parser makes them: turns
 * are read from text by the parser itself (tb_parse_fragment), and
 * every edit recounts turn numbers as the parser counts them.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "game.h"
#include "reader.h"
#include "record.h"
#include "replay.h"
#include "tags.h"
#include "writer.h"
#include "xalloc.h"

/* ===== Errors ===== */

static int S_fail(tb_record *rec, int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	tb_lasterr_vset(&rec->err, code, fmt, ap);
	va_end(ap);
	return code;
}

static void S_ok(tb_record *rec)
{
	tb_lasterr_clear(&rec->err);
	rec->arena.failed = 0;
}

/* An edit that ran out of memory: the record is as it was (what the
 * edit took stays in its arena, unreachable, until it is freed). */
static int S_nomem(tb_record *rec)
{
	rec->arena.failed = 1;
	return tb_lasterr_set(&rec->err, TB_ENOMEM, NULL);
}

const char *tb_record_error(const tb_record *rec)
{
	return rec ? tb_record_errmsg(rec) : "";
}

/* A record whose arena ran out of memory outside an editor (reading
 * it) says so as well. */
int tb_record_errcode(const tb_record *rec)
{
	if (rec && !rec->err.code && rec->arena.failed)
		return TB_ENOMEM;
	return tb_lasterr_code(rec ? &rec->err : NULL);
}

const char *tb_record_errmsg(const tb_record *rec)
{
	if (rec && !rec->err.code && rec->arena.failed)
		return tb_lasterr_text(TB_ENOMEM);
	return tb_lasterr_msg(rec ? &rec->err : NULL);
}

/* ===== Reading ===== */

static const tb_comment *S_comment_at(const tb_comment *c, size_t i, const char **lang)
{
	while (c && i--)
		c = c->next;
	if (lang)
		*lang = c ? c->lang : NULL;
	return c;
}

static const char *S_text(const tb_comment *c) { return c ? c->text : NULL; }

static void S_span(const tb_span *s, unsigned span[4])
{
	span[0] = s->line;
	span[1] = s->col;
	span[2] = s->end_line;
	span[3] = s->end_col;
}

tb_line *tb_record_main(const tb_record *rec) { return (tb_line *)&rec->main; }
int tb_record_result(const tb_record *rec) { return rec->result; }

static tb_comment **S_record_list(tb_record *rec, size_t where)
{
	if (where == 0)
		return &rec->lead;
	if (where == 1)
		return &rec->trail;
	return where - 2 < rec->ntags ? &rec->tags[where - 2].comments : NULL;
}

const char *tb_record_comment(const tb_record *rec, size_t where, size_t i, const char **lang)
{
	tb_comment **l = S_record_list((tb_record *)rec, where);
	if (lang)
		*lang = NULL;
	return l ? S_text(S_comment_at(*l, i, lang)) : NULL;
}

tb_node *tb_line_first(const tb_line *l) { return l ? l->first : NULL; }
tb_line *tb_line_next(const tb_line *l) { return l ? l->next : NULL; }
const char *tb_line_comment(const tb_line *l, size_t i, const char **lang)
{
	return S_text(S_comment_at(l->lead, i, lang));
}
void tb_line_span(const tb_line *l, unsigned span[4]) { S_span(&l->span, span); }

int tb_node_type(const tb_node *n) { return n->kind; }
tb_node *tb_node_next(const tb_node *n) { return n->next; }
tb_line *tb_node_variation(const tb_node *n) { return n->variations; }
unsigned tb_node_number(const tb_node *n) { return n->number; }
int tb_node_side(const tb_node *n) { return n->side; }
int tb_node_reconstructed(const tb_node *n) { return n->reconstructed; }

char *tb_node_token(const tb_record *rec, const tb_node *n)
{
	if (n->kind == TB_NODE_OMITTED) /* a reading's alternative (tb_node_alt) */
		return tb_strdup("omitted");
	tb_buf b = TB_BUF_SOFT;
	tb_write_node(&b, rec->game, n, TB_WRITE_BODY);
	return tb_buf_detach(&b, NULL);
}

static int S_part(const tb_move *m, size_t i, int *kind, int *file, int *rank)
{
	if (i >= m->nparts)
		return TB_EINVAL;
	tb_point p = m->parts[i].pt;
	if (kind)
		*kind = m->parts[i].kind;
	if (file)
		*file = p == TB_PT_UNKNOWN ? -1 : TB_PT_FILE(p);
	if (rank)
		*rank = p == TB_PT_UNKNOWN ? -1 : TB_PT_RANK(p);
	return 0;
}

size_t tb_node_nparts(const tb_node *n) { return n->kind == TB_NODE_MOVE ? n->move.nparts : 0; }
int tb_node_part(const tb_node *n, size_t i, int *kind, int *file, int *rank)
{
	return n->kind == TB_NODE_MOVE ? S_part(&n->move, i, kind, file, rank) : TB_EKIND;
}
int tb_node_crown(const tb_node *n) { return n->kind == TB_NODE_MOVE ? n->move.crown : 0; }
size_t tb_node_nnags(const tb_node *n) { return n->nnags; }
int tb_node_nag(const tb_node *n, size_t i) { return i < n->nnags ? n->nags[i] : -1; }
const char *tb_node_comment(const tb_node *n, size_t i, const char **lang)
{
	return S_text(S_comment_at(n->comments, i, lang));
}

int tb_node_gap(const tb_node *n, long *min, long *max)
{
	if (tb_node_followed(n) != TB_NODE_GAP)
		return TB_EKIND;
	if (min)
		*min = n->gap_min;
	if (max)
		*max = n->gap_max;
	return 0;
}

static char *S_position(const tb_record *rec, const tb_position *p)
{
	if (!p)
		return NULL;
	tb_buf b = TB_BUF_SOFT;
	tb_position_write(&b, rec->game, p);
	return tb_buf_detach(&b, NULL);
}

char *tb_node_position(const tb_record *rec, const tb_node *n)
{
	return tb_node_followed(n) == TB_NODE_POSITION ? S_position(rec, n->position) : NULL;
}
void tb_node_span(const tb_node *n, unsigned span[4]) { S_span(&n->span, span); }

size_t tb_node_nalts(const tb_node *n) { return n->kind == TB_NODE_READING ? n->nalts : 0; }

static const tb_alt *S_alt(const tb_node *n, size_t i)
{
	return n->kind == TB_NODE_READING && i < n->nalts ? &n->alts[i] : NULL;
}

int tb_alt_type(const tb_node *n, size_t i)
{
	const tb_alt *a = S_alt(n, i);
	return a ? a->kind : TB_EINVAL;
}
int tb_alt_reconstructed(const tb_node *n, size_t i)
{
	const tb_alt *a = S_alt(n, i);
	return a ? a->reconstructed : 0;
}
char *tb_alt_token(const tb_record *rec, const tb_node *n, size_t i)
{
	const tb_alt *a = S_alt(n, i);
	if (!a)
		return NULL;
	tb_alt bare = *a;
	bare.comments = NULL;
	tb_buf b = TB_BUF_SOFT;
	tb_write_alt(&b, rec->game, &bare);
	return tb_buf_detach(&b, NULL);
}
size_t tb_alt_nparts(const tb_node *n, size_t i)
{
	const tb_alt *a = S_alt(n, i);
	return a && a->kind == TB_NODE_MOVE ? a->move.nparts : 0;
}
int tb_alt_part(const tb_node *n, size_t i, size_t j, int *kind, int *file, int *rank)
{
	const tb_alt *a = S_alt(n, i);
	if (!a)
		return TB_EINVAL;
	return a->kind == TB_NODE_MOVE ? S_part(&a->move, j, kind, file, rank) : TB_EKIND;
}
int tb_alt_crown(const tb_node *n, size_t i)
{
	const tb_alt *a = S_alt(n, i);
	return a && a->kind == TB_NODE_MOVE ? a->move.crown : 0;
}
int tb_alt_gap(const tb_node *n, size_t i, long *min, long *max)
{
	const tb_alt *a = S_alt(n, i);
	if (!a)
		return TB_EINVAL;
	if (a->kind != TB_NODE_GAP)
		return TB_EKIND;
	if (min)
		*min = a->gap_min;
	if (max)
		*max = a->gap_max;
	return 0;
}
char *tb_alt_position(const tb_record *rec, const tb_node *n, size_t i)
{
	const tb_alt *a = S_alt(n, i);
	return a && a->kind == TB_NODE_POSITION ? S_position(rec, a->position) : NULL;
}
const char *tb_alt_comment(const tb_node *n, size_t i, size_t j, const char **lang)
{
	const tb_alt *a = S_alt(n, i);
	if (lang)
		*lang = NULL;
	return a ? S_text(S_comment_at(a->comments, j, lang)) : NULL;
}
void tb_alt_span(const tb_node *n, size_t i, unsigned span[4])
{
	const tb_alt *a = S_alt(n, i);
	static const tb_span none;
	S_span(a ? &a->span : &none, span);
}

/* ===== Finding a node or a line in its record ===== */

/* A path from the main line down: frame k is a line, and the node of
 * it the path goes through (or NULL); frame 0 the main line. */
typedef struct S_frame {
	tb_line *line;
	tb_node *node;
	tb_node *prev; /* the node before 'node' on 'line', or NULL */
} S_frame;

enum { S_MAX_FRAMES = TB_MAX_DEPTH + 2 };

typedef struct S_path {
	S_frame f[S_MAX_FRAMES];
	unsigned n; /* frames in use */
} S_path;

/* Looks for node 'want' (or, when NULL, line 'wline') below 'line',
 * the path's frame 'depth'. */
static int S_find(S_path *p, tb_line *line, unsigned depth, const tb_node *want,
                  const tb_line *wline)
{
	if (depth >= S_MAX_FRAMES)
		return 0;
	p->f[depth] = (S_frame){line, NULL, NULL};
	p->n = depth + 1;
	if (!want && line == wline)
		return 1;
	tb_node *prev = NULL;
	for (tb_node *n = line->first; n; prev = n, n = n->next) {
		p->f[depth].node = n;
		p->f[depth].prev = prev;
		if (n == want)
			return 1;
		for (tb_line *v = n->variations; v; v = v->next)
			if (S_find(p, v, depth + 1, want, wline))
				return 1;
		p->n = depth + 1;
	}
	p->f[depth].node = NULL;
	return 0;
}

static int S_locate_node(const tb_record *rec, const tb_node *n, S_path *p)
{
	return n && !n->removed && S_find(p, (tb_line *)&rec->main, 0, n, NULL);
}

static int S_locate_line(const tb_record *rec, const tb_line *l, S_path *p)
{
	return l && S_find(p, (tb_line *)&rec->main, 0, NULL, l);
}

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
			n->number = c.number;
			n->side = (uint8_t)c.side;
			S_advance(&c);
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

static size_t S_renumber(tb_record *rec)
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
static S_clock S_clock_after(const tb_record *rec, const S_path *p, unsigned depth,
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
	return S_fail(rec, TB_ETREE, "the record would be larger than %u MiB, which the reader "
	              "refuses (TB106)", TB_MAX_RECORD >> 20);
}

/* 0 when 'add' more bytes (SIZE_MAX: memory ran out measuring them)
 * leave the record one the reader reads; else its error, said. */
static int S_room(tb_record *rec, size_t add)
{
	int fits = add == SIZE_MAX ? -1 : S_fits(rec, add);
	return fits < 0 ? S_nomem(rec) : fits ? 0 : S_too_large(rec);
}

/* Refuses, with the reader's words, 'text' that would not read back as
 * itself as text of 'kind' (reader.h, tb_text_refused). */
static int S_text_check(tb_record *rec, const char *what, const char *text,
                        tb_text_kind kind)
{
	char why[160];
	if (tb_text_refused(text, kind, why, sizeof why))
		return S_fail(rec, TB_EINVAL, "%s: %s", what, why);
	return 0;
}

int tb_record_set_tag(tb_record *rec, const char *name, const char *value)
{
	if (!rec)
		return TB_EINVAL;
	if (!name || !tb_tag_name_ok(name, strlen(name)))
		return S_fail(rec, TB_EINVAL, "a tag's name is a letter then letters, digits or '_'");
	if (value && S_text_check(rec, "a tag's value", value, TB_TEXT_VALUE))
		return TB_EINVAL;
	const char *old = tb_record_tag(rec, name);
	if (strcmp(name, "Game") == 0)
		return value && tb_game_find(value) == rec->game
		           ? (S_ok(rec), 0)
		           : S_fail(rec, TB_EINVAL, "a record's game does not change: make a new one");
	if ((strcmp(name, "Rules") == 0 || strcmp(name, "Position") == 0) && rec->main.first &&
	    !(old && value && strcmp(old, value) == 0))
		return S_fail(rec, TB_ETREE, "[%s] decides how the turns read: set it before the first "
		              "turn", name);
	if (strcmp(name, "Result") == 0 && value && rec->result != TB_RESULT_OTHER &&
	    strcmp(value, "*") != 0 && strcmp(value, tb_result_text[rec->result]) != 0)
		return S_fail(rec, TB_ETREE, "the game ends in %s: [Result \"%s\"] would give it two "
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
		free(l.v);
		return S_nomem(rec);
	}
	r->recover = 1;
	tb_board board;
	tb_tags_finish(r, rec, &l, &board);
	free(l.v);
	if (rec->arena.failed || l.failed || r->nomem) {
		rec->tags = tags, rec->ntags = ntags, rec->start = start, rec->opts = opts;
		tb_reader_free(r);
		return S_nomem(rec);
	}
	const char *err = NULL;
	for (size_t i = 0; i < r->ndiags && !err; i++)
		if (r->diags[i].severity == TB_ERROR)
			err = r->diags[i].message;
	int rc = 0;
	if (err || rec->game != tb_game_find(tb_record_tag(rec, "Game"))) {
		rc = S_fail(rec, TB_ESYNTAX, "%s", err ? err : "the game changed");
		rec->tags = tags, rec->ntags = ntags, rec->start = start, rec->opts = opts;
	} else if ((rc = S_room(rec, 0)) != 0) {
		rec->tags = tags, rec->ntags = ntags, rec->start = start, rec->opts = opts;
	} else {
		S_ok(rec);
		if (strcmp(name, "Result") == 0 && rec->result != TB_RESULT_OTHER)
			tb_tags_set_result(rec, rec->result, 0, 0, 0);
		S_renumber(rec);
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
		return S_fail(rec, TB_EINVAL, "no such result: %d (TB_RESULT_FIRST, _SECOND, _DRAW, "
		              "or _OTHER, \"*\")", result);
	rec->result = (tb_result)result;
	if (result != TB_RESULT_OTHER)
		tb_tags_set_result(rec, rec->result, 0, 0, 0);
	rec->gen++;
	S_ok(rec);
	return 0;
}

static int S_comment_check(tb_record *rec, const char *text, const char *lang)
{
	if (!text)
		return S_fail(rec, TB_EINVAL, "a comment's text is not NULL");
	if (S_text_check(rec, "a comment", text, TB_TEXT_COMMENT))
		return TB_EINVAL;
	if (lang && lang[0] && !tb_lang_ok(lang, strlen(lang)))
		return S_fail(rec, TB_EINVAL, "a comment's language is 1 to 35 ASCII letters, digits "
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
		return S_nomem(rec);
	tb_comment_append(list, c);
	rec->gen++;
	S_ok(rec);
	return 0;
}

int tb_record_add_comment(tb_record *rec, size_t where, const char *text, const char *lang)
{
	if (!rec)
		return TB_EINVAL;
	tb_comment **l = S_record_list(rec, where);
	if (!l)
		return S_fail(rec, TB_EINVAL, "the record has no tag %zu", where - 2);
	return S_add_comment(rec, l, text, lang);
}

int tb_line_add_comment(tb_record *rec, tb_line *line, const char *text, const char *lang)
{
	S_path p;
	if (!rec)
		return TB_EINVAL;
	if (!S_locate_line(rec, line, &p))
		return S_fail(rec, TB_EFOREIGN, "the line is not in this record");
	return S_add_comment(rec, &line->lead, text, lang);
}

int tb_node_add_comment(tb_record *rec, tb_node *n, const char *text, const char *lang)
{
	S_path p;
	if (!rec)
		return TB_EINVAL;
	if (!S_locate_node(rec, n, &p))
		return S_fail(rec, TB_EFOREIGN, "the node is not in this record");
	return S_add_comment(rec, &n->comments, text, lang);
}

int tb_alt_add_comment(tb_record *rec, tb_node *n, size_t i, const char *text,
                       const char *lang)
{
	S_path p;
	if (!rec)
		return TB_EINVAL;
	if (!S_locate_node(rec, n, &p))
		return S_fail(rec, TB_EFOREIGN, "the node is not in this record");
	if (n->kind != TB_NODE_READING)
		return S_fail(rec, TB_EKIND, "only a reading has alternatives");
	if (i >= n->nalts)
		return S_fail(rec, TB_EINVAL, "the reading has %u alternatives", n->nalts);
	return S_add_comment(rec, &n->alts[i].comments, text, lang);
}

int tb_node_add_nag(tb_record *rec, tb_node *n, int nag)
{
	S_path p;
	if (!rec)
		return TB_EINVAL;
	if (!S_locate_node(rec, n, &p))
		return S_fail(rec, TB_EFOREIGN, "the node is not in this record");
	if (nag < 0 || nag > 255)
		return S_fail(rec, TB_EINVAL, "a NAG is $0 to $255");
	if (n->nnags >= TB_MAX_NAGS)
		return S_fail(rec, TB_ETREE, "a turn has at most %d NAGs", TB_MAX_NAGS);
	uint8_t *v = tb_arena_alloc(&rec->arena, (size_t)n->nnags + 1);
	if (!v)
		return S_nomem(rec);
	if (n->nnags)
		memcpy(v, n->nags, n->nnags);
	v[n->nnags++] = (uint8_t)nag;
	n->nags = v;
	rec->gen++;
	S_ok(rec);
	return 0;
}

/* Reads 'text' into 'frag' from the clock after 'after' on the line at
 * frame 'depth' of 'p'. */
static int S_read(tb_record *rec, const char *text, const S_path *p, unsigned depth,
                  const tb_node *after, int need_node, tb_line *frag)
{
	if (!text)
		return S_fail(rec, TB_EINVAL, "the text is not NULL");
	S_clock c = S_clock_after(rec, p, depth, after);
	char *why = NULL;
	int parsed = tb_parse_fragment(rec, text, c.number, c.side, c.known, (int)depth, frag, &why);
	if (parsed == TB_ENOMEM)
		return S_nomem(rec);
	if (parsed) {
		int rc = S_fail(rec, TB_ESYNTAX, "%s", why);
		free(why);
		return rc;
	}
	if (need_node && !frag->first)
		return S_fail(rec, TB_ETREE, "a variation holds at least one node");
	if (S_count(&rec->main) + S_count(frag) > TB_MAX_TURNS)
		return S_fail(rec, TB_ETREE, "a record holds at most %d turns, gaps and positions",
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
	S_path p;
	if (first)
		*first = NULL;
	if (!rec)
		return TB_EINVAL;
	if (!S_locate_line(rec, line, &p))
		return S_fail(rec, TB_EFOREIGN, "the line is not in this record");
	unsigned depth = p.n - 1;
	if (after) {
		const tb_node *x = line->first;
		while (x && x != after)
			x = x->next;
		if (!x || after->removed)
			return S_fail(rec, TB_EFOREIGN, "the node is not on this line");
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
	S_renumber(rec);
	if (first)
		*first = frag.first;
	S_ok(rec);
	return 0;
}

int tb_line_append(tb_record *rec, tb_line *line, const char *text, tb_node **first)
{
	if (!rec || !line)
		return rec ? S_fail(rec, TB_EINVAL, "no line") : TB_EINVAL;
	return tb_line_insert(rec, line, line->last, text, first);
}

int tb_node_add_variation(tb_record *rec, tb_node *n, const char *text, tb_line **out)
{
	S_path p;
	if (out)
		*out = NULL;
	if (!rec)
		return TB_EINVAL;
	if (!S_locate_node(rec, n, &p))
		return S_fail(rec, TB_EFOREIGN, "the node is not in this record");
	unsigned depth = p.n; /* the new line's */
	if (depth > TB_MAX_DEPTH)
		return S_fail(rec, TB_ETREE, "variations are nested at most %d deep", TB_MAX_DEPTH);
	/* a variation counts from the node it replaces: read it from just
	 * before that node, as a line of its own */
	p.f[depth] = (S_frame){NULL, NULL, NULL};
	tb_line *v = tb_arena_alloc(&rec->arena, sizeof *v);
	if (!v)
		return S_nomem(rec);
	S_clock c = n->side != 2 ? (S_clock){n->number, n->side, 1} : (S_clock){0, 0, 0};
	char *why = NULL;
	if (!text)
		return S_fail(rec, TB_EINVAL, "the text is not NULL");
	int parsed = tb_parse_fragment(rec, text, c.number, c.side, c.known, (int)depth, v, &why);
	if (parsed == TB_ENOMEM)
		return S_nomem(rec);
	if (parsed) {
		int rc = S_fail(rec, TB_ESYNTAX, "%s", why);
		free(why);
		return rc;
	}
	if (!v->first && !v->lead)
		return S_fail(rec, TB_ETREE, "a variation holds at least a node or a comment");
	if (S_count(&rec->main) + S_count(v) > TB_MAX_TURNS)
		return S_fail(rec, TB_ETREE, "a record holds at most %d turns, gaps and positions",
		              TB_MAX_TURNS);
	size_t grows = S_frag_size(rec, v);
	int room = S_room(rec, grows == SIZE_MAX ? grows : grows + 4); /* " (" and ")" */
	if (room)
		return room;
	S_unspan_line(v);
	tb_node_push_variation(n, v);
	S_renumber(rec);
	if (out)
		*out = v;
	S_ok(rec);
	return 0;
}

int tb_node_remove(tb_record *rec, tb_node *n)
{
	S_path p;
	if (!rec)
		return TB_EINVAL;
	if (!S_locate_node(rec, n, &p))
		return S_fail(rec, TB_EFOREIGN, "the node is not in this record");
	S_frame *f = &p.f[p.n - 1];
	tb_line *line = f->line;
	if (p.n > 1 && line->first == n && !n->next && !line->lead)
		return S_fail(rec, TB_ETREE, "the node is its variation's only one: remove the "
		              "variation (tb_line_remove)");
	if (f->prev)
		f->prev->next = n->next;
	else
		line->first = n->next;
	if (line->last == n)
		line->last = f->prev;
	n->removed = 1; /* its 'next' stays, for an iterator standing on it */
	S_renumber(rec);
	S_ok(rec);
	return 0;
}

int tb_line_remove(tb_record *rec, tb_line *v)
{
	S_path p;
	if (!rec)
		return TB_EINVAL;
	if (v == &rec->main)
		return S_fail(rec, TB_EINVAL, "the main line is not removed");
	if (!S_locate_line(rec, v, &p))
		return S_fail(rec, TB_EFOREIGN, "the line is not in this record");
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
	S_renumber(rec);
	S_ok(rec);
	return 0;
}

/* ===== Walking ===== */

struct tb_iter {
	const tb_record *rec;
	unsigned long gen;
	int ev;            /* the last event, or -1 before the first */
	tb_node *node;     /* what it was about: a node, */
	tb_line *line;     /* or a line */
	int status;
	S_path path;       /* the lines down to it; for a node, f[n-1].node is it */
};

tb_iter *tb_iter_new(const tb_record *rec)
{
	if (!rec)
		return NULL;
	tb_iter *it = tb_calloc(1, sizeof *it);
	if (!it)
		return NULL;
	it->rec = rec;
	it->gen = rec->gen;
	it->ev = -1;
	return it;
}

void tb_iter_free(tb_iter *it) { free(it); }
tb_node *tb_iter_node(const tb_iter *it) { return it->ev > 0 ? it->node : NULL; }
tb_line *tb_iter_line(const tb_iter *it) { return it->ev > 0 ? it->line : NULL; }
int tb_iter_status(const tb_iter *it) { return it->status; }

unsigned tb_iter_depth(const tb_iter *it)
{
	if (it->ev <= 0)
		return 0;
	return it->path.n - 1;
}

static int S_emit(tb_iter *it, int ev, tb_node *n, tb_line *l)
{
	it->ev = ev;
	it->node = n;
	it->line = l;
	return ev;
}

static int S_end(tb_iter *it, int status)
{
	it->status = status;
	it->ev = TB_EVENT_DONE;
	it->node = NULL;
	it->line = NULL;
	return TB_EVENT_DONE;
}

/* Enters node 'n', the next on the line of the path's last frame. */
static int S_enter(tb_iter *it, tb_node *n)
{
	it->path.f[it->path.n - 1].node = n;
	return S_emit(it, TB_EVENT_ENTER, n, NULL);
}

/* What follows node 'n' (done with), on the path's last line. */
static int S_after(tb_iter *it, tb_node *n)
{
	if (n->next)
		return S_enter(it, n->next);
	it->path.f[it->path.n - 1].node = NULL;
	return S_emit(it, TB_EVENT_EXIT, NULL, it->path.f[it->path.n - 1].line);
}

/* After an edit: finds where the iterator stood again. Returns 1 when
 * the next event should be computed from the state it set, 0 when
 * it has ended, or 2 when it has already emitted the next event. */
static int S_resync(tb_iter *it)
{
	it->gen = it->rec->gen;
	S_path p;
	if (it->node) {
		if (S_locate_node(it->rec, it->node, &p)) {
			it->path = p;
			return 1;
		}
		/* removed: what followed it, if that is still on its line */
		tb_node *n = it->node;
		while (n && n->removed)
			n = n->next;
		tb_line *line = it->path.f[it->path.n - 1].line;
		if (S_locate_line(it->rec, line, &p)) {
			const tb_node *x = line->first;
			while (x && x != n)
				x = x->next;
			if (x || !n) {
				it->path = p;
				if (n) {
					it->path.f[p.n - 1].node = n;
					S_emit(it, TB_EVENT_ENTER, n, NULL);
				} else {
					S_emit(it, TB_EVENT_EXIT, NULL, line);
				}
				return 2;
			}
		}
		return S_end(it, TB_EFOREIGN);
	}
	if (S_locate_line(it->rec, it->line, &p)) {
		it->path = p;
		return 1;
	}
	return S_end(it, TB_EFOREIGN);
}

int tb_iter_next(tb_iter *it)
{
	if (!it || it->ev == TB_EVENT_DONE)
		return TB_EVENT_DONE;
	if (it->ev == -1) {
		it->gen = it->rec->gen;
		it->path.n = 1;
		it->path.f[0] = (S_frame){(tb_line *)&it->rec->main, NULL, NULL};
		return S_emit(it, TB_EVENT_ENTER, NULL, (tb_line *)&it->rec->main);
	}
	if (it->gen != it->rec->gen) {
		int r = S_resync(it);
		if (r == 0)
			return TB_EVENT_DONE;
		if (r == 2)
			return it->ev;
	}
	S_path *p = &it->path;
	if (it->line) {
		tb_line *l = it->line;
		if (it->ev == TB_EVENT_ENTER) {
			if (l->first)
				return S_enter(it, l->first);
			return S_emit(it, TB_EVENT_EXIT, NULL, l);
		}
		/* exit of a line */
		if (p->n == 1)
			return S_end(it, 0);
		p->n--;
		tb_node *base = p->f[p->n - 1].node;
		if (l->next) {
			p->f[p->n] = (S_frame){l->next, NULL, NULL};
			p->n++;
			return S_emit(it, TB_EVENT_ENTER, NULL, l->next);
		}
		return S_emit(it, TB_EVENT_EXIT, base, NULL);
	}
	tb_node *n = it->node;
	if (it->ev == TB_EVENT_ENTER && n->variations) {
		if (p->n >= S_MAX_FRAMES)
			return S_end(it, TB_EFOREIGN);
		p->f[p->n] = (S_frame){n->variations, NULL, NULL};
		p->n++;
		return S_emit(it, TB_EVENT_ENTER, NULL, n->variations);
	}
	return S_after(it, n);
}

/* ===== The position after a node =====
 *
 * Taken from the frames of the one replay (replay.h): the frame of the
 * node gives the position; the frames of the nodes on the way to it
 * say, when it is not known, the last position the rules knew and
 * where and why they stopped after it.
 */

/* Appends to 'out' (at most 'max') the frames of the nodes from the
 * start down to the last frame of path 'p': on each line, the nodes
 * before the one a variation replaces, then the last one's nodes up to
 * and with its node. Returns how many; -1 when a node has no frame. */
static long S_path_frames(const tb_replay *rp, const S_path *p, long *out, size_t max)
{
	size_t k = 0;
	for (unsigned d = 0; d < p->n; d++) {
		int last = d == p->n - 1;
		for (const tb_node *x = p->f[d].line->first; x; x = x->next) {
			if (x == p->f[d].node && !last)
				break;
			long fi = tb_replay_find(rp, x, 0);
			if (fi < 0 || k == max)
				return -1;
			out[k++] = fi;
			if (x == p->f[d].node)
				break;
		}
	}
	return (long)k;
}

static int S_known(const tb_replay *rp, long fi)
{
	int st = tb_replay_status(rp, fi);
	return st == TB_FRAME_WRITTEN || st == TB_FRAME_RECONSTRUCTED;
}

/* "10... d5-d6": node 'n' numbered, then what it was ('tok'). */
static void S_numbered(tb_buf *b, const tb_node *n, const char *tok)
{
	if (n->number && n->side != 2 && tb_kind_is_turn(tb_node_followed(n)))
		tb_buf_printf(b, "%u%s ", n->number, n->side == 1 ? "..." : ".");
	tb_buf_puts(b, tok);
}

/* The turn that made the position of frame 'path[upto]': the last frame
 * on the path up to it that played turns, unless a restated position
 * came after it; into 'b' ("" when none). */
static void S_last_turn(tb_buf *b, const tb_replay *rp, const long *path, long upto)
{
	for (long k = upto; k >= 0; k--) {
		const tb_node *n = tb_replay_node(rp, path[k], NULL);
		if (tb_node_followed(n) == TB_NODE_POSITION)
			return;
		const tb_frame *f = tb_replay_index(rp, (size_t)path[k]);
		if (f->played || f->nseq) {
			char *tok = tb_replay_token(rp, path[k]);
			const char *one = tok ? strrchr(tok, ' ') : NULL; /* a gap's turns: its last */
			if (!tok)
				b->failed = 1;
			else if (one)
				tb_buf_puts(b, one + 1);
			else
				S_numbered(b, n, tok);
			free(tok);
			return;
		}
		if (!S_known(rp, path[k]))
			return;
	}
}

/* Fills '*at' for the frames 'path' (count 'n'), the position being
 * that of 'path[known]' (-1: the start): where the rules stopped after
 * it ('path[known + 1]', when it is not the last frame asked for known). */
static int S_reached(tb_reached *at, const tb_replay *rp, const tb_game *g, const long *path,
                     long n, long known)
{
	int ok = 1;
	memset(at, 0, sizeof *at);
	at->ply = known < 0 ? 0 : tb_replay_ply(rp, path[known]);
	at->stopped = known < n - 1;
	tb_buf b = TB_BUF_SOFT;
	if (known >= 0)
		S_last_turn(&b, rp, path, known);
	snprintf(at->last, sizeof at->last, "%s", b.data ? b.data : "");
	ok &= tb_buf_ok(&b);
	tb_buf_free(&b);
	if (!at->stopped)
		return ok;
	long stop = path[known + 1];
	const tb_node *sn = tb_replay_node(rp, stop, NULL);
	at->line = sn->span.line;
	at->col = sn->span.col;
	tb_buf w = TB_BUF_SOFT;
	tb_write_node(&w, g, sn, TB_WRITE_BARE);
	tb_buf_clear(&b);
	S_numbered(&b, sn, w.data ? w.data : "");
	snprintf(at->stop, sizeof at->stop, "%s", b.data ? b.data : "");
	ok &= tb_buf_ok(&w) && tb_buf_ok(&b);
	tb_buf_free(&w);
	tb_buf_free(&b);
	char *why = tb_replay_why(rp, stop);
	snprintf(at->why, sizeof at->why, "%s", why ? why : "");
	ok &= why != NULL;
	free(why);
	return ok;
}

tb_engine *tb_node_engine(const tb_record *rec, const tb_node *n, tb_reached *at, char **why)
{
	tb_reached here;
	S_path p;
	*why = NULL;
	at = at ? at : &here;
	memset(at, 0, sizeof *at);
	if (!rec || !rec->game || (n && !S_locate_node(rec, n, &p))) {
		*why = tb_strdup("the node is not in this record"); /* NULL: out of memory */
		return NULL;
	}
	if (rec->errors != rec->offboard) {
		*why = tb_strdup("the record has errors");
		return NULL;
	}
	if (!rec->game->rules) {
		*why = tb_strdup("the game has no rules engine");
		return NULL;
	}
	tb_replay *rp = tb_record_replay(rec);
	if (!rp) /* out of memory: NULL, '*why' NULL */
		return NULL;
	size_t max = tb_replay_count(rp) + 1;
	long *path = tb_malloc(max * sizeof *path);
	long np = path && n ? S_path_frames(rp, &p, path, max) : 0;
	tb_engine *e = NULL;
	if (!path) {
		/* out of memory: NULL, '*why' NULL */
	} else if (np < 0) {
		*why = tb_strdup("the rules did not replay this node");
	} else {
		long known = np - 1; /* the last frame on the path whose position is known */
		while (known >= 0 && !S_known(rp, path[known]))
			known--;
		long from = known < 0 ? -1 : path[known];
		if (from < 0 && !S_known(rp, -1)) /* no position at all on the way */
			*why = tb_replay_why(rp, -1); /* NULL: out of memory */
		else if (S_reached(at, rp, rec->game, path, np, known)) {
			e = tb_replay_engine(rp, from);
		}
	}
	free(path);
	tb_replay_free(rp);
	return e;
}

/* ===== A reading's alternatives as nodes (tb_node_alt) ===== */

/* What the node readers read of alternative 'a' of reading 'n', into 'v':
 * its own fields, and the reading's number and side when it is a turn. */
static void S_alt_node(const tb_node *n, const tb_alt *a, tb_node *v)
{
	memset(v, 0, sizeof *v);
	v->kind = a->kind;
	v->reconstructed = a->reconstructed;
	v->side = 2;
	if (tb_kind_is_turn(a->kind) && n->side != 2) {
		v->number = n->number;
		v->side = n->side;
	}
	v->span = a->span;
	v->move = a->move;
	v->gap_min = a->gap_min;
	v->gap_max = a->gap_max;
	v->position = a->position;
	v->comments = a->comments;
}

tb_node *tb_node_alt(const tb_record *rec, const tb_node *n, size_t i)
{
	if (!rec || !n || n->kind != TB_NODE_READING || i >= n->nalts)
		return NULL;
	tb_alt *a = &n->alts[i]; /* not const: its view is its own, not the caller's */
	if (!a->view) { /* made once per alternative, in the record's arena */
		a->view = tb_arena_alloc(&((tb_record *)rec)->arena, sizeof *a->view);
		if (!a->view)
			return NULL;
	}
	S_alt_node(n, a, a->view); /* as the reading is now */
	return a->view;
}
