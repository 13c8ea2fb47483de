/*
 * tei_read.c -- TEI that tablero tei wrote, back to TGN (spec/tei.md,
 * "Reading TEI back").
 *
 * libxml2 reads the document into a tree (no network, no DTD: a
 * document with a DOCTYPE is refused; no entity is loaded or expanded;
 * its own limits of depth and size stay on), and each <TEI> is turned,
 * element by element, into TGN text: the tags from the notesStmt (the
 * record's own words: the rest of the header says them again for TEI's
 * readers, and is not read), the movetext from its segments. The TGN
 * reader then reads that text like any other record, so everything the
 * notation checks is checked, and the record comes back in canonical
 * form. Nothing is printed: the first problem goes to the caller's
 * tb_tei_error.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "buf.h"
#include "evidence.h"
#include "tablero.h"
#include "writer.h"
#include "xalloc.h"

#define S_TEI_NS "http://www.tei-c.org/ns/1.0"

typedef struct S_rd {
	tb_buf out;            /* the TGN text so far */
	tb_tei_error *err;
	int failed;            /* the document is refused: nothing more is read */
	/* the line being read */
	const char *written;   /* a <num type="written"> waiting for its node (owned by
	                          libxml2: xmlFree), or NULL */
	int suffix_ok;         /* the node before was a turn whose first NAG (1-6) the
	                          canonical form writes as its suffix */
	unsigned nags;         /* NAGs read since that node */
	tb_buf pend;           /* that node's evidence links, for after its NAGs */
	/* where each line of TGN came from, for the TGN reader's diagnostics */
	unsigned *lines;       /* TGN line i + 1 -> the TEI line it was made from */
	size_t nlines, cap;
	size_t scanned;        /* bytes of 'out' whose newlines 'lines' has */
	unsigned at;           /* the TEI line of the element being written */
} S_rd;

/* The TEI line of element 'n' is where what follows comes from. */
static void S_at(S_rd *x, const xmlNode *n)
{
	long line = xmlGetLineNo(n);
	if (line > 0)
		x->at = (unsigned)line;
}

/* One more line of TGN comes from the element being read. */
static void S_push_line(S_rd *x)
{
	if (x->nlines == x->cap) {
		size_t cap = x->cap ? 2 * x->cap : 64;
		unsigned *l = tb_realloc(x->lines, cap * sizeof *l);
		if (!l) {
			tb_buf_fail(&x->out);
			return;
		}
		x->lines = l;
		x->cap = cap;
	}
	x->lines[x->nlines++] = x->at;
}

/* Keeps where each line of TGN ended since the last call came from:
 * the element being read (a comment may hold a newline of its own). */
static void S_keep_lines(S_rd *x)
{
	for (; x->scanned < x->out.len; x->scanned++)
		if (x->out.data[x->scanned] == '\n')
			S_push_line(x);
}

/* Ends a line of TGN, keeping where it came from. */
static void S_nl(S_rd *x)
{
	tb_buf_putc(&x->out, '\n');
	S_keep_lines(x);
}

/* ===== Problems ===== */

