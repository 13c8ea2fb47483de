/*
 * collate.h -- collations (collate.c) as the rest of the library sees
 * them: which records are collations, what each witness's line is, and
 * a line replayed by the rules (internal; spec/compare.md, "Collating
 * witnesses").
 */
#ifndef TB_COLLATE_H
#define TB_COLLATE_H

#include "rules.h"

#define TB_COLLATE_MAX 15 /* witnesses: a reading holds 16 alternatives, one
                             of which may be the rules' reconstruction */

#define TB_SIGLUM_MAX 32 /* bytes of a siglum */

/* The witnesses a collation declares ([Collation "A, B"]), base first. */
typedef struct tb_sigla {
	const char *s[TB_COLLATE_MAX];
	size_t n;
	char buf[TB_COLLATE_MAX][TB_SIGLUM_MAX + 1]; /* where s[] point */
} tb_sigla;

/* Is s[0..n) a siglum: 1 to 32 bytes of letters of any script, digits,
 * '_', '-' and '.', the first a letter or a digit? */
int tb_siglum_ok(const char *s, size_t n);
/* The index of siglum s[0..n) in 'd', or -1. */
int tb_sigla_find(const tb_sigla *d, const char *s, size_t n);
/* Adds siglum s[0..n) to 'd'; 0, or -1 when it is no siglum, is there
 * already or 'd' is full. */
int tb_sigla_add(tb_sigla *d, const char *s, size_t n);
/* Reads "A, B?, C", the whole of s[0..n): sigla of 'd', each once, a '?'
 * after one only when 'own' is not NULL. Sets '*set' (and '*own') to
 * their bits; returns 1, or 0 when s is no such list. */
int tb_sigla_list(const tb_sigla *d, const char *s, size_t n, uint32_t *set, uint32_t *own);
/* Appends the sigla of 'set' in order, ", " between them, each with '?'
 * when in 'own'. */
void tb_sigla_write(tb_buf *b, const tb_sigla *d, uint32_t set, uint32_t own);

/* Reads the [Collation] tag of 'rec' into 'd'. Returns 1 when 'rec' is a
 * collation, 0 when it has no such tag, -1 when the tag is not a list of
 * sigla (1 to 15 of them, each once). */
int tb_sigla_read(const tb_record *rec, tb_sigla *d);

/* The witnesses alternative 'a' of a collation's reading names (its
 * first comment, "A, B?"): their bits in '*set', those it is their own
 * reading of in '*own'. Returns 1, or 0 when it names none. */
int tb_alt_witnesses(const tb_sigla *d, const tb_alt *a, uint32_t *set, uint32_t *own);

/* Is 'n' a reading of a collation -- one of its alternatives begins
 * with the comment naming its witnesses -- under declaration 'd'? */
int tb_collation_reading(const tb_sigla *d, const tb_node *n);

/* Where a comment stands in a collation, which says what it may be
 * besides a witness's own. */
enum { TB_AT_NODE, TB_AT_ALT, TB_AT_ALT_FIRST, TB_AT_TAG, TB_AT_LEAD, TB_AT_TRAIL };

/* Reads an attributed comment, "A, B: text" (or "A:" for an empty one):
 * its witnesses into '*set', where its text starts into '*rest'. Returns
 * 1, or 0 when 'text' is not attributed. */
int tb_attributed(const tb_sigla *d, const char *text, uint32_t *set, const char **rest);

/* The collation's own note on a turn illegal in some witnesses' lines:
 * TB_ILLEGAL_IN "A, B: why". Is 'text' one? */
#define TB_ILLEGAL_IN "illegal in "
/* A witness's evidence links on a node where the witnesses' differ
 * (spec/compare.md 7.1): an attributed comment "A, B: @" (no language)
 * that carries them, its own links being theirs. */
#define TB_LINKS_FORM "@"
int tb_collation_note(const tb_sigla *d, const char *text);

/* What an attributed comment's text after the sigla ('rest', from
 * tb_attributed) says, in the collator's forms (spec/compare.md §7.3):
 * the NAGs a turn has in those witnesses, "NAG $1 $14" (1, nags[] and
 * '*n' set; 0 when 'rest' is not that); a tag's value there, '[Name
 * "value"]' (1, the value unescaped into 'b') or "no [Name]" (2), or 0.
 * The apparatus (apparatus.c) reads them as the witness reader does. */
