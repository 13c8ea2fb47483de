/*
 * marks.c -- author's marks (marks.h; spec/tgn.md 8.7): the commands'
 * text read into typed marks, and written back in canonical form.
 *
 *   command -> '[%' NAME blank+ item (blank* ',' blank* item)* blank* ']'
 *   item    -> COLOUR point                  (csl, cfl)
 *            | COLOUR point point            (cal: from, to)
 *            | COLOUR point ':' LABEL        (clb)
 */
#include "marks.h"

#include <stdio.h>
#include <string.h>

#include "tree.h"
#include "utf8.h"
#include "visit.h"

const char *const tb_mark_command[4] = {"cal", "csl", "cfl", "clb"};
const char tb_mark_letters[5] = "GRYB";
const char *const tb_mark_xml[4] = {"arrows", "circles", "shades", "labels"};

static int S_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* The kind of the command named at 's' (3 bytes), or -1. */
static int S_kind(const char *s)
{
	for (int k = 0; k < 4; k++)
		if (memcmp(s, tb_mark_command[k], 3) == 0)
			return k;
	return -1;
}

size_t tb_marks_find(const char *s, size_t n, size_t from)
{
	for (size_t i = from; i + 5 < n; i++)
		if (s[i] == '[' && s[i + 1] == '%' && S_kind(s + i + 2) >= 0 &&
		    (S_blank(s[i + 5]) || s[i + 5] == ']'))
			return i;
	return n;
}

static size_t S_fail(tb_mark_err *e, size_t at, size_t len, const char *msg)
{
	e->at = at;
	e->len = len ? len : 1;
	snprintf(e->msg, sizeof e->msg, "%s", msg);
	return 0;
}

/* The point a failed scan was about when it names one off the board
 * (a letter and a rank), for a note of the points alike; else 0. */
static tb_point S_off_point(const char *s, size_t n, size_t at)
{
	if (at >= n)
		return TB_PT_NONE;
	int f = (s[at] | 0x20) - 'a';
	unsigned r = 0, d = 0;
	for (size_t i = at + 1; i < n && s[i] >= '0' && s[i] <= '9' && d < 3; i++, d++)
		r = r * 10 + (unsigned)(s[i] - '0');
	if (f < 0 || f >= TB_MAX_FILES || !d || r < 1 || r > TB_MAX_RANKS)
		return TB_PT_NONE;
	return TB_PT(f, r - 1);
}

/* point, at s[*i]: a known point of the board. */
static int S_point(const char *s, size_t n, size_t *i, const tb_board *b, const char *title,
                   tb_point *pt, tb_mark_err *e)
{
	tb_syntax_err se = {0};
	tb_scan sc = {s, n, *i, b, title, &se, NULL};
	if (tb_scan_point_any(&sc, pt)) {
		S_fail(e, se.offset, se.len, se.msg);
		e->near = S_off_point(s, n, se.offset);
		return -1;
	}
	if (*pt == TB_PT_UNKNOWN) {
		S_fail(e, *i, 1, "a mark stands on a point of the board, not on '?'");
		return -1;
	}
	*i = sc.i;
	return 0;
}

/* LABEL, at s[*i]: 1 to TB_MARK_LABEL_MAX characters, none a blank, a
 * control, a bracket, a brace, a backslash or ','. */
static int S_label(const char *s, size_t n, size_t *i, tb_mark *m, tb_mark_err *e)
{
	size_t at = *i, chars = 0;
	while (*i < n && !S_blank(s[*i]) && s[*i] != ',' && s[*i] != ']') {
		uint32_t cp = 0;
		size_t len = tb_utf8_decode(s + *i, n - *i, &cp);
		if (!len || cp < 0x20 || cp == 0x7F || (cp < 0x80 && strchr("[{}\\", (int)cp))) {
			S_fail(e, *i, len ? len : 1, "a label holds no control, bracket, brace or backslash");
			return -1;
		}
		*i += len;
		chars++;
	}
	if (chars < 1 || chars > TB_MARK_LABEL_MAX) {
		S_fail(e, at, *i - at, "a label is 1 to 3 characters after its point and ':' (Gd5:A)");
		return -1;
	}
	memcpy(m->label, s + at, *i - at);
	m->label[*i - at] = '\0';
	return 0;
}

