#!/usr/bin/env python3
"""A minimal engine of the engine protocol, QTP (formats/engine-protocol.md).

It plays random legal actions of Quantum Tic-Tac-Toe (formats/rules.md),
with the standard library only: its own rules, as a bot author might
write them in an evening.  It reads positions as the runner writes them,
in canonical form.  Usage: engine.py [seed]
"""
import random
import sys

SQUARES = [c + r for r in "123" for c in "abc"]
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8),
         (0, 4, 8), (2, 4, 6)]


class Game:
    """A position: classical squares, spooky moves, what comes next."""

    def __init__(self):
        self.classical = {}     # square -> move number
        self.spooky = {}        # move number -> (square, square)
        self.next = 1           # the next move's number
        self.pending = 0        # the move that closed a cycle, or 0

    def connected(self, a, b):
        seen, todo = {a}, [a]
        while todo:
            s = todo.pop()
            for m, (p, q) in self.spooky.items():
                for t in ((q,) if p == s else (p,) if q == s else ()):
                    if t not in seen:
                        seen.add(t)
                        todo.append(t)
        return b in seen

    def over(self):
        owner = {s: "XO"[m % 2 == 0] for s, m in self.classical.items()}
        if any(l[0] in owner and all(owner.get(s) == owner[l[0]] for s in l)
               for l in LINES):
            return True
        return len(self.classical) == 9

    def place(self, m, a, b):
        if m != self.next or self.pending or self.over():
            raise ValueError("X%d is not the next move" % m if m % 2
                             else "O%d is not the next move" % m)
        if a in self.classical or b in self.classical:
            raise ValueError("a square is classical")
        if a == b:
            if len(self.classical) != 8:
                raise ValueError("both marks in one square")
            self.classical[a] = m       # the forced last move (rule 3)
        else:
            if self.connected(a, b):
                self.pending = m        # a cycle: the other player measures
            self.spooky[m] = (a, b)
        self.next = m + 1

    def measure(self, m, s):
        if m != self.pending or s not in self.spooky[m]:
            raise ValueError("no such measurement")
        self.pending = 0
        del self.spooky[m]
        self.classical[s] = m
        moved = True
        while moved:                    # the collapse (rule 8)
            moved = False
            for k, (p, q) in list(self.spooky.items()):
                if p in self.classical or q in self.classical:
                    del self.spooky[k]
                    self.classical[q if p in self.classical else p] = k
                    moved = True

    def actions(self):
        if self.over():
            return []
        if self.pending:
            mark = ("X%d" if self.pending % 2 else "O%d") % self.pending
            return ["measure %s->%s" % (mark, SQUARES[s])
                    for s in self.spooky[self.pending]]
        mark = ("X%d" if self.next % 2 else "O%d") % self.next
        open_ = [s for s in range(9) if s not in self.classical]
        if len(open_) == 1:
            return ["%s %s" % (mark, SQUARES[open_[0]])]
        return ["%s %s %s" % (mark, SQUARES[a], SQUARES[b])
                for a in open_ for b in open_ if a < b]


def play_items(items, g=None):
    g = g or Game()
    for item in filter(None, (i.strip() for i in items.split(";"))):
        w = item.split()
        if w[0] == "measure":
            mark, sq = w[1].split("->")
            g.measure(int(mark[1:]), SQUARES.index(sq))
        elif len(w) == 2:
            g.place(int(w[0][1:]), SQUARES.index(w[1]), SQUARES.index(w[1]))
        else:
            g.place(int(w[0][1:]), SQUARES.index(w[1]), SQUARES.index(w[2]))
    return g


def read_state(text):
    board, nxt, pending, _ = text.split(" ")
    g = Game()
    marks = {}
    for s, cell in enumerate(board.replace("/", ",").split(",")):
        if cell[0] in "XO":
            g.classical[s] = int(cell[1:])
        elif cell != ".":
            for i in range(0, len(cell), 2):
                marks.setdefault(int(cell[i + 1]), []).append(s)
    g.spooky = {m: tuple(sq) for m, sq in marks.items()}
    g.next = int(nxt[1:]) if nxt != "-" else 10
    g.pending = int(pending[1:]) if pending != "-" else 0
    return g


class Engine:
    """The conversation: a position, a seeded choice, a go that waits."""

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.game = self.waiting = None
        self.queued = []        # the lines that wait for its stop

    def take(self, line):
        """Deals with a line; returns False after quit."""
        words = line.split()
        if not words:
            return True
        if self.waiting and words[0] in ("qtp", "setoption", "newgame",
                                         "position", "go", "stop"):
            # While a search waits for stop, so do the runner's messages
            # but isready and quit; stop answers, then they are dealt with.
            if words[0] != "stop":
                self.queued.append(line)
                return True
            print(self.waiting)
            self.waiting, queued, self.queued = None, self.queued, []
            return all(self.take(q) for q in queued)
        try:
            if words[0] == "qtp":
                print("id name engine.py\nid protocol 1\nqtpok")
            elif words[0] == "isready":
                print("readyok")
            elif words[0] == "setoption":
                print("error no such option")
            elif words[0] == "newgame":
                seed = words[2] if words[1:2] == ["seed"] else "0"
                self.rng = random.Random(int(seed))
            elif words[0] == "position":
                self.game = None
                rest = line.split(None, 2)[2] if len(words) > 2 else ""
                if words[1] == "state":
                    state, _, items = rest.partition(" actions")
                    self.game = play_items(items, read_state(state.strip()))
                elif words[1] == "start":
                    self.game = play_items(rest.partition("actions")[2])
                else:
                    print("error position start or position state")
            elif words[0] == "go":
                acts = self.game.actions() if self.game else []
                if not acts:
                    print("error no position, or the game is over")
                elif "infinite" in words:
                    self.waiting = "bestaction " + self.rng.choice(acts)
                else:
                    print("bestaction " + self.rng.choice(acts))
            elif words[0] == "quit":
                return False
        except (ValueError, IndexError, KeyError) as e:
            self.game = None
            print("error cannot read this: %s" % e)
        return True


def main():
    engine = Engine(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
    for line in sys.stdin:
        if not engine.take(line):
            break
        sys.stdout.flush()


main()
