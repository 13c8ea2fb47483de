/*
 * xml_read.c -- tablero XML back to TGN (spec/xml.md).
 *
 * libxml2's streaming reader walks the document node by node, and
 * xml_check.c checks each node against the schema (schemas/tgn.rng, its
 * games the registry's) as it goes, in the same pass: no second RELAX NG
 * pass (issue 38). Each <record> is turned, element by element, into TGN text,
 * which the TGN reader then reads like any other record: everything the
 * notation checks is checked, and the record comes back in canonical
 * form. Each line of that text remembers the XML line its element was
 * on, so a problem TGN finds is reported where the XML says it.
 *
 * Safety: no network, no DTD (a DOCTYPE is refused before anything
 * else is read), no entity loaded or expanded; libxml2's depth and text
 * limits stay on (no XML_PARSE_HUGE); a record's text is bounded like a
 * TGN record (TB_MAX_RECORD).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/xmlreader.h>

#include "diag.h"
#include "evidence.h"
#include "game.h"
#include "lasterr.h"
#include "marks.h"
#include "record.h"
#include "writer.h"
#include "xalloc.h"
#include "xml.h"

#define S_MAX_DIAGS 100
#define S_EV_MAX 128    /* " @TIME @REGION" of a link that reads (evidence.c) */
#define S_XDECL_MAX 512 /* an XML declaration longer than this is refused */

/* Where the text of the record being converted is. */
enum { IN_NONE, IN_COMMENT, IN_RESULT };
/* Where the prolog scanner is. */
enum { P_TEXT, P_LT, P_PI, P_PI_Q, P_BANG, P_COMMENT, P_DASH1, P_DASH2, P_DONE };
/* Part elements whose name says more than their part's kind. */
enum { PN_OTHER, PN_PLACE, PN_FROM, PN_CAPTURE, PN_REMOVE };

struct tb_xml_reader {
	xmlTextReaderPtr xr;
	tb_xml_check *check;      /* the schema, checked as the nodes come */
	int check_only;           /* tb_xml_reader_check_only: no records read */
	FILE *f;
	char *name;
	int failed;              /* refused: no more records */
	int nomem;               /* and that for lack of memory: TB_ENOMEM */
	tb_lasterr err;          /* tb_xml_reader_errcode, tb_xml_reader_errmsg */
	int root_seen;
	/* the prolog, scanned as the bytes come in, for a DOCTYPE and for an
	   encoding other than UTF-8 */
	int pstate;              /* P_* */
	char decl[8];            /* after "<!" */
	size_t ndecl, pbytes;
	unsigned pline;
	unsigned char head[4];   /* the document's first bytes */
	char xdecl[S_XDECL_MAX]; /* the XML declaration, while it is read */
	size_t nxdecl;
	int in_xdecl;
	int refused;             /* refused in the prolog: nothing more is read */
	unsigned long calls;     /* of tb_xml_reader_next */
	/* diagnostics of the current call */
	tb_diag diags[S_MAX_DIAGS];
	char *msgs[S_MAX_DIAGS];
	size_t ndiags;
	/* the record being converted */
	int in_record;
	tb_buf tgn;              /* its TGN text */
	unsigned *xml_line;      /* TGN line (from 1) -> XML line */
	size_t nlines, lines_cap;
	int text_in;             /* IN_* */
	tb_buf text;             /* text of a <comment> or <result> */
	tb_buf marks;            /* that comment's author's marks, as TGN writes
	                            them ("[%cal Ra1a4] [%csl Gd5]"), or empty */
	char *lang;              /* xml:lang of that comment */
	/* the move (or alternative) whose parts are being read */
	int in_parts;
	tb_part parts[TB_MAX_PARTS];
	uint8_t named[TB_MAX_PARTS]; /* which element each part was (PN_*) */
	unsigned nparts;
	uint8_t crown;
	int reconstructed;      /* the move is reconstructed: '>' after its token */
	char *token;             /* its token attribute */
	unsigned token_line;
	char *wit;               /* an alternative's witnesses, "A?, B", to follow its token */
	/* evidence links read from attributes, as TGN text (" @0:02:10 @p12"),
	 * until what they follow is written: a node's, an alternative's, a comment's */
	char ev_node[S_EV_MAX], ev_alt[S_EV_MAX], ev_comment[S_EV_MAX];
	int reading_open;        /* "<" written, ">" not yet */
	int lone_unknown;        /* the move just written is "?", a placement on a
	                            point nobody knows: its first NAG (1-6) must
	                            be its suffix ("?!"), or the text is the
	                            unknown turn */
	int alt_index;           /* alternatives of the reading so far */
	int in_alt;
	char *game;              /* <record game="..."> */
	int game_tag;            /* a Game tag was given */
	unsigned record_line;
};

/* ===== Diagnostics ===== */

/* Memory ran out: the reader stops, and says TB_ENOMEM (S_next). What
 * the call that ran out goes on to do is left undone where it needs
 * what could not be made. */
static void S_nomem(tb_xml_reader *x)
{
	x->nomem = 1;
	x->failed = 1;
}

/* What a refused call returns. */
static int S_refused(const tb_xml_reader *x)
{
	return x->nomem ? TB_ENOMEM : -1;
}

static void S_diag(tb_xml_reader *x, tb_severity sev, int code, unsigned line, unsigned col,
                   const char *fmt, ...) __attribute__((format(printf, 6, 7)));
