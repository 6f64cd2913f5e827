"""Variations: a record's tree of lines as the library holds it
(formats/line-notation.md section 2.2), walked, added to, cut and
promoted from Python, and written back as the tools write it."""
import os
import random

import pytest

import qttt
from conftest import TOP, tool

GOLDEN = os.path.join(TOP, "tests", "golden", "validate-variations",
                      "variations.qttt")
NESTED = ("X1 a1 c3; O2 a1 c1 (O2 b2 b3; X3 a2 b2 (X3 a1 a2; O4 b1 c2)); "
          "X3 a1 c1; *")
ENDS = ("X1 a1 b1; O2 b1 b2; X3 b2 c3; O4 b3 c3 (O4 a2 a3); X5 c2 c3; "
        "O6 a1 b2 (O6 a1 b2; measure O6->b2); measure O6->b2; 0-1")


def record(line):
    return next(qttt.read(text=line + "\n"))


def tree(r):
    """The tree as plain values: each variation's parent (its index in
    record.variations, None for the main line), at, ply, depth and
    actions."""
    vs = r.variations
    return [(None if v.parent is None else vs.index(v.parent), v.at,
             v.ply, v.depth, v.actions) for v in vs]


def validated(r):
    """What qttt-validate -p writes of the record's line notation (the
    tool's judgement and writer against the package's)."""
    return tool("qttt-validate", "-p", "-", input=str(r) + "\n").rstrip("\n")


def test_a_nested_tree():
    r = record(NESTED)
    assert r.valid and r.actions == ["X1 a1 c3", "O2 a1 c1", "X3 a1 c1"]
    assert tree(r) == [
        (None, 1, 2, 1, ["O2 b2 b3", "X3 a2 b2"]),
        (0, 1, 3, 2, ["X3 a1 a2", "O4 b1 c2"]),
    ]
    outer, inner = r.variations
    assert outer.variations == [inner] and inner.variations == []
    assert inner.parent == outer and outer.parent is None
    assert inner.record is r
    assert inner.state().actions == ["X1 a1 c3", "O2 b2 b3", "X3 a1 a2",
                                     "O4 b1 c2"]
    assert repr(inner) == ("<qttt.Variation of game 1 at ply 3: "
                           "X3 a1 a2; O4 b1 c2>")
    assert len({outer, inner, r.variations[0]}) == 2


def test_round_trip_through_the_line_notation():
    """Every valid record of the golden file: str() is qttt-validate -p's
    line, and reading it back gives the same tree, comments and notes."""
    valid = [r for r in qttt.read(GOLDEN) if r.valid]
    assert len(valid) == 4
    games = [w for w in tool("qttt-validate", "-p", GOLDEN).splitlines()
             if not w.startswith("#")]
    assert [str(r).splitlines()[-1] for r in valid] == games
    for r in valid:
        assert str(r) + "\n" == r.write()
        back = record(str(r))
        assert tree(back) == tree(r)
        assert ([(v.comments, v.notes) for v in back.variations] ==
                [(v.comments, v.notes) for v in r.variations])
    second = valid[1].variations[1]
    assert second.comments == ["why not", None]
    assert second.notes == [{"mark": "?!"}, {"clock": "3"}]


def test_invalid_records_show_their_tree():
    records = list(qttt.read(GOLDEN))
    deep = records[5]
    assert not deep.valid and deep.diagnostics[0].code == "same-square"
    inner = deep.variations[1]
    # Played up to its fault; its actions as read.
    assert inner.state().actions == ["X1 a1 c3", "O2 b2 b3", "X3 a1 a2"]
    assert inner.depth == 2 and len(inner.actions) == 2
    with pytest.raises(ValueError, match="only a valid record is changed"):
        inner.remove()
    with pytest.raises(ValueError, match="only a valid record is changed"):
        deep.add_variation(None, 0, "X1 b1 c1")
    with pytest.raises(ValueError, match="only a valid record is written"):
        deep.write()
    assert str(deep) == repr(deep)


def test_a_variation_that_ends_the_game():
    r = record(ENDS)
    end = r.variations[1]
    assert end.ply == 6 and end.state().result() == "0-1"
    assert validated(r) == ENDS[:-len("; 0-1")] + "; 0-1"


