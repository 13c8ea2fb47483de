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
 *
 * This file: the reader set up, its diagnostics, and a record read at a
 * time; the prolog is xml_read_prolog.c's, the elements turned into TGN
 * xml_read_tgn.c's (xml_read.h).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "evidence.h"
#include "game.h"
#include "marks.h"
#include "writer.h"
#include "xalloc.h"
#include "xml_read.h"

/* ===== Diagnostics ===== */

/* Memory ran out: the reader stops, and says TB_ENOMEM (S_next). What
 * the call that ran out goes on to do is left undone where it needs
 * what could not be made. */
void tb_xr_nomem(tb_xml_reader *x)
{
	x->nomem = 1;
	x->failed = 1;
}

/* What a refused call returns. */
static int S_refused(const tb_xml_reader *x)
{
	return x->nomem ? TB_ENOMEM : -1;
}

void tb_xr_diag(tb_xml_reader *x, tb_severity sev, int code, unsigned line, unsigned col,
                const char *fmt, ...)
{
	if (sev == TB_ERROR)
		x->failed = 1;
	if (x->ndiags == TB_XR_MAX_DIAGS)
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
		tb_xr_nomem(x);
		return;
	}
	x->ndiags++;
	x->diags[i] = (tb_diag){sev, code, x->name, line ? line : 1, col ? col : 1,
	                        (col ? col : 1) + 1, x->msgs[i], "", 0, NULL, 0, NULL, 0, NULL};
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
	tb_xr_diag(x, e->level == XML_ERR_WARNING ? TB_WARNING : TB_ERROR, valid ? TB_D_XML_INVALID
	                                                                  : TB_D_XML_MALFORMED,
	       (unsigned)(e->line > 0 ? e->line : 0), (unsigned)(e->int2 > 0 ? e->int2 : 0), "%s%s",
	       valid ? "not valid tablero XML: " : "not well-formed XML: ",
	       e->message ? e->message : "unknown error");
}

/* ===== Setting up ===== */

/* Refuses the document in the prolog: nothing more is read. */
int tb_xr_refuse(tb_xml_reader *x, unsigned line, unsigned col, const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	tb_xr_diag(x, TB_ERROR, TB_D_XML_MALFORMED, line, col, "%s", msg);
	x->refused = 1;
	return -1;
}

static int S_read_file(void *ctx, char *buf, int len)
{
	tb_xml_reader *x = ctx;
	if (x->refused)
		return -1;
	size_t n = fread(buf, 1, (size_t)len, x->f);
	if (n == 0 && ferror(x->f))
		return -1;
	return tb_xr_prolog(x, buf, n) ? -1 : (int)n;
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
	x->marks = (tb_buf)TB_BUF_SOFT; /* checked where it is made (tb_xr_marks_read) */
	return x;
}

static tb_xml_reader *S_setup(tb_xml_reader *x, xmlTextReaderPtr xr)
{
	x->xr = xr;
	if (!xr) {
		if (!x->failed)
			tb_xr_diag(x, TB_ERROR, TB_D_XML_MALFORMED, 1, 1, "cannot read the XML");
		return x;
	}
	xmlTextReaderSetStructuredErrorHandler(xr, S_xml_error, x);
	if (!(x->check = tb_xml_check_new()))
		tb_xr_nomem(x);
	return x;
}

/* No network, no DTD, no entities substituted; libxml2's limits kept;
 * UTF-8 whatever a declaration says (tb_xr_prolog refuses another). */
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
	if (len > 0x7fffffff || tb_xr_prolog(x, buf, len))
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
		tb_xr_nomem(x);
		return NULL;
	}
	for (size_t i = 0; i < tb_reader_ndiags(r); i++) {
		const tb_diag *d = tb_reader_diag(r, i);
		unsigned at = d->line >= 1 && d->line <= x->nlines ? x->xml_line[d->line - 1] : 1;
		tb_xr_diag(x, d->severity, d->code, at, 0, "%s", d->message);
	}
	if (got == 1 && !tb_record_errors(rec) && !x->failed && !(out = tb_record_write(rec, len)))
		tb_xr_nomem(x);
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
	char *v = tb_xr_attr(x, "version");
	int ours = ns && strcmp(ns, TB_XML_NS) == 0 && local && strcmp(local, "tgn") == 0;
	if (!ours) {
		tb_xr_diag(x, TB_ERROR, TB_D_XML_INVALID, tb_xr_line(x), 0,
		           "not tablero XML: the root element is {%s}%s, not {%s}tgn", ns ? ns : "",
		           local ? local : "", TB_XML_NS);
	} else if (!v || strcmp(v, TB_XML_VERSION) != 0) {
		tb_xr_diag(x, TB_ERROR, TB_D_XML_INVALID, tb_xr_line(x), 0,
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
		tb_xr_nomem(x);
		return 1;
	}
	tb_xr_diag(x, TB_ERROR, TB_D_XML_INVALID, tb_xr_line(x), 0, "not valid tablero XML: %s", why);
	return 1;
}

/* Handles the node the reader is on. Returns 1 when a record ended. */
int tb_xr_node(tb_xml_reader *x)
{
	int type = xmlTextReaderNodeType(x->xr);
	const char *name = (const char *)xmlTextReaderConstLocalName(x->xr);
	switch (type) {
	case XML_READER_TYPE_DOCUMENT_TYPE:
	case XML_READER_TYPE_ENTITY_REFERENCE:
		tb_xr_diag(x, TB_ERROR, TB_D_XML_MALFORMED, tb_xr_line(x), 0,
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
			tb_xr_element(x, name);
			if (empty)
				tb_xr_end_element(x, name);
		}
		if (empty)
			S_checked(x, tb_xml_check_end(x->check));
		return 0;
	}
	case XML_READER_TYPE_END_ELEMENT:
		if (!name || S_checked(x, tb_xml_check_end(x->check)) || x->check_only)
			return 0;
		tb_xr_end_element(x, name);
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
				tb_xr_diag(x, TB_ERROR, TB_D_XML_LIMIT, tb_xr_line(x), 0,
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
		int ended = tb_xr_node(x);
		if (x->failed)
			return S_refused(x);
		if (x->tgn.len > TB_MAX_RECORD) {
			tb_xr_diag(x, TB_ERROR, TB_D_XML_LIMIT, tb_xr_line(x), 0,
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
			tb_xr_diag(x, TB_ERROR, TB_D_XML_INVALID, tb_xr_line(x), 0,
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
