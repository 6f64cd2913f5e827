"""Engines that speak the engine protocol, QTP (formats/engine-protocol.md),
run as processes: qttt-engine(1), or any other.

    >>> import qttt, qttt.engine
    >>> with qttt.engine.popen("qttt-engine -l random") as engine:
    ...     engine.newgame(seed=1)
    ...     engine.play(qttt.State()) in qttt.State().legal_actions()
    True

The messages are read by the library's parser and written by its
writer (qttt._qttt.qtp_parse, qtp_format); the actions an engine
chooses are judged by the library's rules.  A time-out, a crash, an
illegal action or a message that is not well formed raises an
EngineError, and the engine's process (its whole process group) is
killed and reaped first: no process is left behind.  An engine that
refuses a position with `error` raises EngineError too, but goes on
running, as the protocol has it.
"""
from __future__ import annotations

import os
import select
import signal
import subprocess
import time
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Union

from ._qttt import IllegalActionError, State, qtp_format, qtp_parse

__all__ = ["popen", "Engine", "Info", "EngineError", "EngineTimeout",
           "EngineTerminated"]


class EngineError(RuntimeError):
    """The engine broke the protocol, or refused what it was asked."""


class EngineTimeout(EngineError, TimeoutError):
    """The engine did not answer in time: it has been killed."""


class EngineTerminated(EngineError):
    """The engine's process ended (it exited or crashed)."""


@dataclass
class Info:
    """What an engine said while it chose an action: its last `info`
    fields and the `bestaction`."""

    action: str
    value: Optional[str] = None
    pv: Optional[str] = None
    depth: Optional[int] = None
    nodes: Optional[int] = None
    time: Optional[int] = None
    string: Optional[str] = None
    lines: List[dict] = field(default_factory=list)


