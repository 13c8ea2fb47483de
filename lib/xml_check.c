/*
 * xml_check.c -- schemas/tgn.rng checked while the document streams
 * (spec/xml.md §4, §7).
 *
 * The schema is the contract; this file is its grammar written out by
 * hand, driven by libxml2's streaming reader node by node, so that a
 * document is validated in the one pass that reads it instead of a
 * second, general RELAX NG pass (issue 38: three quarters of reading
 * XML back was libxml2's RELAX NG validation). Each element's content
 * is a small automaton over its children (S_states), each element's
 * attributes a table of names and value kinds (S_attrs). Values of XML
 * Schema types other than string are checked by libxml2's own datatype
 * code, and the schema's patterns by libxml2's own regular expressions,
 * so that the verdict is libxml2's RELAX NG verdict: tests/xml_agree.c
 * runs both on every sample, spec example, fuzz input and a few hundred
 * mutated documents, and they must agree on every one.
 *
 * A change to schemas/tgn.rng is a change here (and the test says so).
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlreader.h>
#include <libxml/xmlregexp.h>
#include <libxml/xmlschemastypes.h>

#include "game.h"
#include "tablero.h"
#include "xalloc.h"
#include "xml.h"

/* ===== The vocabulary ===== */

/* Elements; ORDER S_ELEMENTS: S_names, S_model, S_attrs. */
enum {
	E_TGN, E_RECORD, E_TAG, E_MOVES, E_VARIATION, E_RESULT, E_COMMENT, E_MOVE, E_PASS,
	E_UNKNOWN, E_READING, E_ALT, E_GAP, E_POSITION, E_NAG, E_AFTER, E_PIECE, E_EVENT,
	E_PLACE, E_FROM, E_STEP, E_HOP, E_CAPTURE, E_REMOVE, E_PUSH, E_RELOCATE, E_HUFF,
	E_PART, E_COUNT
};
static const char *const S_names[E_COUNT] = {
	"tgn", "record", "tag", "moves", "variation", "result", "comment", "move", "pass",
	"unknown", "reading", "alt", "gap", "position", "nag", "after", "piece", "event",
	"place", "from", "step", "hop", "capture", "remove", "push", "relocate", "huff", "part"};

/* What a content automaton's edges name: one element, or a group. */
enum { C_PART = E_COUNT, C_NODE };

static int S_class(int e)
{
	if (e >= E_PLACE)
		return C_PART;
	if (e == E_MOVE || e == E_PASS || e == E_UNKNOWN || e == E_READING || e == E_GAP ||
	    e == E_POSITION)
		return C_NODE;
	return e;
}

/* ===== Content: one automaton per content model ===== */

/* States; ORDER S_STATES: S_states. */
enum {
	S_TGN, S_REC0, S_REC1, S_REC2, S_REC3, S_TAG, S_LINE0, S_LINE1, S_PART0, S_PART1,
	S_AN0, S_AN1, S_AN2, S_AN3, S_RD0, S_RD1, S_ALTP0, S_ALTP1, S_ALTC, S_EMPTY,
	S_AFTER0, S_AFTER1, S_TEXT, S_RESULT, S_NSTATES
};

typedef struct S_state {
	uint8_t accept;          /* the element may end here */
	uint8_t n;
	struct { uint8_t what, next; } e[5];
} S_state;

/* annotations = nag* comment* variation* after? (schemas/tgn.rng) */
#define S_ANNOT(from_nag) \
	{E_NAG, S_AN0}, {E_COMMENT, S_AN1}, {E_VARIATION, S_AN2}, { E_AFTER, S_AN3 }
