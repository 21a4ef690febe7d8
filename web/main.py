"""Placeholder front end: shows that stripdeck loads in the page (build smoke test)."""

import stripdeck
from pyscript import document

hand = stripdeck.parse_cards("Ah Kd 10c")
document.getElementById("status").textContent = f"stripdeck ready: {stripdeck.format_cards(hand)}"
document.body.dataset.ready = "1"