def test_add():
    r = record(NESTED)
    outer, inner = r.variations
    first = r.add_variation(None, 0, "X1 b2 c2 [comment centre]; O2 a1 a2")
    assert str(r) == ("X1 a1 c3 (X1 b2 c2 [comment centre]; O2 a1 a2); "
                      "O2 a1 c1 (O2 b2 b3; X3 a2 b2 (X3 a1 a2; O4 b1 c2)); "
                      "X3 a1 c1")
    assert r.variations == [first, outer, inner]
    assert first.comments == ["centre", None]
    # A second alternative to the same action comes after the first;
    # actions as a list, in any spelling, kept canonical.
    again = r.add_variation(None, 0, ["X1 C3 A1"])
    assert again.actions == ["X1 a1 c3"] and again.ply == 1
    assert r.variations == [first, again, outer, inner]
    # Inside a variation, from its parent or from the record.
    deeper = inner.add_variation(1, ["O4 b1 b2"])
    also = r.add_variation(outer, 0, "O2 c1 c2")
    assert deeper.parent == inner and deeper.depth == 3 and deeper.ply == 4
    assert also.parent == outer and also.at == 0
    assert str(r) == validated(r)
    assert tree(record(str(r))) == tree(r)
    assert r.valid and r.diagnostics == []


def test_add_refuses_what_the_rules_refuse():
    r = record(NESTED)
    before = str(r)
    with pytest.raises(qttt.IllegalActionError) as e:
        r.add_variation(None, 1, "O2 b2 b3; X3 b3 b3")
    assert e.value.code == "same-square"
    with pytest.raises(qttt.IllegalActionError) as e:
        r.add_variation(None, 1, ["X3 a2 b2"])
    assert e.value.code == "move-order"
    with pytest.raises(qttt.IllegalActionError) as e:
        r.add_variation(None, 1, "O2 a1 zz")
    assert e.value.code == "bad-square"
    assert str(e.value).startswith("column 7: ")
    with pytest.raises(qttt.IllegalActionError) as e:
        r.add_variation(None, 1, ["O2 a1"])
    assert e.value.code == "syntax"
    # A variation past the end of a game that is over.
    ended = record(ENDS)
    with pytest.raises(qttt.IllegalActionError) as e:
        ended.add_variation(ended.variations[1], 1,
                            ["measure O6->b2", "X7 a2 a3"])
    assert e.value.code == "game-over"
    assert str(r) == before


def test_add_errors():
    r = record(NESTED)
    before = str(r)
    with pytest.raises(IndexError, match="0 to 2"):
        r.add_variation(None, 3, "X1 b2 c2")
    with pytest.raises(IndexError):
        r.add_variation(None, -1, "X1 b2 c2")
    with pytest.raises(IndexError, match="0 to 1"):
        r.variations[0].add_variation(2, "X3 b1 c1")
    with pytest.raises(ValueError, match="result-not-last"):
        r.add_variation(None, 1, "O2 b2 b3; 1-0")
    with pytest.raises(ValueError, match="one action or more"):
        r.add_variation(None, 1, [])
    with pytest.raises(ValueError, match="one action or more"):
        r.add_variation(None, 1, "")
    with pytest.raises(ValueError, match="added alone"):
        r.add_variation(None, 1, "O2 b2 b3 (O2 b2 c3)")
    with pytest.raises(TypeError):
        r.add_variation(None, 1, 5)
    with pytest.raises(TypeError, match="a Variation of this record"):
        r.add_variation(record(NESTED).variations[0], 0, "O2 b1 b2")
    with pytest.raises(ValueError, match="only a valid record"):
        record("X1 a1 b1; X3 b1 c1").add_variation(None, 0, "X1 a2 b2")
    assert str(r) == before


def test_remove():
    r = record(NESTED)
    outer, inner = r.variations
    first = r.add_variation(None, 0, "X1 b2 c2")
    inner.remove()
    assert str(r) == "X1 a1 c3 (X1 b2 c2); O2 a1 c1 (O2 b2 b3; X3 a2 b2); X3 a1 c1"
    assert r.variations == [first, outer]
    with pytest.raises(ValueError, match="no longer in its record"):
        inner.state()
    # A variation goes with those inside it.
    outer.remove()
    assert r.variations == [first]
    with pytest.raises(ValueError, match="no longer in its record"):
        inner.remove()
    assert "no longer in it" in repr(outer)
    first.remove()
    assert r.variations == [] and str(r) == "X1 a1 c3; O2 a1 c1; X3 a1 c1"


def test_promote():
    r = record(NESTED)
    outer, inner = r.variations
    old = outer.promote()
    assert str(r) == ("X1 a1 c3; O2 b2 b3 (O2 a1 c1; X3 a1 c1); X3 a2 b2 "
                      "(X3 a1 a2; O4 b1 c2)")
    assert r.actions == ["X1 a1 c3", "O2 b2 b3", "X3 a2 b2"]
    assert r.state().actions == r.actions and r.valid
    assert r.result is None
    assert old.actions == ["O2 a1 c1", "X3 a1 c1"] and old.parent is None
    # The promoted variation is gone; the others stay, where they went.
    with pytest.raises(ValueError, match="no longer in its record"):
        outer.promote()
    assert r.variations == [old, inner]
    assert inner.parent is None and inner.ply == 3 and inner.depth == 1
    # Promoting the former line back gives the record read.
    outer = old.promote()
    assert str(r) == str(record(NESTED))
    assert r.variations == [outer, inner] and inner.parent == outer
    # A nested variation takes its parent's line.
    inner.promote()
    assert str(r) == ("X1 a1 c3; O2 a1 c1 (O2 b2 b3; X3 a1 a2 (X3 a2 b2); "
                      "O4 b1 c2); X3 a1 c1")
    assert str(r) == validated(r)