int tb_collation_nag_form(const char *rest, uint8_t *nags, unsigned *n);
int tb_collation_tag_form(const char *rest, const char *name, tb_buf *b);

/* The witnesses variation 'v' is attributed to: its first comment, a
 * list of sigla. 1, or 0 when it is every witness's there. */
int tb_variation_witnesses(const tb_sigla *d, const tb_line *v, uint32_t *set);
/* Appends variation 'v' alone, " (...)", without its first comment when
 * 'skip'. */
void tb_write_variation(tb_buf *b, const tb_game *g, const tb_line *v, int skip);

/* Witness 'x' of collation 'rec' read back: its record in canonical
 * form (the caller frees it; '*len' its length, if not NULL), or NULL
 * with why into 'why' -- or with 'why' failed (tb_buf_ok) when memory
 * ran out. */
char *tb_collation_witness_canon(const tb_record *rec, const tb_sigla *d, size_t x, size_t *len,
                                 tb_buf *why);

/* Reads TGN text 't' (one record) into a record of its own, by a reader
 * named 'name' left in '*rp' (the caller frees both). Returns NULL when
 * the record has errors; NULL with '*rp' NULL when memory ran out ('t'
 * failed included). */
tb_record *tb_record_read_text(const tb_buf *t, const char *name, tb_reader **rp);
/* Appends the message of the first error of the reader's last record;
 * fails 'b' when 'r' is NULL (tb_record_read_text out of memory). */
void tb_reader_first_error(tb_buf *b, const tb_reader *r);

/* A diagnostic of reader 'r' at the value of tag 'name' of its record
 * 'rec' (its first line when it has no such tag). Out of memory, as
 * tb_diag_at: r->nomem under r->recover, else abort. */
void tb_diag_tag(tb_reader *r, const tb_record *rec, const char *name, tb_severity sev, int code,
                 const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* What a line follows at one node: a turn, a gap, a restated position
 * or nothing. */
typedef struct tb_wstep {
	const tb_node *node;         /* the node it is read from */
	const tb_alt *alt;           /* the alternative it is, or NULL: the node */
	uint8_t kind;                /* TB_NODE_MOVE, PASS, UNKNOWN, GAP, POSITION, OMITTED */
	const tb_move *move;         /* MOVE */
	long gap_max;                /* GAP */
	const tb_position *position; /* POSITION */
} tb_wstep;

/* The steps of witness 'x' (an index into 'd') along the main line of
 * collation 'rec', one per node where it has something; the caller
 * frees the array ('*n' their number); NULL when memory ran out. */
tb_wstep *tb_collation_steps(const tb_record *rec, const tb_sigla *d, size_t x, size_t *n);

/* Called for node 'i' of a line's main line that the rules find fault
 * with, and the fault as validate reports it (tablero.h, tb_fault;
 * borrowed for the call). */
typedef void (*tb_line_fault_fn)(void *ctx, size_t i, const tb_fault *f);

/* Replays the record that TGN text t[0..len) holds as tablero validate
 * does (its searches within limits 'so'), and calls 'fn' (may be NULL)
 * for each node of its main line with an error of the rules (TB401,
 * TB402, TB409), the rules' reasons worded in 'l' (NULL: English;
 * tb_reader_set_lang). Sets '*faulty' when the rules find any error. Returns
 * how many turns of its main line the rules know (every point known)
 * before the first such node, or in all when there is none; TB_ENOMEM
 * when memory ran out ('text' NULL included). */
long tb_line_check(const char *text, size_t len, const tb_search_opts *so, const tb_lang *l,
                   tb_line_fault_fn fn, void *ctx, int *faulty);

/* Witness 'x' of collation 'rec' as TGN text (not in canonical form),
 * its main line's nodes one for each of tb_collation_steps'; the caller
 * frees it; NULL when memory ran out. */
char *tb_collation_witness_text(const tb_record *rec, const tb_sigla *d, size_t x, size_t *len);

#endif