static const S_state S_states[S_NSTATES] = {
	[S_TGN] = {1, 1, {{E_RECORD, S_TGN}}},
	/* record = comment* tag* moves result comment* */
	[S_REC0] = {0, 3, {{E_COMMENT, S_REC0}, {E_TAG, S_REC1}, {E_MOVES, S_REC2}}},
	[S_REC1] = {0, 2, {{E_TAG, S_REC1}, {E_MOVES, S_REC2}}},
	[S_REC2] = {0, 1, {{E_RESULT, S_REC3}}},
	[S_REC3] = {1, 1, {{E_COMMENT, S_REC3}}},
	[S_TAG] = {1, 1, {{E_COMMENT, S_TAG}}},
	/* line = comment* (move | pass | unknown | reading | gap | position)* */
	[S_LINE0] = {1, 2, {{E_COMMENT, S_LINE0}, {C_NODE, S_LINE1}}},
	[S_LINE1] = {1, 1, {{C_NODE, S_LINE1}}},
	/* a move: part+ annotations */
	[S_PART0] = {0, 1, {{C_PART, S_PART1}}},
	[S_PART1] = {1, 5, {{C_PART, S_PART1}, S_ANNOT(1)}},
	[S_AN0] = {1, 4, {S_ANNOT(1)}},
	[S_AN1] = {1, 3, {{E_COMMENT, S_AN1}, {E_VARIATION, S_AN2}, {E_AFTER, S_AN3}}},
	[S_AN2] = {1, 2, {{E_VARIATION, S_AN2}, {E_AFTER, S_AN3}}},
	[S_AN3] = {1, 0, {{0, 0}}},
	/* a reading: alt+ annotations */
	[S_RD0] = {0, 1, {{E_ALT, S_RD1}}},
	[S_RD1] = {1, 5, {{E_ALT, S_RD1}, S_ANNOT(1)}},
	/* an alternative: part+ when its kind is move, then comment* */
	[S_ALTP0] = {0, 1, {{C_PART, S_ALTP1}}},
	[S_ALTP1] = {1, 2, {{C_PART, S_ALTP1}, {E_COMMENT, S_ALTC}}},
	[S_ALTC] = {1, 1, {{E_COMMENT, S_ALTC}}},
	[S_EMPTY] = {1, 0, {{0, 0}}},
	/* after = piece* event* */
	[S_AFTER0] = {1, 2, {{E_PIECE, S_AFTER0}, {E_EVENT, S_AFTER1}}},
	[S_AFTER1] = {1, 1, {{E_EVENT, S_AFTER1}}},
	[S_TEXT] = {1, 0, {{0, 0}}},
	[S_RESULT] = {1, 0, {{0, 0}}},
};

/* The state an element's content starts in (an <alt>'s: S_alt_kind). */
static const uint8_t S_model[E_COUNT] = {
	[E_TGN] = S_TGN, [E_RECORD] = S_REC0, [E_TAG] = S_TAG, [E_MOVES] = S_LINE0,
	[E_VARIATION] = S_LINE0, [E_RESULT] = S_RESULT, [E_COMMENT] = S_TEXT,
	[E_MOVE] = S_PART0, [E_PASS] = S_AN0, [E_UNKNOWN] = S_AN0, [E_READING] = S_RD0,
	[E_ALT] = S_ALTC, [E_GAP] = S_AN0, [E_POSITION] = S_AN0, [E_NAG] = S_EMPTY,
	[E_AFTER] = S_AFTER0, [E_PIECE] = S_EMPTY, [E_EVENT] = S_EMPTY, [E_PLACE] = S_EMPTY,
	[E_FROM] = S_EMPTY, [E_STEP] = S_EMPTY, [E_HOP] = S_EMPTY, [E_CAPTURE] = S_EMPTY,
	[E_REMOVE] = S_EMPTY, [E_PUSH] = S_EMPTY, [E_RELOCATE] = S_EMPTY, [E_HUFF] = S_EMPTY,
	[E_PART] = S_EMPTY};

/* ===== Attributes ===== */

/* Kinds of value; ORDER S_VALUES: S_value. */
enum {
	V_ANY, V_VERSION, V_GAME, V_LANGUAGE, V_NNI, V_POSINT, V_UBYTE, V_SIDE, V_WRITTEN,
	V_TRUE, V_CROWN, V_POINT, V_TAGNAME, V_CLANG, V_ARROWS, V_CIRCLES, V_LABELS, V_TIME,
	V_REGION, V_PSIDE, V_TYPE, V_EVENT, V_TOKENS, V_KIND,
	V_PART
};

