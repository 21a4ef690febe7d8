"""Run Python snippets in Pyodide under Node, with the stripdeck wheel from dist/.

    from pyodide_support import run_in_pyodide
    run_in_pyodide("import stripdeck; stripdeck.format_cards(stripdeck.parse_cards('Ah'))")

The value is `result` if the snippet sets it, else its last expression, sent back
through json.dumps; a Python error raises PyodideError with the traceback. One Node
process (tests/pyodide_node/run.mjs --serve) is shared by the whole test session; each
snippet gets fresh globals. Needs `python3 build.py site` (build.py test does it).
"""

from __future__ import annotations

import atexit
import json
import queue
import shutil
import subprocess
import threading
import zipfile
from pathlib import Path
from typing import Any

from tools.site import LAZY_STRATEGY_FILES

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tests" / "pyodide_node" / "run.mjs"
SITE_PYODIDE = ROOT / "dist" / "pyodide"


class PyodideError(RuntimeError):
    """The snippet raised in Pyodide (message: its traceback), or the runner failed."""


def check_site_is_current() -> None:
    """Fail clearly if dist/ is missing or its wheel differs from core/stripdeck/."""
    wheels = sorted(SITE_PYODIDE.glob("stripdeck-*.whl"))
    if not wheels or not (SITE_PYODIDE / "pyodide-lock.json").is_file():
        raise PyodideError("no built site in dist/: run `python3 build.py site` first")
    with zipfile.ZipFile(wheels[-1]) as whl:
        packed = {n: whl.read(n) for n in whl.namelist() if n.startswith("stripdeck/")}
    sources = {
        p.relative_to(ROOT / "core").as_posix(): p.read_bytes()
        for p in (ROOT / "core" / "stripdeck").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
        and "locale" not in p.relative_to(ROOT / "core" / "stripdeck").parts  # not in the page's wheel
        and p.name not in LAZY_STRATEGY_FILES  # files of the site, not of the wheel (stripdeck.strategy_file)
    }
    if packed != sources:
        raise PyodideError("dist/ is stale (core/ changed): run `python3 build.py site`")


class PyodideSession:
    """One Node process running Pyodide; snippets are sent as JSON lines."""

    def __init__(self, timeout: float = 300.0) -> None:
        check_site_is_current()
        node = shutil.which("node")
        if node is None:
            raise PyodideError("node is not on PATH")
        self.timeout = timeout
        self._proc = subprocess.Popen(
            [node, str(RUNNER), "--serve"], cwd=ROOT, text=True, encoding="utf-8",
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
        self._lines: queue.Queue[str] = queue.Queue()
        self._stderr: list[str] = []
        threading.Thread(target=self._pump, args=(self._proc.stdout, self._lines.put),
                         daemon=True).start()
        threading.Thread(target=self._pump, args=(self._proc.stderr, self._stderr.append),
                         daemon=True).start()
        self._lock = threading.Lock()

    @staticmethod
    def _pump(stream: Any, sink: Any) -> None:
        for line in stream:
            sink(line)
        sink("")  # end of stream

    def run(self, code: str) -> Any:
        with self._lock:
            assert self._proc.stdin is not None
            try:
                self._proc.stdin.write(json.dumps({"code": code}) + "\n")
                self._proc.stdin.flush()
                line = self._lines.get(timeout=self.timeout)
            except (BrokenPipeError, queue.Empty) as err:
                raise PyodideError(f"Pyodide runner failed: {err!r}\n{self.stderr()}") from err
            if not line:
                raise PyodideError(f"Pyodide runner exited\n{self.stderr()}")
            answer = json.loads(line)
            if not answer["ok"]:
                raise PyodideError(answer["error"])
            return answer["result"]

    def stderr(self) -> str:
        """What the runner (and Python's print) wrote to stderr so far."""
        return "".join(self._stderr)

    def close(self) -> None:
        if self._proc.poll() is None:
            assert self._proc.stdin is not None
            self._proc.stdin.close()
            try:
                self._proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()


_session: PyodideSession | None = None


def session() -> PyodideSession:
    """The shared session, started on first use and closed at exit."""
    global _session
    if _session is None or _session._proc.poll() is not None:
        _session = PyodideSession()
        atexit.register(_session.close)
    return _session


def run_in_pyodide(code: str) -> Any:
    """Run `code` in Pyodide (stripdeck installed) and return its JSON-decoded result."""
    return session().run(code)
