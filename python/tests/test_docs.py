"""The examples of formats/python.md and of the modules' docstrings run
as they stand, in a copy of formats/examples (the files they read)."""
import doctest
import os
import shutil

import pytest

import qttt
import qttt.engine
import qttt.env
from conftest import EXAMPLES, TOP


@pytest.fixture
def examples(tmp_path, monkeypatch):
    shutil.copytree(EXAMPLES, tmp_path / "examples")
    monkeypatch.chdir(tmp_path / "examples")


def run(failures_and_tries):
    failed, tried = failures_and_tries
    assert tried > 0
    assert failed == 0


def test_the_page(examples):
    run(doctest.testfile(os.path.join(TOP, "formats", "python.md"),
                         module_relative=False, report=True,
                         optionflags=doctest.ELLIPSIS))


@pytest.mark.parametrize("module", [qttt, qttt.engine, qttt.env],
                         ids=lambda m: m.__name__)
def test_the_docstrings(module, examples):
    run(doctest.testmod(module, report=True))


def test_the_notebook(examples):
    """The notebook's code cells run, and its last draws a game."""
    import json
    nb = json.load(open(os.path.join(TOP, "python", "examples",
                                     "draw.ipynb")))
    scope = {}
    value = None
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            lines = "".join(cell["source"]).splitlines()
            exec("\n".join(lines[:-1]), scope)
            value = eval(lines[-1], scope)
    assert isinstance(value, qttt.State)
    assert "<svg" in value._repr_svg_()
    assert value.result() == "0-1"


def test_the_readme(monkeypatch):
    """The README's Python example, from the top of the repository."""
    monkeypatch.chdir(TOP)
    run(doctest.testfile(os.path.join(TOP, "README.md"),
                         module_relative=False, report=True))
