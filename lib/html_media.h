/*
 * html_media.h -- a web page's evidence links (internal; spec/html.md
 * §3.1): the recording a turn's time plays, the page image a
 * turn's region frames. What html.c asks of it, one concern apart.
 */
#ifndef TB_HTML_MEDIA_H
#define TB_HTML_MEDIA_H

#include "buf.h"
#include "lang.h"
#include "record.h"
#include "xml_emit.h"

/* Writes to 'w' the players of record 'rec''s media, in language 'l':
 * an <audio> over the file [Recording] names (as written, relative to
 * the page; preload="none", so nothing is fetched until it is played),
 * and a figure for the page regions when [Facsimile] names pages; the
 * script fills it. Nothing when the record names no media. */
void tb_html_media_view(tb_xw *w, const tb_record *rec, const tb_lang *l);

/* Adds to 'b' (a JSON object's members, comma-separated) the link 'e'
 * of frame 'f' -- "F":{"t":[from,to],"z":["NAME",x,y,w,h]} in seconds
 * and pixels -- when it has one. */
void tb_html_media_link(tb_buf *b, long f, const tb_evidence *e);

/* Adds to 'b' the record's media for the script, each a member that
 * follows others: ,"ev":{...} (the links 'links' holds, from
 * tb_html_media_link) and ,"pages":{"NAME":"URI",...} from [Facsimile];
 * nothing when there is neither. */
void tb_html_media_data(tb_buf *b, const tb_record *rec, const tb_buf *links);

/* Writes to 'w', after a turn, where its time starts ("0:41:15"; the
 * whole time, a range, its title), a span the script does not need:
 * the seeking is the turn's. Nothing when 'e' has no time. */
void tb_html_media_mark(tb_xw *w, const tb_evidence *e);

#endif
