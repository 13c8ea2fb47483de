"""Tests of the tablero Python module (run by 'make python', part of
'make check'): every sample and spec example read, walked, rebuilt through
the API and written back identically; a record built in Python validated
and drawn; errors raised with the library's message."""
import gc
import os
import re
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, os.pardir, os.pardir))
sys.path.insert(0, os.path.join(ROOT, "python"))

import tablero  # noqa: E402


def spec_inputs():
    """The inputs of the TGN examples of the spec (as spec_runner decodes them)."""
    files = ["spec/tgn.md", "spec/games/pitarra.md", "spec/games/asalto.md",
             "spec/games/ocencahuac.md", "spec/xml.md", "spec/reconstruct.md",
             "tests/errors.md"]
    for name in files:
        with open(os.path.join(ROOT, name), encoding="utf-8") as f:
            text = f.read()
        for m in re.finditer(r"^~~~~ example([^\n]*)\n(.*?)^~~~~\s*$", text, re.S | re.M):
            if "xml-read" in m.group(1):
                continue
            body = m.group(2)
            cut = re.search(r"^\.$", body, re.M)
            src = body[:cut.start()] if cut else body
            yield "%s:%d" % (name, text.count("\n", 0, m.start()) + 1), decode(src)


def decode(s):
    def rep(m):
        return m.group(2) * int(m.group(1))
    s = re.sub(r"⟨repeat (\d+)⟩(.*?)⟨end⟩", rep, s, flags=re.S)
    out = bytearray()
    i = 0
    while i < len(s):
        if s[i] == "⟨" and re.match(r"⟨[0-9A-F]{2}⟩", s[i:i + 4]):
            out.append(int(s[i + 1:i + 3], 16))
            i += 4
            continue
        ch = {"→": "\t", "␍": "\r"}.get(s[i], s[i])
        out += ch.encode("utf-8")
        i += 1
    return bytes(out)


