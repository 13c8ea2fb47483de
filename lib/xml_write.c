/*
 * xml_write.c -- records as tablero XML (spec/xml.md, schemas/tgn.rng),
 * written directly (xml_emit.c) into a buffer that goes to the file between
 * records: libxml2's xmlTextWriter, which wrote it before, took most of
 * the time of "tablero xml" (issue 19). The bytes are the ones it wrote:
 * the XML declaration, elements indented two spaces a level, one a line,
 * "/>" for an empty one; in attributes & < > " tab, newline and return
 * escaped (&#9; &#10; &#13;), in text & < > " and return; every other
 * character as it is (a record holding one XML cannot carry is refused
 * before anything of it is written: tb_reader_xml_refuse).
 *
 * One <record> per record tree, one element per node, in the order the
 * canonical TGN writer follows, so that reading the XML back (xml_read.c)
 * gives the same tree. With TB_XML_POSITIONS, each turn the rules
 * engine played gets an <after> element: the position, its pieces and
 * the turn's derived events. Writing never stops halfway through a
 * record on bad input: a record with errors is refused before anything
 * of it is written.
 */
#include <stdlib.h>
#include <string.h>

#include "collate.h"
#include "diag.h"
#include "evidence.h"
#include "game.h"
#include "lasterr.h"
#include "marks.h"
#include "reader.h"
#include "visit.h"
#include "writer.h"
#include "xalloc.h"
#include "xml.h"
#include "xml_emit.h"

/* The buffer goes to the file when it holds this much, between records
 * (a record is never cut by a failed write halfway through it). */
#define S_FLUSH_AT (64u * 1024u)
/* The most room a record's text is given before it is written
 * (tb_xml_record_text): a larger record's grows as it is written. */
#define S_GUESS_MOST ((size_t)1 << 20)

struct tb_xml_writer {
	FILE *out;            /* borrowed */
	tb_buf buf;           /* what is not in 'out' yet (owned) */
	tb_xw w;              /* writes into 'buf'; <tgn> is open */
	int flags;
	int failed;           /* a write failed: everything after is moot */
	tb_lasterr err;       /* tb_xml_writer_errcode, tb_xml_writer_errmsg */
};

/* The state of a writer before a call that may run out of memory. */
typedef struct S_mark {
	size_t len;
	int depth, in_tag, text_depth;
} S_mark;

static S_mark S_mark_here(const tb_xml_writer *x)
{
	return (S_mark){x->buf.len, x->w.depth, x->w.in_tag, x->w.text_depth};
}

/* 0 when memory ran out since 'm': the writer is then put back as it
 * was at 'm' (a failed append leaves the bytes before it: buf.h), so
 * that no record is ever half written, and the call says TB_ENOMEM. */
static int S_kept(tb_xml_writer *x, S_mark m)
{
	if (tb_buf_ok(&x->buf))
		return 1;
	x->buf.failed = 0;
	x->buf.len = m.len;
	if (x->buf.data)
		x->buf.data[m.len] = '\0';
	x->w.depth = m.depth;
	x->w.in_tag = m.in_tag;
	x->w.text_depth = m.text_depth;
	return 0;
}

/* Sends the buffer to the file; a failure is kept, for the end. */
static void S_flush(tb_xml_writer *x)
{
	if (x->buf.len && fwrite(x->buf.data, 1, x->buf.len, x->out) != x->buf.len)
		x->failed = 1;
	tb_buf_clear(&x->buf);
}

/* What validation said about one turn, kept until the record is
 * written. */
typedef struct S_played {
	unsigned line, col;
	char *position;
	size_t nevents;
	tb_turn_event *ev;
} S_played;

typedef struct S_record {
	tb_xw *w;              /* where the record goes */
	int flags;
	const tb_record *rec;
	tb_board board;
	S_played *after;       /* sorted by where each turn is written */
	size_t nafter, cap;
	tb_arena arena;
	const tb_sigla *sigla; /* a collation's witnesses, or NULL */
	tb_buf tmp;            /* a point, a token, a notation on its way */
} S_record;

