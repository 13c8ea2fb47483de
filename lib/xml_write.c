/*
 * xml_write.c -- records as tablero XML (spec/xml.md, schemas/tgn.rng),
 * written with libxml2's streaming writer.
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

#include <libxml/parser.h>
#include <libxml/xmlwriter.h>

#include "collate.h"
#include "diag.h"
#include "game.h"
#include "reader.h"
#include "xalloc.h"
#include "xml.h"

struct tb_xml_writer {
	xmlTextWriterPtr w;
	FILE *out;
	int flags;
	int failed;           /* a write failed: everything after is moot */
	int opened;           /* a record has been written: <tgn ...> is closed */
};

/* libxml2 writes through these, so that a failed write is ours to
 * report (libxml2 would print it) and is never missed at the end. */
static int S_out_write(void *ctx, const char *buf, int len)
{
	tb_xml_writer *x = ctx;
	if (len > 0 && fwrite(buf, 1, (size_t)len, x->out) != (size_t)len)
		x->failed = 1;
	return len; /* always "written": the failure is kept, not reported */
}

static int S_out_close(void *ctx)
{
	tb_xml_writer *x = ctx;
	if (fflush(x->out) != 0 || ferror(x->out))
		x->failed = 1;
	return 0;
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
	tb_xml_writer *x;
	const tb_record *rec;
	tb_board board;
	S_played *after;       /* sorted by where each turn is written */
	size_t nafter, cap;
	tb_arena arena;
	const tb_sigla *sigla; /* a collation's witnesses, or NULL */
} S_record;

/* ===== The writer ===== */

tb_xml_writer *tb_xml_writer_new(FILE *out, int flags)
{
	xmlInitParser(); /* once, before writers in other threads (idempotent) */
	tb_xml_writer *x = tb_xcalloc(1, sizeof *x);
	x->out = out;
	xmlOutputBufferPtr buf = xmlOutputBufferCreateIO(S_out_write, S_out_close, x, NULL);
	xmlTextWriterPtr w = buf ? xmlNewTextWriter(buf) : NULL; /* owns buf from here */
	if (!w) {
		if (buf)
			xmlOutputBufferClose(buf);
		free(x);
		return NULL;
	}
	x->w = w;
	x->flags = flags;
	xmlTextWriterSetIndent(w, 1);
	xmlTextWriterSetIndentString(w, BAD_CAST "  ");
	if (xmlTextWriterStartDocument(w, "1.0", "UTF-8", NULL) < 0 ||
	    xmlTextWriterStartElement(w, BAD_CAST "tgn") < 0 ||
	    xmlTextWriterWriteAttribute(w, BAD_CAST "xmlns", BAD_CAST TB_XML_NS) < 0 ||
	    xmlTextWriterWriteAttribute(w, BAD_CAST "version", BAD_CAST TB_XML_VERSION) < 0)
		x->failed = 1;
	return x;
}

int tb_xml_writer_end(tb_xml_writer *x)
{
	if (!x)
		return 0;
	if (xmlTextWriterEndDocument(x->w) < 0 || xmlTextWriterFlush(x->w) < 0)
		x->failed = 1;
	xmlFreeTextWriter(x->w); /* closes the output: S_out_close */
	int failed = x->failed;
	free(x);
	return failed ? TB_EIO : 0;
}

/* ===== Small pieces ===== */

static void S_check(S_record *s, int rc)
{
	if (rc < 0)
		s->x->failed = 1;
}

static void S_start(S_record *s, const char *name)
{
	S_check(s, xmlTextWriterStartElement(s->x->w, BAD_CAST name));
}

static void S_end(S_record *s)
{
	S_check(s, xmlTextWriterEndElement(s->x->w));
}

static void S_attr(S_record *s, const char *name, const char *value)
{
	S_check(s, xmlTextWriterWriteAttribute(s->x->w, BAD_CAST name, BAD_CAST value));
}

static void S_attr_u(S_record *s, const char *name, unsigned long v)
{
	char num[24];
	snprintf(num, sizeof num, "%lu", v);
	S_attr(s, name, num);
}

static void S_attr_pt(S_record *s, const char *name, tb_point p)
{
	tb_buf b = TB_BUF_INIT;
	tb_point_write(&b, p);
	S_attr(s, name, b.data);
	tb_buf_free(&b);
}

/* line, col, end-line, end-col, with TB_XML_SOURCEPOS. */
static void S_span(S_record *s, const tb_span *sp)
{
	if (!(s->x->flags & TB_XML_SOURCEPOS) || !sp->line)
		return;
	S_attr_u(s, "line", sp->line);
	S_attr_u(s, "col", sp->col);
	S_attr_u(s, "end-line", sp->end_line);
	S_attr_u(s, "end-col", sp->end_col);
}

