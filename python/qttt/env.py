"""A learning environment with the Gymnasium calling convention, without
the gymnasium package:

    >>> import qttt.env
    >>> env = qttt.env.Env(opponent="random", seed=1)
    >>> obs, info = env.reset()
    >>> obs, reward, terminated, truncated, info = env.step(
    ...     info["legal"][0])

Actions are numbers of a fixed space of ACTIONS (54): the 36 placements
of a move by its two squares (the pairs in reading order: a1 b1, a1 c1,
..., b3 c3), then the 9 forced last moves (X9 on a1 .. c3), then the 9
measurements (the cycle's closing move to a1 .. c3); `info["mask"]`
says which are legal, and `info["legal"]` lists them.  The observation
is the position as an int8 array of shape (11, 9) (State.tensor(),
formats/python.md) when numpy is installed, else as a tuple of 11
tuples.  The rewards are points: at the end of a game, the agent's
score minus the opponent's (0 before the end).
"""
from __future__ import annotations

import random
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

from . import _solver
from ._qttt import State

try:
    import numpy as _np
except ImportError:                     # numpy is optional
    _np = None

__all__ = ["Env", "ACTIONS", "action_index", "action_text"]

SQUARES = [c + r for r in "123" for c in "abc"]
PAIRS = [(a, b) for a in range(9) for b in range(a + 1, 9)]
ACTIONS = len(PAIRS) + 2 * len(SQUARES)
_PAIR_INDEX = {p: i for i, p in enumerate(PAIRS)}
LEVELS = ("perfect", "strong", "medium", "weak", "random")

Opponent = Union[None, str, Callable[[State], str], Any]


def action_index(action: str) -> int:
    """The number of an action in canonical form ("X3 a1 c2",
    "X9 b2", "measure O4->c1")."""
    words = action.replace("->", " ").split()
    if words[0] == "measure":
        return len(PAIRS) + 9 + SQUARES.index(words[2])
    if len(words) == 2:
        return len(PAIRS) + SQUARES.index(words[1])
    return _PAIR_INDEX[(SQUARES.index(words[1]), SQUARES.index(words[2]))]


def action_text(state: State, index: int) -> str:
    """The action of a number in a position (legal or not)."""
    if not 0 <= index < ACTIONS:
        raise ValueError(f"action {index} is not in 0..{ACTIONS - 1}")
    move = state.state_string().split()[1]
    if index < len(PAIRS):
        a, b = PAIRS[index]
        return f"{move} {SQUARES[a]} {SQUARES[b]}"
    index -= len(PAIRS)
    if index < 9:
        return f"X9 {SQUARES[index]}"
    return f"measure {state.pending}->{SQUARES[index - 9]}"


class Env:
    """Env(rules="goff", opponent=None, seed=None, player="X").

    With opponent None the agent plays both sides, and a reward is for
    the player who acted.  Otherwise the agent plays `player` and the
    opponent the other side, acting at once after each of the agent's
    actions (and before the first, when it starts): a level of
    qttt-engine ("perfect", "strong", "medium", "weak", "random", the
    library's players), a qttt.engine.Engine, or a function of a State
    that returns an action."""

    metadata = {"render_modes": ["ansi", "svg"]}

    def __init__(self, rules: str = "goff", opponent: Opponent = None,
                 seed: Optional[int] = None, player: str = "X"):
        if isinstance(opponent, str) and opponent not in LEVELS:
            raise ValueError(f"opponent {opponent!r} is none of {LEVELS}")
        if player not in ("X", "O"):
            raise ValueError("player is 'X' or 'O'")
        self.rules = rules
        self.opponent = opponent
        self.player = player
        self.state = State(rules=rules)
        self._rng = random.Random(seed)

    @property
    def action_space_n(self) -> int:
        return ACTIONS

    def _observe(self):
        raw = self.state.tensor()
        if _np is not None:
            return _np.frombuffer(raw, dtype=_np.int8).reshape(11, 9).copy()
        signed = [b - 256 if b > 127 else b for b in raw]
        return tuple(tuple(signed[r * 9:r * 9 + 9]) for r in range(11))

    def _info(self) -> Dict[str, Any]:
        legal = sorted(action_index(a) for a in self.state.legal_actions())
        if _np is not None:
            mask = _np.zeros(ACTIONS, dtype=_np.int8)
            mask[legal] = 1
        else:
            mask = [0] * ACTIONS
            for i in legal:
                mask[i] = 1
        return {"mask": mask, "legal": legal, "turn": self.state.turn,
                "result": self.state.result(),
                "state": self.state.state_string()}

    def _opponent_action(self) -> str:
        opp = self.opponent
        if isinstance(opp, str):
            return _solver(True).choose(self.state, opp,
                                        self._rng.getrandbits(64))
        if hasattr(opp, "play"):
            return opp.play(self.state)
        return opp(self.state.copy())

    def _opponent_moves(self) -> None:
        while (self.opponent is not None and not self.state.is_over()
               and self.state.turn != self.player):
            self.state.push(self._opponent_action())

    def reset(self, *, seed: Optional[int] = None,
              options: Optional[dict] = None) -> Tuple[Any, dict]:
        """A new game: (observation, info).  options may set "player"."""
        if seed is not None:
            self._rng.seed(seed)
        if options and "player" in options:
            if options["player"] not in ("X", "O"):
                raise ValueError("player is 'X' or 'O'")
            self.player = options["player"]
        self.state = State(rules=self.rules)
        if hasattr(self.opponent, "newgame"):
            self.opponent.newgame(seed=self._rng.getrandbits(63))
        self._opponent_moves()
        return self._observe(), self._info()

    def step(self, action: Union[int, str]
             ) -> Tuple[Any, float, bool, bool, dict]:
        """Plays the agent's action (a number, or an action's text),
        then the opponent's: (observation, reward, terminated,
        truncated, info).  An illegal action raises IllegalActionError
        and changes nothing."""
        if self.state.is_over():
            raise RuntimeError("the game is over: call reset()")
        text = (action if isinstance(action, str)
                else action_text(self.state, int(action)))
        me = self.player if self.opponent is not None else self.state.turn
        self.state.push(text)
        self._opponent_moves()
        reward = 0.0
        score = self.state.score
        if score is not None:
            x, o = score
            reward = x - o if me == "X" else o - x
        return (self._observe(), reward, self.state.is_over(), False,
                self._info())

    def render(self, mode: str = "ansi") -> str:
        return (self.state._repr_svg_() if mode == "svg"
                else str(self.state))

    def close(self) -> None:
        if hasattr(self.opponent, "quit"):
            self.opponent.quit()

    def legal_actions(self) -> List[int]:
        return self._info()["legal"]
