"""Copies the checkout's shared library (build/libedpd.so, made by `npm run setup`) into the
package, so that an installed edpd finds it beside itself. Everything else is in pyproject.toml."""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

LIB = Path(__file__).resolve().parent.parent / "build" / "libedpd.so"


class BuildWithLibrary(build_py):
    def run(self):
        super().run()
        if not LIB.is_file():
            raise SystemExit(f"edpd: {LIB} is missing; build it first with `npm run setup` in the checkout")
        target = Path(self.build_lib) / "edpd"
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(LIB, target / "libedpd.so")


setup(cmdclass={"build_py": BuildWithLibrary})
