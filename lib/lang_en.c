/*
 * lang_en.c -- the words of diagrams and books in English (lang.h).
 * Every other table has every key of this one.
 */
#include "lang.h"

static const tb_lang_entry S_en[] = {
	{"lang.name", "English"},
	/* the games, their sides as a caption labels them, and who won */
	{"game.pitarra", "La Pitarra"},
	{"game.asalto", "Asalto"},
	{"game.ocencahuac", "Ocencahuac"},
	{"side.pitarra.0", "Red"},
	{"side.pitarra.1", "Yellow"},
	{"side.asalto.0", "Attackers"},
	{"side.asalto.1", "Defenders"},
	{"side.ocencahuac.0", "Sangangüey"},
	{"side.ocencahuac.1", "Ceboruco"},
	/* Ocencahuac's crowned pieces, as the text names them ("convertirla
	 * en Príncipe Sangangüey y Ceboruco en Águila o Emperador Nayar en
	 * Tigre"), and a caption's line for them */
	{"crowned.ocencahuac.P", "Eagle (Águila)"},
	{"crowned.ocencahuac.E", "Tiger (Tigre)"},
	{"caption.crowned.ocencahuac", "Crowned, the Prince is the Eagle (Águila), the Emperor the Tiger (Tigre)"},
	{"win.pitarra.0", "Red wins"},
	{"win.pitarra.1", "Yellow wins"},
	{"win.asalto.0", "the attackers win"},
	{"win.asalto.1", "the defenders win"},
	{"win.ocencahuac.0", "Sangangüey wins"},
	{"win.ocencahuac.1", "Ceboruco wins"},
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
	{"html.stopped", "The rules cannot follow the record from {1} on: {2}"},
	{"html.stopped.start", "The rules cannot follow the record from its start: {2}"},
	{"html.errors", "This record has errors, so it is not replayed:"},
	{"html.norules", "This game has no rules engine, so the record is not replayed."},
	{"html.records", "Records"},
	{"html.collection", "{1} records"},
	{"html.noscript", "The replay needs JavaScript; the moves and tags below are readable without it."},
	{NULL, NULL}
};

const tb_lang tb_lang_en = {"en", 0, S_en};
