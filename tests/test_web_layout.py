"""web/ is laid out by what runs where, and its imports go one way (docs/ui.md, "Where things are").

    widgets/   the widgets (embed.js's Python too): the engine only
    table/     the Python that runs and draws the table: the engine and the widgets' entry
    friends/   play with friends' Python: the table, the widgets' entry
    app/       the App, which runs in the worker: the only Python that speaks to the page (by messages)

A folder imports only folders below it, and another folder only through its entry (the names its
``__init__.py`` lists in ``__all__``); only app/ imports ``js``, ``pyscript`` or ``pyodide``; and
``web/worker/modules.json`` lists every module the worker's Python imports. Each rule is read from the sources
with ``ast``, so a test here fails by naming the file, the line and the import.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
LAYERS = ("widgets", "table", "friends", "app")  # lowest first: each may import those before it
BROWSER = {"js", "pyscript", "pyodide"}  # the page's own: the DOM, JavaScript, Pyodide's proxies
BROWSER_FOLDER = "app"


def entry(folder: Path) -> list[str]:
    """The names a folder's entry (its ``__init__.py``) offers the other folders: its ``__all__``."""
    tree = ast.parse((folder / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        targets = [node.target] if isinstance(node, ast.AnnAssign) else getattr(node, "targets", [])
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets) and node.value is not None:
            return list(ast.literal_eval(node.value))
    raise AssertionError(f"web/{folder.name}/__init__.py has no __all__: a folder's entry names what it offers")


def imports(source: str) -> list[tuple[int, str, list[str], int]]:
    """Every import of a module, at any depth: (line, module, names, level). ``import a.b`` gives
    ``("a.b", [], 0)``; ``from . import x`` gives ``("", ["x"], 1)``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name, [], 0) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.lineno, node.module or "", [a.name for a in node.names], node.level))
    return found


def problems(folder: str, name: str, source: str, entries: dict[str, list[str]],
             bare: set[str]) -> list[str]:
    """What breaks the layout in one module of web/<folder>/, each said with its file, line and import.

    ``entries``: each folder's entry names; ``bare``: the names of web/'s modules (which must be
    imported through their folder, never by a bare name)."""
    where = f"web/{folder}/{name}"
    out = []
    for line, module, names, level in imports(source):
        shown = f"from {'.' * level}{module} import {', '.join(names)}" if names else f"import {module}"
        at = f"{where}:{line}: `{shown}`"
        if level:
            if level > 1:
                out.append(f"{at} leaves its folder by a relative import; import the other folder by name")
            continue  # its own folder
        top, _, rest = module.partition(".")
        if top in BROWSER and folder != BROWSER_FOLDER:
            out.append(f"{at}: only app/ may touch the browser ({', '.join(sorted(BROWSER))}); "
                       f"web/{folder}/ runs on CPython in the tests and moves to the worker")
        elif top in LAYERS and top != folder:
            if LAYERS.index(top) > LAYERS.index(folder):
                out.append(f"{at}: {folder}/ may not import {top}/ (imports go one way: "
                           f"{' < '.join(LAYERS)}, a folder imports only those before it)")
                continue
            wanted = [rest.partition(".")[0]] if rest else names
            outside = [n for n in wanted if n not in entries[top]]
            if outside:
                out.append(f"{at}: {', '.join(outside)} not in {top}/'s entry "
                           f"(web/{top}/__init__.py __all__: {', '.join(entries[top]) or 'nothing'})")
        elif top in bare:
            out.append(f"{at}: a module of web/ imported by its bare name; import it through its folder")
    return out


def modules() -> list[tuple[str, Path]]:
    return [(folder, path) for folder in LAYERS for path in sorted((WEB / folder).glob("*.py"))]


@pytest.fixture(scope="module")
def entries() -> dict[str, list[str]]:
    return {folder: entry(WEB / folder) for folder in LAYERS}


def bare_names() -> set[str]:
    return {path.stem for _, path in modules()} - {"__init__"}


def test_every_python_file_of_web_is_in_one_of_the_folders():
    stray = [p.relative_to(WEB).as_posix() for p in WEB.rglob("*.py")
             if p.relative_to(WEB).parts[0] not in LAYERS or len(p.relative_to(WEB).parts) != 2]
    assert not stray, f"web/ holds Python outside {', '.join(f'{f}/' for f in LAYERS)}: {stray}"
    for folder in LAYERS:
        assert (WEB / folder / "__init__.py").is_file(), f"web/{folder}/ has no entry (__init__.py)"


def test_imports_go_one_way_and_through_each_folders_entry(entries):
    found = []
    for folder, path in modules():
        found += problems(folder, path.name, path.read_text(encoding="utf-8"), entries, bare_names())
    assert not found, "web/'s layout is broken:\n" + "\n".join(found)


def test_each_entry_names_what_its_folder_holds(entries):
    # table/, friends/ and app/ offer modules; the widgets offer functions (their modules are theirs).
    for folder in ("table", "friends", "app"):
        held = {p.stem for p in (WEB / folder).glob("*.py")} - {"__init__"}
        assert set(entries[folder]) <= held, f"web/{folder}/__init__.py lists what is not there"
    import web.widgets

    assert all(hasattr(web.widgets, name) for name in entries["widgets"])


def test_the_checker_names_each_kind_of_break(entries):
    # The rules above, broken one at a time in a made-up module: each is found and said.
    bare = bare_names()
    cases = {
        ("table", "from friends import host\n"): "table/ may not import friends/",
        ("table", "def f():\n    from app import main\n"): "table/ may not import app/",
        ("widgets", "import table.render\n"): "widgets/ may not import table/",
        ("friends", "from pyscript import document\n"): "only app/ may touch the browser",
        ("table", "import js\n"): "only app/ may touch the browser",
        ("app", "from widgets.scripted import build_frames\n"): "scripted not in widgets/'s entry",
        ("app", "from table import seating\n"): "seating not in table/'s entry",
        ("friends", "from table.seating import BOT\n"): "seating not in table/'s entry",
        ("app", "import controller\n"): "imported by its bare name",
        ("table", "from ..friends import host\n"): "leaves its folder by a relative import",
    }
    for (folder, source), said in cases.items():
        found = problems(folder, "x.py", source, entries, bare)
        assert len(found) == 1 and said in found[0] and found[0].startswith(f"web/{folder}/x.py:"), (source, found)
    fine = ("from . import scheduler\nfrom table import controller, render\nfrom widgets import ranking_html\n"
            "import stripdeck\nfrom stripdeck.i18n import _\nfrom pyscript import document\n")
    assert problems("app", "x.py", fine, entries, bare) == []


def local_imports(folder: str, path: Path) -> set[str]:
    """The web/ files one module imports ("table/render.py", "widgets/__init__.py", ...)."""
    out = set()
    for _line, module, names, level in imports(path.read_text(encoding="utf-8")):
        if level:
            base, more = folder, ([module] if module else names)
        elif module.partition(".")[0] in LAYERS:
            base, _, rest = module.partition(".")
            more = [rest] if rest else names
        else:
            continue
        out.add(f"{base}/__init__.py")
        out |= {f"{base}/{n}.py" for n in more if (WEB / base / f"{n}.py").is_file()}
    return out


def test_the_worker_fetches_every_module_the_app_imports():
    # A module left out of web/worker/modules.json breaks only the browser, at import: caught here first.
    listed = json.loads((WEB / "worker" / "modules.json").read_text(encoding="utf-8"))["modules"]
    assert len(listed) == len(set(listed)), "web/worker/modules.json lists a module twice"
    wanted, todo = {"app/boot.py"}, ["app/boot.py"]  # the entry web/worker/boot.mjs runs
    while todo:
        name = todo.pop()
        folder = name.partition("/")[0]
        for module in local_imports(folder, WEB / name) - wanted:
            wanted.add(module)
            todo.append(module)
    missing = sorted(wanted - set(listed))
    assert not missing, f"web/worker/modules.json does not list {missing}, which the App imports"
    unused = sorted(set(listed) - wanted)
    assert not unused, f"web/worker/modules.json lists {unused}, which nothing of the App imports"


# What tools/make_snapshot.mjs imports into the build's memory snapshot (every module of
# modules.json outside app/): every visitor restores the same memory, so these must compute
# nothing at import that differs between visitors or visits. Calling any of these then fails.
PER_VISIT = {
    "os": ("urandom", "getrandom", "getpid", "getenv"),
    "time": ("time", "time_ns", "monotonic", "perf_counter", "localtime", "gmtime"),
    "random": ("random", "seed", "randrange", "randint", "choice", "shuffle", "getrandbits"),
    "stripdeck.i18n": ("_", "ngettext", "pgettext", "npgettext", "language"),
}
SNAPSHOT_IMPORT = """
import importlib, json, sys
import stripdeck  # in the snapshot already, vetted on its own (tests/test_python_snapshot.py)
import stripdeck.i18n
per_visit = json.loads(sys.argv[1])
called = []
def refuse(where):
    def refused(*args, **kwargs):
        called.append(where)
        raise RuntimeError(f"{where} called at import")
    return refused
for module, names in per_visit.items():
    target = importlib.import_module(module)
    for name in names:
        if hasattr(target, name):
            setattr(target, name, refuse(f"{module}.{name}"))
for name in json.loads(sys.argv[2]):
    importlib.import_module(name)
print(json.dumps(called))
"""


def snapshot_modules() -> list[str]:
    listed = json.loads((WEB / "worker" / "modules.json").read_text(encoding="utf-8"))["modules"]
    return [path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
            for path in listed if not path.startswith(f"{BROWSER_FOLDER}/")]


def import_refusing(per_visit: dict[str, tuple[str, ...]], names: list[str]) -> tuple[int, str, str]:
    import subprocess
    import sys

    root = WEB.parent
    run = subprocess.run([sys.executable, "-c", SNAPSHOT_IMPORT, json.dumps(per_visit), json.dumps(names)],
                         cwd=WEB, capture_output=True, text=True, timeout=120, check=False,
                         env={"PYTHONPATH": f"{WEB}:{root / 'core'}", "PATH": "/usr/bin:/bin"})
    return run.returncode, run.stdout, run.stderr


def test_the_modules_in_the_snapshot_compute_nothing_per_visit_at_import():
    names = snapshot_modules()
    assert {"table.render", "friends.host", "widgets.ranking"} <= set(names)
    code, out, err = import_refusing(PER_VISIT, names)
    assert code == 0, err[-2000:]
    assert json.loads(out) == []
    # The check can fail: what these modules do call at import (marking words for translation,
    # translated when shown) is caught when refused.
    code, _, err = import_refusing({"stripdeck.i18n": ("N_",)}, ["table.action_bar"])
    assert code != 0 and "stripdeck.i18n.N_ called at import" in err
