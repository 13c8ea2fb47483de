#!/usr/bin/env python3
"""tests/lsp.py -- tablero lsp spoken to in raw JSON-RPC (issue 34).

usage: python3 tests/lsp.py build/tablero

Standard library only. Every method the server offers is asked at least
once and its answer checked against what the command line says of the
same text (validate's diagnostics, fmt's output, fill's decisions);
then malformed messages: bad JSON, bad framing, an oversized message,
unknown methods, bad params, positions outside the text, requests before
initialize and after shutdown, the client going away. A server that
hangs fails by the guard's timeout (not a measure of speed).
"""
import json
import os
import select
import subprocess
import sys
import tempfile

TABLERO = sys.argv[1] if len(sys.argv) > 1 else "build/tablero"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GUARD = 60  # seconds a single answer may take before the server is called hung
FAILS = []


def check(cond, what):
    if not cond:
        FAILS.append(what)
        print("FAIL: " + what)


def utf16(s):
    return len(s.encode("utf-16-le")) // 2


class Server:
    def __init__(self, args=()):
        self.p = subprocess.Popen([TABLERO, "lsp", *args], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.buf = b""
        self.notes = []
        self.next_id = 100

    def raw(self, data):
        self.p.stdin.write(data)
        self.p.stdin.flush()

    def send(self, obj):
        body = json.dumps(obj).encode()
        self.raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def _fill(self):
        r, _, _ = select.select([self.p.stdout], [], [], GUARD)
        if not r:
            raise TimeoutError("no answer from tablero lsp")
        chunk = os.read(self.p.stdout.fileno(), 1 << 20)
        if not chunk:
            raise EOFError("tablero lsp closed its output")
        self.buf += chunk

    def read(self):
        while b"\r\n\r\n" not in self.buf:
            self._fill()
        head, rest = self.buf.split(b"\r\n\r\n", 1)
        n = None
        for line in head.split(b"\r\n"):
            k, v = line.split(b":", 1)
            if k.strip().lower() == b"content-length":
                n = int(v)
        assert n is not None, head
        while len(rest) < n:
            self._fill()
            rest = self.buf.split(b"\r\n\r\n", 1)[1]
        self.buf = rest[n:]
        return json.loads(rest[:n].decode("utf-8"))

    def answer(self, id_):
        while True:
            m = self.read()
            if "method" in m and "id" not in m:
                self.notes.append(m)
                continue
            if m.get("id") == id_:
                return m
            self.notes.append(m)

    def request(self, method, params=None):
        self.next_id += 1
        msg = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)
        return self.answer(self.next_id)

    def notify(self, method, params=None):
        msg = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)

    def note(self, method, uri=None):
        """The next notification 'method' (for 'uri'), reading on."""
        while True:
            for i, m in enumerate(self.notes):
                if m.get("method") == method and (uri is None or m["params"].get("uri") == uri):
                    return self.notes.pop(i)
            m = self.read()
            self.notes.append(m)

    def diagnostics(self, uri):
        return self.note("textDocument/publishDiagnostics", uri)["params"]["diagnostics"]

    def logged(self):
        return self.note("window/logMessage")["params"]["message"]

    def init(self, options=None, locale=None):
        params = {"processId": None, "rootUri": None, "capabilities": {}}
        if options is not None:
            params["initializationOptions"] = options
        if locale is not None:
            params["locale"] = locale
        r = self.request("initialize", params)
        self.notify("initialized", {})
        return r

    def open(self, uri, text):
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "tgn", "version": 1, "text": text}})
        self.logged()
        return self.diagnostics(uri)

    def close(self):
        try:
            self.p.stdin.close()
        except BrokenPipeError:
            pass
        try:
            rc = self.p.wait(GUARD)
            err = self.p.stderr.read().decode("utf-8", "replace")
            check("Sanitizer" not in err and "runtime error" not in err,
                  "the server's standard error is clean: %s" % err[-2000:])
            return rc
        finally:
            self.p.stdout.close()
            self.p.stderr.close()


def doc(uri):
    return {"textDocument": {"uri": uri}}


def at(uri, line, ch):
    return {"textDocument": {"uri": uri}, "position": {"line": line, "character": ch}}


def apply_edits(text, edits):
    """LSP TextEdits applied to 'text' (positions in UTF-16 units)."""
    lines = text.split("\n")

    def off(p):
        before = sum(len(l) + 1 for l in lines[:p["line"]])
        line = lines[p["line"]] if p["line"] < len(lines) else ""
        k = 0
        units = 0
        while units < p["character"] and k < len(line):
            units += utf16(line[k])
            k += 1
        return before + k

    spans = sorted(((off(e["range"]["start"]), off(e["range"]["end"]), e["newText"])
                    for e in edits), reverse=True)
    for a, z, t in spans:
        text = text[:a] + t + text[z:]
    return text


def run(*args, stdin=None):
    return subprocess.run([TABLERO, *args], input=stdin, capture_output=True, text=True)


SLIP = """[Game "pitarra"]
[Site "Querétaro"]
[Date "2001.??.??"]
[Red "?"]
[Yellow "?"]
[Result "*"]

{@es Ñandú 𝄞 مرحبا} 1. d1 {ñ 𝄞 قال} a1 2. d2 a4 3. d3 a7 *
"""


def S_related_places(d, text, shift):
    """Each related location of 'd' that starts 'at L:C' is the turn at L:C of
    'text' (the test reads the words to compare; the server does not)."""
    rel = [x for x in d.get("relatedInformation", []) if x["message"].startswith("at ")]
    check(rel, "repairs among the related information: %r" % d)
    lines = text.split("\n")
    for x in rel:
        l, c = (int(v) for v in x["message"][3:].split(",")[0].split(":"))
        check(l >= 3 + shift, "a repair's words name the moved line: %r" % x["message"])
        start = x["location"]["range"]["start"]
        want = {"line": l - 1, "character": utf16(lines[l - 1][:c - 1])}
        check(start == want, "related location of %r: %r, want %r" % (x["message"], start, want))
        tok = lines[l - 1][c - 1:].split(" ")[0]
        end = x["location"]["range"]["end"]
        check(end == {"line": l - 1, "character": want["character"] + utf16(tok)},
              "the related range covers the turn %r: %r" % (tok, end))


