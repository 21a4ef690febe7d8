"""History's hands already played say their results again when the page changes language
(web/session_log.said_again, called by the page's switch of language): each record is played
again from its scenario; one kept without a scenario, or whose saved scenario does not play,
keeps the words it was written with."""

from __future__ import annotations

import sys
from pathlib import Path

from pseudo_support import pseudo_language
from stripdeck import i18n

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
import stripdeck  # noqa: E402
from table import session_log  # noqa: E402

NAMES = ["You", "Ada", "Bo"]


def played_log(hands: int = 6) -> dict:
    """A history of ``hands`` hands, everyone calling and standing pat to a showdown or a fold."""
    log = session_log.new_log(50)
    for seed in range(hands):
        state = stripdeck.start_hand(stripdeck.Rules(), [50, 50, 50], seed % 3, seed=seed)
        while not state.is_complete:
            kinds = stripdeck.legal_actions(state).kinds
            state, _events = stripdeck.apply(state, next(k for k in ("call", "check", "draw", "fold") if k in kinds))
        deltas = [s.stack - start for s, start in zip(state.seats, state.start_stacks)]
        record = session_log.hand_record(seed + 1, state.log, NAMES, deltas, ["You"], stripdeck.export_hand(state))
        log = session_log.add_record(log, record)
    return log


def test_each_result_is_said_again_in_the_language_now_in_use() -> None:
    log = played_log()
    english = [h["description"] for h in log["hands"]]
    assert all(text and not text.startswith("[") for text in english)
    with i18n.using(pseudo_language()):
        again = session_log.said_again(log)
        expected = [session_log.result_words(stripdeck.play_scenario(h["scenario"]).log, NAMES) for h in log["hands"]]
    said = [h["description"] for h in again["hands"]]
    assert said == expected and all(text.startswith("[") for text in said)
    assert [h["description"] for h in log["hands"]] == english  # the log given is left as it was
    assert session_log.said_again(again)["hands"] == log["hands"]  # and back in English, word for word
    assert {k: v for k, v in again.items() if k != "hands"} == {k: v for k, v in log.items() if k != "hands"}


def test_a_record_without_a_scenario_or_with_one_that_does_not_play_keeps_its_words() -> None:
    log = played_log(3)
    hands = [dict(h) for h in log["hands"]]
    hands[0]["scenario"] = None
    hands[1]["scenario"] = {**hands[1]["scenario"], "actions": ["raise 9999999"]}
    hands[1]["description"] = "Ada vince 2 dal piatto."
    with i18n.using(pseudo_language()):
        again = session_log.said_again({**log, "hands": hands})["hands"]
    assert again[0]["description"] == hands[0]["description"]
    assert again[1]["description"] == "Ada vince 2 dal piatto."
    assert again[2]["description"].startswith("[")
