"""Quality gates: mypy --strict on core/, ruff over the repository, and core/ stays pure.

core/stripdeck is the engine that runs unchanged on CPython and in Pyodide: it may
import only the standard library (never js, pyodide or pyscript) and does no I/O
(no print, open, input, files, sockets or processes). Only its command line,
__main__.py, may print and read files.
"""

from __future__ import annotations

import ast
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "core" / "stripdeck"
CORE_FILES = sorted(p for p in CORE.rglob("*.py") if "__pycache__" not in p.parts)

FORBIDDEN_MODULES = {
    # browser-only
    "js", "pyodide", "pyscript", "micropip",
    # I/O and the outside world
    "io", "os", "pathlib", "shutil", "tempfile", "glob", "socket", "ssl", "select",
    "selectors", "subprocess", "multiprocessing", "threading", "asyncio", "urllib", "http",
    "ftplib", "smtplib", "sqlite3", "dbm", "shelve", "pickle", "logging", "webbrowser",
    "tkinter", "ctypes", "signal", "fileinput",
}
FORBIDDEN_CALLS = {"print", "open", "input", "breakpoint", "exec", "eval", "compile", "__import__"}
FORBIDDEN_ATTRIBUTES = {"stdout", "stderr", "stdin", "exit"}  # sys.stdout.write(...), sys.exit()


def _require(module: str) -> None:
    """The quality gates are tests, not options: a missing tool fails with how to get it
    (requirements-dev.txt pins it; `python3 build.py test` installs it)."""
    if importlib.util.find_spec(module) is None:
        pytest.fail(f"{module} is not installed in {sys.executable}: run the tests with "
                    "`python3 build.py test`, which installs requirements-dev.txt")


def _run(*cmd: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *cmd], cwd=ROOT, capture_output=True,
                          text=True, check=False)


def test_mypy_strict_on_core() -> None:
    _require("mypy")
    out = _run("mypy", "--strict", "core/stripdeck")
    assert out.returncode == 0, out.stdout + out.stderr


def test_ruff_check() -> None:
    _require("ruff")
    out = _run("ruff", "check", "--output-format", "concise", ".")
    assert out.returncode == 0, out.stdout + out.stderr


def _problems(path: Path, root: Path = ROOT) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_cli = path.name == "__main__.py"
    problems = []
    for node in ast.walk(tree):
        where = f"{path.relative_to(root)}:{getattr(node, 'lineno', '?')}"
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules = [node.module]
        for module in modules:
            top = module.split(".")[0]
            if top == "stripdeck":
                continue
            if top not in sys.stdlib_module_names:
                problems.append(f"{where}: imports {module}, not in the standard library")
            elif top in FORBIDDEN_MODULES and not is_cli:
                problems.append(f"{where}: imports {module} (I/O or browser-only)")
        if is_cli:
            continue
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in FORBIDDEN_CALLS):
            problems.append(f"{where}: calls {node.func.id}()")
        if (isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_ATTRIBUTES
                and isinstance(node.value, ast.Name) and node.value.id == "sys"):
            problems.append(f"{where}: uses sys.{node.attr}")
    return problems


def test_core_has_python_files() -> None:
    assert CORE_FILES, "core/stripdeck has no Python files"


@pytest.mark.parametrize("path", CORE_FILES, ids=lambda p: p.name)
def test_core_uses_only_the_standard_library_and_no_io(path: Path) -> None:
    assert _problems(path) == []


def test_the_purity_check_catches_offences(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import js\nimport numpy\nfrom os import path\nprint(1)\nopen('x')\n"
                   "import sys\nsys.stdout.write('x')\n")
    problems = _problems(bad, root=tmp_path)
    assert len(problems) == 6, problems


def test_test_modules_have_unique_basenames() -> None:
    # pytest's default import mode imports tests/x.py and tests/browser/x.py as the same
    # module "x": a full run then stops at collection, though each file passes alone.
    seen: dict[str, Path] = {}
    clashes = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        if "node_modules" in path.parts:
            continue
        if path.name in seen:
            clashes.append(f"{seen[path.name].relative_to(ROOT)} and {path.relative_to(ROOT)}")
        seen.setdefault(path.name, path)
    assert clashes == [], "test files share a name: " + "; ".join(clashes)