def validate_places(text):
    """(line, col, code) of each diagnostic of 'tablero validate'."""
    with tempfile.NamedTemporaryFile("w", suffix=".tgn", delete=False, encoding="utf-8") as f:
        f.write(text)
    try:
        out = run("validate", f.name).stderr
    finally:
        os.unlink(f.name)
    found = []
    for line in out.splitlines():
        if line.startswith(f.name + ":"):
            parts = line[len(f.name) + 1:].split(":")
            code = line.rsplit("[TB", 1)[1].rstrip("]")
            found.append((int(parts[0]), int(parts[1]), "TB" + code))
    return found


def test_lifecycle_and_diagnostics():
    s = Server()
    r = s.request("hover", at("file:///a.tgn", 0, 0))
    check(r.get("error", {}).get("code") == -32002, "a request before initialize: -32002")
    r = s.init()
    caps = r["result"]["capabilities"]
    check(caps["textDocumentSync"]["change"] == 2, "incremental sync offered")
    for k in ("hoverProvider", "completionProvider", "documentFormattingProvider",
              "documentRangeFormattingProvider", "documentSymbolProvider",
              "foldingRangeProvider", "definitionProvider", "codeActionProvider"):
        check(k in caps, "capability " + k)
    r = s.request("initialize", {"capabilities": {}})
    check(r.get("error", {}).get("code") == -32600, "initialize twice: -32600")

    uri = "file:///slip.tgn"
    diags = s.open(uri, SLIP)
    want = validate_places(SLIP)
    check(len(diags) == len(want) == 1, "one diagnostic, as validate: %r %r" % (diags, want))
    d = diags[0]
    line = SLIP.split("\n")[want[0][0] - 1]
    col = want[0][1] - 1  # code points before it
    check(d["range"]["start"] == {"line": want[0][0] - 1, "character": utf16(line[:col])},
          "the diagnostic at validate's line:col in UTF-16 units: %r" % d["range"])
    check(line[col:col + 2] == "d3", "validate's column is the turn's")
    check(d["code"] == "TB401" and d["severity"] == 1, "code and severity")
    rel = [x["message"] for x in d.get("relatedInformation", [])]
    check(any(m.startswith("at 8:") and "a part not written" in m for m in rel),
          "related information holds the repairs: %r" % rel)
    # each repair's location is the place the library types (tb_diag.places),
    # the turn it names: the same line and column as its words say
    S_related_places(d, SLIP, 0)
    # moved two lines down (two blank lines before it), the record is checked
    # again: its words and its places both follow it
    moved = s.open("file:///moved.tgn", "\n\n" + SLIP)
    check(len(moved) == 1 and moved[0]["range"]["start"]["line"] == d["range"]["start"]["line"] + 2,
          "the moved record's diagnostic two lines down: %r" % moved)
    if moved:
        S_related_places(moved[0], "\n\n" + SLIP, 2)

    # the same record with CRLF line ends: the same place
    d2 = s.open("file:///crlf.tgn", SLIP.replace("\n", "\r\n"))
    check([x["range"] for x in d2] == [d["range"]], "CRLF: the same range: %r" % d2)
    # code action: the first repair applied gives the repaired record
    r = s.request("textDocument/codeAction", {**doc(uri), "range": d["range"],
                                              "context": {"diagnostics": [d]}})
    acts = r["result"]
    titles = [a["title"] for a in acts]
    check(any(t.startswith("Repair (a part not written): d3x") for t in titles), "repair action")
    check(any(t.startswith("Keep as a reading: <reconstructed d3x") for t in titles),
          "reading action")
    check(any(t.startswith("Repair (a turn seems to be missing") for t in titles),
          "missing-turn action")
    first = acts[0]
    fixed = apply_edits(SLIP, first["edit"]["changes"][uri])
    check("3. d3xa1 a7" in fixed, "the repair puts in the part: %r" % fixed[-40:])
    check(validate_places(fixed) == [], "the repaired record validates clean")
    missing = [a for a in acts if a["title"].startswith("Repair (a turn seems")][0]
    fixed2 = apply_edits(SLIP, missing["edit"]["changes"][uri])
    check("3. g1 d3" in fixed2 and "4. a7" in fixed2, "the missing turn put in, renumbered")

    # incremental change: the fix typed in, the diagnostic goes
    s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
             "contentChanges": [{"range": {"start": {"line": 7, "character": utf16(line[:col + 2])},
                                           "end": {"line": 7, "character": utf16(line[:col + 2])}},
                                 "text": "xa1"}]})
    s.logged()
    check(s.diagnostics(uri) == [], "the slip fixed by an incremental change")
    s.notify("textDocument/didClose", doc(uri))
    check(s.diagnostics(uri) == [], "closing clears the diagnostics")
    r = s.request("shutdown")
    check("result" in r and r["result"] is None, "shutdown answers null")
    r = s.request("textDocument/hover", at(uri, 0, 0))
    check(r.get("error", {}).get("code") == -32600, "a request after shutdown: -32600")
    s.notify("exit")
    check(s.close() == 0, "exit after shutdown: status 0")


def sample(name):
    with open(os.path.join(ROOT, "samples", name), encoding="utf-8") as f:
        return f.read()


