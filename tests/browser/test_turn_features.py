"""Issue 15's table features the way a player meets them in Chromium: the time bank (keys, a reload
in the middle of it), pass and play's clock starting at the hand-over, the turn alert (the sound
made in the page, the tab's title in the background), replaying a hand from History, and showing
a losing hand at showdown."""

from __future__ import annotations

import re
import time
from typing import Any

from browser_support import open_ready, screenshot
from game_helpers import hand_number, history, wait_announced, wait_turn_or_end

# Counts the notes the page plays (Web Audio), and lets a test put the page "in the background".
AUDIO_AND_VISIBILITY = """
(() => {
  // The turn sounds played (web/page/sound.js's <audio>): counted once the browser has started
  // playing one (the WAV it made is one it can play), failures kept.
  window.__sounds = 0;
  window.__soundFailures = [];
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (...args) {
    const playing = play.apply(this, args);
    playing.then(() => { window.__sounds += 1; }, (err) => window.__soundFailures.push(String(err)));
    return playing;
  };
  window.__hidden = false;
  Object.defineProperty(Document.prototype, 'hidden', { get: () => window.__hidden, configurable: true });
  Object.defineProperty(Document.prototype, 'visibilityState',
    { get: () => (window.__hidden ? 'hidden' : 'visible'), configurable: true });
  window.__setHidden = (value) => { window.__hidden = value; document.dispatchEvent(new Event('visibilitychange')); };
})();
"""


def apply_settings(page: Any, selects: dict[str, str], names: tuple[str, ...] = ()) -> None:
    """Change game settings in the Settings panel and start a new table with them (confirming)."""
    page.click("header button[data-panel=settings]")
    if names:
        page.select_option("select[name=people_count]", str(len(names)))
        for i, name in enumerate(names):
            page.fill(f"input[name=person_{i + 1}]", name)
    for name, value in selects.items():
        page.select_option(f"#settings-form select[name={name}]", value)
    page.click("#settings-form [data-cmd=apply]")
    confirm = page.locator('#settings-form [data-cmd=apply][data-confirmed="1"]')
    if confirm.count():
        confirm.click()
    page.wait_for_selector("#settings", state="hidden")


def to_my_turn(page: Any) -> str:
    """Wait for the human's turn (dealing on when a hand ends first); returns 'turn' or 'draw'."""
    for _ in range(20):
        state = wait_turn_or_end(page)
        if state != "over":
            return state
        page.keyboard.press("n")
        page.wait_for_timeout(100)
    raise AssertionError("the human never got a turn")


def test_the_time_bank_runs_after_the_clock_survives_a_reload_and_then_times_out(page: Any, site_url: str) -> None:
    open_ready(page, site_url + "index.html?reset=1&seed=3&bots=fast&timer=3")
    apply_settings(page, {"time_bank": "60"})
    to_my_turn(page)
    timer = "#table .seat.acting.human .timer"
    page.wait_for_selector(timer + ".bank", state="attached", timeout=6000)  # the turn's 3 s are up
    text = page.inner_text(timer + " .timer-text")
    assert text.startswith("Time bank "), text
    screenshot(page, "time-bank-in-use")
    number, events = hand_number(page), history(page)
    page.wait_for_timeout(2000)
    page.reload()
    page.wait_for_selector("body[data-ready='1']", state="attached")
    page.wait_for_selector(timer + ".bank", state="attached")  # still in the bank after the reload
    assert (hand_number(page), history(page)) == (number, events)
    left = int(re.findall(r"\d+", page.inner_text(timer + " .timer-text"))[0])
    assert 25 <= left <= 58, f"{left} s of a 60 s bank left 2 s into it and a reload (Python's start) later"
    assert "ran out of time" not in history(page)
    before = page.get_attribute("body", "data-step")
    page.keyboard.press("c")  # check or call with the key, inside the bank
    page.wait_for_function("s => document.body.dataset.step !== s", arg=before)
    assert "You ran out of time" not in history(page)
    # What is left of the bank follows on the next turns; once it is gone, the clock runs out.
    deadline = time.monotonic() + 120
    while "You ran out of time" not in history(page):
        assert time.monotonic() < deadline, "the time bank never ran out"
        if page.locator("#controls [data-cmd=deal]").count():
            page.keyboard.press("n")
        page.wait_for_timeout(200)
    assert page.locator("#notices .notice").count() == 0


