"""The command line as a user meets it: `python -m stripdeck ...` in a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "core"))
    return subprocess.run([sys.executable, "-m", "stripdeck", *args], input=stdin, capture_output=True,
                          text=True, env=env, timeout=120, check=False)


def test_compare_names_the_winner_and_why() -> None:
    done = run("compare", "Ah Jh 9h 8h 7h", "Ks Kd Kc 8s 8c")
    assert done.returncode == 0
    assert "Hand A wins: a flush beats a full house in 32-card poker." in done.stdout
    assert "Hand B wins: a full house beats a flush" in run(
        "compare", "Ah Jh 9h 8h 7h", "Ks Kd Kc 8s 8c", "--flush-below-full-house").stdout


def test_compare_follows_the_suit_ties_option() -> None:
    a, b = "Qh Qs Tc 9d 8s", "Qd Qc Th 9s 8d"
    assert "Hand B wins: equal pairs of queens and kickers: the ten of hearts decides" in run(
        "compare", a, b).stdout
    assert "Hand A wins: equal pairs of queens and kickers: the queen of hearts decides" in run(
        "compare", a, b, "--suit-ties", "combination").stdout
    assert "Equal hands" in run("compare", a, b, "--preset", "official", "--suit-ties", "split").stdout


def test_rank_prints_the_counts_of_every_category() -> None:
    done = run("rank")
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert [line.split()[1] for line in lines[1:4]] == ["straight", "four", "flush"]
    assert "201376" in done.stdout and "52020" in done.stdout
    joker = run("rank", "--joker").stdout
    assert "five aces" in joker and "237336" in joker
    assert [line.split()[-2] for line in joker.splitlines()[5:9]] == ["3136", "10392", "12768", "28224"]


def test_compare_with_the_joker_says_what_it_plays_as() -> None:
    done = run("compare", "Kh Kd Qc Qs Jk", "Ah Ad Jc Js 9h", "--joker")
    assert done.stdout.splitlines()[2:] == ["Hand A wins: a full house beats two pairs.",
                                            "(in hand A the joker completes the full house as a king.)"]


def test_replay_prints_the_result_json(tmp_path: Path) -> None:
    scenario = {"stacks": [50, 50], "button": 0, "seed": 4, "actions": ["fold"]}
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    done = run("replay", str(path))
    assert done.returncode == 0
    assert json.loads(done.stdout)["deltas"] == [-1, 1]


@pytest.mark.parametrize("args, message", [
    (("compare", "Ah Kh Qh Jh 6h", "Ks Kd Kc 8s 8c"), "rank 6 is not in the 32-card deck"),
    (("compare", "Ah Kh Qh Jh", "Ks Kd Kc 8s 8c"), "exactly 5 cards"),
    (("compare", "Ah Kh Qh Jh Th", "Ah Kd Kc 8s 8c"), "the ace of hearts cannot be in both hands"),
    (("compare", "Ah Kh Qh Jh Th", "Ks Kd Kc 8s 8c", "--suit-order", "hdcx"), "suit_order"),
    (("rank", "--preset", "casino"), "unknown preset 'casino'"),
    (("replay", "/no/such/file.json"), "No such file"),
    (("advise", "Ah Kh Qh Jh 7c", "--top", "-1"), "argument --top: must be a whole number of at least 1, got '-1'"),
    (("advise", "Ah Kh Qh Jh 7c", "--top", "0"), "argument --top: must be a whole number of at least 1, got '0'"),
    (("play", "--stack", "0"), "argument --stack: must be a whole number from 1 to"),
    (("play", "--hands", "-1"), "argument --hands: must be a whole number of at least 1, got '-1'"),
    (("play", "--opponents", "٣"), "argument --opponents: must be a whole number from 1 to 4, got '٣'"),
    (("play", "--seed", "9" * 5000), "argument --seed: must be a whole number of at least 0 (at most 19 digits)"),
    (("rank", "--blinds", "1/²"), "--blinds takes two whole numbers like 1/2, got '1/²'"),
    (("rank", "--colour", "red"), "unrecognized arguments: --colour red (see: python -m stripdeck --help)"),
    (("compare", "Ah Kh Qh Jh Th"), "the following arguments are required: hand_b"),
    (("dance",), "invalid choice: 'dance'"),
])
def test_errors_are_one_readable_line_and_a_failing_exit(args: tuple[str, ...], message: str) -> None:
    done = run(*args)
    assert done.returncode != 0
    assert message in done.stderr
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_replay_names_the_refused_action_and_the_engine_code(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps({"stacks": [50, 50], "button": 0, "seed": 4, "actions": ["call", "raise 99"]}))
    done = run("replay", str(path))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr == ("stripdeck: actions[1] 'raise 99': raise 99 is not allowed: raise from 4 to 6 "
                           "(code: amount)\n")


def test_replay_of_deeply_nested_json_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 20_000 + "]" * 20_000)
    done = run("replay", str(path))
    assert done.returncode == 2
    assert done.stderr == (f"stripdeck: {path} is nested 20000 deep; at most 20 levels of arrays and objects "
                           "are allowed\n")


def test_a_malformed_scenario_file_names_the_key(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"stacks": [50], "button": 0}), encoding="utf-8")
    done = run("replay", str(path))
    assert done.returncode != 0 and done.stderr.startswith("stripdeck: stacks:")
    path.write_text("{not json", encoding="utf-8")
    assert "not valid JSON" in run("replay", str(path)).stderr


def test_play_in_the_terminal_against_bots() -> None:
    # Keep calling, standing pat and checking; 'nonsense' is refused and asked again.
    answers = "nonsense\n" + "call\ncheck\ndraw\ncheck\ncall\n" * 40
    done = run("play", "--seed", "5", "--opponents", "2", "--hands", "2", stdin=answers)
    assert done.returncode == 0, done.stderr
    assert "unknown action 'nonsense'" in done.stdout
    assert done.stdout.count("New hand:") == 2
    assert "Stacks: You" in done.stdout


def test_play_ends_cleanly_when_input_ends() -> None:
    done = run("play", "--seed", "1", stdin="")
    assert done.returncode == 0
    assert "Goodbye." in done.stdout


def session_file(tmp_path: Path, hands: int = 3) -> tuple[Path, list[dict[str, object]]]:
    """A session's export as the game page writes it (format stripdeck-session)."""
    from stripdeck import Session, export_hand

    session = Session.new(None, [("You", 100), ("Ada", 100)], seed=4)
    scenarios = []
    for number in range(1, hands + 1):
        session = session.next_hand()
        while session.in_hand:
            legal = session.view(session.to_act_table_seat).legal
            session, _ = session.act("draw" if session.hand.phase == "draw" else
                                     "check" if legal.allows("check") else "call")
        scenario = export_hand(session.hand)
        scenarios.append({k: scenario[k] for k in ("rules", "stacks", "button", "deck", "seed", "actions")}
                         | {"title": f"Hand {number}", "names": ["You", "Ada"],
                            "deltas": scenario["deltas"]})
    path = tmp_path / "session.json"
    path.write_text(json.dumps({"format": "stripdeck-session", "version": 1, "hands": scenarios}))
    return path, scenarios


def test_replay_plays_back_every_hand_of_a_session_file(tmp_path: Path) -> None:
    path, scenarios = session_file(tmp_path)
    done = run("replay", str(path))
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout)["hands"]
    assert [r["title"] for r in results] == ["Hand 1", "Hand 2", "Hand 3"]
    assert [r["deltas"] for r in results] == [s["deltas"] for s in scenarios]


def test_a_bad_hand_in_a_session_file_is_named(tmp_path: Path) -> None:
    path, scenarios = session_file(tmp_path)
    scenarios[1]["actions"] = ["raise 99"]
    path.write_text(json.dumps({"format": "stripdeck-session", "version": 1, "hands": scenarios}))
    done = run("replay", str(path))
    assert done.returncode == 2 and done.stderr.startswith("stripdeck: hands[1]: actions[0] 'raise 99'")
    assert "(code: " in done.stderr and len(done.stderr.splitlines()) == 1
