"""Set-up that build.py does by itself: node_modules, the Python venvs, Chromium.

Each step is skipped when a stamp shows it is up to date, so repeated runs are fast.
"""

from __future__ import annotations

import glob
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

from . import ROOT

NODE_MODULES = ROOT / "node_modules"
TOOLS_VENV = ROOT / ".venv-tools"  # Python >= 3.12: pyodide-lock CLI and the wheel builder
DEV_VENV = ROOT / ".venv"  # Python 3.11: pytest, mypy, ruff, playwright, ...
TOOLS_REQUIREMENTS = ROOT / "tools" / "requirements-tools.txt"
DEV_REQUIREMENTS = ROOT / "requirements-dev.txt"
CHROMIUM = Path("/usr/bin/chromium")


def run(cmd: list[str | Path], **kwargs: object) -> None:
    """Run a command, echoing it; raise on failure."""
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, **kwargs)  # type: ignore[call-overload]


def _digest(*parts: bytes) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(part)
        h.update(b"\0")
    return h.hexdigest()


def ensure_node_modules() -> None:
    """`npm ci` when node_modules is missing or was installed from another package-lock.json."""
    stamp = NODE_MODULES / ".stripdeck-stamp"
    want = _digest((ROOT / "package-lock.json").read_bytes())
    if stamp.is_file() and stamp.read_text() == want:
        return
    run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT)
    stamp.write_text(want)


def _python_version(exe: str) -> tuple[int, int] | None:
    try:
        out = subprocess.run([exe, "-c", "import sys; print(*sys.version_info[:2])"],
                             capture_output=True, text=True, timeout=60, check=False)
    except OSError:
        return None
    parts = out.stdout.split()
    return (int(parts[0]), int(parts[1])) if out.returncode == 0 and len(parts) == 2 else None


def find_python(minor: int, *, at_least: bool = False) -> str:
    """Path of a working Python 3.<minor> (or newer, with at_least): PATH, then pyenv."""
    pyenv = os.environ.get("PYENV_ROOT", os.path.expanduser("~/.pyenv"))
    for m in [minor] + (list(range(minor + 1, minor + 5)) if at_least else []):
        candidates = [sys.executable, shutil.which(f"python3.{m}") or ""]
        candidates += sorted(glob.glob(f"{pyenv}/versions/3.{m}.*/bin/python3.{m}"), reverse=True)
        for exe in candidates:
            if exe and _python_version(exe) == (3, m):
                return exe
    raise SystemExit(f"build.py: no Python 3.{minor}{'+' if at_least else ''} found (PATH or pyenv)")


def venv_python(venv: Path) -> Path:
    return venv / "bin" / "python"


def ensure_venv(venv: Path, python: str, requirements: Path) -> Path:
    """Create `venv` with `python` and install the pinned `requirements`; return its python."""
    exe = venv_python(venv)
    version = subprocess.run(
        [python, "-c", "import sys; print(sys.version)"], check=True, capture_output=True, text=True
    ).stdout
    want = _digest(version.encode(), requirements.read_bytes())
    stamp = venv / ".stripdeck-stamp"
    if exe.exists() and stamp.is_file() and stamp.read_text() == want:
        return exe
    if venv.exists():
        shutil.rmtree(venv)
    run([python, "-m", "venv", venv])
    run([exe, "-m", "pip", "install", "-q", "--disable-pip-version-check", "-r", requirements])
    stamp.write_text(want)
    return exe


def ensure_tools_venv() -> Path:
    return ensure_venv(TOOLS_VENV, find_python(12, at_least=True), TOOLS_REQUIREMENTS)


def ensure_dev_venv() -> Path:
    return ensure_venv(DEV_VENV, find_python(11), DEV_REQUIREMENTS)


def ensure_chromium() -> None:
    """Debian's chromium for the browser tests (Playwright cannot download its own here)."""
    if CHROMIUM.exists():
        return
    if os.geteuid() != 0:
        raise SystemExit("build.py: /usr/bin/chromium is missing; run: sudo apt-get install -y chromium")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    run(["apt-get", "update"], env=env, stdin=subprocess.DEVNULL)
    run(["apt-get", "install", "-y", "chromium"], env=env, stdin=subprocess.DEVNULL)


def machine_state() -> str:
    """Memory, shared memory, disk and load now, and how many Chromium processes run (printed by
    `build.py test` before the suite, and by a browser test whose page crashed)."""
    meminfo = dict(line.split(":", 1) for line in Path("/proc/meminfo").read_text().splitlines())
    available_mb = int(meminfo["MemAvailable"].split()[0]) // 1024

    def free_mb(path: str) -> str:
        try:
            stat = os.statvfs(path)
        except OSError as err:
            return f"unknown ({err.strerror})"
        return f"{stat.f_bavail * stat.f_frsize // 2**20} of {stat.f_blocks * stat.f_frsize // 2**20} MB"
    chromiums = sum(1 for pid in Path("/proc").iterdir() if pid.name.isdigit()
                    and _command_of(pid).startswith("/usr/lib/chromium"))
    vmstat = dict(line.split() for line in Path("/proc/vmstat").read_text().splitlines())
    return (f"{os.cpu_count()} cores, memory available {available_mb} MB, "
            f"processes killed for memory since boot {vmstat.get('oom_kill', 'unknown')}, "
            f"/dev/shm free {free_mb('/dev/shm')}, /tmp free {free_mb('/tmp')}, "
            f"load {os.getloadavg()[0]:.1f}, {chromiums} Chromium processes")


def _command_of(pid_dir: Path) -> str:
    try:
        return (pid_dir / "cmdline").read_bytes().split(b"\0", 1)[0].decode(errors="replace")
    except OSError:
        return ""
