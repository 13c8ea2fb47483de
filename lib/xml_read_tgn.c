/*
 * xml_read_tgn.c -- tablero XML turned into TGN text (spec/xml.md),
 * element by element as the streaming reader meets them: tags, turns
 * and their parts, comments, readings, evidence links and marks, each
 * line of the text remembering the XML line its element was on. The
 * TGN reader then reads the text like any other record. Shared through
 * xml_read.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "evidence.h"
#include "game.h"
#include "marks.h"
#include "writer.h"
#include "xalloc.h"
#include "xml_read.h"

/* ===== Writing the TGN text ===== */

/* The line of the node the reader is on (the parser may be ahead). */
unsigned tb_xr_line(const tb_xml_reader *x)
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
		tb_xr_nomem(x);
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
	x->xml_line[x->nlines++] = tb_xr_line(x);
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

char *tb_xr_attr(tb_xml_reader *x, const char *name)
{
	return (char *)xmlTextReaderGetAttribute(x->xr, BAD_CAST name);
}

/* The element's attributes "time" and "region" (spec/xml.md), each
 * checked by the TGN reader's own reading of a link (evidence.c), as
 * the TGN text " @TIME @REGION" into 'out' (TB_XR_EV_MAX bytes; "" for
 * none): it goes into the TGN text after what it is evidence of. */
