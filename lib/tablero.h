/*
 * tablero.h -- the one public header of libtablero.
 *
 * libtablero reads TGN (the tablero game notation, spec/tgn.md) one
 * record at a time, keeps every record as a tree whose nodes remember
 * where they came from, and writes a record back in the one canonical
 * form. The library never prints: problems are returned as diagnostics
 * that the caller formats (tb_diag_format) and shows.
 *
 * Conventions (through 0.6.0 this paragraph said that out parameters
 * come first, which no function did; it now says what they all do):
 * - Types are opaque unless their fields are documented here.
 * - Arguments: the object a function works on first, then what it
 *   takes, then a callback and its 'ctx'; outputs come last -- what it
 *   gives back through pointers ('*out', '*len', '*first'...), then
 *   '*why' (a message for the caller to free) or '*status', last of
 *   all. An output a function says may be NULL is then not set. Two
 *   functions of 0.6 and before break it: tb_index_open (its '**out'
 *   first) and tb_replay_slips ('out' before 'max'), which is kept as a
 *   deprecated alias of tb_replay_slip_list.
 * - Returns: a function that can fail returns 0 -- or a count, or 1
 *   where it says so (a record read, a book or page made with a note)
 *   -- on success and a negative TB_E* value on failure; or a pointer,
 *   NULL on failure. Three functions of 0.6 and before return -1
 *   instead, which is no TB_E* (its value is TB_EIO's): tb_xml_reader_next
 *   (a refused document; its errcode is TB_ESYNTAX),
 *   tb_record_turn_number (no such turn) and tb_plies_position_diff (a
 *   position not known). Functions that read a value (a kind, a side, a
 *   field, 1 or 0 for yes or no, what a callback returned:
 *   tb_record_comments) return it and cannot fail; a lookup returns -1
 *   for "none" (tb_record_find_turn, tb_replay_find, tb_node_nag,
 *   tb_struct_layout), a value and no status.
 * - Ownership: every function says who owns what it returns: "the
 *   caller frees it" (with free(), or the _free function it names),
 *   "borrowed" (valid while the object it came from is, or as said) or
 *   "static".
 * - NULL: every _free (and tb_xml_writer_end) does nothing with a NULL
 *   object. A function that sets a last error (below) returns TB_EINVAL
 *   (NULL, 0) for a NULL object, and fails for a NULL argument it needs
 *   (TB_EINVAL; TB_EFOREIGN for a NULL node or line, which is in no
 *   record). Other functions take NULL only where they say so.
 *
 * Errors: a problem in the input (a record, an XML document) is a
 * diagnostic, with its code and place (tb_reader_diag,
 * tb_xml_reader_diag). A call that fails returns a status code, and --
 * as SQLite's sqlite3_errcode and sqlite3_errmsg -- leaves it on the
 * object it was made on as that object's last error: tb_X_errcode(obj)
 * is the status of the last call on 'obj' that can fail, and
 * tb_X_errmsg(obj) its message in words, borrowed until the next call
 * on 'obj'. Each such call sets both: 0 and "" when it succeeds (but
 * a note of tb_book_add or tb_html_add returning 1 stays the message),
 * its code and why when it fails. The objects and calls: tb_reader
 * (tb_reader_next, tb_reader_validate), tb_record (its editors), tb_engine
 * (every call that can fail), tb_book (tb_book_add, tb_book_pages),
 * tb_html (tb_html_add, tb_html_page), tb_xml_writer
 * (tb_xml_write_record, tb_xml_writer_put), tb_xml_reader
 * (tb_xml_reader_next), tb_grep (tb_grep_add, tb_grep_set_max_steps,
 * tb_grep_record). A NULL object's errcode is TB_EINVAL. A function
 * that makes an object (tb_engine_new...) has none to set: it says why
 * in '*why', or returns NULL only when memory ran out. The '*why'
 * outputs of 0.6 are still filled, with the same words, so that old
 * callers compile and behave as before; tb_record_error is
 * tb_record_errmsg under its old name. A last error is kept in the
 * object itself: setting it never allocates (it is there when memory
 * ran out), and a message past 511 bytes is cut. Objects are not
 * shared between threads, nor is their last error; a call given a
 * const object may set it.
 *
 * Memory: the library's own memory comes from malloc, and what it hands
 * the caller to free is freed with free(). When an allocation fails
 * while reading records (readers, tb_reader_next, tb_reader_detach),
 * writing them (tb_record_write, tb_record_movetext, tb_diag_format),
 * walking, building and editing the tree, writing XML or TEI or reading
 * them back, in the rules engines (tb_engine_*, tb_record_engine,
 * tb_node_engine: positions, turns, perft, random games, boards as
 * text), validating and filling (tb_reader_validate, tb_record_fill,
 * TB_XML_POSITIONS), comparing (plies, alignment, keys), collating
 * (tb_collate) and reading a witness back, drawing diagrams
 * (tb_svg_record, tb_svg_position), setting books and writing web
 * pages, searching records (tb_grep_*), the function says so --
 * TB_ENOMEM, or NULL where it returns a pointer (tb_engine_status after
 * a count) -- and leaves every object it was given as usable and
 * freeable as before (a reader is then spent: see tb_reader_next; a book
 * or page: see tb_book_add, tb_html_add); it neither aborts nor prints.
 * tb_set_alloc_hook lets a program refuse allocations, to
 * bound the library's memory or to test what it does when memory runs
 * out. libxml2 and PCRE2 allocate with their own allocators (the hook
 * does not see them); PCRE2 running out of memory matching a [Rules]
 * value, or compiling or matching a search's pattern, is TB_ENOMEM too.
 */
#ifndef TABLERO_H
#define TABLERO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) && __GNUC__ >= 4
#define TB_EXPORT __attribute__((visibility("default")))
#else
#define TB_EXPORT
#endif

/** ## Versions and what is stable
 *
 * TB_VERSION is the library's version; the shared library's soname is
 * libtablero.so.MAJOR (libtablero.so.0 through 0.x: functions are only
 * added, and a program built against 0.N runs with 0.M for M >= N).
 * Stable -- kept as they are in every 0.x after the version that says
 * so: the status codes, diagnostics and their codes, reading and
 * writing records, the record tree (its kinds, readers, iterator and
 * editors: 0.3.0), positions and turns as values (0.3.0), a record's
 * source size (tb_record_source_size: 0.4.0), reading a file in parts
 * (tb_reader_set_origin, tb_reader_ended_clean, tb_record_source_offset:
 * 0.5.0), a line's nodes read at once (tb_line_nodes: 0.7.0). 0.7.0
 * also numbers the event kinds a game brings from TB_EV_GAME, and its
 * index (tablero index) has a new schema (spec/collection.md). The rest
 * (comparing, collating, XML, diagrams) may still change between minor
 * versions, as said in README.md.
 */
#define TB_VERSION "0.7.0"

/** ## Status codes */
enum {
	TB_OK = 0,
	TB_EIO = -1,     /* reading the input failed (errno is kept) */
	TB_ENOMEM = -2,  /* an allocation failed */
	TB_EINVAL = -3,  /* an argument was out of range, or NULL where not allowed */
	TB_EKIND = -4,   /* the node is not of a kind the function takes */
	TB_EFOREIGN = -5,/* the node or line is not in this record (another
	                    record's, or removed from it) */
	TB_ETREE = -6,   /* the edit would make the tree invalid; nothing changed */
	TB_ESYNTAX = -7, /* the text given does not read (tb_record_error says why) */
	TB_ENOTTEXT = -8,/* the input is no UTF-8 text: UTF-16 or UTF-32, compressed, an
	                    archive, an executable, an image, a PDF or other binary
	                    (its one diagnostic, TB112, says which and what converts it) */
	TB_ELIMIT = -9   /* a search ran out of its budget of steps, or over one of
	                    PCRE2's limits (tb_grep_record) */
};

/** Returns the library version, "MAJOR.MINOR.PATCH"; a static string. */
TB_EXPORT const char *tb_version(void);

/** For bindings that mirror the public structs (Python's ctypes): with
 * 'field' NULL, the size of struct 'type' ("tb_svg_opts") as this
 * library was built; else the offset of that field in it. -1 for a
 * struct or field it does not list. The structs listed, each whole:
 * tb_diag, tb_diag_place, tb_diag_fix, tb_turn_event, tb_turn_report, tb_fault,
 * tb_reached, tb_svg_opts, tb_evidence_info. */
TB_EXPORT long tb_struct_layout(const char *type, const char *field);
/** How many fields tb_struct_layout lists for 'type' (0: not listed). */
TB_EXPORT size_t tb_struct_nfields(const char *type);

/** ## Memory
 *
 * A hook called before each of the library's own allocations with the
 * bytes asked for; when it returns nonzero, the allocation fails as if
 * memory had run out (as SQLite's and Lua's fault injection). Like
 * sqlite3_config, it is process-wide and set before any other call of
 * the library (and before other threads use it); NULL removes it.
 * 'ctx' is passed back to 'fn', which is called in whatever thread
 * allocates (it must be thread-safe when several threads use the
 * library). Allocations of libxml2 and PCRE2 do not come here.
 */
typedef int (*tb_alloc_hook)(void *ctx, size_t size);
TB_EXPORT void tb_set_alloc_hook(tb_alloc_hook fn, void *ctx);

/** ## Diagnostics
 *
 * Every problem found in the input is one diagnostic. Its code is
 * stable (spec/tgn.md, "Diagnostics"); its message is plain words.
 * Lines and columns count from 1; columns count characters (Unicode
 * code points), not bytes, and a tab is one column.
 */
typedef enum { TB_WARNING = 1, TB_ERROR = 2 } tb_severity;

typedef struct tb_diag {
	tb_severity severity;
	int code;            /* TB-number, e.g. 104 for TB104 */
	const char *file;    /* the name given to the reader */
	unsigned line, col;  /* where the problem starts */
	unsigned end_col;    /* one past its last column on that line (>= col+1) */
	const char *message; /* one line, no trailing newline */
	const char *source;  /* the source line, without its newline; may be ""
	                        or, for a very long line, a window of it */
	unsigned source_col; /* column of the problem within 'source' */
	const char *note;    /* further lines ("position ...", "legal under ..."),
	                        '\n' between them; or NULL */
	/* the places of the record its words name, typed (added last, so
	 * older callers still fit): a program takes them from here, never
	 * from the words */
	size_t nplaces;
	const struct tb_diag_place *places;
	/* the typed fixes its notes propose (added last, as the places):
	 * each a replacement an editor can apply; none when the words
	 * propose none, or more than one answer */
	size_t nfixes;
	const struct tb_diag_fix *fixes;
} tb_diag;

/** A place of the source that a diagnostic's message or one line of its
 * note names ("first on line 3", "at 7:11, one point misheard", "the
 * position given again on line 12"), in the order the words name them. */
typedef struct tb_diag_place {
	unsigned note;       /* 0: the message names it; k: the k-th line of the
	                        note (1 up) */
	unsigned line;       /* the line named */
	unsigned col;        /* the column named ("at 7:11"), or 0: the line as a
	                        whole ("on line 12") */
} tb_diag_place;

/** A fix that a diagnostic's message or note proposes in words ("write
 * c3-c4", "did you mean [Red]?"), typed: the source's span on line
 * 'line' from column 'col' up to 'end_col' (one past its last; columns
 * as tb_diag's, code points from 1) replaced by 'text'. A span never
 * runs over a line's end. Applied, the fix gives a text that no longer
 * has the problem at that place, and no new error there: a fix is given
 * only where its answer is exact and unique (the grammar read the word
 * proposed). Like the places, the fixes and their texts are the
 * diagnostic's: borrowed, valid as long as the diagnostic. */
typedef struct tb_diag_fix {
	unsigned line;       /* the line of the span replaced */
	unsigned col;        /* its first column */
	unsigned end_col;    /* one past its last (>= col; == col: an insertion) */
	const char *text;    /* what replaces it: UTF-8, NUL-terminated, one line
	                        (may be "": the span deleted) */
	unsigned confirm;    /* 1: one reading of what is written, for a person
	                        to confirm -- the fix joins words, or takes out a
	                        blank between characters, into one turn, and a
	                        part alone is a turn too ("a7 – d7" may be the
	                        move a7-d7 or the placements a7 and d7);
	                        tablero fmt --fix and the language server's fix
	                        of a whole document leave it, an editor offers
	                        it unpreferred. 0: the fix writes in TGN's
	                        characters what the words already say. */
} tb_diag_fix;

/** Formats 'd' as "file:line:col: error: message [TBnnn]", then the
 * source line, a caret line under the span, and "note: ..." for each
 * line of its note, each ending in '\n'.
 * Returns a string the caller frees with free(); NULL when memory ran
 * out. */
TB_EXPORT char *tb_diag_format(const tb_diag *d);

/** ## Games
 *
 * The games tablero knows, by name ("pitarra", "asalto", "ocencahuac").
 */
typedef struct tb_game tb_game;

/** Returns the game named 'name' (case-insensitive), or NULL. Borrowed,
 * static. */
TB_EXPORT const tb_game *tb_game_find(const char *name);
/** Returns the game whose name is nearest to 'name' -- within one edit
 * for a name of up to 4 letters, two for a longer one (a letter put in,
 * left out, changed, or two swapped; case ignored) -- for "did you mean
 * 'pitarra'?"; the game itself when 'name' is one; NULL when no game is
 * that near, or two are, or 'name' is NULL. Borrowed, static. */
TB_EXPORT const tb_game *tb_game_nearest(const char *name);
/** Returns the i-th registered game, or NULL past the last: the games in
 * their order (each game's place; the first is perft's and random's
 * default). Static. */
TB_EXPORT const tb_game *tb_game_at(size_t i);
/** The game's name as written in [Game "..."]; static. */
TB_EXPORT const char *tb_game_name(const tb_game *g);
/** The game's title for people ("La Pitarra"); static. */
TB_EXPORT const char *tb_game_title(const tb_game *g);
/** The i-th rule option of game 'g' ([Rules "game; key=value"]), for an
 * editor's completion: sets '*key' ("movement"), '*values' (its values
 * "step|slide|fly", the default first; "#" for a number) and '*doc' (one
 * line of English), all static, and returns 1; returns 0 past the last
 * (and for a NULL 'g'), setting nothing. Any pointer may be NULL. */
TB_EXPORT int tb_game_option(const tb_game *g, size_t i, const char **key,
                             const char **values, const char **doc);
/** The tag naming side 'side' (0 first, 1 second) of game 'g' ("Red",
 * "Yellow"); static; NULL for another 'side' or a NULL 'g'. */
TB_EXPORT const char *tb_game_side_tag(const tb_game *g, int side);

/** ## Reading records
 *
 * A reader streams records from a file or a memory buffer: it holds
 * one record's source at a time, so memory stays flat however long the
 * collection. Records larger than TB_MAX_RECORD bytes are refused with
 * a diagnostic.
 */
#define TB_MAX_RECORD (16u << 20)

/** The length, 1 to 4, of the well-formed UTF-8 character at 's' (at
 * most 'n' bytes), or 0 when the bytes there are none (a stray byte, an
 * overlong form, a surrogate, past U+10FFFF, cut short, or n 0): the
 * reader's own test of UTF-8, for a program that must agree with it
 * (tablero lsp counting a document's characters). */
TB_EXPORT size_t tb_utf8_length(const char *s, size_t n);

typedef struct tb_reader tb_reader;
typedef struct tb_record tb_record;

/** Returns a reader over 'f', which stays owned by the caller and must
 * outlive the reader; 'name' (copied) is used in diagnostics. The
 * caller frees the reader with tb_reader_free. NULL when memory ran out
 * (as every function returning a new object below). */
TB_EXPORT tb_reader *tb_reader_new_file(FILE *f, const char *name);

/** Returns a reader over the 'len' bytes at 'buf', which the caller
 * keeps alive until tb_reader_free; the caller frees the reader with it. */
TB_EXPORT tb_reader *tb_reader_new_mem(const char *buf, size_t len,
                                       const char *name);

/** Reads the next record into '*out'. Returns 1 when a record was read
 * (the caller owns it: tb_record_free), 0 at the end of the input,
 * TB_EIO when the input could not be read, or TB_ENOTTEXT when its
 * first TB_SNIFF_BYTES show it is no UTF-8 text (then at every call;
 * nothing of it is read) -- '*out' is then NULL. Diagnostics found while
 * reading it are available until the next call. A record with errors
 * is still returned, so the caller sees what could be read; see
 * tb_record_errors. TB_ENOMEM ('*out' NULL) when memory ran out while
 * reading the record: what was read of it is dropped, its diagnostics
 * may be incomplete, and the reader is spent -- every later call
 * returns TB_ENOMEM; free it. */
TB_EXPORT int tb_reader_next(tb_reader *r, tb_record **out);

/** The diagnostics of the last tb_reader_next call. Borrowed; valid
 * until the next call or tb_reader_free. */
TB_EXPORT size_t tb_reader_ndiags(const tb_reader *r);
TB_EXPORT const tb_diag *tb_reader_diag(const tb_reader *r, size_t i);

/** Total counts of diagnostics since the reader was made. */
TB_EXPORT size_t tb_reader_nerrors(const tb_reader *r);
TB_EXPORT size_t tb_reader_nwarnings(const tb_reader *r);

TB_EXPORT void tb_reader_free(tb_reader *r);

/** The reader's last error ("Errors"): the status code of the last
 * tb_reader_next or tb_reader_validate on 'r' that failed -- 0 when
 * the last one succeeded -- and its message (borrowed, valid until the
 * next call on 'r'; "" after a success). What the input holds is told
 * by the diagnostics, not here. TB_EINVAL for a NULL 'r'. */
TB_EXPORT int tb_reader_errcode(const tb_reader *r);
TB_EXPORT const char *tb_reader_errmsg(const tb_reader *r);

