/*
 * tags.h -- tag pairs: the rosters, value checks and canonical order
 * (internal; spec/tgn.md, "Tag pairs").
 */
#ifndef TB_TAGS_H
#define TB_TAGS_H

#include <stdint.h>
#include <string.h>

#include "game.h"
#include "reader.h"

/* The tags of the rosters (the seven but the sides', then the archival
 * ones in canonical order), which tags.c looks up many times a record:
 * each has a slot in tb_tag_list, so that finding one compares no
 * strings. ORDER: S_known_names. */
enum {
	TB_TAG_GAME, TB_TAG_RULES, TB_TAG_SITE, TB_TAG_DATE, TB_TAG_RESULT,
	TB_TAG_ARCHIVAL, /* the first archival tag: */
	TB_TAG_EVENT = TB_TAG_ARCHIVAL, TB_TAG_ROUND, TB_TAG_INFORMANT, TB_TAG_RECORDER,
	TB_TAG_TRANSCRIBER, TB_TAG_ANNOTATOR, TB_TAG_SOURCE, TB_TAG_RECORDING,
	TB_TAG_FACSIMILE, TB_TAG_LANGUAGE, TB_TAG_COMMUNITY,
	TB_TAG_ACCESS, TB_TAG_NOTES, TB_TAG_POSITION,
	TB_KNOWN_TAGS
};

/* Tags as read, in input order, while a record's tag section is parsed.
 * Zero-initialised, it is empty. */
typedef struct tb_tag_list {
	tb_tag *v;
	size_t n, cap;
	size_t slot[TB_KNOWN_TAGS]; /* 1 + the index in v of a roster tag, or 0 */
	size_t nother;              /* tags without a slot (the sides, extensions), */
	size_t other[4];            /* and the index in v of the first four of them */
	size_t *hash, hcap;         /* past four of them: 1 + their index in v, by
	                               their names' hash (open addressing, at most
	                               half full), so that a record of many never
	                               compares each with all before it; NULL when
	                               memory ran out, and they are looked for in
	                               turn */
	int failed;                 /* a tag was not added: memory ran out */
} tb_tag_list;

/* Frees what 'l' holds (its tags' array and their index), leaving it
 * empty; the tags' names and values are the caller's. */
void tb_tag_list_free(tb_tag_list *l);
/* Empties 'l' for the next record, keeping its tags' array (and its
 * room) for reuse; frees the index of the tags without a slot. */
void tb_tag_list_reset(tb_tag_list *l);

/* The tag named 'name' in 'l', or NULL. */
const tb_tag *tb_tag_list_find(const tb_tag_list *l, const char *name);
/* Adds a copy of 't' to 'l' and returns NULL; or, when 'l' has a tag
 * of that name already, adds nothing and returns that tag. */
const tb_tag *tb_tag_list_add(tb_tag_list *l, const tb_tag *t);
/* The same, for a tag whose roster slot is known: 'k' is
 * tb_tag_known(t->name, strlen(t->name)). */
const tb_tag *tb_tag_list_add_known(tb_tag_list *l, const tb_tag *t, int k);
/* A new last tag of 'l' named 'name' (which must live as long as the
 * list's tags; 'k' is tb_tag_known of it), its other fields for the
 * caller to write: tb_tag_list_add_known without a tag built aside and
 * copied, for the tag section's fast tier (parse_fast_tags.c). NULL,
 * having added nothing, when 'l' has a tag of that name, or when memory
 * ran out ('failed' set). */
tb_tag *tb_tag_list_push(tb_tag_list *l, const char *name, int k);
/* The same, inline for a roster tag ('k' >= 0) when the list has room
 * for it -- most tags a record has: its slot is all there is to look at
 * and set. */
static inline tb_tag *tb_tag_list_push_fast(tb_tag_list *l, const char *name, int k)
{
	if (k < 0 || l->n == l->cap)
		return tb_tag_list_push(l, name, k);
	if (l->slot[k])
		return NULL;
	l->slot[k] = l->n + 1;
	tb_tag *n = &l->v[l->n++];
	n->name = name;
	return n;
}
/* The roster slot (TB_TAG_*) of the tag named by the 'n' bytes at
 * 'name', or -1 for a tag without one. */
int tb_tag_known(const char *name, size_t n);
/* Is 'name' a tag of the rosters (spec/tgn.md §4.1, §4.2), [Collation]
 * or a side tag -- of game 'g', or of any game when it is NULL? */
int tb_tag_of_rosters(const char *name, const tb_game *g);
/* Warns of each tag of 'l' that no roster has but is a slip of one that
 * does: such a tag is legal, an extension, and kept as written; the
 * warning names the tag it is close to (TB213). 'g' is the record's
 * game, or NULL when it has none (every game's sides are then near);
 * 'side' gets the tags of g's two sides, or NULLs (tags_names.c). */
void tb_tags_check_names(tb_reader *r, const tb_tag_list *l, const tb_game *g,
                         const tb_tag *side[2]);
/* memcmp(a, b, n) == 0 for 4 <= n <= 16, in two loads of each (that
 * overlap): the roster's names are compared a dozen times a record, and
 * a call of memcmp costs more than the comparing. */
