"""Suite-wide set-up.

A test that draws a fresh random seed takes it from ``STRIPDECK_FRESH_SEED``, drawn once here
in the main process (so the collection is the same in any worker process that inherits it);
set it yourself to replay a run. The suite runs in English (``LANGUAGE=en``): the command line
speaks the environment's language.
"""

from __future__ import annotations

import os
import random

import pytest


def pytest_configure(config: pytest.Config) -> None:
    # The tests are written in English: the command line (in-process or a subprocess) speaks the
    # environment's language, so the suite asks for English; a test wanting another sets its own.
    os.environ["LANGUAGE"] = "en"
    if not hasattr(config, "workerinput"):  # the main process, before any worker starts
        os.environ.setdefault("STRIPDECK_FRESH_SEED", str(random.SystemRandom().randrange(10**9)))