/** Hands the record that tb_reader_next just read (it returned 1) to a
 * reader of its own: returns a new reader holding a copy of the
 * record's source (and of what a diagnostic may quote past it), the
 * name and search limits of 'r', and the diagnostics of that call,
 * which move to it ('r' has none left). The record can then be
 * validated, filled or written as XML with the new reader -- with the
 * same diagnostics, word for word, as with 'r' -- in another thread
 * while 'r' reads on: the two share nothing. Its counts
 * (tb_reader_nerrors) start at zero; it reads no records. Owned by the
 * caller (tb_reader_free); NULL when memory ran out, and then 'r' still
 * has the diagnostics (and may be spent, as after TB_ENOMEM from
 * tb_reader_next). Readers and records are not shared between
 * threads; the library keeps no other state, so independent readers
 * and records may be used in as many threads at once. */
TB_EXPORT tb_reader *tb_reader_detach(tb_reader *r);

/** A reader of a file's start (no tb_reader_set_origin) first looks at
 * this many bytes of it (or all, when it is shorter) to tell a UTF-16,
 * compressed or binary file from text: so that a reader of a file's
 * first part tells what a reader of the whole file does, that part
 * holds at least these bytes, or the whole file. */
#define TB_SNIFF_BYTES 512

/** Reading a file in parts (several readers at once, one per part):
 * says that the reader's input is the part of a file that starts at
 * byte 'offset', at the start of line 'line' (1 and up). Diagnostics
 * then give the file's lines, tb_record_source_offset the file's
 * offsets, and the part has no byte order mark to drop. Call it before
 * the first tb_reader_next; later calls do nothing. */
TB_EXPORT void tb_reader_set_origin(tb_reader *r, unsigned line, size_t offset);

/** For a caller that only reports ('tablero parse'): with 'on' not 0,
 * the records 'r' reads after this keep their tags ([Position] as
 * written, not made canonical), game, [Rules] options, start position
 * and result, but not their movetext -- no
 * turns, variations or comments after the tags -- and cost that much
 * less to read. Their diagnostics are those of a whole reading, byte
 * for byte. Such a record is for tb_record_free, tb_record_errors and
 * what tells of its tags and source; validating, writing or walking
 * it sees an empty movetext. 0 turns it off; a reader starts with it
 * off. Does nothing when 'r' is NULL. */
TB_EXPORT void tb_reader_set_check_only(tb_reader *r, int on);

/** After tb_reader_next returned 0: 1 when the records read, and their
 * diagnostics, are exactly those that reading on into a longer input
 * would have given, when what follows starts a record ('[' at the
 * start of a line): the last record got past its tags, no token was
 * left open by the end, no diagnostic was placed at the end, nothing
 * was refused. 0 otherwise, or when no record was read: the input's
 * end may have cut the last record short. */
TB_EXPORT int tb_reader_ended_clean(const tb_reader *r);

/** Called by tb_reader_fix_record for each fix it applies, in the
 * order of the text: 'd' the diagnostic that proposed it, 'fix' the
 * fix (both borrowed from the reader), 'was' the 'was_len' bytes it
 * replaced (borrowed, valid during the call; not NUL-terminated). */
typedef void (*tb_fix_fn)(void *ctx, const tb_diag *d, const tb_diag_fix *fix,
                          const char *was, size_t was_len);

/** Applies the typed fixes (tb_diag.fixes) of the diagnostics of the
 * last tb_reader_next call on 'r' to the source of 'rec', the record
 * it read (or 'r' a reader tb_reader_detach made of it): every fix
 * that is no reading to confirm (tb_diag_fix.confirm 0) and overlaps
 * none applied before it, in the order of the text (of
 * fixes that overlap, or start at one place, the first in the text,
 * then the first given). The text starts at the start of the record's
 * first line (tb_record_line) -- whatever stands before its first token
 * there written as one space a column, so that columns stay the file's
 * -- and runs to where the next record starts, as
 * tb_record_source_size counts; a fix keeps to its line, so the lines
 * stay the file's. A reader made over the text (tb_reader_new_mem,
 * then tb_reader_set_origin with that line) reads the record again as
 * if the file were fixed: its diagnostics give the file's lines and the
 * columns of the fixed lines. 'fn' (may be NULL) is told of each fix
 * applied. Returns how many were applied, with '*text' the fixed text
 * and '*len' its bytes (the caller frees it with free()); 0 when none
 * was ('*text' NULL, and for a record built through the API);
 * TB_ENOMEM when memory ran out ('*text' NULL; 'fn' may have been
 * called); TB_EINVAL for a NULL argument. (spec/tgn.md §11, "Fixes
 * applied": tablero fmt --fix.) */
TB_EXPORT int tb_reader_fix_record(const tb_reader *r, const tb_record *rec, tb_fix_fn fn,
                                   void *ctx, char **text, size_t *len);

/** ## Records */

/** Frees 'rec' and everything in it. */
TB_EXPORT void tb_record_free(tb_record *rec);

/** Number of errors (not warnings) found in this record. A record with
 * errors is incomplete: tb_record_write refuses it. */
TB_EXPORT size_t tb_record_errors(const tb_record *rec);

/** The record's game, or NULL when its [Game] tag is missing or
 * unknown. Borrowed, static. */
TB_EXPORT const tb_game *tb_record_game(const tb_record *rec);

/** The value of tag 'name' as written (unescaped) -- or, for a tag of
 * the seven-tag roster the record lacks, what the canonical form writes
 * for it ("?"; "????.??.??" for Date, "*" for Result) -- or NULL when the
 * record has no such tag. A "?" Rules means the game's defaults, to the
 * engine (tb_engine_new) as to the reader. Borrowed from 'rec'. */
TB_EXPORT const char *tb_record_tag(const tb_record *rec, const char *name);

/** 1 when the record's [Access] forbids publishing it (book and html
 * leave such a record out unless told to ignore it): its value holds,
 * as whole words and not after a negation, a phrase of some language's
 * "access.forbid" list ("no publicar", "restricted", "لا يُنشر"), compared
 * without case, Spanish accents or Arabic short vowels (spec/tgn.md,
 * "Access"); 0 otherwise, also without [Access]. The phrase found, as
 * the list writes it, goes to 'phrase' ('n' bytes, cut; may be NULL).
 * TB_ENOMEM when memory ran out before it could tell. */
TB_EXPORT int tb_record_access_forbids(const tb_record *rec, char *phrase, size_t n);

/** Tags in canonical order: sets '*name' and '*value' (borrowed) for
 * the i-th tag and returns 1, or returns 0 past the last. */
TB_EXPORT int tb_record_tag_at(const tb_record *rec, size_t i,
                               const char **name, const char **value);

/** The PCRE2 pattern a value of tag 'tag' ("Date", "Source", "Rules")
 * must match, as spec/tgn.md quotes it (section "Tag value formats"),
 * or NULL for a tag whose value is free text. Static. */
TB_EXPORT const char *tb_tag_pattern(const char *tag);

/** Line on which the record starts in its source. */
TB_EXPORT unsigned tb_record_line(const tb_record *rec);

/** The bytes of source the record was read from: from its first token
 * to the token after it (the next record's '[', or the end). 0 for a
 * record built through the API. */
TB_EXPORT size_t tb_record_source_size(const tb_record *rec);

/** Where the record's first token is in its input: a byte offset from
 * the input's start (plus the offset tb_reader_set_origin gave). 0 for
 * a record built through the API. */
TB_EXPORT size_t tb_record_source_offset(const tb_record *rec);

/** Number of turns on the record's main line (every turn node counts,
 * unknown turns and readings included; a gap counts as 0). */
TB_EXPORT size_t tb_record_plies(const tb_record *rec);

/** Writes 'rec' in canonical TGN (spec/tgn.md, "Canonical form").
 * Returns a NUL-terminated string the caller frees with free() and
 * sets '*len' (if not NULL) to its length; returns NULL when the record
 * has errors (or no known game), or when memory ran out. */
TB_EXPORT char *tb_record_write(const tb_record *rec, size_t *len);

/** The record's main line as the canonical form writes it but on one
 * line, without comments, NAGs or variations, then its result:
 * "1. d1 a7 2. g1 a4 1-0" -- the text tablero grep's movetext patterns
 * match. The caller frees it; NULL when the record has errors, or when
 * memory ran out. */
TB_EXPORT char *tb_record_movetext(const tb_record *rec, size_t *len);

/** Called with each comment's text (unescaped) and language ("es",
 * or NULL); a non-zero return stops the walk. */
typedef int (*tb_comment_fn)(void *ctx, const char *text, const char *lang);

/** Calls 'fn' for each comment of 'rec' in the order written: before
 * and after the tags, before and after turns, inside readings and
 * variations, after the result. Returns the first non-zero value 'fn'
 * returned, or 0. */
TB_EXPORT int tb_record_comments(const tb_record *rec, tb_comment_fn fn, void *ctx);

/** Returns 1 when 'a' and 'b' are the same record (same tags, moves,
 * comments, annotations, variations), whatever their source spans
 * and spelling; 0 otherwise. */
TB_EXPORT int tb_record_equal(const tb_record *a, const tb_record *b);

/** ## Playing by the rules
 *
 * Each game with a rules engine (spec/games/) can check a record,
 * count move paths (perft) and play random games.
 */

/** What a turn did that its token does not show at once (spec/tgn.md,
 * "Derived events"). One enum for the library, its rules engines and
 * its callers; each kind's name (tb_event_name) is the word the
 * reports, XML and tablero grep --event use. 0 is no event. */
typedef enum tb_event_kind {
	TB_EV_TERCIA = 1,     /* "tercia": a line of three formed (point: its first
	                         point, to: its last) */
	TB_EV_DOUBLE_TERCIA,  /* "double tercia": two or more at once */
	TB_EV_COLUMPIO,       /* "columpio": a tercia re-formed by a piece that left
	                         it and came back */
	TB_EV_REMOVAL,        /* "removal": point, the piece removed after a tercia */
	TB_EV_CAPTURE,        /* "capture": point, the piece captured */
	TB_EV_PUSHBACK,       /* "pushback": a piece jumped on point pushed back to 'to' */
	TB_EV_RELOCATION,     /* "relocation": a royal piece jumped on point put on 'to' */
	TB_EV_CORONATION,     /* "coronation": point, the piece crowned */
	TB_EV_STAGE,          /* "stage": point, the crowning that began a side's
	                         second stage */
	TB_EV_HUFF_AVAILABLE, /* "huff available": point, the defender that may be huffed */
	TB_EV_HUFF,           /* "huff": point, the piece huffed */
	TB_EV_FORTRESS        /* "fortress": count, attackers in the fortress */
} tb_event_kind;
/** One past the last shared kind: the shared kinds are 1 .. TB_EV_KINDS-1. */
#define TB_EV_KINDS 13
/** The first of the kinds the games bring (a game's descriptor lists
 * the events of its own, lib/game.h): TB_EV_GAME + i is the i-th of
 * them, counting each game's in its order after those of the games
 * before it in tb_game_at's order. They are typed as the shared ones
 * are, but their numbers hold within one build of the library only (a
 * game added may renumber them): their names are what a record's XML,
 * a report, an index and tablero grep --event keep. */
#define TB_EV_GAME 64

/** The name of event kind 'k' ("double tercia", or a game's own): a
 * static string; NULL when 'k' is no kind. */
TB_EXPORT const char *tb_event_name(tb_event_kind k);
/** The kind named 'name' (exactly as tb_event_name gives it, a shared
 * kind or a game's own); 0 when 'name' (may be NULL) names none. */
TB_EXPORT tb_event_kind tb_event_kind_of(const char *name);
/** The kind after 'k' (0: the first) in the order of the list of kinds
 * -- the shared ones, then the games' own -- or 0 after the last: how
 * a caller lists them all (for (k = tb_event_kind_next(0); k; k =
 * tb_event_kind_next(k))). */
TB_EXPORT tb_event_kind tb_event_kind_next(tb_event_kind k);

/** One event of a turn. The strings are borrowed (see where it comes
 * from); 'type' is the event, 'kind' its name for display. */
typedef struct tb_turn_event {
	const char *kind;     /* tb_event_name(type) */
	const char *point;    /* the point it happened on ("d3"), or NULL */
	const char *to;       /* where a piece went, or a tercia's last point, or NULL */
	unsigned count;       /* TB_EV_FORTRESS: attackers in the fortress; a
	                         game's own kind that counts: its count; else 0 */
	tb_event_kind type;   /* what it is (added last, so older callers still fit) */
	/* the piece it concerns, as it stood when the event happened -- a piece
	 * captured, removed or huffed: before it went; one pushed back or put
	 * elsewhere: where it landed; one crowned: crowned -- (added last): */
	int piece_side;       /* its side, 0 first, 1 second; -1: the event concerns
	                         no one piece (TB_EV_FORTRESS) */
	char piece_type;      /* its kind as the game's notation letters it ('E',
	                         'M', 'P', 'G' in Ocencahuac); 0 where a side's
	                         pieces are all alike (La Pitarra, Asalto) */
	int piece_crowned;    /* 1 when it was crowned then */
} tb_turn_event;

/** What tb_reader_validate tells about each turn it plays. Everything
 * is borrowed for the duration of the call. */
typedef struct tb_turn_report {
	unsigned number;      /* turn number */
	int side;             /* 0 first side, 1 second */
	const char *token;    /* canonical token */
	const char *position; /* position notation after the turn */
	const char *events;   /* derived events, "; "-separated, or "" */
	unsigned line, col;   /* where the turn is written in the record's source */
	size_t nevents;       /* the same events, one by one */
	const tb_turn_event *ev;
	const char *over;     /* NULL while the game goes on after the turn;
	                         else its result and why ("1-0 (Yellow cannot
	                         move and loses)") */
} tb_turn_report;

typedef void (*tb_turn_fn)(void *ctx, const tb_turn_report *t);

/** Replays 'rec', just read by 'r', with its game's rules: main line
 * and variations. Each problem becomes a diagnostic of 'r' (after the
 * reader's own, until the next tb_reader_next). 'fn' (may be NULL) is
 * called for each turn of the main line and variations that was played.
 * Returns the number of errors found, or TB_ENOMEM when memory ran out
 * (see "Memory"): the diagnostics added until then stay (a few may lack
 * their notes), a turn may not have been told, and the reader is spent
 * when a diagnostic itself could not be kept. A record with syntax errors is
 * not replayed. Given a record 'r' did not read (built through the API,
 * or read by another reader), the diagnostics keep the record's lines
 * and columns but quote 'r''s own text, so give a reader of the
 * record's source where one is wanted (an empty one will do). */
TB_EXPORT int tb_reader_validate(tb_reader *r, const tb_record *rec, tb_turn_fn fn,
                                 void *ctx);

/** A fault the rules find replaying a record: a diagnostic of
 * tb_reader_validate with its parts as data, so that a program takes
 * the reason, the position and the turns that fit from here rather
 * than from the message's words. Everything is borrowed for the call. */
typedef struct tb_fault {
	int code;              /* TB-number, as the diagnostic's */
	tb_severity severity;
	unsigned line, col;    /* where the diagnostic is */
	unsigned end_col;      /* one past its last column on that line */
	const char *message;   /* the diagnostic's message, whole */
	const char *token;     /* the turn or gap it is about, as written ("d2-d3",
	                          "?", "<gap 2>"), when the message starts with it
	                          ("d2-d3: ..."); else NULL */
	const char *reason;    /* the message without that token: "d2 is occupied" */
	const char *position;  /* the position it happened in (notation), or NULL */
	size_t ncandidates;    /* what may have been written there: the turns or */
	const char *const *candidates; /* sequences that fit (TB408), the readings
	                          that explain an illegal turn (TB401, "d2-d3",
	                          "10... a4-a5 11. d1-d2"); NULL when none */
	const char *repair;    /* the one of them the replay went on with (the only
	                          one that fits or explains it), or NULL */
} tb_fault;

typedef void (*tb_fault_fn)(void *ctx, const tb_fault *f);

/** tb_reader_validate, telling 'ffn' (may be NULL) of each fault of the
 * rules too, once all of it is known (its candidates and repair): in
 * the order of the diagnostics, before the next one is added or, for
 * the last, before it returns. */
TB_EXPORT int tb_reader_validate_faults(tb_reader *r, const tb_record *rec, tb_turn_fn fn,
                                        void *ctx, tb_fault_fn ffn, void *fctx);

/** ## What a record leaves open (spec/reconstruct.md)
 *
 * tb_reader_validate also answers "what could have been played here?"
 * wherever a record leaves it open: for an unknown turn, a token with
 * '?' points and a gap it names the turns that fit the rules and the
 * rest of the line (TB408; TB409 when none does), and goes on checking
 * over the positions still possible; for an illegal turn it names the
 * slips that explain it (notes on TB401), and for a restated position
 * the written turns before it do not reach, the slips after which they
 * do (notes on TB409). These limits bound its searches; a gap before a
 * restated position holds only the positions from which each side can
 * still get there in the turns left, as its game's rules bound them
 * (spec/reconstruct.md §2), so that a long one fits. */
typedef struct tb_search_opts {
	unsigned max_turns;           /* the longest gap searched; 0: 8 */
	unsigned long max_positions;  /* positions one search may hold; 0: 1,000,000 */
	unsigned max_listed;          /* turns or sequences a report names; 0: 10 */
	unsigned window;              /* written turns after a slip replayed to weigh
	                                 its repairs; 0: 32 */
	unsigned lookback;            /* written turns before an illegal one (or a
	                                 restated position they miss) that a
	                                 repair may change; 0: 32, at most 32 */
	/* Called now and then in a long search with the positions held so
	 * far (a terminal may show progress), or NULL. */
	void (*progress)(void *ctx, unsigned long positions);
	void *ctx;
	unsigned threads;             /* threads one search may make a long layer
	                                 of positions by, the answers the same
	                                 for every number (spec/reconstruct.md
	                                 §3); 0: 1, at most 64 */
} tb_search_opts;

/** Sets the limits of the searches of later tb_reader_validate calls on
 * 'r' ('o' is copied; NULL: the defaults). */
TB_EXPORT void tb_reader_set_search(tb_reader *r, const tb_search_opts *o);