/* ===== The writer ===== */

/* The writer's XML starts the document: the declaration and <tgn>,
 * whose start tag the first record closes. */
static void S_xw_doc(tb_xw *w, tb_buf *b)
{
	tb_xw_init(w, b);
	w->indent = 2;
	w->text_esc = TB_XML_ESC_TEXTQ;
}

tb_xml_writer *tb_xml_writer_new(FILE *out, int flags)
{
	tb_xml_writer *x = tb_calloc(1, sizeof *x);
	if (!x)
		return NULL;
	x->out = out;
	x->flags = flags;
	x->buf.soft = 1; /* out of memory: TB_ENOMEM (S_kept) */
	S_xw_doc(&x->w, &x->buf);
	static const char decl[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>";
	tb_xw_raw(&x->w, decl, sizeof decl - 1);
	tb_xw_start(&x->w, "tgn", NULL);
	tb_xw_attr(&x->w, "xmlns", TB_XML_NS);
	tb_xw_attr(&x->w, "version", TB_XML_VERSION);
	if (!tb_buf_ok(&x->buf)) {
		tb_buf_free(&x->buf);
		free(x);
		return NULL;
	}
	return x;
}

int tb_xml_writer_end(tb_xml_writer *x)
{
	if (!x)
		return 0;
	S_mark m = S_mark_here(x);
	tb_xw_end(&x->w); /* </tgn>, or "/>" with no record */
	tb_buf_putc(&x->buf, '\n');
	int kept = S_kept(x, m); /* else the records before it go out still */
	S_flush(x);
	if (fflush(x->out) != 0 || ferror(x->out))
		x->failed = 1;
	int failed = x->failed;
	tb_xw_free(&x->w);
	tb_buf_free(&x->buf);
	free(x);
	return failed ? TB_EIO : kept ? 0 : TB_ENOMEM;
}

/* ===== Small pieces ===== */

static void S_start(S_record *s, const char *name)
{
	tb_xw_start(s->w, name, NULL);
}

static void S_end(S_record *s)
{
	tb_xw_end(s->w);
}

static void S_attr(S_record *s, const char *name, const char *value)
{
	tb_xw_attr(s->w, name, value);
}

static void S_attr_u(S_record *s, const char *name, unsigned long v)
{
	tb_xw_uint(s->w, name, v);
}

/* Memory ran out making what goes into the document: its buffer fails
 * with it, so that the call that finishes says TB_ENOMEM (buf.h). */
static void S_lost(S_record *s)
{
	tb_buf_fail(s->w->b);
}

/* The text of 'b' (written on the way to an attribute); "" when memory
 * ran out making it (S_lost). */
static const char *S_made(S_record *s, const tb_buf *b)
{
	if (tb_buf_ok(b))
		return b->data ? b->data : "";
	S_lost(s);
	return "";
}

static void S_attr_pt(S_record *s, const char *name, tb_point p)
{
	tb_buf_clear(&s->tmp);
	tb_point_write(&s->tmp, p);
	tb_buf_putc(&s->tmp, '\0'); /* data is NULL until the first byte */
	S_attr(s, name, S_made(s, &s->tmp));
}

/* line, col, end-line, end-col, with TB_XML_SOURCEPOS. */
static void S_span(S_record *s, const tb_span *sp)
{
	if (!(s->flags & TB_XML_SOURCEPOS) || !sp->line)
		return;
	S_attr_u(s, "line", sp->line);
	S_attr_u(s, "col", sp->col);
	S_attr_u(s, "end-line", sp->end_line);
	S_attr_u(s, "end-col", sp->end_col);
}

/* The attributes "time" and "region" of evidence link 'e' (NULL: none),
 * in their canonical text (evidence.c). */
static void S_evidence(S_record *s, const tb_evidence *e)
{
	if (!e)
		return;
	if (e->from >= 0) {
		tb_buf_clear(&s->tmp);
		tb_ev_write_time(&s->tmp, e->from, e->to);
		tb_buf_putc(&s->tmp, '\0');
		S_attr(s, "time", S_made(s, &s->tmp));
	}
	if (e->page) {
		tb_buf_clear(&s->tmp);
		tb_ev_write_region(&s->tmp, e);
		tb_buf_putc(&s->tmp, '\0');
		S_attr(s, "region", S_made(s, &s->tmp));
	}
}

/* The attributes "arrows", "circles", "shades" and "labels" of a
 * comment's author's marks: each kind's items as TGN writes them
 * (marks.c), separated by spaces; none for a kind it has none of. */
static void S_marks(S_record *s, const tb_comment *c)
{
	for (int k = 0; k < 4 && c->nmarks; k++) {
		tb_buf_clear(&s->tmp);
		tb_marks_write_kind(&s->tmp, c->marks, c->nmarks, k, ' ');
		if (!s->tmp.len)
			continue;
		tb_buf_putc(&s->tmp, '\0');
		S_attr(s, tb_mark_xml[k], S_made(s, &s->tmp));
	}
}

static void S_comment(S_record *s, const tb_comment *c)
{
	S_start(s, "comment");
	if (c->lang)
		S_attr(s, "xml:lang", c->lang);
	S_evidence(s, c->evidence);
	S_marks(s, c);
	S_span(s, &c->span);
	tb_xw_text(s->w, c->text, strlen(c->text));
	S_end(s);
}

static void S_comments(S_record *s, const tb_comment *c)
{
	for (; c; c = c->next)
		S_comment(s, c);
}

/* ===== Turns ===== */

/* The element of part 'i' of 'm': TB_PART_AT is <from> when the piece
 * goes somewhere after it, else <place>; a shared kind is its name; a
 * game's own kind is <part> (its name in kind=, S_move_body). */
static const char *S_part_name(const tb_move *m, unsigned i)
{
	unsigned k = m->parts[i].kind;
	if (k == TB_PART_AT) {
		for (unsigned j = i + 1; j < m->nparts; j++)
			if (tb_part_goes(m->parts[j].kind))
				return "from";
		return "place";
	}
	return k < TB_PART_KINDS ? tb_part_name(k) : "part";
}

/* The token, the crown marker and the parts of a move. */
static void S_move_body(S_record *s, const tb_move *m)
{
	tb_buf_clear(&s->tmp);
	tb_move_write(&s->tmp, m);
	tb_buf_putc(&s->tmp, '\0');
	S_attr(s, "token", S_made(s, &s->tmp));
	if (m->crown)
		S_attr(s, "crown", m->crown == 2 ? "stage" : "crowned");
	tb_point at = TB_PT_NONE;
	for (unsigned i = 0; i < m->nparts; i++) {
		const tb_part *p = &m->parts[i];
		const char *name = S_part_name(m, i);
		S_start(s, name);
		if (p->kind >= TB_PART_KINDS)
			S_attr(s, "kind", tb_part_name(p->kind));
		S_attr_pt(s, tb_part_to(p->kind) ? "to" : "point", p->pt);
		tb_point over = p->kind == TB_PART_CAPTURE && s->rec->game->captured &&
		                        at != TB_PT_NONE && at != TB_PT_UNKNOWN && p->pt != TB_PT_UNKNOWN
		                    ? s->rec->game->captured(at, p->pt) : TB_PT_NONE;
		if (over != TB_PT_NONE)
			S_attr_pt(s, "captured", over);
		S_end(s);
		if (tb_part_moves(p->kind))
			at = p->pt; /* where the moving piece now is */
	}
}

/* The number the record's numbering gives node 'n' (after 'prev' in its
 * line), as "written", where it is not the count's (spec/xml.md): a
 * turn's where the numbers it wrote ran off the count ("" where they
 * run past 999999); a gap's or a position's where a number written
 * before it moved them. */
static void S_written(S_record *s, const tb_node *n, const tb_node *prev)
{
	char w[32];
	if (tb_node_number_written(n, prev, w))
		S_attr(s, "written", w);
}

static void S_number(S_record *s, const tb_node *n, const tb_node *prev)
{
	S_attr_u(s, "n", n->number);
	S_attr(s, "side", n->side == 0 ? "first" : n->side == 1 ? "second" : "unknown");
	S_written(s, n, prev);
}

static int S_played_cmp(const void *a, const void *b)
{
	const S_played *x = a, *y = b;
	return x->line != y->line ? (x->line > y->line) - (x->line < y->line)
	                          : (x->col > y->col) - (x->col < y->col);
}

static void S_write_after(S_record *s, const tb_node *n)
{
	S_played key = {n->span.line, n->span.col, NULL, 0, NULL};
	const S_played *a = s->nafter ? bsearch(&key, s->after, s->nafter, sizeof *s->after,
	                                        S_played_cmp)
	                              : NULL;
	if (!a)
		return; /* not played: the line stopped before it, or no --positions */
	S_start(s, "after");
	S_attr(s, "position", a->position);
	tb_arena ar = {0};
	ar.soft = 1; /* out of memory: NULL, and 'failed' says so */
	tb_syntax_err err = {0, 1, ""};
	tb_position *p = tb_position_parse(s->rec->game, &s->board, a->position, &ar, &err);
	if (!p && ar.failed)
		S_lost(s);
	for (size_t i = 0; p && i < p->npieces; i++) {
		const tb_piece *pc = &p->pieces[i];
		S_start(s, "piece");
		S_attr(s, "side", pc->side ? "second" : "first");
		S_attr_pt(s, "point", pc->pt);
		if (pc->type) {
			char t[2] = {pc->type, 0};
			S_attr(s, "type", t);
		}
		if (pc->crowned)
			S_attr(s, "crowned", "true");
		S_end(s);
	}
	tb_arena_free(&ar);
	for (size_t i = 0; i < a->nevents; i++) {
		const tb_turn_event *e = &a->ev[i];
		S_start(s, "event");
		S_attr(s, "kind", tb_event_name(e->type));
		if (e->point)
			S_attr(s, "point", e->point);
		if (e->to)
			S_attr(s, "to", e->to);
		if (tb_event_counts(e->type))
			S_attr_u(s, "count", e->count);
		S_end(s);
	}
	S_end(s);
}

/* The sigla of 'set', space-separated, into 'b'. */
static void S_sigla(S_record *s, tb_buf *b, uint32_t set)
{
	tb_buf_clear(b);
	for (size_t i = 0; i < s->sigla->n; i++)
		if (set >> i & 1)
			tb_buf_printf(b, "%s%s", b->len ? " " : "", s->sigla->s[i]);
}

/* One alternative of a reading opened: what it is, and its witnesses
 * when it is a collation's (the comment naming them, as attributes,
 * which its comments then leave out: returns 1). */
static int S_alt(S_record *s, const tb_alt *alt)
{
	static const char *const kinds[] = {"move", "pass", "unknown", "", "gap", "position",
	                                    "omitted"};
	S_start(s, "alt");
	S_span(s, &alt->span);
	S_attr(s, "kind", kinds[alt->kind]);
	if (alt->reconstructed)
		S_attr(s, "reconstructed", "true");
	S_evidence(s, alt->evidence);
	uint32_t set, own;
	int named = 0;
	if (s->sigla && tb_alt_witnesses(s->sigla, alt, &set, &own)) {
		tb_buf b = TB_BUF_SOFT;
		S_sigla(s, &b, set);
		S_attr(s, "wit", S_made(s, &b));
		if (own) {
			S_sigla(s, &b, own);
			S_attr(s, "own", S_made(s, &b));
		}
		tb_buf_free(&b);
		named = 1;
	}
	if (alt->kind == TB_NODE_MOVE) {
		S_move_body(s, &alt->move);
	} else if (alt->kind == TB_NODE_GAP) {
		if (alt->gap_min >= 0)
			S_attr_u(s, "min", (unsigned long)alt->gap_min);
		if (alt->gap_max > alt->gap_min)
			S_attr_u(s, "max", (unsigned long)alt->gap_max);
	} else if (alt->kind == TB_NODE_POSITION) {
		tb_buf b = TB_BUF_SOFT;
		tb_position_write(&b, s->rec->game, alt->position);
		S_attr(s, "notation", S_made(s, &b));
		tb_buf_free(&b);
	}
	return named;
}

/* A node opened: its element and what it is (a reading's alternatives
 * follow, each an element of its own). */
static void S_node(S_record *s, const tb_node *n, const tb_node *prev)
{
	static const char *const names[] = {"move", "pass", "unknown", "reading", "gap",
	                                    "position"};
	S_start(s, names[n->kind]);
	switch (n->kind) {
	case TB_NODE_MOVE:
		S_number(s, n, prev);
		if (n->reconstructed)
			S_attr(s, "reconstructed", "true");
		S_span(s, &n->span);
		S_evidence(s, n->evidence);
		S_move_body(s, &n->move);
		break;
	case TB_NODE_READING:
		S_number(s, n, prev);
		S_span(s, &n->span);
		S_evidence(s, n->evidence);
		break;
	case TB_NODE_GAP:
		S_written(s, n, prev);
		if (n->gap_min >= 0)
			S_attr_u(s, "min", (unsigned long)n->gap_min);
		if (n->gap_max > n->gap_min)
			S_attr_u(s, "max", (unsigned long)n->gap_max);
		S_span(s, &n->span);
		S_evidence(s, n->evidence);
		break;
	case TB_NODE_POSITION: {
		tb_buf b = TB_BUF_SOFT;
		tb_position_write(&b, s->rec->game, n->position);
		S_written(s, n, prev);
		S_attr(s, "notation", S_made(s, &b));
		tb_buf_free(&b);
		S_span(s, &n->span);
		S_evidence(s, n->evidence);
		break;
	}
	default: /* pass, unknown */
		S_number(s, n, prev);
		if (n->reconstructed)
			S_attr(s, "reconstructed", "true");
		S_span(s, &n->span);
		S_evidence(s, n->evidence);
		break;
	}
}

/* The main line, its variations within it: an element per node, in the
 * order of the one traversal (visit.h); a turn's <after> (with
 * TB_XML_POSITIONS) last in it. */
static void S_moves(S_record *s, const tb_line *main)
{
	tb_visit v;
	tb_visit_init(&v, main);
	int named = 0; /* the alternative's first comment names its witnesses */
	for (int ev; (ev = tb_visit_next(&v)) != TB_VISIT_DONE;) {
		switch (ev) {
		case TB_VISIT_LINE_ENTER:
			if (v.depth)
				S_start(s, "variation");
			S_span(s, &v.line->span);
			break;
		case TB_VISIT_LINE_EXIT:
			if (v.depth)
				S_end(s);
			break;
		case TB_VISIT_NODE_ENTER:
			S_node(s, v.node, v.prev);
			break;
		case TB_VISIT_NODE_EXIT:
			S_write_after(s, v.node);
			S_end(s);
			break;
		case TB_VISIT_ALT_ENTER:
			named = S_alt(s, v.alt);
			break;
		case TB_VISIT_ALT_EXIT:
			S_end(s);
			break;
		case TB_VISIT_NAG:
			S_start(s, "nag");
			S_attr_u(s, "code", v.nag);
			S_end(s);
			break;
		case TB_VISIT_COMMENT:
			if (!(named && v.at == TB_VISIT_AT_ALT && v.index == 0))
				S_comment(s, v.comment);
			break;
		default:
			break;
		}
	}
}

/* ===== Records ===== */

/* Keeps what validation says about each turn (TB_XML_POSITIONS). */
static void S_collect(void *ctx, const tb_turn_report *t)
{
	S_record *s = ctx;
	if (s->nafter == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 64;
		S_played *after = tb_realloc(s->after, cap * sizeof *after);
		if (!after) { /* the turn is lost: so is the output */
			S_lost(s);
			return;
		}
		s->after = after;
		s->cap = cap;
	}
	S_played *a = &s->after[s->nafter];
	s->arena.soft = 1; /* out of memory: NULL, and 'failed' says so */
	a->line = t->line;
	a->col = t->col;
	a->position = tb_arena_strndup(&s->arena, t->position, strlen(t->position));
	a->nevents = t->nevents;
	a->ev = tb_arena_alloc(&s->arena, (t->nevents ? t->nevents : 1) * sizeof *a->ev);
	for (size_t i = 0; a->ev && i < t->nevents; i++) {
		const tb_turn_event *e = &t->ev[i];
		a->ev[i] = (tb_turn_event){e->kind, /* static */
		                           e->point ? tb_arena_strndup(&s->arena, e->point, strlen(e->point)) : NULL,
		                           e->to ? tb_arena_strndup(&s->arena, e->to, strlen(e->to)) : NULL,
		                           e->count, e->type, e->piece_side, e->piece_type,
		                           e->piece_crowned};
		if ((e->point && !a->ev[i].point) || (e->to && !a->ev[i].to))
			a->ev = NULL;
	}
	if (!a->position || !a->ev) {
		S_lost(s);
		return;
	}
	s->nafter++;
}

/* What the replay knows of each turn (TB_XML_POSITIONS): an <after> for
 * every turn of the main line and variations whose position the rules
 * know, written or reconstructed (the frames, replay.h); the record's
 * diagnostics join 'r''s as tb_reader_validate adds them. */
static void S_collect_frames(S_record *s, tb_reader *r, const tb_record *rec)
{
	tb_replay *rp = tb_reader_replay(r, rec);
	if (!rp) {
		if ((rec->game && rec->game->rules && rec->errors == rec->offboard) ||
		    tb_reader_validate(r, rec, NULL, NULL) == TB_ENOMEM)
			S_lost(s); /* it would have been replayed: memory ran out */
		return;
	}
	for (size_t i = 0; i < tb_replay_count(rp); i++) {
		unsigned alt;
		const tb_node *n = tb_replay_node(rp, (long)i, &alt);
		int st = tb_replay_status(rp, (long)i);
		if (alt || !tb_kind_is_turn(tb_node_followed(n)) ||
		    (st != TB_FRAME_WRITTEN && st != TB_FRAME_RECONSTRUCTED))
			continue;
		if (tb_replay_report(rp, (long)i, S_collect, s) == TB_ENOMEM)
			S_lost(s);
	}
	tb_replay_free(rp);
}

/* 'name' (a file's: any bytes) as an attribute, U+FFFD for what XML
 * cannot carry (xmltext.c). */
static void S_attr_name(S_record *s, const char *attr, const char *name)
{
	char *fit = tb_xml_fit_name(name);
	if (!fit)
		S_lost(s);
	S_attr(s, attr, fit ? fit : "");
	free(fit);
}

/* Writes 'rec' into 'w' (where <tgn> is open) as 'flags' say. Returns
 * 0, or TB_EINVAL (nothing written) when the record is refused. */
static int S_write(tb_xw *w, int flags, tb_reader *r, const tb_record *rec)
{
	if (tb_reader_xml_refuse(r, rec, "the record is left out of the XML"))
		return TB_EINVAL;
	tb_sigla sigla;
	S_record s = {w, flags, rec, {0}, NULL, 0, 0, {0}, NULL, TB_BUF_SOFT};
	s.sigla = tb_sigla_read(rec, &sigla) > 0 ? &sigla : NULL;
	rec->game->board(&s.board, &rec->opts);
	if (flags & TB_XML_POSITIONS) {
		S_collect_frames(&s, r, rec);
		if (s.nafter) /* qsort wants an array, even of none */
			qsort(s.after, s.nafter, sizeof *s.after, S_played_cmp);
	}
	S_start(&s, "record");
	S_attr(&s, "game", rec->game->name);
	const char *lang = tb_record_tag(rec, "Language");
	if (lang && tb_xml_lang_ok(lang)) /* the records' comments inherit it */
		S_attr(&s, "xml:lang", lang);
	if (flags & TB_XML_SOURCEPOS) {
		S_attr_name(&s, "file", r->name);
		S_attr_u(&s, "line", rec->line);
	}
	S_comments(&s, rec->lead);
	for (size_t i = 0; i < rec->ntags; i++) {
		const tb_tag *t = &rec->tags[i];
		S_start(&s, "tag");
		S_attr(&s, "name", t->name);
		S_attr(&s, "value", t->value);
		S_span(&s, &t->span);
		S_comments(&s, t->comments);
		S_end(&s);
	}
	S_start(&s, "moves");
	S_moves(&s, &rec->main);
	S_end(&s);
	S_start(&s, "result");
	const char *res = tb_result_text[rec->result];
	tb_xw_text(w, res, strlen(res));
	S_end(&s);
	S_comments(&s, rec->trail);
	S_end(&s);
	free(s.after);
	tb_arena_free(&s.arena);
	tb_buf_free(&s.tmp);
	return 0;
}

/* tb_xml_write_record, but for its last error (at the end of the file). */
static int S_write_record(tb_xml_writer *x, tb_reader *r, const tb_record *rec)
{
	if (!rec || rec->errors || !rec->game)
		return TB_EINVAL;
	if (x->failed)
		return TB_EIO;
	S_mark m = S_mark_here(x);
	int st = S_write(&x->w, x->flags, r, rec);
	if (!S_kept(x, m))
		return TB_ENOMEM;
	if (x->buf.len >= S_FLUSH_AT)
		S_flush(x);
	return st ? st : x->failed ? TB_EIO : 0;
}

/* ===== A record's XML apart from its document ===== */

/* A record's bytes in a document are the same wherever it stands in it
 * (its start tag closes what comes before, <tgn>'s or the last record's,
 * with a newline and its indentation): written into a buffer of their
 * own, or after what a caller's buffer holds, as if in a document whose
 * <tgn> start tag is closed, they are its text. Returns the status of
 * tb_xml_record_append; 'b' then holds the bytes after its length, or
 * on failure is put back to its length before (its memory kept). */
static int S_text(tb_buf *b, tb_reader *r, const tb_record *rec, int flags)
{
	if (!rec || rec->errors || !rec->game)
		return TB_EINVAL;
	size_t at = b->len;
	/* room at once for what a record's XML takes (five or six times its
	 * source): grown from nothing, a buffer was reallocated ten times a
	 * record, and xml -j N spent more on that than -j 1 on its one buffer */
	size_t guess = rec->bytes < S_GUESS_MOST / 8 ? 8 * rec->bytes + 256 : S_GUESS_MOST;
	/* short of memory: said by S_write's appends. 'room' is what is
	 * surely allocated whatever fails later: tb_buf_fail forgets the
	 * room a buffer has (its cap then one past its length), and a
	 * caller's buffer must come back with a cap that is true */
	size_t room = b->cap;
	if (tb_buf_grow(b, guess))
		room = b->cap;
	tb_xw w;
	S_xw_doc(&w, b);
	w.open[0] = "tgn";
	w.depth = 1;
	int st = S_write(&w, flags, r, rec);
	tb_xw_free(&w);
	if (st == 0 && !tb_buf_ok(b))
		st = TB_ENOMEM;
	if (st != 0) {
		if (b->failed)
			b->cap = room;
		b->failed = 0;
		b->len = at;
		if (b->data) /* at < cap: tb_xml_record_append leaves room for it */
			b->data[at] = '\0';
	}
	return st;
}

char *tb_xml_record_text(tb_reader *r, const tb_record *rec, int flags, size_t *len,
                         int *status)
{
	*len = 0;
	tb_buf b = TB_BUF_SOFT;
	*status = S_text(&b, r, rec, flags);
	if (*status != 0) {
		tb_buf_free(&b);
		return NULL;
	}
	char *s = tb_buf_detach(&b, len);
	if (!s)
		*status = TB_ENOMEM;
	return s;
}

int tb_xml_record_append(tb_reader *r, const tb_record *rec, int flags, char **buf,
                         size_t *len, size_t *cap)
{
	if (!buf || !len || !cap || *len > *cap || (!*buf && *cap))
		return TB_EINVAL;
	if (*len >= *cap) { /* a buffer's bytes are followed by a NUL (buf.h): room for it */
		size_t cap2 = *len + 256;
		char *data = cap2 > *len ? tb_realloc(*buf, cap2) : NULL;
		if (!data)
			return TB_ENOMEM;
		*buf = data;
		*cap = cap2;
	}
	tb_buf b = {*buf, *len, *cap, 0, 1};
	int st = S_text(&b, r, rec, flags);
	*buf = b.data;
	*cap = b.cap;
	*len = b.len;
	return st;
}

/* tb_xml_writer_put, but for its last error (at the end of the file). */
static int S_put(tb_xml_writer *x, const char *text, size_t len)
{
	if (x->failed)
		return TB_EIO;
	S_mark m = S_mark_here(x);
	/* A text as long as a flush goes to the file as it is, after what
	 * the buffer holds: copied into the buffer it would only be copied
	 * out again (xml -j N puts a part's records, 64 KiB and more). */
	int direct = len >= S_FLUSH_AT;
	tb_xw_raw(&x->w, text, direct ? 0 : len); /* closes <tgn ...> first */
	if (!S_kept(x, m))
		return TB_ENOMEM;
	if (direct) {
		S_flush(x);
		if (!x->failed && fwrite(text, 1, len, x->out) != len)
			x->failed = 1;
	} else if (x->buf.len >= S_FLUSH_AT) {
		S_flush(x);
	}
	return x->failed ? TB_EIO : 0;
}

/* ===== The public calls, with their last error (tablero.h, "Errors") ===== */

/* Sets the writer's last error from status 'rc' of a call on it. */
static int S_told(tb_xml_writer *x, int rc, const tb_record *rec)
{
	if (rc == TB_EINVAL && !rec)
		return tb_lasterr_set(&x->err, rc, "no record");
	if (rc == TB_EINVAL && (rec->errors || !rec->game))
		return tb_lasterr_set(&x->err, rc, "the record has errors, or no known game: "
		                      "nothing of it is written");
	if (rc == TB_EINVAL)
		return tb_lasterr_set(&x->err, rc, "the record holds text XML cannot carry "
		                      "[TB504]: nothing of it is written");
	if (rc == TB_EIO)
		return tb_lasterr_set(&x->err, rc, "writing the document failed");
	return rc ? tb_lasterr_set(&x->err, rc, NULL) : (tb_lasterr_clear(&x->err), 0);
}

int tb_xml_write_record(tb_xml_writer *x, tb_reader *r, const tb_record *rec)
{
	if (!x)
		return TB_EINVAL;
	return S_told(x, S_write_record(x, r, rec), rec);
}

int tb_xml_writer_put(tb_xml_writer *x, const char *text, size_t len)
{
	if (!x || (!text && len))
		return x ? tb_lasterr_set(&x->err, TB_EINVAL, "no text") : TB_EINVAL;
	return S_told(x, S_put(x, text, len), NULL);
}

int tb_xml_writer_errcode(const tb_xml_writer *x) { return tb_lasterr_code(x ? &x->err : NULL); }
const char *tb_xml_writer_errmsg(const tb_xml_writer *x)
{
	return tb_lasterr_msg(x ? &x->err : NULL);
}
