/*
 * collate_witness.c -- what a collation says of its witnesses (collate.h;
 * spec/compare.md, "Collating witnesses"): the sigla, the comments that
 * name witnesses or say whose a comment, a tag's value, a turn's NAGs
 * or the result is, and a witness read back out of a collation by them;
 * and a witness's line checked by the rules.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "collate.h"
#include "diag.h"
#include "evidence.h"
#include "reader.h"
#include "utf8.h"
#include "writer.h"
#include "xalloc.h"

/* ===== Sigla and the comments that name witnesses ===== */

static int S_siglum_char(unsigned char c)
{
	return c >= 0x80 || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') ||
	       (c >= 'a' && c <= 'z') || c == '_' || c == '-' || c == '.';
}

/* Is s[0..n) a siglum: 1 to 32 bytes of letters of any script, digits,
 * '_', '-' and '.', the first a letter or a digit? */
int tb_siglum_ok(const char *s, size_t n)
{
	if (n == 0 || n > TB_SIGLUM_MAX || !tb_utf8_ok(s, n) || s[0] == '_' || s[0] == '-' ||
	    s[0] == '.')
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!S_siglum_char((unsigned char)s[i]))
			return 0;
	return 1;
}

/* The index of siglum s[0..n) in 'd', or -1. */
int tb_sigla_find(const tb_sigla *d, const char *s, size_t n)
{
	for (size_t i = 0; i < d->n; i++)
		if (strlen(d->s[i]) == n && memcmp(d->s[i], s, n) == 0)
			return (int)i;
	return -1;
}

/* Adds siglum s[0..n) to 'd'; 0, or -1 when it is no siglum, is there
 * already or 'd' is full. */
int tb_sigla_add(tb_sigla *d, const char *s, size_t n)
{
	if (d->n == TB_COLLATE_MAX || !tb_siglum_ok(s, n) || tb_sigla_find(d, s, n) >= 0)
		return -1;
	memcpy(d->buf[d->n], s, n);
	d->buf[d->n][n] = '\0';
	d->s[d->n] = d->buf[d->n];
	d->n++;
	return 0;
}

/* Reads "A, B?, C", the whole of s[0..n): sigla of 'd', each once, a '?'
 * after one only when 'own' is not NULL. Sets '*set' (and '*own') to
 * their bits; returns 1, or 0 when s is no such list. */
int tb_sigla_list(const tb_sigla *d, const char *s, size_t n, uint32_t *set, uint32_t *own)
{
	*set = 0;
	if (own)
		*own = 0;
	for (size_t i = 0;;) {
		size_t j = i;
		while (j < n && s[j] != ',')
			j++;
		size_t end = j;
		int q = own && end > i && s[end - 1] == '?';
		end -= (size_t)q;
		int k = tb_sigla_find(d, s + i, end - i);
		if (k < 0 || (*set >> k & 1))
			return 0;
		*set |= 1u << k;
		if (q)
			*own |= 1u << k;
		if (j == n)
			return 1;
		if (j + 1 >= n || s[j + 1] != ' ')
			return 0;
		i = j + 2;
	}
}

/* Appends the sigla of 'set' in order, ", " between them, each with '?'
 * when in 'own'. */
void tb_sigla_write(tb_buf *b, const tb_sigla *d, uint32_t set, uint32_t own)
{
	const char *sep = "";
	for (size_t i = 0; i < d->n; i++)
		if (set >> i & 1) {
			tb_buf_printf(b, "%s%s%s", sep, d->s[i], own >> i & 1 ? "?" : "");
			sep = ", ";
		}
}

/* Reads an attributed comment, "A, B: text" (or "A:" for an empty
 * one): its witnesses into '*set', where its text starts into '*rest'.
 * Returns 1, or 0 when 'text' is not attributed. */
int tb_attributed(const tb_sigla *d, const char *text, uint32_t *set, const char **rest)
{
	const char *colon = strchr(text, ':');
	if (!colon || (colon[1] && colon[1] != ' ') ||
	    !tb_sigla_list(d, text, (size_t)(colon - text), set, NULL))
		return 0;
	*rest = colon[1] ? colon + 2 : colon + 1;
	return 1;
}