/** The language the rules' reasons are worded in by later
 * tb_reader_validate and tb_reader_replay calls on 'r' (why a turn is
 * illegal, why the game is over: the messages of TB401, TB402, TB407),
 * and the notes under their diagnostics (the position, the slips, the
 * assumptions, what fits an open stretch: spec/tgn.md §11); NULL, the
 * default: English. The places and fixes they type are the same in
 * every language. Other messages, and the reader's notes, stay English. */
struct tb_lang;
TB_EXPORT void tb_reader_set_lang(tb_reader *r, const struct tb_lang *l);

/** The limits every search takes where its reader sets none of its own --
 * tb_record_replay, and the replays the writers, show, diff, grep and
 * tb_record_engine make of a record -- field by field ('o' copied, its
 * progress callback ignored; NULL or zeros: the built-in defaults above).
 * Like tb_set_alloc_hook, process-wide: set it before other calls (a
 * program that bounds its searches, a fuzzer under a time limit). */
TB_EXPORT void tb_set_search_defaults(const tb_search_opts *o);

/** Replays 'rec', just read by 'r', as tb_reader_validate does (its
 * diagnostics join the reader's), then writes it in canonical TGN with
 * every unknown turn, '?' point and gap that the rules and the rest of
 * the record decide replaced by what fits, each such turn marked as
 * reconstructed (spec/tgn.md, "Reconstructed turns"). Returns the text
 * (the caller frees it; '*len' its length) and sets '*open' to the
 * unknowns left as written (undecided, or fitting nothing) and
 * '*filled' to those replaced; NULL when the record has errors the
 * reader found (nothing can be written). 'rec' is changed in place: a
 * filled record is what the text says. NULL too, with nothing changed,
 * when 'rec' is NULL or its game unknown; and when memory ran out
 * (see "Memory"): 'rec' is then as it was, or filled in part (each
 * unknown replaced whole, or not at all), and the reader as
 * tb_reader_validate leaves it. */
TB_EXPORT char *tb_record_fill(tb_reader *r, tb_record *rec, size_t *len, size_t *open,
                               size_t *filled);

/** tb_record_fill, and more: each illegal turn that a transcriber's slip
 * explains and that the replay went on past (spec/reconstruct.md §4) is
 * written as a reading whose first alternatives are the repairs, each
 * reconstructed, and whose last is the turn as written --
 * "<reconstructed b4-b5 | d4-d5>", several repairs of one turn
 * "<reconstructed b4-b5 | reconstructed f4-f5 | d4-d5>"; a turn left
 * out "<reconstructed c4-c3 | omitted>" put before the turn it was left
 * out before; a turn written twice "<omitted | e4>"; two turns swapped
 * two readings. A slip with several repairs at different turns, none
 * singled out, is left as written; so is a slip after an unknown turn or
 * a gap, which validate only names. Nothing the source says is lost: the
 * written turn stays a reading, which validate checks as a witness.
 * '*repaired' is set to the slips written. Returns, and may fail, as
 * tb_record_fill; the record written may still have errors (a slip no
 * repair explains), which a caller checks by reading it back. */
TB_EXPORT char *tb_record_fill_repairs(tb_reader *r, tb_record *rec, size_t *len, size_t *open,
                                       size_t *filled, size_t *repaired);

typedef struct tb_engine tb_engine;

/** Sets up game 'g' under 'rules' ("movement=slide; flying=at3", with
 * or without the game's name first; NULL, or "?" -- a record's missing
 * or unknown [Rules], as tb_record_tag gives it -- for the defaults) from
 * 'position' (position notation; NULL for the start). Returns NULL and
 * sets '*why' (the caller frees it) when that cannot be done: among
 * others, when 'rules' names another game first, or an option or value
 * 'g' has not (the message then says which name it is a slip of, if
 * any: "did you mean 'movement'?"). NULL with '*why' NULL when memory
 * ran out. The caller frees the engine with tb_engine_free. */
TB_EXPORT tb_engine *tb_engine_new(const tb_game *g, const char *rules,
                                   const char *position, char **why);
TB_EXPORT void tb_engine_free(tb_engine *e);

/** NULL, or why the engine's start is incomplete (Asalto without its
 * defenders' points): perft needs a complete one, random games draw
 * the missing choices. Borrowed. */
TB_EXPORT const char *tb_engine_incomplete(const tb_engine *e);

/** The number of distinct sequences of 'depth' complete turns (1 for
 * depth 0; 0 when the engine's start is incomplete, or when memory ran
 * out: tb_engine_status tells). */
TB_EXPORT unsigned long long tb_engine_perft(tb_engine *e, int depth);

/** TB_ENOMEM when the last tb_engine_perft, tb_engine_divide,
 * tb_engine_legal or tb_engine_over on 'e' ran out of memory (it then
 * returned 0 or NULL, and its 'fn' may have been called for some turns
 * but not all), else 0. */
TB_EXPORT int tb_engine_status(const tb_engine *e);

/** The engine's last error ("Errors"): the status code of the last
 * call on 'e' that can fail -- tb_engine_perft, tb_engine_divide
 * (TB_EINVAL on an incomplete start), tb_engine_legal, tb_engine_over,
 * tb_engine_play, tb_engine_position, tb_engine_board,
 * tb_engine_random_game -- and its message (borrowed, valid until the
 * next call on 'e'); 0 and "" when it succeeded. TB_EINVAL and a
 * message for a NULL 'e'. */
TB_EXPORT int tb_engine_errcode(const tb_engine *e);
TB_EXPORT const char *tb_engine_errmsg(const tb_engine *e);

typedef void (*tb_divide_fn)(void *ctx, const char *token, unsigned long long n);
/** Calls 'fn' for each legal turn with its perft count at depth-1;
 * returns the number of turns (0 for depth 0, or an incomplete start). */
TB_EXPORT size_t tb_engine_divide(tb_engine *e, int depth, tb_divide_fn fn, void *ctx);

/** The engine's position in position notation; the caller frees it.
 * NULL when memory ran out (as every function here that returns a new
 * string or engine). */
TB_EXPORT char *tb_engine_position(const tb_engine *e);

/** A random legal game from the engine's position, at most 'max_turns'
 * turns, as a canonical TGN record with its result; the same seed gives
 * the same bytes. The caller frees it; '*len' gets its length. NULL
 * when memory ran out. */
TB_EXPORT char *tb_engine_random_game(const tb_engine *e, unsigned long long seed,
                                      unsigned max_turns, size_t *len);

/** ## Positions of a record and boards as text (tablero show)
 *
 * A turn of a record's main line is named two ways: by the count of
 * written turns from the start ("ply": 0 the start, 1 after the first
 * turn) or by its move number as the record writes it ("20." the first
 * side's turn 20, "20..." the second side's).
 */

/** How far tb_record_engine replayed a record. */
typedef struct tb_reached {
	long ply;          /* the engine's position is after this many turns */
	char last[96];     /* the turn that made it, numbered and written
	                      ("10... d5-d6"); "" at the start or where the
	                      record restates the position */
	int stopped;       /* 1 when the replay stopped before the turn asked
	                      for (the engine then holds the last position it
	                      knew); 0 when it reached it */
	unsigned line, col; /* where it stopped: the turn, gap or position
	                      (0 when the start itself is not complete) */
	char stop[96];     /* that node as written ("10... a4-a5", "<gap>") */
	char why[320];     /* and why ("it is Red's turn; a4 holds ...") */
	/* what the rules decided (spec/replay.md), added after the above: */
	int decided;       /* 'last' is a turn the rules decided ('?', a '?' point
	                      that only it fits): a reconstructed turn */
	int open;          /* stopped in an open stretch: more than one position
	                      fits (a warning in the record, not an error) */
	unsigned long long fits; /* there: the turns (a gap: sequences of turns)
	                      that fit the node it stopped at; 0 when not counted */
	int gap;           /* that node is a gap ('fits' counts sequences) */
	size_t positions;  /* the positions possible after the turn asked for: 1
	                      when reached, 0 when the rules cannot say */
	unsigned long long settled; /* the turn asked for is open ('last' as written,
	                      "4... ?") and several turns fit it, all leading to
	                      the one position reached: how many (a reconstructed
	                      position, spec/replay.md §3); else 0 */
} tb_reached;

/** The position after 'ply' turns of the main line of 'rec' (-1: all
 * of them) as an engine, from the record's one reading (tb_replay):
 * through a '?', a '?' point or a gap the rules decide ('at->decided');
 * an illegal turn, or an unknown turn or gap that more than one turn
 * fits ('at->open'), stops them until one position is left again or the
 * record restates it; '*at' says how far they got. Returns NULL and sets '*why' (the caller
 * frees it) when 'rec' has errors, no rules engine, options or a start
 * that cannot be played, or fewer turns than 'ply', or when no position
 * at all is known. The caller frees the engine with tb_engine_free.
 * NULL with '*why' NULL when memory ran out. */
TB_EXPORT tb_engine *tb_record_engine(const tb_record *rec, long ply, tb_reached *at,
                                      char **why);

/** The ply of the main line's turn numbered 'number' for side 'side' (0
 * first, 1 second), as the record numbers it; -1 when it has none. */
TB_EXPORT long tb_record_find_turn(const tb_record *rec, unsigned number, int side);

/** The number and side of the main line's turn after which 'ply' turns
 * are played (-1: its last). Returns 0, or -1 when there is no such
 * turn or the record does not number it. */
TB_EXPORT int tb_record_turn_number(const tb_record *rec, long ply, unsigned *number,
                                    int *side);

/** ## Positions and turns as values
 *
 * An engine (tb_engine_new, tb_record_engine, tb_node_engine) holds one
 * position; these list what can be played there and play it.
 */

/** The side to move in the engine's position: 0 first, 1 second. */
TB_EXPORT int tb_engine_to_move(const tb_engine *e);

/** Called with each legal turn: its canonical token ("d2-d3", "pass"),
 * its events as tb_turn_report's ("tercia a1-a7; removal d5", or ""),
 * and the position after it in position notation; all borrowed for the
 * call. */
typedef void (*tb_legal_fn)(void *ctx, const char *token, const char *events,
                            const char *position);

/** Calls 'fn' (may be NULL) for each legal turn of the engine's
 * position, in the rules' fixed order; returns how many there are (0
 * when the game is over or the position incomplete). */
TB_EXPORT size_t tb_engine_legal(const tb_engine *e, tb_legal_fn fn, void *ctx);

/** tb_engine_legal with each legal turn told as a tb_turn_report (all
 * borrowed for the call): its number and side, token, the position
 * after it, its events as text and typed (nevents, ev), and 'over' as
 * the game stands after it; line and col 0 (no source). */
TB_EXPORT size_t tb_engine_legal_turns(const tb_engine *e, tb_turn_fn fn, void *ctx);

/** Plays the legal turn whose canonical token is 'token' ("--" is
 * "pass"). Returns 0 with '*events' (if not NULL; the caller frees it)
 * set to what it did, or TB_EINVAL with '*why' (if not NULL; the caller
 * frees it) set when it is no legal turn, the game is over or the
 * position incomplete; the engine is then unchanged. TB_ENOMEM, the
 * engine unchanged and nothing set, when memory ran out. */
TB_EXPORT int tb_engine_play(tb_engine *e, const char *token, char **events, char **why);

/** tb_engine_play telling 'fn' (may be NULL) of the turn played, as
 * tb_engine_legal_turns tells it (typed events included), before it
 * returns 0; '*why' as tb_engine_play's. */
TB_EXPORT int tb_engine_play_turn(tb_engine *e, const char *token, tb_turn_fn fn, void *ctx,
                                  char **why);

enum {
	TB_BOARD_COLOUR = 1 /* pieces in ANSI colours, for a terminal */
};

/** The engine's position drawn as text: the board's points and lines
 * from the same geometry as the diagrams, the pieces by side and kind,
 * the areas and lines the board marks, coordinates, a key, pieces in
 * hand and taken, the side to move or how the game ended, and the
 * position's notation (spec/show.md). The caller frees it. */
TB_EXPORT char *tb_engine_board(const tb_engine *e, unsigned flags);
/** tb_engine_board in the words of language 'l' (NULL: English; see
 * "Languages" below): side names, the key, how the game ended. */
typedef struct tb_lang tb_lang;
TB_EXPORT char *tb_engine_board_in(const tb_engine *e, unsigned flags, const tb_lang *l);

/** NULL while the game goes on in the engine's position; else its
 * result and why ("1-0 (Yellow cannot move and loses)"), which the
 * caller frees. NULL too when memory ran out: tb_engine_status then
 * says TB_ENOMEM. */
TB_EXPORT char *tb_engine_over(const tb_engine *e);
/** tb_engine_over with the rules' words in language 'l' (NULL: English). */
TB_EXPORT char *tb_engine_over_in(const tb_engine *e, const tb_lang *l);

/** ## The record tree (stable from 0.3.0)
 *
 * A record is its tags, its main line and its result. A line is a list
 * of nodes; a node is a turn (a move, a pass, an unknown turn "?"), a
 * gap ("<gap 2-4>"), a restated position, or a reading ("<a | b>")
 * whose alternatives are what each witness has there. A node carries
 * its NAGs, the comments written after it and its variations: lines
 * that replace it. Comments also stand before the tags, after a tag,
 * before a line's first node and after the result.
 *
 * Nodes and lines are borrowed from their record: valid until it is
 * freed (a removed node stays readable, but is no longer in the tree).
 * Readers take a node and return 0 / NULL / TB_EKIND for a node of the
 * wrong kind; they never check that the node is in a record (that is
 * O(size of the record)). Editors do -- each edit walks the record once
 * or twice, so building a record of n nodes costs O(n^2) -- and each
 * takes the record, returns 0
 * or a negative TB_E* code, and on failure leaves the tree as it was
 * with tb_record_error saying why. The strings that readers below
 * return for the caller to free (tokens, positions) are NULL when
 * memory ran out. Every edit keeps the tree one the
 * parser could have read: turn numbers and sides are recomputed as the
 * parser counts them (a turn after a gap of unknown length keeps the
 * number it was given, "12. d3").
 *
 * Points are (file, rank), both from 0 ("a1" is 0, 0); -1, -1 is a
 * point the transcriber did not know ('?').
 */
typedef enum tb_node_kind {
	TB_NODE_MOVE,     /* a turn the game's grammar read */
	TB_NODE_PASS,     /* "pass" */
	TB_NODE_UNKNOWN,  /* "?": a turn nobody knows */
	TB_NODE_READING,  /* "<a | b>": uncertain, alternatives, first followed */
	TB_NODE_GAP,      /* "<gap ...>": turns missing from the source */
	TB_NODE_POSITION, /* "<position ...>": the position restated */
	TB_NODE_OMITTED   /* "omitted", a reading's alternative only: nothing here */
} tb_node_kind;

/** The parts a turn is made of, in the order written: the kinds the
 * games share (a game may bring kinds of its own, TB_PART_GAME). */
typedef enum tb_part_kind {
	TB_PART_AT,       /* first point: placement, or where a piece starts */
	TB_PART_STEP,     /* "-": to a point by a step or slide */
	TB_PART_HOP,      /* "^": to a point by jumping over a piece */
	TB_PART_CAPTURE,  /* "x": to a point, capturing (Asalto chains, Ocencahuac) */
	TB_PART_REMOVE,   /* "x": a piece removed after a tercia (La Pitarra) */
	TB_PART_PUSH,     /* ">": where the jumped piece was pushed back */
	TB_PART_RELOCATE, /* "@": where the jumped royal piece was put */
	TB_PART_HUFF      /* "H": a defender huffed before the turn */
} tb_part_kind;
/** One past the last shared part kind: the shared kinds are 0 ..
 * TB_PART_KINDS-1. */
#define TB_PART_KINDS 8
/** The first of the part kinds the games bring (a game's descriptor
 * lists the parts of its own, lib/game.h): TB_PART_GAME + i is the
 * i-th of them, counting each game's in its order after those of the
 * games before it in tb_game_at's order, as the events are numbered
 * from TB_EV_GAME. Their numbers hold within one build of the library
 * only: their names are what a record's XML keeps (<part kind="...">),
 * and their tokens are the game's notation. */
#define TB_PART_GAME 32
/** The name of part kind 'k' ("step", "hop", or a game's own; "at" for
 * TB_PART_AT, which XML writes <place> or <from>): a static string;
 * NULL when 'k' is no kind. */
TB_EXPORT const char *tb_part_name(unsigned k);
/** The kind named 'name' (exactly as tb_part_name gives it, a shared
 * kind but "at", or a game's own); -1 when 'name' (may be NULL) names
 * none. */
TB_EXPORT int tb_part_kind_of(const char *name);

typedef enum tb_result {
	TB_RESULT_NONE,   /* no marker: a record whose moves were not read; never set */
	TB_RESULT_FIRST,  /* "1-0" */
	TB_RESULT_SECOND, /* "0-1" */
	TB_RESULT_DRAW,   /* "1/2-1/2" */
	TB_RESULT_OTHER   /* "*" */
} tb_result;

typedef struct tb_node tb_node;
typedef struct tb_line tb_line;

/** The record's last error ("Errors"): the status code of the last
 * editor ("Building and editing") called on 'rec' -- 0 when it
 * succeeded, TB_ENOMEM too when memory ran out reading the record --
 * and its message, "" after a success. Borrowed; valid until the next
 * call on 'rec'. TB_EINVAL and a message for a NULL 'rec'. */
TB_EXPORT int tb_record_errcode(const tb_record *rec);
TB_EXPORT const char *tb_record_errmsg(const tb_record *rec);
/** tb_record_errmsg under its older name ("" for a NULL 'rec'). */
TB_EXPORT const char *tb_record_error(const tb_record *rec);

/** ### Reading the tree */

/** The record's main line (never NULL). Borrowed. */
TB_EXPORT tb_line *tb_record_main(const tb_record *rec);
/** The record's result, as its marker says (tb_result). */
TB_EXPORT int tb_record_result(const tb_record *rec);
/** The i-th comment before the tags ('where' 0), after the result
 * ('where' 1), or after tag number 'where' - 2 (in tb_record_tag_at's
 * order): its text, '*lang' (if not NULL) set to its language or NULL.
 * NULL past the last. Borrowed. */
