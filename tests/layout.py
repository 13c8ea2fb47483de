#!/usr/bin/env python3
"""tests/layout.py -- the house's shape (issue 31): no circle among the
library's headers, and no renderer that uses a sibling renderer; and a
game is one folder (issue 32): no file of the house includes a game's
header, and a game's files include only the house's headers and their
own folder's.

The renderers (RENDERERS below) write a record or a position each its own
way and share what they have in common through modules of their own
(visit.c, diagram.c, caption.c, words.c, and the canonical writer's
pieces, writer.h, which every format writes TGN with): none of them
includes another's header or links to a function defined in another's
file. The second half reads the symbols of the built objects (nm), so
it runs after the build: python3 tests/layout.py BUILD_DIR.
"""
import glob
import os
import re
import subprocess
import sys

RENDERERS = ["svg", "book", "html", "xml_write"]


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


def symbols(build):
    """For each library object: the symbols it defines, those it uses."""
    defs, uses = {}, {}
    for o in glob.glob(os.path.join(build, "obj/lib/*.o")):
        name = os.path.basename(o)[:-2]
        out = subprocess.run(["nm", o], capture_output=True, text=True, check=True).stdout
        uses[name] = set()
        for line in out.splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[1] in "TDRB":
                defs[parts[2]] = name
            elif len(parts) == 2 and parts[0] == "U":
                uses[name].add(parts[1])
    return defs, uses


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build"
    fail = 0
    inc = includes()
    for c in header_cycles(inc):
        print("layout: the headers include one another in a circle: " + c)
        fail += 1
    for r in RENDERERS:
        for h in inc.get(r + ".c", []):
            other = h[:-2]
            if other != r and other in RENDERERS:
                print(f"layout: lib/{r}.c includes {h}, a sibling renderer's header")
                fail += 1
    for b in game_boundaries():
        print("layout: " + b)
        fail += 1
    defs, uses = symbols(build)
    if not defs:
        print(f"layout: no objects in {build}/obj/lib: build first")
        return 1
    for r in RENDERERS:
        for u in sorted(uses.get(r, ())):
            if defs.get(u) in RENDERERS and defs[u] != r:
                print(f"layout: lib/{r}.c calls {u}, defined in lib/{defs[u]}.c, a sibling renderer")
                fail += 1
    print(f"layout: {len(inc)} files, {len(RENDERERS)} renderers: {fail} problem(s)")
    return 1 if fail else 0


if __name__ == "__main__":
    sys.exit(main())