static void S_diag(tb_xml_reader *x, tb_severity sev, int code, unsigned line, unsigned col,
                   const char *fmt, ...)
{
	if (sev == TB_ERROR)
		x->failed = 1;
	if (x->ndiags == S_MAX_DIAGS)
		return;
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	size_t len = strlen(msg);
	while (len && (msg[len - 1] == '\n' || msg[len - 1] == ' '))
		msg[--len] = '\0'; /* libxml2's messages end in a newline */
	for (char *p = msg; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' '; /* and some hold one: a diagnostic is one line */
	const tb_diag *last = x->ndiags ? &x->diags[x->ndiags - 1] : NULL;
	if (last && last->line == (line ? line : 1) && strcmp(last->message, msg) == 0)
		return; /* libxml2 repeats itself */
	size_t i = x->ndiags;
	if (!(x->msgs[i] = tb_strdup(msg))) {
		S_nomem(x);
		return;
	}
	x->ndiags++;
	x->diags[i] = (tb_diag){sev, code, x->name, line ? line : 1, col ? col : 1,
	                        (col ? col : 1) + 1, x->msgs[i], "", 0, NULL, 0, NULL};
}

static void S_clear_diags(tb_xml_reader *x)
{
	for (size_t i = 0; i < x->ndiags; i++)
		free(x->msgs[i]);
	x->ndiags = 0;
}

/* libxml2's parser and validity errors. */
static void S_xml_error(void *ctx, xmlErrorPtr e)
{
	tb_xml_reader *x = ctx;
	/* libxml2's XML_ERR_NO_MEMORY is no TB_ENOMEM: it says so too of a
	 * text node over its limit, a refusal (tests/golden/xml-limits) */
	if (!e || e->level == XML_ERR_NONE || x->refused)
		return; /* refused in the prolog: ours is the message */
	int valid = e->domain == XML_FROM_RELAXNGV || e->domain == XML_FROM_VALID;
	S_diag(x, e->level == XML_ERR_WARNING ? TB_WARNING : TB_ERROR, valid ? TB_D_XML_INVALID
	                                                                  : TB_D_XML_MALFORMED,
	       (unsigned)(e->line > 0 ? e->line : 0), (unsigned)(e->int2 > 0 ? e->int2 : 0), "%s%s",
	       valid ? "not valid tablero XML: " : "not well-formed XML: ",
	       e->message ? e->message : "unknown error");
}

/* ===== Setting up ===== */

/* Refuses the document in the prolog: nothing more is read. */
static int S_refuse(tb_xml_reader *x, unsigned line, unsigned col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static int S_refuse(tb_xml_reader *x, unsigned line, unsigned col, const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	S_diag(x, TB_ERROR, TB_D_XML_MALFORMED, line, col, "%s", msg);
	x->refused = 1;
	return -1;
}

static int S_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* The value of the encoding pseudo-attribute of an XML declaration
 * ("<?xml version="1.0" encoding="..."?>", 'n' bytes) into 'enc' (at
 * most 'cap' bytes), and its column in '*col' and line offset in
 * '*lines'; returns 0 when the declaration names no encoding. */
static int S_decl_encoding(const char *d, size_t n, char *enc, size_t cap, unsigned *col,
                           unsigned *lines)
{
	for (size_t i = 5; i + 8 <= n; i++) {
		if (memcmp(d + i, "encoding", 8) != 0 || !S_space(d[i - 1]))
			continue;
		size_t k = i + 8;
		while (k < n && S_space(d[k]))
			k++;
		if (k >= n || d[k++] != '=')
			return 0;
		while (k < n && S_space(d[k]))
			k++;
		if (k >= n || (d[k] != '"' && d[k] != '\''))
			return 0;
		char q = d[k++];
		size_t e = k;
		while (e < n && d[e] != q)
			e++;
		snprintf(enc, cap, "%.*s", (int)(e - k), d + k);
		*lines = 0, *col = 1;
		for (size_t j = 0; j < k; j++) {
			if (d[j] == '\n') {
				++*lines;
				*col = 1;
			} else {
				++*col;
			}
		}
		return 1;
	}
	return 0;
}

/* Checks the XML declaration at the document's start: an encoding
 * other than UTF-8 is refused before libxml2 would transcode it. */
static int S_xml_decl(tb_xml_reader *x)
{
	char enc[64];
	unsigned col, lines;
	if (!S_decl_encoding(x->xdecl, x->nxdecl, enc, sizeof enc, &col, &lines) ||
	    strcasecmp(enc, "UTF-8") == 0)
		return 0;
	return S_refuse(x, 1 + lines, col, "the XML declaration names encoding \"%s\": tablero "
	                "XML is UTF-8, and a document in another encoding is not read", enc);
}

/* Keeps the bytes of an XML declaration ("<?xml" at the document's
 * start, after a UTF-8 byte order mark) until its "?>", then checks it. */
static int S_xml_decl_byte(tb_xml_reader *x, unsigned char c)
{
	if (x->nxdecl == S_XDECL_MAX)
		return S_refuse(x, 1, 1, "an XML declaration of more than %d bytes is not read",
		                S_XDECL_MAX);
	x->xdecl[x->nxdecl++] = (char)c;
	if (x->nxdecl == 6 && (memcmp(x->xdecl, "<?xml", 5) != 0 || !S_space((char)c)))
		x->in_xdecl = 0; /* another processing instruction */
	else if (x->nxdecl >= 4 && c == '>' && x->xdecl[x->nxdecl - 2] == '?') {
		x->in_xdecl = 0;
		return S_xml_decl(x);
	}
	return 0;
}

/* The first bytes say what the encoding is (XML 1.0, Appendix F): a
 * document in UTF-16, UTF-32 or EBCDIC is refused before libxml2 would
 * read it (tablero XML is UTF-8, and the scan reads bytes). */
static int S_head(tb_xml_reader *x, unsigned char c)
{
	if (x->pbytes < 4)
		x->head[x->pbytes] = c;
	if (x->pbytes < 2 && (c == 0 || c == 0xFE || c == 0xFF))
		return S_refuse(x, 1, 1, "tablero XML is UTF-8, and this document is not (%s?)",
		                "UTF-16 or UTF-32");
	if (x->pbytes == 3 && memcmp(x->head, "\x4C\x6F\xA7\x94", 4) == 0)
		return S_refuse(x, 1, 1, "tablero XML is UTF-8, and this document is not (%s?)",
		                "EBCDIC");
	int bom = x->pbytes >= 3 && memcmp(x->head, "\xEF\xBB\xBF", 3) == 0;
	if (c == '<' && x->pbytes == (bom ? 3u : 0u))
		x->in_xdecl = 1; /* perhaps "<?xml": kept until it ends */
	return 0;
}

/* Scans the prolog (what comes before the root element) as the bytes
 * come in, skipping comments and processing instructions, for a
 * DOCTYPE: it is refused before libxml2 reads a declaration of it; and
 * for an encoding other than UTF-8 (S_head, S_xml_decl). Returns -1
 * when refused. */
static int S_prolog(tb_xml_reader *x, const char *buf, size_t n)
{
	for (size_t i = 0; i < n && x->pstate != P_DONE; i++, x->pbytes++) {
		unsigned char c = (unsigned char)buf[i];
		if (x->pbytes < 4 && S_head(x, c))
			return -1;
		if (x->in_xdecl && S_xml_decl_byte(x, c))
			return -1;
		if (c == '\n')
			x->pline++;
		switch (x->pstate) {
		case P_TEXT: x->pstate = c == '<' ? P_LT : P_TEXT; break;
		case P_LT:
			x->pstate = c == '?' ? P_PI : c == '!' ? P_BANG : P_DONE;
			x->ndecl = 0;
			break;
		case P_PI: x->pstate = c == '?' ? P_PI_Q : P_PI; break;
		case P_PI_Q: x->pstate = c == '>' ? P_TEXT : c == '?' ? P_PI_Q : P_PI; break;
		case P_BANG:
			x->decl[x->ndecl++] = (char)c;
			if (x->ndecl == 2 && memcmp(x->decl, "--", 2) == 0) {
				x->pstate = P_COMMENT;
			} else if (x->ndecl == 7 && memcmp(x->decl, "DOCTYPE", 7) == 0) {
				return S_refuse(x, x->pline + 1, 1, "a DOCTYPE is not allowed: %s",
				                "tablero XML has no DTD and no entities");
			} else if (memcmp(x->decl, "--", x->ndecl < 2 ? x->ndecl : 2) != 0 &&
			           memcmp(x->decl, "DOCTYPE", x->ndecl) != 0) {
				x->pstate = P_DONE; /* not well-formed: libxml2 says so */
			}
			break;
		case P_COMMENT: x->pstate = c == '-' ? P_DASH1 : P_COMMENT; break;
		case P_DASH1: x->pstate = c == '-' ? P_DASH2 : P_COMMENT; break;
		case P_DASH2: x->pstate = c == '>' ? P_TEXT : c == '-' ? P_DASH2 : P_COMMENT; break;
		default: break;
		}
	}
	return 0;
}

static int S_read_file(void *ctx, char *buf, int len)
{
	tb_xml_reader *x = ctx;
	if (x->refused)
		return -1;
	size_t n = fread(buf, 1, (size_t)len, x->f);
	if (n == 0 && ferror(x->f))
		return -1;
	return S_prolog(x, buf, n) ? -1 : (int)n;
}

static tb_xml_reader *S_alloc(FILE *f, const char *name)
{
	tb_xml_reader *x = tb_calloc(1, sizeof *x);
	if (!x || !(x->name = tb_strdup(name ? name : "<xml>"))) {
		free(x);
		return NULL;
	}
	x->f = f;
	x->tgn = (tb_buf)TB_BUF_SOFT; /* checked once a record (S_convert) */
	x->text = (tb_buf)TB_BUF_SOFT;
	x->marks = (tb_buf)TB_BUF_SOFT; /* checked where it is made (S_marks_read) */
	return x;
}

static tb_xml_reader *S_setup(tb_xml_reader *x, xmlTextReaderPtr xr)
{
	x->xr = xr;
	if (!xr) {
		if (!x->failed)
			S_diag(x, TB_ERROR, TB_D_XML_MALFORMED, 1, 1, "cannot read the XML");
		return x;
	}
	xmlTextReaderSetStructuredErrorHandler(xr, S_xml_error, x);
	if (!(x->check = tb_xml_check_new()))
		S_nomem(x);
	return x;
}

/* No network, no DTD, no entities substituted; libxml2's limits kept;
 * UTF-8 whatever a declaration says (S_prolog refuses another). */
#define S_OPTIONS (XML_PARSE_NONET | XML_PARSE_IGNORE_ENC)

tb_xml_reader *tb_xml_reader_new_file(FILE *f, const char *name)
{
	tb_xml_reader *x = S_alloc(f, name);
	return x ? S_setup(x, xmlReaderForIO(S_read_file, NULL, x, NULL, NULL, S_OPTIONS)) : NULL;
}

tb_xml_reader *tb_xml_reader_new_mem(const char *buf, size_t len, const char *name)
{
	tb_xml_reader *x = S_alloc(NULL, name);
	if (!x)
		return NULL;
	if (len > 0x7fffffff || S_prolog(x, buf, len))
		return S_setup(x, NULL);
	return S_setup(x, xmlReaderForMemory(buf, (int)len, NULL, NULL, S_OPTIONS));
}

void tb_xml_reader_free(tb_xml_reader *x)
{
	if (!x)
		return;
	S_clear_diags(x);
	if (x->xr)
		xmlFreeTextReader(x->xr);
	tb_xml_check_free(x->check);
	tb_buf_free(&x->tgn);
	tb_buf_free(&x->text);
	tb_buf_free(&x->marks);
	free(x->xml_line);
	free(x->lang);
	free(x->token);
	free(x->wit);
	free(x->game);
	free(x->name);
	free(x);
}

void tb_xml_reader_check_only(tb_xml_reader *x) { x->check_only = 1; }

size_t tb_xml_reader_ndiags(const tb_xml_reader *x) { return x->ndiags; }

const tb_diag *tb_xml_reader_diag(const tb_xml_reader *x, size_t i)
{
	return i < x->ndiags ? &x->diags[i] : NULL;
}

/* ===== Writing the TGN text ===== */

/* The line of the node the reader is on (the parser may be ahead). */
static unsigned S_line(const tb_xml_reader *x)
{
	xmlNodePtr node = xmlTextReaderCurrentNode(x->xr);
	long line = node ? xmlGetLineNo(node) : -1;
	return line > 0 ? (unsigned)line : (unsigned)xmlTextReaderGetParserLineNumber(x->xr);
}

/* Room for one more line in xml_line; 0 when memory ran out. */
static int S_lines_grow(tb_xml_reader *x)
{
	size_t cap = x->lines_cap ? 2 * x->lines_cap : 256;
	unsigned *v = tb_realloc(x->xml_line, cap * sizeof *v);
	if (!v) {
		S_nomem(x);
		return 0;
	}
	x->xml_line = v;
	x->lines_cap = cap;
	return 1;
}

/* Starts a new line of TGN text for the element on the current XML line. */
static void S_newline(tb_xml_reader *x)
{
	if (x->nlines)
		tb_buf_putc(&x->tgn, '\n');
	if (x->nlines == x->lines_cap && !S_lines_grow(x))
		return;
	x->xml_line[x->nlines++] = S_line(x);
}

/* Lines of TGN text written since 'from' (a comment's or a tag's own
 * line breaks) keep the XML line they came from. */
static void S_map_newlines(tb_xml_reader *x, size_t from)
{
	unsigned line = x->nlines ? x->xml_line[x->nlines - 1] : 1;
	for (size_t i = from; i < x->tgn.len; i++)
		if (x->tgn.data[i] == '\n') {
			if (x->nlines == x->lines_cap && !S_lines_grow(x))
				return;
			x->xml_line[x->nlines++] = line;
		}
}

static char *S_attr(tb_xml_reader *x, const char *name)
{
	return (char *)xmlTextReaderGetAttribute(x->xr, BAD_CAST name);
}

/* The element's attributes "time" and "region" (spec/xml.md), each
 * checked by the TGN reader's own reading of a link (evidence.c), as
 * the TGN text " @TIME @REGION" into 'out' (S_EV_MAX bytes; "" for
 * none): it goes into the TGN text after what it is evidence of. */
static void S_ev_read(tb_xml_reader *x, char *out)
{
	static const char *const names[] = {"time", "region"};
	out[0] = '\0';
	for (int i = 0; i < 2; i++) {
		char *v = S_attr(x, names[i]);
		tb_ev_token t;
		const char *why;
		size_t at, len = strlen(out);
		if (!v)
			continue;
		if (tb_ev_token_read(v, strlen(v), &t, &why, &at) || t.is_time != (i == 0))
			S_diag(x, TB_ERROR, TB_D_XML_INVALID, S_line(x), 0, "%s=\"%.40s\": %s",
			       names[i], v, t.is_time != (i == 0) ? "not a link of that kind" : why);
		else /* a link read is short: at most 27 or 68 bytes */
			snprintf(out + len, S_EV_MAX - len, " @%s", v);
		xmlFree(v);
	}
}

/* Writes the links kept in 'ev' (S_ev_read), and forgets them. */
static void S_ev_flush(tb_xml_reader *x, char *ev)
{
	tb_buf_puts(&x->tgn, ev);
	ev[0] = '\0';
}

/* Reads a point attribute ("d3", "?") into '*pt'. */
static int S_point(tb_xml_reader *x, const char *name, tb_point *pt)
{
	char *v = S_attr(x, name);
	int ok = 0;
	if (v && strcmp(v, "?") == 0) {
		*pt = TB_PT_UNKNOWN;
		ok = 1;
	} else if (v && v[0] >= 'a' && v[0] <= 'h' && v[1] >= '1' && v[1] <= '9') {
		int rank = atoi(v + 1);
		*pt = TB_PT(v[0] - 'a', rank - 1);
		ok = rank >= 1 && rank <= TB_MAX_RANKS;
	}
	xmlFree(v);
	return ok;
}

/* The number the record wrote before a gap or a position ('written'),
 * where it moved the record's numbering (spec/xml.md). */
static void S_written(tb_xml_reader *x)
{
	char *written = S_attr(x, "written");
	if (written && *written)
		tb_buf_printf(&x->tgn, "%s ", written);
	xmlFree(written);
}

/* "N. " or "N... " before a turn (nothing when its side is unknown):
 * the number the source wrote where it disagreed with the count (its
 * 'written', which the schema spells; "" for none), else the count's. */
static void S_number(tb_xml_reader *x)
{
	char *n = S_attr(x, "n"), *side = S_attr(x, "side"), *written = S_attr(x, "written");
	S_newline(x);
	if (written && *written)
		tb_buf_printf(&x->tgn, "%s ", written);
	else if (!written && n && side && strcmp(side, "unknown") != 0)
		tb_buf_printf(&x->tgn, "%s%s ", n, strcmp(side, "first") == 0 ? "." : "...");
	xmlFree(n);
	xmlFree(side);
	xmlFree(written);
}

/* Begins collecting a move's parts (a <move> or an <alt kind="move">). */
static void S_parts_begin(tb_xml_reader *x)
{
	char *crown = S_attr(x, "crown");
	x->in_parts = 1;
	x->nparts = 0;
	x->crown = crown ? (strcmp(crown, "stage") == 0 ? 2 : 1) : 0;
	free(x->token);
	char *tok = S_attr(x, "token");
	x->token = tok ? tb_strdup(tok) : NULL;
	if (tok && !x->token)
		S_nomem(x);
	x->token_line = S_line(x);
	xmlFree(tok);
	xmlFree(crown);
}

static void S_part(tb_xml_reader *x, const char *name)
{
	static const struct {
		const char *name, *attr;
		tb_part_kind kind;
		uint8_t named;
	} kinds[] = {{"place", "point", TB_PART_AT, PN_PLACE},
	             {"from", "point", TB_PART_AT, PN_FROM},
	             {"step", "to", TB_PART_STEP, PN_OTHER},
	             {"hop", "to", TB_PART_HOP, PN_OTHER},
	             {"capture", "to", TB_PART_CAPTURE, PN_CAPTURE},
	             {"remove", "point", TB_PART_REMOVE, PN_REMOVE},
	             {"push", "to", TB_PART_PUSH, PN_OTHER},
	             {"relocate", "to", TB_PART_RELOCATE, PN_OTHER},
	             {"huff", "point", TB_PART_HUFF, PN_OTHER}};
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		if (strcmp(name, kinds[i].name) != 0)
			continue;
		tb_point pt;
		if (x->nparts == TB_MAX_PARTS)
			S_diag(x, TB_ERROR, TB_D_XML_INVALID, S_line(x), 0,
			       "a turn has more than %d parts", TB_MAX_PARTS);
		else if (!S_point(x, kinds[i].attr, &pt))
			S_diag(x, TB_ERROR, TB_D_XML_INVALID, S_line(x), 0, "<%s> needs a point", name);
		else {
			x->named[x->nparts] = kinds[i].named;
			x->parts[x->nparts++] = (tb_part){(uint8_t)kinds[i].kind, pt};
		}
		return;
	}
}

/* Does the elements' naming of the collected parts say what the token
 * will? <place> and <from> are one part, a piece's first point, that
 * goes somewhere only after <from>; <capture> and <remove> are one 'x'
 * in a token, a game's capture or La Pitarra's removal. */
static const char *S_names_wrong(const tb_xml_reader *x)
{
	const tb_game *g = tb_game_find(x->game ? x->game : "");
	for (unsigned i = 0; i < x->nparts; i++) {
		int goes = 0;
		for (unsigned j = i + 1; j < x->nparts; j++)
			goes |= x->parts[j].kind == TB_PART_STEP || x->parts[j].kind == TB_PART_HOP ||
			        x->parts[j].kind == TB_PART_CAPTURE;
		if (x->named[i] == PN_PLACE && goes)
			return "<place> is a piece put down: a piece that goes on starts with <from>";
		if (x->named[i] == PN_FROM && !goes)
			return "<from> needs a <step>, <hop> or <capture> after it; a piece put down "
			       "is <place>";
		if (x->named[i] == PN_CAPTURE && g && !g->captured)
			return "this game takes pieces by <remove> after a line of three, not <capture>";
		if (x->named[i] == PN_REMOVE && g && g->captured)
			return "this game takes pieces by <capture>, not <remove>";
	}
	return NULL;
}

/* The comment naming an alternative's witnesses, after its token. */
static void S_wit_end(tb_xml_reader *x)
{
	if (!x->wit)
		return;
	tb_buf_puts(&x->tgn, " ");
	tb_write_comment(&x->tgn, x->wit, NULL);
	free(x->wit);
	x->wit = NULL;
}

/* Reads an alternative's wit="A B" and own="A" as the comment that
 * names its witnesses, "A?, B", kept in x->wit until its token is
 * written. */
static void S_wit_begin(tb_xml_reader *x)
{
	char *wit = S_attr(x, "wit"), *own = S_attr(x, "own");
	free(x->wit);
	x->wit = NULL;
	if (wit) {
		tb_buf b = TB_BUF_SOFT;
		char *save = NULL;
		for (char *t = strtok_r(wit, " \t\n", &save); t; t = strtok_r(NULL, " \t\n", &save)) {
			int mine = 0;
			size_t n = strlen(t);
			for (const char *o = own; o && *o && !mine;) {
				size_t k = strcspn(o, " \t\n");
				mine = k == n && strncmp(o, t, n) == 0;
				o += k + (o[k] != '\0');
			}
			tb_buf_printf(&b, "%s%s%s", b.len ? ", " : "", t, mine ? "?" : "");
		}
		if (!(x->wit = tb_buf_detach(&b, NULL)))
			S_nomem(x);
	}
	xmlFree(wit);
	xmlFree(own);
}

/* Writes the collected move as a token, once, checking it against the
 * token attribute. */
static void S_parts_end(tb_xml_reader *x)
{
	if (!x->in_parts)
		return;
	x->in_parts = 0;
	const char *wrong = S_names_wrong(x);
	if (wrong)
		S_diag(x, TB_ERROR, TB_D_XML_INVALID, x->token_line, 0, "%s", wrong);
	tb_buf tok = TB_BUF_SOFT;
	tb_move m = {(uint8_t)x->nparts, x->crown, x->parts};
	tb_move_write(&tok, &m);
	if (!tb_buf_ok(&tok) || !tok.data) { /* a move writes a byte at least */
		tb_buf_free(&tok);
		S_nomem(x);
		return;
	}
	if (x->token && strcmp(x->token, tok.data) != 0)
		S_diag(x, TB_ERROR, TB_D_XML_INVALID, x->token_line, 0,
		       "token=\"%s\" does not say what the parts say (%s)", x->token, tok.data);
	tb_buf_puts(&x->tgn, tok.data);
	x->lone_unknown = !x->in_alt && strcmp(tok.data, "?") == 0;
	tb_buf_free(&tok);
	if (x->in_alt) /* before the comment that names its witnesses */
		S_ev_flush(x, x->ev_alt);
	S_wit_end(x);
	if (x->reconstructed) {
		tb_buf_putc(&x->tgn, '>');
		x->reconstructed = 0;
	}
}

/* Opens "<reconstructed " before a turn marked reconstructed="true";
 * returns 1 when it did. */
static int S_reconstructed(tb_xml_reader *x)
{
	char *v = S_attr(x, "reconstructed");
	int yes = v && strcmp(v, "true") == 0;
	if (yes)
		tb_buf_puts(&x->tgn, "<reconstructed ");
	xmlFree(v);
	return yes;
}

/* Closes what a node's first annotation follows: its move's token, or
 * its reading's alternatives -- its links not yet (S_body_end). */
static void S_body_close(tb_xml_reader *x)
{
	S_parts_end(x);
	if (x->reading_open) {
		tb_buf_putc(&x->tgn, '>');
		x->reading_open = 0;
	}
}

/* S_body_close, then the node's links. */
static void S_body_end(tb_xml_reader *x)
{
	S_body_close(x);
	S_ev_flush(x, x->ev_node);
}

/* An alternative of a reading: "d2", "reconstructed d2", "omitted",
 * "gap 2", "position \"...\"" (its move's token once its parts are
 * read). */
static void S_alt(tb_xml_reader *x)
{
	char *kind = S_attr(x, "kind"), *rec = S_attr(x, "reconstructed");
	const char *k = kind ? kind : "";
	x->in_alt = 1;
	S_ev_read(x, x->ev_alt);
	if (x->alt_index++)
		tb_buf_puts(&x->tgn, " | ");
	S_wit_begin(x);
	if (rec && strcmp(rec, "true") == 0)
		tb_buf_puts(&x->tgn, "reconstructed ");
	if (strcmp(k, "move") == 0) {
		S_parts_begin(x);
	} else if (strcmp(k, "gap") == 0) {
		char *min = S_attr(x, "min"), *max = S_attr(x, "max");
		tb_buf_printf(&x->tgn, "gap%s%s%s%s", min ? " " : "", min ? min : "", max ? "-" : "",
		              max ? max : "");
		xmlFree(min);
		xmlFree(max);
	} else if (strcmp(k, "position") == 0) {
		char *p = S_attr(x, "notation");
		tb_buf_puts(&x->tgn, "position \"");
		tb_write_escaped(&x->tgn, p ? p : "", "\"\\");
		tb_buf_putc(&x->tgn, '"');
		xmlFree(p);
	} else {
		tb_buf_puts(&x->tgn, strcmp(k, "pass") == 0      ? "pass"
		                     : strcmp(k, "omitted") == 0 ? "omitted"
		                                                 : "?");
	}
	if (strcmp(k, "move") != 0) { /* a move's token is written with its parts */
		S_ev_flush(x, x->ev_alt);
		S_wit_end(x);
	}
	xmlFree(kind);
	xmlFree(rec);
}

/* ===== Elements ===== */

/* A comment's author's marks (spec/xml.md): its attributes "arrows",
 * "circles", "shades" and "labels", each a list of items separated by
 * blanks, as the commands TGN writes; the TGN reader checks them. */
static void S_marks_read(tb_xml_reader *x)
{
	tb_buf_clear(&x->marks);
	for (int k = 0; k < 4; k++) {
		char *v = S_attr(x, tb_mark_xml[k]);
		if (!v)
			continue;
		tb_buf_printf(&x->marks, "%s[%%%s ", x->marks.len ? " " : "", tb_mark_command[k]);
		int items = 0, sep = 0; /* blanks between items are one ',' */
		for (const char *c = v; *c; c++) {
			int blank = *c == ' ' || *c == '\t' || *c == '\n' || *c == '\r';
			if (!blank && sep && items)
				tb_buf_putc(&x->marks, ',');
			if (!blank && (sep || !items))
				items++;
			sep = blank;
			if (!blank)
				tb_buf_putc(&x->marks, *c);
		}
		tb_buf_putc(&x->marks, ']');
		xmlFree(v);
	}
	if (!tb_buf_ok(&x->marks))
		S_nomem(x);
}

static void S_start_text(tb_xml_reader *x, int in)
{
	x->text_in = in;
	tb_buf_clear(&x->text);
	free(x->lang);
	/* the comment's own xml:lang; an inherited one (the record's, from
	 * its Language tag) is not read back */
	char *own = in == IN_COMMENT ? (char *)xmlTextReaderGetAttributeNs(
	                                   x->xr, BAD_CAST "lang",
	                                   BAD_CAST "http://www.w3.org/XML/1998/namespace")
	                             : NULL;
	x->lang = own ? tb_strdup(own) : NULL;
	if (own && !x->lang)
		S_nomem(x);
	xmlFree(own);
	if (in == IN_COMMENT)
		S_marks_read(x);
}

static void S_element(tb_xml_reader *x, const char *name)
{
	if (strcmp(name, "nag") != 0) /* only a NAG right after it is a suffix */
		x->lone_unknown = 0;
	if (strcmp(name, "record") == 0) {
		char *game = S_attr(x, "game");
		free(x->game);
		x->game = tb_strdup(game ? game : "");
		xmlFree(game);
		if (!x->game) { /* nothing reads on: S_node stops at 'failed' */
			S_nomem(x);
			return;
		}
		x->game_tag = 0;
		x->record_line = S_line(x);
		x->in_record = 1;
		tb_buf_clear(&x->tgn);
		x->nlines = 0;
		x->reading_open = x->in_parts = x->in_alt = 0;
		x->ev_node[0] = x->ev_alt[0] = x->ev_comment[0] = '\0';
		x->text_in = IN_NONE;
		S_newline(x); /* line 1: the record's own comments */
	} else if (strcmp(name, "tag") == 0) {
		char *n = S_attr(x, "name"), *v = S_attr(x, "value");
		if (n && strcmp(n, "Game") == 0) {
			x->game_tag = 1;
			if (!v || strcmp(v, x->game) != 0)
				S_diag(x, TB_ERROR, TB_D_XML_INVALID, S_line(x), 0,
				       "[Game \"%s\"] says another game than <record game=\"%s\">",
				       v ? v : "", x->game);
		}
		S_newline(x);
		size_t from = x->tgn.len;
		tb_buf_printf(&x->tgn, "[%s \"", n ? n : "");
		tb_write_escaped(&x->tgn, v ? v : "", "\"\\");
		tb_buf_puts(&x->tgn, "\"]");
		S_map_newlines(x, from);
		xmlFree(n);
		xmlFree(v);
	} else if (strcmp(name, "moves") == 0) {
		if (!x->game_tag) { /* the game the record element names */
			S_newline(x);
			x->xml_line[x->nlines - 1] = x->record_line;
			tb_buf_printf(&x->tgn, "[Game \"%s\"]", x->game);
		}
		S_newline(x); /* the blank line after the tags */
	} else if (strcmp(name, "move") == 0) {
		S_number(x);
		S_ev_read(x, x->ev_node);
		x->reconstructed = S_reconstructed(x);
		S_parts_begin(x);
	} else if (strcmp(name, "pass") == 0 || strcmp(name, "unknown") == 0) {
		S_number(x);
		S_ev_read(x, x->ev_node);
		int r = name[0] == 'p' && S_reconstructed(x);
		tb_buf_puts(&x->tgn, name[0] == 'p' ? "pass" : "?");
		if (r)
			tb_buf_putc(&x->tgn, '>');
	} else if (strcmp(name, "reading") == 0) {
		S_number(x);
		S_ev_read(x, x->ev_node);
		tb_buf_putc(&x->tgn, '<');
		x->reading_open = 1;
		x->alt_index = 0;
	} else if (strcmp(name, "alt") == 0) {
		S_alt(x);
	} else if (strcmp(name, "gap") == 0) {
		char *min = S_attr(x, "min"), *max = S_attr(x, "max");
		S_newline(x);
		S_written(x);
		tb_buf_printf(&x->tgn, "<gap%s%s%s%s>", min ? " " : "", min ? min : "", max ? "-" : "",
		              max ? max : "");
		xmlFree(min);
		xmlFree(max);
		S_ev_read(x, x->ev_node);
		S_ev_flush(x, x->ev_node);
	} else if (strcmp(name, "position") == 0) {
		char *p = S_attr(x, "notation");
		S_newline(x);
		S_written(x);
		tb_buf_puts(&x->tgn, "<position \"");
		tb_write_escaped(&x->tgn, p ? p : "", "\"\\");
		tb_buf_puts(&x->tgn, "\">");
		xmlFree(p);
		S_ev_read(x, x->ev_node);
		S_ev_flush(x, x->ev_node);
	} else if (strcmp(name, "nag") == 0) {
		static const char *const sfx[] = {"", "!", "?", "!!", "??", "!?", "?!"};
		char *code = S_attr(x, "code");
		S_body_close(x); /* its links after it: "?!" is a suffix ("? @0:00:01!" no word) */
		int k = code && code[0] >= '1' && code[0] <= '6' && !code[1] ? code[0] - '0' : 0;
		if (x->lone_unknown && k) /* "?!": not the unknown turn "? $1" */
			tb_buf_puts(&x->tgn, sfx[k]);
		else
			tb_buf_printf(&x->tgn, " $%s", code ? code : "");
		S_ev_flush(x, x->ev_node);
		x->lone_unknown = 0;
		xmlFree(code);
	} else if (strcmp(name, "comment") == 0) {
		if (x->in_alt) /* an alternative's comments follow its token */
			S_parts_end(x);
		else
			S_body_end(x);
		S_start_text(x, IN_COMMENT);
		S_ev_read(x, x->ev_comment);
	} else if (strcmp(name, "variation") == 0) {
		S_body_end(x);
		tb_buf_puts(&x->tgn, " (");
	} else if (strcmp(name, "result") == 0) {
		S_start_text(x, IN_RESULT);
	} else if (strcmp(name, "after") == 0) {
		S_body_end(x); /* derived: nothing of it is read back */
	} else {
		S_part(x, name);
	}
}

static void S_end_element(tb_xml_reader *x, const char *name)
{
	if (strcmp(name, "comment") == 0) {
		if (x->in_record) {
			size_t from = x->tgn.len;
			tb_buf_putc(&x->tgn, ' ');
			if (x->marks.len) { /* the marks first, as TGN writes them */
				if (x->text.len)
					tb_buf_putc(&x->marks, ' ');
				tb_buf_put(&x->marks, x->text.data ? x->text.data : "", x->text.len);
				tb_buf_putc(&x->marks, '\0');
				tb_write_comment(&x->tgn, tb_buf_ok(&x->marks) ? x->marks.data : "",
				                 x->lang);
				tb_buf_clear(&x->marks);
			} else
				tb_write_comment(&x->tgn, x->text.data ? x->text.data : "", x->lang);
			S_ev_flush(x, x->ev_comment);
			S_map_newlines(x, from);
		}
		x->text_in = IN_NONE;
	} else if (strcmp(name, "result") == 0) {
		S_newline(x);
		tb_buf_puts(&x->tgn, x->text.data ? x->text.data : "");
		x->text_in = IN_NONE;
	} else if (strcmp(name, "variation") == 0) {
		tb_buf_putc(&x->tgn, ')');
	} else if (strcmp(name, "alt") == 0) {
		S_parts_end(x);
		x->in_alt = 0;
	} else if (strcmp(name, "move") == 0 || strcmp(name, "reading") == 0 ||
	           strcmp(name, "pass") == 0 || strcmp(name, "unknown") == 0) {
		S_body_end(x);
	}
}

/* ===== Records ===== */

/* Reads the record's TGN text with the TGN reader: its canonical form,
 * or NULL with the problems reported at their XML lines. */
static char *S_convert(tb_xml_reader *x, size_t *len)
{
	tb_buf_putc(&x->tgn, '\n');
	tb_reader *r = tb_buf_ok(&x->tgn) && tb_buf_ok(&x->text) && !x->nomem
	                   ? tb_reader_new_mem(x->tgn.data, x->tgn.len, x->name) : NULL;
	tb_record *rec = NULL;
	char *out = NULL;
	int got = r ? tb_reader_next(r, &rec) : TB_ENOMEM;
	if (got == TB_ENOMEM) {
		tb_reader_free(r);
		S_nomem(x);
		return NULL;
	}
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		const tb_diag *d = tb_reader_diag(r, i);
		unsigned at = d->line >= 1 && d->line <= x->nlines ? x->xml_line[d->line - 1] : 1;
		S_diag(x, d->severity, d->code, at, 0, "%s", d->message);
	}
	if (got == 1 && !tb_record_errors(rec) && !x->failed && !(out = tb_record_write(rec, len)))
		S_nomem(x);
	tb_record_free(rec);
	tb_reader_free(r);
	return out;
}

