"""The draw-odds widget: a hand in, the advisor's table (stripdeck.advise) out.

>>> model = odds_model("Ah Kh Qh Jh 7c", Rules())
>>> model.rows[0].discard, model.rows[0].best
('7c', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from stripdeck import CardError, Rules, advise, parse_cards

from .cardface import esc, hand_html

SHORT = {"five aces": "5 aces", "straight flush": "Str. flush", "four of a kind": "Four", "flush": "Flush",
         "full house": "Full house", "straight": "Straight", "three of a kind": "Three",
         "two pairs": "Two pairs", "one pair": "Pair", "high card": "High card"}


@dataclass(frozen=True)
class OddsRow:
    """One discard choice as the widget shows it."""

    number: int
    discard: str
    keep: str
    draw: int
    win: float
    categories: dict[str, float]
    reason: str
    best: bool


@dataclass(frozen=True)
class OddsModel:
    """The advisor's table for one hand, ready to draw."""

    hand: str
    dead: str
    opponents: int
    draw_limit: int
    columns: tuple[str, ...]
    rows: tuple[OddsRow, ...]
    total_choices: int


def odds_model(hand: str, rules: Rules, dead: str = "", opponents: int = 1, top: int = 8) -> OddsModel:
    """The advice for ``hand`` (CardError/ValueError with a clear message if it is not valid)."""
    if not hand.strip():
        raise CardError("enter five cards, like Ah Kh Qh Jh 7c")
    try:
        cards = parse_cards(hand, joker=rules.joker)
    except CardError as err:
        raise CardError(f"hand: {err}") from None
    if len(cards) != 5:
        raise CardError(f"hand: a hand is exactly 5 cards, got {len(cards)}")
    advice = advise(cards, rules, dead=dead, opponents=opponents)
    order = [c for c in SHORT if rules.flush_beats_full_house or c not in ("flush", "full house")]
    if not rules.flush_beats_full_house:
        at = order.index("straight")
        order[at:at] = ["full house", "flush"]
    shown = tuple(c for c in order if any(dict(r.categories).get(c) for r in advice.rows[:top]))
    rows = tuple(OddsRow(i, " ".join(map(str, r.discard)), " ".join(map(str, r.keep)), r.draw, r.win,
                         dict(r.categories), r.reason, i == 1)
                 for i, r in enumerate(advice.rows[:top], 1))
    return OddsModel(" ".join(map(str, advice.cards)), " ".join(map(str, advice.dead)), opponents,
                     advice.draw_limit, shown, rows, len(advice.rows))


def _pct(p: float) -> str:
    if not p:
        return "–"
    return f"{p:.1%}" if p >= 0.001 else "<0.1%"


def table_html(model: OddsModel) -> str:
    """The result: the hand and one row per discard choice, best first."""
    heads = "".join(f'<th scope="col" class="sd-num">{esc(SHORT[c])}</th>' for c in model.columns)
    body = []
    for r in model.rows:
        cls = ' class="sd-highlight"' if r.best else ""
        discard = (hand_html(parse_cards(r.discard, joker=True), f"Discard {r.discard}")
                   if r.discard else "stand pat")
        label = ' data-label="Discard"' if r.discard else ""
        # data-label names a cell when a phone lays the row out as a block (widgets.css).
        cells = "".join(f'<td class="sd-num sd-chance" data-label="{esc(SHORT[c])}">'
                        f"{_pct(r.categories.get(c, 0.0))}</td>" for c in model.columns)
        body.append(f"<tr{cls}><td class=\"sd-place\">{r.number}</td>"
                    f"<td class=\"sd-discard\"{label}>{discard}</td>"
                    f"<td class=\"sd-num\" data-label=\"Draw\">{r.draw}</td>"
                    f"<td class=\"sd-num sd-win\" data-label=\"Win\"><strong>{r.win:.1%}</strong></td>{cells}"
                    f"<td class=\"sd-reason\">{esc(r.reason)}</td></tr>")
    who = f"{model.opponents} typical opponent" + ("s" if model.opponents > 1 else "")
    more = (f" The best {len(model.rows)} of {model.total_choices} choices are shown."
            if model.total_choices > len(model.rows) else "")
    dead = f", cards out of play {esc(model.dead)}" if model.dead else ""
    return (f'<div class="sd-side">{hand_html(parse_cards(model.hand, joker=True), "Your hand")}</div>'
            f'<p class="sd-verdict" role="status">Best: {esc(model.rows[0].reason)}</p>'
            '<div class="sd-scroll"><table class="sd-odds-table">'
            f"<caption>Exact odds after the draw (draw limit {model.draw_limit}{dead}); "
            f"win = chance to beat {who}.{more}</caption>"
            '<thead><tr><th scope="col">#</th><th scope="col">Discard</th><th scope="col" class="sd-num">Draw</th>'
            f'<th scope="col" class="sd-num">Win</th>{heads}<th scope="col">Why</th></tr></thead>'
            f"<tbody>{''.join(body)}</tbody></table></div>")


def result(hand: str, rules: Rules, dead: str = "", opponents: int = 1, top: int = 8) -> str:
    """The result panel, or the problem with the hand in words."""
    if not hand.strip():
        return '<p class="sd-note">Enter five cards, like Ah Kh Qh Jh 7c, to see every way to draw.</p>'
    try:
        return table_html(odds_model(hand, rules, dead, opponents, top))
    except (CardError, ValueError) as err:
        text = str(err)
        return f'<p class="sd-error" role="alert">{esc(text[:1].upper() + text[1:])}</p>'


def render(hand: str, rules: Rules, dead: str = "", opponents: int = 1, top: int = 8) -> str:
    """The whole widget: the hand input and the advisor's table."""
    return ('<section class="sd-widget sd-odds" aria-label="Draw odds">'
            "<h2>Draw odds: what to throw away</h2>"
            '<form class="sd-form sd-odds-form"><label class="sd-input">Hand '
            f'<input type="text" name="hand" value="{esc(hand)}" spellcheck="false" autocomplete="off" '
            'placeholder="Ah Kh Qh Jh 7c"></label>'
            '<div class="sd-controls"><button type="submit">Show the odds</button></div></form>'
            f'<div class="sd-result" data-part="result" aria-live="polite">'
            f"{result(hand, rules, dead, opponents, top)}</div></section>")