/* Is 'text' a note of the collation's, "illegal in A, B: why"? */
int tb_collation_note(const tb_sigla *d, const char *text)
{
	uint32_t set;
	const char *rest;
	return strncmp(text, TB_ILLEGAL_IN, strlen(TB_ILLEGAL_IN)) == 0 &&
	       tb_attributed(d, text + strlen(TB_ILLEGAL_IN), &set, &rest);
}

static int S_digit(char c) { return c >= '0' && c <= '9'; }

/* Reads the NAGs an attributed comment gives a turn, "NAG $1 $14", into
 * nags[] ('*n' of them); 1, or 0 when 'rest' is not that. */
int tb_collation_nag_form(const char *rest, uint8_t *nags, unsigned *n)
{
	*n = 0;
	if (strncmp(rest, "NAG", 3) != 0)
		return 0;
	for (const char *p = rest + 3; *p;) {
		if (p[0] != ' ' || p[1] != '$' || !S_digit(p[2]) || *n == TB_MAX_NAGS)
			return 0;
		unsigned v = 0;
		for (p += 2; S_digit(*p) && v <= 255; p++)
			v = v * 10 + (unsigned)(*p - '0');
		if (v > 255)
			return 0;
		nags[(*n)++] = (uint8_t)v;
	}
	return *n > 0;
}

/* Reads what an attributed comment on tag 'name' says the witnesses
 * have: 1 with the value unescaped into 'b' (for '[Name "value"]'), 2
 * for no such tag ("no [Name]"), 0 when 'rest' is neither. */
int tb_collation_tag_form(const char *rest, const char *name, tb_buf *b)
{
	size_t nl = strlen(name);
	if (strncmp(rest, "no [", 4) == 0 && strncmp(rest + 4, name, nl) == 0 &&
	    strcmp(rest + 4 + nl, "]") == 0)
		return 2;
	if (rest[0] != '[' || strncmp(rest + 1, name, nl) != 0 || strncmp(rest + 1 + nl, " \"", 2))
		return 0;
	const char *p = rest + 3 + nl;
	tb_buf_clear(b);
	tb_buf_puts(b, "");
	for (; *p && *p != '"'; p++) {
		if (*p == '\\' && (p[1] == '"' || p[1] == '\\'))
			p++;
		tb_buf_putc(b, *p);
	}
	return strcmp(p, "\"]") == 0 && b->len > 0;
}

/* Reads a result an attributed comment after the result gives, "*". */
static int S_result_form(const char *rest, tb_result *res)
{
	for (int i = TB_RESULT_FIRST; i <= TB_RESULT_OTHER; i++)
		if (strcmp(rest, tb_result_text[i]) == 0) {
			*res = (tb_result)i;
			return 1;
		}
	return 0;
}

int tb_sigla_read(const tb_record *rec, tb_sigla *d)
{
	d->n = 0;
	const char *v = tb_record_tag(rec, "Collation");
	if (!v)
		return 0;
	for (const char *p = v;;) {
		const char *e = strchr(p, ',');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		if (tb_sigla_add(d, p, n))
			return -1;
		if (!e)
			return 1;
		if (e[1] != ' ')
			return -1;
		p = e + 2;
	}
}

int tb_alt_witnesses(const tb_sigla *d, const tb_alt *a, uint32_t *set, uint32_t *own)
{
	const tb_comment *c = a->comments;
	return c && !c->lang && tb_sigla_list(d, c->text, strlen(c->text), set, own);
}

int tb_collation_reading(const tb_sigla *d, const tb_node *n)
{
	uint32_t set, own;
	for (unsigned i = 0; n->kind == TB_NODE_READING && i < n->nalts; i++)
		if (tb_alt_witnesses(d, &n->alts[i], &set, &own))
			return 1;
	return 0;
}

/* ===== Reading a witness out of a collation ===== */

