"""The project carries its own rules document, RULES.md, in step with the team's shared copy."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "RULES.md"  # beside the checkout on the team's machines and CI


def test_the_repository_carries_the_rules_the_readme_points_to() -> None:
    text = (ROOT / "RULES.md").read_text(encoding="utf-8")
    for section in ("## 2. Hand ranking", "## 4. Forced bets", "## 5. The draw", "## 6. Split", "## 9. Presets"):
        assert section in text, section
    assert "[RULES.md](RULES.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_rules_md_is_the_shared_rules_when_they_are_beside_the_checkout() -> None:
    if SHARED.is_file():  # a clone of the repository alone has only its own copy, checked above
        assert (ROOT / "RULES.md").read_text(encoding="utf-8") == SHARED.read_text(encoding="utf-8"), (
            "RULES.md differs from ../shared/RULES.md: copy the shared rules in (and build what changed)")
