/*
 * xml_read.h -- an XML reader, as the files of tb_xml_reader share it
 * (internal; spec/xml.md): xml_read.c the reader (libxml2's streaming
 * reader set up, its diagnostics, a record read at a time), 
 * xml_read_prolog.c what comes before the root element (a DOCTYPE or
 * another encoding refused before libxml2 reads it), xml_read_tgn.c
 * each element turned into the TGN text the TGN reader then reads.
 */
#ifndef TB_XML_READ_H
#define TB_XML_READ_H

#include <stddef.h>

#include <libxml/xmlreader.h>

#include "buf.h"
#include "diag.h"
#include "lasterr.h"
#include "record.h"
#include "tablero.h"
#include "xml.h"

#define TB_XR_MAX_DIAGS 100
#define TB_XR_EV_MAX 128    /* " @TIME @REGION" of a link that reads (evidence.c) */
#define TB_XR_XDECL_MAX 512 /* an XML declaration longer than this is refused */

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
	char xdecl[TB_XR_XDECL_MAX]; /* the XML declaration, while it is read */
	size_t nxdecl;
	int in_xdecl;
	int refused;             /* refused in the prolog: nothing more is read */
	unsigned long calls;     /* of tb_xml_reader_next */
	/* diagnostics of the current call */
	tb_diag diags[TB_XR_MAX_DIAGS];
	char *msgs[TB_XR_MAX_DIAGS];
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
	char ev_node[TB_XR_EV_MAX], ev_alt[TB_XR_EV_MAX], ev_comment[TB_XR_EV_MAX];
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


/* xml_read.c: the reader, its diagnostics */
/* Memory ran out: the reader stops, and says TB_ENOMEM (S_next). What
 * the call that ran out goes on to do is left undone where it needs
 * what could not be made. */
void tb_xr_nomem(tb_xml_reader *x);
/* A diagnostic at XML line 'line', column 'col' (0: 1), printf's 'fmt'
 * on one line; an error fails the record. Past TB_XR_MAX_DIAGS, or the
 * same as the one before (libxml2 repeats itself), it is dropped. */
void tb_xr_diag(tb_xml_reader *x, tb_severity sev, int code, unsigned line, unsigned col,
                const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* Refuses the document in the prolog: nothing more is read. */
int tb_xr_refuse(tb_xml_reader *x, unsigned line, unsigned col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Handles the node the reader is on. Returns 1 when a record ended. */
int tb_xr_node(tb_xml_reader *x);

/* xml_read_prolog.c: the prolog */
/* Scans the prolog (what comes before the root element) as the bytes
 * come in, skipping comments and processing instructions, for a
 * DOCTYPE: it is refused before libxml2 reads a declaration of it; and
 * for an encoding other than UTF-8 (S_head, S_xml_decl). Returns -1
 * when refused. */
int tb_xr_prolog(tb_xml_reader *x, const char *buf, size_t n);

/* xml_read_tgn.c: the elements as TGN text */
/* The line of the node the reader is on (the parser may be ahead). */
unsigned tb_xr_line(const tb_xml_reader *x);
/* The value of attribute 'name' of the element the reader is on, the
 * caller's to free (xmlFree), or NULL. */
char *tb_xr_attr(tb_xml_reader *x, const char *name);
/* A comment's author's marks (spec/xml.md): its attributes "arrows",
 * "circles", "shades" and "labels", each a list of items separated by
 * blanks, as the commands TGN writes; the TGN reader checks them. */
void tb_xr_marks_read(tb_xml_reader *x);
/* The start of element 'name' (the reader on it), as TGN text. */
void tb_xr_element(tb_xml_reader *x, const char *name);
/* The end of element 'name' (an empty element's too), as TGN text. */
void tb_xr_end_element(tb_xml_reader *x, const char *name);

#endif