static void S_comments(S_record *s, const tb_comment *c)
{
	for (; c; c = c->next) {
		S_start(s, "comment");
		if (c->lang)
			S_attr(s, "xml:lang", c->lang);
		S_span(s, &c->span);
		S_check(s, xmlTextWriterWriteString(s->x->w, BAD_CAST c->text));
		S_end(s);
	}
}

/* ===== Turns ===== */

static const char *S_part_name(const tb_move *m, unsigned i)
{
	switch (m->parts[i].kind) {
	case TB_PART_AT: /* "from" when the piece goes somewhere, else "place" */
		for (unsigned j = i + 1; j < m->nparts; j++)
			if (m->parts[j].kind == TB_PART_STEP || m->parts[j].kind == TB_PART_HOP ||
			    m->parts[j].kind == TB_PART_CAPTURE)
				return "from";
		return "place";
	case TB_PART_STEP: return "step";
	case TB_PART_HOP: return "hop";
	case TB_PART_CAPTURE: return "capture";
	case TB_PART_REMOVE: return "remove";
	case TB_PART_PUSH: return "push";
	case TB_PART_RELOCATE: return "relocate";
	default: return "huff";
	}
}

/* The token, the crown marker and the parts of a move. */
static void S_move_body(S_record *s, const tb_move *m)
{
	tb_buf tok = TB_BUF_INIT;
	tb_move_write(&tok, m);
	S_attr(s, "token", tok.data);
	tb_buf_free(&tok);
	if (m->crown)
		S_attr(s, "crown", m->crown == 2 ? "stage" : "crowned");
	tb_point at = TB_PT_NONE;
	for (unsigned i = 0; i < m->nparts; i++) {
		const tb_part *p = &m->parts[i];
		const char *name = S_part_name(m, i);
		S_start(s, name);
		int lands = p->kind == TB_PART_STEP || p->kind == TB_PART_HOP ||
		            p->kind == TB_PART_CAPTURE || p->kind == TB_PART_PUSH ||
		            p->kind == TB_PART_RELOCATE;
		S_attr_pt(s, lands ? "to" : "point", p->pt);
		tb_point over = p->kind == TB_PART_CAPTURE && s->rec->game->captured &&
		                        at != TB_PT_NONE && at != TB_PT_UNKNOWN && p->pt != TB_PT_UNKNOWN
		                    ? s->rec->game->captured(at, p->pt) : TB_PT_NONE;
		if (over != TB_PT_NONE)
			S_attr_pt(s, "captured", over);
		S_end(s);
		if (p->kind == TB_PART_AT || p->kind == TB_PART_STEP || p->kind == TB_PART_HOP ||
		    p->kind == TB_PART_CAPTURE)
			at = p->pt; /* where the moving piece now is */
	}
}

static void S_number(S_record *s, const tb_node *n)
{
	S_attr_u(s, "n", n->number);
	S_attr(s, "side", n->side == 0 ? "first" : n->side == 1 ? "second" : "unknown");
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
	tb_syntax_err err = {0, 1, ""};
	tb_position *p = tb_position_parse(s->rec->game, &s->board, a->position, &ar, &err);
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
		S_attr(s, "kind", e->kind);
		if (e->point)
			S_attr(s, "point", e->point);
		if (e->to)
			S_attr(s, "to", e->to);
		if (strcmp(e->kind, "fortress") == 0)
			S_attr_u(s, "count", e->count);
		S_end(s);
	}
	S_end(s);
}

static void S_line(S_record *s, const tb_line *line);

/* The sigla of 'set', space-separated, into 'b'. */
static void S_sigla(S_record *s, tb_buf *b, uint32_t set)
{
	tb_buf_clear(b);
	for (size_t i = 0; i < s->sigla->n; i++)
		if (set >> i & 1)
			tb_buf_printf(b, "%s%s", b->len ? " " : "", s->sigla->s[i]);
}

/* One alternative of a reading: what it is, its witnesses when it is a
 * collation's (the comment naming them, as attributes), then its
 * comments. */