/* What witness 'x' has at node 'n' of a collation. */
typedef struct S_view {
	int present;             /* something: a node, or an alternative that is not "omitted" */
	const tb_node *node;     /* the node as it stands (every witness has it) */
	unsigned alt[16];        /* else its alternatives of the reading, in order */
	unsigned nalt;
	int own;                 /* those are a reading of its own */
} S_view;

static void S_view_of(const tb_sigla *d, const tb_node *n, size_t x, S_view *v)
{
	memset(v, 0, sizeof *v);
	if (!tb_collation_reading(d, n)) {
		v->present = 1;
		v->node = n;
		return;
	}
	for (unsigned i = 0; i < n->nalts; i++) {
		uint32_t set, own;
		if (tb_alt_witnesses(d, &n->alts[i], &set, &own) && (set >> x & 1)) {
			v->alt[v->nalt++] = i;
			v->own |= (int)(own >> x & 1);
		}
	}
	if (!v->nalt) /* not named: it reads what the record follows */
		v->alt[v->nalt++] = 0;
	v->own |= v->nalt > 1;
	v->present = v->own || n->alts[v->alt[0]].kind != TB_NODE_OMITTED;
}

/* Appends comment 'c' with its text 'text', and its links. */
static void S_put_comment(tb_buf *b, const char *text, const tb_comment *c)
{
	tb_buf_putc(b, ' ');
	tb_write_comment(b, text, c->lang);
	tb_ev_write(b, c->evidence);
}

/* Is comment 'c' (attributed, its text from 'rest') a node's links
 * for its witnesses, "A, B: @" @...? */
static int S_links_form(const tb_comment *c, const char *rest)
{
	return !c->lang && c->evidence && strcmp(rest, TB_LINKS_FORM) == 0;
}

/* Appends the comments of list 'c' (at place 'pl') that are witness
 * 'x''s: those not attributed, and those attributed to it, without the
 * attribution; never the collation's own notes. */
static void S_comments_for(tb_buf *b, const tb_sigla *d, size_t x, const tb_comment *c, int pl,
                           const char *tag)
{
	tb_buf scratch = TB_BUF_SOFT;
	for (; c; c = c->next) {
		uint32_t set;
		const char *rest;
		uint8_t nags[TB_MAX_NAGS];
		unsigned nn;
		tb_result res;
		if (tb_collation_note(d, c->text))
			continue;
		if (!tb_attributed(d, c->text, &set, &rest)) {
			S_put_comment(b, c->text, c);
			continue;
		}
		if (!(set >> x & 1) || (pl == TB_AT_NODE && !c->lang && tb_collation_nag_form(rest, nags, &nn)) ||
		    (pl == TB_AT_NODE && S_links_form(c, rest)) ||
		    (pl == TB_AT_TAG && !c->lang && tb_collation_tag_form(rest, tag, &scratch)) ||
		    (pl == TB_AT_TRAIL && !c->lang && S_result_form(rest, &res)))
			continue;
		S_put_comment(b, rest, c);
	}
	if (!tb_buf_ok(&scratch)) /* a form may have been misread */
		tb_buf_fail(b);
	tb_buf_free(&scratch);
}

/* The NAGs witness 'x' gives node 'n': those an attributed comment
 * gives it when the node has such comments, else the node's. */
static void S_nags_for(tb_buf *b, const tb_sigla *d, size_t x, const tb_node *n)
{
	int forms = 0;
	for (const tb_comment *c = n->comments; c; c = c->next) {
		uint32_t set;
		const char *rest;
		uint8_t nags[TB_MAX_NAGS];
		unsigned nn;
		if (c->lang || !tb_attributed(d, c->text, &set, &rest) || !tb_collation_nag_form(rest, nags, &nn))
			continue;
		forms = 1;
		for (unsigned i = 0; (set >> x & 1) && i < nn; i++)
			tb_buf_printf(b, " $%u", nags[i]);
	}
	for (unsigned i = 0; !forms && i < n->nnags; i++)
		tb_buf_printf(b, " $%u", n->nags[i]);
}