/* What a value of each kind is, for a message. ORDER S_VALUES. */
static const char *const S_value_says[] = {
	"any text", "1.0", "the name of a game this tablero has", "a language tag",
	"a whole number, 0 or more", "a whole number, 1 or more", "a number from 0 to 255",
	"first, second or unknown", "a move number as written (3. or 3...) or nothing", "true",
	"crowned or stage", "a point (a to h and 1 to 16, or ?)", "a tag name",
	"a language (letters, digits and -, 35 at most)", "arrows (Ga1a4 Rb2b6...)",
	"colours and points (Ga1 Rb2...)", "labels (Ga1:x Rb2:yz...)",
	"a time (H:MM:SS, or a range of two)", "a region (NAME or NAME#X,Y,W,H)",
	"first or second", "a capital letter", "an event's kind", "one or more words",
	"a kind of alternative", "a game's kind of part"};

/* The schema's patterns (<param name="pattern">), compiled by libxml2
 * as its RELAX NG does; tests/xml_agree.c checks each is in the schema
 * word for word. ORDER V_TAGNAME..V_TYPE that have one. */
enum { R_TAGNAME, R_WRITTEN, R_CLANG, R_ARROWS, R_CIRCLES, R_LABELS, R_TIME, R_REGION, R_TYPE,
       R_COUNT };
const char *const tb_xml_check_patterns[] = {
	"[A-Za-z][A-Za-z0-9_]*",
	"([1-9][0-9]{0,5}\\.(\\.\\.)?)?",
	"[A-Za-z0-9\\-]{1,35}",
	"[GRYB][A-Za-z][0-9]{1,2}[A-Za-z][0-9]{1,2}( [GRYB][A-Za-z][0-9]{1,2}[A-Za-z][0-9]{1,2})*",
	"[GRYB][A-Za-z][0-9]{1,2}( [GRYB][A-Za-z][0-9]{1,2})*",
	"[GRYB][A-Za-z][0-9]{1,2}:[^\\s,\\[\\]\\{\\}\\\\]{1,3}( "
	"[GRYB][A-Za-z][0-9]{1,2}:[^\\s,\\[\\]\\{\\}\\\\]{1,3})*",
	"[0-9]{1,3}:[0-5][0-9]:[0-5][0-9](\\.[0-9]{1,3})?(-[0-9]{1,3}:[0-5][0-9]:[0-5][0-9](\\.[0-"
	"9]{1,3})?)?",
	"[A-Za-z][A-Za-z0-9_\\-]{0,31}(#[0-9]{1,8},[0-9]{1,8},[0-9]{1,8},[0-9]{1,8})?",
	"[A-Z]",
	NULL};

/* Attribute flags. */
enum { A_REQ = 1, A_XML = 2 /* in the xml: namespace */ };

typedef struct S_attr {
	const char *name;
	uint8_t value, flags;
} S_attr;

#define S_SOURCEPOS {"line", V_POSINT, 0}, {"col", V_POSINT, 0}, {"end-line", V_POSINT, 0}, \
	{"end-col", V_POSINT, 0}
#define S_EVIDENCE {"time", V_TIME, 0}, { "region", V_REGION, 0 }
#define S_TURN {"n", V_NNI, A_REQ}, {"side", V_SIDE, A_REQ}, { "written", V_WRITTEN, 0 }
#define S_MAX_ATTRS 16

typedef struct S_attrs_of {
	uint8_t n;
	S_attr a[S_MAX_ATTRS];
} S_attrs_of;

/* Each element's attributes; an <alt>'s, those whatever its kind
 * (S_alt_kind adds the rest). */