/* Checks the root: the namespace and the version this reader knows. */
static void S_root(tb_xml_reader *x)
{
	const char *ns = (const char *)xmlTextReaderConstNamespaceUri(x->xr);
	const char *local = (const char *)xmlTextReaderConstLocalName(x->xr);
	x->root_seen = 1;
	char *v = S_attr(x, "version");
	int ours = ns && strcmp(ns, TB_XML_NS) == 0 && local && strcmp(local, "tgn") == 0;
	if (!ours) {
		S_diag(x, TB_ERROR, TB_D_XML_INVALID, S_line(x), 0,
		       "not tablero XML: the root element is {%s}%s, not {%s}tgn", ns ? ns : "",
		       local ? local : "", TB_XML_NS);
	} else if (!v || strcmp(v, TB_XML_VERSION) != 0) {
		S_diag(x, TB_ERROR, TB_D_XML_INVALID, S_line(x), 0,
		       "tablero XML version %s is not one this tablero reads (it reads %s)",
		       v ? v : "(none)", TB_XML_VERSION);
	}
	xmlFree(v);
}

/* Reports what the schema check refused ('why', or NULL: nothing);
 * returns 1 when it refused. */
static int S_checked(tb_xml_reader *x, const char *why)
{
	if (!why)
		return 0;
	if (tb_xml_check_nomem(x->check)) {
		S_nomem(x);
		return 1;
	}
	S_diag(x, TB_ERROR, TB_D_XML_INVALID, S_line(x), 0, "not valid tablero XML: %s", why);
	return 1;
}