TB_EXPORT const char *tb_record_comment(const tb_record *rec, size_t where, size_t i,
                                        const char **lang);

/** A line's first node, or NULL. Borrowed. */
TB_EXPORT tb_node *tb_line_first(const tb_line *l);
/** The next variation of the same node, or NULL (the main line: NULL). */
TB_EXPORT tb_line *tb_line_next(const tb_line *l);
/** The i-th comment before the line's first node, as tb_record_comment. */
TB_EXPORT const char *tb_line_comment(const tb_line *l, size_t i, const char **lang);
/** Where the variation's '(' and ')' were: (line, col, end line, end
 * col); all 0 for a line not read from text. */
TB_EXPORT void tb_line_span(const tb_line *l, unsigned span[4]);

/** The node's kind (tb_node_kind): never TB_NODE_OMITTED but for a
 * reading's alternative as a node (tb_node_alt). */
TB_EXPORT int tb_node_type(const tb_node *n);
/** The next node on its line, or NULL. Borrowed. */
TB_EXPORT tb_node *tb_node_next(const tb_node *n);
/** The node's first variation, or NULL; tb_line_next gives the rest. */
TB_EXPORT tb_line *tb_node_variation(const tb_node *n);
/** The turn's number, and side (0 first, 1 second; 2 for a node that is
 * no turn of the count: a gap, a restated position, a reading whose
 * first alternative is one of those or "omitted"). Number 0: none. */
TB_EXPORT unsigned tb_node_number(const tb_node *n);
TB_EXPORT int tb_node_side(const tb_node *n);
/** The number the record's own numbering gives turn 'n' where it is not
 * the count's (spec/tgn.md 5.1: a move number written off the count, and
 * the turns numbered on from it): 1, with '*number' and '*side' (0 "N.",
 * 1 "N...") set; 0, leaving them, where it is the count's, where 'n' is
 * no turn of the count, or where that numbering passes 999999. The
 * canonical form writes it (tb_record_write). Either pointer may be NULL. */
TB_EXPORT int tb_node_written(const tb_node *n, unsigned *number, int *side);
/** 1 for a turn put in by the rules ("<reconstructed d2>"), else 0. */
TB_EXPORT int tb_node_reconstructed(const tb_node *n);
/** The node as the canonical form writes it, without its NAGs,
 * comments and variations: "d2-d3", "pass", "?", "<gap 2-4>",
 * "<position \"...\">", "<reconstructed d2>", "<b2 {A} | omitted {B}>"
 * (a reading's alternatives keep their comments and evidence links
 * (spec/tgn.md 8.6): they are inside it, and
 * "<gap 1 {B}>" is a reading where "<gap 1>" is a gap). Read back by
 * tb_line_insert, it makes the same node. The caller frees it. */
TB_EXPORT char *tb_node_token(const tb_record *rec, const tb_node *n);
/** A move's parts (0 for a node that is no move) and the i-th: its kind
 * (tb_part_kind, or a game's own from TB_PART_GAME on: tb_part_name
 * names either) and point; returns TB_EINVAL past the last. */
TB_EXPORT size_t tb_node_nparts(const tb_node *n);
TB_EXPORT int tb_node_part(const tb_node *n, size_t i, int *kind, int *file, int *rank);
/** A move's crown: 0, 1 ("=") or 2 ("=="). */
TB_EXPORT int tb_node_crown(const tb_node *n);
/** NAGs in the order written ("!" is 1): their count and the i-th (-1
 * past the last). */
TB_EXPORT size_t tb_node_nnags(const tb_node *n);
TB_EXPORT int tb_node_nag(const tb_node *n, size_t i);
/** The i-th comment after the node, as tb_record_comment. */
TB_EXPORT const char *tb_node_comment(const tb_node *n, size_t i, const char **lang);
/** A gap's length, '*min' to '*max' turns (-1: not known); also a
 * reading's whose first alternative is a gap. TB_EKIND for others. */
TB_EXPORT int tb_node_gap(const tb_node *n, long *min, long *max);
/** A restated position (or a reading's first alternative's) in position
 * notation; the caller frees it. NULL for other nodes. */
TB_EXPORT char *tb_node_position(const tb_record *rec, const tb_node *n);
/** Where the node was written (line, col, end line, end col); all 0
 * for a node made through the API. */
TB_EXPORT void tb_node_span(const tb_node *n, unsigned span[4]);

/** A line's nodes read at once (tb_line_nodes): what tb_node_type,
 * tb_node_side, tb_node_number, tb_node_reconstructed, tb_node_span and
 * tb_node_token say of each, as plain values -- for a binding, which
 * then reads a whole line in one call instead of one call per field. */
typedef struct tb_node_info {
	tb_node *node;       /* the node, borrowed from the record */
	size_t token;        /* its token's offset in the text tb_line_nodes gives */
	size_t token_len;    /* its length in bytes, the NUL after it not counted */
	int kind;            /* tb_node_kind */
	int side;            /* 0, 1; 2 for no turn of the count (tb_node_side) */
	unsigned number;     /* the turn's number; 0 none */
	int reconstructed;   /* 1 for a turn the rules put in ("<reconstructed d2>") */
	unsigned span[4];    /* where it was written, as tb_node_span; zeros when built */
} tb_node_info;

/** Every node of line 'l' of record 'rec', in order, read in one call:
 * '*out' is set to an array of them and '*text' to their tokens (as
 * tb_node_token writes each), one after the other, each followed by a
 * NUL, so that out[i]'s is the C string at *text + out[i].token. The
 * caller frees both (free) -- an empty line's too (an array of none and
 * a text of none). Returns how many nodes; TB_ENOMEM when memory ran
 * out, TB_EINVAL for a NULL argument, then both set to NULL. What it
 * gives is a copy, true of the line when it was read: an edit of the
 * record after it (tb_line_insert, tb_node_remove...) is not in it, and
 * a node removed since is no longer the record's to read. */
TB_EXPORT long tb_line_nodes(const tb_record *rec, const tb_line *l, tb_node_info **out,
                             char **text);

/** A reading's alternatives: their count (0 for other nodes), then the
 * fields of the i-th, as the node's above (TB_EINVAL, -1, 0 or NULL
 * past the last). Its kind may be TB_NODE_OMITTED. Each alternative is
 * a node too (tb_node_alt, below), and has a frame of its own in the
 * record's one reading (tb_replay_find(rp, n, i): "One reading of a
 * record"). */
TB_EXPORT size_t tb_node_nalts(const tb_node *n);
TB_EXPORT int tb_alt_type(const tb_node *n, size_t i);
TB_EXPORT int tb_alt_reconstructed(const tb_node *n, size_t i);
TB_EXPORT char *tb_alt_token(const tb_record *rec, const tb_node *n, size_t i);
TB_EXPORT size_t tb_alt_nparts(const tb_node *n, size_t i);
TB_EXPORT int tb_alt_part(const tb_node *n, size_t i, size_t j, int *kind, int *file,
                          int *rank);
TB_EXPORT int tb_alt_crown(const tb_node *n, size_t i);
TB_EXPORT int tb_alt_gap(const tb_node *n, size_t i, long *min, long *max);
TB_EXPORT char *tb_alt_position(const tb_record *rec, const tb_node *n, size_t i);
TB_EXPORT const char *tb_alt_comment(const tb_node *n, size_t i, size_t j,
                                     const char **lang);
TB_EXPORT void tb_alt_span(const tb_node *n, size_t i, unsigned span[4]);

/** ### Evidence links (spec/tgn.md 8.6)
 * A turn, a gap, a restated position, a reading, an alternative and a
 * comment may say where their evidence is: a time in the recording the
 * record's [Recording] names, a region of one of the page images its
 * [Facsimile] names. */

/** A link, as the readers below give it: plain values, the page's name
 * borrowed from the record. */
typedef struct tb_evidence_info {
	long long from_ms, to_ms; /* the time in ms: -1 none; 'to_ms' -1 for a point */
	const char *page;         /* the page image's name, or NULL: no region */
	unsigned long x, y, w, h; /* the region in pixels; w == 0: the whole image */
} tb_evidence_info;

/** The link of node 'n' (of an alternative made a node by tb_node_alt:
 * the alternative's) into '*ev': returns 1, or 0 when it has none
 * ('*ev' then says none: -1, -1, NULL). */
TB_EXPORT int tb_node_evidence(const tb_node *n, tb_evidence_info *ev);
/** The same for the i-th comment after node 'n' (tb_node_comment). */
TB_EXPORT int tb_node_comment_evidence(const tb_node *n, size_t i, tb_evidence_info *ev);
/** The same for alternative 'i' of reading 'n'; 0 past the last. */
TB_EXPORT int tb_alt_evidence(const tb_node *n, size_t i, tb_evidence_info *ev);
/** The same for the i-th of the leading comments of 'line'. */
TB_EXPORT int tb_line_comment_evidence(const tb_line *line, size_t i, tb_evidence_info *ev);
/** What a link says, TB_EVIDENCE_TIME ("0:02:10", "0:02:10.5-0:02:14")
 * or TB_EVIDENCE_REGION ("p12", "p12#120,340,80,40"), as the canonical
 * form writes it without its '@', into 'buf' of 'cap' bytes, cut short
 * and NUL-terminated as snprintf does; returns the length of the whole,
 * 0 when the link has no such part. */
enum { TB_EVIDENCE_TIME, TB_EVIDENCE_REGION };
TB_EXPORT size_t tb_evidence_format(const tb_evidence_info *ev, int what, char *buf,
                                    size_t cap);
/** The record's recording, its [Recording] (a URI, or a path relative
 * to the record's file), or NULL when it names none. Borrowed. */
TB_EXPORT const char *tb_record_recording(const tb_record *rec);
/** The i-th page image of the record's [Facsimile]: its name and URI
 * (a path relative to the record's file, or a URI), each a string the
 * caller frees. Returns 1, 0 past the last (or where the tag is
 * malformed), or TB_ENOMEM. */
TB_EXPORT int tb_record_facsimile(const tb_record *rec, size_t i, char **name, char **uri);

/** Alternative 'i' of reading 'n' of 'rec' as a node of its own, which
 * every reader above reads as it reads a node: tb_node_type (here
 * TB_NODE_OMITTED may be), tb_node_token ("omitted", "<gap 1>", "d2-d3"),
 * tb_node_nparts and tb_node_part, tb_node_crown, tb_node_gap,
 * tb_node_position, tb_node_comment (the alternative's comments),
 * tb_node_span, tb_node_reconstructed; its number and side are the
 * reading's when both are turns (else 0 and 2); it has no NAGs, no
 * variations, no next node. It is not in the tree: the iterator never
 * yields it, an editor given it says TB_EFOREIGN (tb_alt_add_comment
 * comments on an alternative), and its frame in the record's one
 * reading is tb_replay_find(rp, n, i), not of the node itself.
 * Borrowed from 'rec': made once per reading and the same node at each
 * call, which brings it up to date with the reading (after
 * tb_alt_add_comment). NULL past the last alternative, for a node that
 * is no reading, or when memory ran out. */
TB_EXPORT tb_node *tb_node_alt(const tb_record *rec, const tb_node *n, size_t i);

/** ### Author's marks (spec/tgn.md 8.7)
 * A comment after a turn may hold the annotator's marks for the diagram
 * of that turn: arrows, circled points, shaded points and short labels,
 * each in a colour of a small palette. They are read into typed marks,
 * apart from the comment's text (tb_node_comment gives the text alone),
 * and drawn by svg, book and html. */
typedef enum tb_mark_kind {
	TB_MARK_ARROW,   /* [%cal Ra1a4]: from a point to another */
	TB_MARK_CIRCLE,  /* [%csl Gd5]: a ring round a point */
	TB_MARK_SHADE,   /* [%cfl Ye3]: a point's square shaded */
	TB_MARK_LABEL    /* [%clb Bd5:A]: a short text beside a point */
} tb_mark_kind;
/** The palette, chess's letters: G green, R red, Y yellow, B blue. */
typedef enum tb_mark_colour {
	TB_MARK_GREEN,
	TB_MARK_RED,
	TB_MARK_YELLOW,
	TB_MARK_BLUE
} tb_mark_colour;
/** A mark, as tb_node_comment_mark gives it: plain values, the label
 * borrowed from the record. Points are file and rank from 0 ("a1" is
 * 0, 0); 'to_file' and 'to_rank' are -1 but for an arrow. */
typedef struct tb_mark_info {
	int kind;               /* tb_mark_kind */
	int colour;             /* tb_mark_colour */
	int file, rank;         /* the point (an arrow's tail) */
	int to_file, to_rank;   /* an arrow's head */
	const char *label;      /* TB_MARK_LABEL: 1 to 3 characters (UTF-8); else "" */
} tb_mark_info;
/** The number of marks of the i-th comment after node 'n' (0 past the
 * last comment, or for a comment without marks). */
TB_EXPORT size_t tb_node_comment_nmarks(const tb_node *n, size_t i);
/** Mark 'j' of the i-th comment after node 'n' into '*m'; returns 0,
 * or TB_EINVAL past the last (then '*m' is left as it was). Nothing to
 * free: the label is borrowed from the record. */
TB_EXPORT int tb_node_comment_mark(const tb_node *n, size_t i, size_t j, tb_mark_info *m);
/** The marks of the i-th comment after node 'n' as the canonical form
 * writes them ("[%cal Ra1a4,Gd1d2] [%csl Gd5]"; "" for none) into 'buf'
 * of 'cap' bytes, cut short and NUL-terminated as snprintf does; returns
 * the length of the whole. */
TB_EXPORT size_t tb_node_comment_marks(const tb_node *n, size_t i, char *buf, size_t cap);
/** Sets the marks of the i-th comment after node 'n' of 'rec' to those
 * of 'marks', commands as a comment holds them, blanks between ("" or
 * NULL: none), read against the record's board: TB_ESYNTAX with the
 * reason (tb_record_errmsg) for one that does not read, TB_EINVAL past
 * the last comment, TB_EFOREIGN for a node of another record. Nothing
 * changes unless it returns 0. */
TB_EXPORT int tb_node_set_comment_marks(tb_record *rec, tb_node *n, size_t i, const char *marks);

/** ### Walking the tree
 *
 * In the manner of cmark's iterator: lines and nodes in the order
 * written. A line (the main line, each variation) is entered and
 * exited; a node with variations is entered, its variations walked,
 * then exited; a node without is entered only (a leaf).
 *
 *     tb_iter *it = tb_iter_new(rec);
 *     int ev;
 *     while ((ev = tb_iter_next(it)) != TB_EVENT_DONE)
 *         if (ev == TB_EVENT_ENTER && tb_iter_node(it)) ...
 *     tb_iter_free(it);
 *
 * The iterator is safe against the tree it walks: after an edit of the
 * record (through this API) it goes on from the node or line it last
 * returned if that is still in the tree; from the node that followed
 * a removed one (or its line's exit) when that is; otherwise it ends,
 * and tb_iter_status returns TB_EFOREIGN. It never reads past the record.
 */
typedef enum { TB_EVENT_DONE = 0, TB_EVENT_ENTER = 1, TB_EVENT_EXIT = 2 } tb_iter_event;
typedef struct tb_iter tb_iter;

/** An iterator over 'rec', which must outlive it; the caller frees it
 * with tb_iter_free. NULL when 'rec' is NULL, or memory ran out. */
TB_EXPORT tb_iter *tb_iter_new(const tb_record *rec);
/** The next event (tb_iter_event); TB_EVENT_DONE at the end, and from then on. */
TB_EXPORT int tb_iter_next(tb_iter *it);
/** What the last event is about: a node (tb_iter_line NULL) or a line
 * (tb_iter_node NULL). Borrowed from the record. */
TB_EXPORT tb_node *tb_iter_node(const tb_iter *it);
TB_EXPORT tb_line *tb_iter_line(const tb_iter *it);
/** How deep the last event is: 0 for the main line and its nodes, 1
 * inside a variation of a main-line node... */
TB_EXPORT unsigned tb_iter_depth(const tb_iter *it);
/** 0, or TB_EFOREIGN when an edit removed where the iterator stood. */
TB_EXPORT int tb_iter_status(const tb_iter *it);
TB_EXPORT void tb_iter_free(tb_iter *it);

/** ### Building and editing
 *
 * What the editors take, the record writes and reads back as itself,
 * with no diagnostic: they refuse what the reader would refuse or read
 * otherwise, by the reader's own checks. Text given -- comments, tag
 * values -- is UTF-8 with no NUL and no control character but tab and
 * (in a comment) LF; TB_EINVAL otherwise, with the reader's reason in
 * tb_record_error, and the record unchanged. An edit that would make the
 * record's canonical form larger than TB_MAX_RECORD is refused with
 * TB_ETREE (the reader stops there, TB106).
 *
 * Turns are given as text and read by the game's own grammar, as the
 * parser reads them: "d2-d3", "pass", "?", "<gap 2>", "<gap>",
 * "<position \"...\">", "<reconstructed d2>", "<b2 | c3 {A} | omitted>";
 * several at once, with comments, NAGs and variations, as movetext
 * ("d2-d3 {fine} $1 (e2-e3) a7"). A turn after a gap of unknown length
 * needs its number first ("12... a4"). Move numbers given elsewhere are
 * checked by nobody: the count decides.
 *
 * Every editor below may also return TB_ENOMEM when memory ran out:
 * the record is then as it was (what the edit took stays with it until
 * tb_record_free) and tb_record_error says "out of memory".
 */

/** A new record of game 'g' with no turns, its tags the seven of the
 * roster (unknown but [Game]), its result "*". The caller frees it with
 * tb_record_free. NULL when 'g' is NULL, or memory ran out. */
TB_EXPORT tb_record *tb_record_new(const tb_game *g);