static inline int tb_tag_same_n(const char *a, const char *b, size_t n)
{
	if (n >= 8) {
		uint64_t x[4];
		memcpy(&x[0], a, 8), memcpy(&x[1], b, 8);
		memcpy(&x[2], a + n - 8, 8), memcpy(&x[3], b + n - 8, 8);
		return x[0] == x[1] && x[2] == x[3];
	}
	uint32_t y[4];
	memcpy(&y[0], a, 4), memcpy(&y[1], b, 4);
	memcpy(&y[2], a + n - 4, 4), memcpy(&y[3], b + n - 4, 4);
	return y[0] == y[1] && y[2] == y[3];
}
/* strcmp(a, b) == 0 for the short names of tags: libc's strcmp spends
 * more on setting up than on comparing them, a dozen times a record. */
static inline int tb_tag_same(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}
/* The roster's names, static strings (tags.c). ORDER: TB_TAG_*. */
extern const char *const tb_tag_names[TB_KNOWN_TAGS];
/* The name of roster slot 'k' (TB_TAG_*), a static string: inline, as
 * the tag section's fast tier names most tags it reads by it. */
static inline const char *tb_tag_known_name(int k)
{
	return tb_tag_names[k];
}

/* Checks the tags read into 'l', reports what is wrong, and stores them
 * in 'rec' in canonical order with the roster completed. Fills 'board'
 * from the game and its [Rules]. Returns the record's game, or NULL
 * when its moves cannot be read (no or unknown [Game]). */
const tb_game *tb_tags_finish(tb_reader *r, tb_record *rec, tb_tag_list *l,
                              tb_board *board);

/* Reads a [Rules] value for game 'g': "?" or "game; key=value; ...".
 * Fills 'opts' (strings in 'a'), an option written under an old name
 * (the game's renames) taking its new one and listed in
 * opts->renamed, and sets '*canon' to the canonical spelling. Returns
 * NULL, or a message whose '%s' takes '*arg'. The options' names and
 * values are not checked here (tb_options_check). */
const char *tb_rules_read(tb_arena *a, const tb_game *g, const char *value, tb_opts *opts,
                          const char **canon, const char **arg);

/* tags_position.c. Parses 's', the text of STRING token 't', as a position of 'g' into
 * 'a'; reports and returns NULL when it does not parse. */
tb_position *tb_tags_position(tb_reader *r, tb_arena *a, const tb_game *g,
                              const tb_board *b, const tb_tok *t, const char *s);

/* tags_position.c. [Position] 't' (value 's') of game 'g' on its plain
 * board 'b' (the board of no [Rules] option): as tb_tags_position, by
 * the memo of values read (tb_reader.pos_memo, made at the first, its
 * free function set) when it holds the text; the position in arena 'a'
 * either way. 'canon' (NULL: not asked, a check's) is set to the
 * position's canonical form (tb_position_write) -- 's' itself when it
 * is that form, else a copy in 'a' -- when the memo keeps the value,
 * else (or memory ran out) to NULL: the caller writes it. */
tb_position *tb_tags_position_kept(tb_reader *r, tb_arena *a, const tb_game *g,
                                   const tb_board *b, const tb_tok *t, const char *s,
                                   const char **canon);

/* Frees the memo of [Position] values (NULL: nothing). */
void tb_pos_memo_free(tb_pos_memo *m);

/* tags_rules.c. [Rules] value 'value' of game 'g' as the memo of values
 * (with options or none) keeps it: its options into 'opts' (strings in 'a'), its
 * canonical spelling into '*canon' and its board into 'board'; 0 when
 * none is kept (or memory ran out: the whole way then says so). */
int tb_tags_rules_kept(tb_arena *a, const tb_game *g, const char *value, tb_opts *opts,
                       const char **canon, tb_board *board);

/* tags_rules.c. Keeps what [Rules] value 'value' of game 'g' came to
 * (it passed every check): options 'opts' (none renamed), canonical
 * spelling 'canon', board 'board' -- when it fits. */
void tb_tags_rules_keep(const tb_game *g, const char *value, const tb_opts *opts,
                        const char *canon, const tb_board *board);

/* The tags whose values have a format (tagfmt.c). ORDER: S_formats. */
typedef enum { TB_TAGFMT_DATE, TB_TAGFMT_SOURCE, TB_TAGFMT_RULES } tb_tag_format_kind;

/* Returns 1 when 'value' has the format of tag kind 'k', 0 when not, -1
 * when PCRE2 ran out of memory telling. */
int tb_tag_format_matches(tb_tag_format_kind k, const char *value);
/* The same, always by the pattern (tb_tag_format_matches answers the
 * usual values without it; the tests compare the two). */
int tb_tag_format_pcre(tb_tag_format_kind k, const char *value);

/* The result the [Result] tag gives (TB_RESULT_OTHER for "*"). */
tb_result tb_tags_result(const tb_record *rec);
/* Sets the [Result] tag to 'res'. When the record does not write the tag,
 * 'line', 'col' and 'off' (line 0: none) say where the result that stands
 * for it is written, the movetext's: the rules' check of the result
 * (TB405) points there. */
void tb_tags_set_result(tb_record *rec, tb_result res, unsigned line, unsigned col,
                        size_t off);

#endif
