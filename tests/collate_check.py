#!/usr/bin/env python3
"""Random games collated from edited copies (spec/compare.md, section 7).

For each game, several rule options and seeds: a random legal game from
`tablero random`, copied two or three times, each copy but (usually) one
given random edits -- a turn changed, a turn put in, a turn left out, a
stretch left out, a stretch become a gap -- and a few comments and NAGs of
its own. The copies are collated, and:

  - the collation is in canonical form, and `validate` accepts it when one
    copy is the game itself (a legal line: the base);
  - each witness read back with `collate --witness` is that copy, byte
    for byte in canonical form;
  - read independently here, by the rules of section 7.3 (a deliberately
    simple second reading, which knows nothing of the library), the
    collation gives each witness's turns in order, names every witness
    once at every reading, and its text is its base's line;
  - collating the collation with one of its copies gives the collation;
    a copy collated with itself is that copy;
  - its XML is valid against schemas/tgn.rng (when xmllint is there) and
    reads back to the collation.

The searches of the rules through the copies' gaps run under a smaller
limit of positions than by default, so that the whole takes seconds.

Usage: collate_check.py TABLERO WORKDIR SCHEMA. Prints failures, then
"RESULT passed failed". Python's standard library only.
"""
import os
import random
import re
import shutil
import subprocess
import sys

T, WORK, SCHEMA = (os.path.abspath(a) for a in sys.argv[1:4])
os.makedirs(WORK, exist_ok=True)
passed = failed = 0
shown = 0


def check(cond, what, detail=""):
    global passed, failed, shown
    if cond:
        passed += 1
        return True
    failed += 1
    if shown < 20:
        shown += 1
        print("FAIL: %s" % what)
        if detail:
            print("    " + detail.replace("\n", "\n    ")[:3000])
    return False


# The rules' searches through the copies' gaps are bounded tighter than
# by default (their limits are spec/reconstruct.md's business): every run
# of collate and validate takes these.
LIMITS = ["--search-positions", "20000"]


def run(*args, stdin=None):
    if args[0] in ("collate", "validate") and "--witness" not in args:
        args = (args[0],) + tuple(LIMITS) + args[1:]
    p = subprocess.run([T] + list(args), cwd=WORK, capture_output=True, input=stdin,
                       timeout=60)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


# ---- reading TGN, simply ---------------------------------------------

# A '>' belongs to a word when a point follows it (spec/tgn.md section 13).
TOKEN = re.compile(r'\s*(\{(?:\\.|[^\\}])*\}|(?:[^\s<>|(){}"]|>(?=[a-z]\d|\?))+|<|>|\||\(|\)'
                   r'|"(?:\\.|[^"\\])*")')


def lex(text):
    """The movetext's tokens: comments as ('c', text), the rest as strings."""
    out, i = [], 0
    while i < len(text):
        m = TOKEN.match(text, i)
        if not m:
            break
        t = m.group(1)
        i = m.end()
        if t.startswith("{"):
            out.append(("c", re.sub(r"\\(.)", r"\1", t[1:-1]).strip()))
        else:
            out.append(t)
    return out


def split(text):
    """A canonical record: its tags (name -> value) and its movetext."""
    head, _, body = text.partition("\n\n")
    tags = dict(re.findall(r'^\[(\w+) "((?:\\.|[^"\\])*)"\]', head, re.M))
    return tags, body


def is_number(t):
    return isinstance(t, str) and re.fullmatch(r"\d+\.(\.\.)?", t) is not None


def nodes(body):
    """The main line as nodes: ('turn', token) / ('gap', text) /
    ('reading', [(alt, [comments])]), each with its comments after it."""
    toks = [t for t in lex(body) if not is_number(t)]
    toks = toks[:-1] if toks and toks[-1] in ("*", "1-0", "0-1", "1/2-1/2") else toks
    out, i = [], 0
    while i < len(toks):
        t = toks[i]
        if isinstance(t, tuple):
            if out:
                out[-1][2].append(t[1])
            i += 1
            continue
        if t == "(":  # a variation: skipped whole
            depth = 0
            while True:
                depth += toks[i] == "("
                depth -= toks[i] == ")"
                i += 1
                if depth == 0:
                    break
            continue
        if re.fullmatch(r"\$\d+", t):
            i += 1
            continue
        if t == "<":
            j = i + 1
            words = []
            while toks[j] != ">":
                words.append(toks[j])
                j += 1
            i = j + 1
            if words[0] == "gap" and "|" not in words and not any(isinstance(w, tuple) for w in words):
                out.append(("gap", " ".join(words), []))
                continue
            alts, cur = [], None
            for w in words + ["|"]:
                if w == "|":
                    alts.append(cur)
                    cur = None
                elif isinstance(w, tuple):
                    cur[1].append(w[1])
                elif cur is None:
                    cur = [w, []]
                else:
                    cur[0] += " " + w
            out.append(("reading", alts, []))
            continue
        out.append(("turn", bare(t), []))
        i += 1
    return out


