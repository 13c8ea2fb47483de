/*
 * tei.h -- what the TEI writer's files share (internal; spec/tei.md):
 * the state of a record being written (tei_write.c), and its evidence
 * links as TEI links them (tei_links.c).
 */
#ifndef TB_TEI_H
#define TB_TEI_H

#include "collate.h"
#include "record.h"
#include "xml_emit.h"

typedef struct tb_tei_out {
	tb_xw w;
	const tb_node *app_open; /* the reading whose <app> holds its alternatives still */
	const tb_record *rec;
	const tb_sigla *sigla; /* a collation's witnesses, or NULL */
	tb_replay *rp;         /* the record's one replay (TB_TEI_POSITIONS), or NULL */
	tb_buf tmp;            /* a token, a notation, a list of sigla */
	tb_buf links;          /* the evidence links' attributes on their way */
	char idp[24];          /* what the ids of its links begin with: "" alone, "gK."
	                          as the Kth record (K from 2) of a teiCorpus */
} tb_tei_out;

/* @synch (the link's time: a <when>, or two for a stretch) and @facs
 * (its region: a <zone>) on the element just started; 'e' NULL: none. */
void tb_tei_links(tb_tei_out *t, const tb_evidence *e);
/* The record's <facsimile>: a <surface> for each page [Facsimile] names
 * (and one for a page a region is on that it does not), its <graphic>,
 * its zones; nothing when it has neither. */
void tb_tei_facsimile(tb_tei_out *t);
/* The record's <timeline>: a <when> for each time its links name;
 * nothing when they name none. */
void tb_tei_timeline(tb_tei_out *t);

#endif
