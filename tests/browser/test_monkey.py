"""The random player (monkey.py) plays the game page like people do, with normal bot pace.

Two runs each time: a fixed seed, and a fresh one (drawn once a run by tests/conftest.py,
printed on failure, so it replays with
``STRIPDECK_MONKEY_SEED=N python3 build.py test tests/browser/test_monkey.py``).
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from friends_helpers import Room
from friends_monkey import FriendsMonkey
from monkey import Monkey

HANDS = int(os.environ.get("STRIPDECK_MONKEY_HANDS", "30"))
FIXED_SEED = 20261201


def seeds() -> list[int]:
    chosen = os.environ.get("STRIPDECK_MONKEY_SEED")
    if chosen:
        return [int(s) for s in chosen.split(",")]
    return [FIXED_SEED, int(os.environ["STRIPDECK_FRESH_SEED"])]  # drawn once a run (tests/conftest.py)


@pytest.mark.parametrize("seed", seeds())
def test_a_random_player_never_stalls_the_table(page: Any, site_url: str, seed: int) -> None:
    monkey = Monkey(page, site_url, seed)
    monkey.run(hands=HANDS, max_seconds=900)
    print(monkey.log[-1], f"(seed {seed})")
    assert monkey.hands_seen >= HANDS and monkey.reloads > 0


FRIENDS_HANDS = int(os.environ.get("STRIPDECK_MONKEY_FRIENDS_HANDS", "8"))


def test_a_random_host_and_guest_never_stall_the_table_or_leak_a_card(room: Room) -> None:
    seed = seeds()[-1]
    monkey = FriendsMonkey(room, seed)
    try:
        monkey.run(hands=FRIENDS_HANDS, max_seconds=300)
    finally:
        print(monkey.log[-1] if monkey.log else "", f"(seed {seed})")
    assert monkey.reloads > 0 and (monkey.hands >= FRIENDS_HANDS or monkey.over) and monkey.received > 50
