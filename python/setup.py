"""Builds the qttt package: its C extension over libqttt.

The extension links the objects of libqttt.a, which the repository's
Makefile builds with -fPIC, so the installed package needs no libqttt.so
on the system (only libyaml's shared library, which libyaml-dev brings).
Building runs `make lib/libqttt.a` in the repository first, unless
QTTT_ARCHIVE names an archive to link.  QTTT_SANFLAGS, as `make check
SANITIZE=1` sets it, builds the extension with the same sanitizers.
No network: `pip install --no-build-isolation` (README.md).
"""
import os
import shlex
import subprocess

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
ARCHIVE = os.environ.get("QTTT_ARCHIVE") or os.path.join(TOP, "lib",
                                                         "libqttt.a")


def pkg_config(*args, default):
    try:
        out = subprocess.run(["pkg-config", *args, "yaml-0.1"],
                             check=True, capture_output=True, text=True)
        return shlex.split(out.stdout)
    except (OSError, subprocess.CalledProcessError):
        return default


class BuildWithLibrary(build_ext):
    """Makes the library's archive before the extension links it."""

    def run(self):
        if not os.environ.get("QTTT_ARCHIVE"):
            subprocess.run(["make", "-C", TOP, "lib/libqttt.a"],
                           check=True)
        super().run()


SANFLAGS = shlex.split(os.environ.get("QTTT_SANFLAGS", ""))

setup(
    name="qttt",
    version="0.2.0",
    description="libqttt for Python: records, play, perfect play, "
    "diagrams and engines for Quantum Tic-Tac-Toe",
    packages=["qttt"],
    package_data={"qttt": ["py.typed", "*.pyi"]},
    python_requires=">=3.9",
    ext_modules=[
        Extension(
            "qttt._qttt",
            sources=["qttt/_qttt.c"],
            include_dirs=[os.path.join(TOP, "lib")],
            extra_compile_args=["-std=c17", "-D_POSIX_C_SOURCE=200809L",
                                "-Wall", "-Wextra", "-Wno-cast-function-type",
                                *SANFLAGS],
            extra_objects=[ARCHIVE],
            extra_link_args=[*pkg_config("--libs", default=["-lyaml"]),
                             *SANFLAGS],
            depends=[ARCHIVE, os.path.join(TOP, "lib", "qttt.h")],
        )
    ],
    cmdclass={"build_ext": BuildWithLibrary},
)
