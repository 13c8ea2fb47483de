/*
 * tags.h -- tag pairs: the rosters, value checks and canonical order
 * (internal; spec/tgn.md, "Tag pairs").
 */
#ifndef TB_TAGS_H
#define TB_TAGS_H

#include "game.h"
#include "reader.h"

/* Tags as read, in input order, while a record's tag section is parsed. */
typedef struct tb_tag_list {
	tb_tag *v;
	size_t n, cap;
} tb_tag_list;

const tb_tag *tb_tag_list_find(const tb_tag_list *l, const char *name);
void tb_tag_list_add(tb_tag_list *l, const tb_tag *t);

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

/* Parses the STRING token 't' as a position of 'g' into 'a'; reports
 * and returns NULL when it does not parse. */
tb_position *tb_tags_position(tb_reader *r, tb_arena *a, const tb_game *g,
                              const tb_board *b, const tb_tok *t);

/* The tags whose values have a format (tagfmt.c). ORDER: S_formats. */
typedef enum { TB_TAGFMT_DATE, TB_TAGFMT_SOURCE, TB_TAGFMT_RULES } tb_tag_format_kind;

/* Returns 1 when 'value' has the format of tag kind 'k'. */
int tb_tag_format_matches(tb_tag_format_kind k, const char *value);

/* The result the [Result] tag gives (TB_RESULT_OTHER for "*"). */
tb_result tb_tags_result(const tb_record *rec);
/* Sets the [Result] tag to 'res'. */
void tb_tags_set_result(tb_record *rec, tb_result res);

#endif