/** Sets tag 'name' to 'value' (both copied), or removes it when 'value'
 * is NULL (a tag of the seven-tag roster then reads "?"). 'name' is an
 * ASCII letter then letters, digits or '_'; 'value' one line of text,
 * not empty ("?" is unknown): TB_EINVAL otherwise. Values are
 * checked as the reader checks them (Date, Result, Source, Rules,
 * Position) and written in their canonical form. [Game] cannot change;
 * [Rules] and [Position] only while the main line is empty (they decide
 * how turns read); [Result] must agree with the result marker unless
 * one of them is "*"; [Facsimile] must name every page the record's
 * evidence links are on (spec/tgn.md 8.6). TB_EINVAL, TB_ETREE or
 * TB_ESYNTAX on failure. */
TB_EXPORT int tb_record_set_tag(tb_record *rec, const char *name, const char *value);

/** Sets the result marker (tb_result); [Result] follows it unless it is
 * TB_RESULT_OTHER ("*", which agrees with any [Result]). TB_EINVAL for
 * TB_RESULT_NONE (a record always ends in a marker) or no tb_result. */
TB_EXPORT int tb_record_set_result(tb_record *rec, int result);

/** Adds a comment (text copied; white space around it left out; line
 * breaks LF, no CR; 'lang' NULL or "", or as the reader reads one: 1 to
 * 35 ASCII letters, digits and '-', a BCP 47 tag such as "es-MX" or a
 * transcriber's own code) at the end of the comments before the tags
 * ('where' 0), after the result (1) or after tag 'where' - 2. TB_EINVAL
 * for a text or language the reader would not give back. */
TB_EXPORT int tb_record_add_comment(tb_record *rec, size_t where, const char *text,
                                    const char *lang);

/** Reads 'text' as movetext and inserts what it holds into 'line' of
 * 'rec' after node 'after' (NULL: at the line's start); comments before
 * its first turn join the comments of 'after' (or the line's leading
 * comments). Sets '*first' (if not NULL) to the first node inserted,
 * or NULL when 'text' held only comments. TB_EFOREIGN when 'line' or
 * 'after' is not in 'rec' (or 'after' not on 'line'); TB_ESYNTAX when
 * the text does not read (or holds a result or a tag); TB_ETREE when
 * the record would pass TB_MAX_TURNS nodes. A move number in 'text' that
 * disagrees with the count there is kept, as the reader keeps one, and
 * the turns after it in 'text' numbered on from it (spec/tgn.md 5.1).
 * A turn put in (or, by tb_node_remove, taken out) moves the count of
 * the turns after it; those whose numbers the record put off the count
 * keep the numbers it gave them (tb_node_written), so putting in a turn
 * the transcriber left out brings the numbers after it back on the
 * count; those on the count stay on it. */
TB_EXPORT int tb_line_insert(tb_record *rec, tb_line *line, tb_node *after,
                             const char *text, tb_node **first);
/** tb_line_insert after the line's last node. */
TB_EXPORT int tb_line_append(tb_record *rec, tb_line *line, const char *text,
                             tb_node **first);
/** Adds a comment after the last of 'line's leading comments (text and
 * language as tb_record_add_comment). */
TB_EXPORT int tb_line_add_comment(tb_record *rec, tb_line *line, const char *text,
                                  const char *lang);
/** Adds a variation to node 'n' (after its others), made of 'text' read
 * as movetext from the number and side of 'n' -- it must hold a node or
 * a comment: a variation is never empty. Sets '*out' (if not NULL) to the new
 * line. TB_ETREE for a variation nested deeper than the parser takes. */
TB_EXPORT int tb_node_add_variation(tb_record *rec, tb_node *n, const char *text,
                                    tb_line **out);
/** Adds NAG 'nag' (0-255, else TB_EINVAL) after the node's others (at
 * most 32, else TB_ETREE). */
TB_EXPORT int tb_node_add_nag(tb_record *rec, tb_node *n, int nag);
/** Adds a comment after the node's others (as tb_record_add_comment).
 * A text holding an author's mark command ("[%cal Ra1a4]", spec/tgn.md
 * 8.7) is TB_EINVAL: written, it would read back as marks; movetext
 * inserted by tb_line_insert reads them. */
TB_EXPORT int tb_node_add_comment(tb_record *rec, tb_node *n, const char *text,
                                  const char *lang);
/** Adds a comment after those of alternative 'i' of reading 'n' (as
 * tb_record_add_comment). */
TB_EXPORT int tb_alt_add_comment(tb_record *rec, tb_node *n, size_t i, const char *text,
                                 const char *lang);
/** Sets the evidence links of node 'n' (spec/tgn.md 8.6) to 'links', as
 * TGN writes them after it: "@0:02:10-0:02:14 @p12#120,340,80,40", a
 * time and a region at most, in any order, blanks between; "" or NULL
 * takes them away. TB_ESYNTAX when a link does not read, or names a
 * page the record's [Facsimile] does not. */
TB_EXPORT int tb_node_set_evidence(tb_record *rec, tb_node *n, const char *links);
/** The same for alternative 'i' of reading 'n', for the i-th comment
 * after node 'n', and for the i-th of the leading comments of 'line'
 * (TB_EINVAL past the last). */
TB_EXPORT int tb_alt_set_evidence(tb_record *rec, tb_node *n, size_t i, const char *links);
TB_EXPORT int tb_node_set_comment_evidence(tb_record *rec, tb_node *n, size_t i,
                                           const char *links);
TB_EXPORT int tb_line_set_comment_evidence(tb_record *rec, tb_line *line, size_t i,
                                           const char *links);
/** Takes node 'n' out of its line, with its NAGs, comments and
 * variations. TB_ETREE when it is a variation's only node (remove the
 * variation: tb_line_remove). */
TB_EXPORT int tb_node_remove(tb_record *rec, tb_node *n);
/** Takes variation 'v' away from its node. TB_EINVAL for the main line. */
TB_EXPORT int tb_line_remove(tb_record *rec, tb_line *v);

/** The position after node 'n' of 'rec' -- on the main line or in a
 * variation, which replaces its node: the line from the start through
 * the variations down to 'n' -- as an engine (NULL 'n': the start),
 * taken from the frame of 'n' in the record's one replay ("One reading
 * of a record"): written, or reconstructed (a '?' the rules decide).
 * Where that frame is open or unknown, the engine holds the last
 * position the rules knew on the way to 'n' and '*at' (if not NULL)
 * says so: 'stopped' 1, 'line', 'col' and 'stop' the first node after
 * it whose position they do not know, 'why' tb_replay_why of it; 'ply'
 * and 'last' are those of the position given, 'decided' 1 when the node
 * that led to it is one the rules decided (its frame RECONSTRUCTED: a
 * '?', '?' point or gap), 'positions' 1 when not stopped (else 0). Returns NULL with '*why'
 * set (the caller frees it) when 'n' is not in 'rec', 'rec' has errors
 * or no rules engine, or no position at all is known on the way (a
 * start that is not complete); NULL with '*why' NULL when memory ran
 * out. The caller frees the engine with tb_engine_free. */
TB_EXPORT tb_engine *tb_node_engine(const tb_record *rec, const tb_node *n, tb_reached *at,
                                    char **why);

/** ## One reading of a record (spec/replay.md)
 *
 * The rules replay a record once -- the replay tb_reader_validate makes,
 * with what it decides of unknown turns, '?' points and gaps -- and
 * leave a frame for every node of the main line and the variations,
 * and for each other alternative of a reading: the position after it,
 * or how much of it the rules know. Every command takes its positions
 * from these frames (show, svg, book, html, grep, diff, the engine API),
 * so a record has one answer everywhere. Frames are in the order the
 * nodes are written (a node before its variations; a reading's other
 * alternatives right after it).
 */
typedef enum tb_frame_status {
	TB_FRAME_WRITTEN = 0,   /* the position after it is known from the turns as
	                           written (and what the rules decided before it) */
	TB_FRAME_RECONSTRUCTED, /* a node that leaves its turn(s) open ('?', a '?'
	                           point, a gap) that only one turn or sequence fits,
	                           given the turns after it and any restated position:
	                           the position after it is known */
	TB_FRAME_OPEN,          /* more than one position is possible after it
	                           (tb_replay_positions says how many); the position
	                           given is the last the rules knew on its line */
	TB_FRAME_UNKNOWN        /* the rules cannot follow the record here
	                           (tb_replay_stop says why); the position given, if
	                           any, is the last they knew */
} tb_frame_status;

/** Why a frame's position is not known (TB_FRAME_OPEN, TB_FRAME_UNKNOWN),
 * or what is wrong with a turn that the rules follow all the same. */
typedef enum tb_frame_stop {
	TB_STOP_NONE = 0,
	TB_STOP_OPEN,         /* several positions fit what the record says */
	TB_STOP_REFUSED,      /* the rules refuse the turn as written (illegal, or
	                         it fits several legal turns); with a position when
	                         a repair explains it and checking goes on */
	TB_STOP_AFTER_END,    /* the game was over before this turn */
	TB_STOP_NO_FIT,       /* nothing fits the open turns here and what follows */
	TB_STOP_LIMIT,        /* the search's limits (tb_search_opts) were reached */
	TB_STOP_GAP,          /* a gap whose length nothing says */
	TB_STOP_POSITION,     /* a restated position that is incomplete or cannot occur */
	TB_STOP_START,        /* the record's start cannot be played */
	TB_STOP_EARLIER,      /* the rules stopped earlier on this line and have not
	                         resumed (no restated position since) */
	TB_STOP_ALTERNATIVE   /* a reading's alternative the rules do not follow
	                         (unknown, a gap, a position) */
} tb_frame_stop;

typedef struct tb_replay tb_replay;

/** Replays 'rec', just read by 'r', as tb_reader_validate does (its
 * diagnostics join the reader's; the reader's search limits apply) and
 * keeps its frames. 'rec' must outlive the result, which the caller
 * frees with tb_replay_free. NULL when 'rec' has errors or no game
 * with rules (tb_reader_validate says why), or when memory ran out. */
TB_EXPORT tb_replay *tb_reader_replay(tb_reader *r, const tb_record *rec);
/** tb_reader_replay with the default limits, its diagnostics dropped. */
TB_EXPORT tb_replay *tb_record_replay(const tb_record *rec);
TB_EXPORT void tb_replay_free(tb_replay *rp);

/** The number of frames; the index of node 'n''s frame (alternative
 * 'alt' of a reading: 0 the one followed, 1... the others), or -1. */
TB_EXPORT size_t tb_replay_count(const tb_replay *rp);
TB_EXPORT long tb_replay_find(const tb_replay *rp, const tb_node *n, unsigned alt);

/** Frame 'i' (< tb_replay_count; -1: the start, before the first node).
 * The node (NULL for the start) and alternative; its tb_frame_status
 * and tb_frame_stop; how deep in variations it is (0 the main line);
 * the turns of its line through it (a gap and a restated position
 * count none); the positions possible after it (1 known, more when
 * OPEN, 0 when the rules cannot say); for a node that leaves its turn
 * open, how many turns (a gap: sequences of turns) fit it; the
 * diagnostic code its stop was reported as, or 0. */
TB_EXPORT tb_node *tb_replay_node(const tb_replay *rp, long i, unsigned *alt);
TB_EXPORT int tb_replay_status(const tb_replay *rp, long i);
TB_EXPORT int tb_replay_stop(const tb_replay *rp, long i);
TB_EXPORT unsigned tb_replay_depth(const tb_replay *rp, long i);
TB_EXPORT long tb_replay_ply(const tb_replay *rp, long i);
TB_EXPORT size_t tb_replay_positions(const tb_replay *rp, long i);
TB_EXPORT unsigned long long tb_replay_fits(const tb_replay *rp, long i);
TB_EXPORT int tb_replay_code(const tb_replay *rp, long i);

/** The position of frame 'i' in position notation: the one after it
 * when known, else the last the rules knew (see tb_frame_status). The
 * caller frees it; NULL when the frame has none, or memory ran out. */
TB_EXPORT char *tb_replay_position(const tb_replay *rp, long i);
/** The same position as an engine (the caller frees it with
 * tb_engine_free); NULL as tb_replay_position. */
TB_EXPORT tb_engine *tb_replay_engine(const tb_replay *rp, long i);

/** tb_record_engine over 'rp', the replay of 'rec' made already
 * (tb_record_replay or tb_reader_replay of the same record, unchanged
 * since), so that a caller that reads the frames too replays the record
 * once; 'rp' NULL: tb_record_engine. 'rp' is only read and stays the
 * caller's. */
TB_EXPORT tb_engine *tb_record_engine_in(const tb_record *rec, const tb_replay *rp, long ply,
                                         tb_reached *at, char **why);
/** What frame 'i' was, as the rules played it: the canonical token of
 * its one turn ("d3" for a '?' the rules decide), or of the turns a
 * decided gap stood for, space-separated; the caller frees it. NULL
 * when no turn is known (a position, an open or unknown frame), or
 * memory ran out. */
TB_EXPORT char *tb_replay_token(const tb_replay *rp, long i);
/** Tells frame 'i' (not the start) to 'fn' as tb_reader_validate tells
 * a turn it plays (all borrowed for the call): its node's number, side
 * and place; the token of the turn(s) the rules played for it when they
 * know them ("d3" for a '?' they decide, a decided gap's turns space-
 * separated), else the node as written ("?", "<gap 2>"); the position
 * of the frame (tb_replay_position; "" when it has none); its events
 * (those certain in every possible line when OPEN); 'over' when its
 * position is known and the game is over there. The caller reads
 * tb_replay_status to tell a written turn from the others. Returns 0;
 * TB_EINVAL for no such frame or 'fn' NULL; TB_ENOMEM (nothing told)
 * when memory ran out. */
TB_EXPORT int tb_replay_report(const tb_replay *rp, long i, tb_turn_fn fn, void *ctx);
/** Why the rules do not know the position after frame 'i' (OPEN or
 * UNKNOWN), in plain English words ("it fits 2 legal turns", "turns are
 * missing here (a gap)", "c3 is occupied" for a turn refused in the
 * position before it); the caller frees it. NULL for a frame whose
 * position is known, no such frame, or when memory ran out. */
TB_EXPORT char *tb_replay_why(const tb_replay *rp, long i);

/** The slips a replay found (spec/reconstruct.md §4), typed: each repair
 * its diagnostic's notes name ("at L:C, KIND: TURNS"), for a program
 * that applies one (tablero lsp's code actions) without reading the
 * notes' words back. ORDER REPAIR: as the kinds' table in the spec. */
typedef enum tb_slip_kind {
	TB_SLIP_SOUND = 1,   /* one point misheard for one that sounds alike */
	TB_SLIP_SAME,        /* one letter or number misheard in every point of a turn */
	TB_SLIP_PART,        /* a capture, removal or pushback not written */
	TB_SLIP_CROWN,       /* a crown marker wrong */
	TB_SLIP_MISSING,     /* a turn left out: put in before 'first' */
	TB_SLIP_TWICE,       /* a turn written twice: 'first', the copy, dropped */
	TB_SLIP_SWAP,        /* two written turns swapped */
	TB_SLIP_SWAP_SIDE,   /* a turn and its side's next one swapped */
	TB_SLIP_POINT        /* one point written for another, unlike in sound */
} tb_slip_kind;

typedef struct tb_slip {
	int kind;             /* tb_slip_kind */
	const tb_node *first; /* the first written node it changes (for a turn
	                         left out, the one it goes before) */
	unsigned written;     /* the written turns it stands for, 'first' and the
	                         next ones of its line: 0 for a turn left out */
	const char *turns;    /* the turns in their place, as tokens separated by
	                         single spaces ("c4-c3xe4", "e4 c4xa1"); "" for a
	                         copy dropped */
	int gone_on;          /* checking went on under it */
} tb_slip;

/** The repairs the replay kept for node 'refused' -- a turn the rules
 * refuse (TB401) or a restated position the written turns before it do
 * not reach (TB409) -- best first, as its notes name them (at most
 * three; none for a slip after an unknown turn or a gap). Fills 'out'
 * (at most 'max'; it may be NULL when 'max' is 0) and returns how many
 * there are. The strings are borrowed from the replay, valid while it
 * lives. */
TB_EXPORT size_t tb_replay_slip_list(const tb_replay *rp, const tb_node *refused, size_t max,
                                     tb_slip *out);
/** Deprecated (0.6.0: its output before 'max', against "outputs
 * last"): tb_replay_slip_list(rp, refused, max, out). Kept so that
 * programs built against 0.6 still link and run. */
TB_EXPORT size_t tb_replay_slips(const tb_replay *rp, const tb_node *refused, tb_slip *out,
                                 size_t max);
/** The words of slip kind 'kind' as the notes write them, without what
 * was misheard ("one point misheard"); NULL for no such kind. Static. */
TB_EXPORT const char *tb_slip_words(int kind);

/** ## Comparing records (spec/compare.md)
 *
 * A record's main line as a sequence of what its turns mean, for
 * comparing two transcriptions of a game (tablero diff) and finding
 * the same game twice in a collection.
 */

/** One node of a record's main line: a turn (a move, a pass, an
 * unknown turn, a reading), a gap or a restated position. Borrowed from
 * its tb_plies. */