def test_records_checked_once():
    s = Server()
    s.init()
    texts = [sample("pitarra-navajos-1998.tgn"), sample("pitarra-fragmento-cinta.tgn"),
             sample("asalto-fas-1992.tgn")]
    text = "\n".join(texts)
    uri = "file:///three.tgn"
    s.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "tgn",
                                                       "version": 1, "text": text}})
    check(s.logged() == "tablero: checked 3 of 3 records", "all three checked at first")
    first = s.diagnostics(uri)
    # a keystroke inside the second record's comment: only it is checked again
    ln = len(texts[0].split("\n"))  # the second record's first line (0 up)
    k = texts[1].split("\n").index(next(l for l in texts[1].split("\n") if "Inaudible" in l))
    pos = {"line": ln + k, "character": texts[1].split("\n")[k].index("Inaudible")}
    s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
             "contentChanges": [{"range": {"start": pos, "end": pos}, "text": "¡"}]})
    check(s.logged() == "tablero: checked 1 of 3 records", "one record checked again")
    check(s.diagnostics(uri) == first, "the same diagnostics")
    # an Arabic comment edited in the third: columns in UTF-16 stay right
    text = text.replace("Inaudible", "¡Inaudible")
    s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3},
             "contentChanges": [{"text": text.replace("46... a3xc5xc7!", "46... a3xc5xe7!")}]})
    check(s.logged() == "tablero: checked 1 of 3 records", "a whole-text change: one record anew")
    diags = s.diagnostics(uri)
    full = text.replace("46... a3xc5xc7!", "46... a3xc5xe7!")
    want = validate_places(full)
    got = [(d["range"]["start"]["line"] + 1, d["code"]) for d in diags]
    check(got == [(w[0], w[2]) for w in want], "diagnostics as validate's: %r %r" % (got, want))
    lines = full.split("\n")
    for d, w in zip(diags, want):
        check(d["range"]["start"]["character"] == utf16(lines[w[0] - 1][:w[1] - 1]),
              "UTF-16 column of %r" % (w,))
    # a line put in before the first record: all three move; the first has
    # no diagnostic (its results are kept, moved), the others' messages
    # name lines (checked again)
    ln = 0
    s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 4},
             "contentChanges": [{"range": {"start": {"line": ln, "character": 0},
                                           "end": {"line": ln, "character": 0}}, "text": "\n"}]})
    m = s.logged()
    check(m == "tablero: checked 2 of 3 records", "moved records: only those naming lines: " + m)
    lines = full.split("\n")
    lines.insert(ln, "")
    full = "\n".join(lines)
    got = [(d["range"]["start"]["line"] + 1, d["range"]["start"]["character"], d["code"])
           for d in s.diagnostics(uri)]
    want = [(w[0], utf16(lines[w[0] - 1][:w[1] - 1]), w[2]) for w in validate_places(full)]
    check(got == want, "after the move, diagnostics as validate's: %r %r" % (got, want))
    # a change past the end is clamped, and said
    s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 5},
             "contentChanges": [{"range": {"start": {"line": 9999, "character": 0},
                                           "end": {"line": 9999, "character": 5}}, "text": "\n"}]})
    m = s.note("window/showMessage")
    check("clamped" in m["params"]["message"], "an edit outside the text is clamped and said")
    s.request("shutdown")
    s.notify("exit")
    s.close()


def test_features():
    s = Server()
    s.init()
    uri = "file:///frag.tgn"
    text = sample("pitarra-fragmento-cinta.tgn")
    lines = text.split("\n")
    s.open(uri, text)

    # hover on a turn: the board as text in a code block, whose turn
    ln = next(i for i, l in enumerate(lines) if l.startswith("1. f2"))
    r = s.request("textDocument/hover", at(uri, ln, lines[ln].index("b4")))
    v = r["result"]["contents"]["value"]
    board = run("show", "--ply", "2", os.path.join(ROOT, "samples", "pitarra-fragmento-cinta.tgn")).stdout
    check("```" in v and "Tras 1... b4" in v,
          "hover names the turn (in the record's language) and draws the board: %r" % v[:60])
    block = v.split("```\n")[1] if "```\n" in v else "?"
    check(block in board, "hover's board is show's after the same turn: %r" % block[-80:])
    # hover on a '?': what fits
    q = next(i for i, l in enumerate(lines) if l.startswith("18... b6-a7xe4"))
    col = lines[q].index(" ? ") + 1
    r = s.request("textDocument/hover", at(uri, q, col))
    v = r["result"]["contents"]["value"]
    check("g1-f2" in v, "hover on '?' says what fits: %r" % v)
    # hover on a tag
    r = s.request("textDocument/hover", at(uri, 1, 2))
    check("[Rules]" in r["result"]["contents"]["value"], "hover on a tag")

    # completion at the '?': the rules' candidate first
    r = s.request("textDocument/completion", at(uri, q, col + 1))
    items = r["result"]["items"]
    check(items and items[0]["label"] == "g1-f2", "completion at '?': g1-f2 first: %r"
          % [i["label"] for i in items[:5]])
    check(all(i["textEdit"]["range"]["start"]["character"] == col for i in items),
          "completion replaces the '?'")
    # completion after a known turn, at the end of a line: legal turns
    r = s.request("textDocument/completion", at(uri, ln, len(lines[ln])))
    check(len(r["result"]["items"]) > 0, "completion in movetext gives legal turns")
    # in the tag section: names, and the values of [Game]
    r = s.request("textDocument/completion", at(uri, 0, 1))
    names = [i["label"] for i in r["result"]["items"]]
    check("Site" in names and "Red" in names, "tag names: %r" % names[:8])
    r = s.request("textDocument/completion", at(uri, 1, len('[Rules "')))
    vals = [i["label"] for i in r["result"]["items"]]
    check(any(v.startswith("pitarra; movement=") for v in vals), "rule options: %r" % vals[:4])

    # formatting: the document becomes fmt's output
    fmt = run("fmt", "-", stdin=text).stdout
    r = s.request("textDocument/formatting", {**doc(uri), "options": {"tabSize": 4, "insertSpaces": True}})
    check(apply_edits(text, r["result"]) == fmt, "formatting gives tablero fmt's text")

    # document symbols: the record, by its tags, and move numbers
    r = s.request("textDocument/documentSymbol", doc(uri))
    syms = r["result"]
    check(len(syms) == 1 and "La Pitarra" in syms[0]["name"] and "La Griega" in syms[0]["name"],
          "a record's symbol: %r" % syms[0]["name"])
    kids = [c["name"] for c in syms[0].get("children", [])]
    check("1." in kids and "20." in kids, "move numbers as symbols: %r" % kids[:5])

    # folding: the record, the multi-line comment... (a record of one-line comments: the record)
    r = s.request("textDocument/foldingRange", doc(uri))
    check(any(f["startLine"] == 0 for f in r["result"]), "the record folds")

    # definition: from 20. to the restated position before it
    t = next(i for i, l in enumerate(lines) if l.startswith("20. "))
    r = s.request("textDocument/definition", at(uri, t, 1))
    pos_line = next(i for i, l in enumerate(lines) if l.startswith('<position "R 20'))
    check(r["result"]["range"]["start"]["line"] == pos_line, "definition: the restated position")
    r = s.request("textDocument/definition", at(uri, ln, 1))
    check(r["result"]["range"]["start"]["line"] == 0, "definition before any: the record's start")

    # code action: what the rules decide put in, as fill writes it
    r = s.request("textDocument/codeAction", {**doc(uri), "range": {"start": {"line": q, "character": 0},
                  "end": {"line": q, "character": 0}}, "context": {"diagnostics": []}})
    here = [a for a in r["result"] if a["title"].startswith("Put in what the rules decide here")]
    check(len(here) == 1 and here[0]["title"].endswith("<reconstructed g1-f2>"),
          "the '?' on the line put in alone: %r" % [a["title"] for a in r["result"]])
    if here:
        one = apply_edits(text, here[0]["edit"]["changes"][uri])
        check("19. f2-e3xa4 <reconstructed g1-f2> @0:49:12-0:49:20 {" in one,
              "the '?' replaced where it stands, its link kept")
    fill = [a for a in r["result"] if a["title"].startswith("Put in what the rules decide (")]
    check(len(fill) == 1, "a fill action")
    if fill:
        filled = apply_edits(text, fill[0]["edit"]["changes"][uri])
        want = run("fill", "-", stdin=text).stdout
        check(filled == want, "the fill action gives tablero fill's record")
    s.request("shutdown")
    s.notify("exit")
    s.close()


