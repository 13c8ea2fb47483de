/*
 * apparatus.c -- a collation's critical apparatus as typed pieces
 * (apparatus.h; spec/book.md §8). The collator's forms are read with
 * collate_witness.c's readers (tb_attributed, tb_alt_witnesses,
 * tb_collation_*_form), the words come from the language tables, and
 * the book and the web page set the pieces, each in its own way.
 *
 * A note, in the order a reader of an edition expects:
 *
 *     lemma ] reading sigla (sigla: comment) ; reading sigla ; om. sigla
 *
 * where the lemma is the text's turn with its number (the base's), the
 * first reading is the text's with the witnesses that have it (a
 * positive apparatus, as the collation is), and a witness that has
 * nothing there is "om." -- each template ("app.read", "app.omit") from
 * the table, so an Arabic note reads "في cuaderno: c3" and "سقط من
 * cinta", as Arabic editions print their variants.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apparatus.h"
#include "buf.h"
#include "diag.h"
#include "game.h"
#include "caption.h"
#include "words.h"

static void S_say(tb_app *a, int kind, const char *text, const char *lang, int glue)
{
	int linked = kind == TB_APP_TURN || (kind == TB_APP_WORDS && a->reading);
	tb_app_piece p = {kind, text, lang, glue, linked ? a->alt : -1};
	a->fn(a->ctx, &p);
}

static const char *S_word(const tb_app *a, const char *key)
{
	const char *t = tb_lang_text(a->l, key);
	return t ? t : key;
}

/* The sigla of 'set' (those of 'own' followed by "?"), the language's
 * comma between them. */
static void S_sigla(tb_app *a, uint32_t set, uint32_t own, int glue)
{
	const char *comma = S_word(a, "book.contents.sep");
	for (size_t i = 0; i < a->sig.n; i++) {
		if (!(set >> i & 1))
			continue;
		char s[TB_SIGLUM_MAX + 2];
		snprintf(s, sizeof s, "%s%s", a->sig.s[i], own >> i & 1 ? "?" : "");
		S_say(a, TB_APP_SIGLUM, s, NULL, glue);
		set &= ~(1u << i);
		if (set)
			S_say(a, TB_APP_PUNCT, comma, NULL, 1);
		glue = 0;
	}
}

/* What fills a template's placeholder. */
typedef struct S_fill {
	int kind;               /* a piece's kind, or -1: sigla */
	const char *text;
	uint32_t set, own;      /* sigla */
} S_fill;

/* Says template 'key' of the table ("{1} {2}", "في {2}: {1}", "om. {1}"):
 * its words as WORDS pieces (PUNCT when they are punctuation alone),
 * split at spaces, each placeholder as 'fill' says; 'glue' for its
 * first piece. */
static void S_template(tb_app *a, const char *key, const S_fill *fill, size_t nfill, int glue)
{
	const char *t = S_word(a, key);
	tb_buf w = TB_BUF_SOFT;
	int space = !glue;
	for (const char *p = t;; p++) {
		int ph = p[0] == '{' && p[1] >= '1' && p[1] <= '9' && p[2] == '}' &&
		         (size_t)(p[1] - '1') < nfill;
		if (!*p || *p == ' ' || ph) {
			if (w.len) {
				int punct = strspn(w.data, ":;,.()[]؛،") == w.len;
				S_say(a, punct ? TB_APP_PUNCT : TB_APP_WORDS, w.data, NULL, !space);
				tb_buf_clear(&w);
				space = 0;
			}
			if (!*p)
				break;
			if (*p == ' ') {
				space = 1;
				continue;
			}
			const S_fill *f = &fill[p[1] - '1'];
			if (f->kind < 0)
				S_sigla(a, f->set, f->own, !space);
			else {
				a->reading = 1; /* the reading's words, which a page links */
				S_say(a, f->kind, f->text, NULL, !space);
				a->reading = 0;
			}
			space = 0;
			p += 2;
			continue;
		}
		tb_buf_putc(&w, *p);
	}
	a->nomem |= !tb_buf_ok(&w);
	tb_buf_free(&w);
}

int tb_app_init(tb_app *a, const tb_record *rec, const tb_lang *l, tb_app_fn fn, void *ctx)
{
	memset(a, 0, sizeof *a);
	a->rec = rec;
	a->l = l;
	a->fn = fn;
	a->ctx = ctx;
	a->alt = -1;
	if (tb_sigla_read(rec, &a->sig) != 1)
		return 0;
	for (const tb_node *n = rec->main.first; n; n = n->next)
		for (unsigned i = 0; n->kind == TB_NODE_READING && i < n->nalts; i++) {
			uint32_t set, own;
			if (tb_alt_witnesses(&a->sig, &n->alts[i], &set, &own) && own)
				a->own = 1;
		}
	return 1;
}