static const S_attrs_of S_attrs[E_COUNT] = {
	[E_TGN] = {1, {{"version", V_VERSION, A_REQ}}},
	[E_RECORD] = {7, {{"game", V_GAME, A_REQ}, {"file", V_ANY, 0}, {"lang", V_LANGUAGE, A_XML},
	                  S_SOURCEPOS}},
	[E_TAG] = {6, {{"name", V_TAGNAME, A_REQ}, {"value", V_ANY, A_REQ}, S_SOURCEPOS}},
	[E_MOVES] = {4, {S_SOURCEPOS}},
	[E_VARIATION] = {4, {S_SOURCEPOS}},
	[E_RESULT] = {0, {{0, 0, 0}}},
	[E_COMMENT] = {11, {{"lang", V_CLANG, A_XML}, S_SOURCEPOS, S_EVIDENCE,
	                    {"arrows", V_ARROWS, 0}, {"circles", V_CIRCLES, 0},
	                    {"shades", V_CIRCLES, 0}, {"labels", V_LABELS, 0}}},
	[E_MOVE] = {12, {S_TURN, {"reconstructed", V_TRUE, 0}, {"token", V_ANY, A_REQ},
	                 {"crown", V_CROWN, 0}, S_SOURCEPOS, S_EVIDENCE}},
	[E_PASS] = {10, {S_TURN, {"reconstructed", V_TRUE, 0}, S_SOURCEPOS, S_EVIDENCE}},
	[E_UNKNOWN] = {9, {S_TURN, S_SOURCEPOS, S_EVIDENCE}},
	[E_READING] = {9, {S_TURN, S_SOURCEPOS, S_EVIDENCE}},
	[E_ALT] = {9, {{"kind", V_KIND, A_REQ}, {"wit", V_TOKENS, 0}, {"own", V_TOKENS, 0},
	               S_SOURCEPOS, S_EVIDENCE}},
	[E_GAP] = {9, {{"written", V_WRITTEN, 0}, {"min", V_NNI, 0}, {"max", V_NNI, 0},
	               S_SOURCEPOS, S_EVIDENCE}},
	[E_POSITION] = {8, {{"written", V_WRITTEN, 0}, {"notation", V_ANY, A_REQ}, S_SOURCEPOS,
	                    S_EVIDENCE}},
	[E_NAG] = {1, {{"code", V_UBYTE, A_REQ}}},
	[E_AFTER] = {1, {{"position", V_ANY, A_REQ}}},
	[E_PIECE] = {4, {{"side", V_PSIDE, A_REQ}, {"point", V_POINT, A_REQ},
	                 {"type", V_TYPE, 0}, {"crowned", V_TRUE, 0}}},
	[E_EVENT] = {4, {{"kind", V_EVENT, A_REQ}, {"point", V_POINT, 0}, {"to", V_POINT, 0},
	                 {"count", V_NNI, 0}}},
	[E_PLACE] = {1, {{"point", V_POINT, A_REQ}}},
	[E_FROM] = {1, {{"point", V_POINT, A_REQ}}},
	[E_STEP] = {1, {{"to", V_POINT, A_REQ}}},
	[E_HOP] = {1, {{"to", V_POINT, A_REQ}}},
	[E_CAPTURE] = {2, {{"to", V_POINT, A_REQ}, {"captured", V_POINT, 0}}},
	[E_REMOVE] = {1, {{"point", V_POINT, A_REQ}}},
	[E_PUSH] = {1, {{"to", V_POINT, A_REQ}}},
	[E_RELOCATE] = {1, {{"to", V_POINT, A_REQ}}},
	[E_HUFF] = {1, {{"point", V_POINT, A_REQ}}},
	/* a game's own part: point or to, as S_couplings checks */
	[E_PART] = {3, {{"kind", V_PART, A_REQ}, {"point", V_POINT, 0}, {"to", V_POINT, 0}}},
};

/* An <alt>'s attributes by its kind (the schema's choice). */
static const struct {
	const char *kind;
	uint8_t model;
	S_attrs_of more;
} S_alt_kinds[] = {
	{"move", S_ALTP0, {3, {{"reconstructed", V_TRUE, 0}, {"token", V_ANY, A_REQ},
	                       {"crown", V_CROWN, 0}}}},
	{"pass", S_ALTC, {1, {{"reconstructed", V_TRUE, 0}}}},
	{"unknown", S_ALTC, {0, {{0, 0, 0}}}},
	{"omitted", S_ALTC, {0, {{0, 0, 0}}}},
	{"gap", S_ALTC, {2, {{"min", V_NNI, 0}, {"max", V_NNI, 0}}}},
	{"position", S_ALTC, {1, {{"notation", V_ANY, A_REQ}}}},
};


/* ===== The checker ===== */

typedef struct S_frame {
	uint8_t elem, state;
} S_frame;

#define S_RESULT_MAX 8 /* longer than "1/2-1/2": no result */

