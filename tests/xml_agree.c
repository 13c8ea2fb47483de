/*
 * xml_agree.c -- the reader's check of the schema beside libxml2's
 * RELAX NG validation with the schema itself (spec/xml.md §7).
 *
 *   xml_agree [--mutate N] [--seed S] [--keep DIR] SCHEMA FILE.xml...
 *
 * Every FILE is read twice: by tablero's XML reader checking the
 * document only (tb_xml_reader_check_only: lib/xml_check.c as it
 * streams), and by libxml2's streaming reader validating it against
 * SCHEMA with the defines "game-name" and "event-kind" holding this
 * library's games and event kinds (as the reader did before it checked
 * the schema itself). Then N documents
 * made from the FILEs both accept, each changed once or twice at random
 * (an element dropped, duplicated, renamed or moved; an attribute
 * dropped, added, renamed or given another value; text put in), are
 * read the same two ways; and with --every-under BYTES, each FILE both
 * accept of at most BYTES changed at every place: each element of a list
 * put in before each of its tags, each attribute dropped and given each
 * of a list of values near the edge of what it takes. Every document must be accepted by both or
 * refused by both; the only refusals of the reader's own are its safety
 * rules (a DOCTYPE, an encoding other than UTF-8), which are counted.
 * And each of the reader's patterns must be in SCHEMA word for word.
 * Exit 1 on any disagreement, or when the mutated documents are not
 * both accepted and refused often enough for the test to mean something.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <libxml/relaxng.h>
#include <libxml/xmlreader.h>

#include "buf.h"
#include "tablero.h"
#include "xml.h"

/* ===== The two verdicts ===== */

static int S_errors;
static void S_count(void *ctx, xmlErrorPtr e)
{
	(void)ctx;
	if (e && e->level >= XML_ERR_ERROR)
		S_errors++;
}

/* libxml2's RELAX NG with 'schema' on the document: 1 valid, 0 not. */
static int S_rng(xmlRelaxNGPtr schema, const char *buf, size_t len)
{
	xmlTextReaderPtr r =
		xmlReaderForMemory(buf, (int)len, NULL, NULL, XML_PARSE_NONET | XML_PARSE_IGNORE_ENC);
	if (!r)
		return 0;
	S_errors = 0;
	xmlTextReaderSetStructuredErrorHandler(r, S_count, NULL);
	int ok = xmlTextReaderRelaxNGSetSchema(r, schema) == 0, got;
	while ((got = xmlTextReaderRead(r)) == 1)
		;
	ok = ok && got == 0 && S_errors == 0 && xmlTextReaderIsValid(r) == 1;
	xmlFreeTextReader(r);
	return ok;
}

/* The reader's verdict: 1 valid, 0 refused, 2 refused by a safety rule
 * alone; its first error into 'why'. */
static int S_ours(const char *buf, size_t len, char *why, size_t cap)
{
	static const char *const safety[] = {"a DOCTYPE", "tablero XML is UTF-8",
	                                     "the XML declaration names encoding",
	                                     "an XML declaration of more than"};
	tb_xml_reader *x = tb_xml_reader_new_mem(buf, len, "doc.xml");
	if (!x)
		return 0;
	tb_xml_reader_check_only(x);
	char *tgn = NULL;
	int got;
	while ((got = tb_xml_reader_next(x, &tgn, NULL)) == 1)
		free(tgn);
	int verdict = got == 0;
	why[0] = '\0';
	for (size_t i = 0; i < tb_xml_reader_ndiags(x); i++) {
		const tb_diag *d = tb_xml_reader_diag(x, i);
		if (d->severity != TB_ERROR)
			continue;
		verdict = 0;
		snprintf(why, cap, "%u: %s", d->line, d->message);
		for (size_t k = 0; k < sizeof safety / sizeof safety[0]; k++)
			if (strncmp(d->message, safety[k], strlen(safety[k])) == 0)
				verdict = 2;
		break;
	}
	tb_xml_reader_free(x);
	return verdict;
}