SUFFIX = {1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!"}


def lone_point(node):
    """A placement on a point nobody knows with a suffix, La Pitarra's "?!":
    its token "?" alone would read as the unknown turn."""
    return node.kind == "move" and node.token == "?" and node.nags[:1] and \
        node.nags[0] in SUFFIX


def numbered(node):
    token = node.token + (SUFFIX[node.nags[0]] if lone_point(node) else "")
    if node.side is None:
        return token
    number, side = node.written or (node.number, node.side)  # a slip's kept
    return "%d%s %s" % (number, "..." if side else ".", token)


def copy_notes(src, dst):
    for nag in src.nags[1:] if lone_point(src) else src.nags:
        dst.add_nag(nag)
    dst.set_evidence(tablero.links(src.evidence))
    for i, c in enumerate(src.comments):
        dst.add_comment(c.text, c.lang)
        dst.set_comment_evidence(i, tablero.links(src.comment_evidence(i)))
        dst.set_comment_marks(i, src.comment_marks(i))


def rebuild(rec):
    """A new record made through the API from what walking 'rec' gives."""
    out = tablero.Record(game=rec.game)
    for name, value in rec.tags.items():
        out.tags[name] = value
    for c in rec.comments:
        out.add_comment(c.text, c.lang, where="before")
    for c in rec.trailing_comments:
        out.add_comment(c.text, c.lang, where="after")
    for i in range(len(rec.tags)):
        for c in rec.tag_comments(i):
            out.add_comment(c.text, c.lang, tag=i)
    out.result = rec.result
    lines, last, pending = {}, {}, {}
    for ev, item, depth in rec.walk():
        if isinstance(item, tablero.Line):
            if ev == "enter":
                lines[depth] = out.main if depth == 0 else None
                pending[depth] = last.get(depth - 1)
            else:
                for i, c in enumerate(item.comments):
                    lines[depth].add_comment(c.text, c.lang)
                    lines[depth].set_comment_evidence(i, tablero.links(item.comment_evidence(i)))
        elif ev == "enter":
            if lines[depth] is None:
                lines[depth] = pending[depth].add_variation(numbered(item))
                node = lines[depth][0]
            else:
                node = lines[depth].append(numbered(item))
            copy_notes(item, node)
            last[depth] = node
    return out


class RoundTrip(unittest.TestCase):
    def check(self, where, data):
        try:
            recs = tablero.loads(data, "example.tgn")
        except tablero.TableroError:  # a file that is no UTF-8 text (TB112)
            return 0
        for rec in recs:
            if rec.errors:
                continue
            want = rec.to_tgn()
            got = rebuild(rec)
            self.assertEqual(want, got.to_tgn(), where)
            self.assertEqual(rec, got, where)
            self.assertEqual(len(list(rec)), len(rec.main))
            return 1
        return 0

    def test_samples(self):
        sdir = os.path.join(ROOT, "samples")
        n = 0
        for name in sorted(os.listdir(sdir)):
            if name.endswith(".tgn"):
                for rec in tablero.read(os.path.join(sdir, name)):
                    self.assertEqual(rec.errors, 0, name)
                    self.assertEqual(rec.to_tgn(), rebuild(rec).to_tgn(), name)
                    n += 1
        self.assertGreaterEqual(n, 10)

    def test_spec_examples(self):
        n = total = 0
        for where, data in spec_inputs():
            total += 1
            n += self.check(where, data)
        self.assertGreater(total, 200)
        self.assertGreater(n, 100)


class Reading(unittest.TestCase):
    SRC = ('[Game "pitarra"]\n[Event "E"]\n\n{lead} 1. d1 {@es uno} $4 (1. a1 b2) a7 '
           '2. <b2 | c3 {A} | omitted> <gap 2> 4. g7 *\n')

    def test_tree(self):
        rec = tablero.loads(self.SRC)[0]
        self.assertEqual(list(rec.tags)[:2], ["Game", "Rules"])
        self.assertEqual(rec.tags["Event"], "E")
        self.assertEqual([n.kind for n in rec], ["move", "move", "reading", "gap", "move"])
        d1 = rec.main[0]
        self.assertEqual(d1.parts, [("at", "d1")])
        self.assertEqual(d1.comments, [tablero.Comment("uno", "es")])
        self.assertEqual(d1.nags, [4])
        self.assertEqual([n.token for n in d1.variations[0]], ["a1", "b2"])
        self.assertEqual(d1.span[0], 4)
        reading = rec.main[2]
        self.assertEqual([a.kind for a in reading.alternatives], ["move", "move", "omitted"])
        self.assertEqual(reading.alternatives[1].comments, [tablero.Comment("A")])
        self.assertEqual(rec.main[3].gap, (2, 2))
        self.assertEqual(rec.main.comments, [tablero.Comment("lead")])
        events = [(ev, getattr(it, "token", "line"), d) for ev, it, d in rec.walk()]
        self.assertEqual(events[:5], [("enter", "line", 0), ("enter", "d1", 0),
                                      ("enter", "line", 1), ("enter", "a1", 1),
                                      ("enter", "b2", 1)])
        self.assertEqual(len(list(rec.nodes())), 7)

    def test_evidence(self):
        rec = tablero.loads('[Game "pitarra"]\n[Recording "c.ogg"]\n[Facsimile "p12=a.jpg"]\n'
                            '1. d1 @00:02:10.50-0:02:14 @p12#1,2,3,4 a1 @p12 2. d2 *\n')[0]
        self.assertEqual([n.evidence for n in rec],
                         [{"time": "0:02:10.5-0:02:14", "region": "p12#1,2,3,4"},
                          {"region": "p12"}, None])

    def test_marks(self):
        rec = tablero.loads('[Game "pitarra"]\n1. d1 {Mira [%csl Gd5] [%cal Ra1a4]} a1 *\n')[0]
        d1 = list(rec)[0]
        self.assertEqual(d1.comments[0].text, "Mira")
        self.assertEqual(d1.comment_marks(0), "[%cal Ra1a4] [%csl Gd5]")
        a1 = list(rec)[1]
        a1.add_comment("x")
        a1.set_comment_marks(0, "[%clb Bd5:ب]")
        self.assertIn("{[%clb Bd5:ب] x}", rec.to_tgn())
        with self.assertRaises(tablero.TableroError):
            a1.set_comment_marks(0, "[%csl Gd4]")
        self.assertEqual(a1.comment_marks(0), "[%clb Bd5:ب]")

    def test_diagnostic_places(self):
        """The places a diagnostic's words name, typed: a tag given twice
        names the first one's line; a repair's note "at L:C" its turn."""
        rec = tablero.loads('[Game "pitarra"]\n[Site "a"]\n[Site "b"]\n\n1. d1 *\n')
        d = [d for d in rec[0].diagnostics if d.code == 202][0]
        self.assertIn("first on line 2", d.message)
        self.assertEqual(d.places, ((0, 2, 0),))
        rec = tablero.loads('[Game "pitarra"]\n\n1. d1 a1 2. d2 a4 3. d3 a7 *\n')[0]
        d = [d for d in rec.validate() if d.code == 401][0]
        notes = d.note.split("\n")
        named = [(k, l, c) for k, l, c in d.places if k]
        self.assertTrue(named)
        for k, l, c in named:
            self.assertTrue(notes[k - 1].startswith("at %d:%d," % (l, c)), notes[k - 1])

    def test_diagnostic_fixes(self):
        """The fixes a diagnostic's words propose, typed: (line, column, end
        column, text, confirm), columns in characters (an 'é' before the
        span); confirm for words read as one turn."""
        rec = tablero.loads('[Game "pitarra"]\n\n1. d1 {é} a1, 2. d2 *\n')[0]
        d = [d for d in rec.diagnostics if d.code == 301][0]
        self.assertIn("not commas: a1", d.note)
        self.assertEqual(d.fixes, ((3, 11, 14, "a1", False),))
        rec = tablero.loads('[Game "pitarra"]\n[Red "Ana "]\n\n1. d1 *\n')[0]
        d = [d for d in rec.diagnostics if d.code == 215][0]
        self.assertEqual(d.fixes, ((2, 6, 12, '"Ana"', False),))
        d = [d for d in rec.diagnostics if d.code != 215]
        self.assertTrue(all(x.fixes == () for x in d))
        rec = tablero.loads('[Game "pitarra"]\n\n1. d1 - d2 *\n')[0]
        d = [d for d in rec.diagnostics if d.code == 301][0]
        self.assertEqual(d.fixes, ((3, 4, 11, "d1-d2", True),))

    def test_validate(self):
        rec = tablero.loads('[Game "pitarra"]\n\n1. d1 d1 *\n', "x.tgn")[0]
        ds = rec.validate()
        self.assertTrue(ds)
        d = ds[0]
        self.assertEqual((d.file, d.line, d.severity), ("x.tgn", 3, "error"))
        self.assertEqual(d.code, 401)
        self.assertIn("TB401", str(d))

    def test_bad_record(self):
        rec = tablero.loads('[Game "pitarra"]\n\n1. zz *\n')[0]
        self.assertEqual(rec.errors, 1)
        self.assertEqual(rec.diagnostics[0].severity, "error")
        with self.assertRaises(tablero.TableroError):
            rec.to_tgn()


    def test_not_text(self):
        utf16 = '[Game "pitarra"]\n*\n'.encode("utf-16")
        with self.assertRaisesRegex(tablero.TableroError, "UTF-16"):
            tablero.loads(utf16)
        with self.assertRaisesRegex(tablero.TableroError, "gzip"):
            tablero.loads(b"\x1f\x8b\x08\x00\x00\x00\x00\x00")


class ReadStreams(unittest.TestCase):
    """tablero.read streams a file: an iterator of records, one read at a
    time, each its own once read; read_all and loads give lists."""

    def setUp(self):
        import tempfile
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        self.text = "".join('[Game "pitarra"]\n[Round "%d"]\n\n1. d1 {n%d} a7 *\n\n' % (i, i)
                            for i in range(1, 41))
        self.path = os.path.join(self.tmp.name, "cuarenta.tgn")
        with open(self.path, "w", encoding="utf-8") as f:
            f.write(self.text)

    def test_an_iterator(self):
        recs = tablero.read(self.path)
        self.assertIsInstance(recs, tablero.Records)
        self.assertIs(iter(recs), recs)
        self.assertFalse(isinstance(recs, list))
        first = next(recs)
        self.assertEqual(first.tags["Round"], "1")
        self.assertEqual([r.tags["Round"] for r in recs], [str(i) for i in range(2, 41)])
        self.assertEqual(list(recs), [])  # spent, and its file closed
        self.assertIn("closed", repr(recs))

    def test_records_outlive_the_next_and_the_file(self):
        with tablero.read(self.path) as recs:
            a, b = next(recs), next(recs)
        self.assertIn("closed", repr(recs))
        self.assertEqual(list(recs), [])
        self.assertEqual(a.to_tgn(), tablero.loads(self.text)[0].to_tgn())
        self.assertEqual([n.token for n in b], ["d1", "a7"])
        self.assertEqual(b.main[0].comments[0].text, "n2")
        # a diagnostic quotes the file's lines, as loads of the whole file
        with open(self.path, "a", encoding="utf-8") as f:
            f.write('[Game "pitarra"]\n\n1. d1 d1 *\n')
        last = tablero.read_all(self.path)[-1]
        with open(self.path, encoding="utf-8") as f:
            whole = tablero.loads(f.read(), self.path)[-1]
        self.assertEqual([str(d) for d in last.validate()], [str(d) for d in whole.validate()])
        self.assertIn(":203:7: error:", str(last.validate()[0]))  # 40 records of 5 lines

    def test_holds_no_record_it_gave(self):
        """Memory stays flat: a record the caller drops is freed, the
        stream keeps none of those it gave."""
        import weakref
        recs = tablero.read(self.path)
        gone = weakref.ref(next(recs))
        gc.collect()
        self.assertIsNone(gone())
        self.assertEqual(sum(1 for _ in recs), 39)

    def test_lists(self):
        whole = tablero.read_all(self.path)
        self.assertIsInstance(whole, list)
        self.assertEqual(whole, tablero.loads(self.text))
        self.assertEqual(whole, list(tablero.read(self.path)))

    def test_errors(self):
        with self.assertRaises(OSError):  # at the call, not later
            tablero.read(os.path.join(self.tmp.name, "no-such-file.tgn"))
        utf16 = os.path.join(self.tmp.name, "utf16.tgn")
        with open(utf16, "wb") as f:
            f.write('[Game "pitarra"]\n*\n'.encode("utf-16"))
        recs = tablero.read(utf16)
        with self.assertRaisesRegex(tablero.TableroError, "UTF-16"):
            next(recs)
        self.assertEqual(list(recs), [])  # closed by the error


class LineAtOnce(unittest.TestCase):
    """A line's nodes read in one call (tb_line_nodes): what they hold is
    what the library says of each node alone, and an edit is seen."""

    def test_as_one_field_at_a_time(self):
        n = 0
        for path in sorted(os.listdir(os.path.join(ROOT, "samples"))):
            if not path.endswith(".tgn"):
                continue
            for rec in tablero.read(os.path.join(ROOT, "samples", path)):
                for node in rec.nodes():  # by tb_iter: nothing held
                    self.assertIsNone(node._info)
                lines = [rec.main] + [v for node in rec.nodes() for v in node.variations]
                for line in lines:
                    for node in line:
                        alone = tablero.Node(rec, node._h)
                        self.assertIsNotNone(node._info)
                        self.assertEqual((node.kind, node.token, node.number, node.side,
                                          node.reconstructed, node.span),
                                         (alone.kind, alone.token, alone.number, alone.side,
                                          alone.reconstructed, alone.span), path)
                        n += 1
        self.assertGreater(n, 500)

    def test_an_edit_is_seen(self):
        rec = tablero.loads('[Game "pitarra"]\n\n1. d1 a7 2. g1 a1 *\n')[0]
        d1, a7, g1, a1 = list(rec)
        self.assertEqual((a7.number, a7.side, g1.number), (1, 1, 2))
        rec.main.insert("d7")  # one turn more before them all: recounted
        self.assertEqual((d1.number, d1.side, a7.number, a7.side, g1.number, g1.side),
                         (1, 1, 2, 0, 2, 1))
        self.assertEqual([n.token for n in rec], ["d7", "d1", "a7", "g1", "a1"])
        # removed while the line is walked: not given, as before
        got = []
        for n in rec:
            got.append(n.token)
            if n.token == "a7":
                n.next.remove()
        self.assertEqual(got, ["d7", "d1", "a7", "a1"])
        # put in after the node being given: given next
        got = []
        for n in rec:
            got.append(n.token)
            if n.token == "d1":
                n.insert_after("b2")
        self.assertEqual(got, ["d7", "d1", "b2", "a7", "a1"])
        self.assertEqual(len(rec.main), 5)


class Building(unittest.TestCase):
    def test_build_validate_draw(self):
        rec = tablero.Record(game="pitarra", tags={"Event": "Built in Python"})
        rec.tags["Red"] = "Ana"
        first = rec.append("d1 a7 d2 b6")
        first.add_comment("centre", "es")
        first.add_nag(1)
        var = first.add_variation("a1 {or} g7")
        self.assertEqual(len(var), 2)
        rec.result = "*"
        self.assertEqual(rec.validate(), [])
        text = rec.to_tgn()
        self.assertIn("1. d1! {@es centre} (1. a1 {or} 1... g7) 1... a7", text)
        back = tablero.loads(text)[0]
        self.assertEqual(back, rec)
        svg = rec.to_svg(ply=2)
        self.assertTrue(svg.startswith("<?xml"))
        self.assertEqual(len(rec.to_svg(ply=[0, 1, 4])), 3)
        self.assertIn("<record", rec.to_xml())
        rec.main[1].remove()
        self.assertEqual([n.side for n in rec], [0, 1, 0])
        var.remove()
        self.assertEqual(first.variations, [])

    def test_errors(self):
        rec = tablero.Record(game="pitarra")
        with self.assertRaisesRegex(tablero.TableroError, "cannot read move 'zz'"):
            rec.append("zz")
        with self.assertRaisesRegex(tablero.TableroError, "not movetext"):
            rec.append("d1 1-0")
        with self.assertRaisesRegex(tablero.TableroError, "Date"):
            rec.tags["Date"] = "yesterday"
        with self.assertRaises(tablero.TableroError):
            tablero.Record(game="chess")
        other = tablero.Record(game="pitarra")
        n = other.append("d1")
        with self.assertRaisesRegex(tablero.TableroError, "not on this line"):
            rec._insert(n, "a7")
        with self.assertRaises(tablero.TableroError):
            rec.position(n)
        n.remove()
        with self.assertRaisesRegex(tablero.TableroError, "not in this record"):
            n.remove()
        self.assertEqual(rec.to_tgn().count("\n1."), 0)  # nothing changed

    def test_built_reads_back(self):
        """What the API takes writes and reads back as itself; what the
        reader would refuse is refused, the record unchanged (issue 29)."""
        rec = tablero.Record(game="pitarra")
        first = rec.append("d1 a7")
        before = rec.to_tgn()
        for bad in ["inicio\x0e", "a\x7f", "a\rb", "a\x00b", "\ud800"]:
            with self.assertRaises(tablero.TableroError):
                rec.main.add_comment(bad)
            with self.assertRaises(tablero.TableroError):
                first.add_comment(bad)
            with self.assertRaises(tablero.TableroError):
                rec.tags["Event"] = bad
        with self.assertRaisesRegex(tablero.TableroError, "U\\+000E"):
            rec.main.add_comment("inicio\x0e")
        with self.assertRaisesRegex(tablero.TableroError, "empty"):
            rec.tags["Event"] = ""
        with self.assertRaises(tablero.TableroError):
            rec.tags["Event"] = "two\nlines"
        with self.assertRaises(tablero.TableroError):
            first.add_comment("x", "e s")
        self.assertEqual(rec.to_tgn(), before)
        rec.main.add_comment("tab\there\nand } \\ {@es}", "e1")
        first.add_comment("@home")
        rec.tags["Event"] = '"Copa" \\ 1'
        rec.result = "*"
        back = tablero.loads(rec.to_tgn())[0]
        self.assertEqual(back, rec)
        self.assertEqual(back.to_tgn(), rec.to_tgn())
        self.assertEqual(back.result, "*")

    def test_memory(self):
        # records die with their last reference, nodes keep theirs alive
        node = tablero.loads('[Game "pitarra"]\n\n1. d1 *\n')[0].main[0]
        gc.collect()
        self.assertEqual(node.token, "d1")
        for _ in range(200):
            r = tablero.Record(game="asalto")
            r.tags["Event"] = "x"
        gc.collect()


class Numbering(unittest.TestCase):
    """A move number off the count is kept (spec/tgn.md 5.1)."""

    LEFT_OUT = '[Game "pitarra"]\n1. d1 a1 2. g1 3. d2 a4 4. g4 a7 *\n'

    def movetext(self, rec):
        return rec.to_tgn().split("\n\n", 1)[1]

    def test_kept(self):
        rec = tablero.loads(self.LEFT_OUT)[0]
        self.assertEqual([n.written for n in rec.main],
                         [None, None, None, (3, 0), (3, 1), (4, 0), (4, 1)])
        self.assertEqual(self.movetext(rec), "1. d1 a1\n2. g1\n3. d2 a4\n4. g4 a7\n*\n")

    def test_turn_put_in(self):
        # the turn left out, put in: the numbers after it are on the count
        rec = tablero.loads(self.LEFT_OUT)[0]
        rec.main[2].insert_after("b2")
        self.assertEqual(self.movetext(rec), "1. d1 a1\n2. g1 b2\n3. d2 a4\n4. g4 a7\n*\n")
        self.assertEqual([n.written for n in rec.main], [None] * 8)

    def test_clean_stays_clean(self):
        rec = tablero.loads('[Game "pitarra"]\n1. d1 a1 2. g1 a7 *\n')[0]
        rec.main[1].insert_after("b2 b4")
        rec.main[0].remove()
        self.assertEqual([n.written for n in rec.main], [None] * 5)


class Layout(unittest.TestCase):
    def test_mirrors_checked(self):
        """A ctypes mirror that drifted from its struct is refused at import:
        a field short (tb_svg_opts as it was mirrored before 0.6), one
        misplaced, one the library does not have."""
        import ctypes as C
        svg = [f for f in tablero._SvgOpts._fields_]

        class Short(C.Structure):
            _fields_ = svg[:5]

        class Swapped(C.Structure):
            _fields_ = [svg[1], svg[0]] + svg[2:]

        class Extra(C.Structure):
            _fields_ = svg + [("margin", C.c_int)]
        for cls in (Short, Swapped, Extra):
            with self.assertRaises(ImportError):
                tablero._check_layout([(cls, "tb_svg_opts")])
        tablero._check_layout([(tablero._SvgOpts, "tb_svg_opts")])  # as imported
        with self.assertRaises(ImportError):
            tablero._check_layout([(tablero._SvgOpts, "tb_no_such_struct")])

    def test_evidence_info_mirrored(self):
        """tb_evidence_info is a checked mirror, not a guessed buffer: a
        mirror with 'page' where 'to_ms' is is refused."""
        import ctypes as C
        tablero._check_layout([(tablero._EvidenceInfo, "tb_evidence_info"),
                               (tablero._DiagPlace, "tb_diag_place")])
        f = list(tablero._EvidenceInfo._fields_)

        class Guessed(C.Structure):
            _fields_ = [f[0], f[2], f[1]] + f[3:]
        with self.assertRaises(ImportError):
            tablero._check_layout([(Guessed, "tb_evidence_info")])
        # read through the mirror: the longest page name, a time and a region
        page = "p" + "x" * 31
        rec = tablero.loads('[Game "pitarra"]\n[Recording "c.ogg"]\n[Facsimile "%s=a.jpg"]\n'
                            '1. d1 @1:02:03.25 @%s#120,340,80,40 *\n' % (page, page))[0]
        self.assertEqual(list(rec)[0].evidence, {"time": "1:02:03.25",
                                                 "region": page + "#120,340,80,40"})


class Replay(unittest.TestCase):
    def test_tercias(self):
        rec = next(tablero.read(os.path.join(ROOT, "samples", "pitarra-navajos-1998.tgn")))
        played = rec.replay()
        self.assertGreater(len(played), 20)
        tercias = [0, 0]
        for t in played:
            tercias[t.side] += sum(e.kind == "tercia" for e in t.typed)
        self.assertEqual(tercias, [8, 6])

    def test_typed_events(self):
        self.assertEqual(tablero.EVENT_KINDS[:4], ("tercia", "double tercia", "columpio",
                                                   "removal"))
        self.assertEqual(len(tablero.EVENT_KINDS), 12)
        rec = tablero.loads('[Game "pitarra"]\n\n1. a1 g1 2. a4 g4 3. a7xg4 *\n')[0]
        played = rec.replay()
        last = played[-1]
        # the piece each concerns: the mover's forming the tercia, the
        # other side's removed; La Pitarra's pieces have no kinds
        self.assertEqual(last.typed, (tablero.Event("tercia", "a1", "a7", piece_side=0),
                                      tablero.Event("removal", "g4", piece_side=1)))
        self.assertEqual(last.events, "tercia a1-a7; removal g4")  # for display
        for t in played:
            self.assertEqual(bool(t.typed), bool(t.events))  # the display has what is typed
        pos = tablero.Position.start("pitarra")
        for tok in ("a1", "g1", "a4", "g4"):
            self.assertEqual(pos.play_turn(tok).typed, ())
        legal = {t.token: t for t in pos.legal()}
        self.assertEqual(legal["a7xg4"].typed, last.typed)
        turn = pos.play_turn("a7xg4")
        self.assertEqual((turn.token, turn.typed), ("a7xg4", last.typed))
        with self.assertRaises(tablero.TableroError):
            pos.play_turn("a7xg4")


    def test_event_pieces(self):
        """Each capture names the piece taken as the position before the
        turn holds it: its side's list there has its letter on the point
        (Ocencahuac writes "S:Ga2,Pd6+,..." -- kind, point, '+' crowned)."""
        rec = next(tablero.read(os.path.join(ROOT, "samples", "ocencahuac-ixtlan-2015-final.tgn")))
        played = rec.replay()
        seen = set()
        for before, t in zip(played, played[1:]):
            sides = [part.split(":", 1)[1].split(",") for part in before.position.split()[2:4]]
            for e in t.typed:
                if e.kind != "capture":
                    self.assertTrue(e.kind != "fortress" or e.piece_side == -1)
                    continue
                self.assertEqual(e.piece_side, 1 - t.side)
                self.assertIn(e.piece_type, ("E", "M", "P", "G"))
                piece = e.piece_type + e.point + ("+" if e.piece_crowned else "")
                self.assertIn(piece, sides[e.piece_side], (t.token, before.position))
                seen.add(e.piece_type)
        self.assertTrue(seen)
        kinds = {e.kind: e for t in played for e in t.typed}
        self.assertTrue(kinds["relocation"].piece_crowned)  # a royal piece put elsewhere
        self.assertEqual(kinds["pushback"].piece_type, "P")


class Faults(unittest.TestCase):
    def test_faults_typed(self):
        rec = tablero.loads('[Game "pitarra"]\n\n1. a1 g1 2. a4 g4 3. a7 g7 *\n')[0]
        (f,) = rec.faults()
        self.assertEqual((f.code, f.severity, f.line, f.column), (401, "error", 3, 22))
        self.assertEqual(f.token, "a7")
        self.assertEqual(f.reason, "a tercia was formed at a1-a4-a7 but no piece was taken")
        self.assertEqual(f.message, "a7: " + f.reason)
        self.assertEqual(f.position, "R 3 R:a1,a4 Y:g1,g4 hand=10,10")
        self.assertEqual(f.candidates, ("a7xg1", "a7xg4", "3. d1"))
        self.assertIsNone(f.repair)
        self.assertEqual([d.message for d in rec.validate()], [f.message])
        rec = tablero.loads('[Game "pitarra"]\n\n1. a1 g1 2. a4 g4 3. a7x? g4 *\n')[0]
        (f,) = rec.faults()
        self.assertEqual((f.code, f.token, f.candidates, f.repair),
                         (408, "a7x?", ("a7xg4",), "a7xg4"))


class Positions(unittest.TestCase):
    def test_legal_and_play(self):
        rec = tablero.loads('[Game "pitarra"]\n\n1. d1 (1. a1) a7 *\n')[0]
        start = rec.position()
        self.assertEqual(len(start.legal()), 24)
        self.assertEqual(start.to_move, 0)
        self.assertEqual(start.play("d1"), "")
        with self.assertRaises(tablero.TableroError):
            start.play("d1")
        after = rec.main[1].position_after()
        self.assertIn("a7", after.notation)
        inside = rec.position(rec.main[0].variations[0][0])
        self.assertIn("a1", inside.notation)
        self.assertNotIn("d1", inside.notation)
        turn = start.legal()[0]
        self.assertTrue(turn.token and turn.position)
        self.assertIn("a7", tablero.Position.start("pitarra").board() + "a7")


class Frames(unittest.TestCase):
    """The one replay (Record.frames) and the positions taken from it."""

    def test_sample_frames(self):
        rec = next(tablero.read(os.path.join(ROOT, "samples", "pitarra-fragmento-cinta.tgn")))
        rp = rec.frames()
        frames = list(rp)
        self.assertEqual(len(frames), len(list(rec.nodes())))
        self.assertEqual(rp.start.status, "written")
        self.assertIsNone(rp.start.node)
        gap = [f for f in frames if f.node.kind == "gap"][0]
        self.assertEqual((gap.status, gap.stop, gap.positions), ("unknown", "limit", 0))
        self.assertFalse(gap.known)
        self.assertIn("missing", gap.why)
        with self.assertRaises(tablero.PositionUnknown) as cm:
            rec.position(gap.node)
        self.assertEqual(cm.exception.status, "unknown")
        self.assertEqual(cm.exception.last_known.notation, frames[gap.index - 1].position)
        decided = [f for f in frames if f.status == "reconstructed"]
        self.assertEqual([f.token for f in decided], ["e3-e4", "g1-f2"])
        for f in decided:
            self.assertEqual(f.node.token in ("e3-?", "?"), True)
            self.assertEqual(rec.position(f.node).notation, f.position)
            self.assertEqual(rp.position(f.node).notation, f.position)
        # every known frame: the position Record.position gives; the turns
        # replay() tells are the known turn frames
        for f in frames:
            if f.known:
                self.assertEqual(rec.position(f.node).notation, f.position)
        played = rec.replay()
        self.assertEqual([p.position for p in played],
                         [f.position for f in frames
                          if f.known and f.node.kind not in ("gap", "position")])
        self.assertEqual(played[8].events, frames[8].events)
        # a frame's events typed, as a played turn's; the text for display
        for f in frames:
            self.assertEqual(bool(f.typed), bool(f.events))
        by_pos = {p.position: p for p in played}
        for f in frames:
            if f.known and f.node.kind not in ("gap", "position"):
                self.assertEqual(f.typed, by_pos[f.position].typed)
        # what the rules decide is said so: the turn played and the position
        self.assertEqual([p.token for p in played if p.reconstructed], ["e3-e4", "g1-f2"])
        for f in frames:
            if f.known:
                self.assertEqual(rec.position(f.node).reconstructed,
                                 f.status == "reconstructed", f.node.token)
                self.assertEqual(rp.position(f.node).reconstructed, f.status == "reconstructed")

    def test_open_and_refused(self):
        rec = tablero.loads('[Game "pitarra"]\n\n1. d2 a7 2. ? d7 3. c4 e5 *\n'
                            '[Game "pitarra"]\n\n1. d2 a7 2. d2 f2 *\n')
        one, two = rec
        after_a7 = one.position(one.main[1]).notation
        f = one.frames().find(one.main[2])
        self.assertEqual((f.status, f.stop, f.positions, f.fits), ("open", "open", 19, 19))
        self.assertEqual(f.position, after_a7)  # the last known, marked as such
        with self.assertRaises(tablero.PositionUnknown) as cm:
            one.position(one.main[3])
        e = cm.exception
        self.assertEqual((e.status, e.positions), ("open", 19))
        self.assertEqual(e.last_known.notation, after_a7)
        self.assertEqual(e.stop, "2. ?")
        with self.assertRaises(tablero.PositionUnknown) as cm:
            two.position(two.main[3])
        e = cm.exception
        self.assertEqual((e.status, e.stop), ("unknown", "2. d2"))
        self.assertIn("occupied", e.why)
        self.assertIsInstance(e, tablero.TableroError)
        f = two.frames().find(two.main[2])
        self.assertEqual((f.status, f.stop, f.code), ("unknown", "refused", 401))
        self.assertIn("occupied", f.why)
        self.assertEqual(two.frames().find(two.main[3]).stop, "earlier")

    def test_variation_frames(self):
        rec = tablero.loads('[Game "pitarra"]\n\n1. d1 (1. a1 ?) a7 *\n')[0]
        rp = rec.frames()
        depths = [(f.node.token, f.depth, f.status) for f in rp]
        self.assertEqual(depths, [("d1", 0, "written"), ("a1", 1, "written"),
                                  ("?", 1, "open"), ("a7", 0, "written")])
        var = rec.main[0].variations[0]
        self.assertIn("a1", rec.position(var[0]).notation)
        with self.assertRaises(tablero.PositionUnknown):
            var[1].position_after()


class OutOfMemory(unittest.TestCase):
    """The library out of memory (tb_set_alloc_hook refusing allocations):
    a MemoryError, and the session goes on."""

    def test_memory_error_then_on(self):
        import ctypes as C
        lib = tablero._lib
        hook_t = C.CFUNCTYPE(C.c_int, C.c_void_p, C.c_size_t)
        left = [5]

        def refuse(ctx, size):  # the first few allocations, then none
            left[0] -= 1
            return 1 if left[0] < 0 else 0
        hook = hook_t(refuse)
        lib.tb_set_alloc_hook.argtypes = [hook_t, C.c_void_p]
        lib.tb_set_alloc_hook.restype = None
        text = '[Game "pitarra"]\n\n1. d1 {una} a7 2. g1 b2 *\n'
        lib.tb_set_alloc_hook(hook, None)
        try:
            with self.assertRaises(MemoryError):
                tablero.loads(text * 50)
            with self.assertRaises(MemoryError):
                tablero.Record(game="pitarra")
        finally:
            lib.tb_set_alloc_hook(hook_t(), None)
        rec = tablero.loads(text)[0]
        self.assertIn("2. g1 b2", rec.to_tgn())

    def test_positions_memory_error(self):
        import ctypes as C
        lib = tablero._lib
        hook_t = C.CFUNCTYPE(C.c_int, C.c_void_p, C.c_size_t)
        hook = hook_t(lambda ctx, size: 1)  # every allocation refused
        lib.tb_set_alloc_hook.argtypes = [hook_t, C.c_void_p]
        lib.tb_set_alloc_hook.restype = None
        pos = tablero.Position.start("pitarra")
        rec = tablero.loads('[Game "pitarra"]\n\n1. d1 a7 *\n')[0]
        lib.tb_set_alloc_hook(hook, None)
        try:
            for f in (lambda: tablero.Position.start("pitarra"), pos.board, pos.legal,
                      lambda: pos.notation, lambda: pos.play("d1"), rec.position):
                with self.assertRaises(MemoryError):
                    f()
        finally:
            lib.tb_set_alloc_hook(hook_t(), None)
        self.assertEqual(len(pos.legal()), 24)  # the position is as it was
        pos.play("d1")

    def test_validate_memory_error(self):
        import ctypes as C
        lib = tablero._lib
        hook_t = C.CFUNCTYPE(C.c_int, C.c_void_p, C.c_size_t)
        rec = tablero.loads('[Game "pitarra"]\n\n1. d1 a7 2. g1 <gap 2> 4. b2 *\n')[0]
        want = (rec.validate(), rec.replay())
        raised = 0
        for n in range(1, 400):  # allocation n refused, and every one after it
            left = [n]

            def refuse(ctx, size):
                left[0] -= 1
                return 1 if left[0] < 0 else 0
            hook = hook_t(refuse)
            lib.tb_set_alloc_hook.argtypes = [hook_t, C.c_void_p]
            lib.tb_set_alloc_hook.restype = None
            lib.tb_set_alloc_hook(hook, None)
            try:
                got = (rec.validate(), rec.replay())
            except MemoryError:
                got = None
                raised += 1
            finally:
                lib.tb_set_alloc_hook(hook_t(), None)
            if got is not None:
                self.assertEqual([str(d) for d in got[0]], [str(d) for d in want[0]])
                self.assertEqual(got[1], want[1])
        self.assertGreater(raised, 10)
        self.assertEqual([str(d) for d in rec.validate()], [str(d) for d in want[0]])


from test_grep import *  # noqa: E402,F401,F403  tablero.grep's tests, run here too
from test_catalog import *  # noqa: E402,F401,F403  tablero.catalog's tests
from test_find import *  # noqa: E402,F401,F403  tablero.find's tests

if __name__ == "__main__":
    unittest.main()