/* Appends variation 'v' alone, " (...)", without its first 'skip' lead
 * comments. */
void tb_write_variation(tb_buf *b, const tb_game *g, const tb_line *v, int skip)
{
	tb_line one = *v;
	one.next = NULL;
	if (skip)
		one.lead = one.lead->next;
	tb_node host;
	memset(&host, 0, sizeof host);
	host.variations = &one;
	tb_write_node(b, g, &host, TB_WRITE_NOTES);
}

/* The witnesses variation 'v' is attributed to: its first comment, a
 * list of sigla. */
int tb_variation_witnesses(const tb_sigla *d, const tb_line *v, uint32_t *set)
{
	const tb_comment *c = v->lead;
	return c && !c->lang && tb_sigla_list(d, c->text, strlen(c->text), set, NULL);
}

/* The evidence links witness 'x' gives node 'n': those a links comment
 * (TB_LINKS_FORM) of its gives it when the node has such comments, else
 * the node's. */
static void S_links_for(tb_buf *b, const tb_sigla *d, size_t x, const tb_node *n)
{
	int forms = 0;
	for (const tb_comment *c = n->comments; c; c = c->next) {
		uint32_t set;
		const char *rest;
		if (!tb_attributed(d, c->text, &set, &rest) || !S_links_form(c, rest))
			continue;
		forms = 1;
		if (set >> x & 1)
			tb_ev_write(b, c->evidence);
	}
	if (!forms)
		tb_ev_write(b, n->evidence);
}

static void S_notes_for(tb_buf *b, const tb_sigla *d, size_t x, const tb_game *g,
                        const tb_node *n)
{
	S_nags_for(b, d, x, n);
	S_links_for(b, d, x, n);
	S_comments_for(b, d, x, n->comments, TB_AT_NODE, NULL);
	for (const tb_line *v = n->variations; v; v = v->next) {
		uint32_t set;
		int named = tb_variation_witnesses(d, v, &set);
		if (!named || (set >> x & 1))
			tb_write_variation(b, g, v, named);
	}
}

/* Appends alternative 'a' as the node it is in a line of its own: "d2",
 * "<reconstructed d2>", "<gap 2>", "<position \"...\">" -- without the
 * alternative's links, which are those of the witnesses whose own
 * reading it is: this witness's node's links follow (S_links_for). */
static void S_alt_as_node(tb_buf *b, const tb_game *g, const tb_alt *a)
{
	int angle = a->kind == TB_NODE_GAP || a->kind == TB_NODE_POSITION || a->reconstructed;
	if (angle)
		tb_buf_putc(b, '<');
	tb_write_alt(b, g, a);
	if (angle)
		tb_buf_putc(b, '>');
}

/* What the line follows at view 'v': a turn, a gap, a position. */
static uint8_t S_view_kind(const tb_node *n, const S_view *v)
{
	if (v->node)
		return tb_node_followed(n);
	return n->alts[v->alt[0]].kind;
}

/* Appends node 'n' of the collation as witness 'x' has it; '*known' is
 * whether its count is known before it (and after it, on return). */
static void S_node_for(tb_buf *b, const tb_sigla *d, size_t x, const tb_game *g,
                       const tb_node *n, int *known)
{
	S_view v;
	S_view_of(d, n, x, &v);
	if (!v.present)
		return;
	uint8_t k = S_view_kind(n, &v);
	tb_buf_putc(b, ' ');
	if (tb_kind_is_turn(k) && !*known && n->side < 2)
		tb_buf_printf(b, "%u%s ", n->number, n->side ? "..." : ".");
	if (tb_kind_is_turn(k) || k == TB_NODE_POSITION) {
		*known = 1;
	} else if (k == TB_NODE_GAP) { /* a gap of unknown length: the count is lost */
		long lo = v.node ? n->gap_min : n->alts[v.alt[0]].gap_min;
		long hi = v.node ? n->gap_max : n->alts[v.alt[0]].gap_max;
		*known = *known && lo >= 0 && lo == hi;
	}
	if (v.node && n->kind != TB_NODE_READING) {
		tb_write_node(b, g, n, TB_WRITE_BODY);
	} else if (v.node || v.own) {
		tb_buf_putc(b, '<');
		for (unsigned i = 0; i < (v.node ? n->nalts : v.nalt); i++) {
			const tb_alt *a = &n->alts[v.node ? i : v.alt[i]];
			tb_buf_puts(b, i ? " | " : "");
			tb_write_alt(b, g, a);
			tb_ev_write(b, a->evidence);
			S_comments_for(b, d, x, v.node ? a->comments : a->comments->next,
			               v.node && !i ? TB_AT_ALT_FIRST : TB_AT_ALT, NULL);
		}
		tb_buf_putc(b, '>');
	} else {
		S_alt_as_node(b, g, &n->alts[v.alt[0]]);
	}
	S_notes_for(b, d, x, g, n);
}