class Engine:
    """A running engine: the handshake done, the rule profile set."""

    def __init__(self, command: Union[str, Sequence[str]],
                 rules: str = "goff", timeout: float = 10.0,
                 options: Optional[Dict[str, str]] = None):
        argv = (["/bin/sh", "-c", command] if isinstance(command, str)
                else list(command))
        self.timeout = timeout
        self.id: Dict[str, str] = {}
        self.options: Dict[str, dict] = {}
        self._buf = b""
        self._proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            self._send("qtp")
            for msg in self._until("qtpok", timeout):
                if msg["kind"] == "id":
                    self.id[msg["word"]] = msg["text"]
                elif msg["kind"] == "option":
                    self.options[msg["name"]] = msg
            settings = dict(options or {})
            rules_option = next((n for n in self.options
                                 if n.lower() == "rules"), None)
            if rules_option is not None:
                settings[rules_option] = rules
            elif rules != "goff":
                raise EngineError(f"the engine lists no Rules option: it "
                                  f"plays goff, not {rules}")
            for name, value in settings.items():
                self._send("setoption", name=name, value=str(value))
            self._send("isready")
            for msg in self._until("readyok", timeout):
                if msg["kind"] == "error":
                    raise EngineError(f"the engine refused a setting: "
                                      f"{msg['text']}")
            self.rules = rules
        except BaseException:
            self._kill()
            raise

    @property
    def pid(self) -> int:
        """The engine's process id."""
        return self._proc.pid

    @property
    def name(self) -> Optional[str]:
        return self.id.get("name")

    def _send(self, kind: str, **fields) -> None:
        """Writes a message, as the library writes it (ValueError for
        one the protocol cannot carry, which is not sent)."""
        line = qtp_format(kind, **fields)
        try:
            self._proc.stdin.write(line.encode() + b"\n")
            self._proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            self._died()

    def _died(self):
        """Raises EngineTerminated with how the process ended: the end
        of its output is its end, or it is killed."""
        try:
            self._proc.wait(0.5)
            code = self._proc.returncode
            how = (f"was killed by signal {-code}" if code < 0 else
                   f"exited with status {code}")
        except subprocess.TimeoutExpired:
            how = "closed its output, and was killed"
        self._kill()
        raise EngineTerminated(f"the engine (pid {self.pid}) {how}")

    def _readline(self, deadline: float) -> dict:
        """The next message, parsed, by the deadline (time.monotonic)."""
        fd = self._proc.stdout.fileno()
        while b"\n" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0:
                self._kill()
                raise EngineTimeout(f"the engine (pid {self.pid}) did "
                                    "not answer in time, and was killed")
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                self._died()
            self._buf += chunk
            if len(self._buf) > 4097 and b"\n" not in self._buf:
                self._kill()
                raise EngineError("the engine wrote a line of over "
                                  "4,096 bytes, and was killed")
        line, self._buf = self._buf.split(b"\n", 1)
        try:
            return qtp_parse(line.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as e:
            self._kill()
            raise EngineError(f"the engine wrote {line[:80]!r}, which is "
                              f"no message: {e}") from None

    def _until(self, kind: str, timeout: float):
        """The messages up to the first of kind, which is kept in
        self._last."""
        deadline = time.monotonic() + timeout
        while True:
            msg = self._readline(deadline)
            if msg["kind"] == kind:
                self._last = msg
                return
            yield msg

    def newgame(self, seed: Optional[int] = None) -> None:
        """Tells the engine that the positions that follow belong to
        another game (seeded, for an engine that plays at random)."""
        self._send("newgame", **({} if seed is None else {"seed": seed}))

    def analyse(self, state: State, movetime: Optional[int] = None,
                depth: Optional[int] = None, nodes: Optional[int] = None,
                timeout: Optional[float] = None) -> Info:
        """Asks the engine to act in a position, and returns all it said:
        its info and its action, judged legal by the rules.  movetime
        (ms), depth and nodes limit it; it must answer within timeout
        seconds (the engine's default) plus movetime."""
        if state.is_over():
            raise ValueError("the game is over: no action to choose")
        if state.rules != self.rules:
            raise ValueError(f"the state is played by {state.rules}, the "
                             f"engine by {self.rules}")
        self._send("position", state=state)
        self._send("go", **{name: int(v) for name, v in
                            (("movetime", movetime), ("depth", depth),
                             ("nodes", nodes)) if v is not None})
        limit = (self.timeout if timeout is None else timeout) + \
            (movetime or 0) / 1000
        info: dict = {}
        lines = []
        for msg in self._until("bestaction", limit):
            if msg["kind"] == "info":
                lines.append(msg)
                info.update({k: v for k, v in msg.items() if k != "kind"})
            elif msg["kind"] == "error":
                raise EngineError(f"the engine refused the position: "
                                  f"{msg['text']}")
        msg = self._last
        after = state.copy()
        try:
            after.push(msg["action"])
        except IllegalActionError as e:
            self._kill()
            raise EngineError(f"the engine chose {msg['action']}, which "
                              f"the rules refuse: {e} [{e.code}]; it was "
                              "killed") from None
        return Info(action=after.actions[-1], lines=lines,
                    **{k: info.get(k) for k in ("value", "pv", "depth",
                                                "nodes", "time", "string")})

    def play(self, state: State, movetime: Optional[int] = None,
             depth: Optional[int] = None, nodes: Optional[int] = None,
             timeout: Optional[float] = None) -> str:
        """The action the engine chooses in a position, in canonical
        form (see analyse())."""
        return self.analyse(state, movetime=movetime, depth=depth,
                            nodes=nodes, timeout=timeout).action

    def quit(self, timeout: float = 1.0) -> None:
        """Asks the engine to exit; kills it if it has not within
        timeout seconds.  Its process is reaped either way."""
        if self._proc.poll() is None:
            try:
                self._proc.stdin.write(qtp_format("quit").encode() +
                                       b"\n")
                self._proc.stdin.flush()
            except (BrokenPipeError, OSError, ValueError):
                pass
            try:
                self._proc.wait(timeout)
            except subprocess.TimeoutExpired:
                pass
        self._kill()

    def _kill(self) -> None:
        """Kills the engine's process group, reaps it, closes the pipes."""
        if self._proc.returncode is None:
            try:
                os.killpg(self._proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self._proc.wait()
        else:
            # The leader is gone; anything it started goes too.
            try:
                os.killpg(self._proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        for f in (self._proc.stdin, self._proc.stdout):
            try:
                f.close()
            except OSError:
                pass

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc) -> None:
        self.quit()

    def __del__(self):
        proc = getattr(self, "_proc", None)
        if proc is not None and proc.returncode is None:
            self._kill()

    def __repr__(self) -> str:
        return f"<qttt.engine.Engine {self.name!r} pid {self.pid}>"


def popen(command: Union[str, Sequence[str]], rules: str = "goff",
          timeout: float = 10.0, **options: str) -> Engine:
    """Starts an engine (a shell command, or an argument list), does the
    handshake and sets its Rules option (and the options given), and
    returns it.  timeout bounds each wait for an answer, in seconds."""
    return Engine(command, rules=rules, timeout=timeout, options=options)