/* 'text' with the body of its define 'name' replaced by a choice of
 * the library's games (events 0), event kinds (events 1) or the games'
 * own part kinds (events 2), into 'b';
 * 0 when it has no such define. */
static int S_define(tb_buf *b, const char *text, const char *name, int events)
{
	char open[64];
	snprintf(open, sizeof open, "<define name=\"%s\">", name);
	const char *at = strstr(text, open), *end = at ? strstr(at, "</define>") : NULL;
	if (!end)
		return 0;
	tb_buf_put(b, text, (size_t)(at - text) + strlen(open));
	tb_buf_puts(b, "<choice>");
	for (size_t i = 0; !events && tb_game_at(i); i++)
		tb_buf_printf(b, "<value type=\"string\">%s</value>", tb_game_name(tb_game_at(i)));
	for (tb_event_kind k = tb_event_kind_next(0); events == 1 && k; k = tb_event_kind_next(k))
		tb_buf_printf(b, "<value type=\"string\">%s</value>", tb_event_name(k));
	for (unsigned k = TB_PART_GAME; events == 2 && tb_part_name(k); k++)
		tb_buf_printf(b, "<value type=\"string\">%s</value>", tb_part_name(k));
	if (events == 2 && !tb_part_name(TB_PART_GAME)) /* no game brings one: none fits */
		tb_buf_puts(b, "<notAllowed/>");
	tb_buf_puts(b, "</choice>");
	tb_buf_puts(b, end);
	return 1;
}

/* SCHEMA with its defines "game-name" and "event-kind" holding this
 * library's games and event kinds. */
static xmlRelaxNGPtr S_schema(const char *text)
{
	tb_buf games = TB_BUF_INIT, evs = TB_BUF_INIT, b = TB_BUF_INIT;
	if (!S_define(&games, text, "game-name", 0) || !S_define(&evs, games.data, "event-kind", 1) ||
	    !S_define(&b, evs.data, "part-kind", 2)) {
		tb_buf_free(&games);
		tb_buf_free(&evs);
		tb_buf_free(&b);
		return NULL;
	}
	xmlRelaxNGParserCtxtPtr pc = xmlRelaxNGNewMemParserCtxt(b.data, (int)b.len);
	xmlRelaxNGPtr s = xmlRelaxNGParse(pc);
	xmlRelaxNGFreeParserCtxt(pc);
	tb_buf_free(&games);
	tb_buf_free(&evs);
	tb_buf_free(&b);
	return s;
}

typedef struct S_tally {
	unsigned docs, accepted, refused, safety, differ;
} S_tally;

/* ===== Mutations ===== */

static uint64_t S_rand_state = 38;
static unsigned S_rand(unsigned n)
{
	S_rand_state ^= S_rand_state << 13;
	S_rand_state ^= S_rand_state >> 7;
	S_rand_state ^= S_rand_state << 17;
	return n ? (unsigned)(S_rand_state % n) : 0;
}

typedef struct S_tag {
	size_t at, end;        /* '<' .. one past '>' */
	size_t name, nlen;     /* the element's name */
	int kind;              /* 0 start, 1 end, 2 empty */
	long match;            /* a start tag's end tag */
} S_tag;

typedef struct S_doc {
	S_tag *tags;
	size_t n;
} S_doc;

/* The document's tags, start tags matched to their ends (a document
 * both accepted is well-formed). */