/* Handles the node the reader is on. Returns 1 when a record ended. */
static int S_node(tb_xml_reader *x)
{
	int type = xmlTextReaderNodeType(x->xr);
	const char *name = (const char *)xmlTextReaderConstLocalName(x->xr);
	switch (type) {
	case XML_READER_TYPE_DOCUMENT_TYPE:
	case XML_READER_TYPE_ENTITY_REFERENCE:
		S_diag(x, TB_ERROR, TB_D_XML_MALFORMED, S_line(x), 0,
		       "a DOCTYPE or an entity is not allowed: tablero XML has no DTD and no entities");
		return 0;
	case XML_READER_TYPE_ELEMENT: {
		int empty = xmlTextReaderIsEmptyElement(x->xr);
		if (!x->root_seen)
			S_root(x);
		if (x->failed || !name || S_checked(x, tb_xml_check_start(x->check, x->xr)))
			return 0;
		if (x->root_seen == 1) { /* the root: no record */
			x->root_seen = 2;
		} else if (!x->check_only) {
			S_element(x, name);
			if (empty)
				S_end_element(x, name);
		}
		if (empty)
			S_checked(x, tb_xml_check_end(x->check));
		return 0;
	}
	case XML_READER_TYPE_END_ELEMENT:
		if (!name || S_checked(x, tb_xml_check_end(x->check)) || x->check_only)
			return 0;
		S_end_element(x, name);
		if (strcmp(name, "record") == 0 && x->in_record) {
			x->in_record = 0;
			return 1;
		}
		return 0;
	case XML_READER_TYPE_TEXT:
	case XML_READER_TYPE_CDATA:
	case XML_READER_TYPE_WHITESPACE:
	case XML_READER_TYPE_SIGNIFICANT_WHITESPACE:
		if (S_checked(x, tb_xml_check_text(x->check,
		                                   (const char *)xmlTextReaderConstValue(x->xr))))
			return 0;
		if (x->text_in != IN_NONE) {
			const char *v = (const char *)xmlTextReaderConstValue(x->xr);
			tb_buf_puts(&x->text, v ? v : "");
			if (x->tgn.len + x->text.len > TB_MAX_RECORD)
				S_diag(x, TB_ERROR, TB_D_XML_LIMIT, S_line(x), 0,
				       "a record is over %u MiB of TGN", TB_MAX_RECORD >> 20);
		}
		return 0;
	default:
		return 0;
	}
}