TWO = """[Game "pitarra"]
[Site "?"]
[Date "????.??.??"]
[Red "?"]
[Yellow "?"]
[Result "*"]

1.   d1   a1 *

[Game "pitarra"]
[Site "?"]
[Date "????.??.??"]
[Red "?"]
[Yellow "?"]
[Result "*"]

{@es Un comentario
de dos líneas.}
1. d1 a1 2. d2 (2. g1 {otra
línea} b2
3. b4) 2... a4  3. g1 *
"""


def test_outline():
    s = Server()
    s.init()
    uri = "file:///two.tgn"
    diags = s.open(uri, TWO)
    check(diags == [], "two clean records: %r" % diags)
    lines = TWO.split("\n")
    second = lines.index("{@es Un comentario")
    # folding: both records, the comment of two lines, the variation
    r = s.request("textDocument/foldingRange", doc(uri))
    folds = {(f["startLine"], f["endLine"], f.get("kind")) for f in r["result"]}
    check((0, 7, "region") in folds, "the first record folds: %r" % sorted(folds))
    check((second, second + 1, "comment") in folds, "the comment of two lines folds")
    v = lines.index("1. d1 a1 2. d2 (2. g1 {otra")
    check((v, v + 2, "region") in folds, "the variation folds: %r" % sorted(folds))
    # range formatting: the second record only, the first as it was
    r = s.request("textDocument/rangeFormatting", {**doc(uri), "range": {
        "start": {"line": second, "character": 0}, "end": {"line": second, "character": 0}},
        "options": {"tabSize": 4, "insertSpaces": True}})
    out = apply_edits(TWO, r["result"])
    first = TWO.split("\n\n[Game")[0]
    check(out.startswith(first + "\n\n[Game"), "the first record left as it was")
    want_second = run("fmt", "-", stdin="[Game" + TWO.split("\n\n[Game", 1)[1]).stdout
    check(out.endswith(want_second), "the second record as fmt writes it: %r" % out[-120:])
    r = s.request("textDocument/formatting", {**doc(uri), "options": {"tabSize": 4, "insertSpaces": True}})
    check(apply_edits(TWO, r["result"]) == run("fmt", "-", stdin=TWO).stdout, "both records formatted")
    # completion inside the variation: from the position before 2. d2
    r = s.request("textDocument/completion", at(uri, v + 1, lines[v + 1].index("b2")))
    labels = [i["label"] for i in r["result"]["items"]]
    check("b2" in labels and "a1" not in labels, "completion in the variation, after 2. g1: %r" % labels[:6])
    r = s.request("textDocument/completion", at(uri, second + 1, 3))
    check(r["result"]["items"] == [], "no turns offered inside a comment")
    # hover on a move number: the turn it numbers
    r = s.request("textDocument/hover", at(uri, v, lines[v].index("2. d2")))
    check("2. d2" in r["result"]["contents"]["value"], "hover on a move number")
    # symbols: two records, the move numbers of each
    r = s.request("textDocument/documentSymbol", doc(uri))
    check(len(r["result"]) == 2 and [c["name"] for c in r["result"][1]["children"]] == ["1.", "2.", "3."],
          "symbols of two records: %r" % r["result"])
    # a record with errors: formatting refuses, with -32803
    s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
             "contentChanges": [{"range": {"start": {"line": 7, "character": 0},
                                           "end": {"line": 7, "character": 0}}, "text": "{"}]})
    s.logged()
    s.diagnostics(uri)
    r = s.request("textDocument/formatting", {**doc(uri), "options": {"tabSize": 4, "insertSpaces": True}})
    check(r.get("error", {}).get("code") == -32803, "formatting a record with errors: -32803")
    # missing tags: added after the last tag
    s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3},
             "contentChanges": [{"text": '[Game "asalto"]\n\n1. d4-d5 *\n'}]})
    s.logged()
    s.diagnostics(uri)
    r = s.request("textDocument/codeAction", {**doc(uri), "range": {"start": {"line": 0, "character": 0},
                  "end": {"line": 0, "character": 0}}, "context": {"diagnostics": []}})
    tags = [a for a in r["result"] if a["title"] == "Add the missing tags of the roster"]
    check(len(tags) == 1, "an action adds the missing tags")
    if tags:
        t = apply_edits('[Game "asalto"]\n\n1. d4-d5 *\n', tags[0]["edit"]["changes"][uri])
        check('[Attackers "?"]' in t and '[Site "?"]' in t and t.index("[Site") > t.index("[Game"),
              "the roster's tags after [Game]: %r" % t)
    s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 4},
             "contentChanges": [{"text": '[Site "x"]\n\n1. d1 *\n'}]})
    s.logged()
    s.diagnostics(uri)
    r = s.request("textDocument/codeAction", {**doc(uri), "range": {"start": {"line": 0, "character": 0},
                  "end": {"line": 0, "character": 0}}, "context": {"diagnostics": []}})
    games = [a["title"] for a in r["result"] if a["title"].startswith("Add [Game")]
    check(len(games) == 3, "without [Game], one action per game: %r" % games)
    s.request("shutdown")
    s.notify("exit")
    s.close()