static void S_alt(S_record *s, const tb_alt *alt)
{
	static const char *const kinds[] = {"move", "pass", "unknown", "", "gap", "position",
	                                    "omitted"};
	S_start(s, "alt");
	S_span(s, &alt->span);
	S_attr(s, "kind", kinds[alt->kind]);
	if (alt->reconstructed)
		S_attr(s, "reconstructed", "true");
	const tb_comment *c = alt->comments;
	uint32_t set, own;
	if (s->sigla && tb_alt_witnesses(s->sigla, alt, &set, &own)) {
		tb_buf b = TB_BUF_INIT;
		S_sigla(s, &b, set);
		S_attr(s, "wit", b.data);
		if (own) {
			S_sigla(s, &b, own);
			S_attr(s, "own", b.data);
		}
		tb_buf_free(&b);
		c = c->next;
	}
	if (alt->kind == TB_NODE_MOVE) {
		S_move_body(s, &alt->move);
	} else if (alt->kind == TB_NODE_GAP) {
		if (alt->gap_min >= 0)
			S_attr_u(s, "min", (unsigned long)alt->gap_min);
		if (alt->gap_max > alt->gap_min)
			S_attr_u(s, "max", (unsigned long)alt->gap_max);
	} else if (alt->kind == TB_NODE_POSITION) {
		tb_buf b = TB_BUF_INIT;
		tb_position_write(&b, s->rec->game, alt->position);
		S_attr(s, "notation", b.data);
		tb_buf_free(&b);
	}
	S_comments(s, c);
	S_end(s);
}

static void S_node(S_record *s, const tb_node *n)
{
	static const char *const names[] = {"move", "pass", "unknown", "reading", "gap",
	                                    "position"};
	S_start(s, names[n->kind]);
	switch (n->kind) {
	case TB_NODE_MOVE:
		S_number(s, n);
		if (n->reconstructed)
			S_attr(s, "reconstructed", "true");
		S_span(s, &n->span);
		S_move_body(s, &n->move);
		break;
	case TB_NODE_READING:
		S_number(s, n);
		S_span(s, &n->span);
		for (unsigned i = 0; i < n->nalts; i++)
			S_alt(s, &n->alts[i]);
		break;
	case TB_NODE_GAP:
		if (n->gap_min >= 0)
			S_attr_u(s, "min", (unsigned long)n->gap_min);
		if (n->gap_max > n->gap_min)
			S_attr_u(s, "max", (unsigned long)n->gap_max);
		S_span(s, &n->span);
		break;
	case TB_NODE_POSITION: {
		tb_buf b = TB_BUF_INIT;
		tb_position_write(&b, s->rec->game, n->position);
		S_attr(s, "notation", b.data);
		tb_buf_free(&b);
		S_span(s, &n->span);
		break;
	}
	default: /* pass, unknown */
		S_number(s, n);
		if (n->reconstructed)
			S_attr(s, "reconstructed", "true");
		S_span(s, &n->span);
		break;
	}
	for (unsigned i = 0; i < n->nnags; i++) {
		S_start(s, "nag");
		S_attr_u(s, "code", n->nags[i]);
		S_end(s);
	}
	S_comments(s, n->comments);
	for (const tb_line *v = n->variations; v; v = v->next) {
		S_start(s, "variation");
		S_line(s, v);
		S_end(s);
	}
	S_write_after(s, n);
	S_end(s);
}

static void S_line(S_record *s, const tb_line *line)
{
	S_span(s, &line->span);
	S_comments(s, line->lead);
	for (const tb_node *n = line->first; n; n = n->next)
		S_node(s, n);
}

/* ===== Records ===== */

/* Keeps what validation says about each turn (TB_XML_POSITIONS). */
static void S_collect(void *ctx, const tb_turn_report *t)
{
	S_record *s = ctx;
	if (s->nafter == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 64;
		s->after = tb_xrealloc(s->after, s->cap * sizeof *s->after);
	}
	S_played *a = &s->after[s->nafter++];
	a->line = t->line;
	a->col = t->col;
	a->position = tb_arena_strndup(&s->arena, t->position, strlen(t->position));
	a->nevents = t->nevents;
	a->ev = tb_arena_alloc(&s->arena, (t->nevents ? t->nevents : 1) * sizeof *a->ev);
	for (size_t i = 0; i < t->nevents; i++) {
		const tb_turn_event *e = &t->ev[i];
		a->ev[i] = (tb_turn_event){e->kind, /* static */
		                           e->point ? tb_arena_strndup(&s->arena, e->point, strlen(e->point)) : NULL,
		                           e->to ? tb_arena_strndup(&s->arena, e->to, strlen(e->to)) : NULL,
		                           e->count};
	}
}

