#!/usr/bin/env python3
"""bench/python.py COLLECTION [CHESS_PGN] [--rounds N] -- the Python module
reading a collection (issue 38 part 5), beside python-chess reading chess.

Each side runs in a process of its own (its peak RSS is then its own,
resource.getrusage), in rounds -- every side once per round, one after
the other -- so that a change in the host's load weighs on all of them;
each figure is the median over the rounds. CPU seconds are user + system,
counted from after the imports. The sides:

  tablero.read          records streamed, nothing read of them
  tablero.read + fields every node of each main line: kind, token,
                        number and side (what a program walking the
                        moves reads)
  python-chess          chess.pgn.read_game on CHESS_PGN (default
                        ../shared/bench/chess-20k.pgn.xz, unpacked into
                        build/bench/ once), every main-line move's UCI
  tablero.read + validate()  the rules replay every record: what
                        python-chess does to read a game (it plays every
                        move); one round, for the record

A turn is a node of a main line for tablero (a gap counts as one) and a
ply for python-chess. The goals: peak RSS <= 50 MiB streaming the
collection (50 MB or more), and tablero.read + fields >= 10x python-chess
per turn; each printed met or not met. python-chess is the Debian package
python3-chess (installed with apt-get when missing and run as root); it
runs under this python3 or /usr/bin/python3, whichever imports it. Without
it the comparison says so and is not made.

The module is the checkout's (python/), over TABLERO_LIB or
build/libtablero.so. The standard library only.
"""
import json
import lzma
import os
import resource
import shutil
import statistics
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
PEAK_GOAL_MIB = 50
PER_TURN_GOAL = 10


# ---- one side, in a process of its own --------------------------------------

def _cpu() -> float:
    u = resource.getrusage(resource.RUSAGE_SELF)
    return u.ru_utime + u.ru_stime


def side_tablero(path: str, what: str) -> dict:
    sys.path.insert(0, os.path.join(ROOT, "python"))
    import tablero
    records = turns = 0
    t0 = _cpu()
    if what == "read":
        for rec in tablero.read(path):
            records += 1
    elif what == "fields":
        for rec in tablero.read(path):
            records += 1
            for n in rec:
                n.kind, n.token, n.number, n.side
                turns += 1
    else:  # validate
        for rec in tablero.read(path):
            records += 1
            if not rec.errors:
                rec.validate()
    return {"cpu": _cpu() - t0, "records": records, "turns": turns}


def side_chess(path: str) -> dict:
    import chess.pgn
    games = plies = 0
    t0 = _cpu()
    with open(path, encoding="utf-8", errors="replace") as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            games += 1
            for move in game.mainline_moves():
                move.uci()
                plies += 1
    return {"cpu": _cpu() - t0, "records": games, "turns": plies,
            "version": getattr(chess, "__version__", "?")}


