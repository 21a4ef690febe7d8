"""The choice of the fourth card at a table with friends, in Chromium (issue 17): a host and a
guest, separate browsers over WebRTC, play the bosnian preset; each exchanges four cards, and at
each choice both pages show the face-up card and the face-down card's back by the chooser's
seat, before and whichever way it is taken. The guest's page records every message it receives:
none holds a card its seat could not know then, so never a face-down card discarded unseen
(taken up by the host, or by the guest itself), and every face-up card reached it at once."""

from __future__ import annotations

import json
from typing import Any

from friends_helpers import (
    Person,
    Room,
    click,
    hand_of,
    host_table,
    join,
    kinds,
    leaked_cards,
    passive,
    play_round,
    traffic,
)


def bosnian(page: Any) -> None:
    """Settings before hosting: the bosnian preset (the official rules with the choice, no clocks)."""
    page.click("header button[data-panel=settings]")
    page.select_option("select[name=preset]", "bosnian")
    page.click("[data-cmd=apply]")
    page.click('[data-cmd=apply][data-confirmed="1"]')


def choice_on(person: Person, own: bool) -> str:
    """The face-up card's name beside the chooser's seat on ``person``'s page (their own seat or
    the other's), after checking that the face-down card shows only its back there."""
    seat = "#table .seat.human" if own else "#table .seat:not(.human)"
    person.page.wait_for_selector(f"{seat} .choice .card-back")
    choice = person.page.locator(f"{seat} .choice")
    assert choice.locator(".card").count() == 2 and choice.locator(".card-back").count() == 1
    up = choice.locator(".card").nth(0).get_attribute("aria-label") or ""
    assert " of " in up, up  # the face-up card, named for everyone
    return up


def test_a_bosnian_hand_with_a_friend_shows_the_choice_to_both_and_never_the_face_down_card(room: Room) -> None:
    host = host_table(room, friends=1, setup=bosnian)
    ann = join(room, host, "s1", "Ann", trace=True)
    host.page.click("#controls [data-cmd=host-deal]")
    people = [host, ann]
    # Hand 1: the host takes the face-up card, the guest the face-down one; hand 2 the other way round.
    plan = {(host.name, 1): "take-up", (ann.name, 1): "take-down", (host.name, 2): "take-down",
            (ann.name, 2): "take-up"}
    taken: list[tuple[str, int, str, str]] = []

    def policy(person: Person) -> None:
        offered = kinds(person)
        other = ann if person is host else host
        if "take-up" in offered:
            up = choice_on(person, own=True)
            assert choice_on(other, own=False) == up  # shown to both at once, the face-up card to everyone
            how = plan.get((person.name, hand_of(person)), "take-up")
            click(person, how)
            taken.append((person.name, hand_of(person), how, up))
        elif "draw" in offered:
            for i in range(4):  # four cards exchanged: the choice follows
                person.page.locator("#table .seat.human button.card").nth(i).click()
            assert person.page.locator("#controls [data-cmd=draw]").get_attribute("aria-label") == "Discard 4 cards"
            click(person, "draw")
        else:
            passive(person)

    play_round(people, policy, seconds=150,
               until=lambda: hand_of(host) >= 2 and host.page.get_attribute("body", "data-phase") == "complete")
    assert {(name, how) for name, _hand, how, _up in taken} >= {
        (host.name, "take-up"), (host.name, "take-down"), (ann.name, "take-up"), (ann.name, "take-down")}, taken

    messages = traffic(ann)
    assert not leaked_cards(messages), leaked_cards(messages)[:3]
    # Each choice reached the guest as the face-up card (a 'face_up' event), and each take as what
    # the seat may know: the host's taken card never when it was the face-down one.
    face_up: set[tuple[int, int, str]] = set()
    takes: set[tuple[int, int, str, str, bool]] = set()
    for text in messages:
        msg = json.loads(text)
        if msg["t"] != "state" or msg["view"] is None:
            continue
        for event in msg["view"]["log"]:
            if event["kind"] == "face_up":
                face_up.add((msg["hand"], event["seat"], event["cards"]))
            if event["kind"] in ("take_up", "take_down"):
                mine = event["seat"] == msg["you"]
                takes.add((msg["hand"], event["seat"], event["kind"], event.get("cards", ""), mine))
    assert len(face_up) == len(taken) == 4
    assert {(kind, mine) for _hand, _seat, kind, _cards, mine in takes} == {
        ("take_up", True), ("take_up", False), ("take_down", True), ("take_down", False)}, takes
    for hand, seat, kind, cards, mine in takes:
        if kind == "take_down" and not mine:
            assert cards == "", (hand, seat, cards)  # the host's face-down card: not even once it is taken
        if kind == "take_down" and mine:
            assert cards and (hand, seat, cards) not in face_up  # the guest's own: theirs once taken
        if kind == "take_up":
            assert (hand, seat, cards) in face_up  # the face-up card, which everyone saw
