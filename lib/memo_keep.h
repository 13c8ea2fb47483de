/*
 * memo_keep.h -- the parser's memos kept per thread, beyond a reader's
 * life (internal; memo_keep.c).
 *
 * The fast tiers keep three memos in the reader: the move words'
 * (move_memo.c, tb_reader.memo), the tag lines' (parse_fast_tags.c,
 * tb_reader.tag_memo) and the [Position] values' (tags_position.c,
 * tb_reader.pos_memo). A reader that is freed gives each back to its
 * thread (tb_reader_free), and the next reader made on that thread
 * takes it when it first needs one: `-j N` reads a file a part at a
 * time, a reader a part, and each part would else start with cold
 * memos freshly allocated (hundreds of KiB: their pages, their zeroing,
 * and their misses cost a part more than it read).
 *
 * A memo is held by one reader at a time: taking one hands it over,
 * and a second reader alive on the same thread finds none kept and
 * makes its own -- no locks, nothing shared. What a memo keeps is of
 * the bytes it was given and of static things only (the games, which
 * are static tables: the memos key by their addresses), never of the
 * reader that made it nor of its settings: each memo's file says why.
 *
 * A thread keeps at most one memo of each kind; a memo given back
 * when one is kept already is freed. The kept ones are freed when the
 * thread ends (a thread key's destructor, as arena.c keeps blocks), or
 * by tb_memo_keep_drop. Where there are no thread keys (the wasm build)
 * nothing is kept: a memo given back is freed, and none is taken.
 */
#ifndef TB_MEMO_KEEP_H
#define TB_MEMO_KEEP_H

struct tb_move_memo;
struct tb_tag_memo;
struct tb_pos_memo;

/* This thread's kept memo of move words, now the caller's; NULL when
 * it keeps none. */
struct tb_move_memo *tb_memo_take_moves(void);

/* Gives move memo 'm' (NULL: nothing) back to this thread: kept when
 * the thread keeps none yet, else freed by 'drop' -- as it is when the
 * thread ends. */
void tb_memo_keep_moves(struct tb_move_memo *m, void (*drop)(struct tb_move_memo *));

/* The same for the memo of tag lines: one block, freed by free(). */
struct tb_tag_memo *tb_memo_take_tags(void);
void tb_memo_keep_tags(struct tb_tag_memo *m);

/* The same for the memo of [Position] values. */
struct tb_pos_memo *tb_memo_take_positions(void);
void tb_memo_keep_positions(struct tb_pos_memo *m, void (*drop)(struct tb_pos_memo *));

/* Frees every memo this thread keeps, and its keep: for the tests,
 * which compare a reader with fresh memos with one with kept memos, and
 * make memory run out while the keep is made. */
void tb_memo_keep_drop(void);

#endif
