"""What play with friends keeps in the browser's storage: the host's choices (transport, STUN/TURN
servers), and as a guest the name last given, the choice to show a losing hand and the invitations
this browser was seated through (fingerprints, not the codes); and an invitation read from the
page's address (``#join=CODE[&ice=JSON]``).

Pure Python: ``store`` is the page's storage (app/page_store.py); every record read is checked,
and an unreadable one is as good as none. app/friends_page.py uses it.
"""

import hashlib
import json
import secrets
from urllib.parse import parse_qsl

from friends import friends_render, protocol

HOSTING_KEY = "stripdeck.hosting"
GUEST_KEY = "stripdeck.guest"
KEYS = (HOSTING_KEY, GUEST_KEY)  # the records of the browser's storage this module uses


def storage_token():
    """A random name for a table's BroadcastChannel."""
    return secrets.token_hex(8)


def stored_guest(store):
    """What this browser keeps as a guest (in ``store``, the page's storage): the name last given,
    and the invitations it was seated through."""
    try:
        raw = store.getItem(GUEST_KEY)
        saved = json.loads(str(raw)) if raw else {}
    except Exception:  # noqa: BLE001 - unreadable: ask again
        saved = {}
    return saved if isinstance(saved, dict) else {}


def stored_guest_name(store):
    return protocol.clean_name(stored_guest(store).get("name", ""), "")


def stored_guest_show(store, default):
    """The guest's choice to show a losing hand (kept with the guest's name), else the page's own setting."""
    saved = stored_guest(store).get("show_losing")
    return saved if isinstance(saved, bool) else bool(default)


def used_invitations(store):
    used = stored_guest(store).get("used", [])
    return {u for u in used if isinstance(u, str)} if isinstance(used, list) else set()


def invitation_key(code):
    """A short fingerprint of an invitation code (the code itself is not kept)."""
    return hashlib.sha256(str(code).encode()).hexdigest()[:16]


def store_guest(store, **changes):
    store.setItem(GUEST_KEY, json.dumps({**stored_guest(store), **changes}))


def remember_invitation(store, code):
    """This page was seated through ``code``: a later page opening it is told it cannot seat again."""
    key = invitation_key(code)
    used = [u for u in stored_guest(store).get("used", []) if isinstance(u, str) and u != key][-19:] \
        if isinstance(stored_guest(store).get("used"), list) else []
    store_guest(store, used=[*used, key])


def invitation_from_hash(fragment):
    """(code, ice servers) from the page's fragment ``#join=CODE[&ice=JSON]``, or None."""
    pairs = dict(parse_qsl(str(fragment).lstrip("#"), keep_blank_values=True))
    code = pairs.get("join")
    if not code or len(code) > 4000:
        return None
    try:
        ice = friends_render.parse_ice("\n".join(
            " ".join([s.get("urls", ""), s.get("username", ""), s.get("credential", "")]).strip()
            for s in json.loads(pairs.get("ice", "[]"))))
    except (ValueError, AttributeError, TypeError):
        ice = []
    return code, ice


def read_hosting(store):
    """The saved hosting choices (transport, STUN/TURN servers) in ``store``, or None."""
    try:
        raw = store.getItem(HOSTING_KEY)
        saved = json.loads(str(raw)) if raw else None
    except Exception:  # noqa: BLE001
        return None
    if not isinstance(saved, dict) or saved.get("transport") not in ("webrtc", "broadcast"):
        return None
    try:
        ice = friends_render.parse_ice("\n".join(" ".join(
            [s["urls"], s.get("username", ""), s.get("credential", "")]).strip() for s in saved.get("ice", [])))
    except (ValueError, KeyError, TypeError):
        ice = []
    return saved["transport"], ice
