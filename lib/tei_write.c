/*
 * tei_write.c -- records and collations as TEI P5 (spec/tei.md).
 *
 * One <TEI> element per record, written with the house's XML writer
 * (xml_emit.c: escaped as XML 1.0 requires, so no text of a record can
 * make markup) from the one traversal of its movetext (visit.h), as
 * xml_write.c writes tablero XML: a teiHeader made from the tags, then
 * the movetext as a <div> of typed segments. Every tag is kept, in
 * order and with its comments, as a <note type="tag"> of the notesStmt,
 * so that tei_read.c gives back the same record; the header's other
 * elements (title, respStmt, particDesc, ...) say the same for people
 * and for TEI's tools, and are not read back. Evidence links are
 * @synch into a <timeline> and @facs into <facsimile> zones, whose ids
 * say the time and the region (spec/tei.md 7).
 */
#include <stdlib.h>
#include <string.h>

#include "collate.h"
#include "evidence.h"
#include "game.h"
#include "marks.h"
#include "record.h"
#include "visit.h"
#include "writer.h"
#include "xalloc.h"
#include "xml.h"
#include "xml_emit.h"
#include "tei.h"

#define S_TEI_NS "http://www.tei-c.org/ns/1.0"

typedef tb_tei_out S_tei;

/* ===== Small pieces ===== */

static void S_text(S_tei *t, const char *s) { tb_xw_text(&t->w, s, strlen(s)); }

/* <name>text</name>, the text escaped. */
static void S_elem(S_tei *t, const char *name, const char *text)
{
	tb_xw_start(&t->w, name, NULL);
	tb_xw_inline(&t->w);
	S_text(t, text);
	tb_xw_end(&t->w);
}

/* What 'tmp' holds, NUL-terminated ("" when memory ran out: the
 * document's buffer fails with it, and the call says TB_ENOMEM). */
static const char *S_tmp(S_tei *t)
{
	tb_buf_putc(&t->tmp, '\0');
	if (tb_buf_ok(&t->tmp))
		return t->tmp.data;
	tb_buf_fail(t->w.b);
	return "";
}

/* <note type="comment" xml:lang="...">text</note> */
static void S_comment(S_tei *t, const tb_comment *c)
{
	tb_xw_start(&t->w, "note", NULL);
	tb_xw_attr(&t->w, "type", "comment");
	tb_tei_links(t, c->evidence);
	if (c->lang && tb_xml_lang_ok(c->lang))
		tb_xw_attr(&t->w, "xml:lang", c->lang);
	else if (c->lang) /* kept for the way back; TEI's xml:lang refuses it */
		tb_xw_attr(&t->w, "n", c->lang);
	tb_xw_inline(&t->w);
	if (c->nmarks) { /* author's marks as TGN writes them, first (spec/tgn.md 8.7) */
		tb_buf_clear(&t->tmp);
		tb_marks_write(&t->tmp, c->marks, c->nmarks);
		if (*c->text)
			tb_buf_putc(&t->tmp, ' ');
		tb_buf_puts(&t->tmp, c->text);
		S_text(t, S_tmp(t));
	} else {
		S_text(t, c->text);
	}
	tb_xw_end(&t->w);
}

static void S_comments(S_tei *t, const tb_comment *c)
{
	for (; c; c = c->next)
		S_comment(t, c);
}

/* ===== The header ===== */

/* "Red – Yellow: Event, Site, Date", from what the record has; the
 * game's name when it has none of them. */
