"""The table in Chromium: hands played by clicking, settings, saving, phone size, notices.

`?bots=fast` makes the bots act after 20 ms (and deal the next hand after 0.4 s) so the
tests are quick; `seed=N` fixes the cards. The `page` fixture fails any test whose page
logged a console error or asked another origin for anything.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from browser_support import open_ready, screenshot
from game_helpers import (
    applied,
    hand_number,
    history,
    passive_action,
    play_hand,
    play_passively_until,
    wait_turn_or_end,
)

FAST = "?bots=fast&seed=11"


def test_hands_are_played_by_clicking(page: Any, site_url: str) -> None:
    open_ready(page, site_url + FAST)
    assert hand_number(page) == 1
    seats = page.locator("#table .seat")
    assert seats.count() == 4  # default: you and three bots
    cards = page.locator("#table .seat.human .card")
    assert cards.count() == 5
    names = [cards.nth(i).get_attribute("aria-label") for i in range(5)]
    assert all(" of " in n for n in names), names
    screenshot(page, "table-desktop")
    assert play_hand(page, discard=2, shots="table-desktop")
    assert "You draw 2 cards" in history(page) or hand_number(page) > 1
    screenshot(page, "table-hand-over")
    # Several more hands follow, dealt automatically after the pause.
    while hand_number(page) < 4:
        number = hand_number(page)
        play_hand(page)
        page.wait_for_function("n => +document.body.dataset.hand > n", arg=number)
    play_hand(page)
    screenshot(page, "table-fourth-hand-over")
    assert page.locator("#copy").is_enabled()
    page.click("#copy")
    exported = json.loads(page.locator("#export-text").input_value())
    assert exported["complete"] and len(exported["stacks"]) == 4 and exported["actions"]
    with page.expect_download() as download:
        page.click("#download")
    saved = json.loads(Path(download.value.path()).read_text())
    assert saved["actions"] == exported["actions"] and saved["deck"] == exported["deck"]


def test_keyboard_plays_a_draw(page: Any, site_url: str) -> None:
    open_ready(page, site_url + "?bots=fast&seed=5")
    while True:
        state = wait_turn_or_end(page)
        if state == "draw":
            break
        if state == "over":
            page.keyboard.press("n")
            continue
        applied(page, lambda: page.keyboard.press("c"))
    page.keyboard.press("1")
    page.keyboard.press("3")
    draw = page.locator("#controls [data-cmd=draw]")
    assert draw.get_attribute("aria-label") == "Discard 2 cards"
    page.keyboard.press("3")
    assert draw.get_attribute("aria-label") == "Discard 1 card"
    page.keyboard.press("d")
    page.wait_for_function("() => document.querySelector('#history-list').innerText.includes('You draw 1 card')")


def test_settings_change_the_game(page: Any, site_url: str) -> None:
    open_ready(page, site_url + FAST)
    page.click("header button[data-panel=settings]")
    page.select_option("select[name=preset]", "official")
    assert page.locator("select[name=suit_ties]").input_value() == "combination"
    assert "fixed limit" in page.inner_text("#preset-line")  # each preset in one line
    page.select_option("select[name=opponents]", "1")
    page.click("[data-cmd=apply]")
    # A hand is in play: the page asks first, and "Keep playing" changes nothing.
    assert "ends it" in page.inner_text("#settings-form .confirm")
    page.click("[data-cmd=keep-playing]")
    assert page.locator("#table .seat").count() == 4
    assert page.locator("select[name=opponents]").input_value() == "1"  # the form keeps the choices
    page.click("[data-cmd=apply]")
    page.click('[data-cmd=apply][data-confirmed="1"]')
    page.wait_for_function("() => document.querySelectorAll('#table .seat').length === 2")
    assert "antes" in history(page)
    assert page.locator("#table .marker", has_text="Ante").count() == 2
    screenshot(page, "settings-official-heads-up")
    assert page.locator("#settings").is_hidden()  # the new table is dealt: back to it
    page.click("header button[data-panel=settings]")
    page.check("input[name=four_color]")
    page.wait_for_selector("body.four-color", state="attached")
    page.wait_for_timeout(300)
    screenshot(page, "settings-four-colour")
    stored = json.loads(page.evaluate("localStorage.getItem('stripdeck.settings')"))
    assert stored["preset"] == "official" and stored["opponents"] == 1 and stored["four_color"]


def test_reload_restores_the_session(page: Any, site_url: str) -> None:
    open_ready(page, site_url + FAST)
    play_hand(page, discard=1)
    page.wait_for_function("() => +document.body.dataset.hand >= 2")
    wait_turn_or_end(page)
    number = hand_number(page)
    mine = page.locator("#table .seat.human").get_attribute("aria-label")
    page.reload()
    page.wait_for_selector("body[data-ready='1']", state="attached")
    assert hand_number(page) == number
    assert page.locator("#table .seat.human").get_attribute("aria-label").split(",")[:2] == \
        mine.split(",")[:2]
    assert not page.locator("#notices .notice").count()


def test_the_bots_reads_of_the_players_survive_a_reload(page: Any, site_url: str) -> None:
    # What a bot has read of the person (stripdeck.reads.Reads) is saved with the session: a
    # reload carries on counting from it; unreadable reads start again with a notice.
    open_ready(page, site_url + FAST)
    play_hand(page)
    page.wait_for_function("() => localStorage.getItem('stripdeck.reads')")
    reads = json.loads(page.evaluate("localStorage.getItem('stripdeck.reads')"))
    person = reads["1"]["seat 0"]
    assert person[0] > 0, reads  # the bot at seat 1 counted the person's betting actions
    person[0] += 500  # a count one hand could never reach: the page must carry on from it
    page.evaluate("r => localStorage.setItem('stripdeck.reads', r)", json.dumps(reads))
    page.reload()
    page.wait_for_selector("body[data-ready='1']", state="attached")
    counted = "() => JSON.parse(localStorage.getItem('stripdeck.reads'))['1']['seat 0'][0]"
    for _ in range(6):  # a hand the bot folds before the person acts adds nothing: play on until one does
        play_hand(page)
        page.wait_for_timeout(200)
        if page.evaluate(counted) > person[0]:
            break
    assert page.evaluate(counted) > person[0]
    assert not page.locator("#notices .notice").count()
    page.evaluate("localStorage.setItem('stripdeck.reads', '{\"1\": {\"seat 0\": [1, 2, 3]}}')")
    page.reload()
    page.wait_for_selector("body[data-ready='1']", state="attached")
    assert "What the bots had read of the players was unreadable" in page.inner_text("#notices")


def test_corrupt_storage_is_discarded_with_a_notice(page: Any, site_url: str) -> None:
    page.add_init_script("""
        localStorage.setItem('stripdeck.settings', '{"version": 99}');
        localStorage.setItem('stripdeck.session', 'garbage{');
    """)
    open_ready(page, site_url + "?bots=fast&timer=abc")
    notices = page.inner_text("#notices")
    assert "Saved settings were unreadable" in notices
    assert "saved game was unreadable" in notices
    assert "Ignored URL parameter timer" in notices
    assert hand_number(page) == 1
    screenshot(page, "corrupt-storage-notice")
    page.click("#notices [data-cmd=dismiss]")
    assert page.locator("#notices").is_hidden()


def test_the_human_timer_runs_out(page: Any, site_url: str) -> None:
    open_ready(page, site_url + "?bots=fast&seed=3&timer=2")
    while wait_turn_or_end(page) == "over":
        page.keyboard.press("n")
    page.wait_for_selector("#table .seat.human .timer", state="attached")
    page.wait_for_function(
        "() => document.querySelector('#history-list').innerText.includes('You ran out of time')",
        timeout=10_000)


def test_phone_viewport(page: Any, site_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    open_ready(page, site_url + FAST)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    for selector in ("#table .seat.human .card", "#controls"):
        box = None
        for _ in range(50):  # the table re-renders as fast bots act: measure a settled element
            page.locator(selector).first.wait_for(state="visible")
            box = page.locator(selector).first.bounding_box()
            if box is not None:
                break
            page.wait_for_timeout(100)
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360, (selector, box)
    screenshot(page, "table-phone")
    play_hand(page, discard=1, shots="table-phone")
    screenshot(page, "table-phone-end")


def test_hint_during_the_draw(page: Any, site_url: str) -> None:
    open_ready(page, site_url + FAST)
    while (state := wait_turn_or_end(page)) != "draw":
        if state == "over":
            page.keyboard.press("n")
        else:
            passive_action(page)
    assert not page.locator("#advice").count()
    page.click("#controls [data-cmd=hint]")
    advice = page.locator("#advice")
    advice.wait_for()
    reason = page.inner_text("#advice .advice-reason")
    assert "draw" in reason or "stand pat" in reason.lower(), reason
    rows = page.locator("#advice tbody tr")
    assert 1 <= rows.count() <= 4 and "%" in rows.nth(0).inner_text()
    suggested = rows.nth(0).locator("td").nth(0).inner_text().split()
    apply = page.locator("#controls [data-cmd=apply-hint]")
    if apply.count():  # the advice is to discard: applying greys exactly those cards
        apply.click()
        selected = page.locator("#table .seat.human .card.selected")
        assert selected.count() == len(suggested)
        assert all(selected.nth(i).get_attribute("aria-pressed") == "true" for i in range(len(suggested)))
        filters = {selected.nth(i).evaluate("c => getComputedStyle(c).filter") for i in range(len(suggested))}
        assert all("grayscale" in f for f in filters), filters  # greyed
        draw = page.locator("#controls [data-cmd=draw]")
        assert sorted(draw.get_attribute("data-action").split()[1:]) == sorted(suggested)
        assert draw.get_attribute("aria-label") == f"Discard {len(suggested)} card{'s' if len(suggested) > 1 else ''}"
        screenshot(page, "hint-applied")
        draw.click()
    else:
        page.keyboard.press("d")
    page.wait_for_function("() => !document.querySelector('#advice')")


def test_embedded_game_takes_url_settings_and_leaves_storage_alone(page: Any, site_url: str) -> None:
    open_ready(page, site_url + "index.html?embed=1&preset=official&opponents=1&bots=fast")
    assert page.locator("header button[data-panel=settings]").is_hidden()
    assert page.locator("#settings").is_hidden()
    assert page.locator("#table .seat").count() == 2
    page.wait_for_function("() => document.querySelector('#history-list').innerText.includes('ante')")
    assert page.locator("#table .marker", has_text="Ante").count() == 2
    assert not page.locator("#notices .notice").count()
    play_hand(page, discard=1)
    assert page.evaluate("localStorage.length") == 0
    screenshot(page, "embed-official-heads-up")


def test_embedded_bad_value_shows_a_notice(page: Any, site_url: str) -> None:
    open_ready(page, site_url + "index.html?embed=1&opponents=7&bots=fast")
    assert "opponents" in page.inner_text("#notices")
    assert page.locator("#table .seat").count() == 4  # the default: three bots
    assert page.evaluate("localStorage.length") == 0


def test_the_human_offers_to_split(page: Any, site_url: str) -> None:
    # Heads-up, online preset (split offers on): check/call and stand pat until the Split
    # button is offered after the draw, then offer to split.
    open_ready(page, site_url + "index.html?embed=1&preset=online&opponents=1&bots=fast&seed=2")
    split = page.locator("#controls [data-cmd=split]")
    play_passively_until(page, lambda: bool(split.count() and page.get_attribute("body", "data-phase")
                                            == "second betting round"), "Split was never offered", tries=200)
    split.click()
    page.wait_for_function(
        "() => document.querySelector('#history-list').innerText.includes('You offer to split')")
    screenshot(page, "split-offered")


def test_a_re_render_during_the_showdown_does_not_replay_the_reveal(page: Any, site_url: str) -> None:
    open_ready(page, site_url + FAST)
    page.click("header button[data-panel=settings]")
    page.uncheck("input[name=auto_deal]")  # the showdown stays on the table
    for _ in range(12):  # until a hand ends with a bot's cards turned over
        play_hand(page)
        if page.locator("#table .seat.revealed:not(.human) .card").count():
            break
        page.click("#controls [data-cmd=deal]")
    else:
        raise AssertionError("no showdown in twelve hands")
    reveals = "() => document.getAnimations().filter(a => a.animationName === 'reveal').map(a => a.playState)"
    page.wait_for_function(f"() => ({reveals})().length && ({reveals})().every(s => s === 'finished')",
                           timeout=10_000)
    page.check("input[name=four_color]")  # a display setting: the table is drawn again
    page.wait_for_selector("body.four-color", state="attached")
    states = page.evaluate(reveals)
    assert states and all(s == "finished" for s in states), states


def test_a_reload_does_not_restart_the_turn_clock(page: Any, site_url: str) -> None:
    # a 30 s clock: a reload on a loaded machine may take more than 10 s, and the turn must still be there
    open_ready(page, site_url + "?bots=fast&seed=3&timer=30")
    while wait_turn_or_end(page) == "over":
        page.keyboard.press("n")
    timer = "#table .seat.human .timer-text"
    page.wait_for_selector(timer, state="attached")
    number, events = hand_number(page), history(page)
    page.wait_for_timeout(4000)
    page.reload()
    page.wait_for_selector("body[data-ready='1']", state="attached")
    page.wait_for_selector(timer, state="attached")
    assert (hand_number(page), history(page)) == (number, events)  # the same turn
    left = int(page.inner_text(timer).split()[0])
    assert left <= 26, f"{left} s left after a reload 4 s into a 30 s turn"
    assert not page.locator("#notices .notice").count()