struct tb_xml_check {
	S_frame *stack;
	size_t depth, cap;
	char result[S_RESULT_MAX + 1]; /* the text of the <result> open */
	size_t nresult;
	xmlRegexpPtr re[R_COUNT];      /* compiled when first needed */
	xmlSchemaTypePtr types[3];     /* nonNegativeInteger, positiveInteger, unsignedByte */
	xmlSchemaTypePtr language;
	char msg[320];                 /* what the last call refused */
	int nomem;                     /* and that for lack of memory */
};

/* libxml2's datatypes are made once for the process, and not under a
 * lock of its own: once, whichever thread opens the first reader. */
static pthread_once_t S_types_once = PTHREAD_ONCE_INIT;
static void S_init_types(void) { xmlSchemaInitTypes(); }

tb_xml_check *tb_xml_check_new(void)
{
	pthread_once(&S_types_once, S_init_types);
	return tb_calloc(1, sizeof(tb_xml_check));
}

void tb_xml_check_free(tb_xml_check *c)
{
	if (!c)
		return;
	for (int i = 0; i < R_COUNT; i++)
		if (c->re[i])
			xmlRegFreeRegexp(c->re[i]);
	free(c->stack);
	free(c);
}

static const char *S_refuse(tb_xml_check *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static const char *S_refuse(tb_xml_check *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->msg, sizeof c->msg, fmt, ap);
	va_end(ap);
	return c->msg;
}

static const char *S_nomem(tb_xml_check *c)
{
	c->nomem = 1;
	return S_refuse(c, "out of memory");
}

int tb_xml_check_nomem(const tb_xml_check *c) { return c->nomem; }

/* ===== Values ===== */

static int S_blank(int ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'; }

/* An XML Schema type's value, by libxml2's datatype code (its whitespace
 * rules, signs and leading zeros, its limit of 24 digits), as its RELAX
 * NG checks it. A short run of digits, the usual case, without it. */
static int S_typed(tb_xml_check *c, int v, const char *s)
{
	int k = v == V_NNI ? 0 : v == V_POSINT ? 1 : 2;
	size_t n = 0;
	while (s[n] >= '0' && s[n] <= '9')
		n++;
	if (!s[n] && n >= 1 && n <= (k == 2 ? 2u : 9u))
		return k != 1 || strspn(s, "0") < n; /* positive: not all zeros */
	if (!c->types[k])
		c->types[k] = xmlSchemaGetBuiltInType(k == 0   ? XML_SCHEMAS_NNINTEGER
		                                      : k == 1 ? XML_SCHEMAS_PINTEGER
		                                               : XML_SCHEMAS_UBYTE);
	if (!c->types[k])
		return -1; /* libxml2's types not made: out of memory */
	int r = xmlSchemaValPredefTypeNode(c->types[k], BAD_CAST s, NULL, NULL);
	return r < 0 ? -1 : r == 0; /* < 0: libxml2's internal error (memory) */
}

static int S_language(tb_xml_check *c, const char *s)
{
	if (!c->language)
		c->language = xmlSchemaGetBuiltInType(XML_SCHEMAS_LANGUAGE);
	if (!c->language)
		return -1;
	int r = xmlSchemaValPredefTypeNode(c->language, BAD_CAST s, NULL, NULL);
	return r < 0 ? -1 : r == 0;
}

static int S_pattern(tb_xml_check *c, int r, const char *s)
{
	if (!c->re[r] && !(c->re[r] = xmlRegexpCompile(BAD_CAST tb_xml_check_patterns[r])))
		return -1;
	return xmlRegexpExec(c->re[r], BAD_CAST s) == 1;
}

/* point = [a-h]([1-9]|1[0-6]) | "?" */
static int S_point(const char *s)
{
	if (s[0] == '?')
		return !s[1];
	if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '9')
		return 0;
	if (!s[2])
		return 1;
	return s[1] == '1' && s[2] >= '0' && s[2] <= '6' && !s[3];
}

static int S_one_of(const char *s, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(s, list[i]) == 0)
			return 1;
	return 0;
}

/* list { token+ }: at least one word between blanks. */
static int S_tokens(const char *s)
{
	for (; *s; s++)
		if (!S_blank((unsigned char)*s))
			return 1;
	return 0;
}

