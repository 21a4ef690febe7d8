"""The table's layout the way a player meets it: on a 390x844 touch phone nothing covers your
own hand (cards, clock, hand name) over many decisions at every preset, with notes, help lines
and the hint open; folded seats leave no empty rows; panels open below the header; every
control is 44 px for a finger. On a 1280x800 desktop How to play leaves the table in view and
shows its whole ranking table. Stacks, bets and pot in big blinds (a display setting)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from browser_support import PageLog, screenshot
from conftest import READY_TIMEOUT_MS
from game_helpers import applied, deal_next_hand, hand_number, passive_action, wait_announced, wait_turn_or_end

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}

# Problems with what a player must see at their turn, measured in the page: your cards, clock,
# hand name and plate must be on screen and on top (elementFromPoint at five points of each),
# clear of the action bar; folded seats keep no room for cards and share a row; every control 44 px.
MEASURE = """(touch) => {
  const problems = [];
  const name = (el) => el ? (el.id ? '#' + el.id : el.tagName.toLowerCase() + '.' + [...el.classList].join('.'))
                            + (el.dataset?.index ? '[' + el.dataset.index + ']' : '') : 'nothing';
  const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5
                            && b.top < a.bottom - 0.5;
  const human = document.querySelector('#table .seat.human');
  if (!human) return {problems: ['no seat of yours on the table']};
  const bar = document.querySelector('#controls');
  const barBox = bar.getBoundingClientRect();
  const mine = [...human.querySelectorAll('.card, .timer, .hand-name, .plate')];
  for (const el of mine) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) { problems.push(name(el) + ' has no size'); continue; }
    if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight)
      problems.push(`${name(el)} is off the screen: ${JSON.stringify(r)}`);
    if (overlap(r, barBox)) problems.push(`${name(el)} is under the action bar`);
    for (const [fx, fy] of [[.5, .5], [.25, .25], [.75, .25], [.25, .75], [.75, .75]]) {
      const hit = document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy);
      if (!hit || !el.contains(hit)) { problems.push(`${name(el)} is covered by ${name(hit)}`); break; }
    }
  }
  const others = [...document.querySelectorAll('#table .seat:not(.human)')];
  for (const seat of others.filter((s) => s.classList.contains('folded'))) {
    const r = seat.getBoundingClientRect();
    const cards = seat.querySelector('.cards').getBoundingClientRect();
    if (cards.height > 0) problems.push(`folded ${seat.dataset.seat} keeps ${cards.height}px for no cards`);
    const beside = others.some((o) => o !== seat && o.getBoundingClientRect().top < r.bottom
                                      && o.getBoundingClientRect().bottom > r.top);
    if (others.length > 1 && !beside) problems.push(`folded ${seat.dataset.seat} is alone in its row`);
  }
  if (touch) {
    for (const el of document.querySelectorAll('#controls button, #controls input, #controls select, header button')) {
      const r = el.getBoundingClientRect();
      if (r.width && (r.height < 44 || (el.tagName === 'BUTTON' && r.width < 44)))
        problems.push(`${name(el)} is ${Math.round(r.width)}x${Math.round(r.height)} px`);
    }
  }
  return {problems, note: !!bar.querySelector('.note'), help: bar.querySelectorAll('.help-line').length,
          split: !!bar.querySelector('[data-cmd=split]'), advice: !!bar.querySelector('#advice'),
          folded: others.filter((s) => s.classList.contains('folded')).length, barTop: barBox.top};
}"""


@contextmanager
def touch_page(browser: Any, page_log: PageLog, settings: dict[str, Any] | None = None,
               **options: Any) -> Iterator[Any]:
    """A page in its own context (a phone unless told otherwise), failing on console errors or
    foreign requests like the `page` fixture; `settings` are stored before the page loads."""
    context = browser.new_context(**(options or PHONE))
    context.route("**/*", lambda route: route.continue_() if page_log.is_local(route.request.url)
                  else (page_log.foreign_requests.append(route.request.url), route.abort()))
    if settings is not None:
        context.add_init_script(f"localStorage.setItem('stripdeck.settings', {json.dumps(json.dumps(settings))});")
    page = context.new_page()
    page.set_default_timeout(READY_TIMEOUT_MS)
    page_log.watch(page)
    try:
        yield page
    finally:
        context.close()
    assert not page_log.problems(), page_log.problems()


def preset_settings(preset: str, **changes: Any) -> dict[str, Any]:
    from tools import shell

    storage = shell._modules()["storage"]
    return {**storage.with_preset(storage.DEFAULTS, preset), **changes}


def measure(page: Any, touch: bool = True) -> dict[str, Any]:
    return dict(page.evaluate(MEASURE, touch))


def play_and_measure(page: Any, hands: int, *, hint: bool = False, time_out: bool = False,
                     shots: str = "") -> list[dict[str, Any]]:
    """Play `hands` hands passively, measuring at every decision (and with the Hint open at the
    draws, `hint`); `time_out`: let the clock run out at the first draw, two cards selected."""
    seen: list[dict[str, Any]] = []
    first = hand_number(page)
    while hand_number(page) < first + hands:
        state = wait_turn_or_end(page)
        if state == "over":
            deal_next_hand(page, by="tap")
            continue
        seen.append(measure(page))
        if shots and len(seen) <= 6:
            screenshot(page, f"{shots}-{len(seen)}-{state}")
        if state == "draw":
            if hint and page.locator("#controls [data-cmd=hint]").count():
                page.locator("#controls [data-cmd=hint]").tap()
                page.wait_for_selector("#advice")
                seen.append(measure(page))
                if shots:
                    screenshot(page, f"{shots}-hint")
            if time_out:
                time_out = False
                page.locator("#table .seat.human button.card").nth(0).tap()
                page.locator("#table .seat.human button.card").nth(1).tap()
                page.wait_for_selector("#controls .note", timeout=20_000)
                seen.append(measure(page))
                if shots:
                    screenshot(page, f"{shots}-timed-out")
                continue
            applied(page, lambda: page.locator("#controls [data-cmd=draw]").tap())
        else:
            passive_action(page)
    return seen


@pytest.mark.parametrize(("preset", "opponents", "query", "size"), [
    ("online", 3, "seed=21&timer=6", (390, 844)),  # clocks (a draw that times out), split offers, the hint
    ("official", 4, "seed=9", (390, 844)),          # five players: two rows of opponents
    ("cardroom", 2, "seed=5", (390, 844)),          # draw up to five: its help line, the hint
    ("cardroom", 3, "seed=5", (360, 640)),          # a small phone
    ("online", 4, "seed=21&timer=6", (844, 390)),   # a phone held sideways
])
def test_on_a_phone_nothing_covers_your_hand(browser: Any, site_url: str, page_log: PageLog,
                                             preset: str, opponents: int, query: str, size: tuple[int, int]) -> None:
    width, height = size
    settings = preset_settings(preset, opponents=opponents)
    with touch_page(browser, page_log, settings, viewport={"width": width, "height": height}, has_touch=True,
                    is_mobile=True) as page:
        page.goto(site_url + f"index.html?bots=fast&{query}")
        page.wait_for_selector("body[data-ready='1']", state="attached")
        seen = play_and_measure(page, 3 if size == (844, 390) else 5, hint=True, time_out=preset == "online",
                                shots=f"phone-{preset}-{width}x{height}")
        assert page.evaluate("document.documentElement.scrollHeight") <= height  # one screen: nothing to scroll
    problems = sorted({p for s in seen for p in s["problems"]})
    assert not problems, problems
    assert len(seen) >= (12 if size == (390, 844) else 6), len(seen)
    assert any(s["advice"] for s in seen)
    if preset == "online":
        assert any(s["note"] for s in seen) and any(s["split"] for s in seen)
    if preset == "cardroom":
        assert any(s["help"] for s in seen)  # "Discard all five and you get four cards now…"
    assert any(s["folded"] for s in seen)


@pytest.mark.parametrize("size", [(390, 844), (360, 640)])
def test_phone_panels_open_below_the_header_with_controls_a_finger_can_hit(
        browser: Any, site_url: str, page_log: PageLog, size: tuple[int, int]) -> None:
    width, height = size
    with touch_page(browser, page_log, viewport={"width": width, "height": height}, has_touch=True,
                    is_mobile=True) as page:
        page.goto(site_url + "index.html?reset=1&seed=3&bots=fast")
        page.wait_for_selector("body[data-ready='1']", state="attached")
        wait_turn_or_end(page)
        assert not measure(page)["problems"]
        header = page.locator("header.top").bounding_box()
        assert header is not None and header["height"] <= 60  # one row of tabs
        for name in ("help", "friends", "history", "settings"):
            page.locator(f"header button[data-panel={name}]").tap()
            panel = page.locator(f"#{name}")
            panel.wait_for(state="visible")
            problems = page.evaluate("""(name) => {
              const out = [];
              const header = document.querySelector('header.top').getBoundingClientRect();
              const panel = document.getElementById(name);
              for (const el of [panel.querySelector('h2'), panel.querySelector('.close')]) {
                const r = el.getBoundingClientRect();
                const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                if (r.top < header.bottom - 0.5 || !el.contains(hit))
                  out.push(`${el.tagName} at ${r.top} under the header (bottom ${header.bottom}): `
                           + hit?.outerHTML.slice(0, 60));
              }
              const pr = panel.getBoundingClientRect();
              if (pr.top < header.bottom - 0.5 || pr.bottom > innerHeight + 0.5)
                out.push(`panel at ${JSON.stringify(pr)}`);
              for (const el of panel.querySelectorAll('button, select, input, textarea')) {
                if (!el.getClientRects().length || el.type === 'hidden') continue;
                const target = ['checkbox', 'radio'].includes(el.type) ? el.closest('label') : el;
                const r = target.getBoundingClientRect();
                if (r.height < 44 || (el.tagName === 'BUTTON' && r.width < 44))
                  out.push(`${target.outerHTML.slice(0, 70)} is ${Math.round(r.width)}x${Math.round(r.height)}`);
              }
              return out;
            }""", name)
            assert not problems, (name, problems)
            screenshot(page, f"phone-{width}-{name}-sheet")
            page.locator(f"#{name} button.close").tap()
            assert panel.is_hidden()


def test_on_a_desktop_how_to_play_leaves_the_table_in_view_and_shows_the_whole_ranking(
        page: Any, site_url: str) -> None:
    page.goto(site_url + "index.html?reset=1&seed=11&bots=fast")
    page.wait_for_selector("body[data-ready='1']", state="attached")
    assert wait_turn_or_end(page) == "turn"
    page.click("header button[data-panel=help]")
    page.wait_for_selector("#help-body .sd-ranking")
    screenshot(page, "desktop-how-to-play")
    problems = page.evaluate("""() => {
      const out = [];
      const help = document.getElementById('help').getBoundingClientRect();
      const seen = [...document.querySelectorAll(
        '#table .seat .plate, #table .seat .card, #table .middle, #controls button, #controls input')];
      for (const el of seen) {
        const r = el.getBoundingClientRect();
        if (r.left < help.right && help.left < r.right && r.top < help.bottom && help.top < r.bottom)
          out.push(`${el.className || el.id} under How to play`);
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (r.bottom <= innerHeight && !el.contains(hit))
          out.push(`${el.className || el.id} covered by ${hit?.className}`);
      }
      const frame = document.querySelector('#help-body .sd-ranking .sd-scroll');
      if (frame.scrollWidth > frame.clientWidth) out.push(`ranking ${frame.scrollWidth} wide in ${frame.clientWidth}`);
      for (const cell of document.querySelectorAll('#help-body .sd-ranking tr > *')) {
        const r = cell.getBoundingClientRect();
        if (r.width && (r.right > help.right + 0.5 || r.left < help.left - 0.5))
          out.push(`cell cut off: ${cell.textContent}`);
      }
      const panel = document.getElementById('help');
      if (help.bottom > innerHeight + 0.5 && panel.scrollHeight <= panel.clientHeight)
        out.push('help runs off the screen');
      return out;
    }""")
    assert not problems, problems
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    page.locator("#help-body .sd-ranking").scroll_into_view_if_needed()
    screenshot(page, "desktop-how-to-play-ranking")


def test_stacks_bets_and_pot_in_big_blinds_a_saved_display_setting(page: Any, site_url: str) -> None:
    page.goto(site_url + "index.html?reset=1&seed=11&bots=fast")
    page.wait_for_selector("body[data-ready='1']", state="attached")
    assert wait_turn_or_end(page) == "turn"
    stacks = [int(s) for s in page.locator("#table .stack").all_inner_texts()]
    page.click("header button[data-panel=settings]")
    page.check("input[name=big_blinds]")  # a display setting: applies at once, no new table
    page.wait_for_function("() => document.querySelector('#pot').textContent.endsWith(' BB')")
    assert page.locator("#table .stack").all_inner_texts() == [
        f"{s / 2:g} BB" for s in stacks]  # online: the big blind is 2
    pot = page.inner_text("#pot")
    bets = page.locator("#table .bet").all_inner_texts()
    assert re.fullmatch(r"Pot [0-9.]+ BB", pot) and bets and all(re.fullmatch(r"[0-9.]+ BB", b) for b in bets)
    overlaps = page.evaluate("""() => {
      const boxes = (sel) => [...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect());
      return boxes('#table .bet').flatMap((b) => boxes('#table .card, #table .plate').filter((c) =>
        b.left < c.right && c.left < b.right && b.top < c.bottom && c.top < b.bottom).map(() => b.left));
    }""")
    assert not overlaps, "a longer bet ('0.5 BB') lies over a seat's cards or plate"
    labels = page.locator("#controls button.act").all_inner_texts()
    assert any(re.match(r"Call [0-9.]+ BB", t) for t in labels), labels
    assert any(re.match(r"Raise to [0-9.]+ BB", t) for t in labels), labels
    amount = page.locator("#amount-number")  # the amount control keeps whole chips
    assert amount.count() and re.fullmatch(r"[0-9]+", amount.input_value())
    assert page.inner_text("#controls .range-hint").endswith(" chips")
    page.locator("#controls [data-cmd=size][aria-label^='Pot:']").click()
    raise_label = page.locator("#controls [data-cmd=raise] .label").inner_text()
    assert raise_label == f"Raise to {int(amount.input_value()) / 2:g} BB"
    screenshot(page, "big-blinds")
    page.reload()
    page.wait_for_selector("body[data-ready='1']", state="attached")
    page.wait_for_function("() => document.querySelector('#pot')?.textContent.endsWith(' BB')")
    assert json.loads(page.evaluate("localStorage.getItem('stripdeck.settings')"))["big_blinds"] is True
    # An ante game: a big blind is the small bet (2 chips at stakes x1; 10 at x5).
    page.click("header button[data-panel=settings]")
    page.select_option("select[name=preset]", "official")
    page.select_option("select[name=stakes]", "5")
    page.uncheck("input[name=auto_deal]")  # the result stays on the table while it is read
    page.click("#settings [data-cmd=apply]")
    page.locator("#settings [data-cmd=apply][data-confirmed]").click()
    page.wait_for_function("() => /^Pot [0-9.]+ BB$/.test(document.querySelector('#pot')?.textContent)"
                           " && document.body.dataset.hand === '1'")
    chips = page.evaluate("""() => [...document.querySelectorAll('#table .stack, #pot')].map(
        (e) => Math.round(parseFloat(e.textContent.replace('Pot ', '')) * 10))""")
    assert sum(chips) == 4 * 200  # 10 chips a big blind: the stacks and the pot hold every chip
    while wait_turn_or_end(page) != "over":
        if page.locator("#controls [data-cmd=draw]").count():
            applied(page, lambda: page.locator("#controls [data-cmd=draw]").click())
        else:
            passive_action(page)
    wait_announced(page)
    assert re.search(r"wins? [0-9.]+ BB\.", page.inner_text("#status"))
    assert re.fullmatch(r"Wins [0-9.]+ BB", page.locator("#table .won").first.inner_text())