static void S_tags(const char *s, size_t len, S_doc *d)
{
	size_t cap = 64, depth = 0;
	long stack[512];
	d->n = 0;
	d->tags = malloc(cap * sizeof *d->tags);
	for (size_t i = 0; i < len; i++) {
		if (s[i] != '<')
			continue;
		const char *close = s[i + 1] == '?' ? "?>" : strncmp(s + i, "<!--", 4) == 0 ? "-->"
		                    : strncmp(s + i, "<![CDATA[", 9) == 0             ? "]]>"
		                    : s[i + 1] == '!'                                 ? ">"
		                                                                      : NULL;
		if (close) {
			const char *e = strstr(s + i, close);
			i = e ? (size_t)(e - s) : len;
			continue;
		}
		S_tag t = {i, 0, 0, 0, 0, -1};
		t.kind = s[i + 1] == '/';
		t.name = i + 1 + (size_t)t.kind;
		t.nlen = strcspn(s + t.name, " \t\r\n/>");
		char q = 0;
		size_t k = t.name;
		for (; k < len && (q || s[k] != '>'); k++)
			if (s[k] == '"' || s[k] == '\'')
				q = q == s[k] ? 0 : q ? q : s[k];
		t.end = k + 1;
		if (!t.kind && s[k - 1] == '/')
			t.kind = 2;
		if (d->n == cap)
			d->tags = realloc(d->tags, (cap *= 2) * sizeof *d->tags);
		if (t.kind == 0 && depth < 512)
			stack[depth++] = (long)d->n;
		else if (t.kind == 1 && depth)
			d->tags[stack[--depth]].match = (long)d->n;
		d->tags[d->n++] = t;
		i = k;
	}
}

/* The span of the element whose start tag is tags[i]. */
static void S_span(const S_doc *d, size_t i, size_t *from, size_t *to)
{
	*from = d->tags[i].at;
	*to = d->tags[i].kind == 2 || d->tags[i].match < 0 ? d->tags[i].end
	                                                   : d->tags[d->tags[i].match].end;
}

/* A random tag that is not an end tag (nor the root: index 0): a
 * random one of the names there are first, so that a rare element
 * (<nag>, <alt wit>) is changed as often as a common one. */
static size_t S_pick(const char *s, const S_doc *d)
{
	size_t first = 0;
	for (int tries = 0; tries < 50 && !first; tries++) {
		size_t i = 1 + S_rand((unsigned)(d->n > 1 ? d->n - 1 : 1));
		if (i < d->n && d->tags[i].kind != 1)
			first = i;
	}
	if (!first)
		return 0;
	/* the names in the document, from 'first' on and round */
	size_t seen = 0, pick_name = S_rand(24), chosen = first;
	for (size_t k = 0; k < d->n && seen <= pick_name; k++) {
		size_t i = 1 + (first - 1 + k) % (d->n - 1);
		const S_tag *t = &d->tags[i];
		if (t->kind == 1)
			continue;
		int fresh = 1;
		for (size_t j = 1; j < i && fresh; j++)
			fresh = d->tags[j].kind == 1 || d->tags[j].nlen != t->nlen ||
			        memcmp(s + d->tags[j].name, s + t->name, t->nlen) != 0;
		if (fresh) {
			chosen = i;
			seen++;
		}
	}
	/* then a random element of that name */
	size_t count = 0, want;
	for (size_t i = 1; i < d->n; i++)
		count += d->tags[i].kind != 1 && d->tags[i].nlen == d->tags[chosen].nlen &&
		         memcmp(s + d->tags[i].name, s + d->tags[chosen].name, d->tags[i].nlen) == 0;
	want = S_rand((unsigned)count);
	for (size_t i = 1; i < d->n; i++)
		if (d->tags[i].kind != 1 && d->tags[i].nlen == d->tags[chosen].nlen &&
		    memcmp(s + d->tags[i].name, s + d->tags[chosen].name, d->tags[i].nlen) == 0 &&
		    !want--)
			return i;
	return chosen;
}

static const char *const S_elements[] = {
	"tgn", "record", "tag", "moves", "variation", "result", "comment", "move", "pass",
	"unknown", "reading", "alt", "gap", "position", "nag", "after", "piece", "event", "place",
	"from", "step", "hop", "capture", "remove", "push", "relocate", "huff", "bogus"};