/* Appends the tags of collation 'rec' as witness 'x' has them. */
static void S_tags_for(tb_buf *b, const tb_sigla *d, size_t x, const tb_record *rec)
{
	tb_buf val = TB_BUF_SOFT;
	for (size_t i = 0; i < rec->ntags; i++) {
		const tb_tag *t = &rec->tags[i];
		if (strcmp(t->name, "Collation") == 0)
			continue;
		const char *value = t->value;
		int absent = 0;
		for (const tb_comment *c = t->comments; c; c = c->next) {
			uint32_t set;
			const char *rest;
			int form;
			if (!c->lang && tb_attributed(d, c->text, &set, &rest) && (set >> x & 1) &&
			    (form = tb_collation_tag_form(rest, t->name, &val)) != 0) {
				absent = form == 2;
				value = form == 1 ? val.data : value;
				break;
			}
		}
		if (!tb_buf_ok(&val)) { /* a form may have been misread */
			tb_buf_fail(b);
			break;
		}
		if (absent)
			continue;
		tb_buf_printf(b, "[%s \"", t->name);
		tb_write_escaped(b, value, "\"\\");
		tb_buf_puts(b, "\"]");
		S_comments_for(b, d, x, t->comments, TB_AT_TAG, t->name);
		tb_buf_putc(b, '\n');
	}
	tb_buf_free(&val);
}

/* The result witness 'x' ends with. */
static tb_result S_result_for(const tb_sigla *d, size_t x, const tb_record *rec)
{
	for (const tb_comment *c = rec->trail; c; c = c->next) {
		uint32_t set;
		const char *rest;
		tb_result res;
		if (!c->lang && tb_attributed(d, c->text, &set, &rest) && (set >> x & 1) &&
		    S_result_form(rest, &res))
			return res;
	}
	return rec->result;
}

/* Witness 'x' of collation 'rec' as TGN (not yet canonical). */
static void S_witness_text(tb_buf *b, const tb_record *rec, const tb_sigla *d, size_t x)
{
	size_t at = b->len;
	S_comments_for(b, d, x, rec->lead, TB_AT_LEAD, NULL);
	if (b->len > at)
		tb_buf_putc(b, '\n');
	S_tags_for(b, d, x, rec);
	tb_buf_putc(b, '\n');
	at = b->len;
	S_comments_for(b, d, x, rec->main.lead, TB_AT_LEAD, NULL);
	if (b->len > at)
		tb_buf_putc(b, '\n');
	int known = 1;
	for (const tb_node *n = rec->main.first; n; n = n->next)
		S_node_for(b, d, x, rec->game, n, &known);
	tb_buf_printf(b, "\n%s", tb_result_text[S_result_for(d, x, rec)]);
	S_comments_for(b, d, x, rec->trail, TB_AT_TRAIL, NULL);
	tb_buf_putc(b, '\n');
}

char *tb_collation_witness_text(const tb_record *rec, const tb_sigla *d, size_t x, size_t *len)
{
	tb_buf b = TB_BUF_SOFT;
	S_witness_text(&b, rec, d, x);
	return tb_buf_detach(&b, len);
}