def bare(t):
    """A turn without its annotation suffix ('d2!': the NAG is a note)."""
    m = re.fullmatch(r"(.*[\d=])(!!|\?\?|!\?|\?!|!|\?)", t)
    return m.group(1) if m else t


def sigla_list(text, sigla):
    """'A, C' -> ['A', 'C'] when it lists sigla of the collation, else None."""
    names = text.split(", ")
    return names if all(n.rstrip("?") in sigla for n in names) else None


def witness_line(body, sigla, x):
    """Witness x's line, read by the rules of section 7.3: its tokens."""
    line = []
    for kind, v, _ in nodes(body):
        if kind != "reading":
            line.append(v if kind == "turn" else "<%s>" % v)
            continue
        named = [a for a, cs in v if cs and sigla_list(cs[0], sigla) and
                 x in [n.rstrip("?") for n in sigla_list(cs[0], sigla)]]
        if not any(cs and sigla_list(cs[0], sigla) for a, cs in v):
            line.append("<%s>" % " | ".join(a for a, _ in v))
        elif len(named) == 1:
            a = named[0]
            if a == "omitted":
                continue
            line.append("<%s>" % a if a.startswith(("gap", "position", "reconstructed")) else a)
        else:
            line.append("<%s>" % " | ".join(named))
    return line


def text_line(body):
    """The line the record follows: each reading's first alternative."""
    line = []
    for kind, v, _ in nodes(body):
        if kind == "reading":
            a = v[0][0]
            if a != "omitted":
                line.append("<%s>" % a if a.startswith(("gap", "position", "reconstructed")) else a)
        else:
            line.append(v if kind == "turn" else "<%s>" % v)
    return line


# ---- the copies --------------------------------------------------------

NOTES = ["se oye mal", "dice Doña Chela", "@es en el cuaderno", "tercia?", "{no} sé"]


def edited(tokens, rng, edits):
    t = list(tokens)
    for _ in range(edits):
        if len(t) < 3:
            break
        kind = rng.choice(["sub", "ins", "del", "stretch", "gap"])
        i = rng.randrange(len(t))
        n = rng.randint(2, 5)
        if kind == "sub":
            t[i] = rng.choice([x for x in tokens if not x.startswith("<")] or t)
        elif kind == "ins":
            t.insert(i, rng.choice([x for x in tokens if not x.startswith("<")] or t))
        elif kind == "del":
            del t[i]
        elif kind == "stretch":
            del t[i:i + n]
        else:
            t[i:i + n] = ["<gap %d>" % len(t[i:i + n])]
    return t


def write_copy(name, head, tokens, rng, source, notes):
    words = []
    for tok in tokens:
        words.append(tok)
        if notes and rng.random() < 0.08:
            words.append("$%d" % rng.choice([1, 2, 14]))
        if notes and rng.random() < 0.08:
            note = rng.choice(NOTES)
            lang = ""
            if note.startswith("@es "):
                lang, note = "@es ", note[4:]
            words.append("{%s%s}" % (lang, note.replace("\\", "\\\\").replace("}", "\\}")))
    with open(os.path.join(WORK, name), "w", encoding="utf-8") as f:
        f.write(head + '[Source "%s"]\n\n' % source + " ".join(words) + " *\n")


def fmt(name):
    rc, out, err = run("fmt", name)
    return out


# ---- one collation -----------------------------------------------------