/* No external entity or DTD is ever loaded, whatever asks. */
static xmlParserInputPtr S_no_entity(const char *url, const char *id, xmlParserCtxtPtr ctx)
{
	(void)url;
	(void)id;
	(void)ctx;
	return NULL;
}

static int S_next(tb_xml_reader *x, char **tgn, size_t *len);

/* Sets the reader's last error from what tb_xml_reader_next returned:
 * a refused document (-1) is TB_ESYNTAX, with its first error's words. */
static void S_told(tb_xml_reader *x, int got)
{
	if (got >= 0) {
		tb_lasterr_clear(&x->err);
		return;
	}
	const char *why = NULL;
	for (size_t i = 0; i < x->ndiags && !why; i++)
		if (x->diags[i].severity == TB_ERROR)
			why = x->diags[i].message;
	if (got == -1)
		got = TB_ESYNTAX;
	tb_lasterr_set(&x->err, got, why ? "%s" : NULL, why);
}

int tb_xml_reader_next(tb_xml_reader *x, char **tgn, size_t *len)
{
	if (!x || !tgn) {
		if (tgn)
			*tgn = NULL;
		return TB_EINVAL;
	}
	xmlExternalEntityLoader keep = xmlGetExternalEntityLoader();
	xmlSetExternalEntityLoader(S_no_entity);
	int got = S_next(x, tgn, len);
	xmlSetExternalEntityLoader(keep);
	S_told(x, got);
	return got;
}