tb_record *tb_record_read_text(const tb_buf *t, const char *name, tb_reader **rp)
{
	tb_reader *r = tb_buf_ok(t) ? tb_reader_new_mem(t->data ? t->data : "", t->len, name) : NULL;
	tb_record *rec = NULL;
	*rp = r;
	int rc = r ? tb_reader_next(r, &rec) : TB_ENOMEM;
	if (rc == TB_ENOMEM) { /* out of memory: no reader */
		tb_reader_free(r);
		*rp = NULL;
		return NULL;
	}
	if (rc != 1 || tb_record_errors(rec)) {
		tb_record_free(rec);
		return NULL;
	}
	return rec;
}

void tb_reader_first_error(tb_buf *b, const tb_reader *r)
{
	if (!r) { /* memory ran out (tb_record_read_text) */
		tb_buf_fail(b);
		return;
	}
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		const tb_diag *g = tb_reader_diag(r, i);
		if (g->severity == TB_ERROR) {
			tb_buf_printf(b, "%s", g->message);
			return;
		}
	}
	tb_buf_puts(b, "it is not one record");
}

char *tb_collation_witness_canon(const tb_record *rec, const tb_sigla *d, size_t x, size_t *len,
                       tb_buf *why)
{
	tb_buf t = TB_BUF_SOFT;
	tb_reader *r;
	S_witness_text(&t, rec, d, x);
	tb_record *w = tb_record_read_text(&t, d->s[x], &r);
	char *out = w ? tb_record_write_counted(w, len) : NULL;
	if (!w)
		tb_reader_first_error(why, r);
	else if (!out) /* 'w' has no errors: memory ran out */
		tb_buf_fail(why);
	tb_record_free(w);
	tb_reader_free(r);
	tb_buf_free(&t);
	return out;
}

/* The span of the value of 'rec''s tag 'name', or of its first line. */
static void S_tag_at(const tb_record *rec, const char *name, unsigned *line, unsigned *col,
                     size_t *off, size_t *len)
{
	for (size_t i = 0; i < rec->ntags; i++) {
		const tb_tag *t = &rec->tags[i];
		if (strcmp(t->name, name) == 0 && t->value_line) {
			*line = t->value_line;
			*col = t->value_col;
			*off = t->value_off;
			*len = t->span.end_line == t->value_line && t->span.end_col > t->value_col + 1
			           ? t->span.end_col - 1 - t->value_col : 1;
			return;
		}
	}
	*line = rec->line;
	*col = 1;
	*off = rec->off;
	*len = 1;
}

void tb_diag_tag(tb_reader *r, const tb_record *rec, const char *name, tb_severity sev,
                       int code, const char *fmt, ...)
{
	unsigned line, col;
	size_t off, len;
	S_tag_at(rec, name, &line, &col, &off, &len);
	tb_buf m = TB_BUF_SOFT;
	va_list ap;
	va_start(ap, fmt);
	tb_buf_vprintf(&m, fmt, ap);
	va_end(ap);
	if (!tb_buf_ok(&m))
		tb_reader_nomem(r); /* aborts unless r->recover */
	else
		tb_diag_at(r, sev, code, off, len, line, col, "%s", m.data);
	tb_buf_free(&m);
}

static char *S_witness(tb_reader *r, const tb_record *rec, const char *name, size_t *len);

char *tb_collation_witness(tb_reader *r, const tb_record *rec, const char *name, size_t *len)
{
	if (len)
		*len = 0;
	if (!r || !rec || !name || rec->errors || !rec->game)
		return NULL; /* a record with errors: its reader has said them */
	/* a diagnostic out of memory spends the reader (tb_reader_nomem) */
	int recover = r->recover;
	r->recover = 1;
	char *out = S_witness(r, rec, name, len);
	r->recover = recover;
	if (r->nomem) {
		free(out);
		out = NULL;
		if (len)
			*len = 0;
	}
	return out;
}

