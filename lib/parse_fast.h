/*
 * parse_fast.h -- the fast tier of the movetext (internal; spec/tgn.md,
 * "Two tiers"): a record's movetext recognised in one pass over its
 * bytes when it is written in the common shapes, for a reader that
 * checks (parse_sink.h, tablero parse) and for one that builds the
 * tree (validate, fmt, xml...).
 *
 * It accepts only what the parser (parser.c) reads without a single
 * diagnostic, and says of it only what the parser's sink would be
 * told: the record's result and where its marker stands, and, building,
 * the tree the parser would build of it, node for node. Anything else
 * -- a byte or a shape outside the common grammar, anything that could
 * be told of -- it leaves, having changed nothing the parser reads, to
 * the parser, which then reads the movetext from its first token as it
 * always does. So every diagnostic is the parser's, by construction;
 * test_parser, test_parse_fast_tree and fuzz_parse hold the two tiers
 * to the same answers.
 */
#ifndef TB_PARSE_FAST_H
#define TB_PARSE_FAST_H

#include "game.h"
#include "reader.h"
#include "record.h"
#include "tags.h"

/* The NAG of move suffix 's' ('n' bytes): "!" 1, "?" 2, "!!" 3, "??" 4,
 * "!?" 5, "?!" 6; else 0. By its bytes: one move in ten has one. The
 * parser's and the fast tier's, one definition. */
static inline int tb_move_suffix(const char *s, size_t n)
{
	if (n < 1 || n > 2 || (s[0] != '!' && s[0] != '?'))
		return 0;
	int first = s[0] == '!' ? 1 : 2;
	if (n == 1)
		return first;
	if (s[1] != '!' && s[1] != '?')
		return 0;
	return s[1] == s[0] ? first + 2 : first + 4; /* "!!" "??"; "!?" "?!" */
}

/* Where the movetext begins: its first turn's number and side. */
typedef struct tb_fast_start {
	unsigned number;
	int side;          /* 0 or 1 */
	tb_result tagged;  /* what [Result] says (tb_tags_result) */
} tb_fast_start;

/* What the parser is told of a movetext the fast tier accepts. */
typedef struct tb_fast_end {
	tb_result result;  /* its marker's */
	size_t off;        /* the marker's window offset */
	unsigned line, col;/* and its place */
} tb_fast_end;

/* The tree the fast tier builds of a movetext it takes, for a reader
 * that builds one: what the parser's tree sink (parse_sink.h) would
 * hold, every node, variation, NAG, move part and comment as S_line
 * makes it, in 'arena'. The caller puts it in the record: 'main' is
 * its main line (its 'lead' the comments before the first turn, to be
 * appended to those the tag section left there), 'trail' the comments
 * after the result. */
typedef struct tb_fast_tree {
	tb_arena *arena;   /* the record's (set by the caller) */
	tb_line main;
	tb_comment *trail;
	size_t nodes;      /* the nodes made (the tree sink's count) */
} tb_fast_tree;

/* With r->tok the first token of the movetext of a record of game 'g'
 * on board 'b': when the movetext, from that token to the next
 * record's '[' (at a line's start, in the window), is written in the
 * shapes the fast tier knows and the parser would tell nothing of it,
 * moves the reader past it -- r->tok that '[', r->prev the token
 * before, r->pos, r->line and r->col as tb_lex_next leaves them --
 * fills 'end' and, when 'tree' is not NULL (a reader building the
 * tree), the tree from 'tree->arena' on, and returns 1. Else returns 0
 * with the reader where it was (its window may have grown: more of the
 * input read, as the parser reads it), 'tree' as it was but for what
 * it put in the arena, which nothing then reaches. Never taken by a
 * careful reader, nor one whose fast tier is off (r->no_fast). */
int tb_fast_movetext(tb_reader *r, const tb_game *g, const tb_board *b,
                     const tb_fast_start *start, tb_fast_end *end, tb_fast_tree *tree);

/* The memo of move words (move_memo.h): what the fast tier made of
 * each word of a game on a board, kept by the reader (tb_reader.memo)
 * from record to record, and by its thread from reader to reader
 * (memo_keep.h). Freed so (move_memo.c). */
void tb_move_memo_free(tb_move_memo *m);

/* What the fast tier makes of move word 'w' ('n' bytes, n >= 1) of game
 * 'g' on board 'b': the NAG its suffix stands for (0: none), or -1 when
 * the parser is to read it. By the memo '*memo' (made at the first
 * call, NULL when memory ran out), or, 'memo' NULL, by the game's
 * grammar every time: the tests compare the two. 'room' is how many
 * bytes at 'w' may be read (n at least). Such a memo is the caller's,
 * never given to a reader: it may keep words the scan would not take
 * whole (S_word_kept relies on that of a reader's). */
int tb_fast_move_word(tb_move_memo **memo, const tb_game *g, const tb_board *b, const char *w,
                      size_t n, size_t room);

/* The tag section's fast tier (parse_fast_tags.c). With r->tok the
 * '[' of a tag pair and no comment waiting for a tag: reads the tag
 * pairs from there written one a line in the plain shape -- '[' NAME
 * blanks '"' plain text '"' blanks ']', then a LF before the next
 * '[' -- that the parser (parser.c, S_tag) reads without a word (a
 * value not empty, a name not given before), each into 'tags' as S_tag
 * puts it (its name the roster's or a copy in arena 'a', its value a
 * copy in 'a', its span and its value's place), and leaves the reader
 * as the parser would after them: r->tok the token after the last
 * one's ']'. Returns how many it took, 0 having changed nothing; the
 * first it does not take, and all after, are the parser's. Either sink's
 * (a check's, the tree's). Never taken by a careful reader, nor one
 * whose fast tier is off. The checks of the values are not its: the
 * tags taken go through tb_tags_finish as the parser's do. A line it has
 * read before it reads by its memo of lines (tb_reader.tag_memo, made
 * at the reader's second run of tags), unless r->no_tag_memo. */
size_t tb_fast_tags(tb_reader *r, tb_arena *a, tb_tag_list *tags);

#endif
