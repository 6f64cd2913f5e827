"""Positions: play, take back, refusals, state strings, pictures and
symmetry, each checked against the command-line tools."""
import random
import sys
import tracemalloc

import pytest

import qttt
from conftest import tool


def test_empty_board():
    s = qttt.State()
    assert s.turn == "X"
    assert not s.is_over()
    assert s.result() is None
    assert s.state_string() == ".,.,./.,.,./.,.,. X1 - *"
    assert len(s.legal_actions()) == 36
    assert s.legal_actions()[0] == "X1 a1 b1"
    assert s.rules == "goff"


def test_push_pop_copy():
    s = qttt.State()
    for a in ["X1 a1 b1", "O2 b1 a1"]:
        s.push(a)
    # A 2-cycle: O2 closed it, X measures.
    assert s.pending == "O2"
    assert s.turn == "X"
    assert s.legal_actions() == ["measure O2->a1", "measure O2->b1"]
    c = s.copy()
    s.push("measure X1 -> a1")
    assert s.actions == ["X1 a1 b1", "O2 a1 b1", "measure O2->b1"]
    assert s.board[:2] == ["X1", "O2"]
    assert c.actions == ["X1 a1 b1", "O2 a1 b1"]
    assert s.pop() == "measure O2->b1"
    assert s == c
    assert s.pop() == "O2 a1 b1"
    assert s.pop() == "X1 a1 b1"
    with pytest.raises(IndexError):
        s.pop()
    assert s == qttt.State()


@pytest.mark.parametrize("actions, bad, code", [
    ([], "O2 a1 b1", "move-order"),
    ([], "X1 a1 a1", "same-square"),
    ([], "X1 a1 d4", "bad-square"),
    ([], "hello", "syntax"),
    ([], "1-0", "syntax"),
    (["X1 a1 b1", "O2 a1 b1"], "X3 c1 c2", "measurement-due"),
    (["X1 a1 b1", "O2 a1 b1", "measure O2->a1"], "O4 b1 c1",
     "move-order"),
    (["X1 a1 b1", "O2 a1 b1", "measure O2->a1"], "X3 a1 c1",
     "square-classical"),
])
def test_refusals(actions, bad, code):
    s = qttt.State()
    for a in actions:
        s.push(a)
    before = s.copy()
    with pytest.raises(qttt.IllegalActionError) as e:
        s.push(bad)
    assert isinstance(e.value, ValueError)
    assert e.value.code == code, str(e.value)
    assert str(e.value)
    assert s == before
    assert not s.is_legal(bad)


def test_is_legal_is_push():
    """is_legal() says what push() does, for any spelling: the legal
    actions, their squares swapped, measurements naming any spooky mark
    and any square, and the actions of other games."""
    rng = random.Random(12)
    squares = [c + r for r in "123" for c in "abc"]
    for _ in range(50):
        s = random_game(rng)
        while s.actions:
            s.pop()
            legal = s.legal_actions()
            tried = legal + random_game(rng).actions
            tried += [f"{w[0]} {w[2]} {w[1]}" for w in map(str.split, legal)
                      if len(w) == 3]
            marks = {m for sq in s.board if isinstance(sq, list) for m in sq}
            tried += [f"measure {m} -> {sq}" for m in marks for sq in squares]
            for a in tried:
                t = s.copy()
                try:
                    t.push(a)
                except qttt.IllegalActionError:
                    assert not s.is_legal(a), (s, a)
                else:
                    assert s.is_legal(a), (s, a)


def test_refusal_messages_are_the_tools():
    """The message of a refusal is the one qttt-validate gives."""
    s = qttt.State()
    s.push("X1 a1 b1")
    s.push("O2 a1 b1")
    s.push("measure O2->a1")
    with pytest.raises(qttt.IllegalActionError) as e:
        s.push("X3 a1 c1")
    out = tool("qttt-validate", "-j", "-",
               input="X1 a1 b1; O2 a1 b1; measure O2->a1; X3 a1 c1\n")
    assert f'"message":"{e.value}"' in out


def test_spellings():
    s = qttt.State()
    s.push("X1 B1 A1")
    s.push("O2 1 3")
    assert s.actions == ["X1 a1 b1", "O2 a1 c1"]


