"""Untrusted numbers and JSON (STYLE.md rule 12): ASCII digits with a length limit, JSON bounded before parsing."""

from __future__ import annotations

import json

import pytest
from stripdeck import InputError, whole_number
from stripdeck.inputs import MAX_DIGITS, MAX_JSON_DEPTH, MAX_WHOLE, json_depth, load_json, shown


@pytest.mark.parametrize("text, number", [("0", 0), ("7", 7), (" 42 ", 42), ("007", 7),
                                          (str(MAX_WHOLE), MAX_WHOLE)])
def test_ascii_digits_are_whole_numbers(text: str, number: int) -> None:
    assert whole_number(text, "n") == number


@pytest.mark.parametrize("text", ["²", "①", "٣", "３", "1²", "-1", "+1", "1.0", "1e3", "1_000", "", " ", "0x10",
                                  "12 3", "١٢"])
def test_anything_but_ascii_digits_is_refused_with_the_name_and_the_value(text: str) -> None:
    with pytest.raises(InputError) as err:
        whole_number(text, "seed")
    assert str(err.value).startswith("seed must be a whole number of at least 0, got ")
    assert repr(text) in str(err.value)


def test_a_long_number_is_refused_before_it_is_converted_and_the_message_stays_short() -> None:
    for digits in (MAX_DIGITS + 20, 5000, 100_000):
        with pytest.raises(InputError) as err:
            whole_number("9" * digits, "stack", 20, 100_000)
        message = str(err.value)
        assert message.startswith(f"stack must be a whole number from 20 to 100000 (at most {MAX_DIGITS} digits)")
        assert f"({digits} characters)" in message and len(message) < 140


@pytest.mark.parametrize("value", [True, False, 4.5, 20.0, None, [3], b"3", 10 ** 40, -1])
def test_only_ints_and_text_are_numbers_and_bools_are_not(value: object) -> None:
    with pytest.raises(InputError, match="^n must be a whole number"):
        whole_number(value, "n")


def test_bounds_are_inclusive_and_named() -> None:
    assert whole_number("1", "top", 1, 32) == 1 and whole_number(32, "top", 1, 32) == 32
    for value in ("0", "33", 0, 33):
        with pytest.raises(InputError, match=r"^top must be a whole number from 1 to 32, got "):
            whole_number(value, "top", 1, 32)


def test_text_can_be_refused_where_only_ints_are_expected() -> None:
    assert whole_number(5, "ante", text=False) == 5
    with pytest.raises(InputError, match="got '5'"):
        whole_number("5", "ante", text=False)


def test_shown_values_are_cut_short_and_huge_ints_are_not_printed() -> None:
    assert shown("abc") == "'abc'"
    assert shown("x" * 1000) == "'xxxxxxxxxxxxxxxxxxxx…' (1000 characters)"
    assert shown(10 ** 5000) == "a number of 16610 bits"  # str() of it would raise ValueError


def test_json_nested_far_too_deep_is_refused_without_touching_the_parser() -> None:
    for deep in ("[" * 20_000 + "]" * 20_000, '{"a":' * 20_000 + "1" + "}" * 20_000, "[" * 100_000):
        with pytest.raises(InputError, match=f"nested .* deep; at most {MAX_JSON_DEPTH} levels"):
            load_json(deep, "the scenario")
    assert load_json("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH, "x") is not None


def test_json_depth_ignores_brackets_inside_strings() -> None:
    assert json_depth('{"a": "[[[[[[[[", "b": ["\\"]]]", {}]}') == 3
    assert json_depth("12") == 0
    text = json.dumps({"actions": ["[" * 500]})
    assert load_json(text, "x") == {"actions": ["[" * 500]}


def test_json_size_numbers_and_constants_are_bounded() -> None:
    with pytest.raises(InputError, match="is 1,000,001 characters long; at most 1,000,000"):
        load_json(" " * 1_000_001, "the file")
    with pytest.raises(InputError, match="^the file: a number has 5,000 digits; at most 19"):
        load_json('{"stacks": [' + "9" * 5000 + ", 1]}", "the file")
    for constant in ("NaN", "Infinity", "-Infinity"):
        with pytest.raises(InputError, match=f"{constant} is not a number JSON allows"):
            load_json(f"[{constant}]", "the file")
    with pytest.raises(InputError, match=r"^the file is not valid JSON: Expecting value \(line 1, column 2\)"):
        load_json("[", "the file")
    with pytest.raises(InputError, match="not UTF-8"):
        load_json(b"\xff[]", "the file")
    assert load_json(b'{"seed": 3}', "the file") == {"seed": 3}