static void S_fail(S_rd *x, const xmlNode *n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void S_fail(S_rd *x, const xmlNode *n, const char *fmt, ...)
{
	if (x->failed)
		return;
	x->failed = 1;
	long line = n ? xmlGetLineNo(n) : (long)x->at; /* NULL: the element being read */
	x->err->line = line > 0 ? (unsigned)line : 1;
	x->err->col = 1;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(x->err->message, sizeof x->err->message, fmt, ap);
	va_end(ap);
}

/* ===== The tree ===== */

/* Is 'n' the TEI element 'name'? */
static int S_is(const xmlNode *n, const char *name)
{
	return n && n->type == XML_ELEMENT_NODE && n->ns && n->ns->href &&
	       strcmp((const char *)n->ns->href, S_TEI_NS) == 0 &&
	       strcmp((const char *)n->name, name) == 0;
}

/* The first child element of 'n' that is TEI's 'name', or NULL. */
static xmlNode *S_child(const xmlNode *n, const char *name)
{
	for (xmlNode *c = n ? n->children : NULL; c; c = c->next)
		if (S_is(c, name))
			return c;
	return NULL;
}

/* Attribute 'name' of 'n' (no namespace), or NULL: xmlFree it. */
static char *S_attr(const xmlNode *n, const char *name)
{
	return (char *)xmlGetNoNsProp(n, (const xmlChar *)name);
}

/* Is attribute 'name' of 'n' 'value'? */
static int S_attr_is(const xmlNode *n, const char *name, const char *value)
{
	char *v = S_attr(n, name);
	int is = v && strcmp(v, value) == 0;
	xmlFree(v);
	return is;
}

/* Is 'n' text, or a comment or processing instruction, that says
 * nothing (white space between elements)? */
static int S_blank(const xmlNode *n)
{
	if (n->type == XML_COMMENT_NODE || n->type == XML_PI_NODE)
		return 1;
	if (n->type != XML_TEXT_NODE)
		return 0;
	for (const xmlChar *p = n->content; p && *p; p++)
		if (*p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
			return 0;
	return 1;
}

/* The text of 'n' and everything in it: xmlFree it. */
static char *S_content(const xmlNode *n)
{
	return (char *)xmlNodeGetContent(n);
}

/* ===== Evidence links ===== */

/* Pointer 'p' without its '#' and its record's prefix "gK." (a record
 * of a teiCorpus after the first: spec/tei.md 7): "#g2.t.5" -> "t.5". */
static const char *S_local(const char *p)
{
	if (*p++ != '#')
		return "";
	const char *q = p + 1;
	while (*p == 'g' && *q >= '0' && *q <= '9')
		q++;
	return *p == 'g' && q > p + 1 && *q == '.' ? q + 1 : p;
}

/* The number after 'prefix' in pointer 'p' ("#t.135000"), or -1. */
static long long S_id_number(const char *p, const char *prefix)
{
	p = S_local(p);
	size_t n = strlen(prefix);
	if (strncmp(p, prefix, n) != 0 || !p[n] || strspn(p + n, "0123456789") != strlen(p + n) ||
	    strlen(p + n) > 12)
		return -1;
	return strtoll(p + n, NULL, 10);
}

/* A region's zone pointer "#z.NAME" or "#z.NAME.X.Y.W.H" into 'e' (its
 * name into 'page'); 0, or -1 when it is no such pointer. */
static int S_zone(const char *p, tb_evidence *e, char *page, size_t cap)
{
	p = S_local(p);
	if (strncmp(p, "z.", 2) != 0)
		return -1;
	p += 2;
	size_t n = strcspn(p, ".");
	if (n == 0 || n >= cap)
		return -1;
	memcpy(page, p, n);
	page[n] = '\0';
	e->page = page;
	if (!p[n])
		return 0;
	unsigned long v[4];
	const char *q = p + n;
	for (int i = 0; i < 4; i++) {
		if (*q != '.' || !(q[1] >= '0' && q[1] <= '9'))
			return -1;
		char *end;
		v[i] = strtoul(q + 1, &end, 10);
		if (v[i] > TB_EVIDENCE_MAX_PX)
			return -1;
		q = end;
	}
	if (*q || v[2] == 0)
		return -1;
	e->x = (uint32_t)v[0], e->y = (uint32_t)v[1], e->w = (uint32_t)v[2], e->h = (uint32_t)v[3];
	return 0;
}

/* The evidence link of element 'n' (@synch: one <when> or two, @facs:
 * a <zone>), as TGN writes it (" @0:41:15 @p14#112,310,160,44"), into
 * 'b'; nothing when it has none. */
static void S_links(S_rd *x, const xmlNode *n, tb_buf *b)
{
	char *sy = S_attr(n, "synch"), *fa = S_attr(n, "facs");
	tb_evidence e = {.from = -1, .to = -1};
	char page[TB_EVIDENCE_MAX_NAME + 2];
	if (sy) {
		char *second = strchr(sy, ' ');
		if (second)
			*second++ = '\0';
		e.from = S_id_number(sy, "t.");
		e.to = second ? S_id_number(second, "t.") : -1;
		if (e.from < 0 || (second && (e.to < e.from || strchr(second, ' '))))
			S_fail(x, n, "@synch points at one <when> or two (#t.MS), not '%s'", sy);
	}
	if (fa && S_zone(fa, &e, page, sizeof page) < 0)
		S_fail(x, n, "@facs points at a <zone> (#z.PAGE or #z.PAGE.X.Y.W.H), not '%s'", fa);
	if (!x->failed)
		tb_ev_write(b, &e);
	xmlFree(sy);
	xmlFree(fa);
}

/* The links of the node before, after its NAGs. */
static void S_flush_links(S_rd *x)
{
	if (x->pend.len)
		tb_buf_put(&x->out, x->pend.data, x->pend.len);
	tb_buf_clear(&x->pend);
}

/* ===== Comments and tags ===== */

/* A <note type="comment"> as " {@lang text}" ('sep' before it). */
static void S_comment(S_rd *x, const xmlNode *n, const char *sep)
{
	if (!S_attr_is(n, "type", "comment")) {
		S_fail(x, n, "a <note> here must be of type \"comment\"");
		return;
	}
	char *lang = (char *)xmlGetNsProp(n, (const xmlChar *)"lang", XML_XML_NAMESPACE);
	char *other = lang ? NULL : S_attr(n, "n"); /* a language xml:lang refuses */
	char *text = S_content(n);
	tb_buf_puts(&x->out, sep);
	tb_write_comment(&x->out, text ? text : "", lang ? lang : other);
	S_links(x, n, &x->out);
	xmlFree(lang);
	xmlFree(other);
	xmlFree(text);
}

/* <note type="tag" n="Name">value<note type="comment">...</note></note> */
static void S_tag(S_rd *x, const xmlNode *n)
{
	char *name = S_attr(n, "n");
	if (!S_attr_is(n, "type", "tag") || !name || !*name) {
		S_fail(x, n, "a note of the notesStmt must be a tag: <note type=\"tag\" n=\"NAME\">");
		xmlFree(name);
		return;
	}
	tb_buf value = TB_BUF_SOFT;
	for (xmlNode *c = n->children; c; c = c->next)
		if (c->type == XML_TEXT_NODE && c->content)
			tb_buf_puts(&value, (const char *)c->content);
	tb_buf_putc(&value, '\0');
	tb_write_tag(&x->out, name, tb_buf_ok(&value) ? value.data : "");
	if (!tb_buf_ok(&value))
		tb_buf_fail(&x->out);
	tb_buf_free(&value);
	for (xmlNode *c = n->children; c && !x->failed; c = c->next)
		if (c->type == XML_ELEMENT_NODE) {
			if (S_is(c, "note"))
				S_comment(x, c, " ");
			else
				S_fail(x, c, "a tag's note holds its value and comments only");
		}
	S_nl(x);
	xmlFree(name);
}

/* [Recording] from sourceDesc/recordingStmt/recording/media/@url, for a
 * document whose notes do not say it (one an archive made or trimmed). */
static void S_recording_tag(S_rd *x, const xmlNode *tei)
{
	xmlNode *src = S_child(S_child(S_child(tei, "teiHeader"), "fileDesc"), "sourceDesc");
	xmlNode *media = S_child(S_child(S_child(src, "recordingStmt"), "recording"), "media");
	char *url = media ? S_attr(media, "url") : NULL;
	if (url && *url) {
		S_at(x, media);
		tb_write_tag(&x->out, "Recording", url);
		S_nl(x);
	}
	xmlFree(url);
}

/* [Facsimile] from the facsimile's surfaces, "n=url" each, for a
 * document whose notes do not say it. */
static void S_facsimile_tag(S_rd *x, const xmlNode *tei)
{
	tb_buf v = TB_BUF_SOFT;
	xmlNode *fac = S_child(tei, "facsimile");
	for (xmlNode *c = fac ? fac->children : NULL; c; c = c->next) {
		char *n = S_is(c, "surface") ? S_attr(c, "n") : NULL;
		xmlNode *g = n ? S_child(c, "graphic") : NULL;
		char *url = g ? S_attr(g, "url") : NULL;
		if (url && *n)
			tb_buf_printf(&v, "%s%s=%s", v.len ? "; " : "", n, url);
		xmlFree(n);
		xmlFree(url);
	}
	if (v.len) {
		S_at(x, fac);
		tb_write_tag(&x->out, "Facsimile", tb_buf_ok(&v) ? v.data : "");
		S_nl(x);
	}
	if (!tb_buf_ok(&v))
		tb_buf_fail(&x->out);
	tb_buf_free(&v);
}

static void S_tags(S_rd *x, const xmlNode *tei)
{
	xmlNode *notes = S_child(S_child(S_child(tei, "teiHeader"), "fileDesc"), "notesStmt");
	int recording = 0, facsimile = 0;
	for (xmlNode *c = notes ? notes->children : NULL; c && !x->failed; c = c->next) {
		if (S_blank(c))
			continue;
		S_at(x, c);
		if (!S_is(c, "note")) {
			S_fail(x, c, "the notesStmt holds the record's tags, as <note type=\"tag\">");
			continue;
		}
		recording |= S_attr_is(c, "n", "Recording");
		facsimile |= S_attr_is(c, "n", "Facsimile");
		S_tag(x, c);
	}
	/* the media, said by TEI's own elements when the notes do not */
	if (!recording && !x->failed)
		S_recording_tag(x, tei);
	if (!facsimile && !x->failed)
		S_facsimile_tag(x, tei);
}

/* ===== The movetext ===== */

/* Is 's' one word of TGN made of 'allowed' (NULL: anything but white
 * space and what TGN delimits with) -- so that what an element holds
 * can never be read as more than the one token, number or count it
 * stands for? Refuses the element (S_fail) when it is not. */
static int S_word(S_rd *x, const xmlNode *n, const char *s, const char *allowed,
                  const char *what)
{
	static const char delims[] = " \t\r\n{}()[]<|;\"$"; /* a push's ">" is a token's */
	int ok = s && *s;
	for (const char *p = s; ok && *p; p++)
		ok = allowed ? strchr(allowed, *p) != NULL : strchr(delims, *p) == NULL;
	if (!ok)
		S_fail(x, n, "%s: '%s' is not one", what, s ? s : "");
	return ok;
}

#define S_DIGITS "0123456789"

/* The number written before a node (<num type="written">), if any. */
static void S_written(S_rd *x)
{
	if (x->written && *x->written && S_word(x, NULL, x->written, S_DIGITS ".", "a move number"))
		tb_buf_printf(&x->out, "%s ", x->written);
	xmlFree((char *)x->written);
	x->written = NULL;
}

/* "N. " or "N... " before a turn or a reading: the number written (a
 * <num type="written"> before it, "" for none), else the count's
 * (nothing when its side is unknown). */
static void S_number(S_rd *x, const xmlNode *n)
{
	if (x->written) {
		S_written(x);
		return;
	}
	char *num = S_attr(n, "n"), *side = S_attr(n, "subtype");
	if (S_is(n, "app")) { /* its number as TGN writes it, or none */
		if (num && S_word(x, n, num, S_DIGITS ".", "a reading's number"))
			tb_buf_printf(&x->out, "%s ", num);
	} else if (!num || !side) {
		S_fail(x, n, "a turn needs its number (n) and side (subtype)");
	} else if (strcmp(side, "unknown") != 0 && S_word(x, n, num, S_DIGITS, "a turn's number"))
		tb_buf_printf(&x->out, "%s%s ", num, strcmp(side, "first") == 0 ? "." : "...");
	xmlFree(num);
	xmlFree(side);
}

/* A turn's token: "d1", "?", "reconstructed d1" ('rec' the prefix a
 * reconstructed one takes: "<reconstructed " in a line, "reconstructed "
 * in a reading); returns 1 when it is a move written as itself (its
 * first NAG may be its suffix). */
static int S_turn_body(S_rd *x, const xmlNode *seg, const char *rec, const char *end)
{
	char *fn = S_attr(seg, "function");
	int supplied = S_child(seg, "supplied") != NULL;
	char *tok = S_content(seg);
	int move = fn && strcmp(fn, "move") == 0 && !supplied;
	if (!fn || (strcmp(fn, "move") && strcmp(fn, "pass") && strcmp(fn, "unknown")))
		S_fail(x, seg, "a turn's function is move, pass or unknown");
	else if (supplied && S_word(x, seg, tok, NULL, "a turn's token"))
		tb_buf_printf(&x->out, "%s%s%s", rec, tok, end);
	else if (strcmp(fn, "unknown") == 0 && (!tok || !*tok))
		tb_buf_putc(&x->out, '?');
	else if (S_word(x, seg, tok, NULL, "a turn's token"))
		tb_buf_puts(&x->out, tok);
	xmlFree(fn);
	xmlFree(tok);
	return move;
}

/* "gap", "gap 2", "gap 4-8" from a <gap>. */
static void S_gap_body(S_rd *x, const xmlNode *g)
{
	char *q = S_attr(g, "quantity"), *lo = S_attr(g, "atLeast"), *hi = S_attr(g, "atMost");
	tb_buf_puts(&x->out, "gap");
	if (q && S_word(x, g, q, S_DIGITS, "a gap's length"))
		tb_buf_printf(&x->out, " %s", q);
	else if (!q && lo && hi && S_word(x, g, lo, S_DIGITS, "a gap's length") &&
	         S_word(x, g, hi, S_DIGITS, "a gap's length"))
		tb_buf_printf(&x->out, " %s-%s", lo, hi);
	xmlFree(q);
	xmlFree(lo);
	xmlFree(hi);
}

/* 'position "..."' from a <seg type="position">. */
static void S_position_body(S_rd *x, const xmlNode *seg)
{
	char *p = S_content(seg);
	tb_buf_puts(&x->out, "position \"");
	tb_write_escaped(&x->out, p ? p : "", "\"\\");
	tb_buf_putc(&x->out, '"');
	xmlFree(p);
}

/* One <rdg>: the alternative, then its comments. */
static void S_rdg(S_rd *x, const xmlNode *rdg)
{
	char *type = S_attr(rdg, "type");
	xmlNode *seg = S_child(rdg, "seg"), *gap = S_child(rdg, "gap");
	if (type && strcmp(type, "omitted") == 0)
		tb_buf_puts(&x->out, "omitted");
	else if (type && strcmp(type, "gap") == 0 && gap)
		S_gap_body(x, gap);
	else if (type && strcmp(type, "position") == 0 && seg)
		S_position_body(x, seg);
	else if (seg && S_attr_is(seg, "type", "turn"))
		S_turn_body(x, seg, "reconstructed ", "");
	else
		S_fail(x, rdg, "a <rdg> holds a turn, a gap, a position, or nothing (type "
		               "\"omitted\")");
	xmlFree(type);
	S_links(x, rdg, &x->out);
	for (xmlNode *c = rdg->children; c && !x->failed; c = c->next)
		if (S_is(c, "note"))
			S_comment(x, c, " ");
}

/* <app>: "<a | b {comment}>". */
static void S_app(S_rd *x, const xmlNode *app)
{
	S_number(x, app);
	tb_buf_putc(&x->out, '<');
	int first = 1;
	for (xmlNode *c = app->children; c && !x->failed; c = c->next) {
		if (S_blank(c))
			continue;
		if (!S_is(c, "rdg")) {
			S_fail(x, c, "an <app> holds <rdg> elements only");
			break;
		}
		if (!first)
			tb_buf_puts(&x->out, " | ");
		S_rdg(x, c);
		first = 0;
	}
	tb_buf_putc(&x->out, '>');
}

/* A NAG: the first after a move written as itself is its suffix when it
 * is 1 to 6, as the canonical form writes it; else " $N". */
static void S_nag(S_rd *x, const xmlNode *n)
{
	static const char *const sfx[] = {"", "!", "?", "!!", "??", "!?", "?!"};
	char *num = S_attr(n, "n");
	long code = num ? strtol(num, NULL, 10) : -1;
	if (code < 0 || code > 255)
		S_fail(x, n, "a NAG needs its code (n, 0 to 255)");
	else if (x->suffix_ok && x->nags == 0 && code >= 1 && code <= 6)
		tb_buf_puts(&x->out, sfx[code]);
	else
		tb_buf_printf(&x->out, " $%ld", code);
	x->nags++;
	xmlFree(num);
}

static void S_line(S_rd *x, const xmlNode *line);

/* One element of a line. */
static void S_item(S_rd *x, const xmlNode *c)
{
	int suffix = 0;
	if (S_is(c, "seg") && S_attr_is(c, "type", "nag")) {
		S_nag(x, c);
		return;
	}
	if (S_is(c, "note") && S_attr_is(c, "type", "position"))
		return; /* the position after a turn (--positions): the rules' to make */
	S_flush_links(x); /* the node before is done: its NAGs are written */
	if (!(S_is(c, "num") && S_attr_is(c, "type", "written")) && x->out.len) {
		S_nl(x); /* each item on a line of its own: diagnostics say its TEI line */
		S_at(x, c);
	}
	if (S_is(c, "note")) {
		S_comment(x, c, "");
	} else if (S_is(c, "num") && S_attr_is(c, "type", "written")) {
		xmlFree((char *)x->written);
		x->written = S_content(c);
		return; /* the node it numbers keeps what stood before */
	} else if (S_is(c, "seg") && S_attr_is(c, "type", "turn")) {
		S_number(x, c);
		suffix = S_turn_body(x, c, "<reconstructed ", ">");
	} else if (S_is(c, "app")) {
		S_app(x, c);
	} else if (S_is(c, "gap")) {
		S_written(x);
		tb_buf_putc(&x->out, '<');
		S_gap_body(x, c);
		tb_buf_putc(&x->out, '>');
	} else if (S_is(c, "seg") && S_attr_is(c, "type", "position")) {
		S_written(x);
		tb_buf_putc(&x->out, '<');
		S_position_body(x, c);
		tb_buf_putc(&x->out, '>');
	} else if (S_is(c, "seg") && S_attr_is(c, "type", "variation")) {
		tb_buf_putc(&x->out, '(');
		S_line(x, c);
		tb_buf_putc(&x->out, ')');
		return; /* a NAG after a variation is no suffix: suffix_ok stays 0 */
	} else {
		S_fail(x, c, "unexpected <%s> in the movetext", (const char *)c->name);
		return;
	}
	if (!S_is(c, "note")) {
		S_links(x, c, &x->pend);
		x->suffix_ok = suffix;
		x->nags = 0;
	} else {
		x->suffix_ok = 0;
	}
}

/* A line: the main line's <ab type="movetext">, or a variation's <seg>. */
static void S_line(S_rd *x, const xmlNode *line)
{
	x->suffix_ok = 0;
	for (xmlNode *c = line->children; c && !x->failed; c = c->next) {
		if (S_blank(c))
			continue;
		if (c->type != XML_ELEMENT_NODE)
			S_fail(x, c, "text outside a segment in the movetext");
		else
			S_item(x, c);
	}
	S_flush_links(x);
	x->suffix_ok = 0;
}

/* ===== Records ===== */

/* One <TEI>: its record's TGN text. */
static void S_tei(S_rd *x, const xmlNode *tei)
{
	xmlNode *body = S_child(S_child(tei, "text"), "body");
	xmlNode *div = S_child(body, "div");
	if (!div || !S_attr_is(div, "type", "record")) {
		S_fail(x, tei, "a <TEI> without its record (text/body/div type=\"record\")");
		return;
	}
	xmlNode *lead = NULL, *moves = NULL, *result = NULL;
	for (xmlNode *c = div->children; c; c = c->next) {
		if (S_is(c, "ab") && S_attr_is(c, "type", "lead"))
			lead = c;
		else if (S_is(c, "ab") && S_attr_is(c, "type", "movetext"))
			moves = c;
		else if (S_is(c, "ab") && S_attr_is(c, "type", "result"))
			result = c;
	}
	if (!moves || !result) {
		S_fail(x, div, "a record needs its movetext and its result "
		               "(<ab type=\"movetext\">, <ab type=\"result\">)");
		return;
	}
	size_t before = x->out.len;
	for (xmlNode *c = lead ? lead->children : NULL; c && !x->failed; c = c->next)
		if (S_is(c, "note")) {
			S_at(x, c);
			S_comment(x, c, x->out.len == before ? "" : " ");
		}
	if (x->out.len != before)
		S_nl(x);
	S_tags(x, tei);
	S_at(x, moves);
	S_nl(x);
	S_line(x, moves);
	S_nl(x);
	S_at(x, result);
	char *res = S_content(result);
	if (S_word(x, result, res, NULL, "a result"))
		tb_buf_puts(&x->out, res);
	xmlFree(res);
	for (xmlNode *c = result->next; c && !x->failed; c = c->next)
		if (S_is(c, "note"))
			S_comment(x, c, " ");
	S_nl(x);
	S_nl(x);
	xmlFree((char *)x->written);
	x->written = NULL;
}

/* The document's root: one <TEI>, or a <teiCorpus> of them. */
static void S_root(S_rd *x, const xmlNode *root)
{
	if (S_is(root, "TEI")) {
		S_tei(x, root);
		return;
	}
	if (!S_is(root, "teiCorpus")) {
		S_fail(x, root, "not TEI: the root must be <TEI> or <teiCorpus> in %s", S_TEI_NS);
		return;
	}
	int any = 0;
	for (xmlNode *c = root->children; c && !x->failed; c = c->next)
		if (S_is(c, "TEI")) {
			S_tei(x, c);
			any = 1;
		}
	if (!any)
		S_fail(x, root, "a <teiCorpus> without a <TEI>");
}

/* The line and column of the first 'what' in buf[0..len) into 'err'
 * (libxml2's tree keeps no line for a DOCTYPE). */
static void S_where(const char *buf, size_t len, const char *what, tb_tei_error *err)
{
	size_t n = strlen(what);
	unsigned line = 1, col = 1;
	for (size_t i = 0; i + n <= len; i++) {
		if (memcmp(buf + i, what, n) == 0) {
			err->line = line;
			err->col = col;
			return;
		}
		if (buf[i] == '\n')
			line++, col = 1;
		else if (((unsigned char)buf[i] & 0xC0) != 0x80)
			col++;
	}
}

/* The parser's first error into 'err'. */
static void S_parse_error(xmlParserCtxtPtr ctxt, tb_tei_error *err)
{
	xmlErrorPtr e = xmlCtxtGetLastError(ctxt);
	err->line = e && e->line > 0 ? (unsigned)e->line : 1;
	err->col = e && e->int2 > 0 ? (unsigned)e->int2 : 1;
	snprintf(err->message, sizeof err->message, "not well-formed XML: %s",
	         e && e->message ? e->message : "cannot be read");
	size_t n = strlen(err->message);
	while (n && (err->message[n - 1] == '\n' || err->message[n - 1] == ' '))
		err->message[--n] = '\0';
}

char *tb_tei_to_tgn(const char *buf, size_t len, size_t *out_len, unsigned **lines,
                    tb_tei_error *err, int *status)
{
	if (!status)
		return NULL;
	if (!buf || !out_len || !err || len > (size_t)0x7fffffff) {
		*status = TB_EINVAL;
		return NULL;
	}
	*out_len = 0;
	if (lines)
		*lines = NULL;
	memset(err, 0, sizeof *err);
	xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
	if (!ctxt) {
		*status = TB_ENOMEM;
		return NULL;
	}
	int opts = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NOCDATA;
	xmlDocPtr doc = xmlCtxtReadMemory(ctxt, buf, (int)len, NULL, NULL, opts);
	S_rd x = {.out = TB_BUF_SOFT, .pend = TB_BUF_SOFT, .err = err};
	if (!doc) {
		S_parse_error(ctxt, err);
		x.failed = 1;
	} else if (doc->intSubset || doc->extSubset) {
		S_fail(&x, NULL, "a DOCTYPE is refused: TEI from tablero has none");
		S_where(buf, len, "<!DOCTYPE", err);
	} else {
		S_root(&x, xmlDocGetRootElement(doc));
	}
	xmlFreeDoc(doc);
	xmlFreeParserCtxt(ctxt);
	if (!tb_buf_ok(&x.pend))
		tb_buf_fail(&x.out);
	tb_buf_free(&x.pend);
	if (x.failed) {
		tb_buf_free(&x.out);
		free(x.lines);
		*status = TB_ESYNTAX;
		return NULL;
	}
	S_keep_lines(&x);
	S_push_line(&x); /* the line after the last newline: where the end is */
	char *s = tb_buf_ok(&x.out) ? tb_buf_detach(&x.out, out_len) : NULL;
	if (!s) {
		tb_buf_free(&x.out);
		free(x.lines);
		*status = TB_ENOMEM;
		return NULL;
	}
	if (lines)
		*lines = x.lines;
	else
		free(x.lines);
	*status = 0;
	return s;
}
