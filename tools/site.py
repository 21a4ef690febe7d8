"""Build the stripdeck wheel and assemble the static site in dist/.

Layout of dist/ (every URL in the pages is relative, so it works from any sub-folder):

    index.html            the page (copied from the repo root)
    locale/<code>.mo, locale/<code>.json   each language's compiled catalogue, and the sentences
                          of the page's JavaScript (tools/l10n.py; docs/i18n.md)
    embed.html, embed.js, examples.html   widgets for other sites (docs/embedding.md); embed.js
                          carries the index of prerendered/, examples.html its widgets' HTML
    prerendered/          every widget state that needs no input, rendered at build time
                          (tools/prerender.py)
    embed-static/         one-file ranking tables for pages without scripts
    web/                  the front end (copied from web/): the page's JavaScript (web/page/), the
                          worker that runs Python (web/worker/boot.mjs) and the Python it fetches
                          (web/worker/modules.json)
    web/data/strategy-online-no-limit.bin   the no-limit strategy, not in the wheel: the page
                          fetches it when a no-limit table first needs it (stripdeck.strategy_file)
    bench-bare/           bare PyScript page, the page-load benchmark's baseline (bench/bare/)
    pyscript/             @pyscript/core dist files (core.js, core.css, chunks), no source maps:
                          for the benchmarks' reference pages only (the game does not use PyScript)
    pyodide/              Pyodide runtime + pyodide-lock.json that also lists the stripdeck wheel
    pyodide/stripdeck-<version>-py3-none-any.whl
    pyodide/python.snapshot   Python's memory after start-up, the engine imported (the worker
                          starts from it: web/worker/python_start.mjs)
    sw.js, manifest.webmanifest, icons/   the installable, offline game (tools/offline.py,
                          tools/icons.py); index.html is pre-rendered (tools/shell.py)
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path

from . import DIST, ROOT
from .envs import NODE_MODULES, TOOLS_VENV, ensure_node_modules, ensure_tools_venv, run

PYODIDE_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",  # replaced by the one that lists stripdeck
]
_SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", ".*")
# The strategies loaded lazily (stripdeck.strategy_file.LAZY_STRATEGIES): files of the site, not of the wheel.
LAZY_STRATEGY_FILES = ("strategy-online-no-limit.bin",)
# The page's wheel carries no catalogue: the page fetches only its language's (dist/locale/).
_SKIP_IN_WHEEL = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", ".*", "locale", *LAZY_STRATEGY_FILES)


def build_wheel(outdir: Path) -> Path:
    """Build the pure-Python wheel from a clean copy of the sources; return its path."""
    python = ensure_tools_venv()
    outdir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="stripdeck-wheel-") as tmp:
        src = Path(tmp) / "src"
        shutil.copytree(ROOT / "core", src / "core", ignore=_SKIP_IN_WHEEL)
        for name in ("pyproject.toml", "README.md", "LICENSE"):
            if (ROOT / name).is_file():
                shutil.copy2(ROOT / name, src / name)
        built = Path(tmp) / "wheel"
        run([python, "-m", "pip", "wheel", "-q", "--disable-pip-version-check", "--no-deps",
             "--no-build-isolation", "--no-index", "-w", built, src])
        (wheel,) = built.glob("stripdeck-*.whl")
        target = outdir / wheel.name
        shutil.copy2(wheel, target)
    return target


def add_wheel_to_lock(lock_in: Path, wheel: Path, lock_out: Path) -> None:
    """Write `lock_out`: Pyodide's lock file plus an entry for `wheel` (beside lock_out)."""
    ensure_tools_venv()
    run([TOOLS_VENV / "bin" / "pyodide", "lockfile", "add-wheels", "--input", lock_in,
         "--output", lock_out, "--base-path", wheel.parent, wheel], stdout=subprocess.DEVNULL)
    entry = json.loads(lock_out.read_text())["packages"].get("stripdeck", {})
    if entry.get("file_name") != wheel.name:
        raise SystemExit(f"build.py: {lock_out} has no usable stripdeck entry: {entry}")


