"""Friends on other devices of a home network: the game served on a network address is not a
secure context (plain http, not localhost), and the invitations carry that address.

The network address is a name that Chromium resolves to 127.0.0.1 (--host-resolver-rules), so
the pages are of a non-loopback origin, as on a home network, while every byte stays on this
machine.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from conftest import CHROMIUM, CHROMIUM_ARGS
from friends_helpers import Room, heads_up_no_auto_deal, host_table, invitation, join, passive, play_round

LAN_NAME = "stripdeck-home.test"


@pytest.fixture
def home_room(browser: Any, site_url: str) -> Iterator[Room]:
    port = urlsplit(site_url).port
    lan_browser = browser.browser_type.launch(
        executable_path=CHROMIUM, headless=True,
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {LAN_NAME} 127.0.0.1"])
    room = Room(lan_browser, f"http://{LAN_NAME}:{port}/")
    try:
        yield room
        problems = room.close()
        if problems:
            pytest.fail("the pages had problems:\n" + "\n".join(problems), pytrace=False)
    finally:
        lan_browser.close()


def test_a_host_on_a_home_network_address_invites_a_friend_who_plays_a_hand(home_room: Room) -> None:
    host = host_table(home_room, friends=1, setup=heads_up_no_auto_deal)  # hand 1 stays on both tables
    assert host.page.evaluate("window.isSecureContext") is False  # as over http on a home network
    link = invitation(host, "s1")
    assert link.startswith(f"http://{LAN_NAME}:"), link  # what a friend's device can open
    guest = join(home_room, host, "s1", "Zoë")
    host.page.click("#controls [data-cmd=host-deal]")
    play_round([host, guest], passive, until=lambda: host.page.get_attribute("body", "data-phase") == "complete",
               seconds=90)
    guest.page.wait_for_function("() => document.body.dataset.phase === 'complete'")
    assert guest.page.locator("#table .seat.human .card").count() == 5
