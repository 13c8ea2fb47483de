"""Tests of tablero.find (python/tablero/_find.py), run with
test_tablero.py (which imports them) by 'make python': the records Python
finds in an index are those `tablero find` prints, for a position, a
pattern up to the symmetries, an event and a tag; what users type is a
value, never SQL; a file that is no index is a TableroError."""
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, os.pardir, os.pardir))
sys.path.insert(0, os.path.join(ROOT, "python"))

import tablero  # noqa: E402

FIND_SAMPLES = sorted(os.path.join(ROOT, "samples", n)
                      for n in os.listdir(os.path.join(ROOT, "samples")) if n.endswith(".tgn"))


def find_cli():
    """The tablero built beside the library the module uses, or None."""
    path = os.path.join(os.path.dirname(getattr(tablero._lib, "_name", "")), "tablero")
    return path if os.path.exists(path) else None


@unittest.skipUnless(find_cli(), "no tablero beside the library")
class FindTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.db = os.path.join(cls.tmp.name, "s.db")
        subprocess.run([find_cli(), "index", "-o", cls.db] + FIND_SAMPLES, check=True)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def cli(self, *args):
        out = subprocess.run([find_cli(), "find", "--index", self.db] + list(args),
                             capture_output=True, text=True).stdout
        return [tuple(l.split(":")[:2]) for l in out.splitlines()]

    def test_as_the_command(self):
        cases = [
            ({"pattern": "R:d1 Y:", "symmetric": True}, ["--pattern", "R:d1 Y:", "--symmetric"]),
            ({"event": "tercia"}, ["--event", "tercia"]),
            ({"tags": ["Game=asalto"]}, ["--tag", "Game=asalto"]),
            ({"material": (24, None), "game": "asalto"}, ["--material", "24,*", "--game", "asalto"]),
        ]
        for kw, args in cases:
            got = [(h["file"], str(h["line"])) for h in tablero.find(self.db, **kw)]
            self.assertEqual(got, self.cli(*args), kw)
            self.assertTrue(got, kw)
        h = tablero.find(self.db, event="tercia")[0]
        self.assertGreater(h["ply"], 0)
        self.assertTrue(h["position"] and h["token"])

    def test_values_not_sql(self):
        with open(self.db, "rb") as f:
            before = f.read()
        evil = "x'); DROP TABLE records; --"
        self.assertEqual(tablero.find(self.db, tags=["Site=" + evil], text=evil), [])
        with open(self.db, "rb") as f:
            self.assertEqual(f.read(), before)
        with self.assertRaises(tablero.TableroError):
            tablero.find(self.db, pattern=evil)

    def test_no_index(self):
        junk = os.path.join(self.tmp.name, "junk.db")
        with open(junk, "wb") as f:
            f.write(os.urandom(4096))
        with self.assertRaisesRegex(tablero.TableroError, "no tablero index"):
            tablero.find(junk)