static const char *const S_attr_names[] = {
	"version", "game", "file", "xml:lang", "line", "col", "end-line", "end-col", "name",
	"value", "n", "side", "written", "reconstructed", "token", "crown", "point", "to",
	"captured", "kind", "wit", "own", "min", "max", "notation", "code", "time", "region",
	"arrows", "circles", "shades", "labels", "position", "type", "crowned", "count", "lang",
	"xml:space", "foo"};
static const char *const S_values[] = {
	"", " ", "0", "-0", "+1", " 7 ", "007", "1", "3", "1.0", "1.0 ", "2.0", "z9", "a16", "a17",
	"h9", "i1", "d1", "?", "??", "first", "second", "unknown", "first ", "true", "TRUE",
	"false", "99999999999999999999999999", "256", "255", "-1", "x", "1-0", "*", "crowned",
	"stage", "move", "pass", "gap", "position", "omitted", "Ga1a4", "G a1a4", "Ga1a4 Rb2b6",
	"Ga1", "Ga1 ", "Ga1:abc", "Ga1:abcd", "Ga1:\xc3\xa9\xc3\xb1", "Ga1:a,b", "0:02:10",
	"0:02:60", "0:02:10-0:02:09", "0:02:10.5", "p12", "p12#1,2,3,4", "p12#1,2,3", "en", "es-MX",
	"i-klingon", "abcdefghi", "x-", "Game", "3.", "3...", "3..", "0.", "A B", "  ", "pitarra",
	"asalto", "ocencahuac", "chess", "tercia", "double tercia", "R", "r", "&amp;", "&#10;",
	"A&#9;B", "1000000"};
static const char *const S_texts[] = {"x", " ", "*", "1-0", "\n  ", "&amp;", "<![CDATA[*]]>",
                                      "<!-- c -->", "<?pi x?>"};
#define S_N(a) (sizeof(a) / sizeof(a)[0])

/* Values near the edge of what an attribute takes, by its name. */
static const struct {
	const char *names, *values[12];
} S_near[] = {
	{" point to captured ", {"i1", "h17", "a0", "a10", "h16", "a01", "A1", " a1", "a1 ", "?", "a9"}},
	{" n min max count ", {"+1", "-0", "-1", " 5", "00", "1e3", "999999999999999999999999",
	                       "9999999999999999999999999", "1.0", "+", ""}},
	{" line col end-line end-col ", {"0", "+1", "-1", "00", "01", " 3 ", "1.5", ""}},
	{" code ", {"0", "255", "256", "-0", "+255", " 12", "0012", "1000", "x"}},
	{" side ", {"first", "second", "unknown", "First", "first ", ""}},
	{" written ", {"", "3.", "3...", "3..", "0.", "1234567.", "999999...", " 3.", "3. "}},
	{" kind ", {"move", "pass", "unknown", "omitted", "gap", "position", "huff", "Huff", ""}},
	{" name ", {"A", "a_1", "_a", "1a", "A-b", "Game", "", "A b"}},
	{" xml:lang lang ", {"en", "es-MX", "i-klingon", "x-y", "abcdefghi", "a-b-c", "",
	                     "en_US", "-en", "0123456789012345678901234567890123456"}},
	{" time ", {"0:02:10", "0:02:60", "0:60:00", "1000:00:00", "0:02:10.1234",
	            "0:02:10-0:02:09", "0:2:10", " 0:02:10"}},
	{" region ", {"p12", "p12#1,2,3,4", "p12#1,2,3", "p12#123456789,1,1,1", "1p", "p_-x", ""}},
	{" arrows circles shades labels ", {"Ga1a4", "Ga1", "Ga1:abc", "Ga1:abcd", "Ga1 Rb2",
	                                    "Xa1", "Ga1  Rb2", "Ga1:a,b", "Ga100", ""}},
	{" wit own ", {"A", "A B", " ", "", "A\tB", "&#9;A"}},
	{" type ", {"A", "a", "AB", ""}},
};

