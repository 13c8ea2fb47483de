/*
 * lang_en.c -- the words of diagrams and books in English (lang.h).
 * Every other table has every key of this one.
 */
#include "lang.h"

static const tb_lang_entry S_en[] = {
	{"lang.name", "English"},
	/* the games' names, their sides as a caption labels them, who won
	 * and their crowned pieces' names are each game's (game.h, words) */
	{"result.draw", "drawn"},
	{"result.other", "unfinished, or the result is not known"},
	/* tags, as a caption or a title block labels them */
	{"label.game", "Game"},
	{"label.event", "Event"},
	{"label.site", "Site"},
	{"label.date", "Date"},
	{"label.round", "Round"},
	{"label.source", "Source"},
	{"label.informant", "Informant"},
	{"label.recorder", "Recorded by"},
	{"label.transcriber", "Transcribed by"},
	{"label.annotator", "Annotated by"},
	{"label.community", "Community"},
	{"label.access", "Access"},
	{"label.result", "Result"},
	{"label.notes", "Notes"},
	/* captions */
	{"caption.figure", "Diagram {1}"},
	{"caption.after", "After {1}"},
	{"caption.turn", "turn {1} of the record"},
	{"caption.restated", "The position restated after turn {1} of the record"},
	{"caption.start", "The start"},
	{"caption.reconstructed", "reconstructed"},
	{"caption.result", "{1} ({2})"},
	/* books */
	{"book.contents", "Contents"},
	{"book.contents.sep", ","},
	{"book.ref", "diagram {1}"},
	{"book.gap", "turns missing"},
	{"book.gap.one", "one turn missing"},
	{"book.gap.n", "{1} turns missing"},
	{"book.gap.range", "{1} to {2} turns missing"},
	{"book.gap.atleast", "at least {1} turns missing"},
	{"book.or", "or"},
	{"book.reading", "uncertain reading"},
	{"book.unknown", "a turn nobody knows"},
	{"book.position", "the position is restated"},
	{"book.omitted", "nothing here"},
	{"book.start", "The game starts from the position of diagram {1}."},
	{"book.stopped", "The rules cannot follow the record from {1} on: no diagram from there until the record restates the position."},
	{"book.stopped.start", "The rules cannot follow the record from its start, whose position is not complete: no diagram until the record restates the position."},
	{"book.reconstructed", "Turns in square brackets were put in by the rules; the source does not have them."},
	/* web pages */
	{"html.moves", "Moves"},
	{"html.tags", "Tags"},
	{"html.ended", "How the game ended"},
	{"html.notover", "the game is not over in the record's last position"},
	{"html.notknown", "not known: the rules do not follow the record to its end"},
	{"html.replay", "Replay"},
	{"html.first", "Start"},
	{"html.prev", "Previous turn"},
	{"html.next", "Next turn"},
	{"html.last", "Last turn"},
	{"html.leave", "Back to the main line"},
	{"html.board", "The board"},
	{"html.unknown", "The position is not known here: the record does not say it, and the rules cannot follow it until the record restates the position."},
	{"html.empty", "no pieces"},
	{"html.stopped.start", "The rules cannot follow the record from its start: {2}"},
	{"html.errors", "This record has errors, so it is not replayed:"},
	{"html.norules", "This game has no rules engine, so the record is not replayed."},
	{"html.records", "Records"},
	{"html.collection", "{1} records"},
	{"html.noscript", "The replay needs JavaScript; the moves and tags below are readable without it."},
	/* where the rules do not know the position (note.c) */
	{"note.fits", "{1} turns fit {2}"},
	{"note.fits.gap", "{1} sequences of turns fit {2}"},
	{"note.positions", "{1} positions are possible after {2}"},
	{"note.refused", "The rules do not allow {2} as written"},
	{"note.ambiguous", "{2} fits more than one legal turn"},
	{"note.over", "The game was over before {2}"},
	{"note.nofit", "Nothing fits {2} and the turns after it"},
	{"note.limit", "More may fit {2} than the search's limits hold"},
	{"note.gap", "Turns are missing at {2}, and nothing says how many"},
	{"note.position", "The position restated at {2} is not complete, or cannot occur"},
	{"note.other", "The rules do not follow {2}"},
	{"note.start", "the start is not complete"},
	{"note.shown", "the position shown is the last known, after {1}"},
	{"note.shown.start", "the position shown is the start"},
	{"note.asked", "Turn {1} of the record."},
	{"note.sentence", "{1}."},
	{"note.join", "{1}; {2}"},
	/* collate's TB608: witnesses that may not be one match */
	{"collate.alike.turns", "only {1} of the {2} turns of the shorter of this witness and {3} are the same: are they one match?"},
	{"collate.alike.tag", "[{1} \"{2}\"] here, [{1} \"{3}\"] in {4}: are these witnesses of one match?"},
	/* the collection's tree of turns played (html_tree.c) */
	{"html.tree", "Turns played"},
	{"html.tree.one", "one record"},
	{"html.tree.games", "{1} records"},
	{NULL, NULL}
};

const tb_lang tb_lang_en = {"en", 0, S_en};
