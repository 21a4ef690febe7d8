#!/usr/bin/env python3
"""Build, serve and test Stripdeck. Standard library only; it does its own set-up.

    python3 build.py wheel          build the stripdeck wheel into dist/
    python3 build.py [site]         npm ci (if needed), wheel, and the static site in dist/
    python3 build.py serve [--port N] [--host A]   build the site and serve dist/ (127.0.0.1;
                                    --host 0.0.0.0 for friends on your network)
    python3 build.py test [pytest args] set up .venv, chromium, build the site, run pytest over both
                                    cores (pytest-xdist; -n 0 runs it in one process)
    python3 build.py messages       extract every sentence into locale/stripdeck.pot and bring
                                    locale/*.po up to date (docs/i18n.md)

Set-up is cached by stamps: node_modules/ (npm ci from package-lock.json),
.venv-tools/ (Python >= 3.12: wheel builder, pyodide-lock CLI), .venv/ (Python 3.11:
requirements-dev.txt). Delete a folder to force it to be made again.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

from tools import DIST, ROOT, envs


def cmd_wheel(_: argparse.Namespace) -> int:
    from tools.site import build_wheel

    wheel = build_wheel(DIST)
    print(f"wheel: {wheel} ({wheel.stat().st_size:,} bytes)")
    return 0


def cmd_site(_: argparse.Namespace) -> int:
    from tools.site import assemble_site

    assemble_site()
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from tools.serve import serve
    from tools.site import assemble_site

    serve(assemble_site(), args.port, args.host)
    return 0


def cmd_messages(_: argparse.Namespace) -> int:
    python = envs.ensure_tools_venv()
    return subprocess.run([str(python), "-m", "tools.l10n", "update"], cwd=ROOT, check=False).returncode


def spread(pytest_args: list[str]) -> list[str]:
    """pytest-xdist's options to run the suite over the machine's cores (at most 2: the suite's
    browser tests start a Chromium each, and CI's machine has 2), one test file per worker at a
    time (a file's fixtures, a served site or a Pyodide runtime, are set up once). Nothing when
    the caller chose (-n, -p no:xdist) or a single test is asked for (a path with ::)."""
    chosen = any(a.startswith(("-n", "--numprocesses", "--dist")) or a == "no:xdist" or "::" in a
                 for a in pytest_args)
    workers = min(2, os.cpu_count() or 1)
    return [] if chosen or workers < 2 else ["-n", str(workers), "--dist", "loadfile"]


def cmd_test(args: argparse.Namespace) -> int:
    from tools.site import assemble_site

    start = time.monotonic()
    python = envs.ensure_dev_venv()
    envs.ensure_chromium()
    assemble_site()
    print(f"set-up and build took {time.monotonic() - start:.0f} s", flush=True)
    print(f"this machine: {envs.machine_state()}", flush=True)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "core"), str(ROOT)]))
    pytest = [str(python), "-m", "pytest", *spread(args.pytest_args), *args.pytest_args]
    print("+", " ".join(pytest), flush=True)
    return subprocess.run(pytest, cwd=ROOT, env=env, stdin=subprocess.DEVNULL, check=False).returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("wheel", help="build the wheel into dist/").set_defaults(func=cmd_wheel)
    sub.add_parser("site", help="build the static site into dist/").set_defaults(func=cmd_site)
    serve = sub.add_parser("serve", help="build the site and serve dist/ (--host 0.0.0.0: for your network)")
    serve.add_argument("--port", type=int, default=8000, help="port (0: any free one)")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on: 0.0.0.0 lets other devices of your network play (default 127.0.0.1)")
    serve.set_defaults(func=cmd_serve)
    sub.add_parser("messages", help="extract the sentences and update locale/*.po").set_defaults(func=cmd_messages)
    test = sub.add_parser("test", help="set up, build the site and run pytest [pytest args]")
    test.set_defaults(func=cmd_test)
    args, extra = parser.parse_known_args(argv)
    if args.command == "test":
        args.pytest_args = extra  # everything unknown goes to pytest
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if args.command is None:
        args.func = cmd_site
    try:
        return int(args.func(args))
    except subprocess.CalledProcessError as err:
        print(f"build.py: command failed ({err.returncode}): {err.cmd}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