def compile_catalogues(dist: Path | None) -> None:
    """The translations, compiled (tools/l10n.py, with Babel in the tools venv): dist/locale/
    for the page and the widgets, core/stripdeck/locale/ for the command line."""
    python = ensure_tools_venv()
    run([python, "-m", "tools.l10n", "compile", *([dist] if dist is not None else [])], cwd=ROOT)


def make_snapshot(pyodide: Path, wheel: Path) -> None:
    """Pyodide's memory snapshot, the engine and web/'s table, friends and widgets imported
    (tools/make_snapshot.mjs; the worker starts from it: web/worker/python_start.mjs;
    docs/ui.md, "Start-up")."""
    run(["node", ROOT / "tools" / "make_snapshot.mjs", pyodide, wheel, ROOT / "web"])


def finish_game(dist: Path) -> str:
    """The game's pages (one per language), icons, manifests and service worker; returns the
    build's version."""
    from . import icons, offline, shell

    template = (dist / "index.html").read_text(encoding="utf-8")
    for name, page in shell.prerender_pages(template, dist / "locale").items():
        (dist / name).write_text(page, encoding="utf-8")
    for name, manifest in shell.manifests((ROOT / "manifest.webmanifest").read_text(encoding="utf-8")).items():
        (dist / name).write_text(manifest, encoding="utf-8")
    icons.write(dist / "icons")
    shutil.copy2(ROOT / "sw.js", dist / "sw.js")
    return offline.finish(dist)  # last: it hashes every file of the game


def assemble_site() -> Path:
    """Build everything into dist/ (wiped first); return dist/."""
    ensure_node_modules()
    if not (ROOT / "index.html").is_file():
        raise SystemExit("build.py: index.html is missing at the repository root")
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    compile_catalogues(DIST)  # first: the pre-rendered pages and widgets are in every language
    shutil.copy2(ROOT / "index.html", DIST / "index.html")
    for name in ("embed.html", "embed.js", "examples.html"):
        if (ROOT / name).is_file():
            shutil.copy2(ROOT / name, DIST / name)
    if (ROOT / "web").is_dir():
        shutil.copytree(ROOT / "web", DIST / "web", ignore=_SKIP)
    (DIST / "web" / "data").mkdir(parents=True, exist_ok=True)
    for name in LAZY_STRATEGY_FILES:  # in the service worker's list with the rest of web/ (tools/offline.py)
        shutil.copy2(ROOT / "core" / "stripdeck" / name, DIST / "web" / "data" / name)
    from .prerender import write as prerender

    states = prerender(DIST)  # prerendered/, embed.js's index, examples.html, embed-static/
    if (ROOT / "bench" / "bare").is_dir():
        shutil.copytree(ROOT / "bench" / "bare", DIST / "bench-bare", ignore=_SKIP)
    shutil.copytree(NODE_MODULES / "@pyscript" / "core" / "dist", DIST / "pyscript",
                    ignore=shutil.ignore_patterns("*.map"))
    pyodide = DIST / "pyodide"
    pyodide.mkdir()
    for name in PYODIDE_FILES[:-1]:
        shutil.copy2(NODE_MODULES / "pyodide" / name, pyodide / name)
    wheel = build_wheel(pyodide)
    add_wheel_to_lock(NODE_MODULES / "pyodide" / "pyodide-lock.json", wheel,
                      pyodide / "pyodide-lock.json")
    make_snapshot(pyodide, wheel)
    # The loading indicator counts the bytes against these: the runtime's (every file of pyodide/),
    # and the snapshot's when the page downloads it too
    # (web/page/snapshot.js decides).
    snapshot = (pyodide / "python.snapshot").stat().st_size
    runtime = sum(p.stat().st_size for p in pyodide.iterdir() if p.is_file()) - snapshot
    page = DIST / "index.html"
    page.write_text(page.read_text().replace(
        'data-runtime-bytes=""', f'data-runtime-bytes="{runtime}" data-snapshot-bytes="{snapshot}" '
        f'data-wheel-bytes="{wheel.stat().st_size}"'))
    finish_game(DIST)
    files = [p for p in DIST.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    print(f"site: {DIST} ({len(files)} files, {size / 1e6:.1f} MB); wheel {wheel.name}; "
          f"{len(states)} widget states pre-rendered")
    return DIST
