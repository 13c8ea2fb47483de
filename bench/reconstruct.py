#!/usr/bin/env python3
"""bench/reconstruct.py -- the inputs of the reconstruction bench
(bench/reconstruct.sh), made from random games of each game.

usage: reconstruct.py TABLERO OUTDIR

For each game it writes, from the first random game (fixed seeds) long
enough to have a middle game:
  GAME-gapN.tgn        the game with N turns (2, 4, 6, 8, 10, 12) from its
                       middle (turn 30 on) replaced by <gap N>, the written
                       turns after it kept
  GAME-gapN-pos.tgn    the same with the position after the gap restated
and, for the cost of suggestions:
  GAME-clean.tgn       200 random games
  GAME-slips.tgn       the same games, each with one point of one turn of
                       its middle changed (a misheard point)
Prints one line per file: its name and what was done to it.
"""
import os
import random
import re
import subprocess
import sys

GAMES = {
    "pitarra": {"rules": None, "position": None},
    "asalto": {"rules": "chain=zigzag",
               "position": "A 1 A:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,d4,"
                           "e4,f4,g4,a5,b5,f5,g5 D:d6,e7"},
    "ocencahuac": {"rules": None, "position": None},
}
NUMBER = re.compile(r"^\d+\.(\.\.)?$")
RESULT = {"1-0", "0-1", "1/2-1/2", "*"}


def run(tablero, args, text=None):
    return subprocess.run([tablero] + args, input=text, capture_output=True, text=True,
                          check=False).stdout


def random_games(tablero, game, seed, n, turns):
    g = GAMES[game]
    args = ["random", "--game", game, "--seed", str(seed), "-n", str(n), "--turns", str(turns)]
    if g["rules"]:
        args += ["--rules", g["rules"]]
    if g["position"]:
        args += ["--position", g["position"]]
    out = run(tablero, args)
    return [r for r in re.split(r"\n(?=\[Game )", out) if r.strip()]


def split(record):
    """The tag lines, and the turn tokens of the main line (random games
    have no comments but a closing one, no variations)."""
    head, _, body = record.partition("\n\n")
    body = re.sub(r"\{[^}]*\}", " ", body)
    turns = [w for w in body.split() if not NUMBER.match(w) and w not in RESULT]
    return head, turns


def positions(tablero, record):
    return re.findall(r"\{([^}]*)\}", run(tablero, ["validate", "--positions", "-"], record))


def numbered(turns, first):
    """Turn tokens (or angle forms) numbered from ply 'first' (0: 1.)."""
    out = []
    for k, t in enumerate(turns):
        ply = first + k
        if t.startswith("<"):
            out.append(t)
        else:
            out.append("%d%s %s" % (ply // 2 + 1, "." if ply % 2 == 0 else "...", t))
    return " ".join(out)


def write(path, head, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(head + "\n\n" + text + " *\n")


def gaps(tablero, game, outdir):
    for seed in range(1, 200):
        rec = random_games(tablero, game, seed, 1, 200)[0]
        head, turns = split(rec)
        if len(turns) >= 60:
            break
    else:
        sys.exit("no random %s game of 60 turns" % game)
    head = "\n".join(l for l in head.splitlines() if not l.startswith("[Result"))
    pos = positions(tablero, rec)
    start = 30
    for n in (2, 4, 6, 8, 10, 12):
        after = turns[start + n:start + n + 12]
        text = numbered(turns[:start], 0) + " <gap %d> " % n + numbered(after, start + n)
        write(os.path.join(outdir, "%s-gap%d.tgn" % (game, n)), head, text)
        text = (numbered(turns[:start], 0) + ' <gap %d> <position "%s"> ' % (n, pos[start + n - 1])
                + numbered(after, start + n))
        write(os.path.join(outdir, "%s-gap%d-pos.tgn" % (game, n)), head, text)
        print("%s-gap%d: turns %d-%d of seed %d as <gap %d>" % (game, n, start + 1, start + n,
                                                                 seed, n))


def slips(tablero, game, outdir):
    rng = random.Random(7)
    games = random_games(tablero, game, 900, 200, 120)
    clean, slipped = [], []
    for rec in games:
        head, turns = split(rec)
        head = "\n".join(l for l in head.splitlines() if not l.startswith("[Result"))
        clean.append(head + "\n\n" + numbered(turns, 0) + " *\n")
        k = min(len(turns) - 1, len(turns) // 2)
        points = re.findall(r"[a-g][1-9]|[a-e]1[0]", turns[k])
        if points:
            old = rng.choice(points)
            new = old[0] + str(1 + (int(old[1:]) % 7))
            turns[k] = turns[k].replace(old, new, 1)
        slipped.append(head + "\n\n" + numbered(turns, 0) + " *\n")
    for name, recs in (("clean", clean), ("slips", slipped)):
        with open(os.path.join(outdir, "%s-%s.tgn" % (game, name)), "w", encoding="utf-8") as f:
            f.write("\n".join(recs))
    print("%s-slips: %d games, one point of a middle turn changed in each" % (game, len(games)))


def main():
    tablero, outdir = sys.argv[1], sys.argv[2]
    os.makedirs(outdir, exist_ok=True)
    for game in GAMES:
        gaps(tablero, game, outdir)
        slips(tablero, game, outdir)


if __name__ == "__main__":
    main()
