"""Helpers of build.py: set-up of tool environments, site assembly, static server.

Standard library only: build.py must run on a fresh machine before any install.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