def collate_case(game, rules, seed, ncopies, original):
    rng = random.Random("%s/%s/%d/%d" % (game, rules, seed, ncopies))
    args = ["random", "--game", game, "--seed", str(seed), "--turns", str(rng.randint(10, 90))]
    if rules:
        args += ["--rules", rules]
    rc, text, err = run(*args)
    if not check(rc == 0, "%s random" % args, err):
        return
    tags, body = split(text)
    head = "\n".join(l for l in text.partition("\n\n")[0].split("\n")
                     if not l.startswith(("[Result ", "[Source "))) + "\n"
    base_tokens = [t for t in lex(body) if isinstance(t, str) and not is_number(t)][:-1]
    where = "%s (%s) seed %d, %d copies" % (game, rules or "defaults", seed, ncopies)
    copies, seen = [], set()
    for k in range(ncopies):
        for _ in range(20):
            toks = base_tokens if (original and k == 0) else edited(base_tokens, rng, rng.randint(1, 2))
            if tuple(toks) not in seen:
                break
        seen.add(tuple(toks))
        copies.append(toks)
    order = list(range(ncopies))
    rng.shuffle(order)
    names = []
    for pos, k in enumerate(order):
        name = "w%d.tgn" % (pos + 1)
        write_copy(name, head, copies[k], rng, "copia %d" % (k + 1), notes=pos > 0 or not original)
        names.append(name)
    sigla = [chr(ord("A") + i) for i in range(ncopies)]
    rc, out, err = run("collate", *names)
    if not check(rc == 0, where + ": collate exits 0", err):
        return
    with open(os.path.join(WORK, "c.tgn"), "w", encoding="utf-8") as f:
        f.write(out)
    check(fmt("c.tgn") == out, where + ": the collation is in canonical form")
    ctags, cbody = split(out)
    declared = ctags.get("Collation", "").split(", ")
    check(sorted(declared) == sigla, where + ": [Collation] lists the witnesses", out[:600])
    if original:
        rc, _, err = run("validate", "c.tgn")
        check(rc == 0, where + ": validate accepts the collation", err)
    for i, name in enumerate(names):
        want = fmt(name)
        rc, back, err = run("collate", "--witness", sigla[i], "c.tgn")
        check(rc == 0 and back == want, where + ": witness %s read back" % sigla[i],
              err or "".join(l for l in __import__("difflib").unified_diff(
                  want.splitlines(True), back.splitlines(True))))
        _, wbody = split(want)
        wl = [v if k == "turn" else "<%s>" % v for k, v, _ in nodes(wbody)]
        check(witness_line(cbody, declared, sigla[i]) == wl,
              where + ": the readings give witness %s's turns in order" % sigla[i],
              "%s\n%s" % (witness_line(cbody, declared, sigla[i]), wl))
    for kind, v, _ in nodes(cbody):
        if kind != "reading":
            continue
        named = [n.rstrip("?") for a, cs in v if cs and sigla_list(cs[0], declared)
                 for n in sigla_list(cs[0], declared)]
        if not check(sorted(named) == sorted(declared),
                     where + ": every witness is named once at a reading", str(v)):
            break
    base = declared[0]
    bl = [v if k == "turn" else "<%s>" % v
          for k, v, _ in nodes(split(fmt(names[sigla.index(base)]))[1])]
    check(text_line(cbody) == bl, where + ": the record's text is its base's line",
          "%s\n%s" % (text_line(cbody), bl))
    k = rng.randrange(ncopies)
    rc, again, err = run("collate", "c.tgn", names[k])
    check(rc == 0 and again == out, where + ": collating the collation with %s gives it"
          % names[k], err)
    rc, self_, err = run("collate", names[k], names[k])
    check(rc == 0 and self_ == fmt(names[k]), where + ": %s collated with itself" % names[k], err)
    rc, xml, err = run("xml", "c.tgn")
    if check(rc == 0, where + ": to XML", err):
        with open(os.path.join(WORK, "c.xml"), "w", encoding="utf-8") as f:
            f.write(xml)
        if shutil.which("xmllint"):
            p = subprocess.run(["xmllint", "--noout", "--relaxng", SCHEMA, "c.xml"], cwd=WORK,
                               capture_output=True)
            check(p.returncode == 0, where + ": the XML is valid", p.stderr.decode())
        rc, back, err = run("xml", "--to", "tgn", "c.xml")
        check(rc == 0 and back == out, where + ": the XML reads back", err)


OPTIONS = {
    "pitarra": ["", "board=25", "movement=slide; flying=at3"],
    "asalto": ["", "chain=zigzag", "first=defenders; huff=automatic"],
    "ocencahuac": ["", "river=5", "prince=knight; jump=one"],
}

for game, options in OPTIONS.items():
    for rules in options:
        for seed in range(1, 7):
            collate_case(game, rules, seed, 2 + seed % 2, original=seed % 3 != 0)

print("RESULT %d %d" % (passed, failed))