typedef struct tb_ply {
	size_t ply;          /* turns from the start to this one, this one
	                        included (a gap the rules decide: through the
	                        turns it stands for; another gap or a position:
	                        before it) */
	unsigned number;     /* the turn number as read; 0 when unknown */
	int side;            /* 0 first side, 1 second, 2 unknown */
	const char *token;   /* what the turn means: the canonical token of the
	                        turn the rules played for it -- a '?' or a '?'
	                        point they decide (spec/replay.md) is that
	                        turn ("d3"); a gap they decide, its turns,
	                        space-separated ("d3 e4"); else as written:
	                        "?", "<gap 2>", "<position \"...\">" */
	const char *written; /* the token as the canonical form writes it */
	const char *notes;   /* its NAGs, comments and variations, as the
	                        canonical form writes them after it; "" */
	const char *events;  /* what it did, by the rules, as tb_turn_report's
	                        events ("tercia a1-a7; removal d5"): those it
	                        did in every line the record may stand for (a
	                        gap the rules decide: those of its turns); "" */
	unsigned line, col;  /* where it is written */
	int known;           /* the rules know the position after it (status
	                        TB_FRAME_WRITTEN or TB_FRAME_RECONSTRUCTED),
	                        and it is not 'refused' */
	int refused;         /* the rules refuse the turn as written: illegal,
	                        fitting several legal turns, or after the game
	                        ended */
	int status;          /* its frame's tb_frame_status: WRITTEN,
	                        RECONSTRUCTED (a '?', '?' point or gap the rules
	                        decide: 'token' is what they decide), OPEN
	                        (several positions possible after it), UNKNOWN
	                        (the rules cannot follow the record here) */
	unsigned maybe;      /* the event kinds the rules cannot tell whether
	                        it did, bit 1 << k for the k-th kind of
	                        tb_turn_event's list (1 tercia ... 12
	                        fortress), bit 0 for all the games' own
	                        kinds together: OPEN, those some of the possible
	                        lines did here and others did not; UNKNOWN or
	                        'refused', every kind its game's rules derive
	                        (what the turns they cannot follow did); else 0 */
	size_t nevents;      /* the events typed, one by one (borrowed from the */
	const tb_turn_event *ev; /* tb_plies); 0 and NULL where 'events' is "" */
	unsigned part, parts; /* one turn of a gap the rules decide, as
	                        tb_plies_turn_at gives it: the part-th (from 1)
	                        of its 'parts' turns ('token' that turn, 'events'
	                        its events, 'ply', 'number' and 'side' its own,
	                        'notes' the gap's on its last turn, else "");
	                        0 and 0 for a node */
} tb_ply;

typedef struct tb_plies tb_plies;

/** The main line of 'rec' (no errors; its game known), as its one
 * reading (tb_record_replay) gives it: what each turn means and the
 * position after it, with what the rules decide of unknown turns, '?'
 * points and gaps; where they cannot follow it (an illegal turn, an
 * open stretch) the position is not known until they can again.
 * 'rec' must outlive the result; the caller frees it with
 * tb_plies_free. Returns NULL for a record with errors or without a
 * known game, and for NULL -- and when memory ran out. */
TB_EXPORT tb_plies *tb_plies_new(const tb_record *rec);
TB_EXPORT void tb_plies_free(tb_plies *p);
/** The number of nodes, and the i-th (i < count). */
TB_EXPORT size_t tb_plies_count(const tb_plies *p);
TB_EXPORT const tb_ply *tb_plies_at(const tb_plies *p, size_t i);
/** The record's comments outside its turns -- before its tags, after
 * each tag, before its first turn, after its result -- in canonical
 * form, one "where: {comment}" per line; "" when none. Borrowed. */
TB_EXPORT const char *tb_plies_comments(const tb_plies *p);

/** An alignment step: '=' a[a] and b[b] mean the same turn, '-' a[a]
 * is only in a, '+' b[b] only in b. */
typedef struct tb_edit {
	char op;
	size_t a, b;
} tb_edit;

/** A shortest edit script turning sequence 'a' (na numbers) into 'b'
 * (nb): Myers' O(ND) algorithm in linear space. Steps in order; the
 * caller frees the array ('*n' their number; NULL when there are none,
 * both sequences empty -- NULL for two sequences not both empty, '*n'
 * 0, when memory ran out). */
TB_EXPORT tb_edit *tb_align(const uint32_t *a, size_t na, const uint32_t *b, size_t nb,
                            size_t *n);

/** How many edits (a number changed, put in or left out) turn sequence
 * 'a' (na numbers) into 'b' (nb): Levenshtein's distance, or 'bound' + 1
 * when it is more than 'bound' (found in O((na + nb) * bound) steps).
 * TB_ENOMEM when memory ran out. */
TB_EXPORT long tb_seq_distance(const uint32_t *a, size_t na, const uint32_t *b, size_t nb,
                               unsigned bound);

/** Aligns the main lines 'a' and 'b' by what their nodes mean (their
 * tokens), never matching two nodes that mean different things: a
 * shortest edit script when they differ in fewer than about 2,000
 * places (past 1,024 differences a bisection settles for the furthest
 * point it reached, so unrelated games are not quadratic; the script
 * stays valid). Among shortest scripts it prefers the one that
 * matches the same turn at the same number by the same side first and
 * then, inside what is left, by meaning alone -- so a substitution
 * faces its counterpart -- when that one is shortest too. Steps in
 * order; the caller frees the array ('*n' their number; NULL when both
 * main lines are empty, or, '*n' 0, when memory ran out). */
TB_EXPORT tb_edit *tb_plies_align(const tb_plies *a, const tb_plies *b, size_t *n);

/** Called for each thing that differs between two positions: 'what' is
 * a point ("d4") or "to move", or a position key ("hand"); 'in_a' and
 * 'in_b' say what each position has there ("R", "SE+", "" for empty).
 * All borrowed for the call. */
typedef void (*tb_position_diff_fn)(void *ctx, const char *what, const char *in_a,
                                    const char *in_b);

/** Compares the position after the first 'na' nodes of 'a' (0: its
 * start) with the one after the first 'nb' of 'b', calling 'fn' for
 * each difference, points in board order first. Returns how many there
 * are, or -1 when either position is not known by the rules, 'na' or
 * 'nb' is past its main line's end, or the records are of different
 * games or boards; TB_ENOMEM when memory ran out (after calls of 'fn',
 * maybe). 'fn' may be NULL: the differences are only counted. */
TB_EXPORT int tb_plies_position_diff(const tb_plies *a, size_t na, const tb_plies *b,
                                     size_t nb, tb_position_diff_fn fn, void *ctx);

/** The main line as turns, for comparing what two records mean turn by
 * turn (tablero diff, spec/compare.md §1): its nodes, in order, but a
 * gap the rules decide (status TB_FRAME_RECONSTRUCTED, after a position
 * they know), which is its turns one by one, each a tb_ply of its own
 * ('part' 1 to 'parts'); so a decided <gap 2> is two turns, as the same
 * turns written out are. The count, and the i-th (i < count; else
 * NULL), borrowed from 'p'. */
TB_EXPORT size_t tb_plies_turn_count(const tb_plies *p);
TB_EXPORT const tb_ply *tb_plies_turn_at(const tb_plies *p, size_t i);
/** Aligns 'a' and 'b' as tb_plies_align does, over their turns
 * (tb_plies_turn_at) instead of their nodes: the steps' indexes are
 * turns'. Steps in order; the caller frees the array ('*n' their
 * number; NULL when both are empty, or, '*n' 0, when memory ran
 * out). */
TB_EXPORT tb_edit *tb_plies_align_turns(const tb_plies *a, const tb_plies *b, size_t *n);
/** Compares the position after the first 'na' turns of 'a'
 * (tb_plies_turn_at; 0: its start) with the one after the first 'nb'
 * of 'b', as tb_plies_position_diff does nodes: the position after a
 * decided gap's turn is the one that turn leaves. Returns how many
 * differences there are (calling 'fn' for each, which may be NULL);
 * TB_EINVAL when either position is not known by the rules, 'na' or
 * 'nb' is past the end, or the records are of different games or
 * boards; TB_ENOMEM when memory ran out. */
TB_EXPORT int tb_plies_turn_position_diff(const tb_plies *a, size_t na, const tb_plies *b,
                                          size_t nb, tb_position_diff_fn fn, void *ctx);

/** The key of the game 'p' records: the same for two records exactly
 * when they have the same game, start and turns up to the board's
 * symmetries (spec/compare.md, "The key of a game"), and a prefix of
 * another's, ending where a node ends, exactly when that record goes on
 * from the same game. Sets '*symmetry' (if not NULL) to the symmetry
 * that gave the key (0: none; two records whose keys are equal but
 * whose symmetries differ are each other's image). The caller frees it
 * ('*len' its length); NULL when memory ran out. */
TB_EXPORT char *tb_plies_key(const tb_plies *p, size_t *len, unsigned *symmetry);
/** The start of the record's game in position notation: as its rules
 * set it up when they can (a [Position] restating the usual start is
 * that start), else its [Position], else the game's usual start.
 * Borrowed from 'p'; NULL when memory ran out. */
TB_EXPORT const char *tb_plies_start(tb_plies *p);
/** The length of a key's head (game and start): a key no longer than
 * its head holds no turn. */
TB_EXPORT size_t tb_plies_key_head(const char *key, size_t len);

/** ## Diff documents (schemas/diff.rng)
 *
 * What tablero diff --xml writes: the caller compares (the functions
 * above) and names the elements and attributes in the order
 * schemas/diff.rng has them; the writer escapes and indents them as the
 * library's other documents (one space a level; text with '"' as
 * &quot;, what XML cannot carry as U+FFFD) and keeps the document
 * well-formed. Its bytes are handed out a piece at a time
 * (tb_diff_xml_take), so that a long document is never held whole. The
 * names given are borrowed until their element ends; text and values
 * are copied. A call after memory ran out does nothing: the next
 * tb_diff_xml_take says so. */
typedef struct tb_diff_xml tb_diff_xml;

/** Starts a document: the XML declaration and <tgndiff> with its
 * namespace and version; its other attributes may follow. The
 * caller's: tb_diff_xml_free. NULL when memory ran out. */
TB_EXPORT tb_diff_xml *tb_diff_xml_new(void);
/** Starts element 'element' inside the one open; attributes follow. */
TB_EXPORT void tb_diff_xml_start(tb_diff_xml *x, const char *element);
/** An attribute of the element just started ('value' any UTF-8 text). */
TB_EXPORT void tb_diff_xml_attr(tb_diff_xml *x, const char *name, const char *value);
/** An attribute whose value is 'value' in decimal. */
TB_EXPORT void tb_diff_xml_uint(tb_diff_xml *x, const char *name, unsigned long long value);
/** <element>text</element>, whole, inside the element open. */
TB_EXPORT void tb_diff_xml_text_element(tb_diff_xml *x, const char *element,
                                        const char *text);
/** Ends the innermost element open ("/>" when it holds nothing). */
TB_EXPORT void tb_diff_xml_end(tb_diff_xml *x);
/** Ends every element still open, and the document. */
TB_EXPORT void tb_diff_xml_finish(tb_diff_xml *x);
/** What was written since the last call ('*len' bytes; "" when
 * nothing was), borrowed until the next call on 'x'; the caller writes
 * it out. NULL when memory ran out: the document is lost. */
TB_EXPORT const char *tb_diff_xml_take(tb_diff_xml *x, size_t *len);
/** Frees 'x' (NULL: nothing), with what was not taken. */
TB_EXPORT void tb_diff_xml_free(tb_diff_xml *x);

/** ## Catalogues (spec/catalog.md)
 *
 * A collection as tables, for a spreadsheet or a database: one row per
 * record -- its tags as Dublin Core terms, its game and rules, what its
 * main line holds and leaves open, its first error, its result -- and
 * one per node of its main line -- the turn the rules played for it,
 * the position after it, its events. The library makes the rows, one
 * record at a time, as text column by column; writing them (CSV, JSON
 * Lines: tablero catalog) is the caller's. The columns are a schema:
 * their names and order stay, and new ones only ever come last.
 */
typedef enum tb_catalog_table {
	TB_CATALOG_RECORDS = 0, /* a row per record */
	TB_CATALOG_TURNS = 1    /* a row per node of a record's main line */
} tb_catalog_table;

typedef enum tb_catalog_type {
	TB_CATALOG_TEXT = 0,  /* UTF-8 text */
	TB_CATALOG_NUMBER = 1 /* a decimal integer, 0 and up */
} tb_catalog_type;

/** The number of columns of 'table' (0 for no table). */
TB_EXPORT size_t tb_catalog_ncolumns(tb_catalog_table table);
/** Column 'i' of 'table': its name ("title"; static) and, in '*type'
 * (if not NULL), its tb_catalog_type; NULL past the last. */
TB_EXPORT const char *tb_catalog_column(tb_catalog_table table, size_t i, int *type);

/** Called with one row of 'table': values[i] is column i's value
 * (borrowed for the call), or NULL where the record says nothing (a
 * tag it lacks or says is unknown, "?"; no error; a position the rules
 * do not know). */
typedef void (*tb_catalog_fn)(void *ctx, tb_catalog_table table, const char *const *values);

/** The rows of 'rec', just read by 'r': record number 'index' (from 1)
 * of the file named 'file' (borrowed for the call; given back as it is,
 * "" for NULL). Replays it with its rules as tb_reader_replay does (its
 * diagnostics join the reader's), then calls 'fn' with each row that
 * 'tables' asks for (bit 1 << TB_CATALOG_RECORDS, 1 <<
 * TB_CATALOG_TURNS): the rows of its main line's nodes in order (none
 * for a record of no known game), then the record's -- whose first error
 * is the first of all the reader's diagnostics of the record. A record
 * with errors has its row all the same, without what a replay tells.
 * Returns 0; TB_EINVAL for 'r', 'rec' or 'fn' NULL; TB_ENOMEM when
 * memory ran out ('fn' may have had some of the record's rows). */
TB_EXPORT int tb_catalog_record(tb_reader *r, const tb_record *rec, const char *file,
                                size_t index, unsigned tables, tb_catalog_fn fn, void *ctx);

/** ## Searching records (spec/compare.md, "tablero grep")
 *
 * A query (tb_grep) is a list of selectors that a record must all
 * match: PCRE2 patterns (Perl syntax, UTF-8, Unicode properties) over
 * its tags, its comments and its movetext, and counts of the events its
 * rules derive on its main line (tb_event_kind). Patterns are compiled
 * once, when added; the whole search of one record -- every selector,
 * text and starting point -- runs on one budget of steps, so that no
 * pattern can hang it (spec/compare.md §4.1). The answer for a record
 * is yes, no, or that it cannot be told: an event's count that depends
 * on turns the rules cannot follow or cannot decide (behind a '?', in
 * an open stretch, past an illegal turn). A tb_grep is one thread's;
 * tb_grep_clone gives another thread its own over the same selectors.
 * What tablero grep prints is the CLI's (cli/search.c); the library
 * gives the facts -- which selector, where, how many steps.
 */
typedef struct tb_grep tb_grep;

/** The kinds of selector, with the argument each takes. */
typedef enum tb_grep_kind {
	TB_GREP_MOVES = 1, /* a pattern over the movetext (tb_record_movetext) */
	TB_GREP_TAG,       /* "NAME~PATTERN": tag NAME's value matches; "NAME=VALUE":
	                      it is VALUE, byte for byte (TB_GREP_ICASE not applied) */
	TB_GREP_COMMENT,   /* a pattern over the text of each comment, anywhere */
	TB_GREP_EVENT      /* "EVENT" (tb_event_name): some turn did it; "EVENT>=N":
	                      some turn did it N times (1 to 16); "EVENT>=N per game",
	                      "<=N per game", "=N per game": the main line's count
	                      (N up to 10,000,000); " per turn" may end a turn's */
} tb_grep_kind;

/** tb_grep_new's flags: patterns ignore case (Unicode case folding). */
#define TB_GREP_ICASE 1u
/** A record's budget of steps unless tb_grep_set_max_steps says, and
 * the most it may say; the most selectors a query holds. */
#define TB_GREP_STEPS 10000000u
#define TB_GREP_MAX_STEPS 1000000000000ull
#define TB_GREP_MAX_SELECTORS 64

/** What tb_grep_record answers. */
typedef enum tb_grep_answer {
	TB_GREP_NO = 0,    /* some selector does not match */
	TB_GREP_YES = 1,   /* every selector matches */
	TB_GREP_UNSURE = 2 /* none says no, but an event selector's answer depends
	                      on what the rules cannot tell (tb_grep_unsure) */
} tb_grep_answer;

/** A query without selectors, with 'flags' (TB_GREP_ICASE or 0) and a
 * budget of TB_GREP_STEPS. The caller frees it with tb_grep_free; NULL
 * when memory ran out. */
TB_EXPORT tb_grep *tb_grep_new(unsigned flags);
/** A query over the selectors of 'g', with a match state, budget and
 * last error of its own, for another thread: 'g' must outlive it and
 * take no more selectors (a clone takes none: TB_EINVAL). The caller
 * frees it with tb_grep_free; NULL for NULL or when memory ran out. */
TB_EXPORT tb_grep *tb_grep_clone(const tb_grep *g);
/** Frees 'g' and what it holds (nothing for NULL); free the clones of
 * a query before it. */
TB_EXPORT void tb_grep_free(tb_grep *g);

/** Adds a selector of kind 'kind' with argument 'arg' (copied).
 * Returns 0; TB_ESYNTAX for a pattern that does not compile (the last
 * error says "bad pattern: WHY (at offset N)", N in the pattern;
 * tb_grep_error_offset where it is in 'arg'); TB_EINVAL for an
 * argument that is not of its kind's form, an event no rules derive,
 * a selector past TB_GREP_MAX_SELECTORS, a NULL 'arg', or a clone 'g';
 * TB_ENOMEM. A selector refused is not added. Sets the last error. */
TB_EXPORT int tb_grep_add(tb_grep *g, tb_grep_kind kind, const char *arg);
/** After tb_grep_add returned TB_ESYNTAX: the byte offset in its 'arg'
 * where the pattern stops compiling (past "NAME~" for a tag); else 0. */
TB_EXPORT size_t tb_grep_error_offset(const tb_grep *g);
/** The number of selectors; the kind of the i-th (0 when 'i' is past
 * them) and, in '*arg' (may be NULL), its argument (borrowed from 'g'). */
TB_EXPORT size_t tb_grep_count(const tb_grep *g);
TB_EXPORT tb_grep_kind tb_grep_selector(const tb_grep *g, size_t i, const char **arg);

/** Sets the budget of steps of each record's search: 1 to
 * TB_GREP_MAX_STEPS (else TB_EINVAL). Returns 0. Sets the last error. */
TB_EXPORT int tb_grep_set_max_steps(tb_grep *g, uint64_t steps);