/* ===== The turns ===== */

/* Is 'c' (of a node) the collator's note, or witnesses' NAGs? */
static int S_node_form(const tb_app *a, const tb_comment *c)
{
	uint32_t set;
	const char *rest;
	uint8_t nags[TB_MAX_NAGS];
	unsigned nn;
	if (c->lang)
		return 0;
	return tb_collation_note(&a->sig, c->text) ||
	       (tb_attributed(&a->sig, c->text, &set, &rest) && tb_collation_nag_form(rest, nags, &nn));
}

int tb_app_noted(const tb_app *a, const tb_node *n)
{
	if (tb_collation_reading(&a->sig, n))
		return 1;
	for (const tb_comment *c = n->comments; c; c = c->next)
		if (S_node_form(a, c))
			return 1;
	return 0;
}

/* Is 'c' some witnesses' evidence links for its node ("cinta: @"
 * carrying them, spec/compare.md §7)? Evidence, not words: the text
 * does not print it. */
static int S_links_form(const tb_app *a, const tb_comment *c)
{
	uint32_t set;
	const char *rest;
	return !c->lang && c->evidence && tb_attributed(&a->sig, c->text, &set, &rest) &&
	       strcmp(rest, TB_LINKS_FORM) == 0;
}

int tb_app_in_note(const tb_app *a, const tb_node *n, const tb_comment *c)
{
	if (S_links_form(a, c))
		return 1;
	if (tb_collation_reading(&a->sig, n))
		for (unsigned i = 0; i < n->nalts; i++)
			for (const tb_comment *x = n->alts[i].comments; x; x = x->next)
				if (x == c)
					return 1;
	return S_node_form(a, c);
}

/* "12..." of node 'n' into 't', then a space, when it is numbered. */
static void S_number(tb_buf *t, const tb_node *n)
{
	if (n->number)
		tb_buf_printf(t, "%u%s ", n->number, n->side == 1 ? "..." : ".");
}

/* The lemma: the text's turn with its number ("12... d3"), or its gap,
 * restated position or nothing in words, as the text says it ("faltan 2
 * jugadas", "nada aquí"). */
static void S_lemma(tb_app *a, const tb_node *n)
{
	tb_buf t = TB_BUF_SOFT;
	const tb_alt *first = n->kind == TB_NODE_READING ? &n->alts[0] : NULL;
	uint8_t k = first ? first->kind : n->kind;
	if (k == TB_NODE_GAP || k == TB_NODE_POSITION || k == TB_NODE_OMITTED) {
		tb_alt_words(a->l, &t, first);
		a->reading = 1;
		S_say(a, TB_APP_WORDS, tb_buf_ok(&t) && t.data ? t.data : "", NULL, 0);
		a->reading = 0;
	} else {
		S_number(&t, n);
		tb_token_words(&t, n);
		S_say(a, TB_APP_TURN, tb_buf_ok(&t) && t.len ? t.data : "?", NULL, 0);
	}
	S_say(a, TB_APP_PUNCT, "]", NULL, 1);
	a->nomem |= !tb_buf_ok(&t);
	tb_buf_free(&t);
}

/* A comment said in a note, "(cinta: así lo anoté)": its sigla those it
 * names, else 'set' (the reading's witnesses); the collator's own note
 * names none. */
static void S_note_comment(tb_app *a, const tb_comment *c, uint32_t set)
{
	const char *rest = c->text;
	uint32_t named;
	S_say(a, TB_APP_PUNCT, "(", NULL, 0);
	if (tb_collation_note(&a->sig, c->text)) {
		/* "illegal in cuaderno: c3 ya está ocupado": the words the
		 * output's, the reason as collate wrote it, in the collation's
		 * language (spec/compare.md) */
		const char *why = c->text;
		tb_attributed(&a->sig, c->text + strlen(TB_ILLEGAL_IN), &named, &why);
		S_say(a, TB_APP_WORDS, S_word(a, "app.illegal"), NULL, 1);
		S_sigla(a, named, 0, 0);
		S_say(a, TB_APP_PUNCT, ":", NULL, 1);
		S_say(a, TB_APP_COMMENT, why, NULL, 0);
	} else {
		if (tb_attributed(&a->sig, c->text, &named, &rest))
			set = named;
		if (set) {
			S_sigla(a, set, 0, 1);
			S_say(a, TB_APP_PUNCT, ":", NULL, 1);
		}
		S_say(a, TB_APP_COMMENT, rest, c->lang, !set);
	}
	S_say(a, TB_APP_PUNCT, ")", NULL, 1);
}