static const char *S_near_value(const char *name, size_t len)
{
	char key[40];
	snprintf(key, sizeof key, " %.*s ", (int)len, name);
	for (size_t i = 0; i < S_N(S_near); i++)
		if (strstr(S_near[i].names, key)) {
			size_t n = 0;
			while (n < 12 && S_near[i].values[n])
				n++;
			return S_near[i].values[S_rand((unsigned)n)];
		}
	return S_values[S_rand(S_N(S_values))];
}

/* Elements to put in, each well-formed. */
static const char *const S_snippets[] = {
	"<nag code=\"1\"/>", "<comment>c</comment>", "<variation/>",
	"<after position=\"x\"/>", "<place point=\"a1\"/>", "<capture to=\"a1\"/>",
	"<tag name=\"A\" value=\"b\"/>", "<alt kind=\"pass\"/>", "<alt kind=\"move\" token=\"a1\"/>",
	"<gap/>", "<pass n=\"1\" side=\"first\"/>", "<unknown n=\"0\" side=\"unknown\"/>",
	"<result>*</result>", "<moves/>", "<piece side=\"first\" point=\"a1\"/>",
	"<event kind=\"huff\"/>", "<position notation=\"x\"/>",
	"<reading n=\"1\" side=\"first\"><alt kind=\"omitted\"/></reading>",
	"<record game=\"pitarra\"><moves/><result>*</result></record>",
	"<move n=\"1\" side=\"first\" token=\"a1\"><place point=\"a1\"/></move>"};

/* One attribute ' name="value"' of the start tag t: its span, or 0. */
static int S_attr_span(const char *s, const S_tag *t, size_t *from, size_t *to, size_t *vat,
                       size_t *vend)
{
	size_t n = 0, pick, i = t->name + t->nlen;
	for (size_t k = i; k < t->end; k++)
		n += s[k] == '=';
	if (!n)
		return 0;
	pick = S_rand((unsigned)n);
	for (; i < t->end; i++) {
		if (s[i] != '=' || pick--)
			continue;
		size_t b = i;
		while (b > t->name && s[b - 1] != ' ' && s[b - 1] != '\n' && s[b - 1] != '\t')
			b--;
		char q = s[i + 1];
		const char *e = memchr(s + i + 2, q, t->end - i - 2);
		if (!e)
			return 0;
		*from = b - 1, *to = (size_t)(e - s) + 1, *vat = i + 2, *vend = (size_t)(e - s);
		return 1;
	}
	return 0;
}

/* Replaces [from, to) of 'b' by 'with'. */
static void S_splice(tb_buf *b, size_t from, size_t to, const char *with, size_t wlen)
{
	tb_buf o = TB_BUF_INIT;
	tb_buf_put(&o, b->data, from);
	tb_buf_put(&o, with, wlen);
	tb_buf_put(&o, b->data + to, b->len - to);
	tb_buf_free(b);
	*b = o;
}

