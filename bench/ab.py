#!/usr/bin/env python3
"""bench/ab.py OLD NEW COLLECTION [VALIDATE-FILE...] -- two builds of
tablero side by side: each command run by the one and the other in turn,
round by round, on the same file, and wc -l beside them as the anchor;
CPU seconds of the child (user + system, to the microsecond), medians of
7 rounds. For a change's cost, where make bench's anchors would read two
runs made at different times on a shared machine (README, "Benchmark").

  python3 bench/ab.py /old/build/tablero build/tablero collection.tgn r-pitarra.tgn
"""
import resource
import statistics
import subprocess
import sys


def cpu(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    old, new, collection, checked = argv[1], argv[2], argv[3], argv[4:]
    cases = [("parse", collection), ("fmt", collection)] + [("validate", f) for f in checked]
    print("%-8s %-28s %9s %9s %7s %9s" % ("command", "file", "before", "after", "ratio", "x wc -l"))
    for cmd, path in cases:
        o, n, w = [], [], []
        for _ in range(7):
            o.append(cpu([old, cmd, "-j", "1", path]))
            n.append(cpu([new, cmd, "-j", "1", path]))
            w.append(cpu(["wc", "-l", path]))
        mo, mn, mw = (statistics.median(x) for x in (o, n, w))
        print("%-8s %-28s %8.3fs %8.3fs %7.3f %8.1fx"
              % (cmd, path[-28:], mo, mn, mn / mo if mo else 0, mn / mw if mw else 0))


if __name__ == "__main__":
    main(sys.argv)