static int S_next(tb_xml_reader *x, char **tgn, size_t *len)
{
	if (x->calls++) /* the first call keeps what setting up found */
		S_clear_diags(x);
	*tgn = NULL;
	if (len)
		*len = 0;
	if (x->failed || !x->xr)
		return S_refused(x);
	int got;
	while ((got = xmlTextReaderRead(x->xr)) == 1) {
		int ended = S_node(x);
		if (x->failed)
			return S_refused(x);
		if (x->tgn.len > TB_MAX_RECORD) {
			S_diag(x, TB_ERROR, TB_D_XML_LIMIT, S_line(x), 0,
			       "a record is over %u MiB of TGN", TB_MAX_RECORD >> 20);
			return -1;
		}
		if (ended) {
			*tgn = S_convert(x, len);
			return *tgn ? 1 : S_refused(x);
		}
	}
	if (x->nomem)
		return TB_ENOMEM;
	if (got < 0 || x->failed || !x->root_seen) {
		if (!x->failed)
			S_diag(x, TB_ERROR, TB_D_XML_INVALID, S_line(x), 0,
			       "the document is not valid tablero XML");
		x->failed = 1;
		return -1;
	}
	return 0;
}

/* ===== The last error (tablero.h, "Errors") ===== */

int tb_xml_reader_errcode(const tb_xml_reader *x) { return tb_lasterr_code(x ? &x->err : NULL); }
const char *tb_xml_reader_errmsg(const tb_xml_reader *x)
{
	return tb_lasterr_msg(x ? &x->err : NULL);
}