/* item, at s[*i], of a command of 'kind'. */
static int S_item(const char *s, size_t n, size_t *i, int kind, const tb_board *b,
                  const char *title, tb_mark *m, tb_mark_err *e)
{
	memset(m, 0, sizeof *m);
	m->kind = (uint8_t)kind;
	const char *c = *i < n && s[*i] ? strchr(tb_mark_letters, s[*i]) : NULL;
	if (!c) {
		S_fail(e, *i, *i < n ? tb_utf8_len_at(s + *i, n - *i) : 1,
		       "a mark begins with its colour: G (green), R (red), Y (yellow) or B (blue)");
		return -1;
	}
	m->colour = (uint8_t)(c - tb_mark_letters);
	++*i;
	size_t at = *i;
	if (S_point(s, n, i, b, title, &m->at, e))
		return -1;
	if (kind == TB_MARK_ARROW) {
		if (S_point(s, n, i, b, title, &m->to, e))
			return -1;
		if (m->to == m->at) {
			S_fail(e, at, *i - at, "an arrow runs from a point to another");
			return -1;
		}
	}
	if (kind == TB_MARK_LABEL) {
		if (*i >= n || s[*i] != ':') {
			S_fail(e, *i, 1, "a label follows its point after ':' (Gd5:A)");
			return -1;
		}
		++*i;
		return S_label(s, n, i, m, e);
	}
	return 0;
}

size_t tb_marks_read(const char *s, size_t n, const tb_board *b, const char *title,
                     tb_mark *out, unsigned *nout, unsigned cap, tb_mark_err *err)
{
	memset(err, 0, sizeof *err);
	unsigned start = *nout;
	int kind = n >= 5 ? S_kind(s + 2) : -1;
	if (kind < 0)
		return S_fail(err, 0, 1, "not a mark command");
	size_t i = 5;
	for (;;) {
		while (i < n && S_blank(s[i]))
			i++;
		if (i < n && s[i] == ']' && *nout == start) {
			*nout = start;
			return S_fail(err, 0, i + 1, "a mark command names one mark at least");
		}
		if (*nout >= cap) {
			*nout = start;
			return S_fail(err, i, 1, "more marks than a comment holds (64)");
		}
		if (S_item(s, n, &i, kind, b, title, &out[*nout], err)) {
			*nout = start;
			return 0;
		}
		++*nout;
		while (i < n && S_blank(s[i]))
			i++;
		if (i < n && s[i] == ']')
			return i + 1;
		if (i >= n || s[i] != ',') {
			*nout = start;
			return S_fail(err, i < n ? i : 0, i < n ? 1 : 2,
			              i < n ? "marks are separated by ',' and their command ends with ']'"
			                    : "a mark command ends with ']'");
		}
		i++;
	}
}

void tb_marks_sort(tb_mark *m, unsigned n)
{
	for (unsigned i = 1; i < n; i++) /* insertion: stable, and n is small */
		for (unsigned j = i; j > 0 && m[j - 1].kind > m[j].kind; j--) {
			tb_mark t = m[j];
			m[j] = m[j - 1];
			m[j - 1] = t;
		}
}

static void S_item_write(tb_buf *b, const tb_mark *m)
{
	tb_buf_putc(b, tb_mark_letters[m->colour & 3]);
	tb_point_write(b, m->at);
	if (m->kind == TB_MARK_ARROW)
		tb_point_write(b, m->to);
	if (m->kind == TB_MARK_LABEL) {
		tb_buf_putc(b, ':');
		tb_buf_puts(b, m->label);
	}
}

void tb_marks_write_kind(tb_buf *b, const tb_mark *m, unsigned n, int kind, char sep)
{
	int first = 1;
	for (unsigned i = 0; i < n; i++) {
		if (m[i].kind != kind)
			continue;
		if (!first)
			tb_buf_putc(b, sep);
		S_item_write(b, &m[i]);
		first = 0;
	}
}

void tb_marks_write(tb_buf *b, const tb_mark *m, unsigned n)
{
	int first = 1;
	for (int k = 0; k < 4; k++) {
		unsigned i = 0;
		while (i < n && m[i].kind != k)
			i++;
		if (i == n)
			continue;
		tb_buf_printf(b, "%s[%%%s ", first ? "" : " ", tb_mark_command[k]);
		tb_marks_write_kind(b, m, n, k, ',');
		tb_buf_putc(b, ']');
		first = 0;
	}
}

int tb_marks_equal(const tb_mark *a, unsigned na, const tb_mark *b, unsigned nb)
{
	if (na != nb)
		return 0;
	for (unsigned i = 0; i < na; i++)
		if (a[i].kind != b[i].kind || a[i].colour != b[i].colour || a[i].at != b[i].at ||
		    a[i].to != b[i].to || strcmp(a[i].label, b[i].label) != 0)
			return 0;
	return 1;
}

