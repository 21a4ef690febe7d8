"""`python3 build.py serve`: loopback by default; `--host 0.0.0.0` for friends on a home
network, with the address they should open printed (the invitations carry the address of
the page that made them)."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tools.serve import addresses_to_share, network_addresses

ROOT = Path(__file__).resolve().parent.parent


def test_loopback_is_the_only_address_of_a_loopback_server() -> None:
    assert addresses_to_share("127.0.0.1", 8000) == ["http://127.0.0.1:8000/"]
    assert addresses_to_share("::1", 8123) == ["http://[::1]:8123/"]


def test_every_network_address_is_listed_for_a_server_on_all_interfaces() -> None:
    assert addresses_to_share("0.0.0.0", 8000, known=["192.168.1.20", "10.0.0.5"]) == [
        "http://127.0.0.1:8000/", "http://192.168.1.20:8000/", "http://10.0.0.5:8000/"]
    assert addresses_to_share("::", 9000, known=[]) == ["http://127.0.0.1:9000/"]


def test_network_addresses_leave_out_loopback() -> None:
    found = network_addresses()
    assert all(not a.startswith("127.") and a.count(".") == 3 for a in found), found


def _serve(tmp_path: Path, host: str) -> tuple[subprocess.Popen[str], list[str]]:
    (tmp_path / "index.html").write_text("<!doctype html><title>Stripdeck</title>")
    code = f"from pathlib import Path; from tools.serve import serve; serve(Path({str(tmp_path)!r}), 0, {host!r})"
    proc = subprocess.Popen([sys.executable, "-u", "-c", code], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    lines = [proc.stdout.readline()]
    deadline = time.monotonic() + 20
    while "Ctrl-C" not in lines[0] and time.monotonic() < deadline:
        lines = [proc.stdout.readline()]
    lines += [proc.stdout.readline(), proc.stdout.readline() if host != "127.0.0.1" else ""]
    return proc, lines


@pytest.mark.parametrize("host", ["127.0.0.1", "0.0.0.0"])
def test_serve_prints_where_to_open_the_game_and_serves_it(tmp_path: Path, host: str) -> None:
    proc, lines = _serve(tmp_path, host)
    try:
        first = lines[0]
        assert first.startswith("Serving ") and "http://127.0.0.1:" in first, lines
        port = int(first.split("http://127.0.0.1:")[1].split("/")[0])
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/index.html", timeout=10) as answer:
            assert b"Stripdeck" in answer.read()
        if host == "127.0.0.1":
            assert "--host 0.0.0.0" in lines[1], lines
        elif network_addresses():
            assert lines[1].startswith("Friends on your network open the game at: http://"), lines
            assert "invitations carry the address" in lines[2], lines
        else:
            assert "No network address found" in lines[1], lines
    finally:
        proc.terminate()
        proc.wait(timeout=10)
