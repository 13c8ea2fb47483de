#!/usr/bin/env python3
"""tests/layout.py -- the house's shape (issue 31): no circle among the
library's headers, and no renderer that uses a sibling renderer; and a
game is one folder (issue 32): no file of the house includes a game's
header, and a game's files include only the house's headers and their
own folder's. No two files of the library call each other (but the
files of one module, and the pairs left in MUTUAL_LEFT).

The renderers (RENDERERS below) write a record or a position each its own
way and share what they have in common through modules of their own
(visit.c, diagram.c, caption.c, words.c, and the canonical writer's
pieces, writer.h, which every format writes TGN with): a renderer may
be cut into several files (book.c and book_*.c over book.h, html.c and
html_*.c over html.h), and no file of one includes another's header or
links to a function defined in another's files. The second half reads the symbols of the built objects (nm), so
it runs after the build: python3 tests/layout.py BUILD_DIR.
"""
import glob
import os
import re
import subprocess
import sys

# Each renderer and the files it is cut into (sharing its own internal
# header: book.h, html.h).
RENDERERS = {"svg": {"svg"},
             "book": {"book", "book_layout", "book_moves", "book_svg"},
             "html": {"html", "html_record", "html_frames", "html_moves"},
             "xml_write": {"xml_write"}}
FAMILY = {f: r for r, files in RENDERERS.items() for f in files}

# Files of one module, cut by concern, that share an internal header and
# call one another: the reader (reader.h), validation (validation.h),
# the XML reader (xml_read.h) and the renderers cut into files.
MODULES = [{"reader", "lexer", "parser", "diag"},
           {"validate", "validate_frames", "validate_open", "validate_open_slips",
            "validate_restated", "validate_slips"},
           {"xml_read", "xml_read_prolog", "xml_read_tgn"}] + \
    [files for files in RENDERERS.values() if len(files) > 1]
# Pairs of modules that still call each other (the record's core: a tag's
# value, the reader's text of a result, a witness read back and checked).
# No pair may be added: a new one is a file calling back its caller.
MUTUAL_LEFT = {("evidence", "tags"), ("parser", "tags"), ("collate_witness", "validate")}


def includes():
    inc = {}
    for p in glob.glob("lib/*.h") + glob.glob("lib/*.c"):
        with open(p, encoding="utf-8") as f:
            inc[os.path.basename(p)] = re.findall(r'^#include "([^"]+)"', f.read(), re.M)
    return inc


def header_cycles(inc):
    """Every circle of #includes among lib/*.h, each once."""
    found = set()

    def walk(h, path):
        for m in inc.get(h, []):
            if m in path:
                cyc = path[path.index(m):]
                k = cyc.index(min(cyc))
                found.add(" -> ".join(cyc[k:] + cyc[:k] + [min(cyc)]))
            elif m.endswith(".h"):
                walk(m, path + [m])

    for h in sorted(x for x in inc if x.endswith(".h")):
        walk(h, [h])
    return sorted(found)


def game_boundaries():
    """Where a #include crosses a game folder's boundary (lib/games/*/,
    tests/games/*/): the house including a game's header, or a game
    including another's."""
    found = []
    house = {os.path.basename(p) for p in glob.glob("lib/*.h")}
    folders = sorted(glob.glob("lib/games/*/") + glob.glob("tests/games/*/"))
    game_headers = {os.path.basename(h) for d in folders for h in glob.glob(d + "*.h")}
    for p in sorted(glob.glob("lib/*.[ch]") + glob.glob("cli/*.[ch]")):
        with open(p, encoding="utf-8") as f:
            for h in re.findall(r'^#include "([^"]+)"', f.read(), re.M):
                if os.path.basename(h) in game_headers or "games/" in h:
                    found.append(f"{p} includes {h}, a game's header")
    for d in folders:
        own = {os.path.basename(h) for h in glob.glob(d + "*.h")}
        for p in sorted(glob.glob(d + "*.[ch]")):
            with open(p, encoding="utf-8") as f:
                for h in re.findall(r'^#include "([^"]+)"', f.read(), re.M):
                    if h not in own and h not in house:
                        found.append(f"{p} includes {h}, neither the house's nor its own")
    return found


# The files over LONG lines that are one concern all the same, and what
# it is: a file that long holding two concerns is cut (issue 32).
LONG = 900
ONE_CONCERN = {
    "lib/validate.c": "a record's lines replayed and checked, turn by turn",
    "lib/parser.c": "the grammar of TGN, with the fragments the API parses",
    "lib/lexer.c": "the tokens of TGN",
    # its edits, walks, fates and ranking all read and write one search's
    # state (S_try), and a second slip's search is that search again
    # under the first's repair: cut, each part would call the other back
    "lib/repair.c": "the search for the slips that explain an illegal turn",
}
# A game's rules engine is one concern however long: a game added with a
# long one edits no file of the house (this one included).
GAME_RULES = "lib/games/*/rules.c"


