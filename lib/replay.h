/*
 * replay.h -- one reading of a record: a frame for every node
 * (internal; tablero.h "One reading of a record" is the public face,
 * spec/replay.md the contract).
 *
 * The rules replay a record once (validate.c's replay, with its open
 * stretches and what the rules decide of them) and leave here, for
 * every node of the main line and the variations -- and for each other
 * alternative of a reading -- one frame: the position after it, or what
 * is left of it. Every reader of positions (the walk of the diagrams,
 * show, the engine API, compare, grep, Python) takes them from here, so
 * a record has one answer everywhere.
 */
#ifndef TB_REPLAY_H
#define TB_REPLAY_H

#include "rules.h"

/* tb_frame_status (tablero.h): TB_FRAME_WRITTEN, _RECONSTRUCTED, _OPEN,
 * _UNKNOWN; tb_frame_stop: why the rules do not know a position. */

typedef struct tb_frame {
	const tb_node *node;
	unsigned alt;           /* 0: the node as followed; i: its reading's alternative i */
	unsigned depth;         /* 0 the main line, 1 inside a variation of it... */
	uint8_t status;         /* tb_frame_status */
	uint8_t open;           /* the node leaves its turn(s) to the rules: '?', a '?'
	                           point, a gap */
	uint8_t played;         /* 'turn' is the one turn the node was (status WRITTEN or
	                           RECONSTRUCTED, a one-turn node) */
	uint8_t has_st;         /* 'st' holds a position: the one after the node (WRITTEN,
	                           RECONSTRUCTED), else the last the rules knew on its line */
	uint8_t stop;           /* tb_frame_stop: OPEN and UNKNOWN say why */
	uint8_t refused;        /* the rules refuse the turn as written (an error) */
	uint8_t done;           /* (the replay's own: the frame is filled) */
	uint16_t code;          /* the diagnostic the stop was reported as (TB4xx), or 0 */
	tb_state st;
	tb_turn turn;
	long ply;               /* turns of its line from the start through this node
	                           (a gap counts the turns it stands for when the rules
	                           know them; -1 when they do not) */
	unsigned long long fits;  /* an open node: how many turns (a gap: sequences) fit */
	size_t npositions;      /* the positions the game may be in after it: 1 when
	                           known, 0 when the rules cannot say */
	size_t ev, nev;         /* its events (tb_replay_events), certain in every line */
	uint32_t ev_maybe;      /* event kinds (tb_event_bit) some possible lines have
	                           and others have not (OPEN) */
	size_t seq, nseq;       /* a gap the rules decide: its turns (tb_replay_turns) */
} tb_frame;

typedef struct tb_replay tb_replay;

/* ---- filled by the replay (validate_frames.c) ---- */

/* A new frame for node 'n' (alternative 'alt') at 'depth', status
 * UNKNOWN and no position; its index, or -1 when memory ran out. A node
 * has one frame: asked again, the same index. */
long tb_replay_slot(tb_replay *rp, const tb_node *n, unsigned alt, unsigned depth);
tb_frame *tb_replay_at(tb_replay *rp, long i);
/* Adds events (of the turn just played into frame 'f') and turns (of a
 * gap decided); 0 when memory ran out. */
int tb_replay_add_events(tb_replay *rp, long f, const tb_events *ev);
int tb_replay_add_turn(tb_replay *rp, long f, const tb_turn *t);
void tb_replay_set_failed(tb_replay *rp);
/* A tb_slip_fn (validate.h) keeping each slip's repairs for
 * tb_replay_slips; 'ctx' the replay. Out of memory it sets failed. */
struct tb_slip_repair;
void tb_replay_on_slip(void *ctx, const tb_node *refused, const struct tb_slip_repair *r,
                       size_t n, int went_on, int certain);
/* The start cannot be played: why, as rules->load said it. */
void tb_replay_set_start_why(tb_replay *rp, const char *why);

/* ---- read by everything else ---- */

/* Replays 'rec' (no syntax errors; a game with rules) under the search
 * options of 'r', whose diagnostics it adds as tb_reader_validate does.
 * NULL when memory ran out. The record must outlive the result. */
tb_replay *tb_replay_run(tb_reader *r, const tb_record *rec);
/* (validate.c's, which runs the replay:) a replay of 'rec' with no
 * frame yet, or NULL when memory ran out; whether filling it failed
 * (memory ran out) and it is to be freed. */
tb_replay *tb_replay_new(const tb_record *rec);
int tb_replay_failed(const tb_replay *rp);
/* The frame of node 'n' (alternative 'alt'), or NULL when the replay
 * has none (not in the record, or an alternative not followed). */
const tb_frame *tb_replay_frame(const tb_replay *rp, const tb_node *n, unsigned alt);
size_t tb_replay_nframes(const tb_replay *rp);
const tb_frame *tb_replay_index(const tb_replay *rp, size_t i);
/* The start's frame: the position before the first node (has_st 0 when
 * the start cannot be played). */
const tb_frame *tb_replay_start(const tb_replay *rp);
/* 'f''s events (f->nev) and a gap's turns (f->nseq): NULL when none. */
const tb_event *tb_replay_events(const tb_replay *rp, const tb_frame *f);
const tb_turn *tb_replay_turns(const tb_replay *rp, const tb_frame *f);
/* 'f''s events as a tb_events (the first 16: a turn has no more). */
void tb_replay_events_of(const tb_replay *rp, const tb_frame *f, tb_events *out);
const tb_ruleset *tb_replay_rules(const tb_replay *rp);
const tb_record *tb_replay_record(const tb_replay *rp);
/* tb_replay_why (tablero.h) in language 'l' (NULL: English, which is
 * tb_replay_why's): the rules' reasons in the reader's words. */
char *tb_replay_why_in(const tb_replay *rp, long i, const tb_lang *l);
/* Why the start cannot be played (then every frame is UNKNOWN), or NULL. */
const char *tb_replay_start_why(const tb_replay *rp);

#endif