/* One change to the document in 'b'. */
static void S_mutate(tb_buf *b)
{
	S_doc d;
	S_tags(b->data, b->len, &d);
	size_t i = S_pick(b->data, &d), from, to, vat, vend;
	char tmp[256];
	if (!i) {
		free(d.tags);
		return;
	}
	S_tag *t = &d.tags[i];
	S_span(&d, i, &from, &to);
	switch (S_rand(13)) {
	case 0: /* drop the element */
		S_splice(b, from, to, "", 0);
		break;
	case 1: { /* duplicate it */
		char *copy = strndup(b->data + from, to - from);
		S_splice(b, to, to, copy, to - from);
		free(copy);
		break;
	}
	case 2: { /* rename it */
		const char *name = S_elements[S_rand(S_N(S_elements))];
		if (t->kind == 0 && t->match >= 0) {
			S_tag *e = &d.tags[t->match];
			S_splice(b, e->name, e->name + e->nlen, name, strlen(name));
		}
		S_splice(b, t->name, t->name + t->nlen, name, strlen(name));
		break;
	}
	case 3: /* drop an attribute */
		if (S_attr_span(b->data, t, &from, &to, &vat, &vend))
			S_splice(b, from, to, "", 0);
		break;
	case 4: /* add one */
		snprintf(tmp, sizeof tmp, " %s=\"%s\"", S_attr_names[S_rand(S_N(S_attr_names))],
		         S_values[S_rand(S_N(S_values))]);
		S_splice(b, t->name + t->nlen, t->name + t->nlen, tmp, strlen(tmp));
		break;
	case 5: /* another value */
	case 6:
	case 9: {
		if (!S_attr_span(b->data, t, &from, &to, &vat, &vend))
			break;
		size_t nlen = strcspn(b->data + from + 1, "=");
		const char *v = S_near_value(b->data + from + 1, nlen);
		S_splice(b, vat, vend, v, strlen(v));
		break;
	}
	case 10: /* an element put in before this one, or as the last child of it */
	case 11: {
		const char *x = S_snippets[S_rand(S_N(S_snippets))];
		size_t at = t->kind == 0 && t->match >= 0 && S_rand(2) ? d.tags[t->match].at : t->at;
		S_splice(b, at, at, x, strlen(x));
		break;
	}
	case 12: { /* swapped with the element after it */
		size_t k = to;
		while (k < b->len && strchr(" \t\r\n", b->data[k]))
			k++;
		size_t j = 0;
		for (size_t u = i + 1; u < d.n && !j; u++)
			if (d.tags[u].at == k && d.tags[u].kind != 1)
				j = u;
		if (!j)
			break;
		size_t f2, t2;
		S_span(&d, j, &f2, &t2);
		char *one = strndup(b->data + from, to - from), *two = strndup(b->data + f2, t2 - f2);
		tb_buf o = TB_BUF_INIT;
		tb_buf_put(&o, b->data, from);
		tb_buf_puts(&o, two);
		tb_buf_put(&o, b->data + to, f2 - to);
		tb_buf_puts(&o, one);
		tb_buf_put(&o, b->data + t2, b->len - t2);
		tb_buf_free(b);
		*b = o;
		free(one);
		free(two);
		break;
	}
	case 7: { /* move the element before another */
		size_t j = S_pick(b->data, &d);
		if (!j || (d.tags[j].at >= from && d.tags[j].at < to))
			break;
		char *copy = strndup(b->data + from, to - from);
		size_t at = d.tags[j].at, n = to - from;
		if (at > from) {
			S_splice(b, at, at, copy, n);
			S_splice(b, from, to, "", 0);
		} else {
			S_splice(b, from, to, "", 0);
			S_splice(b, at, at, copy, n);
		}
		free(copy);
		break;
	}
	default: { /* text after a tag (or a result's text replaced) */
		const char *x = S_texts[S_rand(S_N(S_texts))];
		S_splice(b, t->end, t->end, x, strlen(x));
		break;
	}
	}
	free(d.tags);
}

/* ===== Running ===== */

static int S_judge(xmlRelaxNGPtr schema, const char *name, const char *buf, size_t len,
                   S_tally *t, const char *keep);

/* Every element of S_snippets put in before every tag of a small
 * document, and every attribute of it given each of its near values:
 * each content model and value kind tried where it stands. */
