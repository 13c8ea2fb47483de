/*
 * commands.c -- tablero's subcommands, in the order 'tablero --help'
 * lists them: each with its summary, its options (options.h, beside
 * the command) and the function that runs it.
 */
#include "cli.h"

const cli_cmd cli_commands[] = {
	{"parse", "check the syntax of TGN records", &cli_parse_options, cmd_parse},
	{"fmt", "write TGN records in the canonical form", &cli_fmt_options, cmd_fmt},
	{"validate", "check records against their game's rules", &cli_validate_options, cmd_validate},
	{"fill", "put in what the rules decide for unknown turns and gaps", &cli_fill_options,
	 cmd_fill},
	{"perft", "count the move paths from a position", &cli_perft_options, cmd_perft},
	{"random", "play random legal games", &cli_random_options, cmd_random},
	{"xml", "write records as XML, or XML back as TGN", &cli_xml_options, cmd_xml},
	{"tei", "write records as TEI P5, or TEI back as TGN", &cli_tei_options, cmd_tei},
	{"show", "draw a position as text, with its legal turns", &cli_show_options, cmd_show},
	{"svg", "draw positions as printable SVG diagrams", &cli_svg_options, cmd_svg},
	{"book", "set records as printed pages: SVG, or a PDF", &cli_book_options, cmd_book},
	{"html", "write records as web pages that replay them", &cli_html_options, cmd_html},
	{"desk", "enter and edit a record by clicks, in a web page", &cli_desk_options, cmd_desk},
	{"diff", "compare two transcriptions, or find the same game twice", &cli_diff_options,
	 cmd_diff},
	{"collate", "collate witnesses of one game into one record", &cli_collate_options,
	 cmd_collate},
	{"grep", "select games by tags, comments, moves and events", &cli_grep_options, cmd_grep},
	{"catalog", "list records, or their turns, as CSV or JSON Lines", &cli_catalog_options,
	 cmd_catalog},
	{"index", "index records in SQLite for find and tree", &cli_index_options, cmd_index},
	{"find", "find records by position, pattern, material, event, tag, text", &cli_find_options,
	 cmd_find},
	{"tree", "the turns played at a position across a collection", &cli_tree_options, cmd_tree},
	{"lsp", "a language server for editors (LSP over standard I/O)", &cli_lsp_options, cmd_lsp},
};

const size_t cli_ncommands = sizeof cli_commands / sizeof cli_commands[0];