def test_pass_and_play_the_clock_starts_when_the_next_person_takes_the_device(page: Any, site_url: str) -> None:
    open_ready(page, site_url + "index.html?reset=1&seed=8&bots=fast&timer=4")
    apply_settings(page, {"opponents": "1"}, names=("Ann", "Bruno"))
    page.wait_for_function("() => document.body.dataset.mode === 'pass'")
    deadline = time.monotonic() + 60
    while not page.locator("#controls [data-cmd=reveal]").count():
        assert time.monotonic() < deadline, "no hand-over came"
        if page.locator("#controls [data-cmd=check], #controls [data-cmd=call], #controls [data-cmd=draw]").count():
            page.keyboard.press("d" if page.locator("#controls [data-cmd=draw]").count() else "c")
        elif page.locator("#controls [data-cmd=deal]").count():
            page.keyboard.press("n")
        page.wait_for_timeout(150)
    assert page.locator("#table .timer").count() == 0  # no clock on screen during the hand-over
    page.wait_for_timeout(5000)  # longer than the 4 s clock: the hand-over takes its time
    step = page.get_attribute("body", "data-step")
    assert "ran out of time" not in history(page)
    page.click("#controls [data-cmd=reveal]")
    page.wait_for_selector("#table .seat.acting.human .timer", state="attached")
    left = int(re.findall(r"\d+", page.inner_text("#table .seat.acting.human .timer-text"))[0])
    assert left >= 3, f"{left} s left just after taking the device"
    assert page.get_attribute("body", "data-step") == step
    page.wait_for_function("() => /ran out of time/.test(document.querySelector('#history-list').innerText)",
                           timeout=8000)


def test_the_turn_alert_sounds_and_titles_the_tab_in_the_background(page: Any, site_url: str) -> None:
    page.add_init_script(AUDIO_AND_VISIBILITY)
    open_ready(page, site_url + "index.html?reset=1&seed=5")  # bots at their normal pace
    title = page.title()
    page.click("header button[data-panel=history]")  # the person uses the page: sound is allowed now
    page.click("header button[data-panel=history]")
    if page.get_attribute("body", "data-my-turn") == "1":  # a turn already there: act, wait for the next
        page.keyboard.press("c")
    page.wait_for_function("() => document.body.dataset.myTurn === '0'")
    page.evaluate("window.__setHidden(true)")
    sounds = page.evaluate("window.__sounds")
    to_my_turn(page)
    page.wait_for_function("() => document.title.startsWith('Your turn')")
    page.wait_for_function("n => window.__sounds >= n + 1", arg=sounds)  # the sound (its two notes) played
    heard = page.evaluate("window.__sounds")
    page.wait_for_timeout(1500)
    assert page.evaluate("window.__sounds") == heard  # once a turn, not on every redraw
    assert page.evaluate("window.__soundFailures") == []
    # The page hears of its visibility through Python (web/page/input.js sends it), so the title
    # follows a moment after the event: wait for it, as a person glancing at the tab would.
    page.evaluate("window.__setHidden(false)")  # back on the page: the title is restored
    page.wait_for_function("t => document.title === t", arg=title)
    page.evaluate("window.__setHidden(true)")
    page.wait_for_function("() => document.title.startsWith('Your turn')")
    before = page.get_attribute("body", "data-step")
    page.keyboard.press("d" if page.locator("#controls [data-cmd=draw]").count() else "c")  # acting restores it
    page.wait_for_function("s => document.body.dataset.step !== s", arg=before)
    page.wait_for_function("t => document.title === t", arg=title)


def test_the_turn_sound_is_a_setting_that_applies_at_once(page: Any, site_url: str) -> None:
    page.add_init_script(AUDIO_AND_VISIBILITY)
    open_ready(page, site_url + "index.html?reset=1&seed=5&bots=fast")
    page.click("header button[data-panel=settings]")
    sound = page.locator("#settings-form input[name=turn_sound]")
    assert sound.is_checked()  # on by default (docs/ui.md says why)
    sound.uncheck()
    page.click("#settings [data-cmd=close-panel]")
    if page.get_attribute("body", "data-my-turn") == "1":  # a turn that came meanwhile may have sounded
        page.keyboard.press("d" if page.locator("#controls [data-cmd=draw]").count() else "c")
    page.wait_for_function("() => document.body.dataset.myTurn === '0'")
    sounds = page.evaluate("window.__sounds")
    for _ in range(3):
        to_my_turn(page)
        before = page.get_attribute("body", "data-step")
        page.keyboard.press("d" if page.locator("#controls [data-cmd=draw]").count() else "c")
        page.wait_for_function("s => document.body.dataset.step !== s", arg=before)
    assert page.evaluate("window.__sounds") == sounds


def replay_frames(page: Any, number: int | None = None) -> list[dict[str, Any]]:
    """Open History's replay of hand ``number`` (the newest by default) and step through it with
    the keyboard."""
    if page.locator("#history").is_hidden():
        page.click("header button[data-panel=history]")
    which = "" if number is None else f'[data-hand="{number}"]'
    page.locator(f"#session-list [data-cmd=replay]{which}").first.click()
    page.wait_for_selector("#session-list .replay-view")
    frames = []
    while True:
        frames.append(page.evaluate("""() => {
            const view = document.querySelector('#session-list .replay-view');
            return {step: view.querySelector('.sd-frame-info span').innerText,
                    seats: [...view.querySelectorAll('.sd-seat')].map(s => ({
                        name: s.querySelector('strong').innerText,
                        up: [...s.querySelectorAll('.sd-card:not(.sd-back)')]
                            .map(c => c.getAttribute('aria-label'))}))};
        }"""))
        following = page.locator("#session-list [data-cmd=replay-next]")
        if following.is_disabled():
            return frames
        following.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("n => !document.querySelector('#session-list .sd-frame-info span').innerText"
                               ".startsWith('Step ' + n + ' ')", arg=len(frames) - 1)


