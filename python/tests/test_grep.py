"""Tests of tablero.grep and tablero.Query (python/tablero/_grep.py), run
with test_tablero.py (which imports them) by 'make python': the records
Python selects are those `tablero grep` writes, byte for byte, over the
samples and spec/compare.md's examples; each answer -- yes, no, cannot be
told -- with its selector, place and steps; refusals; a file streamed
as read() reads it; memory running out."""
import ctypes as C
import os
import re
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, os.pardir, os.pardir))
sys.path.insert(0, os.path.join(ROOT, "python"))

import tablero  # noqa: E402


def spec_files():
    """spec/compare.md's example files, by name."""
    with open(os.path.join(ROOT, "spec", "compare.md"), encoding="utf-8") as f:
        text = f.read()
    return {m.group(1): m.group(2)
            for m in re.finditer(r"^~~~~ file (\S+)\n(.*?)^~~~~\n", text, re.S | re.M)}


def cli():
    """The tablero built beside the library the module uses, or None."""
    lib = getattr(tablero._lib, "_name", "")
    path = os.path.join(os.path.dirname(lib), "tablero")
    return path if os.path.exists(path) else None


SAMPLES = sorted(os.path.join(ROOT, "samples", n) for n in os.listdir(os.path.join(ROOT, "samples"))
                 if n.endswith(".tgn"))


class GrepTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.files = {}
        for name, text in spec_files().items():
            path = os.path.join(cls.tmp.name, name)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            cls.files[name] = path

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()


class AsTheCommand(GrepTest):
    """What Python selects is what `tablero grep` writes."""

    CASES = [
        dict(tag="Site~Quer"), dict(tag="Game=pitarra"), dict(comment="ضربات"),
        dict(comment="BUENA", event="tercia", ignore_case=True), dict(pattern="d1"),
        dict(pattern="d1", invert=True), dict(moves=["^1\\.", "d[1-3]"]),
        dict(event="capture>=3"), dict(event="removal=1 per game"),
        dict(event="tercia>=2 per game"), dict(event="huff<=0 per game"),
        dict(event=["pushback"], moves="^12\\."), dict(tag=["Site~a", "Date~\\?"]),
        dict(pattern="x", max_steps=40), dict(event="columpio"), dict(event="tercia"),
    ]

    @staticmethod
    def argv(case):
        args = []
        for k, v in case.items():
            for one in ([v] if isinstance(v, (str, int, bool)) else v):
                if k == "pattern":
                    args += ["-e", one]
                elif k == "ignore_case":
                    args.append("-i")
                elif k == "invert":
                    args.append("-v")
                elif k == "max_steps":
                    args += ["--max-steps", str(one)]
                else:
                    args += ["--" + k, one]
        return args

    def test_same_games(self):
        exe = cli()
        if exe is None:
            self.skipTest("no tablero beside the library")
        files = SAMPLES + [self.files[n] for n in ("coleccion.tgn", "cortada.tgn",
                                                   "abierta.tgn", "columpios.tgn")]
        for case in self.CASES:
            for path in files:
                with self.subTest(case=case, file=os.path.basename(path)):
                    run = subprocess.run([exe, "grep", "-j", "1"] + self.argv(case) + [path],
                                         capture_output=True)
                    got = list(tablero.grep(path, **case))
                    selected = [m for m in got if m.matched is not None]
                    text = "\n".join(m.record.to_tgn() for m in selected)
                    self.assertEqual(text.encode("utf-8"), run.stdout)
                    untold = [m for m in got if m.matched is None]
                    # one line on standard error for each game not told
                    self.assertEqual(len(untold), run.stderr.count(b"\n"))
                    self.assertEqual(run.returncode, 2 if untold else 0 if selected else 1)


