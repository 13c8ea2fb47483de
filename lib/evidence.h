/*
 * evidence.h -- evidence links: a time in the recording and a region of
 * a page image (internal; spec/tgn.md 8.6).
 *
 * The one reader and writer of their text, shared by the TGN parser
 * and writer and the XML reader and writer; and of the two tags that
 * name the media, [Recording] and [Facsimile].
 */
#ifndef TB_EVIDENCE_H
#define TB_EVIDENCE_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "record.h"

/* The largest coordinate or size of a region, in pixels. */
#define TB_EVIDENCE_MAX_PX 10000000L
/* The longest name of a page image in [Facsimile]. */
#define TB_EVIDENCE_MAX_NAME 32

/* What one link token says, once read (text borrowed from the token). */
typedef struct tb_ev_token {
	int is_time;          /* 1: a time; 0: a region */
	long long from, to;   /* a time: milliseconds, 'to' == 'from' for a point */
	const char *name;     /* a region: its page's name (not NUL-terminated) */
	size_t nlen;
	long x, y, w, h;      /* a region: w == 0 for the whole image */
} tb_ev_token;

/* Reads the 'n' bytes at 's' -- a link's text without its '@': a time
 * "H:MM:SS[.f]" or a range "H:MM:SS[.f]-H:MM:SS[.f]", or a region
 * "NAME" or "NAME#X,Y,W,H" -- into '*t'. Returns 0, or -1 with '*why'
 * a static message and '*at' the offset in 's' of what is wrong. */
int tb_ev_token_read(const char *s, size_t n, tb_ev_token *t, const char **why, size_t *at);

/* Writes the canonical text of time 'from'..'to' (ms; 'to' == 'from'
 * or -1: a point) without '@'. */
void tb_ev_write_time(tb_buf *b, long long from, long long to);
/* Writes the canonical text of region 'e' without '@'. */
void tb_ev_write_region(tb_buf *b, const tb_evidence *e);
/* Writes " @TIME" and " @REGION", those 'e' has (NULL: nothing). */
void tb_ev_write(tb_buf *b, const tb_evidence *e);

/* Sets the time or the region of 'e' from token 't' (a region's name
 * copied into 'a'). Returns 0, or -1 when 'e' has one of that kind
 * already (left as it was), or TB_ENOMEM. */
int tb_ev_set(tb_evidence *e, const tb_ev_token *t, tb_arena *a);
/* A new empty link in 'a' (no time, no region), or NULL. */
tb_evidence *tb_ev_new(tb_arena *a);
/* Do 'a' and 'b' (either NULL: none) say the same? */
int tb_ev_equal(const tb_evidence *a, const tb_evidence *b);

/* The first evidence link of 'rec' in the order of the one traversal
 * (visit.h): a node's, an alternative's or a comment's; NULL when it
 * has none. */
const tb_evidence *tb_ev_first(const tb_record *rec);

/* The name of a page a region link of 'rec' is on that [Facsimile] value
 * 'facsimile' (NULL: none) does not name, or NULL when it names them all. */
const char *tb_ev_orphan(const tb_record *rec, const char *facsimile);

/* ===== The media tags ===== */

/* Checks a [Recording] value: not empty, no line end. Returns NULL, or
 * a message. */
const char *tb_recording_check(const char *value);
/* Checks a [Facsimile] value: "NAME=URI" items separated by ';' (and
 * blanks), names unique. Returns NULL, or a message (into 'msg', of
 * 'cap' bytes). */
const char *tb_facsimile_check(const char *value, char *msg, size_t cap);
/* Item 'i' of a [Facsimile] value: its name and URI as spans of
 * 'value'. Returns 1, or 0 when there is no such item (or the value
 * is malformed there). */
int tb_facsimile_item(const char *value, size_t i, const char **name, size_t *nlen,
                      const char **uri, size_t *ulen);
/* Does the [Facsimile] value name page 'name' ('n' bytes)? */
int tb_facsimile_has(const char *value, const char *name, size_t n);

#endif