static void S_title(S_tei *t)
{
	const tb_record *rec = t->rec;
	const char *a = tb_record_tag(rec, rec->game->side_tag[0]);
	const char *b = tb_record_tag(rec, rec->game->side_tag[1]);
	tb_buf_clear(&t->tmp);
	if (a || b)
		tb_buf_printf(&t->tmp, "%s \xe2\x80\x93 %s", a ? a : "?", b ? b : "?");
	static const char *const parts[] = {"Event", "Site", "Date"};
	int first = 1;
	for (size_t i = 0; i < 3; i++) {
		const char *v = tb_record_tag(rec, parts[i]);
		if (!v)
			continue;
		tb_buf_puts(&t->tmp, first ? (t->tmp.len ? ": " : "") : ", ");
		tb_buf_puts(&t->tmp, v);
		first = 0;
	}
	if (!t->tmp.len)
		tb_buf_printf(&t->tmp, "%s", rec->game->name);
	S_elem(t, "title", S_tmp(t));
}

/* A respStmt for each of Recorder, Transcriber, Annotator given. */
static void S_resps(S_tei *t)
{
	static const char *const tags[] = {"Recorder", "Transcriber", "Annotator"};
	static const char *const resp[] = {"recorder", "transcriber", "annotator"};
	for (size_t i = 0; i < 3; i++) {
		const char *v = tb_record_tag(t->rec, tags[i]);
		if (!v)
			continue;
		tb_xw_start(&t->w, "respStmt", NULL);
		S_elem(t, "resp", resp[i]);
		S_elem(t, "name", v);
		tb_xw_end(&t->w);
	}
}

/* [Access] as availability; an unpublished record says so. */
static void S_publication(S_tei *t)
{
	const char *access = tb_record_tag(t->rec, "Access");
	tb_xw_start(&t->w, "publicationStmt", NULL);
	if (access) {
		tb_xw_start(&t->w, "authority", NULL);
		tb_xw_end(&t->w);
		tb_xw_start(&t->w, "availability", NULL);
		S_elem(t, "p", access);
		tb_xw_end(&t->w);
	} else {
		S_elem(t, "p", "Unpublished record.");
	}
	tb_xw_end(&t->w);
}

/* Every tag, in order, with its comments: the record's own words, which
 * tei_read.c reads back. */
static void S_tags(S_tei *t)
{
	if (!t->rec->ntags)
		return; /* a notesStmt holds one note or more */
	tb_xw_start(&t->w, "notesStmt", NULL);
	for (size_t i = 0; i < t->rec->ntags; i++) {
		const tb_tag *tag = &t->rec->tags[i];
		tb_xw_start(&t->w, "note", NULL);
		tb_xw_attr(&t->w, "type", "tag");
		tb_xw_attr(&t->w, "n", tag->name);
		tb_xw_inline(&t->w);
		S_text(t, tag->value);
		S_comments(t, tag->comments);
		tb_xw_end(&t->w);
	}
	tb_xw_end(&t->w);
}

/* The media type of a recording named 'uri', by its file's extension
 * ("cinta.ogg": audio/ogg); '*video' when it is a video's. Unknown:
 * application/octet-stream (TEI's @mimeType is required). */
static const char *S_mime(const char *uri, int *video)
{
	static const char *const types[][3] = {
		{"ogg", "audio/ogg", ""}, {"oga", "audio/ogg", ""}, {"opus", "audio/ogg", ""},
		{"mp3", "audio/mpeg", ""}, {"wav", "audio/wav", ""}, {"flac", "audio/flac", ""},
		{"m4a", "audio/mp4", ""}, {"weba", "audio/webm", ""}, {"mp4", "video/mp4", "v"},
		{"webm", "video/webm", "v"}, {"ogv", "video/ogg", "v"}, {"mov", "video/quicktime", "v"},
	};
	const char *dot = strrchr(uri, '.');
	*video = 0;
	for (size_t i = 0; dot && !strchr(dot, '/') && i < sizeof types / sizeof types[0]; i++) {
		size_t n = strlen(types[i][0]), k = 0;
		while (k < n && dot[1 + k] && (dot[1 + k] | 0x20) == types[i][0][k])
			k++;
		if (k == n && !dot[1 + n]) {
			*video = *types[i][2] == 'v';
			return types[i][1];
		}
	}
	return "application/octet-stream";
}

