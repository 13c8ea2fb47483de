#!/usr/bin/env python3
"""The man page lists exactly the options of each subcommand's table.

usage: man_options.py OPTIONS_DUMP man/tablero.1 [TABLERO]

OPTIONS_DUMP (tests/options_dump.c) prints each table's documented
options; each command's lines in the man page's SYNOPSIS (from
".B tablero CMD" to ".br"; "search-options" standing for the five
search limits) must name each of them -- by its short or its long name
-- and no other option. With TABLERO, so must the usage lines that
begin each command's --help (up to its first blank line).
"""
import collections
import re
import subprocess
import sys

SEARCH = {"--search-turns", "--search-positions", "--candidates", "--window", "--lookback"}


def table(dump):
    out = subprocess.run([dump], check=True, capture_output=True, text=True).stdout
    opts = collections.defaultdict(list)
    for line in out.splitlines():
        cmd, short, long_ = line.split("\t")
        opts[cmd].append({n for n in (short, long_) if n != "-"})
    return opts


def synopsis(man):
    text = open(man, encoding="utf-8").read()
    syn = text[text.index(".SH SYNOPSIS"):text.index(".SH DESCRIPTION")]
    names = collections.defaultdict(set)
    for block in syn.split("\n.br\n"):
        m = re.match(r"\.B tablero (\w+)", block)
        if not m or m.group(1) == "help":
            continue
        # the command's own name and what follows it on its first line
        body = block.replace("\\-", "-")
        found = set(re.findall(r"(?<![\w-])(--?[a-z][a-z-]*)", body))
        if "search-options" in body:
            found |= SEARCH
        names[m.group(1)] |= found
    return names


def usages(tablero, cmds):
    """The options each command's --help usage lines name."""
    names = {}
    for cmd in cmds:
        out = subprocess.run([tablero, cmd, "--help"], capture_output=True, text=True).stdout
        usage = out.split("\n\n")[0]
        found = set(re.findall(r"(?<![\w-])(--?[a-z][a-z-]*)", usage))
        if "search-options" in usage or "SEARCH-OPTIONS" in usage:
            found |= SEARCH
        names[cmd] = found
    return names


def check(what, opts, listed_by, fail):
    for cmd in sorted(set(opts) | set(listed_by)):
        listed = listed_by.get(cmd, set())
        if cmd not in listed_by:
            print(f"man_options: {cmd}: no {what}" + (" in the man page" if what == "synopsis" else ""))
            fail += 1
        for names in opts.get(cmd, []):
            if not names & listed:
                print(f"man_options: {cmd}: {'/'.join(sorted(names))} not in the {what}")
                fail += 1
        known = set().union(*opts.get(cmd, [set()]))
        for name in sorted(listed - known):
            print(f"man_options: {cmd}: the {what} names {name}, which the table lacks")
            fail += 1
    return fail


def main():
    opts = table(sys.argv[1])
    man = synopsis(sys.argv[2])
    fail = 0
    if len(sys.argv) > 3:
        fail = check("usage of --help", opts, usages(sys.argv[3], sorted(opts)), fail)
    fail = check("synopsis", opts, man, fail)
    print(f"man_options: {len(opts)} commands, {sum(map(len, opts.values()))} options, "
          f"{fail} problems")
    return 1 if fail else 0


if __name__ == "__main__":
    sys.exit(main())