def child(argv) -> None:
    what, path = argv[0], argv[1]
    out = side_chess(path) if what == "chess" else side_tablero(path, what)
    out["peak_kib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps(out))


# ---- the parent: rounds, medians, goals ---------------------------------------

def run_side(python: str, what: str, path: str) -> dict:
    env = dict(os.environ)
    if "TABLERO_LIB" not in env:
        env["TABLERO_LIB"] = os.path.join(ROOT, "build", "libtablero.so")
    p = subprocess.run([python, os.path.abspath(__file__), "--side", what, path],
                       capture_output=True, text=True, env=env)
    if p.returncode != 0:
        sys.stderr.write(p.stderr)
        raise SystemExit("bench/python.py: the %s side failed (exit %d)" % (what, p.returncode))
    return json.loads(p.stdout.strip().splitlines()[-1])


def chess_python():
    """(a python3 that imports chess, or None, why not)."""
    def imports(py):
        return py and subprocess.run([py, "-c", "import chess.pgn"],
                                     capture_output=True).returncode == 0
    tried = [sys.executable, "/usr/bin/python3"]
    for py in tried:
        if imports(py):
            return py, None
    if os.geteuid() == 0 and shutil.which("apt-get"):
        apt = subprocess.run(["apt-get", "install", "-y", "-qq", "python3-chess"],
                             capture_output=True, text=True)
        for py in tried:
            if imports(py):
                return py, None
        said = (apt.stderr.strip().splitlines() or ["exit %d" % apt.returncode])[-1]
        why = ("python-chess is not installed, and apt-get install python3-chess did not "
               "install it (%s)" % said)
    else:
        why = "python-chess is not installed (the Debian package python3-chess)"
    return None, why


def unpacked(pgn: str) -> str:
    """'pgn' itself, or when it ends in .xz the text in build/bench/ (made once)."""
    if not pgn.endswith(".xz"):
        return pgn
    out = os.path.join(ROOT, "build", "bench", os.path.basename(pgn)[:-3])
    if not os.path.exists(out):
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with lzma.open(pgn) as src, open(out + ".tmp", "wb") as dst:
            shutil.copyfileobj(src, dst)
        os.replace(out + ".tmp", out)
    return out


def med(runs, key):
    return statistics.median(r[key] for r in runs)


def row(label: str, mb: float, runs) -> dict:
    cpu, turns = med(runs, "cpu"), runs[0]["turns"]
    peak = med(runs, "peak_kib") / 1024
    per = cpu / turns * 1e6 if turns else float("nan")
    print("%-40s %7.1f %10s %10s %8.2f %9s %9.1f" % (
        label, mb, runs[0]["records"], turns or "-", cpu,
        "%.3f" % per if turns else "-", peak))
    return {"cpu": cpu, "turns": turns, "per": per, "peak": peak}


def main(argv) -> int:
    if argv[:1] == ["--side"]:
        child(argv[1:])
        return 0
    rounds = 3
    if "--rounds" in argv:
        i = argv.index("--rounds")
        rounds = int(argv[i + 1])
        del argv[i:i + 2]
    if not argv:
        print(__doc__.split("\n\n")[0], file=sys.stderr)
        return 2
    coll = argv[0]
    pgn = argv[1] if len(argv) > 1 else os.environ.get(
        "CHESS_PGN", os.path.join(ROOT, os.pardir, "shared", "bench", "chess-20k.pgn.xz"))
    mb = os.path.getsize(coll) / 1e6
    cpy, why = chess_python()
    if cpy and not os.path.exists(pgn):
        cpy, why = None, "%s not found (CHESS_PGN=path names it)" % pgn
    if cpy:
        pgn = unpacked(pgn)
    print("\n== python: tablero.read beside python-chess (bench/python.py) ==")
    print("(%d rounds: each side once a round, in a process of its own; medians. CPU "
          "seconds user + system after the imports, peak RSS the whole process's. The "
          "host may be shared with other work: the ratios are of the same rounds.)" % rounds)
    print("%-40s %7s %10s %10s %8s %9s %9s" % ("step", "MB", "records", "turns", "CPU (s)",
                                              "us/turn", "peak MiB"))
    runs = {"read": [], "fields": [], "chess": []}
    for _ in range(rounds):
        runs["read"].append(run_side(sys.executable, "read", coll))
        runs["fields"].append(run_side(sys.executable, "fields", coll))
        if cpy:
            runs["chess"].append(run_side(cpy, "chess", pgn))
    name = os.path.basename(coll)
    row("tablero.read %s" % name, mb, runs["read"])
    fields = row("tablero.read + fields %s" % name, mb, runs["fields"])
    chess = row("python-chess %s %s" % (runs["chess"][0]["version"], os.path.basename(pgn)),
                os.path.getsize(pgn) / 1e6,
                runs["chess"]) if cpy else None
    vrun = run_side(sys.executable, "validate", coll)
    vrun["turns"] = fields["turns"]  # the same records' turns
    val = row("tablero.read + validate() (1 round)", mb, [vrun])
    peak = max(fields["peak"], med(runs["read"], "peak_kib") / 1024, val["peak"])
    print("goal: peak RSS <= %d MiB streaming %s (%.1f MB): %s (%.1f MiB)%s" % (
        PEAK_GOAL_MIB, name, mb, "met" if peak <= PEAK_GOAL_MIB else "not met", peak,
        "" if mb >= 50 else " -- the goal is for 50 MB or more: this file is smaller"))
    if chess:
        x = chess["per"] / fields["per"]
        print("goal: tablero.read + fields >= %dx python-chess per turn: %s (%.1fx; with "
              "validate() %.1fx)" % (PER_TURN_GOAL, "met" if x >= PER_TURN_GOAL else "not met", x,
                                     chess["per"] / val["per"]))
    else:
        print("goal: tablero.read + fields >= %dx python-chess per turn: not measured: %s"
              % (PER_TURN_GOAL, why))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
