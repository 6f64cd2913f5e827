"""Perfect play: values, best actions, judgements and counts, equal to
qttt-analyze's."""
import json
import random
import threading

import pytest

import qttt
from conftest import example, tool


def positions(n, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        s = qttt.State()
        while not s.is_over() and rng.random() < 0.85:
            s.push(rng.choice(s.legal_actions()))
        out.append(s)
    return out


def test_empty_board():
    an = qttt.analyse(qttt.State())
    assert an.value == "1-1/2"
    assert an.score == 1
    assert an.best == ["X1 a1 c3", "X1 c1 a3"]
    assert len(an.values) == 36
    assert an.pv[0] == an.best[0]


@pytest.mark.parametrize("seed", [1, 2])
def test_values_are_qttt_analyze(seed):
    states = positions(40, seed)
    out = tool("qttt-analyze", "-T", "json", "-f", "state", "-",
               input="".join(s.state_string() + "\n" for s in states))
    for s, line in zip(states, out.splitlines()):
        want = json.loads(line)
        an = qttt.analyse(s)
        assert an.value == want["value"]
        assert an.values == {a["item"]: a["value"]
                             for a in want.get("actions", [])}
        assert list(an.values) == s.legal_actions()
        best = {a for a, v in an.values.items() if v == an.value}
        assert set(an.best) == (best if not s.is_over() else set())


def test_book_or_not_the_same():
    for s in positions(10, 3):
        assert qttt.analyse(s, book=False) == qttt.analyse(s)


def test_judge_is_qttt_analyze():
    path = example("worked.qttt")
    out = [json.loads(line) for line in
           tool("qttt-analyze", "-T", "json", path).splitlines()]
    plies = [d for d in out if "ply" in d]
    got = []
    for rec in qttt.read(path):
        if rec.valid:
            got += [(rec.index, j) for j in qttt.judge(rec)]
    assert len(got) == len(plies)
    for (game, j), want in zip(got, plies):
        assert game == want["game"]
        assert j.action == want["item"]
        assert j.mover == want["mover"]
        assert j.before == want["value_before"]
        assert j.after == want["value"]
        assert j.mark == want["mark"]
        assert j.best == want["best"]


def test_perft_is_qttt_analyze():
    s = qttt.State()
    s.push("X1 a1 b1")
    for depth in range(4):
        want = tool("qttt-analyze", "-p", str(depth), "-S",
                    s.state_string()).split()
        assert str(qttt.perft(s, depth)) in want
    divide = qttt.perft_divide(s, 2)
    assert list(divide) == s.legal_actions()
    assert sum(divide.values()) == qttt.perft(s, 2)


def test_refusals():
    with pytest.raises(TypeError):
        qttt.analyse("x1,x1,./.,.,./.,.,. O2 - *")


def test_threads_share_a_solver():
    """Threads that share the default solver get the values one thread
    gets; a solver of their own, the same."""
    states = positions(12, 4)
    want = [qttt.analyse(s) for s in states]
    got = [None] * len(states)

    def work(i, own):
        sv = qttt.Solver(table_bytes=1 << 20) if own else None
        got[i] = qttt.analyse(states[i], solver=sv)

    threads = [threading.Thread(target=work, args=(i, i % 2))
               for i in range(len(states))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == want