static int S_game(const char *s)
{
	for (size_t i = 0; tb_game_at(i); i++)
		if (strcmp(s, tb_game_name(tb_game_at(i))) == 0)
			return 1;
	return 0;
}

/* Is 's' a value of kind 'v'? -1 when a pattern cannot be compiled or a type checked
 * (memory). */
static int S_value(tb_xml_check *c, int v, const char *s)
{
	static const char *const sides[] = {"first", "second", "unknown"};
	static const char *const crowns[] = {"crowned", "stage"};
	switch (v) {
	case V_ANY:
	case V_KIND: return 1; /* an <alt>'s kind: S_alt_kind */
	case V_VERSION: return strcmp(s, TB_XML_VERSION) == 0;
	case V_GAME: return S_game(s);
	case V_LANGUAGE: return S_language(c, s);
	case V_NNI:
	case V_POSINT:
	case V_UBYTE: return S_typed(c, v, s);
	case V_SIDE: return S_one_of(s, sides, 3);
	case V_PSIDE: return S_one_of(s, sides, 2);
	case V_TRUE: return strcmp(s, "true") == 0;
	case V_CROWN: return S_one_of(s, crowns, 2);
	case V_POINT: return S_point(s);
	case V_EVENT: return tb_event_kind_of(s) != 0; /* the schema's list is the kinds' names */
	case V_PART: return tb_part_kind_of(s) >= TB_PART_GAME; /* the games' own, as events */
	case V_TOKENS: return S_tokens(s);
	case V_WRITTEN: return !*s ? 1 : S_pattern(c, R_WRITTEN, s);
	case V_TAGNAME: return S_pattern(c, R_TAGNAME, s);
	case V_CLANG: return S_pattern(c, R_CLANG, s);
	case V_ARROWS: return S_pattern(c, R_ARROWS, s);
	case V_CIRCLES: return S_pattern(c, R_CIRCLES, s);
	case V_LABELS: return S_pattern(c, R_LABELS, s);
	case V_TIME: return S_pattern(c, R_TIME, s);
	case V_REGION: return S_pattern(c, R_REGION, s);
	case V_TYPE: return S_pattern(c, R_TYPE, s);
	default: return 0;
	}
}

/* What a value of kind 'v' is, for a message; a game's name, the
 * games there are (into 'buf'). */
static const char *S_says(int v, char *buf, size_t cap)
{
	if (v != V_GAME)
		return S_value_says[v];
	tb_game_names(buf, cap, "", "or", "", "");
	return buf;
}

/* ===== Elements ===== */

static int S_element_of(const char *ns, const char *local)
{
	if (!ns || strcmp(ns, TB_XML_NS) != 0 || !local)
		return -1;
	for (int e = 0; e < E_COUNT; e++)
		if (strcmp(local, S_names[e]) == 0)
			return e;
	return -1;
}

static const S_attr *S_find(const S_attrs_of *t, const char *name, int xml)
{
	for (unsigned i = 0; t && i < t->n; i++)
		if (((t->a[i].flags & A_XML) != 0) == xml && strcmp(t->a[i].name, name) == 0)
			return &t->a[i];
	return NULL;
}

/* The attribute set of the element the reader is on: its table, and
 * for an <alt> its kind's ('*more'), with the state its content starts
 * in ('*model'). */
static const char *S_alt_kind(tb_xml_check *c, xmlTextReaderPtr xr, const S_attrs_of **more,
                              uint8_t *model)
{
	xmlChar *kind = xmlTextReaderGetAttribute(xr, BAD_CAST "kind");
	*more = NULL;
	for (size_t i = 0; kind && i < sizeof S_alt_kinds / sizeof S_alt_kinds[0]; i++)
		if (strcmp((const char *)kind, S_alt_kinds[i].kind) == 0) {
			*more = &S_alt_kinds[i].more;
			*model = S_alt_kinds[i].model;
		}
	const char *why = *more ? NULL
	                        : S_refuse(c, "<alt> needs kind=\"move\", \"pass\", \"unknown\", "
	                                   "\"omitted\", \"gap\" or \"position\"%s%.40s%s",
	                                   kind ? ", not \"" : "", kind ? (char *)kind : "",
	                                   kind ? "\"" : "");
	xmlFree(kind);
	return why;
}