static char *S_witness(tb_reader *r, const tb_record *rec, const char *name, size_t *len)
{
	tb_sigla d;
	int got = tb_sigla_read(rec, &d);
	if (got == 0) {
		tb_diag_tag(r, rec, "Collation", TB_ERROR, TB_D_COLL_NAMES,
		           "this record is not a collation: it has no [Collation] tag naming its "
		           "witnesses");
		return NULL;
	}
	if (got < 0) {
		tb_diag_tag(r, rec, "Collation", TB_ERROR, TB_D_COLL_NAMES,
		           "[Collation] lists the witnesses' sigla, \"A, B\": each once, 15 at most, "
		           "of letters, digits, '_', '-' and '.'");
		return NULL;
	}
	int x = tb_sigla_find(&d, name, strlen(name));
	if (x < 0) {
		tb_buf all = TB_BUF_SOFT;
		tb_sigla_write(&all, &d, (1u << d.n) - 1, 0);
		if (tb_buf_ok(&all))
			tb_diag_tag(r, rec, "Collation", TB_ERROR, TB_D_COLL_NO_WIT,
			           "no witness of this collation is named '%s'; its witnesses are %s",
			           name, all.data);
		tb_buf_free(&all);
		return NULL;
	}
	tb_buf why = TB_BUF_SOFT;
	char *out = tb_collation_witness_canon(rec, &d, (size_t)x, len, &why);
	if (!out && tb_buf_ok(&why)) /* else memory ran out: NULL, nothing said */
		tb_diag_tag(r, rec, "Collation", TB_ERROR, TB_D_COLL_INEXACT,
		           "witness %s cannot be read back out of this collation: %s", name, why.data);
	tb_buf_free(&why);
	return out;
}

/* ===== A line replayed by the rules ===== */

/* A fault of the rules kept until the line is replayed: its own copy
 * of every string of 'f'. */
typedef struct S_kept {
	tb_fault f;
	char *text;                /* the strings, one after another */
	const char **cands;
} S_kept;

typedef struct S_faults {
	S_kept *v;
	size_t n, cap;
	int nomem;
} S_faults;

/* Appends 's' (may be NULL) to 'b' with its NUL; its offset, or -1 for NULL. */
static long S_put(tb_buf *b, const char *s)
{
	if (!s)
		return -1;
	long at = (long)b->len;
	tb_buf_puts(b, s);
	tb_buf_putc(b, '\0');
	return at;
}

/* Keeps a copy of fault 'f' (tb_fault_fn). */
static void S_keep(void *ctx, const tb_fault *f)
{
	S_faults *k = ctx;
	if (k->n == k->cap) {
		size_t cap = k->cap ? 2 * k->cap : 8;
		S_kept *grown = tb_realloc(k->v, cap * sizeof *grown);
		if (!grown) {
			k->nomem = 1;
			return;
		}
		k->v = grown;
		k->cap = cap;
	}
	tb_buf b = TB_BUF_SOFT;
	long at[5] = {S_put(&b, f->message), S_put(&b, f->token), S_put(&b, f->reason),
	              S_put(&b, f->position), S_put(&b, f->repair)};
	long *c = tb_malloc((f->ncandidates + 1) * sizeof *c);
	for (size_t i = 0; c && i < f->ncandidates; i++)
		c[i] = S_put(&b, f->candidates[i]);
	const char **cands = tb_malloc((f->ncandidates + 1) * sizeof *cands);
	if (!c || !cands || !tb_buf_ok(&b)) {
		k->nomem = 1;
		free(c);
		free(cands);
		tb_buf_free(&b);
		return;
	}
	S_kept *kept = &k->v[k->n++];
	kept->text = tb_buf_detach(&b, NULL);
	for (size_t i = 0; i < f->ncandidates; i++)
		cands[i] = kept->text + c[i];
	free(c);
	kept->cands = cands;
	kept->f = *f;
	kept->f.message = kept->text + at[0];
	kept->f.token = at[1] < 0 ? NULL : kept->text + at[1];
	kept->f.reason = kept->text + at[2];
	kept->f.position = at[3] < 0 ? NULL : kept->text + at[3];
	kept->f.repair = at[4] < 0 ? NULL : kept->text + at[4];
	kept->f.candidates = f->ncandidates ? cands : NULL;
}