class Answers(GrepTest):
    def test_yes_no_where(self):
        recs = tablero.read_all(self.files["coleccion.tgn"])
        q = tablero.Query(tag="Site~Quer", comment="buena", event="tercia", moves="g1x")
        self.assertEqual(q.selectors, [("moves", "g1x"), ("tag", "Site~Quer"),
                                       ("comment", "buena"), ("event", "tercia")])
        m = q.match(recs[0])
        self.assertTrue(m)
        self.assertIs(m.matched, True)
        self.assertIsNone(m.why)
        self.assertGreater(m.steps, 0)
        self.assertEqual(m.spans[0], tablero.Span("moves", 0, 21, 24, "g1x"))
        self.assertEqual(recs[0].movetext[21:24], "g1x")
        self.assertEqual(m.spans[1].text, "Quer")
        self.assertEqual(recs[0].tags["Site"][m.spans[1].start:m.spans[1].end], "Quer")
        self.assertEqual(m.spans[2], tablero.Span("comment", 0, 0, 5, "buena"))
        self.assertEqual(m.turns, {3: (5, 30)})
        for rec in recs[1:]:
            m = q.match(rec)
            self.assertFalse(m)
            self.assertIs(m.matched, False)
            self.assertEqual(m.spans, {})

    def test_characters_not_bytes(self):
        rec = tablero.read_all(self.files["coleccion.tgn"])[1]
        m = tablero.Query(comment="ضربات").match(rec)
        self.assertEqual(m.spans[0], tablero.Span("comment", 0, 5, 10, "ضربات"))

    def test_cannot_tell(self):
        m = tablero.Query(event="columpio").match(tablero.read_all(self.files["cortada.tgn"])[0])
        self.assertIsNone(m.matched)
        self.assertFalse(m)
        self.assertEqual(m.selector, ("event", "columpio"))
        self.assertEqual(m.unsure, tablero.Unsure(3, 37, 4, 1, "d2", True))
        self.assertIn("the rules stop at 4... d2", m.why)
        m = tablero.Query(event="tercia").match(tablero.read_all(self.files["abierta.tgn"])[0])
        self.assertEqual(m.unsure, tablero.Unsure(4, 7, 20, 1, "?", False))
        self.assertIn("more than one turn fits", m.why)
        # told: no line of the stretch has a columpio
        m = tablero.Query(event="columpio").match(tablero.read_all(self.files["abierta.tgn"])[0])
        self.assertIs(m.matched, False)
        self.assertIsNone(m.unsure)

    def test_out_of_steps(self):
        rec = tablero.read_all(self.files["largo.tgn"])[0]
        q = tablero.Query(tag="Notes~(?:a|a){1,22}(?:$|x)")
        m = q.match(rec)
        self.assertIsNone(m.matched)
        self.assertEqual(m.steps, 10000001)
        self.assertIn("more than 10000000 steps", m.why)
        self.assertEqual(m.selector, ("tag", "Notes~(?:a|a){1,22}(?:$|x)"))
        m = tablero.Query("d1", max_steps=2).match(rec)
        self.assertIsNone(m.matched)
        self.assertEqual(m.steps, 3)
        self.assertTrue(tablero.Query("d1", max_steps=100).match(rec))

    def test_record_with_errors(self):
        recs = tablero.loads('[Game "pitarra"]\n\n1. d9 *\n\n[Game "pitarra"]\n\n1. d1 *\n')
        got = list(tablero.grep(recs, "d"))
        self.assertEqual([m.matched for m in got], [None, True])
        self.assertIn("errors", got[0].why)
        self.assertIs(tablero.Query("d").match(recs[0]).matched, None)


