"""Hostile and odd input in Chromium: the page and the widgets answer with a notice, never a dead page.

Numbers in URLs are ASCII digits with a length limit (``seed=²``, ``timer=①``, a 5,000-digit
``stack`` are ignored with a notice naming the parameter), a scenario nested 20,000 deep is
refused before Pyodide parses it (the other widgets of the page carry on), and the joker's
corrected rules (RULES.md s.8) show in a cardroom game. The `page` fixture fails a test on
any console error or page error, so a Python traceback anywhere fails it too.
"""

from __future__ import annotations

import base64
import sys
from pathlib import Path
from typing import Any

import pytest
from browser_support import PageLog, open_ready, origin_of, screenshot, serve_in_thread

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
LONG = "9" * 5000
DEEP = "[" * 20_000 + "]" * 20_000


def wait_for_a_dealt_hand(page: Any) -> None:
    """The table is alive: a hand is dealt and the human's five cards are on it."""
    page.wait_for_function("() => Number(document.body.dataset.hand || 0) >= 1"
                           " && document.querySelectorAll('#table .seat.human .card').length === 5")


def notices(page: Any) -> str:
    box = page.locator("#notices")
    assert box.is_visible()
    return str(box.inner_text())


@pytest.mark.parametrize("query, notice", [
    ("?bots=fast&seed=²", "Ignored URL parameter seed='²'"),
    ("?bots=fast&seed=" + LONG, "Ignored URL parameter seed="),
    ("?bots=fast&timer=①", "Ignored URL parameter timer='①'"),
    ("?bots=fast&timer=٣", "Ignored URL parameter timer='٣'"),
    ("?embed=1&bots=fast&stack=" + LONG, "stack: must be a whole number from 20 to 100000 (at most 19 digits), got "
                                         "'99999999999999999999…' (5000 characters)"),
    ("?embed=1&bots=fast&opponents=²&draw_limit=٣",
     "opponents: must be a whole number from 0 to 4, got '²'"),
])
def test_bad_numbers_in_the_url_give_a_notice_and_a_working_table(page: Any, site_url: str, query: str,
                                                                   notice: str) -> None:
    open_ready(page, f"{site_url}index.html{query}")
    assert notice in notices(page)
    wait_for_a_dealt_hand(page)
    if "stack=" in query:  # the default stack, and the blinds taken from it
        assert all(int(s) <= 200 for s in page.locator("#table .seat").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label').match(/(\\d+) chips/)[1])"))
    screenshot(page, "hostile-url-" + query[1:20].replace("&", "-"))


def _joker_full_house_seed() -> tuple[int, str]:
    """A seed whose first cardroom hand with the joker gives the human two pairs or three of a
    kind plus the joker (found with the page's own controller on CPython)."""
    sys.path.insert(0, str(ROOT / "web"))
    from stripdeck import JOKER, evaluate
    from table import controller, storage, url_params

    settings, _ = url_params.embed_settings([("preset", "cardroom"), ("joker", "1")])
    rules = storage.rules_from(settings)
    for seed in range(1, 5000):
        ctl = controller.Controller(settings, seed=seed)
        ctl.deal()
        assert ctl.session.hand is not None and ctl.human_hand_seat is not None
        hand = ctl.session.hand.seats[ctl.human_hand_seat].hand
        naturals = sorted(c.rank for c in hand if c != JOKER)
        shapes = sorted(naturals.count(r) for r in set(naturals))
        if JOKER in hand and shapes in ([2, 2], [1, 3]):
            name = str(evaluate(hand, rules))
            assert name.startswith("Full house, ")
            return seed, name
    raise AssertionError("no seed deals the human a full house made with the joker")


def test_a_cardroom_game_with_the_joker_names_the_full_house_it_completes(page: Any, site_url: str) -> None:
    seed, name = _joker_full_house_seed()
    open_ready(page, f"{site_url}index.html?embed=1&preset=cardroom&joker=1&bots=fast&seed={seed}")
    wait_for_a_dealt_hand(page)
    human = page.locator("#table .seat.human")
    assert human.locator(".card[aria-label='Joker']").count() == 1
    assert human.locator(".hand-name").inner_text() == name  # e.g. "Full house, kings full of queens"
    screenshot(page, "hostile-joker-full-house")


@pytest.mark.parametrize("query, message", [
    ("widget=odds&hand=Ah%20Kh%20Qh%20Jh%207c&top=%C2%B2", "top must be a whole number from 1 to 32, got '²'"),
    ("widget=odds&hand=Ah%20Kh%20Qh%20Jh%207c&opponents=%D9%A3",
     "opponents must be a whole number from 1 to 4, got '٣'"),
    (f"widget=game&stack={LONG}", "stack must be a whole number from 20 to 100000 (at most 19 digits)"),
    ("widget=game&draw_limit=%E2%91%A0", "draw_limit must be a whole number of at least 0, got '①'"),
    ("widget=scenario&speed=%C2%B2&src=web/widgets/scenarios/side-pot.json",
     "speed must be a whole number from 200 to 10000, got '²'"),
    # base64url keeps the URL under the test server's 64 KiB request line
    (f"widget=scenario&data={base64.urlsafe_b64encode(DEEP.encode()).decode()}",
     "the scenario is nested 20000 deep; at most 20 levels"),
])
def test_a_widget_with_a_bad_number_or_scenario_says_which(page: Any, site_url: str, query: str,
                                                            message: str) -> None:
    open_ready(page, f"{site_url}embed.html?{query}")
    alert = page.locator("#widget [role=alert]")
    assert alert.count() == 1 and message in alert.inner_text()
    assert "internal error" not in alert.inner_text()


def test_a_deep_scenario_does_not_take_the_other_widgets_with_it(page: Any, page_log: PageLog,
                                                                 tmp_path: Path) -> None:
    (tmp_path / "sd").symlink_to(DIST)
    (tmp_path / "host.html").write_text(
        "<!doctype html><html><head><meta charset='utf-8'><link rel='icon' href='data:,'>"
        "<script src='sd/embed.js' defer></script></head><body>"
        f"<div id='deep' data-stripdeck-widget='scenario' data-data='{DEEP}'></div>"
        "<div id='stack' data-stripdeck-widget='odds' data-hand='Ah Kh Qh Jh 7c' data-top='²'></div>"
        "<div id='ranking' data-stripdeck-widget='ranking' data-joker='1'></div>"
        "<script>document.addEventListener('stripdeck:ready', () => document.body.dataset.ready = '1');"
        "</script></body></html>")
    with serve_in_thread(tmp_path) as url:
        page_log.origin = origin_of(url)
        open_ready(page, url + "host.html")
        assert "nested 20000 deep" in page.locator("#deep [role=alert]").inner_text()
        assert "top must be a whole number from 1 to 32" in page.locator("#stack [role=alert]").inner_text()
        assert page.locator("#ranking").get_attribute("data-stripdeck-state") == "ready"
        assert page.locator("#ranking tbody tr").count() == 10
        # Python is still alive after the refused scenario: the widgets' runtime answers.
        assert page.evaluate("async () => (await StripdeckWidgets.loadRuntime()).toggle('Ah', 'Kd', false)") == \
            "Ah Kd"
