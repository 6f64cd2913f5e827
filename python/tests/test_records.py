"""Records: every example game read as qttt-validate reads it, from a
path, bytes, text and file objects, written back as qttt-convert
writes it."""
import glob
import io
import json
import os
import tracemalloc

import pytest

import qttt
from conftest import EXAMPLES, example, tool

INPUTS = sorted(p for p in glob.glob(os.path.join(EXAMPLES, "*"))
                if p.endswith((".qttt", ".yaml", ".txt")))


def validate(path):
    """qttt-validate -j's diagnostics of a file, as tuples."""
    out = tool("qttt-validate", "-j", path)
    return [(d["game"], d["line"], d["byte_column"], d["severity"],
             d["code"], d["message"]) for d in map(json.loads,
                                                   out.splitlines())
            if d["game"] is not None]


def diagnostics(records):
    return [(r.index, d.line, d.column, d.severity, d.code, d.message)
            for r in records for d in r.diagnostics]


@pytest.mark.parametrize("path", INPUTS, ids=os.path.basename)
def test_examples_as_qttt_validate(path):
    records = list(qttt.read(path))
    assert records
    assert diagnostics(records) == validate(path)
    invalid = {d[0] for d in validate(path) if d[3] == "error"}
    assert {r.index for r in records if not r.valid} == invalid
    # The final positions (up to a fault) are qttt-replay's.
    finals = tool("qttt-replay", "-q", path).splitlines()
    assert finals == [r.state().state_string() for r in records
                      if r.format != "state" or r.valid]
    for r in records:
        if r.format == "state" and not r.valid:
            with pytest.raises(ValueError, match="holds no state"):
                r.state()


def sources(path):
    data = open(path, "rb").read()
    yield qttt.read(path)
    yield qttt.read(data)
    yield qttt.read(text=data.decode())
    yield qttt.read(open(path, "rb"))
    yield qttt.read(open(path, encoding="utf-8"))
    yield qttt.read(io.BytesIO(data))
    yield qttt.read(io.StringIO(data.decode()))


@pytest.mark.parametrize("path", INPUTS, ids=os.path.basename)
def test_every_source_reads_the_same(path):
    first = None
    for reader in sources(path):
        with reader:
            got = [(r.index, r.line, r.valid, r.actions, r.result,
                    r.format, r.tags, r.comment, r.comments,
                    r.diagnostics) for r in reader]
        if first is None:
            first = got
        assert got == first


def test_fields():
    r = next(qttt.read(example("games.yaml")))
    assert r.format == "yaml"
    assert r.valid
    assert r.tags["x"]
    assert isinstance(r.actions, list)
    assert r.result == r.state().result()
    assert r.rules == "goff"
    bad = list(qttt.read(example("errors.qttt")))
    assert not bad[1].valid
    d = bad[1].diagnostics[0]
    assert (d.code, d.severity, d.line, d.column) == ("same-square",
                                                      "error", 3, 17)


@pytest.mark.parametrize("fmt, flag", [("line", "line"), ("yaml", "yaml"),
                                       ("json", "json"), ("goff", "goff")])
@pytest.mark.parametrize("name", ["games.yaml", "worked.qttt",
                                  "fig7.yaml"])
def test_write_is_qttt_convert(fmt, flag, name):
    path = example(name)
    got = "".join(r.write(fmt) for r in qttt.read(path) if r.valid)
    assert got == tool("qttt-convert", "-t", flag, path)
    again = list(qttt.read(text=got))
    assert all(r.valid for r in again)


def test_write_refuses_an_invalid_record():
    r = list(qttt.read(example("errors.qttt")))[1]
    with pytest.raises(ValueError, match="not valid"):
        r.write()
    with pytest.raises(ValueError):
        next(qttt.read(example("worked.qttt"))).write("nonsense")


def test_format_and_rules_chosen():
    text = "X1 a1 b1; O2 a1 b1; X3 a1 b1\n"
    r = next(qttt.read(text=text, format="line"))
    assert not r.valid
    r = next(qttt.read(text=text, rules="two-cycles=no"))
    assert r.diagnostics[0].code == "two-cycle"
    with pytest.raises(ValueError):
        qttt.read(text=text, format="nonsense")


def test_errors_of_the_source(tmp_path):
    with pytest.raises(FileNotFoundError):
        qttt.read(tmp_path / "none.qttt")

    class Broken(io.RawIOBase):
        def read(self, n=-1):
            raise RuntimeError("the disk is on fire")
    with pytest.raises(RuntimeError, match="on fire"):
        list(qttt.read(Broken()))
    with pytest.raises(TypeError):
        qttt.read(42)


def test_count(generated):
    path = generated(3000)
    lines = path.read_text().splitlines()
    # Every tenth game with a move repeated: invalid.
    path.write_text("".join(
        (line.replace(";", "; " + line.split(";")[0] + ";", 1)
         if i % 10 == 0 else line) + "\n" for i, line in enumerate(lines)))
    games, valid = qttt.read(path).count()
    assert games == 3000
    assert valid == sum(r.valid for r in qttt.read(path))
    assert valid < games


def test_streams_without_holding_the_file(generated):
    """A file object is read a block at a time, and the records read
    before are not kept: memory does not grow with the input."""
    path = generated(20000)
    sizes = []

    class Counting(io.FileIO):
        def read(self, n=-1):
            sizes.append(n)
            return super().read(n)

    tracemalloc.start()
    n = 0
    for r in qttt.read(Counting(str(path))):
        n += r.valid
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert n == 20000
    assert len(sizes) > 10
    assert max(sizes) <= 128 * 1024
    assert peak < 1024 * 1024


def test_a_reader_never_opened_closes_nothing():
    """A reader made but not initialised owns no descriptor: standard
    input stays open when it goes."""
    r = qttt._qttt.Reader.__new__(qttt._qttt.Reader)
    del r
    os.fstat(0)
    assert qttt.State.__new__(qttt.State) == qttt.State()


def test_a_reader_in_use_refuses_another_call():
    """A file object's read() that calls the reader it feeds (as another
    thread would while the GIL is let go) gets RuntimeError, and the
    reader reads on as if nothing had happened."""
    data = b"X1 a1 b1; O2 b1 c1\n" * 5000
    refused = []

    class Meddling(io.RawIOBase):
        def __init__(self):
            self.data = io.BytesIO(data)
            self.reader = None

        def readable(self):
            return True

        def read(self, n=-1):
            for call in (lambda: next(self.reader), self.reader.count,
                         self.reader.close):
                with pytest.raises(RuntimeError, match="reading") as e:
                    call()
                refused.append(e.value)
            return self.data.read(n)

    source = Meddling()
    reader = source.reader = qttt.read(source)
    records = list(reader)
    assert len(records) == 5000 and all(r.valid for r in records)
    assert len(refused) >= 3