/* [Recording] as TEI's recording statement: what the record's times
 * count from (spec/tei.md 7). */
static void S_recording(S_tei *t)
{
	const char *uri = tb_record_tag(t->rec, "Recording");
	if (!uri || !*uri)
		return;
	int video;
	const char *mime = S_mime(uri, &video);
	tb_xw_start(&t->w, "recordingStmt", NULL);
	tb_xw_start(&t->w, "recording", NULL);
	tb_xw_attr(&t->w, "type", video ? "video" : "audio");
	tb_xw_start(&t->w, "media", NULL);
	tb_xw_attr(&t->w, "mimeType", mime);
	tb_xw_attr(&t->w, "url", uri);
	tb_xw_end(&t->w);
	tb_xw_end(&t->w);
	tb_xw_end(&t->w);
}

/* [Source] as a bibl, a collation's witnesses as a listWit, [Recording]
 * as a recordingStmt. */
static void S_source(S_tei *t)
{
	const char *src = tb_record_tag(t->rec, "Source");
	tb_xw_start(&t->w, "sourceDesc", NULL);
	if (src)
		S_elem(t, "bibl", src);
	if (t->sigla) {
		tb_xw_start(&t->w, "listWit", NULL);
		for (size_t i = 0; i < t->sigla->n; i++) {
			char id[32];
			snprintf(id, sizeof id, "wit%zu", i + 1);
			tb_xw_start(&t->w, "witness", NULL);
			tb_xw_attr(&t->w, "xml:id", id);
			tb_xw_inline(&t->w);
			S_text(t, t->sigla->s[i]);
			tb_xw_end(&t->w);
		}
		tb_xw_end(&t->w);
	}
	S_recording(t);
	if (!src && !t->sigla && !tb_record_tag(t->rec, "Recording"))
		S_elem(t, "p", "No source named.");
	tb_xw_end(&t->w);
}

/* Is 'when' ("YYYY", "YYYY-MM" or "YYYY-MM-DD", 'n' characters) a date
 * of the calendar, as XML Schema's types take it (no year 0, no 30
 * February)? */