def test_promote_drops_a_result_that_no_longer_holds():
    """The main line's stated result stays after a promotion only where
    the new main line gives it (libqttt(3), qttt_record_var_promote)."""
    r = record(ENDS)
    r.variations[0].promote()
    assert str(r) == ("X1 a1 b1; O2 b1 b2; X3 b2 c3; O4 a2 a3 (O4 b3 c3; "
                      "X5 c2 c3; O6 a1 b2 (O6 a1 b2; measure O6->b2); "
                      "measure O6->b2)")
    assert str(r) == validated(r)
    # The same end by another line: kept.
    r = record(ENDS)
    r.variations[1].promote()
    assert str(r).endswith("; 0-1") and str(r) == validated(r)


def test_limits():
    r = record("X1 a1 b1; O2 b1 c1; *")
    # QTTT_MAXVARS variations.
    for _ in range(64):
        r.add_variation(None, 0, "X1 a1 c1")
    with pytest.raises(ValueError, match=r"64 variations.*too-many-items"):
        r.add_variation(None, 0, "X1 a1 c1")
    assert len(r.variations) == 64
    # QTTT_MAXVARITEMS items in all.
    full = record(ENDS)
    line = full.actions[:6]
    for _ in range((256 - 3) // 6):
        full.add_variation(None, 0, line)
    with pytest.raises(ValueError, match=r"256 items.*too-many-items"):
        full.add_variation(None, 0, line)
    with pytest.raises(ValueError, match=r"256 items.*too-many-items"):
        full.add_variation(None, 0, ["X1 a1 b1"] * 300)
    # QTTT_MAXVARDEPTH deep.
    r = record("X1 a1 b1; O2 b1 c1; *")
    v = r.add_variation(None, 0, "X1 a1 c1")
    for _ in range(7):
        v = v.add_variation(0, "X1 a1 c1")
    assert v.depth == 8
    with pytest.raises(ValueError, match=r"8 deep.*too-many-items"):
        v.add_variation(0, "X1 a1 c1")
    assert str(r) == validated(r)


def test_promote_beyond_the_depth():
    """A promotion that would push a line below the deepest level is
    refused, and the record stays as it was."""
    r = record("X1 a1 b1; O2 b1 c1; *")
    top = r.add_variation(None, 0, "X1 a1 c1")
    v = r.add_variation(None, 1, "O2 a2 a3")
    for _ in range(7):
        v = v.add_variation(0, "O2 a2 a3")
    before = str(r)
    with pytest.raises(ValueError, match="too-many-items"):
        top.promote()
    assert str(r) == before and top.ply == 1


def test_writers():
    r = record(NESTED)
    with pytest.raises(ValueError, match=r"unwritable"):
        r.write("goff")
    assert r.write() == str(r) + "\n"
    # YAML and JSON hold the tree: read back, the same record.
    for fmt in ("yaml", "json"):
        back = next(qttt.read(text=r.write(fmt)))
        assert back.valid and tree(back) == tree(r)
        assert str(back) == str(r)


def test_the_stubs_name_the_tree():
    """python/qttt/_qttt.pyi declares every public name of the
    extension's classes (Variation's and Record's among them)."""
    import ast
    import qttt._qttt as ext
    stubs = ast.parse(open(os.path.join(TOP, "python", "qttt",
                                        "_qttt.pyi")).read())
    declared = {}
    for c in stubs.body:
        if isinstance(c, ast.ClassDef):
            declared[c.name] = {n.target.id if isinstance(n, ast.AnnAssign)
                                else n.name for n in c.body
                                if isinstance(n, (ast.AnnAssign,
                                                  ast.FunctionDef))}
    for name, names in declared.items():
        cls = getattr(ext, name)
        public = {n for n in vars(cls) if not n.startswith(("_", "n_"))}
        assert public <= names, (name, public - names)
    assert {"variations", "add_variation"} <= declared["Record"]


def test_paths():
    """Paths (formats/line-notation.md section 2.3) read and written by
    the library: Record.position() and Variation.path."""
    r = record(NESTED)
    outer, inner = r.variations
    assert outer.path == "2.1.2" and inner.path == "2.1.2.1.2"
    assert r.position("2.1.1").actions == ["X1 a1 c3", "O2 b2 b3"]
    assert r.position(inner.path) == inner.state()
    assert r.position(inner.path).actions == inner.state().actions
    assert r.position("3").actions == r.actions
    assert r.position("0") == qttt.State()
    # The positions the actions played give.
    for path, actions in (("1", ["X1 a1 c3"]),
                          ("2.1.2.1.1", ["X1 a1 c3", "O2 b2 b3",
                                         "X3 a1 a2"])):
        s = qttt.State()
        for a in actions:
            s.push(a)
        assert r.position(path) == s and r.position(path).actions == actions
    with pytest.raises(ValueError, match=r"\[syntax\]"):
        r.position("2.x")
    with pytest.raises(ValueError, match=r"\[missing-plies\]"):
        r.position("2.2.1")
    with pytest.raises(ValueError, match=r"\[missing-plies\]"):
        r.position("4")
    with pytest.raises(TypeError):
        r.position(2)
    # A path names a position of the tree as it is now.
    added = r.add_variation(inner, 1, "O4 b1 b2")
    assert added.path == "2.1.2.1.2.1.1"
    assert r.position(added.path).actions[-1] == "O4 b1 b2"
    # Past the fault of an invalid record's line.
    bad = list(qttt.read(GOLDEN))[5]
    assert bad.position("2.1.2.1.1").actions[-1] == "X3 a1 a2"
    with pytest.raises(ValueError, match="illegal before"):
        bad.position("2.1.2.1.2")


def test_promote_carries_comments_and_notes():
    """What an item carries goes with it, between the main line (the
    record's comments and notes) and the variations."""
    r = record("[x Alice] X1 a1 b1 [comment main]; O2 b1 c1? [comment was] "
               "(O2 a1 c1!! [comment alt] [value 1-0]); *")
    former = r.variations[0].promote()
    assert r.comments == ["main", "alt"]
    assert r.notes == [{}, {"value": "1-0", "mark": "!!"}]
    assert former.comments == ["was"] and former.notes == [{"mark": "?"}]
    assert r.tags == {"x": "Alice"}
    assert str(r) == ("[x Alice] X1 a1 b1 [comment main]; O2 a1 c1!! "
                      "[comment alt] [value 1-0] (O2 b1 c1? [comment was])")
    assert str(r) == validated(r)
    former.promote()
    assert r.comments == ["main", "was"]


def test_positions_of_a_record_without_variations():
    game = next(qttt.read(os.path.join(TOP, "formats", "examples",
                                       "worked.qttt")))
    assert game.variations == []
    assert game.position(str(len(game.actions))) == game.state()
    state = next(qttt.read(text="x1,x1,./.,.,./.,.,. O2 - *\n",
                           format="state"))
    assert state.position("0") == state.state()
    with pytest.raises(ValueError, match=r"\[missing-plies\]"):
        state.position("1")
    with pytest.raises(ValueError, match="a position, not a game and has no "
                       "variations"):
        state.add_variation(None, 0, "X3 a1 b1")


def ancestors(v):
    while v.parent is not None:
        v = v.parent
        yield v


def test_random_edits():
    """Random additions, removals and promotions, the tree checked
    against the tools' reading and writing of it as it goes."""
    rng = random.Random(34)
    r = record(NESTED)
    refused = 0
    for step in range(400):
        vs = r.variations
        op = rng.random()
        before = str(r)
        held = {v: v.actions for v in vs}
        changed = None
        try:
            if vs and op < 0.2:
                gone = rng.choice(vs)
                inside = [v for v in vs if v == gone or gone in ancestors(v)]
                gone.remove()
                for v in inside:
                    del held[v]
                    with pytest.raises(ValueError):
                        v.actions
            elif vs and op < 0.35:
                up = rng.choice(vs)
                changed = up.parent
                up.promote()
                del held[up]
            else:
                parent = rng.choice([None] + vs)
                line = r.actions if parent is None else parent.actions
                at = rng.randrange(len(line))
                played = (r.state() if parent is None else
                          parent.state()).actions
                start = 0 if parent is None else parent.ply - 1
                s = qttt.State()
                for a in played[:start + at]:
                    s.push(a)
                actions = []
                while not s.is_over() and len(actions) < rng.randint(1, 4):
                    actions.append(rng.choice(s.legal_actions()))
                    s.push(actions[-1])
                v = r.add_variation(parent, at, actions)
                assert v.actions == actions and v.state() == s
        except (qttt.IllegalActionError, ValueError):
            refused += 1
            assert str(r) == before
        # The others stand for the same lines (but the parent of one
        # promoted, whose line it took).
        for v, actions in held.items():
            if v != changed:
                assert v.actions == actions
        if step % 20 == 0:
            assert str(r) == validated(r)
            assert tree(record(str(r))) == tree(r)
    assert 0 < len(r.variations) <= 64 and refused < 200