/* ===== The public accessors (tablero.h, "Author's marks") ===== */

static const tb_comment *S_nth(const tb_node *n, size_t i)
{
	const tb_comment *c = n ? n->comments : NULL;
	for (; c && i; i--)
		c = c->next;
	return c;
}

size_t tb_node_comment_nmarks(const tb_node *n, size_t i)
{
	const tb_comment *c = S_nth(n, i);
	return c ? c->nmarks : 0;
}

int tb_node_comment_mark(const tb_node *n, size_t i, size_t j, tb_mark_info *out)
{
	const tb_comment *c = S_nth(n, i);
	if (!c || j >= c->nmarks || !out)
		return TB_EINVAL;
	const tb_mark *m = &c->marks[j];
	out->kind = m->kind;
	out->colour = m->colour;
	out->file = TB_PT_FILE(m->at);
	out->rank = TB_PT_RANK(m->at);
	out->to_file = m->to ? TB_PT_FILE(m->to) : -1;
	out->to_rank = m->to ? TB_PT_RANK(m->to) : -1;
	out->label = m->label;
	return 0;
}

/* Reads 'text', mark commands separated by blanks, into m[*n..) against
 * the board of 'rec'. 0, or TB_ESYNTAX with the record's last error. */
static int S_commands(tb_record *rec, const char *text, tb_mark *m, unsigned *n)
{
	tb_board b;
	if (!rec->game || rec->game->board(&b, &rec->opts))
		return tb_tree_fail(rec, TB_ESYNTAX, "the record's board is not known: no point to mark");
	size_t len = strlen(text), at = 0;
	for (;;) {
		while (at < len && S_blank(text[at]))
			at++;
		if (at == len)
			return 0;
		if (tb_marks_find(text, len, at) != at)
			return tb_tree_fail(rec, TB_ESYNTAX, "'%.20s' is no mark command: [%%cal ...], "
			                    "[%%csl ...], [%%cfl ...] or [%%clb ...]", text + at);
		tb_mark_err e;
		size_t used = tb_marks_read(text + at, len - at, &b, rec->game->title, m, n,
		                            TB_MAX_MARKS, &e);
		if (!used)
			return tb_tree_fail(rec, TB_ESYNTAX, "cannot read mark '%.40s': %s", text + at,
			                    e.msg);
		at += used;
	}
}

int tb_node_set_comment_marks(tb_record *rec, tb_node *n, size_t i, const char *marks)
{
	tb_tree_path p;
	if (!rec)
		return TB_EINVAL;
	if (!tb_tree_locate_node(rec, n, &p))
		return tb_tree_fail(rec, TB_EFOREIGN, "the node is not in this record");
	tb_comment *c = n->comments;
	for (size_t k = i; c && k; k--)
		c = c->next;
	if (!c)
		return tb_tree_fail(rec, TB_EINVAL, "the node has no comment %zu", i);
	tb_mark m[TB_MAX_MARKS];
	unsigned nm = 0;
	int rc = S_commands(rec, marks ? marks : "", m, &nm);
	if (rc)
		return rc;
	tb_mark *kept = NULL;
	tb_marks_sort(m, nm);
	if (nm && !(kept = tb_arena_copy(&rec->arena, m, nm * sizeof *m)))
		return tb_tree_nomem(rec);
	c->marks = kept;
	c->nmarks = nm;
	rec->gen++;
	tb_tree_ok(rec);
	return 0;
}

size_t tb_node_comment_marks(const tb_node *n, size_t i, char *buf, size_t cap)
{
	const tb_comment *c = S_nth(n, i);
	tb_buf b = TB_BUF_SOFT;
	if (c)
		tb_marks_write(&b, c->marks, c->nmarks);
	size_t len = tb_buf_ok(&b) ? b.len : 0;
	if (cap)
		snprintf(buf, cap, "%.*s", (int)len, b.data ? b.data : "");
	tb_buf_free(&b);
	return len;
}

const tb_comment *tb_marks_first(const tb_record *rec)
{
	tb_visit v;
	tb_visit_init(&v, &rec->main);
	for (int ev; (ev = tb_visit_next(&v)) != TB_VISIT_DONE;)
		if (ev == TB_VISIT_COMMENT && v.comment->nmarks)
			return v.comment;
	return NULL;
}