/** Searches 'rec' (read without errors): returns TB_GREP_YES,
 * TB_GREP_NO or TB_GREP_UNSURE; TB_ELIMIT when it could not be told
 * because the search ran out of its budget (tb_grep_steps is then past
 * it) or PCRE2 refused a match over one of its limits (the last error
 * says which, in PCRE2's words); TB_EINVAL for a record with errors
 * (not searched); TB_ENOMEM (the library's memory, or PCRE2's while
 * matching: then with the selector and PCRE2's words, as TB_ELIMIT). Text selectors are tried in the order
 * added, each stopping at its first match, and the search stops at
 * the first that does not match; the event selectors, which replay
 * the main line (tb_plies_new), come after them all. Sets the last
 * error; what it found is kept until the next call on 'g': */
TB_EXPORT int tb_grep_record(tb_grep *g, const tb_record *rec);
/** The selector (0, 1... in the order added) the last tb_grep_record
 * turned on -- UNSURE: the first event selector that could not be told;
 * a match that failed (TB_ELIMIT, or PCRE2's TB_ENOMEM): the one being
 * matched -- or -1. */
TB_EXPORT long tb_grep_which(const tb_grep *g);
/** The steps the last tb_grep_record took; the budget plus one when it
 * ran out of them. */
TB_EXPORT uint64_t tb_grep_steps(const tb_grep *g);
/** Where text selector 'i' matched in the last tb_grep_record on 'g':
 * its pattern's first match (the leftmost; of a comment selector, in
 * the first comment that has one), bytes '*start' to '*end' of its
 * text -- the movetext (tb_record_movetext), the tag's value, or the
 * comment numbered '*nth' (from 0, in tb_record_comments' order; 0 for
 * the others) -- or, for NAME=VALUE, the whole value. Returns 1, or 0
 * (nothing set) when it did not match or was not tried (the search
 * stops at the first selector that does not match), and for an event
 * selector. Each output may be NULL. */
TB_EXPORT int tb_grep_span(const tb_grep *g, size_t i, size_t *nth, size_t *start,
                           size_t *end);
/** Where event selector 'i' counted in one turn matched in the last
 * tb_grep_record on 'g': the first turn of the main line that did the
 * event as often as asked, where it is written ('*line', '*col'; each
 * may be NULL). Returns 1, or 0 (nothing set) when it did not match,
 * was not tried, counts over the game, or is not an event selector. */
TB_EXPORT int tb_grep_turn(const tb_grep *g, size_t i, unsigned *line, unsigned *col);
/** After TB_GREP_UNSURE: the node of the main line the answer depends
 * on, where it is written ('*line', '*col'), its turn number ('*number',
 * 0 unknown), side ('*side': 0, 1, 2 unknown) and token as the
 * canonical form writes it ('*written', borrowed until the next call
 * on 'g'); each output may be NULL. Returns 1 when the rules stop
 * there (they cannot follow the record, or refuse the turn as
 * written), 0 when an open stretch begins there (several turns fit, and
 * the answer differs between them); -1, nothing set, after another
 * answer. */
TB_EXPORT int tb_grep_unsure(const tb_grep *g, unsigned *line, unsigned *col,
                             unsigned *number, int *side, const char **written);

/** The last error of 'g' ("Errors"): the status of the last
 * tb_grep_add, tb_grep_set_max_steps or tb_grep_record on 'g' that
 * failed -- 0 after a success -- and its message (borrowed until the
 * next call on 'g'). TB_EINVAL for a NULL 'g'. */
TB_EXPORT int tb_grep_errcode(const tb_grep *g);
TB_EXPORT const char *tb_grep_errmsg(const tb_grep *g);

/** ## Collating witnesses (spec/compare.md, "Collating witnesses")
 *
 * Several records of one game -- a tape and a notebook, two informants,
 * a transcription and its correction -- collated into one record that
 * keeps every reading: where the witnesses agree, the turn; where they
 * differ, a reading whose alternatives are followed by the comment that
 * names their witnesses ("{A, C}"); a turn one lacks stands against
 * "omitted", a stretch it lost against its gap. The record follows a
 * base witness; a turn no witness gives but the rules decide is
 * proposed as a reconstructed alternative; each witness can be read
 * back out of it exactly.
 */
typedef struct tb_collate_opts {
	const char *const *sigla; /* the names of the records that are not
	                             collations, in order, 'nsigla' of them; NULL:
	                             the letters A, B, C... not otherwise taken */
	size_t nsigla;
	const char *base;         /* the witness the record follows, or NULL: the
	                             base of a collation given, else the witness
	                             whose line stays legal the longest */
	const tb_search_opts *search; /* the limits of the rules' searches through
	                             what the lines leave open, or NULL: the
	                             defaults (copied) */
} tb_collate_opts;

/** Collates the records rec[0..n-1] (n >= 1; at most 15 witnesses in
 * all), each just read by its own reader r[i], into one record in
 * canonical TGN; the caller frees it, '*len' its length. A record that
 * is a collation (it has a [Collation] tag) gives its witnesses; a
 * record with errors after its tags is collated up to its first error,
 * and a warning on its reader says so (TB603). Returns NULL when the
 * records cannot be collated -- the reasons are error diagnostics of
 * their readers (TB601-TB607) -- or when the options cannot be followed
 * (a --sigla list that does not name the records, a base that is no
 * witness), or there is nothing to collate ('n' 0, 'r' or 'rec' NULL):
 * then '*why' says why (the caller frees it; NULL otherwise). 'len' and
 * 'why' may be NULL. Returns NULL with '*why' NULL and no error
 * diagnostic new when memory ran out (a diagnostic that could not be
 * made spends its reader, as in tb_reader_next: TB_ENOMEM from it
 * after); the records are untouched. */
TB_EXPORT char *tb_collate(tb_reader *const *r, const tb_record *const *rec, size_t n,
                           const tb_collate_opts *o, size_t *len, char **why);

/** Witness 'name' of collation 'rec', just read by 'r', read back out
 * of it: its record in canonical TGN (the caller frees it; '*len' its
 * length). Returns NULL with an error diagnostic of 'r' when 'rec' is
 * no collation (TB604), has no witness of that name (TB605) or one that
 * does not read back exactly; NULL with none new when 'rec' has errors
 * (its reader has said them) or no known game, or 'r', 'rec' or 'name'
 * is NULL -- and when memory ran out (a diagnostic that could not be
 * made spends 'r', as in tb_reader_next: TB_ENOMEM from it after). */
TB_EXPORT char *tb_collation_witness(tb_reader *r, const tb_record *rec, const char *name,
                                     size_t *len);

/** ## XML (spec/xml.md; the schema is schemas/tgn.rng)
 *
 * Records as XML and back. Writing streams one record at a time,
 * written directly (in the bytes libxml2's writer wrote before);
 * reading streams too, with libxml2, validating the document against
 * the schema as it goes.
 */
enum {
	TB_XML_SOURCEPOS = 1,  /* where each node was in the TGN source */
	TB_XML_POSITIONS = 2   /* the position and events after each turn played */
};

/** ### Text XML cannot carry
 *
 * XML 1.0 carries tab, line feed, carriage return and every character
 * from U+0020 on but the surrogates, U+FFFE and U+FFFF. TGN lets U+FFFE
 * and U+FFFF through, so a record may hold text XML cannot carry. Every
 * XML writer of tablero (tb_xml_write_record, tb_svg_record, tablero
 * diff --xml) asks tb_xml_unfit, and refuses such a record whole rather
 * than alter its text (TB504) -- and one with a text longer, escaped,
 * than the 9,000,000 bytes an XML reader takes in one piece (libxml2
 * reads 10,000,000). A file's name, which is not the record's text and
 * may be any bytes, is written with U+FFFD in place of what XML cannot
 * carry (tb_xml_fit_name). spec/xml.md says why.
 */

/** The byte offset of the first character of the 'len' bytes at 's'
 * that XML 1.0 cannot carry (a byte that is not UTF-8, a control
 * character other than tab, LF and CR, a surrogate, U+FFFE, U+FFFF),
 * or 'len' when it can carry them all. */
TB_EXPORT size_t tb_xml_unfit(const char *s, size_t len);

/** 'name' (any bytes, NUL-terminated) with each byte tb_xml_unfit
 * refuses replaced by U+FFFD. The caller frees it; NULL when memory ran
 * out. */
TB_EXPORT char *tb_xml_fit_name(const char *name);

/** Refuses 'rec', just read by 'r' (before its next record), for an XML
 * writer when a tag value or comment of it holds a character XML cannot
 * carry, or is too long for an XML reader to take: adds error TB504 at
 * the first such character (or the text) to the reader's diagnostics,
 * its message ending in 'consequence' ("the record is left out of the
 * XML"), and returns 1. Returns 0 when XML can carry all of the record. */
TB_EXPORT int tb_reader_xml_refuse(tb_reader *r, const tb_record *rec,
                                   const char *consequence);

typedef struct tb_xml_writer tb_xml_writer;

/** Starts a document (<tgn>) on 'out', which stays the caller's (it
 * must outlive the writer, and is not closed). 'flags': TB_XML_*.
 * NULL only when memory ran out: a failed write is reported by the
 * calls after it. The caller's: tb_xml_writer_end ends and frees it. */
TB_EXPORT tb_xml_writer *tb_xml_writer_new(FILE *out, int flags);

/** Writes 'rec', just read by 'r', as a <record>. Under
 * TB_XML_POSITIONS the record is first replayed by its rules
 * (tb_reader_validate: its diagnostics join the reader's). Returns 0,
 * TB_EINVAL for a record with errors or one holding text XML cannot
 * carry (tb_reader_xml_refuse: TB504 joins the reader's diagnostics;
 * nothing of it is written), TB_EIO when writing failed, or TB_ENOMEM
 * when memory ran out: nothing of the record is written then, and the
 * writer goes on as before it (TB_XML_POSITIONS too, which replays the
 * record). */
TB_EXPORT int tb_xml_write_record(tb_xml_writer *w, tb_reader *r, const tb_record *rec);

/** Ends the document, flushes and frees 'w'. Returns 0, TB_EIO when
 * some write failed, or TB_ENOMEM when memory ran out ending it (the
 * records before are flushed; the document is then not closed). */
TB_EXPORT int tb_xml_writer_end(tb_xml_writer *w);

/** The bytes tb_xml_write_record would add to a document of 'flags'
 * for 'rec', just read by 'r' -- the same, byte for byte, whatever came
 * before it -- as a new string (the caller's: free), its length in
 * '*len'; for another thread to make while one writes the document
 * (tb_xml_writer_put). NULL with '*status' TB_EINVAL, TB_EIO or
 * TB_ENOMEM as tb_xml_write_record would return them (its diagnostics
 * join the reader's), else '*status' is 0. */
TB_EXPORT char *tb_xml_record_text(tb_reader *r, const tb_record *rec, int flags,
                                   size_t *len, int *status);

/** The same bytes as tb_xml_record_text, appended to the caller's
 * buffer instead of made into a new string: for a thread that gathers
 * many records' XML in one buffer, kept from record to record (tablero
 * xml -j N), with no allocation a record once it is large enough.
 * '*buf' is NULL (with '*cap' 0) or memory from malloc, of '*cap' bytes,
 * the first '*len' in use; it stays the caller's (to free()), and is
 * grown with realloc as the record needs (then '*buf' and '*cap' are
 * updated, and a NUL follows the bytes in use). Returns 0, with '*len'
 * grown by the record's length; or, as tb_xml_record_text's '*status',
 * TB_EINVAL (also for a NULL 'buf', 'len' or 'cap', '*len' past '*cap', or a NULL
 * '*buf' with a '*cap'), TB_EIO or TB_ENOMEM -- and then '*len' is as it
 * was (nothing of the record stays; the bytes past it are undefined),
 * '*buf' still the caller's. */
TB_EXPORT int tb_xml_record_append(tb_reader *r, const tb_record *rec, int flags, char **buf,
                                   size_t *len, size_t *cap);

/** Writes into 'w' the 'len' bytes of a record that tb_xml_record_text
 * made with w's flags (borrowed). Returns 0, TB_EIO when writing
 * failed, or TB_ENOMEM (nothing of it written; 'w' goes on). */
TB_EXPORT int tb_xml_writer_put(tb_xml_writer *w, const char *text, size_t len);

/** The writer's last error ("Errors"): the status code that the last
 * tb_xml_write_record or tb_xml_writer_put on 'w' returned, and its
 * message (borrowed, valid until the next call on 'w'; "" after a
 * success). TB_EINVAL for a NULL 'w'. */
TB_EXPORT int tb_xml_writer_errcode(const tb_xml_writer *w);
TB_EXPORT const char *tb_xml_writer_errmsg(const tb_xml_writer *w);

typedef struct tb_xml_reader tb_xml_reader;

/** A reader of tablero XML from 'f' (the caller's; it must outlive the
 * reader) or from the 'len' bytes at 'buf' (kept alive by the caller);
 * 'name' (copied) is used in diagnostics. No network access, no DTD, no
 * entity is loaded or expanded. The caller frees it with
 * tb_xml_reader_free; NULL when memory ran out. */
TB_EXPORT tb_xml_reader *tb_xml_reader_new_file(FILE *f, const char *name);
TB_EXPORT tb_xml_reader *tb_xml_reader_new_mem(const char *buf, size_t len,
                                               const char *name);

/** Reads the next record and returns 1 with '*tgn' set to its canonical
 * TGN (the caller frees it; '*len' its length), 0 at the end of a valid
 * document, or -1 when the document is refused: not well-formed, not
 * valid against the schema, over a limit, or holding a record TGN does
 * not accept. The diagnostics (tb_xml_reader_diag) say where and why;
 * after -1 no further record is read. TB_ENOMEM when the library ran
 * out of memory (libxml2 running out is -1, with its message, as it
 * cannot be told from a limit): no further record is read either, and
 * the diagnostics may be incomplete. A caller that must not write half
 * a conversion keeps what it got until 0. */
TB_EXPORT int tb_xml_reader_next(tb_xml_reader *x, char **tgn, size_t *len);

/** The diagnostics of the last tb_xml_reader_next call. Borrowed; valid
 * until the next call or tb_xml_reader_free. Their 'source' is "" (the
 * reader does not keep the XML's lines). */
TB_EXPORT size_t tb_xml_reader_ndiags(const tb_xml_reader *x);
TB_EXPORT const tb_diag *tb_xml_reader_diag(const tb_xml_reader *x, size_t i);

TB_EXPORT void tb_xml_reader_free(tb_xml_reader *x);

/** The XML reader's last error ("Errors"): the status code of the last
 * tb_xml_reader_next on 'x' -- TB_ESYNTAX where it returned -1 (a
 * refused document; -1 is kept for the callers of 0.6), with the first
 * error diagnostic's message; TB_ENOMEM; 0 and "" when it returned 0
 * or 1. Borrowed, valid until the next call on 'x'. TB_EINVAL for a
 * NULL 'x'. */
TB_EXPORT int tb_xml_reader_errcode(const tb_xml_reader *x);
TB_EXPORT const char *tb_xml_reader_errmsg(const tb_xml_reader *x);

/** ## TEI P5 (spec/tei.md)
 *
 * Records and collations as TEI P5 documents, valid under TEI's
 * tei_all schema, and back: a teiHeader from the tags, the movetext as
 * typed, numbered segments. */

/** What tb_tei_record_text writes besides the record. */
enum {
	TB_TEI_POSITIONS = 1  /* the position after each turn the rules know it of, as
	                         <note type="position"> (the record is replayed:
	                         tb_reader_replay, its diagnostics join the reader's) */
};

/** The <TEI> element of 'rec', just read by 'r', as 'flags' (TB_TEI_*)
 * say, as a new string (the caller's: free), its length in '*len'. The
 * same bytes wherever it then stands (tb_tei_document). NULL with
 * '*status' TB_EINVAL for a NULL 'r' or 'rec', a record with errors or
 * no known game, or one holding text XML cannot carry (TB504 joins r's
 * diagnostics), or TB_ENOMEM; else '*status' is 0. */
TB_EXPORT char *tb_tei_record_text(tb_reader *r, const tb_record *rec, int flags,
                                   size_t *len, int *status);
/** tb_tei_record_text for the record that is to stand 'k'th (from 0) in
 * a document of several (tb_tei_document): the ids of its evidence
 * links' <when>s and <zone>s then begin "gK." (K = k + 1, from 2; the
 * first record's none), so that no two records of one teiCorpus share
 * an id (spec/tei.md §7). tb_tei_record_text is this with 'k' 0. Same
 * ownership and results. */
TB_EXPORT char *tb_tei_record_text_at(tb_reader *r, const tb_record *rec, int flags, size_t k,
                                      size_t *len, int *status);

/** A TEI document of the 'n' <TEI> elements 'records' (lengths 'lens',
 * borrowed) that tb_tei_record_text made: the element itself when 'n'
 * is 1, else a <teiCorpus> of them under a header titled 'title' (NULL
 * or "": "N records"). A new string (the caller's: free), its length in
 * '*len'; NULL when 'n' is 0 or memory ran out. */
TB_EXPORT char *tb_tei_document(char *const *records, const size_t *lens, size_t n,
                                const char *title, size_t *len);

/** Where tb_tei_to_tgn found a document it cannot read. */
typedef struct tb_tei_error {
	unsigned line, col;   /* in the document, from 1 (col 1 when unknown) */
	char message[256];
} tb_tei_error;

/** Reads a TEI document that tb_tei_document wrote ('len' bytes at
 * 'buf') back to TGN: its records' text, one after the other, as a new
 * string (the caller's: free) that tb_reader reads to the records
 * written. With 'lines' not NULL, '*lines' is a new array (the
 * caller's: free) giving for each line of that text, from the first,
 * the line of the document it was made from (for the TGN reader's
 * diagnostics). No network, no DTD, no entity loaded or expanded. NULL
 * with '*status' TB_ESYNTAX and 'err' filled when the document is not
 * well-formed or not one tablero tei writes; TB_ENOMEM; TB_EINVAL for
 * a NULL argument but 'lines'. */
TB_EXPORT char *tb_tei_to_tgn(const char *buf, size_t len, size_t *out_len,
                              unsigned **lines, tb_tei_error *err, int *status);

/** ## Languages (spec/book.md, "Languages")
 *
 * The words diagrams and books print -- labels, side names, results,
 * "after ..." -- one table per language (English, Spanish, Arabic; a
 * language is one table in lib/), looked up by key: "side.asalto.0",
 * "label.site", "caption.after". A text may hold "{1}" ... "{9}".
 */
