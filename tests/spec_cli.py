#!/usr/bin/env python3
"""Runs the command-line examples of a spec file (spec/compare.md).

Blocks, in order of the file:

    ~~~~ file NAME        the text up to ~~~~ is written to NAME in a
    ...                   scratch folder (kept for the blocks after it)
    ~~~~

    ~~~~ cli
    $ tablero ARGS...     run in the scratch folder (ARGS split as by a
    expected stdout       shell, without expansion), then what it must
    expected stderr       print: its standard output, then its standard
    [exit N]              error, then its exit status
    ~~~~

Usage: spec_cli.py TABLERO FILE.md... [--update]
--update rewrites the expected text from what the binary does now:
review the diff before committing. Python's standard library only.
"""
import os
import shlex
import subprocess
import sys
import tempfile


def run(tablero, path, update):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    out, passed, failed = [], 0, 0
    scratch = tempfile.mkdtemp(prefix="spec_cli.")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("~~~~ file "):
            name = line[len("~~~~ file "):].strip()
            j = i + 1
            while lines[j] != "~~~~":
                j += 1
            with open(os.path.join(scratch, name), "w", encoding="utf-8") as f:
                f.write("\n".join(lines[i + 1:j]) + "\n")
            out.extend(lines[i:j + 1])
            i = j + 1
            continue
        if line == "~~~~ cli":
            j = i + 1
            while lines[j] != "~~~~":
                j += 1
            cmd = lines[i + 1]
            want = "\n".join(lines[i + 2:j])
            if not cmd.startswith("$ tablero "):
                sys.exit("%s:%d: a cli block starts with '$ tablero '" % (path, i + 2))
            args = shlex.split(cmd[len("$ tablero "):])
            p = subprocess.run([tablero] + args, cwd=scratch, capture_output=True,
                               stdin=subprocess.DEVNULL)
            got = p.stdout.decode("utf-8", "replace") + p.stderr.decode("utf-8", "replace")
            got += "[exit %d]" % p.returncode
            if got == want:
                passed += 1
            else:
                failed += 1
                print("FAIL: %s:%d: %s\n--- expected\n%s\n--- got\n%s\n---"
                      % (path, i + 1, cmd, want, got))
            out.append(line)
            out.append(cmd)
            out.extend(got.split("\n"))
            out.append("~~~~")
            i = j + 1
            continue
        out.append(line)
        i += 1
    if update:
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(out))
    subprocess.run(["rm", "-rf", scratch])
    return passed, failed


def main():
    files = [a for a in sys.argv[2:] if a != "--update"]
    if len(sys.argv) < 3 or not files:
        sys.exit("usage: spec_cli.py TABLERO FILE.md... [--update]")
    tablero = os.path.abspath(sys.argv[1])
    update = "--update" in sys.argv[2:]
    bad = 0
    for path in files:
        passed, failed = run(tablero, path, update)
        print("spec cli: %d passed, %d failed (%s)" % (passed, failed, path))
        bad += failed
    sys.exit(1 if bad and not update else 0)


main()