static void S_faults_free(S_faults *k)
{
	for (size_t i = 0; i < k->n; i++) {
		free(k->v[i].text);
		free(k->v[i].cands);
	}
	free(k->v);
}

/* Does node 'n' write a turn the rules can know: a move or a pass,
 * every point known? */
static int S_known_turn(const tb_node *n)
{
	uint8_t k = tb_node_followed(n);
	const tb_move *m = n->kind == TB_NODE_READING ? &n->alts[0].move : &n->move;
	for (unsigned i = 0; k == TB_NODE_MOVE && i < m->nparts; i++)
		if (m->parts[i].pt == TB_PT_UNKNOWN)
			return 0;
	return k == TB_NODE_MOVE || k == TB_NODE_PASS;
}

long tb_line_check(const char *text, size_t len, const tb_search_opts *so, const tb_lang *l,
                   tb_line_fault_fn fn, void *ctx, int *faulty)
{
	tb_reader *r = text ? tb_reader_new_mem(text, len, "witness") : NULL;
	tb_record *rec = NULL;
	*faulty = 0;
	int rc = r ? tb_reader_next(r, &rec) : TB_ENOMEM;
	if (rc != 1 || tb_record_errors(rec)) {
		tb_record_free(rec);
		tb_reader_free(r);
		return rc == TB_ENOMEM ? TB_ENOMEM : 0;
	}
	tb_reader_set_search(r, so);
	tb_reader_set_lang(r, l);
	S_faults k = {NULL, 0, 0, 0};
	if (tb_reader_validate_faults(r, rec, NULL, NULL, S_keep, &k) == TB_ENOMEM || k.nomem) {
		S_faults_free(&k);
		tb_record_free(rec);
		tb_reader_free(r);
		return TB_ENOMEM;
	}
	long before = -1, known = 0, i = 0;
	for (const tb_node *n = rec->main.first; n; n = n->next, i++) {
		for (size_t j = 0; j < k.n; j++) {
			const tb_fault *f = &k.v[j].f;
			if (f->severity != TB_ERROR || f->line != n->span.line || f->col != n->span.col ||
			    (f->code != TB_D_ILLEGAL && f->code != TB_D_AFTER_END &&
			     f->code != TB_D_NO_FIT))
				continue;
			if (fn)
				fn(ctx, (size_t)i, f);
			if (before < 0)
				before = known;
			*faulty = 1;
		}
		known += S_known_turn(n);
	}
	/* the rules' other complaints (a result they contradict) count too */
	for (size_t j = 0; j < k.n; j++)
		*faulty |= k.v[j].f.severity == TB_ERROR;
	S_faults_free(&k);
	tb_record_free(rec);
	tb_reader_free(r);
	return before < 0 ? known : before;
}

/* The step node 'n' of a plain line is: the node, or for a reading its
 * first alternative. */
static tb_wstep S_step_of_node(const tb_node *n)
{
	tb_wstep s = {n, NULL, tb_node_followed(n), &n->move, n->gap_max, n->position};
	if (n->kind == TB_NODE_READING)
		s.move = &n->alts[0].move;
	return s;
}

tb_wstep *tb_collation_steps(const tb_record *rec, const tb_sigla *d, size_t x, size_t *n)
{
	size_t cap = 1;
	for (const tb_node *p = rec->main.first; p; p = p->next)
		cap++;
	tb_wstep *s = tb_calloc(cap, sizeof *s);
	*n = 0;
	if (!s)
		return NULL;
	for (const tb_node *p = rec->main.first; p; p = p->next) {
		S_view v;
		S_view_of(d, p, x, &v);
		if (!v.present)
			continue;
		if (v.node) {
			s[(*n)++] = S_step_of_node(p);
			continue;
		}
		const tb_alt *a = &p->alts[v.alt[0]];
		s[(*n)++] = (tb_wstep){p, a, a->kind, &a->move, a->gap_max, a->position};
	}
	return s;
}