QUICK = '[Game "pitarra"]\n[Red " Ana "]\n\n1. c3 {\u00f1and\u00fa \U0001F3B2} f4, 2. a1 b2 3. c4 \uff43' \
        '5 4 d1 d2 *\n'


def test_quick_fixes():
    """The fixes the library types on a diagnostic (tb_diag.fixes) offered
    as quickfix actions: one per fix, titled by what it writes, preferred
    when alone, its edit in UTF-16 units (a character of two units before
    it on its line); applied, the diagnostic at that place is gone."""
    s = Server()
    s.init()
    uri = "file:///quick.tgn"
    diags = s.open(uri, QUICK)
    want = {("TB215", 1): 'Write "Ana"', ("TB301", 3): None}
    got = {}
    for d in diags:
        r = s.request("textDocument/codeAction", {**doc(uri), "range": d["range"],
                                                  "context": {"diagnostics": [d]}})
        mine = [a for a in r["result"] if [(x["range"], x["code"]) for x in
                                           a.get("diagnostics", [])] == [(d["range"], d["code"])]]
        got.setdefault((d["code"], d["range"]["start"]["line"]), []).extend(mine)
        for a in mine:
            check(a["kind"] == "quickfix" and a.get("isPreferred") is True,
                  "a fix alone on its diagnostic: a preferred quickfix: %r" % a)
            edits = a["edit"]["changes"][uri]
            fixed = apply_edits(QUICK, edits)
            s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                     "contentChanges": [{"text": fixed}]})
            s.logged()
            after = s.diagnostics(uri)
            check(not [x for x in after if x["range"]["start"] == d["range"]["start"]
                       and x["code"] == d["code"]],
                  "%s applied: no %s left at %r: %r" % (a["title"], d["code"], d["range"], after))
            s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3},
                     "contentChanges": [{"text": QUICK}]})
            s.logged()
            s.diagnostics(uri)
    titles = sorted(a["title"] for v in got.values() for a in v)
    check(titles == sorted(['Write "Ana"', "Write f4", "Write c5", "Write 4."]),
          "the fixes' titles: %r" % titles)
    line = QUICK.split("\n")[3]
    for a in got.get(("TB301", 3), []):
        e = a["edit"]["changes"][uri]
        if a["title"] == "Write c5":
            # the edit replaces the fullwidth letter alone (what differs), after
            # the die of two UTF-16 units: its start counts them
            k = line.index("\uff43")
            check(e == [{"range": {"start": {"line": 3, "character": utf16(line[:k])},
                                   "end": {"line": 3, "character": utf16(line[:k + 1])}},
                         "newText": "c"}], "the fullwidth fix's edit in UTF-16 units: %r" % e)
        if a["title"] == "Write f4":
            k = line.index("f4,")
            check(e == [{"range": {"start": {"line": 3, "character": utf16(line[:k + 2])},
                                   "end": {"line": 3, "character": utf16(line[:k + 3])}},
                         "newText": ""}], "the comma's edit: %r" % e)
    check(want[("TB215", 1)] in [a["title"] for a in got.get(("TB215", 1), [])],
          "TB215's fix: the value without its blanks")
    s.request("shutdown")
    s.notify("exit")
    s.close()


def test_open_hover():
    """A '?' more than one turn fits: hover says how many, in the record's
    language; completion there lists exactly the turns validate names."""
    text = '[Game "pitarra"]\n[Language "es"]\n\n1. d1 ? 2. d2 a4 *\n'
    s = Server()
    s.init()
    uri = "file:///q.tgn"
    d = s.open(uri, text)
    check(len(d) == 1 and d[0]["code"] == "TB408", "the open '?' warned of: %r" % d)
    r = s.request("textDocument/hover", at(uri, 3, 6))
    v = r["result"]["contents"]["value"]
    check("Caben 21 jugadas en 1... ?" in v and "TB408" in v, "hover on an open '?': %r" % v)
    r = s.request("textDocument/completion", at(uri, 3, 6))
    items = r["result"]["items"]
    keep = [i["label"] for i in items if i["detail"].startswith("keeps")]
    check(len(keep) == 21, "21 turns keep the rest legal, as validate says: %d" % len(keep))
    check([i["label"] for i in items[:len(keep)]] == keep, "those first")
    s.request("shutdown")
    s.notify("exit")
    s.close()