/* Is 's' a language tag (BCP 47's shape: "es", "es-MX", "ar")? */
static int S_language(const char *s)
{
	size_t run = 0;
	for (const char *p = s;; p++) {
		if (*p == '-' || !*p) {
			if (run == 0 || run > 8 || (p - s == (ptrdiff_t)run && (run < 2 || run > 3)))
				return 0; /* the first subtag: two or three letters */
			if (!*p)
				return 1;
			run = 0;
		} else if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		           (p - s > (ptrdiff_t)run && *p >= '0' && *p <= '9')) {
			run++;
		} else {
			return 0;
		}
	}
}

/* 'name' (a file's: any bytes) as an attribute, U+FFFD for what XML
 * cannot carry (xmltext.c). */
static void S_attr_name(S_record *s, const char *attr, const char *name)
{
	char *fit = tb_xml_fit_name(name);
	S_attr(s, attr, fit);
	free(fit);
}

int tb_xml_write_record(tb_xml_writer *x, tb_reader *r, const tb_record *rec)
{
	if (!rec || rec->errors || !rec->game)
		return TB_EINVAL;
	if (x->failed)
		return TB_EIO;
	if (tb_reader_xml_refuse(r, rec, "the record is left out of the XML"))
		return TB_EINVAL;
	tb_sigla sigla;
	S_record s = {x, rec, {0}, NULL, 0, 0, {0}, NULL};
	s.sigla = tb_sigla_read(rec, &sigla) > 0 ? &sigla : NULL;
	rec->game->board(&s.board, &rec->opts);
	if (x->flags & TB_XML_POSITIONS) {
		tb_reader_validate(r, rec, S_collect, &s);
		if (s.nafter) /* qsort wants an array, even of none */
			qsort(s.after, s.nafter, sizeof *s.after, S_played_cmp);
	}
	x->opened = 1;
	S_start(&s, "record");
	S_attr(&s, "game", rec->game->name);
	const char *lang = tb_record_tag(rec, "Language");
	if (lang && S_language(lang)) /* the records' comments inherit it */
		S_attr(&s, "xml:lang", lang);
	if (x->flags & TB_XML_SOURCEPOS) {
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
	S_line(&s, &rec->main);
	S_end(&s);
	S_start(&s, "result");
	S_check(&s, xmlTextWriterWriteString(x->w, BAD_CAST tb_result_text[rec->result]));
	S_end(&s);
	S_comments(&s, rec->trail);
	S_end(&s);
	free(s.after);
	tb_arena_free(&s.arena);
	return x->failed ? TB_EIO : 0;
}

/* ===== A record's XML apart from its document ===== */

/* When a record has been written, <tgn ...> is closed (">" and, with
 * indentation, a newline) and every later record adds the same bytes;
 * so a record is written into a document of its own after that point,
 * and those bytes are its text. */
char *tb_xml_record_text(tb_reader *r, const tb_record *rec, int flags, size_t *len,
                         int *status)
{
	char *buf = NULL;
	size_t n = 0, mark = 0, end = 0;
	*len = 0;
	*status = TB_EIO;
	FILE *f = open_memstream(&buf, &n);
	if (!f)
		return NULL;
	tb_xml_writer *x = tb_xml_writer_new(f, flags);
	if (x && xmlTextWriterWriteRaw(x->w, BAD_CAST "\n") >= 0 &&
	    xmlTextWriterFlush(x->w) >= 0 && fflush(f) == 0 && !x->failed) {
		x->opened = 1;
		mark = n;
		int st = tb_xml_write_record(x, r, rec);
		if (xmlTextWriterFlush(x->w) < 0 || fflush(f) != 0)
			x->failed = 1;
		*status = st ? st : x->failed ? TB_EIO : 0;
		end = n;
	}
	tb_xml_writer_end(x); /* its </tgn> is not the record's */
	if (fclose(f) != 0 && *status == 0)
		*status = TB_EIO;
	if (*status != 0 || !buf) {
		free(buf);
		return NULL;
	}
	memmove(buf, buf + mark, end - mark);
	buf[end - mark] = '\0';
	*len = end - mark;
	return buf;
}

int tb_xml_writer_put(tb_xml_writer *x, const char *text, size_t len)
{
	if (x->failed)
		return TB_EIO;
	if (!x->opened && xmlTextWriterWriteRaw(x->w, BAD_CAST "\n") < 0)
		x->failed = 1;
	x->opened = 1;
	while (!x->failed && len > 0) {
		int n = len > 1u << 30 ? 1 << 30 : (int)len;
		if (xmlTextWriterWriteRawLen(x->w, BAD_CAST text, n) < 0)
			x->failed = 1;
		text += n;
		len -= (size_t)n;
	}
	return x->failed ? TB_EIO : 0;
}