static void S_every(xmlRelaxNGPtr schema, const char *seed, size_t len, S_tally *t,
                    const char *keep)
{
	S_doc d;
	S_tags(seed, len, &d);
	char name[64];
	for (size_t i = 1; i < d.n; i++)
		for (size_t k = 0; k < S_N(S_snippets); k++) {
			tb_buf b = TB_BUF_INIT;
			tb_buf_put(&b, seed, len);
			S_splice(&b, d.tags[i].at, d.tags[i].at, S_snippets[k], strlen(S_snippets[k]));
			snprintf(name, sizeof name, "snippet %zu before tag %zu", k, i);
			S_judge(schema, name, b.data, b.len, t, keep);
			tb_buf_free(&b);
		}
	for (size_t i = 1; i < d.n; i++)
		for (size_t at = d.tags[i].name; at < d.tags[i].end; at++) {
			if (seed[at] != '=' || seed[at + 1] != '"')
				continue;
			size_t from = at, vend = at + 2;
			while (seed[from - 1] != ' ' && seed[from - 1] != '\n')
				from--;
			while (vend < len && seed[vend] != '"')
				vend++;
			for (size_t k = 0; k < S_N(S_near); k++) {
				char key[40];
				snprintf(key, sizeof key, " %.*s ", (int)(at - from), seed + from);
				if (!strstr(S_near[k].names, key))
					continue;
				for (size_t v = 0; v < 12 && S_near[k].values[v]; v++) {
					tb_buf b = TB_BUF_INIT;
					tb_buf_put(&b, seed, len);
					S_splice(&b, at + 2, vend, S_near[k].values[v],
					         strlen(S_near[k].values[v]));
					snprintf(name, sizeof name, "value %zu of tag %zu", v, i);
					S_judge(schema, name, b.data, b.len, t, keep);
					tb_buf_free(&b);
				}
			}
			/* and the document without it */
			tb_buf b = TB_BUF_INIT;
			tb_buf_put(&b, seed, len);
			S_splice(&b, from - 1, vend + 1, "", 0);
			snprintf(name, sizeof name, "an attribute dropped from tag %zu", i);
			S_judge(schema, name, b.data, b.len, t, keep);
			tb_buf_free(&b);
		}
	free(d.tags);
}



static void S_keep(const char *dir, unsigned n, const char *buf, size_t len)
{
	if (!dir)
		return;
	char path[4096];
	snprintf(path, sizeof path, "%s/differ-%u.xml", dir, n);
	FILE *f = fopen(path, "wb");
	if (f) {
		fwrite(buf, 1, len, f);
		fclose(f);
	}
}

/* Both verdicts on one document; returns the common one (1 accepted),
 * or -1 when they differ (said on stderr). */
static int S_judge(xmlRelaxNGPtr schema, const char *name, const char *buf, size_t len,
                   S_tally *t, const char *keep)
{
	char why[512];
	int ours = S_ours(buf, len, why, sizeof why), theirs = S_rng(schema, buf, len);
	t->docs++;
	if (ours == 2 && !theirs) {
		t->refused++;
		return 0;
	}
	if (ours == 2) {
		t->safety++;
		return 0;
	}
	if (ours == theirs) {
		ours ? t->accepted++ : t->refused++;
		return ours;
	}
	t->differ++;
	fprintf(stderr, "DIFFER: %s: the reader %s it%s%s, libxml2's RELAX NG %s it\n", name,
	        ours ? "accepts" : "refuses", ours ? "" : " (line ", ours ? "" : why,
	        theirs ? "accepts" : "refuses");
	S_keep(keep, t->differ, buf, len);
	return -1;
}

static char *S_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	tb_buf b = TB_BUF_INIT;
	char chunk[65536];
	size_t n;
	if (!f)
		return NULL;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		tb_buf_put(&b, chunk, n);
	fclose(f);
	tb_buf_putc(&b, '\0');
	*len = b.len - 1;
	return tb_buf_detach(&b, NULL);
}

/* Each of the reader's patterns, in the schema as a pattern. */
static int S_patterns(const char *schema)
{
	int bad = 0;
	for (size_t i = 0; tb_xml_check_patterns[i]; i++) {
		char want[512];
		snprintf(want, sizeof want, "<param name=\"pattern\">%s</param>",
		         tb_xml_check_patterns[i]);
		if (!strstr(schema, want)) {
			fprintf(stderr, "FAIL: the reader's pattern %s is not in the schema\n",
			        tb_xml_check_patterns[i]);
			bad = 1;
		}
	}
	return bad;
}