class Refused(unittest.TestCase):
    def test_bad_pattern(self):
        with self.assertRaises(tablero.GrepError) as e:
            tablero.Query(tag="Site~ñ(Quer")
        self.assertEqual(e.exception.offset, 11)  # characters, past "Site~"
        self.assertEqual(e.exception.selector, ("tag", "Site~ñ(Quer"))
        self.assertIn("missing closing parenthesis", str(e.exception))
        self.assertIsInstance(e.exception, tablero.TableroError)

    def test_bad_selectors(self):
        for kw in (dict(tag="Site"), dict(event="nope"), dict(event="tercia>=17"),
                   dict(event="tercia<=1"), dict(moves="a\0b")):
            with self.subTest(kw=kw), self.assertRaises(tablero.GrepError) as e:
                tablero.Query(**kw)
            self.assertIsNone(e.exception.offset)
        with self.assertRaises(tablero.GrepError):
            tablero.Query(moves=["d"] * 65)
        with self.assertRaises(ValueError):
            tablero.Query()
        for n in (0, 10 ** 12 + 1):
            with self.assertRaises(ValueError):
                tablero.Query("d", max_steps=n)


class Streaming(GrepTest):
    def test_as_read(self):
        """Records streamed from a file are those read() gives, and quote their
        source as they do."""
        for path in SAMPLES:
            with self.subTest(file=os.path.basename(path)):
                streamed = [m.record for m in tablero.grep(path, "", invert=False)]
                with open(path, "rb") as f:  # the file read whole, as loads reads it
                    whole = tablero.loads(f.read(), path)
                self.assertEqual(len(streamed), len(whole))
                for a, b in zip(streamed, whole):
                    self.assertEqual(a, b)
                    self.assertEqual([str(d) for d in a.diagnostics],
                                     [str(d) for d in b.diagnostics])
                    if not a.errors:
                        self.assertEqual([str(d) for d in a.validate()],
                                         [str(d) for d in b.validate()])

    def test_byte_order_mark(self):
        path = os.path.join(self.tmp.name, "bom.tgn")
        with open(path, "wb") as f:
            f.write(b'\xef\xbb\xbf[Game "pitarra"]\n\n1. d1 d1 *\n\n'
                    b'[Game "pitarra"]\n\n1. a1 a1 *\n')
        streamed = [m.record for m in tablero.grep(path, "")]
        with open(path, "rb") as f:
            whole = tablero.loads(f.read(), path)
        self.assertEqual([[str(d) for d in r.validate()] for r in streamed],
                         [[str(d) for d in r.validate()] for r in whole])
        self.assertIn(":7:7: error:", str(streamed[1].validate()[0]))

    def test_missing_file(self):
        with self.assertRaises(OSError):
            list(tablero.grep(os.path.join(ROOT, "no-such-file.tgn"), "d1"))

    def test_invert(self):
        path = self.files["coleccion.tgn"]
        self.assertEqual([m.record.game for m in tablero.grep(path, "d1", invert=True)],
                         ["asalto", "ocencahuac"])
        self.assertTrue(all(m.matched is False for m in tablero.grep(path, "d1", invert=True)))


class GrepOutOfMemory(GrepTest):
    def test_memory_error_or_the_same(self):
        lib = tablero._lib
        hook_t = C.CFUNCTYPE(C.c_int, C.c_void_p, C.c_size_t)
        lib.tb_set_alloc_hook.argtypes = [hook_t, C.c_void_p]
        lib.tb_set_alloc_hook.restype = None
        recs = tablero.read_all(self.files["coleccion.tgn"]) + tablero.read_all(self.files["abierta.tgn"])
        q = tablero.Query(comment=".", event=["tercia", "capture<=9 per game"])
        want = [(m.matched, m.spans, m.turns, m.unsure) for m in map(q.match, recs)]
        raised = 0
        for n in range(0, 300):
            left = [n]

            def refuse(ctx, size):
                left[0] -= 1
                return 1 if left[0] < 0 else 0
            hook = hook_t(refuse)
            lib.tb_set_alloc_hook(hook, None)
            try:
                got = [(m.matched, m.spans, m.turns, m.unsure) for m in map(q.match, recs)]
            except MemoryError:
                got = None
                raised += 1
            finally:
                lib.tb_set_alloc_hook(hook_t(), None)
            if got is not None:
                self.assertEqual(got, want)
        self.assertGreater(raised, 5)


if __name__ == "__main__":
    unittest.main()