def test_settings():
    norules = SLIP.replace('[Site', '[Site').replace("3. d3 a7", "3. d3xa1 a7")
    s = Server()
    r = s.init({"rules": "pitarra; movement=jump"})
    uri = "file:///r.tgn"
    diags = s.open(uri, norules)
    check(any(d["code"] == "TB207" and d["range"]["start"]["line"] == 0 for d in diags),
          "the settings' rules apply to a record without [Rules]: %r" % diags)
    s.notify("workspace/didChangeConfiguration", {"settings": {"tablero": {"rules": "pitarra; movement=fly"}}})
    s.logged()
    check(s.diagnostics(uri) == [], "new settings check again")
    s.notify("workspace/didChangeConfiguration", {"settings": {"tablero": {"searchTurns": "many"}}})
    m = s.note("window/showMessage")
    check("not changed" in m["params"]["message"], "bad settings are refused and said")
    s.notify("workspace/didChangeConfiguration", {"settings": {"tablero": {"language": "es"}}})
    s.logged()
    s.diagnostics(uri)
    ln = norules.split("\n").index(next(l for l in norules.split("\n") if l.startswith("{@es")))
    sl = norules.split("\n")[ln]
    r = s.request("textDocument/hover", at(uri, ln, utf16(sl[:sl.index("a1")])))
    check("Tras 1... a1" in r["result"]["contents"]["value"], "hover in the settings' language: %r"
          % r["result"]["contents"]["value"][:80])
    frag = sample("pitarra-fragmento-cinta.tgn")
    s.notify("workspace/didChangeConfiguration", {"settings": {"tablero": {"searchTurns": 4}}})
    s.logged()
    s.diagnostics(uri)
    d = s.open("file:///f.tgn", frag)
    check(any("limit of 4" in x["message"] for x in d), "search limits from the settings")
    r = s.request("initialize", {"capabilities": {}, "initializationOptions": {"rules": 7}})
    check("error" in r, "initialize twice is refused")
    s2 = Server()
    r = s2.request("initialize", {"capabilities": {}, "initializationOptions": {"rules": 7}})
    check(r.get("error", {}).get("code") == -32602, "bad initializationOptions: -32602")
    s2.close()
    s.close()


# SLIP in Spanish, with a second slip after the first: its note names the
# assumption the first made, at the first's place (9:52), not at its own
SLIP_ES = SLIP.replace('[Result "*"]', '[Result "*"]\n[Language "es"]') \
    .replace("3. d3 a7 *", "3. d3 a7 4. d3 g7 *")


def actions_at(s, uri, d, only=None):
    ctx = {"diagnostics": []}
    if only is not None:
        ctx["only"] = only
    return s.request("textDocument/codeAction", {**doc(uri), "range": d["range"],
                                                 "context": ctx})["result"]


def test_language():
    """Diagnostics in the record's language, as the desk shows them: the
    rules' reasons and the notes (the repairs, the assumption) in Spanish
    for [Language "es"]; the 'language' setting forces English; a record
    without a language tablero has takes the client's locale. The places
    the notes name, and the code actions, are the same in every language
    (typed data, never the words)."""
    uri = "file:///es.tgn"
    es = Server()
    es.init()
    de = es.open(uri, SLIP_ES)
    en = Server()
    en.init({"language": "en"})
    dn = en.open(uri, SLIP_ES)
    check([d["code"] for d in de] == ["TB401", "TB401"], "two slips: %r" % de)
    msgs = [d["message"] for d in de]
    check(msgs == ["d3: se formó una tercia en d1-d2-d3 pero no se tomó ninguna ficha",
                   "d3: d3 ya está ocupado"], "the rules' reasons in Spanish: %r" % msgs)
    rel = [x["message"] for d in de for x in d.get("relatedInformation", [])]
    for want in ("posición R 3 R:d1,d2 Y:a1,a4 hand=10,10",
                 "en 9:52, una parte de la jugada sin escribir: 3. d3xa1: así la jugada "
                 "siguiente es legal",
                 "y 58 maneras más de leerlo", "la revisión sigue suponiendo que así fue",
                 "suponiendo que 3. d3xa1 (en 9:52, una parte de la jugada sin escribir)"):
        check(want in rel, "a note in Spanish: %r in %r" % (want, rel))
    check(not [m for m in rel if "assumption" in m or " more ways" in m or "not written" in m],
          "no note left in English: %r" % rel)
    # as validate --lang es words them (the command, the same tables)
    with tempfile.NamedTemporaryFile("w", suffix=".tgn", delete=False, encoding="utf-8") as f:
        f.write(SLIP_ES)
    try:
        out = run("validate", "--lang", "es", f.name).stderr
    finally:
        os.unlink(f.name)
    notes = [l[6:] for l in out.splitlines() if l.startswith("note: ")]
    check(notes == rel, "the notes are validate --lang es's: %r %r" % (notes, rel))
    check([d["message"] for d in dn] == ["d3: a tercia was formed at d1-d2-d3 but no piece "
                                         "was taken", "d3: d3 is occupied"],
          "language 'en' forces English: %r" % [d["message"] for d in dn])
    reln = [x["message"] for d in dn for x in d.get("relatedInformation", [])]
    check("under the assumption that 3. d3xa1 (at 9:52, a part not written)" in reln,
          "English notes: %r" % reln)
    # the typed places map alike in both: the same ranges, the same related locations
    def places(ds):
        return [(d["range"], [x["location"] for x in d.get("relatedInformation", [])]) for d in ds]
    check(places(de) == places(dn), "the places are the same in Spanish and English:\n%r\n%r"
          % (places(de), places(dn)))
    line = SLIP_ES.split("\n")[8]
    at52 = {"line": 8, "character": utf16(line[:51])}
    assumed = [x["location"]["range"]["start"] for x in de[1].get("relatedInformation", [])
               if x["message"].startswith("suponiendo")]
    check(assumed == [at52] and de[1]["range"]["start"] != at52,
          "the assumption's note located at the first slip (9:52), not at its own: %r" % assumed)
    # the code actions: the same edits whatever the words
    for a, b in zip(de, dn):
        ea = [(x["kind"], x["edit"]) for x in actions_at(es, uri, a)]
        eb = [(x["kind"], x["edit"]) for x in actions_at(en, uri, b)]
        check(ea and ea == eb, "the same actions in Spanish and English: %r %r" % (ea, eb))
    # hovers follow too: the forced English names the turn in English
    sl = SLIP_ES.split("\n")[8]
    r = en.request("textDocument/hover", at(uri, 8, utf16(sl[:sl.index("a1")])))
    check("After 1... a1" in r["result"]["contents"]["value"], "hover in the forced English")
    for s in (es, en):
        s.request("shutdown")
        s.notify("exit")
        s.close()
    # the client's locale: for a record without [Language], or with one
    # tablero has no words for; a record's own language comes first
    s = Server()
    s.init(locale="es-MX")
    d = s.open("file:///l.tgn", SLIP)
    check([x["message"] for x in d] == ["d3: se formó una tercia en d1-d2-d3 pero no se tomó "
                                        "ninguna ficha"], "the locale's Spanish: %r" % d)
    r = s.request("textDocument/hover", at("file:///l.tgn", 7, utf16(sl[:sl.index("a1")])))
    check("Tras 1... a1" in r["result"]["contents"]["value"], "hover in the locale's Spanish")
    fr = s.open("file:///fr.tgn", SLIP.replace("[Result", '[Language "fr"]\n[Result'))
    check("se formó" in fr[0]["message"], "a language without words: the locale's: %r" % fr)
    d = s.open("file:///en.tgn", SLIP.replace("[Result", '[Language "en"]\n[Result'))
    check("a tercia was formed" in d[0]["message"], "the record's English before the locale")
    s.request("shutdown")
    s.notify("exit")
    s.close()
    s = Server()
    s.init(locale="fr-FR")
    d = s.open("file:///l.tgn", SLIP)
    check("a tercia was formed" in d[0]["message"], "a locale without words: English")
    s.request("shutdown")
    s.notify("exit")
    s.close()