/* Checks every attribute of the element 'e' the reader is on against
 * 'own' and 'more', then that those required are there. */
static const char *S_check_attrs(tb_xml_check *c, xmlTextReaderPtr xr, int e,
                                 const S_attrs_of *own, const S_attrs_of *more)
{
	uint32_t seen = 0; /* own's bits, then more's from bit 16 */
	char games[160];
	const char *why = NULL;
	for (int ok = xmlTextReaderMoveToFirstAttribute(xr); ok == 1 && !why;
	     ok = xmlTextReaderMoveToNextAttribute(xr)) {
		if (xmlTextReaderIsNamespaceDecl(xr) == 1)
			continue;
		const char *name = (const char *)xmlTextReaderConstLocalName(xr);
		const char *ns = (const char *)xmlTextReaderConstNamespaceUri(xr);
		const char *val = (const char *)xmlTextReaderConstValue(xr);
		int xml = ns && strcmp(ns, "http://www.w3.org/XML/1998/namespace") == 0;
		const S_attr *a = NULL;
		int took;
		if (!name || !val || (ns && !xml))
			a = NULL;
		else if ((a = S_find(own, name, xml)))
			seen |= 1u << (a - own->a);
		else if ((a = S_find(more, name, xml)))
			seen |= 1u << (16 + (a - more->a));
		if (!a)
			why = S_refuse(c, "<%s> has no attribute %s%s", S_names[e],
			               ns && !xml ? "in another namespace, " : xml ? "xml:" : "",
			               name ? name : "");
		else if ((took = S_value(c, a->value, val)) < 0)
			why = S_nomem(c);
		else if (!took)
			why = S_refuse(c, "<%s> %s%s=\"%.60s\": the schema takes %s here", S_names[e],
			               xml ? "xml:" : "", name, val, S_says(a->value, games, sizeof games));
	}
	xmlTextReaderMoveToElement(xr);
	for (int t = 0; t < 2 && !why; t++) {
		const S_attrs_of *set = t ? more : own;
		for (unsigned i = 0; set && i < set->n && !why; i++)
			if ((set->a[i].flags & A_REQ) && !(seen & (1u << (16 * t + i))))
				why = S_refuse(c, "<%s> needs attribute %s", S_names[e], set->a[i].name);
	}
	return why;
}

/* The schema's couplings of attributes: max only with min (a gap's),
 * own only with wit (an alternative's), one of point and to (a game's
 * part's). */
static const char *S_couplings(tb_xml_check *c, xmlTextReaderPtr xr, int e)
{
	static const char *const pairs[][2] = {{"max", "min"}, {"own", "wit"}};
	if (e == E_PART) { /* a game's part has one point: point= or to= */
		xmlChar *a = xmlTextReaderGetAttribute(xr, BAD_CAST "point");
		xmlChar *b = xmlTextReaderGetAttribute(xr, BAD_CAST "to");
		int both = a && b, neither = !a && !b;
		xmlFree(a);
		xmlFree(b);
		return both      ? S_refuse(c, "<part> has both point and to: one of them")
		       : neither ? S_refuse(c, "<part> needs point or to")
		                 : NULL;
	}
	for (int i = 0; i < 2; i++) {
		if (i == 1 && e != E_ALT)
			continue;
		xmlChar *a = xmlTextReaderGetAttribute(xr, BAD_CAST pairs[i][0]);
		xmlChar *b = a ? xmlTextReaderGetAttribute(xr, BAD_CAST pairs[i][1]) : NULL;
		int bad = a && !b;
		xmlFree(a);
		xmlFree(b);
		if (bad)
			return S_refuse(c, "<%s> has %s without %s", S_names[e], pairs[i][0],
			                pairs[i][1]);
	}
	return NULL;
}

/* What the state allows next, for a message: "<comment>, <tag> or <moves>". */
static void S_expected(const S_state *s, char *out, size_t cap)
{
	size_t len = 0;
	out[0] = '\0';
	for (unsigned i = 0; i < s->n; i++) {
		int w = s->e[i].what;
		const char *name = w == C_PART ? "a part (<place>, <from>, <step>...)"
		                   : w == C_NODE ? "a turn, <gap> or <position>"
		                                 : NULL;
		len += (size_t)snprintf(out + len, cap - len, "%s%s%s%s",
		                        i == 0 ? "" : i + 1 == s->n ? " or " : ", ", name ? "" : "<",
		                        name ? name : S_names[w], name ? "" : ">");
		if (len >= cap)
			return;
	}
}

