"""What the package's tests share: the repository, its tools, its
example games.  tests/python/run.sh runs them with the built extension
first on sys.path and the tools first on PATH."""
import os
import subprocess

import pytest

TOP = os.environ.get("QTTT_TOP") or os.path.dirname(os.path.dirname(
    os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(TOP, "formats", "examples")


def tool(name, *args, input=None, check=True):
    """Runs a tool of cmd/ and returns its standard output (str)."""
    p = subprocess.run([os.path.join(TOP, "cmd", name), *args],
                       input=input, capture_output=True, text=True)
    if check and p.returncode not in (0, 1):
        raise AssertionError(f"{name} {args}: {p.returncode}: {p.stderr}")
    return p.stdout


def example(name):
    return os.path.join(EXAMPLES, name)


@pytest.fixture
def generated(tmp_path):
    """A file of n games made by qttt-generate."""
    def make(n, *flags):
        path = tmp_path / f"games-{n}.qttt"
        path.write_text(tool("qttt-generate", "-n", str(n), *flags))
        return path
    return make