static void S_ev_read(tb_xml_reader *x, char *out)
{
	static const char *const names[] = {"time", "region"};
	out[0] = '\0';
	for (int i = 0; i < 2; i++) {
		char *v = tb_xr_attr(x, names[i]);
		tb_ev_token t;
		const char *why;
		size_t at, len = strlen(out);
		if (!v)
			continue;
		if (tb_ev_token_read(v, strlen(v), &t, &why, &at) || t.is_time != (i == 0))
			tb_xr_diag(x, TB_ERROR, TB_D_XML_INVALID, tb_xr_line(x), 0, "%s=\"%.40s\": %s",
			           names[i], v, t.is_time != (i == 0) ? "not a link of that kind" : why);
		else /* a link read is short: at most 27 or 68 bytes */
			snprintf(out + len, TB_XR_EV_MAX - len, " @%s", v);
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
	char *v = tb_xr_attr(x, name);
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
	char *written = tb_xr_attr(x, "written");
	if (written && *written)
		tb_buf_printf(&x->tgn, "%s ", written);
	xmlFree(written);
}

/* "N. " or "N... " before a turn (nothing when its side is unknown):
 * the number the source wrote where it disagreed with the count (its
 * 'written', which the schema spells; "" for none), else the count's. */
static void S_number(tb_xml_reader *x)
{
	char *n = tb_xr_attr(x, "n"), *side = tb_xr_attr(x, "side"), *written = tb_xr_attr(x, "written");
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
	char *crown = tb_xr_attr(x, "crown");
	x->in_parts = 1;
	x->nparts = 0;
	x->crown = crown ? (strcmp(crown, "stage") == 0 ? 2 : 1) : 0;
	free(x->token);
	char *tok = tb_xr_attr(x, "token");
	x->token = tok ? tb_strdup(tok) : NULL;
	if (tok && !x->token)
		tb_xr_nomem(x);
	x->token_line = tb_xr_line(x);
	xmlFree(tok);
	xmlFree(crown);
}

/* Adds the part of kind 'kind' (named by element 'elem', PN_* 'named')
 * whose point is attribute 'attr' to the move collected; a diagnostic
 * when it has no room or no point. */
static void S_part_add(tb_xml_reader *x, const char *elem, const char *attr, unsigned kind,
                       uint8_t named)
{
	tb_point pt;
	if (x->nparts == TB_MAX_PARTS)
		tb_xr_diag(x, TB_ERROR, TB_D_XML_INVALID, tb_xr_line(x), 0,
		           "a turn has more than %d parts", TB_MAX_PARTS);
	else if (!S_point(x, attr, &pt))
		tb_xr_diag(x, TB_ERROR, TB_D_XML_INVALID, tb_xr_line(x), 0, "<%s> needs a point%s%s%s",
		           elem, kind >= TB_PART_GAME ? " in " : "", kind >= TB_PART_GAME ? attr : "",
		           kind >= TB_PART_GAME ? "=" : "");
	else {
		x->named[x->nparts] = named;
		x->parts[x->nparts++] = (tb_part){(uint8_t)kind, pt};
	}
}

/* A game's own part, <part kind="..."> with its point in point= or
 * to= as its kind says (tb_part_to). */
static void S_game_part(tb_xml_reader *x)
{
	char *name = tb_xr_attr(x, "kind");
	int k = tb_part_kind_of(name);
	if (k < TB_PART_GAME)
		tb_xr_diag(x, TB_ERROR, TB_D_XML_INVALID, tb_xr_line(x), 0,
		           "<part kind=\"%.40s\"> is no game's part", name ? name : "");
	else {
		char elem[64]; /* the kind is a known one's name: short */
		snprintf(elem, sizeof elem, "part kind=\"%s\"", name);
		S_part_add(x, elem, tb_part_to((unsigned)k) ? "to" : "point", (unsigned)k, PN_OTHER);
	}
	xmlFree(name);
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
	if (strcmp(name, "part") == 0) {
		S_game_part(x);
		return;
	}
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		if (strcmp(name, kinds[i].name) != 0)
			continue;
		S_part_add(x, name, kinds[i].attr, kinds[i].kind, kinds[i].named);
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
			goes |= tb_part_goes(x->parts[j].kind);
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
	char *wit = tb_xr_attr(x, "wit"), *own = tb_xr_attr(x, "own");
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
			tb_xr_nomem(x);
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
		tb_xr_diag(x, TB_ERROR, TB_D_XML_INVALID, x->token_line, 0, "%s", wrong);
	tb_buf tok = TB_BUF_SOFT;
	tb_move m = {(uint8_t)x->nparts, x->crown, x->parts};
	tb_move_write(&tok, &m);
	if (!tb_buf_ok(&tok) || !tok.data) { /* a move writes a byte at least */
		tb_buf_free(&tok);
		tb_xr_nomem(x);
		return;
	}
	if (x->token && strcmp(x->token, tok.data) != 0)
		tb_xr_diag(x, TB_ERROR, TB_D_XML_INVALID, x->token_line, 0,
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
	char *v = tb_xr_attr(x, "reconstructed");
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
	char *kind = tb_xr_attr(x, "kind"), *rec = tb_xr_attr(x, "reconstructed");
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
		char *min = tb_xr_attr(x, "min"), *max = tb_xr_attr(x, "max");
		tb_buf_printf(&x->tgn, "gap%s%s%s%s", min ? " " : "", min ? min : "", max ? "-" : "",
		              max ? max : "");
		xmlFree(min);
		xmlFree(max);
	} else if (strcmp(k, "position") == 0) {
		char *p = tb_xr_attr(x, "notation");
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
void tb_xr_marks_read(tb_xml_reader *x)
{
	tb_buf_clear(&x->marks);
	for (int k = 0; k < 4; k++) {
		char *v = tb_xr_attr(x, tb_mark_xml[k]);
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
		tb_xr_nomem(x);
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
		tb_xr_nomem(x);
	xmlFree(own);
	if (in == IN_COMMENT)
		tb_xr_marks_read(x);
}

void tb_xr_element(tb_xml_reader *x, const char *name)
{
	if (strcmp(name, "nag") != 0) /* only a NAG right after it is a suffix */
		x->lone_unknown = 0;
	if (strcmp(name, "record") == 0) {
		char *game = tb_xr_attr(x, "game");
		free(x->game);
		x->game = tb_strdup(game ? game : "");
		xmlFree(game);
		if (!x->game) { /* nothing reads on: tb_xr_node stops at 'failed' */
			tb_xr_nomem(x);
			return;
		}
		x->game_tag = 0;
		x->record_line = tb_xr_line(x);
		x->in_record = 1;
		tb_buf_clear(&x->tgn);
		x->nlines = 0;
		x->reading_open = x->in_parts = x->in_alt = 0;
		x->ev_node[0] = x->ev_alt[0] = x->ev_comment[0] = '\0';
		x->text_in = IN_NONE;
		S_newline(x); /* line 1: the record's own comments */
	} else if (strcmp(name, "tag") == 0) {
		char *n = tb_xr_attr(x, "name"), *v = tb_xr_attr(x, "value");
		if (n && strcmp(n, "Game") == 0) {
			x->game_tag = 1;
			if (!v || strcmp(v, x->game) != 0)
				tb_xr_diag(x, TB_ERROR, TB_D_XML_INVALID, tb_xr_line(x), 0,
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
		char *min = tb_xr_attr(x, "min"), *max = tb_xr_attr(x, "max");
		S_newline(x);
		S_written(x);
		tb_buf_printf(&x->tgn, "<gap%s%s%s%s>", min ? " " : "", min ? min : "", max ? "-" : "",
		              max ? max : "");
		xmlFree(min);
		xmlFree(max);
		S_ev_read(x, x->ev_node);
		S_ev_flush(x, x->ev_node);
	} else if (strcmp(name, "position") == 0) {
		char *p = tb_xr_attr(x, "notation");
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
		char *code = tb_xr_attr(x, "code");
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

void tb_xr_end_element(tb_xml_reader *x, const char *name)
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