static int S_iso_date(const char *when, size_t n)
{
	static const int days[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
	int y = atoi(when), m = n >= 7 ? atoi(when + 5) : 1, d = n == 10 ? atoi(when + 8) : 1;
	int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
	return y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= days[m - 1] &&
	       (m != 2 || d < 29 || leap);
}

/* [Date] as a date; @when where it is known to the day, month or year
 * ("1998.07.21", "1998.07", "1998"; "1998.07.??" is 1998-07). */
static void S_date(S_tei *t, const char *d)
{
	char when[11] = "";
	size_t n = 0;
	for (size_t i = 0; d[i] && n < 10; i++) {
		char c = d[i];
		if (c >= '0' && c <= '9')
			when[n++] = c;
		else if (c == '.' && (n == 4 || n == 7))
			when[n++] = '-';
		else
			break;
	}
	while (n && when[n - 1] == '-')
		n--;
	when[n] = '\0';
	tb_xw_start(&t->w, "date", NULL);
	if ((n == 4 || n == 7 || n == 10) && S_iso_date(when, n))
		tb_xw_attr(&t->w, "when", when);
	tb_xw_inline(&t->w);
	S_text(t, d);
	tb_xw_end(&t->w);
}

/* <person role="..."><persName>name</persName></person> */
static void S_person(S_tei *t, const char *role, const char *n, const char *name)
{
	tb_xw_start(&t->w, "person", NULL);
	tb_xw_attr(&t->w, "role", role);
	if (n)
		tb_xw_attr(&t->w, "n", n);
	S_elem(t, "persName", name);
	tb_xw_end(&t->w);
}

/* The players (by their side's tag) and the informant. */
static void S_persons(S_tei *t)
{
	const tb_game *g = t->rec->game;
	const char *p0 = tb_record_tag(t->rec, g->side_tag[0]);
	const char *p1 = tb_record_tag(t->rec, g->side_tag[1]);
	const char *inf = tb_record_tag(t->rec, "Informant");
	if (!p0 && !p1 && !inf)
		return;
	tb_xw_start(&t->w, "particDesc", NULL);
	tb_xw_start(&t->w, "listPerson", NULL);
	if (p0)
		S_person(t, "player", g->side_tag[0], p0);
	if (p1)
		S_person(t, "player", g->side_tag[1], p1);
	if (inf)
		S_person(t, "informant", NULL, inf);
	tb_xw_end(&t->w);
	tb_xw_end(&t->w);
}

/* [Site] and [Community] as places. */
static void S_places(S_tei *t)
{
	const char *site = tb_record_tag(t->rec, "Site");
	const char *comm = tb_record_tag(t->rec, "Community");
	if (!site && !comm)
		return;
	tb_xw_start(&t->w, "settingDesc", NULL);
	tb_xw_start(&t->w, "listPlace", NULL);
	static const char *const types[] = {"site", "community"};
	const char *v[] = {site, comm};
	for (size_t i = 0; i < 2; i++) {
		if (!v[i])
			continue;
		tb_xw_start(&t->w, "place", NULL);
		tb_xw_attr(&t->w, "type", types[i]);
		S_elem(t, "placeName", v[i]);
		tb_xw_end(&t->w);
	}
	tb_xw_end(&t->w);
	tb_xw_end(&t->w);
}

static void S_profile(S_tei *t)
{
	const char *date = tb_record_tag(t->rec, "Date");
	const char *lang = tb_record_tag(t->rec, "Language");
	tb_xw_start(&t->w, "profileDesc", NULL);
	if (date) {
		tb_xw_start(&t->w, "creation", NULL);
		S_date(t, date);
		tb_xw_end(&t->w);
	}
	if (lang && tb_xml_lang_ok(lang)) {
		tb_xw_start(&t->w, "langUsage", NULL);
		tb_xw_start(&t->w, "language", NULL);
		tb_xw_attr(&t->w, "ident", lang);
		tb_xw_inline(&t->w);
		S_text(t, lang);
		tb_xw_end(&t->w);
		tb_xw_end(&t->w);
	}
	S_persons(t);
	S_places(t);
	tb_xw_end(&t->w);
}

static void S_header(S_tei *t)
{
	tb_xw_start(&t->w, "teiHeader", NULL);
	tb_xw_start(&t->w, "fileDesc", NULL);
	tb_xw_start(&t->w, "titleStmt", NULL);
	S_title(t);
	S_resps(t);
	tb_xw_end(&t->w);
	S_publication(t);
	S_tags(t);
	S_source(t);
	tb_xw_end(&t->w);
	S_profile(t);
	tb_xw_end(&t->w);
}

/* ===== The movetext ===== */

static const char *S_side(const tb_node *n)
{
	return n->side == 0 ? "first" : n->side == 1 ? "second" : "unknown";
}

/* The number the record's own numbering writes before node 'n' (after
 * 'prev'), where it is not the count's, as <num type="written">: "5.",
 * "4...", or empty where it runs past 999999 (xml_write.c's "written"). */
static void S_written(S_tei *t, const tb_node *n, const tb_node *prev)
{
	char w[32];
	if (!tb_node_number_written(n, prev, w))
		return;
	tb_xw_start(&t->w, "num", NULL);
	tb_xw_attr(&t->w, "type", "written");
	tb_xw_inline(&t->w);
	if (w[0])
		S_text(t, w);
	tb_xw_end(&t->w);
}

/* "move", "pass" or "unknown": what a turn is (@function). */
static const char *S_function(uint8_t kind)
{
	return kind == TB_NODE_PASS ? "pass" : kind == TB_NODE_UNKNOWN ? "unknown" : "move";
}

/* What a turn holds: its token, in <supplied> when the rules put it in,
 * in <unclear> when a point of it is '?', a <gap> for a turn nobody
 * knows. */
static void S_token(S_tei *t, uint8_t kind, const tb_move *m, int reconstructed)
{
	if (kind == TB_NODE_UNKNOWN && !reconstructed) {
		tb_xw_start(&t->w, "gap", NULL);
		tb_xw_attr(&t->w, "reason", "unknown");
		tb_xw_attr(&t->w, "unit", "turn");
		tb_xw_attr(&t->w, "quantity", "1");
		tb_xw_end(&t->w);
		return;
	}
	tb_buf_clear(&t->tmp);
	tb_turn_write(&t->tmp, kind, m);
	const char *tok = S_tmp(t);
	const char *wrap = reconstructed ? "supplied" : strchr(tok, '?') ? "unclear" : NULL;
	if (wrap) {
		tb_xw_start(&t->w, wrap, NULL);
		if (reconstructed)
			tb_xw_attr(&t->w, "reason", "reconstructed");
		tb_xw_inline(&t->w);
	}
	S_text(t, tok);
	if (wrap)
		tb_xw_end(&t->w);
}

/* <gap unit="turn" quantity="2"/>, or atLeast/atMost for a range. */
static void S_gap(S_tei *t, const char *reason, long lo, long hi, const tb_evidence *e)
{
	tb_xw_start(&t->w, "gap", NULL);
	tb_xw_attr(&t->w, "reason", reason);
	tb_tei_links(t, e);
	tb_xw_attr(&t->w, "unit", "turn");
	if (lo >= 0 && hi > lo) {
		tb_xw_uint(&t->w, "atLeast", (unsigned long)lo);
		tb_xw_uint(&t->w, "atMost", (unsigned long)hi);
	} else if (lo >= 0) {
		tb_xw_uint(&t->w, "quantity", (unsigned long)lo);
	}
	tb_xw_end(&t->w);
}

/* <seg type="position">NOTATION</seg>: a position the record restates. */
static void S_position(S_tei *t, const tb_position *p, const tb_evidence *e)
{
	tb_buf_clear(&t->tmp);
	tb_position_write(&t->tmp, t->rec->game, p);
	tb_xw_start(&t->w, "seg", NULL);
	tb_xw_attr(&t->w, "type", "position");
	tb_tei_links(t, e);
	tb_xw_inline(&t->w);
	S_text(t, S_tmp(t));
	tb_xw_end(&t->w);
}

/* Writes the position after a turn (tb_turn_fn). */
static void S_after(void *ctx, const tb_turn_report *r)
{
	S_tei *t = ctx;
	tb_xw_start(&t->w, "note", NULL);
	tb_xw_attr(&t->w, "type", "position");
	tb_xw_inline(&t->w);
	S_text(t, r->position);
	tb_xw_end(&t->w);
}

/* With TB_TEI_POSITIONS, the position after turn 'n' where the replay
 * knows it (written or reconstructed), as <note type="position">. */
static void S_position_after(S_tei *t, const tb_node *n)
{
	if (!t->rp || !tb_kind_is_turn(tb_node_followed(n)))
		return;
	long i = tb_replay_find(t->rp, n, 0);
	int st = i >= 0 ? tb_replay_status(t->rp, i) : -1;
	if ((st == TB_FRAME_WRITTEN || st == TB_FRAME_RECONSTRUCTED) &&
	    tb_replay_report(t->rp, i, S_after, t) == TB_ENOMEM)
		tb_buf_fail(t->w.b);
}

/* A node: a turn's <seg>, a gap, a restated position; a reading's <app>
 * is left open for its alternatives (S_close_app). */
static void S_node(S_tei *t, const tb_node *n, const tb_node *prev)
{
	S_written(t, n, prev);
	switch (n->kind) {
	case TB_NODE_READING:
		tb_xw_start(&t->w, "app", NULL);
		tb_xw_attr(&t->w, "type", "reading");
		tb_tei_links(t, n->evidence);
		if (n->side < 2) { /* app has no @subtype: the side in the number */
			char num[32];
			snprintf(num, sizeof num, "%u%s", n->number, n->side ? "..." : ".");
			tb_xw_attr(&t->w, "n", num);
		}
		t->app_open = n;
		break;
	case TB_NODE_GAP:
		S_gap(t, "lost", n->gap_min, n->gap_max, n->evidence);
		break;
	case TB_NODE_POSITION:
		S_position(t, n->position, n->evidence);
		break;
	default:
		tb_xw_start(&t->w, "seg", NULL);
		tb_xw_attr(&t->w, "type", "turn");
		tb_xw_attr(&t->w, "function", S_function(n->kind));
		tb_xw_uint(&t->w, "n", n->number);
		tb_xw_attr(&t->w, "subtype", S_side(n));
		tb_tei_links(t, n->evidence);
		tb_xw_inline(&t->w);
		S_token(t, n->kind, &n->move, n->reconstructed);
		tb_xw_end(&t->w);
		S_position_after(t, n);
		break;
	}
}

/* One alternative of a reading opened: a <rdg> of its kind, with its
 * witnesses (a collation's: @wit), holding the turn, gap or position. */
static void S_alt(S_tei *t, const tb_alt *a)
{
	static const char *const kinds[] = {"move", "pass", "unknown", "", "gap", "position",
	                                    "omitted"};
	tb_xw_start(&t->w, "rdg", NULL);
	tb_xw_attr(&t->w, "type", kinds[a->kind]);
	tb_tei_links(t, a->evidence);
	uint32_t set, own;
	if (t->sigla && tb_alt_witnesses(t->sigla, a, &set, &own)) {
		tb_buf_clear(&t->tmp);
		for (size_t i = 0; i < t->sigla->n; i++)
			if (set >> i & 1)
				tb_buf_printf(&t->tmp, "%s#wit%zu", t->tmp.len ? " " : "", i + 1);
		tb_xw_attr(&t->w, "wit", S_tmp(t));
	}
	if (a->kind == TB_NODE_GAP) {
		S_gap(t, "lost", a->gap_min, a->gap_max, NULL);
	} else if (a->kind == TB_NODE_POSITION) {
		S_position(t, a->position, NULL);
	} else if (a->kind != TB_NODE_OMITTED) {
		tb_xw_start(&t->w, "seg", NULL);
		tb_xw_attr(&t->w, "type", "turn");
		tb_xw_attr(&t->w, "function", S_function(a->kind));
		tb_xw_inline(&t->w);
		S_token(t, a->kind, &a->move, a->reconstructed);
		tb_xw_end(&t->w);
	}
}

/* A NAG: <seg type="nag" n="2">?</seg>, its symbol for 1 to 6. */
static void S_nag(S_tei *t, unsigned code)
{
	static const char *const sym[] = {"", "!", "?", "!!", "??", "!?", "?!"};
	char text[16];
	snprintf(text, sizeof text, "$%u", code);
	tb_xw_start(&t->w, "seg", NULL);
	tb_xw_attr(&t->w, "type", "nag");
	tb_xw_uint(&t->w, "n", code);
	tb_xw_inline(&t->w);
	S_text(t, code >= 1 && code <= 6 ? sym[code] : text);
	tb_xw_end(&t->w);
}

/* Closes a reading's <app> once its alternatives are written: what
 * follows the reading (its NAGs, comments, variations) follows it in
 * the text, as it does in TGN. */
static void S_close_app(S_tei *t)
{
	const tb_node *n = t->app_open;
	if (!n)
		return;
	t->app_open = NULL;
	tb_xw_end(&t->w);
	S_position_after(t, n);
}

/* The main line as an <ab type="movetext">, each variation a <seg
 * type="variation"> after the node it is an alternative to, in the
 * order of the one traversal (visit.h). */
static void S_moves(S_tei *t)
{
	tb_visit v;
	tb_visit_init(&v, &t->rec->main);
	for (int ev; (ev = tb_visit_next(&v)) != TB_VISIT_DONE;) {
		switch (ev) {
		case TB_VISIT_LINE_ENTER:
			S_close_app(t);
			tb_xw_start(&t->w, v.depth ? "seg" : "ab", NULL);
			tb_xw_attr(&t->w, "type", v.depth ? "variation" : "movetext");
			break;
		case TB_VISIT_LINE_EXIT:
			tb_xw_end(&t->w);
			break;
		case TB_VISIT_NODE_ENTER:
			S_node(t, v.node, v.prev);
			break;
		case TB_VISIT_NODE_EXIT:
			S_close_app(t);
			break;
		case TB_VISIT_ALT_ENTER:
			S_alt(t, v.alt);
			break;
		case TB_VISIT_ALT_EXIT:
			tb_xw_end(&t->w);
			break;
		case TB_VISIT_NAG:
			S_close_app(t);
			S_nag(t, v.nag);
			break;
		case TB_VISIT_COMMENT:
			if (v.at != TB_VISIT_AT_ALT)
				S_close_app(t);
			S_comment(t, v.comment);
			break;
		default:
			break;
		}
	}
}

/* ===== Records and documents ===== */

/* The <TEI> element of 'rec' into 'w' (at its depth: the document's
 * root, or inside a teiCorpus). */
static void S_record(S_tei *t)
{
	const tb_record *rec = t->rec;
	tb_xw_start(&t->w, "TEI", NULL);
	tb_xw_attr(&t->w, "xmlns", S_TEI_NS);
	const char *lang = tb_record_tag(rec, "Language");
	if (lang && tb_xml_lang_ok(lang))
		tb_xw_attr(&t->w, "xml:lang", lang);
	S_header(t);
	tb_tei_facsimile(t);
	tb_xw_start(&t->w, "text", NULL);
	tb_xw_start(&t->w, "body", NULL);
	tb_xw_start(&t->w, "div", NULL);
	tb_xw_attr(&t->w, "type", "record");
	tb_xw_attr(&t->w, "subtype", rec->game->name);
	tb_tei_timeline(t);
	if (rec->lead) { /* the comments before the tags */
		tb_xw_start(&t->w, "ab", NULL);
		tb_xw_attr(&t->w, "type", "lead");
		S_comments(t, rec->lead);
		tb_xw_end(&t->w);
	}
	S_moves(t);
	tb_xw_start(&t->w, "ab", NULL);
	tb_xw_attr(&t->w, "type", "result");
	tb_xw_inline(&t->w);
	S_text(t, tb_result_text[rec->result]);
	tb_xw_end(&t->w);
	S_comments(t, rec->trail);
	tb_xw_end(&t->w);
	tb_xw_end(&t->w);
	tb_xw_end(&t->w);
	tb_xw_end(&t->w);
}

char *tb_tei_record_text(tb_reader *r, const tb_record *rec, int flags, size_t *len,
                         int *status)
{
	return tb_tei_record_text_at(r, rec, flags, 0, len, status);
}

char *tb_tei_record_text_at(tb_reader *r, const tb_record *rec, int flags, size_t k,
                            size_t *len, int *status)
{
	*len = 0;
	if (!r || !rec || tb_record_errors(rec) || !rec->game) {
		*status = TB_EINVAL;
		return NULL;
	}
	if (tb_reader_xml_refuse(r, rec, "the record is left out of the TEI")) {
		*status = TB_EINVAL;
		return NULL;
	}
	tb_sigla sigla;
	tb_buf b = TB_BUF_SOFT;
	S_tei t = {.rec = rec, .tmp = TB_BUF_SOFT, .links = TB_BUF_SOFT};
	t.sigla = tb_sigla_read(rec, &sigla) > 0 ? &sigla : NULL;
	if (k)
		snprintf(t.idp, sizeof t.idp, "g%zu.", k + 1);
	tb_xw_init(&t.w, &b);
	if (flags & TB_TEI_POSITIONS) {
		t.rp = tb_reader_replay(r, rec);
		if (!t.rp && ((rec->game->rules && rec->errors == rec->offboard) ||
		              tb_reader_validate(r, rec, NULL, NULL) == TB_ENOMEM))
			tb_buf_fail(&b); /* it would have been replayed: memory ran out */
	}
	S_record(&t);
	tb_replay_free(t.rp);
	tb_buf_putc(&b, '\n');
	tb_xw_free(&t.w);
	int ok = tb_buf_ok(&t.tmp) && tb_buf_ok(&t.links) && tb_buf_ok(&b);
	tb_buf_free(&t.tmp);
	tb_buf_free(&t.links);
	char *s = ok ? tb_buf_detach(&b, len) : NULL;
	if (!s)
		tb_buf_free(&b);
	*status = s ? 0 : TB_ENOMEM;
	return s;
}

/* The teiCorpus's own header: what it gathers, from where. */
static void S_corpus_header(tb_xw *w, size_t n, const char *title)
{
	char count[64];
	snprintf(count, sizeof count, "%zu records", n);
	tb_xw_start(w, "teiHeader", NULL);
	tb_xw_start(w, "fileDesc", NULL);
	tb_xw_start(w, "titleStmt", NULL);
	tb_xw_start(w, "title", NULL);
	tb_xw_inline(w);
	tb_xw_text(w, title && *title ? title : count, strlen(title && *title ? title : count));
	tb_xw_end(w);
	tb_xw_end(w);
	tb_xw_start(w, "extent", NULL);
	tb_xw_inline(w);
	tb_xw_text(w, count, strlen(count));
	tb_xw_end(w);
	tb_xw_start(w, "publicationStmt", NULL);
	tb_xw_start(w, "p", NULL);
	tb_xw_inline(w);
	tb_xw_text(w, "Unpublished collection.", 23);
	tb_xw_end(w);
	tb_xw_end(w);
	tb_xw_start(w, "sourceDesc", NULL);
	tb_xw_start(w, "p", NULL);
	tb_xw_inline(w);
	tb_xw_text(w, "Records in TGN.", 15);
	tb_xw_end(w);
	tb_xw_end(w);
	tb_xw_end(w);
	tb_xw_end(w);
}

char *tb_tei_document(char *const *records, const size_t *lens, size_t n, const char *title,
                      size_t *len)
{
	*len = 0;
	if (n == 0 || !records || !lens)
		return NULL;
	tb_buf b = TB_BUF_SOFT;
	tb_xw w;
	tb_xw_init(&w, &b);
	static const char decl[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
	tb_buf_put(&b, decl, sizeof decl - 1);
	if (n == 1) {
		tb_buf_put(&b, records[0], lens[0]);
	} else {
		tb_xw_start(&w, "teiCorpus", NULL);
		tb_xw_attr(&w, "xmlns", S_TEI_NS);
		S_corpus_header(&w, n, title);
		tb_buf_putc(&b, '\n'); /* the header closed <teiCorpus>'s start tag */
		for (size_t i = 0; i < n; i++)
			tb_buf_put(&b, records[i], lens[i]);
		tb_buf_puts(&b, "</teiCorpus>\n");
	}
	tb_xw_free(&w);
	if (!tb_buf_ok(&b)) {
		tb_buf_free(&b);
		return NULL;
	}
	char *s = tb_buf_detach(&b, len);
	if (!s)
		tb_buf_free(&b);
	return s;
}