/* One reading of a note: its words and sigla by the table's template,
 * then what its witnesses say of it. The first, the lemma's, is its
 * sigla alone (or that the rules propose it), as editions print it:
 * "d3] cinta; c3 cuaderno". */
static void S_reading(tb_app *a, const tb_alt *alt, int lemma)
{
	int glue = 0;
	uint32_t set = 0, own = 0;
	const tb_comment *c = alt->comments;
	if (tb_alt_witnesses(&a->sig, alt, &set, &own))
		c = c->next;
	tb_buf t = TB_BUF_SOFT;
	if (alt->reconstructed)
		tb_buf_putc(&t, '[');
	tb_alt_words(a->l, &t, alt);
	if (alt->reconstructed)
		tb_buf_putc(&t, ']');
	int turn = alt->kind != TB_NODE_GAP && alt->kind != TB_NODE_POSITION;
	const char *words = tb_buf_ok(&t) && t.data ? t.data : "";
	if (lemma && alt->reconstructed) {
		S_say(a, TB_APP_WORDS, S_word(a, "app.rules"), NULL, 0);
	} else if (lemma) {
		S_sigla(a, set, own, 0);
	} else if (alt->reconstructed) { /* proposed by the rules, no witness's */
		S_fill f[2] = {{TB_APP_TURN, words, 0, 0}, {TB_APP_WORDS, S_word(a, "app.rules"), 0, 0}};
		S_template(a, "app.read", f, 2, glue);
	} else if (alt->kind == TB_NODE_OMITTED) {
		S_fill f[1] = {{-1, NULL, set, own}};
		S_template(a, "app.omit", f, 1, glue);
	} else {
		S_fill f[2] = {{turn ? TB_APP_TURN : TB_APP_WORDS, words, 0, 0}, {-1, NULL, set, own}};
		S_template(a, "app.read", f, 2, glue);
	}
	for (; c; c = c->next)
		S_note_comment(a, c, set);
	a->nomem |= !tb_buf_ok(&t);
	tb_buf_free(&t);
}

/* The NAGs some witnesses give turn 'n' ("{cuaderno: NAG $1}"), as a
 * reading: the turn with its signs, and those witnesses. */
static void S_nag_reading(tb_app *a, const tb_node *n, uint32_t set, const char *rest, int glue)
{
	uint8_t nags[TB_MAX_NAGS];
	unsigned nn;
	tb_buf t = TB_BUF_SOFT;
	tb_collation_nag_form(rest, nags, &nn);
	tb_token_words(&t, n);
	for (unsigned i = 0; i < nn; i++) {
		const char *s = tb_nag_text(nags[i], i == 0);
		if (!s)
			tb_buf_printf(&t, " $%u", nags[i]);
		else if (*s)
			tb_buf_printf(&t, "%s%s", i == 0 && nags[0] <= 6 ? "" : " ", s);
	}
	S_fill f[2] = {{TB_APP_TURN, tb_buf_ok(&t) && t.data ? t.data : "", 0, 0}, {-1, NULL, set, 0}};
	S_template(a, "app.read", f, 2, glue);
	a->nomem |= !tb_buf_ok(&t);
	tb_buf_free(&t);
}

void tb_app_note(tb_app *a, const tb_node *n)
{
	a->alt = 0;
	S_lemma(a, n);
	int first = 1;
	if (tb_collation_reading(&a->sig, n))
		for (unsigned i = 0; i < n->nalts; i++, first = 0) {
			if (!first)
				S_say(a, TB_APP_PUNCT, S_word(a, "app.sep"), NULL, 1);
			a->alt = (int)i;
			S_reading(a, &n->alts[i], first);
		}
	a->alt = -1;
	uint32_t with_nags = 0, set;
	const char *rest;
	for (const tb_comment *c = n->comments; c; c = c->next)
		if (S_node_form(a, c) && !tb_collation_note(&a->sig, c->text) &&
		    tb_attributed(&a->sig, c->text, &set, &rest))
			with_nags |= set;
	uint32_t all = (1u << a->sig.n) - 1;
	if (first && with_nags && (all & ~with_nags)) { /* the text's NAGs: the others' */
		S_sigla(a, all & ~with_nags, 0, 0);
		first = 0;
	}
	for (const tb_comment *c = n->comments; c; c = c->next) {
		if (!S_node_form(a, c))
			continue;
		if (tb_collation_note(&a->sig, c->text)) {
			S_note_comment(a, c, 0);
			continue;
		}
		tb_attributed(&a->sig, c->text, &set, &rest);
		if (!first)
			S_say(a, TB_APP_PUNCT, S_word(a, "app.sep"), NULL, 1);
		S_nag_reading(a, n, set, rest, 0);
		first = 0;
	}
}

