"""The examples in the engine's docstrings are true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest
import stripdeck

MODULES = sorted(m.name for m in pkgutil.iter_modules(stripdeck.__path__))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"stripdeck.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in stripdeck.{name}"
