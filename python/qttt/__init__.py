"""libqttt for Python: Quantum Tic-Tac-Toe records, play, perfect play,
diagrams, engines and a learning environment.

    >>> import qttt
    >>> state = qttt.State()
    >>> state.push("X1 a1 b1")
    >>> state.legal_actions()[:2]
    ['O2 a1 b1', 'O2 a1 c1']

The rules, the readers and writers, the solver and the pictures are the
C library's (libqttt), so the package agrees with the command-line
tools byte for byte.  formats/python.md is the manual.
"""
from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field
from typing import IO, Dict, Iterator, List, Optional, Union

from ._qttt import (LIBRARY_VERSION, SYMMETRIES, Diagnostic,
                    IllegalActionError, Record, Solver, State, Variation)
from ._qttt import Reader as _Reader
from ._qttt import perft as _perft
from ._qttt import rule_presets

__version__ = "0.2.0"
__all__ = [
    "State", "Record", "Variation", "Diagnostic", "IllegalActionError", "Solver",
    "Analysis", "JudgedPly", "read", "analyse", "analyze", "perft",
    "perft_divide", "judge", "images", "rule_presets", "SYMMETRIES",
    "LIBRARY_VERSION",
]

Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, IO]


def read(source: Optional[Source] = None, format: Optional[str] = None,
         rules: Optional[str] = None, *, text: Optional[str] = None
         ) -> _Reader:
    """The records of an input, one at a time, in any of the four
    formats (detected as the tools detect it, or `format`: 'line',
    'yaml', 'json', 'goff', 'state').

    `source` is a path (str or os.PathLike), the records' bytes
    (bytes, bytearray, memoryview) or a file object (anything with
    read(), in text or binary mode); `text=` takes the records as a
    str.  The input is read a block at a time: memory does not grow
    with it.  `rules` is the profile of records that name none.
    The reader is an iterator of Record, and a context manager that
    closes the input; `count()` reads the rest and returns (games,
    valid) without making a Record of each.
    """
    if text is not None:
        if source is not None:
            raise TypeError("read() takes a source or text=, not both")
        return _Reader(text.encode("utf-8"), 1, format, rules)
    if isinstance(source, (str, os.PathLike)):
        return _Reader(os.fspath(source), 0, format, rules)
    if isinstance(source, (bytes, bytearray, memoryview)):
        return _Reader(source, 1, format, rules)
    if hasattr(source, "read"):
        return _Reader(source, 2, format, rules)
    raise TypeError("read() takes a path, bytes, a file object or text=, "
                    f"not {type(source).__name__}")


# One solver per kind, shared: a Solver takes its lock for each search,
# so threads take turns; a thread that wants its own passes solver=.
_solvers: Dict[bool, Solver] = {}
_solvers_lock = threading.Lock()


def _solver(book: bool) -> Solver:
    with _solvers_lock:
        if book not in _solvers:
            _solvers[book] = Solver(book=book)
        return _solvers[book]


@dataclass
class Analysis:
    """What perfect play makes of a position (qttt-analyze -S)."""

    value: Optional[str]
    """The result perfect play gives, under the state's profile."""
    score: int
    """The same as X's score minus O's, in half points."""
    best: List[str]
    """The actions that keep the value, in the library's order."""
    values: Dict[str, str] = field(default_factory=dict)
    """Each legal action and the result it leads to."""
    scores: Dict[str, int] = field(default_factory=dict)
    """Each legal action and its value in half points."""
    pv: List[str] = field(default_factory=list)
    """The principal variation: the first best action at each step."""


def analyse(state: State, *, book: bool = True,
            solver: Optional[Solver] = None) -> Analysis:
    """Perfect play from a position: its value, the best actions and
    the value of every action.  The search releases the GIL."""
    sv = solver if solver is not None else _solver(book)
    score, value, acts, best, pv = sv.analyse(state)
    return Analysis(value=value, score=score, best=best,
                    values={a: r for a, _, r in acts},
                    scores={a: v for a, v, _ in acts}, pv=pv)


analyze = analyse


def perft(state: State, depth: int) -> int:
    """The number of histories of `depth` moves from a position
    (formats/counting.md), as `qttt-analyze -p` counts them."""
    return _perft(state, depth)


def perft_divide(state: State, depth: int) -> Dict[str, int]:
    """perft divided by the first action (`qttt-analyze -p -d`)."""
    return _perft(state, depth, True)


@dataclass
class JudgedPly:
    """One action judged by perfect play, as qttt-analyze judges it."""

    action: str
    mover: str
    before: Optional[str]
    """The value before it: the result perfect play gave."""
    after: Optional[str]
    """The value after the action played."""
    before_score: int
    """The value before it in half points (X's score minus O's)."""
    after_score: int
    """The value after it in half points."""
    loss: int
    """What the mover lost, in half points."""
    mark: Optional[str]
    """None when the value was kept, '?' a mistake, '??' a blunder."""
    best: List[str]
    """The actions that kept the value."""


def judge(game: Union[State, Record], *, book: bool = True,
          solver: Optional[Solver] = None) -> List[JudgedPly]:
    """Judges every action of a game (a State's actions since its start,
    or a Record's up to its first fault) as qttt-analyze does."""
    state = game.state() if isinstance(game, Record) else game
    sv = solver if solver is not None else _solver(book)
    return [JudgedPly(a, *t) for a, t in zip(state.actions,
                                             sv.judge(state))]


def images(state: State) -> List[State]:
    """The eight images of a position under the board's symmetries, in
    the order of SYMMETRIES."""
    return [state.transform(g) for g in range(len(SYMMETRIES))]