def no_overlap(edits):
    """LSP's rule for one WorkspaceEdit's TextEdits: no two overlap."""
    spans = sorted((e["range"]["start"]["line"], e["range"]["start"]["character"],
                    e["range"]["end"]["line"], e["range"]["end"]["character"]) for e in edits)
    return all((a[2], a[3]) <= (b[0], b[1]) for a, b in zip(spans, spans[1:]))


def test_fix_all():
    """Every typed fix of the document at once, as one WorkspaceEdit of
    kind source.fixAll.tablero: given when that kind (or one above it) is
    asked for, whatever the range; beside the quick fixes when the range
    holds a fix; never when only quick fixes are asked for. Applied, the
    document has none of the slips left."""
    two = QUICK + "\n" + QUICK.replace("Ana", "Eva").replace("1. c3", "1 c3")
    s = Server()
    caps = s.init()["result"]["capabilities"]
    check("source.fixAll.tablero" in caps["codeActionProvider"]["codeActionKinds"],
          "the fix-all kind announced: %r" % caps["codeActionProvider"])
    uri = "file:///all.tgn"
    diags = s.open(uri, two)
    check(len(diags) >= 6, "slips in both records: %r" % diags)
    top = {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}}
    acts = actions_at(s, uri, top, ["source.fixAll"])
    check([a["kind"] for a in acts] == ["source.fixAll.tablero"],
          "asked for source.fixAll: that action alone: %r" % acts)
    if acts:
        edits = acts[0]["edit"]["changes"][uri]
        check(len(edits) >= 7 and no_overlap(edits), "every fix, none overlapping: %r" % edits)
        fixed = apply_edits(two, edits)
        s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                 "contentChanges": [{"text": fixed}]})
        s.logged()
        after = s.diagnostics(uri)
        check(after == [], "applied, no slip is left: %r" % after)
        check("[Red \"Eva\"]" in fixed and "4. d1" in fixed and fixed.count("\n1. c3") == 2,
              "the fixes of both records: %r" % fixed)
        s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3},
                 "contentChanges": [{"text": two}]})
        s.logged()
        s.diagnostics(uri)
    check([a["kind"] for a in actions_at(s, uri, top, ["source"])] == ["source.fixAll.tablero"],
          "'source' holds source.fixAll.tablero")
    d = [x for x in diags if x["code"] == "TB215"][0]
    quick = actions_at(s, uri, d, ["quickfix"])
    check(quick and all(a["kind"] == "quickfix" for a in quick),
          "asked for quick fixes: no fix-all: %r" % [a["kind"] for a in quick])
    every = actions_at(s, uri, d)
    kinds = [a["kind"] for a in every]
    check("quickfix" in kinds and kinds.count("source.fixAll.tablero") == 1,
          "unasked, on a fix: the quick fixes and the fix-all: %r" % kinds)
    if acts and "source.fixAll.tablero" in kinds:
        mine = [a for a in every if a["kind"] == "source.fixAll.tablero"][0]
        check(mine["edit"] == acts[0]["edit"], "the same fix-all, whatever the range")
    # a document without fixes: nothing to do
    s.open("file:///none.tgn", SLIP)
    check(actions_at(s, "file:///none.tgn", top, ["source.fixAll"]) == [],
          "no fix: no fix-all")
    s.request("shutdown")
    s.notify("exit")
    s.close()


def test_fix_readings():
    """A fix that joins words into one turn ("d1 - d2": the move d1-d2, or
    the placements d1 and d2) is one reading for a person to confirm
    (tb_diag_fix.confirm): offered as a quick fix that says so and is not
    preferred, and left out of the fix-all, which still makes the others."""
    text = '[Game "pitarra"]\n\n1. d1 - d2 2. g1\u2013a1 *\n'
    s = Server()
    s.init()
    uri = "file:///readings.tgn"
    diags = s.open(uri, text)
    joined = [a for d in diags for a in actions_at(s, uri, d, ["quickfix"])
              if a["title"].startswith("Write d1-d2")]
    check(joined and all("confirm" in a["title"] and a.get("isPreferred") is not True
                         for a in joined),
          "the reading offered, said to be one, not preferred: %r" % joined)
    top = {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}}
    acts = actions_at(s, uri, top, ["source.fixAll"])
    check(len(acts) == 1, "a fix-all for the dash: %r" % acts)
    if acts:
        fixed = apply_edits(text, acts[0]["edit"]["changes"][uri])
        check(fixed == '[Game "pitarra"]\n\n1. d1 - d2 2. g1-a1 *\n',
              "the fix-all writes the dash, and leaves the reading: %r" % fixed)
    s.request("shutdown")
    s.notify("exit")
    s.close()