/** The language of BCP 47 tag 'tag' ("es", "es-MX", "ar"), by its
 * primary subtag; NULL when no table has it. Static. */
TB_EXPORT const tb_lang *tb_lang_find(const char *tag);
/** The i-th language, or NULL past the last. Static. */
TB_EXPORT const tb_lang *tb_lang_at(size_t i);
/** Its code ("es"); static. */
TB_EXPORT const char *tb_lang_code(const tb_lang *l);
/** 1 when it is written right to left. */
TB_EXPORT int tb_lang_rtl(const tb_lang *l);
/** The text of 'key' in 'l' (NULL: English), or English's when 'l'
 * lacks it, or NULL for a key no table has. Static. */
TB_EXPORT const char *tb_lang_text(const tb_lang *l, const char *key);
/** The text of 'key' for the number 'n': "KEY.<form>" where <form> is
 * n's plural category in 'l' (CLDR's: "zero", "one", "two", "few",
 * "many", "other"), else "KEY.other", else "KEY", in 'l' and then in
 * English; NULL when no table has any. Static. */
TB_EXPORT const char *tb_lang_text_n(const tb_lang *l, const char *key, long n);
/** The text of 'key' with "{1}"... replaced by args[0]...; the caller
 * frees it. NULL for an unknown key, or when memory ran out. */
TB_EXPORT char *tb_lang_format(const tb_lang *l, const char *key, const char *const *args,
                               size_t nargs);
/** The language of 'rec': its [Language] when a table has it, else
 * English. Static. */
TB_EXPORT const tb_lang *tb_record_lang(const tb_record *rec);

/** ## Diagrams (spec/svg.md)
 *
 * Positions as standalone SVG 1.1 documents, for print: the board drawn
 * from the rules engine's geometry, the pieces, what the last turn did,
 * coordinates and a caption in the record's language.
 */
enum {
	TB_CAPTION_FULL = 0,  /* the game, the players, the turn both ways, the result, tags */
	TB_CAPTION_SHORT = 1, /* "Diagrama 3. Tras 23. c3-c4xe5" (and the result at the end) */
	TB_CAPTION_NONE = 2
};

typedef struct tb_svg_opts {
	double size_mm;          /* a diagram's width in millimetres (0: 60) */
	int grayscale;           /* every distinction without colour */
	int no_coords;           /* no coordinates in the margin */
	const char *const *tags; /* tags to show in a full caption, NULL-ended, or NULL */
	const char *sheet;       /* "a4" or "letter": the diagrams laid out on pages */
	const tb_lang *lang;     /* the captions' language; NULL: the record's */
	int caption;             /* TB_CAPTION_* */
	int text_only;           /* instead of each document's SVG, its captions as
	                            plain text: each paragraph a line */
} tb_svg_opts;

/** Called with each document: the ply it shows (its first, for a sheet)
 * and the SVG text, borrowed for the call. */
typedef void (*tb_svg_fn)(void *ctx, long ply, const char *svg, size_t len);

/** Draws the positions of 'rec' (no errors, a game with rules) after
 * each ply in 'plies' (n of them, in any order; -1: the last; 0: the
 * start), on its main line, replayed by its rules. Calls 'fn' once per
 * diagram, or once per page under 'sheet'. Returns how many documents
 * were made, with '*why' set (the caller frees it) when some plies
 * could not be drawn (after an illegal turn, or a turn nobody knows, a
 * '?' point or a gap that nothing fits) and were left out; a ply after
 * one the rules decide is drawn, its caption marking the turn found; a
 * ply in an open stretch (more than one turn fits: spec/replay.md) is
 * drawn at the last position known, its caption saying so. Or TB_EINVAL
 * with '*why' set, nothing
 * drawn, when a ply is past the end, when the record has errors or its
 * game no rules engine, when its rules' options or its start cannot be
 * played (a [Position] that cannot occur), when it holds text XML cannot
 * carry (tb_reader_xml_refuse says where, as TB504), and when 'rec' or
 * 'fn' is NULL or 'plies' is NULL with 'n' not 0; or TB_ENOMEM, '*why'
 * NULL, when memory ran out ('fn' may have had the documents before).
 * 'o' may be NULL: the defaults, as a zeroed tb_svg_opts. */
TB_EXPORT int tb_svg_record(const tb_record *rec, const long *plies, size_t n,
                            const tb_svg_opts *o, tb_svg_fn fn, void *ctx, char **why);

/** Draws 'position' (position notation; NULL: the start) of game 'g'
 * under 'rules' ('o' NULL: the defaults). Returns the SVG text (the
 * caller frees it; '*len' its length), or NULL with '*why' set (the
 * caller frees it), as when 'g' is NULL; NULL with '*why' NULL when
 * memory ran out. */
TB_EXPORT char *tb_svg_position(const tb_game *g, const char *rules, const char *position,
                                const tb_svg_opts *o, size_t *len, char **why);

/** ## Books (spec/book.md)
 *
 * Records as printed pages, each an SVG 1.1 document in millimetres: a
 * title block, the movetext set as text with its comments, variations,
 * readings and gaps, numbered diagrams referred to from the text, a
 * running head and page numbers; several records make one document with
 * a contents page. Turning the pages into a PDF is the caller's.
 */

/** The NAG by which a record asks for a diagram after a turn ($220, as
 * ChessBase uses it in PGN; spec/tgn.md, "Annotations"). */
#define TB_NAG_DIAGRAM 220

typedef struct tb_book_opts {
	const char *paper;       /* "a4" (NULL) or "letter" */
	const tb_lang *lang;     /* NULL: each record in its [Language] */
	int grayscale;
	double size_mm;          /* a diagram's width (0: 60; at most half the text's) */
	long every;              /* a diagram every 'every' turns as well (0: none) */
	int times;               /* each turn's time in the recording in the margin,
	                            the turn starting a paragraph (spec/book.md §1) */
} tb_book_opts;

typedef struct tb_book tb_book;

/** A document to add records to ('o' copied; NULL: the defaults). Owned
 * by the caller: tb_book_free. */
TB_EXPORT tb_book *tb_book_new(const tb_book_opts *o);

/** Sets 'rec' (no errors; its game has rules) on new pages, with a
 * diagram where it asks for one ($220 on its main line), at its start
 * when it starts from a position, where it restates one, every
 * o->every turns, after each of 'plies' (n of them; -1: the last) and at
 * its end. Returns 0 -- also where the record leaves turns open that the
 * rules decide (diagrams marked) or that several turns fit (diagrams of
 * the last position known, noted: spec/replay.md); 1 when the rules
 * cannot follow the record somewhere (an illegal turn, or nothing fits:
 * the book says where, and leaves out the diagrams they cannot reach),
 * '*why' naming the turn where the rules stopped; TB_EINVAL when
 * nothing was set: 'rec' NULL or with errors, its game without rules, a
 * ply past the end, options or a start the rules cannot play, text XML
 * cannot carry (TB504): '*why' says why. The caller frees '*why'. 'rec'
 * may be freed once added: the book keeps what it needs. TB_ENOMEM
 * ('*why' NULL) when memory ran out: the book is then spent -- every
 * later tb_book_add and tb_book_pages says TB_ENOMEM -- but freeable. */
TB_EXPORT int tb_book_add(tb_book *b, const tb_record *rec, const long *plies, size_t n,
                          char **why);

/** Called with each page: its number from 1 and its SVG text,
 * borrowed for the call. */
typedef void (*tb_book_page_fn)(void *ctx, long page, const char *svg, size_t len);

/** Finishes the document -- a contents page first when it holds more
 * than one record -- and calls 'fn' with each page in order. Returns
 * the number of pages; TB_ENOMEM when memory ran out ('fn' may have had
 * the pages before). Call it once. */
TB_EXPORT long tb_book_pages(tb_book *b, tb_book_page_fn fn, void *ctx);

/** Called with each diagram of the document, after tb_book_pages: its
 * record (from 1), number, page, the turns before it, its caption as
 * plain text and why it is there ("marked $220", "the end", ...). */
typedef void (*tb_book_figure_fn)(void *ctx, long record, long number, long page, long ply,
                                  const char *caption, const char *why);
TB_EXPORT void tb_book_figures(const tb_book *b, tb_book_figure_fn fn, void *ctx);

TB_EXPORT void tb_book_free(tb_book *b);

/** The book's last error ("Errors"): the status code of the last
 * tb_book_add or tb_book_pages on 'b' -- 0 when it succeeded -- and its
 * message: what '*why' said, "" after a success, or the note of a
 * tb_book_add that returned 1 (errcode 0). Borrowed, valid until the
 * next call on 'b'. TB_EINVAL for a NULL 'b'. */
TB_EXPORT int tb_book_errcode(const tb_book *b);
TB_EXPORT const char *tb_book_errmsg(const tb_book *b);

/** ## Web pages (spec/html.md)
 *
 * Records as one self-contained HTML5 page that replays them: the board
 * of the diagrams, inline, stepped through by buttons, keys and links;
 * every position computed here when the page is written (the page's
 * script only shows them); the movetext with its comments, variations
 * and readings, the tags, the result and how the game ended. Records
 * are added one by one; a page of several has a list to choose from.
 */
typedef struct tb_html_opts {
	const tb_lang *lang;     /* the page's words; NULL: each record's [Language] */
	int grayscale;           /* the diagrams' grayscale style */
	int list;                /* instead of the page, its positions as text:
	                            a line each (tablero html --list) */
} tb_html_opts;

typedef struct tb_html tb_html;

/** A page to add records to ('o' copied; NULL: the defaults). Owned by
 * the caller: tb_html_free. */
TB_EXPORT tb_html *tb_html_new(const tb_html_opts *o);
/** Adds 'rec' (borrowed for the call; it may have errors). A record with
 * errors, or of a game without rules, is shown without a board, its
 * tags and 'problems' (text: the reader's diagnostics, or NULL) said
 * instead. Returns 0 (a turn the rules decide is shown marked; an open
 * stretch, the last position known with how many turns fit); 1 when the
 * page of it is written but the rules do not follow the whole main line
 * (it replays up to where they stop, and says why there), or the record
 * cannot be replayed: '*why' (the
 * caller frees it) says so. TB_ENOMEM ('*why' NULL) when memory ran
 * out: the page is then spent -- every later tb_html_add says TB_ENOMEM
 * and tb_html_page NULL -- but freeable. */
TB_EXPORT int tb_html_add(tb_html *h, const tb_record *rec, const char *problems, char **why);
/** The page of every record added: the caller frees it; '*len' (if not
 * NULL) its length. NULL when memory ran out (now or adding a record). */
TB_EXPORT char *tb_html_page(tb_html *h, size_t *len);
TB_EXPORT void tb_html_free(tb_html *h);

/** The page's last error ("Errors"): the status code of the last
 * tb_html_add or tb_html_page on 'h' -- 0 when it succeeded -- and its
 * message: what '*why' said, "" after a success, or the note of a
 * tb_html_add that returned 1 (errcode 0). Borrowed, valid until the
 * next call on 'h'. TB_EINVAL for a NULL 'h'. */
TB_EXPORT int tb_html_errcode(const tb_html *h);
TB_EXPORT const char *tb_html_errmsg(const tb_html *h);

/** ## An index of a collection (spec/collection.md)
 *
 * An SQLite database (Debian's libsqlite3) of the records of many files:
 * their tags, place and status, every position their one reading
 * (tb_replay) reaches on the main line and the variations -- keyed
 * exactly and up to the board's symmetries --, the events of each turn
 * and the comments' words (FTS5). Its schema is documented for others to
 * query with sqlite3 (spec/collection.md §2) and versioned (PRAGMA
 * user_version, TB_INDEX_SCHEMA). Every value searched for reaches
 * SQLite as a bound parameter, never as SQL text. An index is used by
 * one thread at a time.
 */
typedef struct tb_index tb_index;
#define TB_INDEX_SCHEMA 5 /* PRAGMA user_version of the indexes this tablero writes */
/* tb_index_open's flags */
#define TB_INDEX_WRITE 1u   /* create it if missing, and add files (else read-only) */
#define TB_INDEX_REBUILD 2u /* with WRITE: an index of another schema is emptied and
                               made anew (without it, refused) */

/** Opens the index at 'path' (NULL: a new one in memory, which is
 * writable and gone at tb_index_close) into '*out', which the caller
 * closes with tb_index_close. Read-only unless TB_INDEX_WRITE. A writer
 * waits up to 'busy_ms' milliseconds for another one to finish. Returns
 * 0; TB_EIO with '*why' (the caller frees it) saying which: it cannot
 * be opened, it is no SQLite database or a corrupt one, it is another
 * program's database, it was made by another tablero (an older one: the
 * command that rebuilds it), it is locked; TB_ENOMEM. */
TB_EXPORT int tb_index_open(tb_index **out, const char *path, unsigned flags, int busy_ms,
                            char **why);
TB_EXPORT void tb_index_close(tb_index *ix);
/** The index's last error ("Errors"): tb_index_add, tb_index_find,
 * tb_index_tree. Borrowed until the next call on 'ix'. tb_index_errat
 * is the byte offset in the text searched for (a position, a pattern)
 * where a TB_ESYNTAX was found. */
TB_EXPORT int tb_index_errcode(const tb_index *ix);
TB_EXPORT const char *tb_index_errmsg(const tb_index *ix);
TB_EXPORT size_t tb_index_errat(const tb_index *ix);
/** Which criterion of the query a TB_ESYNTAX is about (the text that
 * tb_index_errat counts in), or 0. */
typedef enum tb_find_field {
	TB_FIND_POSITION = 1,
	TB_FIND_PATTERN,
	TB_FIND_EVENT,
	TB_FIND_TEXT
} tb_find_field;
TB_EXPORT int tb_index_errfield(const tb_index *ix);

/** Indexes the 'len' bytes at 'buf' (borrowed for the call), the file
 * 'name' last changed at 'mtime' (seconds): when the index holds 'name'
 * with the same size and mtime, or the same content, nothing is done
 * (returns 0); else its records replace the ones it had, in one
 * transaction (returns 1), '*nrecords' (if not NULL) set to how many.
 * TB_EIO (the database; errmsg says why, the index as it was),
 * TB_ENOTTEXT (no UTF-8 text: nothing indexed), TB_ENOMEM, TB_EINVAL
 * (read-only). */
TB_EXPORT int tb_index_add(tb_index *ix, const char *name, const char *buf, size_t len,
                           long long mtime, size_t *nrecords);

/** What tb_index_find looks for: every field given must hold (NULL,
 * -1: any). The position criteria -- position, pattern, material,
 * event -- must hold at one frame; the others of the record. */
typedef struct tb_find_query {
	const char *game;       /* a game's name */
	const char *position;   /* position notation (its turn number is not compared) */
	const char *pattern;    /* "R R:a1,d1 Y:a7 -:d4" (spec/collection.md §4.1) */
	int symmetric;          /* the position or pattern up to the board's symmetries */
	int material[2];        /* pieces on the board of each side, or -1 */
	const char *event;      /* an event's name (tb_event_name) */
	const char *const *tags;/* 'ntags' of "Name=value": the record has that tag so */
	size_t ntags;
	const char *text;       /* words that a comment of the record holds (FTS5's
	                           words: all of them, in any order) */
} tb_find_query;

/** A record found; all borrowed for the call. 'ply' -1 and the turn
 * fields 0/NULL when the query has no position criteria. */
typedef struct tb_find_hit {
	const char *file;
	size_t offset, size;  /* its bytes in the file as indexed */
	unsigned line;        /* the line it starts on */
	long number;          /* the record's place in its file, from 1 */
	const char *game;
	long ply;             /* turns of its line through the first frame that
	                         matched (0: the start) */
	unsigned turn;        /* that turn's number and side (0 and -1: the start) */
	int side;
	unsigned depth;       /* 0 on the main line */
	const char *token;    /* the turn that reached the position, or NULL */
	const char *position; /* the position there, notation without its number */
} tb_find_hit;
typedef int (*tb_find_fn)(void *ctx, const tb_find_hit *h);

/** Calls 'fn' for each record that 'q' finds, by file and place; a
 * non-zero return stops it. Returns the number of records told;
 * TB_ESYNTAX (a position, pattern or event that does not read:
 * tb_index_errmsg and tb_index_errat), TB_EIO (the database), TB_ENOMEM. */
TB_EXPORT long tb_index_find(tb_index *ix, const tb_find_query *q, tb_find_fn fn, void *ctx);

/** What tb_index_tree tells: the turns played at a position. */
typedef struct tb_tree_query {
	const char *game;       /* a game's name: needed for the start when the index
	                           holds several games */
	const char *position;   /* NULL: each record's start */
	const char *by;         /* a tag's name to group by ("Site"), or NULL */
} tb_tree_query;

typedef struct tb_tree_row {
	const char *group;      /* the value of the 'by' tag ("" when the record has
	                           none), or NULL without 'by' */
	const char *token;      /* the turn, as the rules played it */
	long games;             /* records whose main line played it there */
	long results[4];        /* of them: first side won, second won, drawn, other */
	const char *const *sites; /* their Sites, distinct, in the order of their
	                             records ("?" left out), 'nsites' of them */
	size_t nsites;
	const char *const *informants; /* and their Informants, likewise */
	size_t ninformants;
	int year_min, year_max; /* 0 when no Date gives one */
} tb_tree_row;
typedef int (*tb_tree_fn)(void *ctx, const tb_tree_row *r);

/** Calls 'fn' for each turn played at the position (main lines), in
 * groups, most played first ('by': a group per value of that tag; a
 * record with it twice counts under the first). The row and what it
 * points at are borrowed for the call of 'fn'. Returns the number of rows; as
 * tb_index_find's errors, and TB_EINVAL for no game at the start of an
 * index of several. */
TB_EXPORT long tb_index_tree(tb_index *ix, const tb_tree_query *q, tb_tree_fn fn, void *ctx);

#ifdef __cplusplus
}
#endif
#endif /* TABLERO_H */