static int S_push(tb_xml_check *c, int e, uint8_t state)
{
	if (c->depth == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 32;
		S_frame *s = tb_realloc(c->stack, cap * sizeof *s);
		if (!s)
			return 0;
		c->stack = s;
		c->cap = cap;
	}
	c->stack[c->depth++] = (S_frame){(uint8_t)e, state};
	return 1;
}

const char *tb_xml_check_start(tb_xml_check *c, struct _xmlTextReader *xr)
{
	const char *ns = (const char *)xmlTextReaderConstNamespaceUri(xr);
	const char *local = (const char *)xmlTextReaderConstLocalName(xr);
	int e = S_element_of(ns, local);
	if (e < 0)
		return S_refuse(c, "<%s%s%s%s> is not an element of tablero XML", ns ? "{" : "",
		                ns ? ns : "", ns ? "}" : "", local ? local : "");
	if (c->depth == 0 && e != E_TGN)
		return S_refuse(c, "the root element is <%s>, not <tgn>", S_names[e]);
	if (c->depth) {
		S_frame *f = &c->stack[c->depth - 1];
		const S_state *s = &S_states[f->state];
		int cls = S_class(e), next = -1;
		for (unsigned i = 0; i < s->n && next < 0; i++)
			if (s->e[i].what == e || s->e[i].what == cls)
				next = s->e[i].next;
		if (next < 0) {
			char want[160];
			S_expected(s, want, sizeof want);
			return S_refuse(c, "<%s> cannot come here in <%s>%s%s", S_names[e],
			                S_names[f->elem], s->n ? ": expected " : " (nothing can)", want);
		}
		f->state = (uint8_t)next;
	}
	const S_attrs_of *more = NULL;
	uint8_t model = S_model[e];
	const char *why = e == E_ALT ? S_alt_kind(c, xr, &more, &model) : NULL;
	if (!why)
		why = S_check_attrs(c, xr, e, &S_attrs[e], more);
	if (!why && (e == E_GAP || e == E_ALT || e == E_PART))
		why = S_couplings(c, xr, e);
	if (why)
		return why;
	if (!S_push(c, e, model))
		return S_nomem(c);
	if (e == E_RESULT)
		c->nresult = 0;
	return NULL;
}

const char *tb_xml_check_text(tb_xml_check *c, const char *text)
{
	if (!c->depth || !text)
		return NULL;
	S_frame *f = &c->stack[c->depth - 1];
	if (f->state == S_TEXT)
		return NULL;
	if (f->state == S_RESULT) { /* one value, the text's pieces together */
		size_t n = strlen(text);
		if (c->nresult + n > S_RESULT_MAX)
			n = S_RESULT_MAX + 1 - c->nresult;
		memcpy(c->result + c->nresult, text, n);
		c->nresult += n;
		return NULL;
	}
	for (const char *p = text; *p; p++)
		if (!S_blank((unsigned char)*p))
			return S_refuse(c, "text is not allowed in <%s>", S_names[f->elem]);
	return NULL;
}

const char *tb_xml_check_end(tb_xml_check *c)
{
	static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*"};
	if (!c->depth)
		return NULL;
	S_frame *f = &c->stack[--c->depth];
	const S_state *s = &S_states[f->state];
	if (f->state == S_RESULT) {
		c->result[c->nresult > S_RESULT_MAX ? S_RESULT_MAX : c->nresult] = '\0';
		if (c->nresult > S_RESULT_MAX || !S_one_of(c->result, results, 4))
			return S_refuse(c, "<result> holds \"%s%s\", not 1-0, 0-1, 1/2-1/2 or *",
			                c->result, c->nresult > S_RESULT_MAX ? "..." : "");
		return NULL;
	}
	if (!s->accept) {
		char want[160];
		S_expected(s, want, sizeof want);
		return S_refuse(c, "<%s> ends where it needs %s", S_names[f->elem], want);
	}
	return NULL;
}