def long_files():
    """The source files over LONG lines that are not one concern by name
    (ONE_CONCERN, GAME_RULES), and the names in ONE_CONCERN that are no
    longer over LONG (the list says what is so)."""
    found = []
    rules = set(glob.glob(GAME_RULES))
    for p in sorted(glob.glob("lib/*.c") + glob.glob("lib/games/*/*.c") + glob.glob("cli/*.c")):
        with open(p, encoding="utf-8") as f:
            n = sum(1 for _ in f)
        if n > LONG and p not in ONE_CONCERN and p not in rules:
            found.append(f"{p} has {n} lines: cut it by concern, or say its one concern in ONE_CONCERN")
        elif n <= LONG and p in ONE_CONCERN:
            found.append(f"{p} has {n} lines, no more than {LONG}: take it out of ONE_CONCERN")
    for p in sorted(set(ONE_CONCERN) - set(glob.glob("lib/*.c") + glob.glob("cli/*.c"))):
        found.append(f"ONE_CONCERN names {p}, which is not in the tree")
    return found


def readme_map():
    """Where README.md's map of files ("## Layout") and the tree disagree:
    a source file of lib/, lib/games/, cli/, tests/ (its scripts), bench/
    (its notes too), tools/ or python/tablero/ it does not name, or a file
    it names (a spec chapter too) that is not there."""
    with open("README.md", encoding="utf-8") as f:
        text = f.read()
    # the map: the first fenced block of the section (what follows it may
    # name files that were, as "what changed" paragraphs do)
    block = text.split("\n## Layout\n", 1)[1].split("```", 2)[1]
    named = set(re.findall(r"[\w*.-]+\.(?:c|h|js|css|py|sh|rng|md)\b", block))
    found = []
    sources = glob.glob("lib/*.c") + glob.glob("lib/*.js") + glob.glob("lib/*.css") + \
        glob.glob("lib/games/*/*.c") + glob.glob("cli/*.c") + \
        [p for ext in ("sh", "py", "js", "c") for p in glob.glob(f"tests/*.{ext}")] + \
        glob.glob("bench/*.*") + glob.glob("tools/*.*") + glob.glob("python/tablero/*.py")
    for p in sorted(sources):
        b = os.path.basename(p)
        if b not in named and not any("*" in n and re.fullmatch(n.replace(".", r"\.").replace("*", ".*"), b)
                                      for n in named):
            found.append(f"README.md's map of files does not name {p}")
    everywhere = {os.path.basename(p) for d in ("lib", "lib/games/*", "cli", "tests", "tests/*", "tests/games/*",
                                                "bench", "tools", "schemas", "python/tablero", ".",
                                                "spec", "spec/games", "wasm", "wasm/include")
                  for p in glob.glob(d + "/*")}
    for n in sorted(named):
        if "*" not in n and n not in everywhere:
            found.append(f"README.md's map of files names {n}, which is not in the tree")
    return found


def symbols(build):
    """For each library object: the symbols it defines, those it uses."""
    defs, uses = {}, {}
    for o in glob.glob(os.path.join(build, "obj/lib/*.o")):
        name = os.path.basename(o)[:-2]
        if not os.path.exists(f"lib/{name}.c"):
            continue  # an object left from a file since renamed
        out = subprocess.run(["nm", o], capture_output=True, text=True, check=True).stdout
        uses[name] = set()
        for line in out.splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[1] in "TDRB":
                defs[parts[2]] = name
            elif len(parts) == 2 and parts[0] == "U":
                uses[name].add(parts[1])
    return defs, uses


def mutual_calls(defs, uses):
    """Pairs of library files each of which calls the other, but those of
    one module (MODULES) and those left (MUTUAL_LEFT)."""
    calls = {f: {defs[u] for u in us if u in defs and defs[u] != f} for f, us in uses.items()}
    same = lambda a, b: any(a in m and b in m for m in MODULES)
    return sorted((a, b) for a in calls for b in calls[a]
                  if a < b and a in calls.get(b, ()) and not same(a, b)
                  and (a, b) not in MUTUAL_LEFT)


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build"
    fail = 0
    inc = includes()
    for c in header_cycles(inc):
        print("layout: the headers include one another in a circle: " + c)
        fail += 1
    for f, r in sorted(FAMILY.items()):
        for h in inc.get(f + ".c", []):
            other = FAMILY.get(h[:-2])
            if other is not None and other != r:
                print(f"layout: lib/{f}.c includes {h}, a sibling renderer's header")
                fail += 1
    for b in game_boundaries() + long_files() + readme_map():
        print("layout: " + b)
        fail += 1
    defs, uses = symbols(build)
    if not defs:
        print(f"layout: no objects in {build}/obj/lib: build first")
        return 1
    for f, r in sorted(FAMILY.items()):
        for u in sorted(uses.get(f, ())):
            if FAMILY.get(defs.get(u), r) != r:
                print(f"layout: lib/{f}.c calls {u}, defined in lib/{defs[u]}.c, a sibling renderer")
                fail += 1
    for a, b in mutual_calls(defs, uses):
        print(f"layout: lib/{a}.c and lib/{b}.c call each other")
        fail += 1
    print(f"layout: {len(inc)} files, {len(RENDERERS)} renderers: {fail} problem(s)")
    return 1 if fail else 0


if __name__ == "__main__":
    sys.exit(main())
