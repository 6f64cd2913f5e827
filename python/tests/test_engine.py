"""Engines as processes: games against qttt-engine, and faulty engines
(tests/engines/faulty.c) whose faults raise clear exceptions and leave
no process behind."""
import os
import random

import pytest

import qttt
import qttt.engine
from conftest import TOP, tool

ENGINE = os.path.join(TOP, "cmd", "qttt-engine")
FAULTY = os.environ.get("QTTT_FAULTY")


def gone(pid):
    """Whether no process has this pid (reaped, not a zombie)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_games_against_qttt_engine(tmp_path):
    rng = random.Random(5)
    records = []
    with qttt.engine.popen([ENGINE, "-l", "perfect"]) as engine:
        assert engine.name.startswith("qttt-engine")
        assert "Rules" in engine.options
        for game in range(6):
            engine.newgame(seed=game)
            s = qttt.State()
            while not s.is_over():
                if s.turn == "XO"[game % 2]:
                    s.push(engine.play(s, movetime=1000))
                else:
                    s.push(rng.choice(s.legal_actions()))
            # Perfect play as X keeps X's 1-1/2 or better.
            if game % 2 == 0:
                assert s.result() in ("1-1/2", "1-0", "3/2-0", "2-0")
            records.append(s.write())
        pid = engine.pid
    assert gone(pid)
    path = tmp_path / "games.qttt"
    path.write_text("".join(records))
    assert tool("qttt-validate", "-j", str(path)) == ""


def test_analyse_gives_the_engine_value():
    s = qttt.State()
    s.push("X1 a1 b1")
    with qttt.engine.popen(ENGINE) as engine:
        info = engine.analyse(s, depth=9)
        assert info.value == qttt.analyse(s).value
        assert info.action in qttt.analyse(s).best
        # A position given as a state string.
        t = qttt.State("x1o4,o2,o2/x1x3,.,./.,x3o4,. X5 O4 *")
        assert engine.play(t) in t.legal_actions()


def test_rules_are_set():
    with qttt.engine.popen(ENGINE, rules="ksmanis") as engine:
        s = qttt.State(rules="ksmanis")
        assert engine.play(s) in s.legal_actions()
        with pytest.raises(ValueError):
            engine.play(qttt.State())


def test_messages_are_the_librarys():
    """What the client sends is written by the library and read back by
    it as the same message; what no line may carry is refused before it
    reaches the engine."""
    from qttt._qttt import qtp_format, qtp_parse
    s = qttt.State()
    s.push("X1 b1 a1")
    assert qtp_format("position", state=s) == \
        "position start actions X1 a1 b1"
    assert qtp_format("position", state=qttt.State()) == "position start"
    t = qttt.State("x1o4,o2,o2/x1x3,.,./.,x3o4,. X5 O4 *")
    assert qtp_format("position", state=t) == \
        "position state x1o4,o2,o2/x1x3,.,./.,x3o4,. X5 O4 *"
    go = qtp_format("go", movetime=100, depth=3)
    assert qtp_parse(go) == {"kind": "go", "movetime": 100, "depth": 3}
    assert qtp_parse(qtp_format("newgame", seed=7)) == {"kind": "newgame",
                                                        "seed": 7}
    assert qtp_format("setoption", name="Level", value="weak") == \
        "setoption name Level value weak"
    for bad in ("weak\nquit", "weak\r", "a\x00b"):
        with pytest.raises(ValueError):
            qtp_format("setoption", name="Level", value=bad)
    with pytest.raises(ValueError):
        qtp_format("setoption", name="Level value x")
    with pytest.raises(ValueError):
        qtp_format("gossip")
    with pytest.raises(TypeError):
        qtp_format("go", colour="red")
    # An option's value that holds a line end is refused, not sent as
    # a second message (a quit here).
    with pytest.raises(ValueError, match="setoption"):
        qttt.engine.popen(ENGINE, Level="weak\nquit")
    with pytest.raises(ValueError, match="setoption"):
        qttt.engine.popen(ENGINE, rules="goff\nquit")


needs_faulty = pytest.mark.skipif(FAULTY is None,
                                  reason="QTTT_FAULTY not built")


def play_until_fault(engine):
    s = qttt.State()
    while True:
        s.push(engine.play(s))


@needs_faulty
@pytest.mark.parametrize("fault, error, words", [
    ("crash", qttt.engine.EngineTerminated, "killed by signal 11"),
    ("exit", qttt.engine.EngineTerminated, "exited with status 3"),
    ("close", qttt.engine.EngineTerminated, "closed its output"),
    ("hang", qttt.engine.EngineTimeout, "did not answer in time"),
    ("garbage", qttt.engine.EngineError, "no message"),
    ("illegal", qttt.engine.EngineError, "rules refuse"),
    ("wrong", qttt.engine.EngineError, "rules refuse"),
    ("flood", qttt.engine.EngineError, "4,096 bytes"),
])
def test_faults(fault, error, words):
    engine = qttt.engine.popen([FAULTY, fault], timeout=1.0)
    pid = engine.pid
    with pytest.raises(error, match=words):
        play_until_fault(engine)
    assert gone(pid)
    # Whatever is asked after, the engine is gone: a clear error.
    with pytest.raises(qttt.engine.EngineTerminated):
        engine.play(qttt.State())
    engine.quit()


@needs_faulty
def test_a_refusal_leaves_the_engine_running():
    engine = qttt.engine.popen([FAULTY, "refuse"], timeout=1.0)
    with pytest.raises(qttt.engine.EngineError, match="refused"):
        play_until_fault(engine)
    assert not gone(engine.pid)
    engine.quit()
    assert gone(engine.pid)


@needs_faulty
def test_a_profile_the_engine_lacks():
    with pytest.raises(qttt.engine.EngineError, match="refused a setting"):
        qttt.engine.popen([FAULTY, "norules"], rules="ksmanis")


def test_a_command_that_is_no_engine():
    with pytest.raises(qttt.engine.EngineTerminated):
        qttt.engine.popen("exit 0")
    with pytest.raises(qttt.engine.EngineTimeout):
        qttt.engine.popen("sleep 30", timeout=0.3)