def frame(body):
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def test_malformed():
    s = Server()
    s.init()
    s.raw(frame(b'{"jsonrpc": "2.0", "id": 1, "method": '))
    m = s.read()
    check(m.get("error", {}).get("code") == -32700 and m["id"] is None, "bad JSON: -32700")
    s.raw(frame(b'[1, 2, 3]'))
    check(s.read().get("error", {}).get("code") == -32600, "a batch or array: -32600")
    s.raw(frame(b'{"jsonrpc":"2.0","id":2,"method":"x"} trailing'))
    check(s.read().get("error", {}).get("code") == -32700, "trailing bytes: -32700")
    s.raw(frame(b'[' * 10000 + b']' * 10000))
    check(s.read().get("error", {}).get("code") == -32700, "nesting past the depth limit")
    s.raw(frame(b'{"jsonrpc":"2.0","id":3,"method":"x","params":"\xff"}'))
    check(s.read().get("error", {}).get("code") == -32700, "not UTF-8")
    s.raw(b"Content-Type: text/plain\r\n\r\n")
    check(s.read().get("error", {}).get("code") == -32700, "no Content-Length: an error")
    s.raw(b"Content-Length: lots\r\n\r\n")
    check(s.read().get("error", {}).get("code") == -32700, "a Content-Length not a number")
    r = s.request("textDocument/frobnicate", {})
    check(r.get("error", {}).get("code") == -32601, "unknown method: -32601")
    s.notify("textDocument/frobnicated", {})  # an unknown notification: nothing
    r = s.request("textDocument/hover", {"textDocument": {"uri": "file:///none.tgn"},
                                         "position": {"line": 0, "character": 0}})
    check(r.get("error", {}).get("code") == -32602, "a document not open: -32602")
    uri = "file:///m.tgn"
    s.open(uri, SLIP)
    r = s.request("textDocument/hover", {"textDocument": {"uri": uri}})
    check(r.get("error", {}).get("code") == -32602, "no position: -32602")
    r = s.request("textDocument/hover", at(uri, 500, 0))
    check(r.get("error", {}).get("code") == -32602, "a line outside the text: -32602")
    r = s.request("textDocument/completion", at(uri, 0, 900))
    check(r.get("error", {}).get("code") == -32602, "a character outside its line: -32602")
    r = s.request("textDocument/hover", at(uri, -1, 0))
    check(r.get("error", {}).get("code") == -32602, "a negative line: -32602")
    r = s.request("textDocument/codeAction", {**doc(uri), "range": {"start": {"line": 0, "character": 0},
                  "end": {"line": 77, "character": 0}}, "context": {"diagnostics": []}})
    check(r.get("error", {}).get("code") == -32602, "a range outside: -32602")
    r = s.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": "x", "character": 0}})
    check(r.get("error", {}).get("code") == -32602, "a position of the wrong type: -32602")
    s.send({"jsonrpc": "2.0", "id": {"a": 1}, "method": "shutdown"})
    check(s.read().get("error", {}).get("code") == -32600, "an id that is an object: -32600")
    # an oversized message: refused unread, and the server goes on
    big = 65 * 1024 * 1024
    s.raw(b"Content-Length: %d\r\n\r\n" % big)
    chunk = b" " * (1 << 20)
    for _ in range(big // len(chunk)):
        s.raw(chunk)
    s.raw(b" " * (big % len(chunk)))
    m = s.read()
    check(m.get("error", {}).get("code") == -32600 and "64 MiB" in m["error"]["message"],
          "a message past 64 MiB: -32600")
    r = s.request("textDocument/hover", at(uri, 0, 1))
    check("result" in r, "the server goes on after an oversized message")
    # a 50 MB document: read, its record refused past 16 MiB (TB106), answered
    big = '[Game "pitarra"]\n\n{' + "a" * (50 << 20) + '} 1. d1 *\n'
    d = s.open("file:///50mb.tgn", big)
    check([x["code"] for x in d] == ["TB106"], "a 50 MB record: TB106 (%r)" % [x["code"] for x in d])
    r = s.request("textDocument/documentSymbol", doc("file:///50mb.tgn"))
    check("result" in r, "requests on a 50 MB document are answered")
    s.notify("textDocument/didClose", doc("file:///50mb.tgn"))
    s.diagnostics("file:///50mb.tgn")
    # the client goes away: a clean exit
    s.raw(b"Content-Length: 100\r\n\r\n{")
    rc = s.close()
    check(rc == 0, "input ending inside a message: a clean exit (%r)" % rc)
    # the client closes its end before reading the answers: no signal
    s = Server()
    s.init()
    s.p.stdout.close()
    try:
        for _ in range(50):
            s.send({"jsonrpc": "2.0", "id": 9, "method": "textDocument/frobnicate"})
        s.p.stdin.close()
    except BrokenPipeError:
        pass  # the server stopped reading: it saw it could not write
    rc = s.p.wait(GUARD)
    s.p.stderr.close()
    check(rc == 0, "a client gone while the server writes: a clean exit (%r)" % rc)
    # exit without shutdown: status 1
    s = Server()
    s.init()
    s.notify("exit")
    check(s.close() == 1, "exit without shutdown: status 1")
    # no input at all
    s = Server()
    check(s.close() == 0, "no input: a clean exit")
    r = run("lsp", "file.tgn")
    check(r.returncode == 2, "lsp takes no file")


def main():
    test_lifecycle_and_diagnostics()
    test_records_checked_once()
    test_features()
    test_outline()
    test_open_hover()
    test_quick_fixes()
    test_language()
    test_fix_all()
    test_fix_readings()
    test_settings()
    test_malformed()
    if FAILS:
        print("lsp: %d check(s) failed" % len(FAILS))
        return 1
    print("lsp: every method answered as expected")
    return 0


if __name__ == "__main__":
    sys.exit(main())