int main(int argc, char **argv)
{
	unsigned mutants = 0;
	size_t every_under = 0;
	const char *keep = NULL;
	int a = 1;
	for (; a + 1 < argc && strncmp(argv[a], "--", 2) == 0; a += 2) {
		if (strcmp(argv[a], "--mutate") == 0)
			mutants = (unsigned)atoi(argv[a + 1]);
		else if (strcmp(argv[a], "--seed") == 0)
			S_rand_state = strtoull(argv[a + 1], NULL, 10) | 1;
		else if (strcmp(argv[a], "--every-under") == 0)
			every_under = (size_t)atol(argv[a + 1]);
		else if (strcmp(argv[a], "--keep") == 0)
			keep = argv[a + 1];
	}
	if (a >= argc) {
		fprintf(stderr, "usage: xml_agree [--mutate N] [--seed S] [--every-under BYTES] [--keep DIR] SCHEMA FILE...\n");
		return 2;
	}
	xmlSetStructuredErrorFunc(NULL, S_count); /* libxml2's words on its own: not printed */
	size_t slen;
	char *text = S_slurp(argv[a], &slen);
	xmlRelaxNGPtr schema = text ? S_schema(text) : NULL;
	if (!schema) {
		fprintf(stderr, "xml_agree: cannot read the schema %s\n", argv[a]);
		return 2;
	}
	int bad = S_patterns(text);
	free(text);
	S_tally files = {0}, muts = {0}, every = {0};
	char **seeds = calloc((size_t)argc, sizeof *seeds);
	size_t *seed_len = calloc((size_t)argc, sizeof *seed_len), nseeds = 0;
	for (int i = a + 1; i < argc; i++) {
		size_t len;
		char *buf = S_slurp(argv[i], &len);
		if (!buf) {
			fprintf(stderr, "xml_agree: cannot read %s\n", argv[i]);
			return 2;
		}
		if (S_judge(schema, argv[i], buf, len, &files, keep) == 1) {
			seeds[nseeds] = buf;
			seed_len[nseeds++] = len;
		} else {
			free(buf);
		}
	}
	for (size_t k = 0; k < nseeds; k++)
		if (seed_len[k] <= every_under)
			S_every(schema, seeds[k], seed_len[k], &every, keep);
	for (unsigned m = 0; m < mutants && nseeds; m++) {
		size_t k = S_rand((unsigned)nseeds);
		tb_buf b = TB_BUF_INIT;
		tb_buf_put(&b, seeds[k], seed_len[k]);
		for (unsigned c = 1 + S_rand(2); c--;)
			S_mutate(&b);
		char name[64];
		snprintf(name, sizeof name, "mutant %u (of seed %zu)", m, k);
		S_judge(schema, name, b.data ? b.data : "", b.len, &muts, keep);
		tb_buf_free(&b);
	}
	printf("xml-agree: %u documents: %u accepted by both, %u refused by both, %u refused by "
	       "the reader's safety rules alone, %u differ\n",
	       files.docs, files.accepted, files.refused, files.safety, files.differ);
	printf("xml-agree: %u mutated documents: %u accepted by both, %u refused by both, %u by "
	       "the safety rules alone, %u differ\n",
	       muts.docs, muts.accepted, muts.refused, muts.safety, muts.differ);
	printf("xml-agree: %u documents changed at every place of the seeds under %zu bytes: %u "
	       "accepted by both, %u refused by both, %u by the safety rules alone, %u differ\n",
	       every.docs, every_under, every.accepted, every.refused, every.safety, every.differ);
	if (mutants && (muts.accepted < mutants / 20 || muts.refused < mutants / 4)) {
		fprintf(stderr, "FAIL: too few mutated documents accepted or refused to test much\n");
		bad = 1;
	}
	for (size_t i = 0; i < nseeds; i++)
		free(seeds[i]);
	free(seeds);
	free(seed_len);
	xmlRelaxNGFree(schema);
	return bad || files.differ || muts.differ || every.differ;
}
