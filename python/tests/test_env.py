"""The learning environment: episodes against each opponent end with
legal results, the mask is the legal actions, the observation is the
position."""
import os
import random

import pytest

import qttt
import qttt.engine
import qttt.env
from conftest import TOP, tool

ENGINE = os.path.join(TOP, "cmd", "qttt-engine")
RESULTS = {"1-0", "0-1", "1-1/2", "1/2-1", "3/2-0", "2-0", "0-0"}


def episode(env, rng):
    obs, info = env.reset()
    total = 0.0
    terminated = False
    while not terminated:
        assert sum(info["mask"]) == len(info["legal"]) > 0
        obs, reward, terminated, truncated, info = env.step(
            rng.choice(info["legal"]))
        assert not truncated
        total += reward
    return total, info


def test_the_action_space():
    s = qttt.State()
    seen = set()
    rng = random.Random(2)
    for _ in range(200):
        s = qttt.State()
        while not s.is_over():
            for a in s.legal_actions():
                i = qttt.env.action_index(a)
                assert 0 <= i < qttt.env.ACTIONS
                assert qttt.env.action_text(s, i) == a
                seen.add(i)
            s.push(rng.choice(s.legal_actions()))
    assert len(seen) == qttt.env.ACTIONS == 54


@pytest.mark.parametrize("opponent", [None, "random", "perfect", "weak"])
def test_episodes_end_with_legal_results(opponent, tmp_path):
    env = qttt.env.Env(opponent=opponent, seed=3)
    rng = random.Random(3)
    records = []
    for game in range(20):
        env.reset(options={"player": "XO"[game % 2]})
        total, info = episode(env, rng)
        assert info["result"] in RESULTS
        x, o = env.state.score
        if opponent is not None:
            assert total == (x - o if env.player == "X" else o - x)
            if opponent == "perfect" and env.player == "O":
                # Perfect play as X keeps at least X's 1-1/2.
                assert x - o >= 0.5
        records.append(env.state.write())
    path = tmp_path / "episodes.qttt"
    path.write_text("".join(records))
    assert tool("qttt-validate", "-j", str(path)) == ""


def test_the_same_seed_the_same_games():
    def games(seed):
        env = qttt.env.Env(opponent="medium", seed=seed)
        rng = random.Random(seed)
        out = []
        for _ in range(5):
            episode(env, rng)
            out.append(env.state.actions)
        return out
    assert games(7) == games(7)


def test_the_observation():
    env = qttt.env.Env(seed=1)
    obs, info = env.reset()
    rows = [list(r) for r in obs]
    assert rows[10][:3] == [1, 0, 1]
    obs, *_ = env.step("X1 a1 c3")
    rows = [list(r) for r in obs]
    assert rows[0] == [1, 0, 0, 0, 0, 0, 0, 0, 1]
    assert rows[10][:3] == [-1, 0, 2]
    env.step("O2 a1 c3")
    obs, *_ = env.step("measure O2->a1")
    rows = [list(r) for r in obs]
    assert rows[1][0] == 2 and rows[0][8] == 2
    assert rows[9][0] == -1 and rows[9][8] == 1


def test_a_function_and_an_engine_as_opponents():
    env = qttt.env.Env(opponent=lambda s: s.legal_actions()[-1], seed=1)
    total, info = episode(env, random.Random(1))
    assert info["result"] in RESULTS
    engine = qttt.engine.popen([ENGINE, "-l", "perfect"])
    env = qttt.env.Env(opponent=engine, seed=1, player="O")
    for _ in range(3):
        total, info = episode(env, random.Random(1))
        assert info["result"] in RESULTS
        assert total <= -0.5
    env.close()


def test_numpy_when_present():
    np = pytest.importorskip("numpy")
    env = qttt.env.Env(seed=1)
    obs, info = env.reset()
    assert obs.dtype == np.int8 and obs.shape == (11, 9)
    assert info["mask"].shape == (qttt.env.ACTIONS,)
    assert list(np.flatnonzero(info["mask"])) == info["legal"]


def test_illegal_steps():
    env = qttt.env.Env(opponent="random", seed=1)
    obs, info = env.reset()
    illegal = next(i for i in range(qttt.env.ACTIONS)
                   if i not in info["legal"])
    with pytest.raises(qttt.IllegalActionError):
        env.step(illegal)
    with pytest.raises(ValueError):
        env.step(qttt.env.ACTIONS)
    with pytest.raises(ValueError):
        qttt.env.Env(opponent="grandmaster")
