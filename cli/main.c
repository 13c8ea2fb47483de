/*
 * main.c -- tablero(1): one command, one subcommand per job. Thin:
 * it parses arguments, calls libtablero and prints.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static const cli_cmd S_cmds[] = {
	{"parse", "check the syntax of TGN records",
	 "usage: tablero parse [--summary] [--strict] [-j N] [FILE...]\n"
	 "\n"
	 "Reads every record of each FILE ('-' or none: standard input) and\n"
	 "reports each problem as file:line:col: error: message [TBnnn], with\n"
	 "the line and a caret. Reading goes on after an error, so one bad\n"
	 "record does not hide the next.\n"
	 "\n"
	 "  --summary  print, per file, how many records, errors and warnings\n"
	 "  --strict   count warnings as problems too (exit 1)\n"
	 "  -j N       read a file in N parts at once, in N threads (default:\n"
	 "             one per core, at most 8; 0: that); the output is the\n"
	 "             same, in the input's order (standard input, a pipe\n"
	 "             or a small file is read in one thread)\n"
	 "  -h, --help this text\n"
	 "\n"
	 "Exit: 0 no errors, 1 errors found, 2 could not run.\n",
	 cmd_parse},
	{"fmt", "write TGN records in the canonical form",
	 "usage: tablero fmt [-i] [-j N] [FILE...]\n"
	 "\n"
	 "Writes every record of each FILE ('-' or none: standard input) in\n"
	 "canonical TGN (spec/tgn.md) to standard output. A record with\n"
	 "errors is not written; its diagnostics are.\n"
	 "\n"
	 "  -i, --in-place  rewrite each FILE in canonical form, atomically;\n"
	 "                  a file with any error is left untouched\n"
	 "  -j N, --jobs N  read a file in N parts at once, in N threads\n"
	 "                  (default: one per core, at most 8; 0: that);\n"
	 "                  the output is the same, in the input's order;\n"
	 "                  with -i, standard input or a pipe, N records\n"
	 "                  at once (default there: 1)\n"
	 "  -h, --help      this text\n"
	 "\n"
	 "Exit: 0 all written, 1 errors found, 2 could not run.\n",
	 cmd_fmt},
	{"validate", "check records against their game's rules",
	 "usage: tablero validate [--positions [--board]] [--summary] [--strict]\n"
	 "                        [--search-turns N] [--search-positions N]\n"
	 "                        [--candidates N] [--window N] [-j N] [FILE...]\n"
	 "\n"
	 "Replays every record of each FILE ('-' or none: standard input) with\n"
	 "its game's rules engine, main line and variations, and reports each\n"
	 "turn the rules do not allow, with a reason, the position it was played\n"
	 "in and the slips that would explain it (a point misheard, a turn left\n"
	 "out, two turns swapped). For an unknown turn, a '?' point and a gap it\n"
	 "names what fits the rules and the turns after it, and goes on over\n"
	 "the positions still possible (spec/reconstruct.md). The result is\n"
	 "checked against the final position.\n"
	 "\n"
	 "  --positions           print, for every node, the position after it\n"
	 "                        and what its turn did (tercia, removal, capture,\n"
	 "                        huff, pushback, coronation, ...), and when and\n"
	 "                        why the game ends; a turn the rules decide is\n"
	 "                        marked [reconstructed], and where they do not\n"
	 "                        know the position, [open: N positions] or\n"
	 "                        [unknown: why] beside the last one they knew\n"
	 "  --board               with --positions, draw the board of each\n"
	 "                        position printed as tablero show does\n"
	 "  --summary             print, per file, how many records, errors and\n"
	 "                        warnings\n"
	 "  --strict              count warnings as problems too (exit 1)\n"
	 "  --search-turns N      the longest gap searched (default 8)\n"
	 "  --search-positions N  positions a search may hold (default 1000000)\n"
	 "  --candidates N        turns or sequences named when several fit\n"
	 "                        (default 10)\n"
	 "  --window N            written turns a repair must keep legal\n"
	 "                        (default 32)\n"
	 "  -j N, --jobs N        replay N records at once, in N threads\n"
	 "                        (default: one per core, at most 8; 0: that);\n"
	 "                        the output is the same, in the input's order\n"
	 "  -h, --help            this text\n"
	 "\n"
	 "Exit: 0 all legal, 1 problems found, 2 could not run.\n",
	 cmd_validate},
	{"fill", "put in what the rules decide for unknown turns and gaps",
	 "usage: tablero fill [-i] [--search-turns N] [--search-positions N]\n"
	 "                    [--candidates N] [FILE...]\n"
	 "\n"
	 "Replays every record of each FILE ('-' or none: standard input) as\n"
	 "validate does, and writes it in canonical TGN with every unknown\n"
	 "turn, '?' point and gap that the rules and the rest of the record\n"
	 "decide -- exactly one turn, or one sequence, fits -- replaced by what\n"
	 "fits, each such turn written <reconstructed TOKEN> (spec/reconstruct.md).\n"
	 "What stays open is left as written and listed on standard error with\n"
	 "the turns that fit it, with every error; a summary line per file\n"
	 "follows. A record with errors the reader found is not written.\n"
	 "\n"
	 "  -i, --in-place          rewrite each FILE, atomically; a file with\n"
	 "                          any error is left untouched\n"
	 "  --search-turns N        the longest gap searched (default 8)\n"
	 "  --search-positions N    positions a search may hold (default 1000000)\n"
	 "  --candidates N          turns or sequences named when several fit\n"
	 "                          (default 10)\n"
	 "  -h, --help              this text\n"
	 "\n"
	 "Exit: 0 everything decided, 1 something stays open, fits nothing or has\n"
	 "errors, 2 could not run.\n",
	 cmd_fill},
	{"perft", "count the move paths from a position",
	 "usage: tablero perft [--game G] [--rules R] [--position P] [--depth N] [--divide]\n"
	 "\n"
	 "Counts the distinct sequences of N complete turns (default 3) from\n"
	 "position P (position notation; default the start) of game G (default\n"
	 "pitarra) under rule options R (\"movement=slide; flying=at3\"). A turn\n"
	 "that forms a tercia counts once per piece it may take. --divide\n"
	 "prints each first turn with its count.\n"
	 "\n"
	 "Exit: 0 counted, 2 could not run.\n",
	 cmd_perft},
	{"random", "play random legal games",
	 "usage: tablero random [--game G] [--rules R] [--position P] [--seed S] [-n N]\n"
	 "                      [--turns T]\n"
	 "\n"
	 "Writes N (default 1) random legal games of game G (default pitarra)\n"
	 "under rule options R from position P as canonical TGN, each with its\n"
	 "result. Game k uses seed S+k (default S=1): the same seed gives the\n"
	 "same bytes. A game still going after T turns (default 3000) stops\n"
	 "there, with the result the rules give as it stands and a comment\n"
	 "saying so.\n"
	 "\n"
	 "Exit: 0 written, 2 could not run.\n",
	 cmd_random},
	{"xml", "write records as XML, or XML back as TGN",
	 "usage: tablero xml [--sourcepos] [--positions] [-j N] [-o FILE] [FILE...]\n"
	 "       tablero xml --to tgn [-o FILE] [FILE...]\n"
	 "\n"
	 "Writes every record of each FILE ('-' or none: standard input) as\n"
	 "tablero XML (spec/xml.md; schema: schemas/tgn.rng), one document.\n"
	 "A record with errors is reported and left out.\n"
	 "\n"
	 "  --sourcepos  say where each node was in the TGN (line, col, ...)\n"
	 "  --positions  replay each record by its rules and add, after each\n"
	 "               turn, the position, its pieces and what the turn did\n"
	 "  --to tgn     read tablero XML and write its records as canonical\n"
	 "               TGN; the XML is validated against the schema, and a\n"
	 "               document that does not validate is refused with the\n"
	 "               line of each problem, and nothing is written\n"
	 "  -o FILE      write FILE (replaced only once complete) instead of\n"
	 "               standard output\n"
	 "  -j N         make the XML of N records at once, in N threads\n"
	 "               (default: one per core, at most 8; 0: that); the\n"
	 "               document is the same (--to tgn reads in one thread)\n"
	 "  -h, --help   this text\n"
	 "\n"
	 "Exit: 0 all converted, 1 problems found, 2 could not run.\n",
	 cmd_xml},
	{"show", "draw a position as text, with its legal turns",
	 "usage: tablero show [--game N] [--ply N | --move N. | --move N...] [--legal]\n"
	 "                    [--color auto|always|never] [FILE]\n"
	 "       tablero show --rules R [--position P] [--legal]\n"
	 "\n"
	 "Draws the position of record N (default 1) of FILE ('-' or none:\n"
	 "standard input) after a turn of its main line, replayed by its rules,\n"
	 "as text (spec/show.md): the board's points and lines, the pieces by\n"
	 "side and kind, pieces to place and taken, whose turn it is or how the\n"
	 "game ended, and the position's notation. Where the rules cannot follow\n"
	 "the record (an illegal turn, an unknown turn, a gap), the last position\n"
	 "they reached is drawn and standard error says where they stopped.\n"
	 "\n"
	 "  --ply N        after N turns of the main line (0: its start;\n"
	 "                 default: the last); N. or N... is a move number\n"
	 "  --move N.      after the first side's turn N, as the record numbers\n"
	 "                 it (N alone is the same); N... the second side's\n"
	 "  --legal        list every legal turn there, as tokens to copy\n"
	 "  --color WHEN   colour the pieces: auto (on a terminal, unless\n"
	 "                 NO_COLOR is set), always or never\n"
	 "  --rules R      a bare position of the game R names first\n"
	 "                 (\"asalto; chain=zigzag\")\n"
	 "  --position P   that position (position notation; default: the start)\n"
	 "  -h, --help     this text\n"
	 "\n"
	 "Exit: 0 drawn, 1 the record has errors or the rules stopped before the\n"
	 "turn asked for (the board is then the last position known), 2 could\n"
	 "not run (usage, a turn the record does not have).\n",
	 cmd_show},
	{"svg", "draw positions as printable SVG diagrams",
	 "usage: tablero svg [--game N] [--ply N | --move N. | --plies LIST | --every K]\n"
	 "                   [--size MM] [--grayscale] [--no-coords] [--lang L]\n"
	 "                   [--caption full|short|none] [--tag NAME]...\n"
	 "                   [--sheet a4|letter] [--list] [-o FILE | -d DIR] [FILE]\n"
	 "       tablero svg --position P --rules R [options] [-o FILE]\n"
	 "\n"
	 "Draws positions of record N (default 1) of FILE ('-' or none:\n"
	 "standard input), replayed on its main line by its rules, as\n"
	 "standalone SVG 1.1 documents (spec/svg.md): the board as the players\n"
	 "draw it, the pieces, the last turn (an arrow under the pieces, a\n"
	 "chain's path, the pieces it took crossed, a pushback's arc, a tercia\n"
	 "banded, a huffed defender boxed), coordinates and a caption in the\n"
	 "record's language.\n"
	 "\n"
	 "  --ply N        after the Nth turn of the record's main line\n"
	 "                 (0: its start; default: the last); N. or N... is a\n"
	 "                 move number as the record writes it\n"
	 "  --move N.      after the first side's turn N (N alone is the same);\n"
	 "                 N... the second side's\n"
	 "  --plies LIST   after each of a comma-separated list of them\n"
	 "  --every K      after turns 0, K, 2K, ... and the last\n"
	 "  --position P   a bare position (position notation; \"\": the start)\n"
	 "                 of the game --rules names first (\"ocencahuac; river=5\")\n"
	 "  --size MM      a diagram's printed width in millimetres, 20 to 1000\n"
	 "                 (default 60; on a sheet, as many columns as fit)\n"
	 "  --grayscale    every distinction in shapes, fills, dashes and dots\n"
	 "  --no-coords    no coordinates in the margin\n"
	 "  --lang L       the caption's words in L (en, es, ar; default: the\n"
	 "                 record's [Language], else English)\n"
	 "  --caption C    full (the game, players, turn, result, --tag's; the\n"
	 "                 default), short (\"After 23. c3-c4xe5\") or none\n"
	 "  --tag NAME     add tag NAME's value to a full caption (repeatable)\n"
	 "  --sheet PAPER  lay the diagrams out on a4 or letter pages, the\n"
	 "                 record's title at the head, a short caption each\n"
	 "  --list         print each document's name and caption; write nothing\n"
	 "  -o FILE        write one document to FILE (default: standard output)\n"
	 "  -d DIR         write each document into DIR (made if missing); all of\n"
	 "                 them or, on a failure, none\n"
	 "  -h, --help     this text\n"
	 "\n"
	 "Exit: 0 drawn, 1 the record or position cannot be drawn (or some of its\n"
	 "positions, after the turn where the rules stop: the others are drawn),\n"
	 "2 could not run.\n",
	 cmd_svg},
	{"book", "set records as printed pages: SVG, or a PDF",
	 "usage: tablero book [--game N] [--every K] [--at LIST] [--lang L]\n"
	 "                    [--paper a4|letter] [--size MM] [--grayscale] [--list]\n"
	 "                    (-o FILE.pdf | -d DIR) [FILE...]\n"
	 "\n"
	 "Sets the records of each FILE ('-' or none: standard input) as printed\n"
	 "pages (spec/book.md): a title block (game, players, event, site,\n"
	 "date, source, informant, result), the movetext as text with its\n"
	 "comments, each in its language and direction, variations indented in\n"
	 "brackets, readings and gaps said in words, and numbered diagrams\n"
	 "referred to from the text: where the record asks for one ($220 after\n"
	 "a turn), at its start when it starts from a position, where it\n"
	 "restates one, at its end, and as the options ask. A running head and\n"
	 "page numbers on every page; several records make one document with a\n"
	 "contents page. Words in the record's [Language] (English, Spanish or\n"
	 "Arabic; another: English).\n"
	 "\n"
	 "  --game N       only record N of each file\n"
	 "  --every K      a diagram after every K turns as well\n"
	 "  --at LIST      a diagram after each of these turns as well: counts\n"
	 "                 (\"24\") or move numbers (\"12.\", \"12...\"), comma-separated\n"
	 "  --lang L       the book's words in L (en, es, ar), whatever the records say\n"
	 "  --paper P      a4 (the default) or letter\n"
	 "  --size MM      a diagram's printed width, 20 to 1000 (default 60; at\n"
	 "                 most half the text's width)\n"
	 "  --grayscale    diagrams without colour\n"
	 "  --list         print the pages and diagrams it would make; write nothing\n"
	 "  -o FILE.pdf    one PDF, made by rsvg-convert (Debian: librsvg2-bin)\n"
	 "  -d DIR         the pages as SVG files DIR/NAME-001.svg, ... (made if missing)\n"
	 "  -h, --help     this text\n"
	 "\n"
	 "Nothing is written unless all of it can be: a record with errors, a turn\n"
	 "a record does not have or a missing or failing renderer leave every file\n"
	 "as it was. Where the rules cannot follow a record, the book says so and\n"
	 "has no diagram from there until the record restates the position.\n"
	 "\n"
	 "Exit: 0 written, 1 written but the rules stop in a record, or a record\n"
	 "has errors (nothing written), 2 could not run (usage, a turn a record\n"
	 "does not have, no renderer, I/O).\n",
	 cmd_book},
	{"html", "write records as web pages that replay them",
	 "usage: tablero html [--game N] [--lang L] [--grayscale] [--list]\n"
	 "                    [-o FILE | -d DIR] [FILE...]\n"
	 "\n"
	 "Writes each FILE ('-' or none: standard input) as one self-contained\n"
	 "HTML5 page (spec/html.md): no network, nothing outside the page. The\n"
	 "board is the diagrams' (tablero svg), inline; buttons, the keys Left,\n"
	 "Right, Home and End, and the turns of the movetext step through the\n"
	 "main line, its variations and the other readings of a turn, each turn's\n"
	 "marks drawn; the fragment #ply=N names a turn. Every position is the\n"
	 "rules', computed here; the page's script only shows them. Around the\n"
	 "board: the movetext with its comments, the tags, the result and how the\n"
	 "game ended. A file of several records makes one page with a list of\n"
	 "them to choose from. Where the rules cannot follow a record, its page\n"
	 "replays it up to there and says why; a record with errors is shown\n"
	 "with its tags and errors, not replayed.\n"
	 "\n"
	 "  --game N     only record N of each file\n"
	 "  --lang L     the page's words in L (en, es, ar); default: each\n"
	 "               record's [Language]\n"
	 "  --grayscale  the diagrams' grayscale style\n"
	 "  --list       write nothing: print where each page would go, then\n"
	 "               every position it holds, a line each (its number, turn\n"
	 "               and line, caption, pieces by side or unknown, and where\n"
	 "               the rules stop, why)\n"
	 "  -o FILE      the page to FILE (one FILE only; default: standard output)\n"
	 "  -d DIR       each page to DIR/NAME.html, NAME the file's without .tgn\n"
	 "               (DIR made if missing)\n"
	 "  -h, --help   this text\n"
	 "\n"
	 "Each page is written only once complete.\n"
	 "\n"
	 "Exit: 0 every record replayed to its end, 1 a record has errors or the\n"
	 "rules stop in one (its page says where and why), 2 could not run.\n",
	 cmd_html},
	{"diff", "compare two transcriptions, or find the same game twice",
	 "usage: tablero diff [--pair-by order|TAG,...] [--tags-only | --moves-only]\n"
	 "                    [--ignore-comments] [--xml] A B\n"
	 "       tablero diff --duplicates [--xml] [-j N] FILE...\n"
	 "\n"
	 "Compares the records of A with those of B ('-': standard input) by\n"
	 "what they mean, not how they are spelled (spec/compare.md): two\n"
	 "tokens the rules read as the same turn are the same. For each pair\n"
	 "that differs it prints the tags that differ, the starts if they\n"
	 "differ, the first divergence with the points where the positions\n"
	 "after it differ, the turns aligned as a unified diff (ply, turn,\n"
	 "its line in each source; a changed turn with its comments), then\n"
	 "the comments, NAGs and variations of the other turns that differ.\n"
	 "Identical records print nothing.\n"
	 "\n"
	 "  --pair-by SPEC     pair the games of A and B in order (the default),\n"
	 "                     or by the values of the tags SPEC names\n"
	 "                     (\"Site,Date,Round\"); unpaired games are listed\n"
	 "  --tags-only        compare the tags only\n"
	 "  --moves-only       compare the turns only\n"
	 "  --ignore-comments  leave comments, NAGs and variations out\n"
	 "  --xml              write the differences as XML (schemas/diff.rng)\n"
	 "  --duplicates       list the games of all FILEs that are the same\n"
	 "                     game, up to the board's symmetries, and those\n"
	 "                     that begin another\n"
	 "  -j N, --jobs N     with --duplicates, replay N games at once, in N\n"
	 "                     threads (default: one per core, at most 8; 0:\n"
	 "                     that); the output is the same\n"
	 "  -h, --help         this text\n"
	 "\n"
	 "Exit: 0 the same (no duplicates), 1 different (duplicates found),\n"
	 "2 could not compare (unreadable input, a record with errors).\n",
	 cmd_diff},
	{"collate", "collate witnesses of one game into one record",
	 "usage: tablero collate [--sigla A,B,...] [--base X] [--search-turns N]\n"
	 "                       [--search-positions N] [-o FILE] FILE...\n"
	 "       tablero collate --witness X [-o FILE] COLLATION\n"
	 "\n"
	 "Collates records of one game -- a tape and a notebook, two informants,\n"
	 "a transcription and its correction; one record a FILE ('-': standard\n"
	 "input) -- into one record that keeps every reading (spec/compare.md):\n"
	 "where they agree, the turn; where they differ, a reading whose\n"
	 "alternatives each name their witnesses, <g5-f5 {A} | e5-f5 {B}>; a\n"
	 "turn one lacks stands against 'omitted', a stretch it lost against its\n"
	 "gap. Tags that differ keep the base's value, the others' in comments;\n"
	 "comments not every witness has name theirs (\"B: ...\"). The record\n"
	 "follows the base; each turn is checked along its witness's line, and\n"
	 "one illegal there is kept and noted (\"illegal in B: ...\"); a turn no\n"
	 "witness gives but the rules decide is proposed, <reconstructed d2 | ?\n"
	 "{A, B}>. A FILE that is a collation gives its witnesses. Witnesses of\n"
	 "different games or starts are refused; one with errors is collated up\n"
	 "to its first. Nothing is written unless each witness reads back out of\n"
	 "the collation exactly.\n"
	 "\n"
	 "  --sigla A,B,...  name the records that are not collations, in order\n"
	 "                   (default: the letters A, B, C... not taken)\n"
	 "  --base X         the witness the record follows (default: a given\n"
	 "                   collation's base, else the witness whose line stays\n"
	 "                   legal the longest, the first of those)\n"
	 "  --search-turns N, --search-positions N\n"
	 "                   bound the rules' searches through gaps and unknown\n"
	 "                   turns, as validate's (defaults 8, 1000000)\n"
	 "  --witness X      read witness X back out of COLLATION\n"
	 "  -o FILE          write FILE (replaced only once complete) instead of\n"
	 "                   standard output\n"
	 "  -h, --help       this text\n"
	 "\n"
	 "Exit: 0 written, 1 a witness collated up to its first error, or\n"
	 "records that cannot be collated (nothing written), 2 could not run.\n",
	 cmd_collate},
	{"grep", "select games by tags, comments, moves and events",
	 "usage: tablero grep [-i] [-v] [-c | -l] [--max-steps N] [-j N]\n"
	 "                    [--tag NAME~RE | --tag NAME=VALUE]...\n"
	 "                    [--comment RE]... [--event EVENT[>=N][ per game]]...\n"
	 "                    [-e RE | --moves RE]... [RE] [FILE...]\n"
	 "\n"
	 "Writes the games of each FILE ('-' or none: standard input) that\n"
	 "match every selector, in canonical TGN. Patterns are PCRE2 (Perl\n"
	 "syntax, UTF-8), compiled once; the whole search of a game runs on a\n"
	 "budget of steps, so no pattern can hang it (spec/compare.md). Without\n"
	 "-e, --moves, --tag, --comment or --event the first argument is a\n"
	 "movetext pattern.\n"
	 "\n"
	 "  --tag NAME~RE     tag NAME's value matches RE (--tag 'Site~Quer')\n"
	 "  --tag NAME=VALUE  tag NAME's value is VALUE\n"
	 "  --comment RE      some comment's text matches RE\n"
	 "  -e, --moves RE    the main line's movetext, one line without\n"
	 "                    comments (\"1. d1 a7 2. g1 a4 1-0\"), matches RE\n"
	 "  --event EVENT[>=N]  some turn of the main line, replayed by the\n"
	 "                    rules, did EVENT (at least N times): tercia,\n"
	 "                    'double tercia', columpio, removal, capture,\n"
	 "                    pushback, relocation, coronation, stage,\n"
	 "                    'huff available', huff, fortress\n"
	 "                    ('capture>=3': a chain of three captures)\n"
	 "  --event 'EVENT>=N per game'  the main line did EVENT at least N\n"
	 "                    times in all; '<=N per game' at most, '=N per\n"
	 "                    game' exactly ('huff<=0 per game': never)\n"
	 "  -i, --ignore-case patterns ignore case (Unicode)\n"
	 "  -v, --invert-match  select the games that do not match\n"
	 "  -c, --count       print how many games each FILE has selected\n"
	 "  -l, --files-with-matches  print the name of each FILE with a game\n"
	 "  --max-steps N     the steps a game's search may take (default\n"
	 "                    10000000): each item of a pattern tried, and each\n"
	 "                    character gone back over\n"
	 "  -j N, --jobs N    search N games at once, in N threads (default:\n"
	 "                    one per core, at most 8; 0: that); the output is\n"
	 "                    the same, in the input's order\n"
	 "  -h, --help        this text\n"
	 "\n"
	 "Exit: 0 a game selected, 1 none, 2 trouble (a bad pattern, an\n"
	 "unreadable file, a record with errors, a game whose search ran out\n"
	 "of steps or over a PCRE2 limit, or whose events could not be looked\n"
	 "at because the rules stop at a turn: said at that turn).\n",
	 cmd_grep},
};

static void S_usage(FILE *out)
{
	fputs("usage: tablero [--version] [--help] COMMAND [ARGS...]\n\n"
	      "Records of La Pitarra, Asalto and Ocencahuac in TGN.\n\n"
	      "commands:\n", out);
	for (size_t i = 0; i < sizeof S_cmds / sizeof S_cmds[0]; i++)
		fprintf(out, "  %-8s %s\n", S_cmds[i].name, S_cmds[i].summary);
	fputs("\n'tablero COMMAND --help' tells more; man tablero tells all.\n", out);
}

static const cli_cmd *S_find(const char *name)
{
	for (size_t i = 0; i < sizeof S_cmds / sizeof S_cmds[0]; i++)
		if (strcmp(S_cmds[i].name, name) == 0)
			return &S_cmds[i];
	return NULL;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		S_usage(stderr);
		return EXIT_TROUBLE;
	}
	const char *a = argv[1];
	if (strcmp(a, "--version") == 0 || strcmp(a, "-V") == 0) {
		printf("tablero %s\n", tb_version());
		return EXIT_CLEAN;
	}
	if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
		S_usage(stdout);
		return EXIT_CLEAN;
	}
	if (strcmp(a, "help") == 0) {
		const cli_cmd *c = argc > 2 ? S_find(argv[2]) : NULL;
		if (c)
			fputs(c->usage, stdout);
		else
			S_usage(stdout);
		return argc > 2 && !c ? EXIT_TROUBLE : EXIT_CLEAN;
	}
	const cli_cmd *c = S_find(a);
	if (!c) {
		fprintf(stderr, "tablero: '%s' is not a command\n\n", a);
		S_usage(stderr);
		return EXIT_TROUBLE;
	}
	if (cli_wants_help(argc - 1, argv + 1)) {
		fputs(c->usage, stdout);
		return EXIT_CLEAN;
	}
	/* Output to a file or a pipe goes out 64 KiB at a time, not in
	 * stdio's blocks of st_blksize (4 KiB): fmt and xml on a collection
	 * made a system call every few records. A terminal keeps its line
	 * buffering; the commands that talk (engine, show) flush as before. */
	static char out_buf[1 << 16];
	if (!isatty(STDOUT_FILENO))
		setvbuf(stdout, out_buf, _IOFBF, sizeof out_buf);
	return c->run(argc - 1, argv + 1);
}