def test_a_hand_replays_from_history_step_by_step_showing_only_what_you_saw(page: Any, site_url: str) -> None:
    open_ready(page, site_url + "index.html?reset=1&seed=6&bots=fast")
    while True:  # play until a hand went to a showdown (someone's cards turned over)
        state = wait_turn_or_end(page)
        if state == "over":
            number, mine, revealed = page.evaluate(  # one look: the hand, your cards, the showdown
                "[+document.body.dataset.hand, [...document.querySelectorAll('#table .seat.human .card')]"
                ".map(c => c.getAttribute('aria-label')), !!document.querySelector('#table .seat.revealed'),"
                " ]")
            if revealed and page.locator(f'#session-list [data-cmd=replay][data-hand="{number}"]').count():
                break
            page.keyboard.press("n")
            page.wait_for_timeout(100)
            continue
        page.keyboard.press("d" if state == "draw" else "c")
        page.wait_for_timeout(50)
    frames = replay_frames(page, number)  # that hand, even if the next one has dealt itself meanwhile
    assert frames[0]["step"].startswith("Step 0 of ") and len(frames) > 4
    shown_at_end = {c for seat in frames[-1]["seats"] for c in seat["up"]}
    for frame in frames:
        for seat in frame["seats"]:
            if seat["name"] == "You":
                assert len(seat["up"]) == 5  # your own cards, from the deal on
            else:
                assert set(seat["up"]) <= shown_at_end, (frame["step"], seat)  # others: only once shown
    assert set(mine) <= {c for seat in frames[-1]["seats"] if seat["name"] == "You" for c in seat["up"]}
    screenshot(page, "replay-last-step")
    page.click("#session-list [data-cmd=replay-back]")
    assert page.inner_text("#session-list .sd-frame-info span").startswith(f"Step {len(frames) - 2} of")
    page.click("#session-list [data-cmd=replay-close]")
    page.wait_for_selector("#session-list .session-list")
    assert page.evaluate("document.activeElement.dataset.cmd") == "replay"


def test_a_replay_at_a_pass_and_play_device_shows_nobodys_cards_but_the_shown_ones(page: Any, site_url: str) -> None:
    open_ready(page, site_url + "index.html?reset=1&seed=8&bots=fast")
    apply_settings(page, {"opponents": "1"}, names=("Ann", "Bruno"))
    page.wait_for_function("() => document.body.dataset.mode === 'pass'")
    deadline = time.monotonic() + 90
    while not page.locator("#session-list [data-cmd=replay]").count():
        assert time.monotonic() < deadline, "no hand finished"
        if page.locator("#controls [data-cmd=reveal]").count():
            page.click("#controls [data-cmd=reveal]")
        elif page.locator("#controls [data-cmd=draw]").count():
            page.keyboard.press("d")
        elif page.locator("#controls [data-cmd=check], #controls [data-cmd=call]").count():
            page.keyboard.press("c")
        page.wait_for_timeout(100)
    frames = replay_frames(page)
    shown_at_end = {c for seat in frames[-1]["seats"] for c in seat["up"]}
    for frame in frames:
        for seat in frame["seats"]:
            assert set(seat["up"]) <= shown_at_end, (frame["step"], seat)
    assert not any(seat["up"] for seat in frames[0]["seats"])  # the deal: every card face down


def test_with_the_setting_on_you_show_your_losing_hand_at_showdown(page: Any, site_url: str) -> None:
    open_ready(page, site_url + "index.html?reset=1&seed=11&bots=fast")
    page.click("header button[data-panel=settings]")
    page.locator("#settings-form input[name=show_losing]").check()  # applies from the next hand
    page.locator("#settings-form input[name=auto_deal]").uncheck()  # each result stays while it is read
    page.click("#settings [data-cmd=close-panel]")
    first = hand_number(page)
    deadline = time.monotonic() + 150
    while True:
        assert time.monotonic() < deadline, "no showdown lost in time"
        state = wait_turn_or_end(page)
        if state != "over":
            page.keyboard.press("d" if state == "draw" else "c")
            page.wait_for_timeout(50)
            continue
        wait_announced(page)  # the history names who showed once the cards have turned over
        look = page.evaluate("""() => {
            const me = document.querySelector('#table .seat.human');
            return {showdown: document.querySelectorAll('#table .seat.revealed').length > 1,
                    won: me.classList.contains('winner'), revealed: me.classList.contains('revealed'),
                    status: me.querySelector('.info').innerText};
        }""")
        shows = [line for line in history(page).splitlines() if re.match(r"^(You show|\S+ shows) ", line)]
        if (hand_number(page) > first and look["showdown"] and not look["won"] and "Folded" not in look["status"]
                and shows and not shows[0].startswith("You")):  # someone showed a better hand first
            break
        page.keyboard.press("n")
        page.wait_for_timeout(100)
    assert look["revealed"] and "Mucked" not in look["status"], look
    assert re.search(r"You show (seven|eight|nine|ten|jack|queen|king|ace)", history(page)), history(page)
    screenshot(page, "losing-hand-shown")