/* ===== The tags ===== */

/* The form of tag 't''s comment 'c': 1 another value (into 'v'), 2 the
 * tag lacking, 0 neither; its witnesses into '*set'. */
static int S_tag_form(tb_app *a, const tb_tag *t, const tb_comment *c, uint32_t *set, tb_buf *v)
{
	const char *rest;
	if (c->lang || !tb_attributed(&a->sig, c->text, set, &rest))
		return 0;
	int form = tb_collation_tag_form(rest, t->name, v);
	a->nomem |= !tb_buf_ok(v);
	return tb_buf_ok(v) ? form : 0;
}

int tb_app_tag_in_note(const tb_app *a, const tb_tag *t, const tb_comment *c)
{
	uint32_t set;
	tb_buf v = TB_BUF_SOFT;
	int form = S_tag_form((tb_app *)a, t, c, &set, &v);
	tb_buf_free(&v);
	return form != 0;
}

int tb_app_tag_noted(const tb_app *a, const tb_tag *t)
{
	for (const tb_comment *c = t->comments; c; c = c->next)
		if (tb_app_tag_in_note(a, t, c))
			return 1;
	return 0;
}

void tb_app_tag_note(tb_app *a, const tb_tag *t)
{
	char key[64];
	uint32_t others = 0, set;
	tb_buf v = TB_BUF_SOFT;
	for (const tb_comment *c = t->comments; c; c = c->next)
		if (S_tag_form(a, t, c, &set, &v))
			others |= set;
	/* a side's tag by the side's name ("Rojas"), as the title block */
	const char *label = tb_tag_label(a->l, a->rec->game, t->name, key, sizeof key);
	S_say(a, TB_APP_LABEL, label, NULL, 1);
	S_say(a, TB_APP_PUNCT, ":", NULL, 1);
	S_say(a, TB_APP_VALUE, t->value, NULL, 0);
	S_say(a, TB_APP_PUNCT, "]", NULL, 1);
	uint32_t all = a->sig.n >= 32 ? ~0u : (1u << a->sig.n) - 1;
	S_sigla(a, all & ~others, 0, 0);
	for (const tb_comment *c = t->comments; c; c = c->next) {
		int form = S_tag_form(a, t, c, &set, &v);
		if (!form)
			continue;
		S_say(a, TB_APP_PUNCT, S_word(a, "app.sep"), NULL, 1);
		if (form == 2) {
			S_fill f[1] = {{-1, NULL, set, 0}};
			S_template(a, "app.omit", f, 1, 0);
		} else {
			S_fill f[2] = {{TB_APP_VALUE, v.data, 0, 0}, {-1, NULL, set, 0}};
			S_template(a, "app.read", f, 2, 0);
		}
	}
	tb_buf_free(&v);
}

/* ===== The witnesses, and comments in the text ===== */

void tb_app_witnesses(tb_app *a)
{
	S_say(a, TB_APP_LABEL, S_word(a, "app.witnesses"), NULL, 1);
	S_say(a, TB_APP_PUNCT, ":", NULL, 1);
	const char *comma = S_word(a, "book.contents.sep");
	for (size_t i = 0; i < a->sig.n; i++) {
		if (i)
			S_say(a, TB_APP_PUNCT, comma, NULL, 1);
		S_say(a, TB_APP_SIGLUM, a->sig.s[i], NULL, 0);
		if (i == 0) {
			S_say(a, TB_APP_PUNCT, "(", NULL, 0);
			S_say(a, TB_APP_WORDS, S_word(a, "app.base"), NULL, 1);
			S_say(a, TB_APP_PUNCT, ")", NULL, 1);
		}
	}
	S_say(a, TB_APP_PUNCT, ".", NULL, 1);
	if (a->own)
		S_say(a, TB_APP_WORDS, S_word(a, "app.own"), NULL, 0);
}

int tb_app_attribution(tb_app *a, const tb_comment *c, const char **rest)
{
	uint32_t set;
	if (!tb_attributed(&a->sig, c->text, &set, rest))
		return 0;
	S_sigla(a, set, 0, 1);
	S_say(a, TB_APP_PUNCT, ":", NULL, 1);
	return 1;
}

void tb_app_mark(char *out, size_t size, unsigned number)
{
	static const char *const sup[10] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
	char digits[16];
	snprintf(digits, sizeof digits, "%u", number);
	size_t at = 0;
	out[0] = '\0';
	for (const char *d = digits; *d && at + 4 < size; d++)
		at += (size_t)snprintf(out + at, size - at, "%s", sup[*d - '0']);
}