def random_game(rng, rules="goff"):
    s = qttt.State(rules=rules)
    while not s.is_over():
        s.push(rng.choice(s.legal_actions()))
    return s


def test_random_games_validate(tmp_path):
    """Random games played through push() are valid for qttt-validate,
    which computes the same final states and results."""
    rng = random.Random(33)
    games = [random_game(rng) for _ in range(500)]
    text = "".join(g.write() for g in games)
    path = tmp_path / "random.qttt"
    path.write_text(text)
    out = tool("qttt-validate", "-j", str(path))
    assert out == ""
    states = tool("qttt-replay", str(path)).splitlines()
    assert states == [g.state_string() for g in games]


@pytest.mark.parametrize("rules", ["goff", "ksmanis", "double=1",
                                   "two-cycles=no"])
def test_profiles(rules):
    rng = random.Random(rules)
    for _ in range(50):
        g = random_game(rng, rules)
        assert g.rules == qttt.State(rules=rules).rules
        # The record names its profile (a rules tag but for goff).
        rec = next(qttt.read(text=g.write()))
        assert rec.valid, rec.diagnostics
        assert rec.rules == g.rules
        assert rec.result == g.result()


def test_bad_profile_and_state():
    with pytest.raises(ValueError):
        qttt.State(rules="nonsense")
    with pytest.raises(ValueError, match="column"):
        qttt.State("x1,x1,./.,.,./.,.,. X3 - *")


def test_state_strings_round_trip():
    for rec in qttt.read(text=tool("qttt-generate", "-n", "200", "-u")):
        s = rec.state()
        assert qttt.State(s.state_string()).state_string() == \
            s.state_string()


def test_pictures_are_qttt_render():
    s = qttt.State()
    for a in ["X1 a1 b1", "O2 b1 c1", "X3 a1 c1"]:
        s.push(a)
    record = "X1 a1 b1; O2 b1 c1; X3 a1 c1\n"
    assert str(s) == tool("qttt-render", "-", input=record)
    assert s._repr_svg_() == tool("qttt-render", "-T", "svg", "-",
                                  input=record)
    assert s.render(unicode=True) == tool("qttt-render", "-T", "utf8", "-",
                                          input=record)


def test_symmetry():
    rng = random.Random(8)
    for _ in range(100):
        s = random_game(rng)
        while rng.random() < 0.5 and s.actions:
            s.pop()
        images = qttt.images(s)
        assert len(images) == 8 == len(qttt.SYMMETRIES)
        assert images[0] == s
        keys = {i.symkey() for i in images}
        assert keys == {s.symkey()}
        canon = s.canonical()
        assert canon.key() == s.symkey()
        assert all(i.canonical() == canon for i in images)
        # An image's game is a legal game to the same state.
        for i in images:
            t = qttt.State()
            for a in i.actions:
                t.push(a)
            assert t == i
    assert s.transform("rotate-90") == s.transform(1)
    with pytest.raises(ValueError):
        s.transform(8)


def test_no_leak_in_a_million_pushes():
    """A million pushes and pops keep no Python object: the memory that
    tracemalloc sees and the action strings' reference counts are flat.
    """
    s = qttt.State()
    s.push("X1 a1 b1")
    first = s.legal_actions()[0]
    refs = sys.getrefcount(first)
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for _ in range(1000000):
        s.push(first)
        s.pop()
    legal = None
    for _ in range(20000):
        legal = s.legal_actions()
    del legal
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert after - before < 64 * 1024
    assert sys.getrefcount(first) == refs


def test_state_string_read_by_its_profile():
    """A state string is read under the profile asked for: the draw
    with one square open, 1/2-1/2, is a position of cpp-solver only."""
    last = "X1,O2,X3/O8,.,O4/X7,O6,X5 - - 1/2-1/2"
    s = qttt.State(last, rules="cpp-solver")
    assert s.is_over() and s.result() == "1/2-1/2"
    assert s.state_string() == last
    with pytest.raises(ValueError):
        qttt.State(last)
    empty = ".,.,./.,.,./.,.,. X1 - *"
    assert qttt.analyse(qttt.State(empty, rules="simultaneous=draw")
                        ).value == "0-0"
