"""The draw-odds widget: a hand in, the advisor's table (stripdeck.advise) out.

>>> model = odds_model("Ah Kh Qh Jh 7c", Rules())
>>> model.rows[0].discard, model.rows[0].best
('7c', True)
"""
# l10n-part: widgets (this file's sentences load with the widgets: docs/i18n.md, "Bytes")

from __future__ import annotations

from dataclasses import dataclass

from stripdeck import CardError, Rules, advise, i18n, parse_cards
from stripdeck.i18n import NP_, _, ngettext, pgettext

from .cardface import esc, hand_html

# TRANSLATORS: the short names of the hands heading the columns of the draw odds table (narrow
# columns: abbreviate as the language usually does).
SHORT = {"five aces": NP_("odds column", "5 aces"), "straight flush": NP_("odds column", "Str. flush"),
         "four of a kind": NP_("odds column", "Four"), "flush": NP_("odds column", "Flush"),
         "full house": NP_("odds column", "Full house"), "straight": NP_("odds column", "Straight"),
         "three of a kind": NP_("odds column", "Three"), "two pairs": NP_("odds column", "Two pairs"),
         "one pair": NP_("odds column", "Pair"), "high card": NP_("odds column", "High card")}
"""Each category's column heading (``pgettext(*SHORT[category])``)."""
EXAMPLE = "Ah Kh Qh Jh 7c"


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
        raise CardError(_("enter five cards, like {example}", example=EXAMPLE))
    try:
        cards = parse_cards(hand, joker=rules.joker)
    except CardError as err:
        # TRANSLATORS: {problem} is what is wrong with the typed hand (the engine's message).
        raise CardError(_("hand: {problem}", problem=str(err))) from None
    if len(cards) != 5:
        raise CardError(_("hand: a hand is exactly 5 cards, got {count}", count=len(cards)))
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
    return i18n.percent(p, 1) if p >= 0.001 else "<" + i18n.percent(0.001, 1)


def caption(model: OddsModel) -> str:
    """What the table shows, in words: the draw limit, the dead cards, whom "win" is against."""
    if model.dead:
        # TRANSLATORS: {limit} is the most cards a player may draw; {dead} is card text (like
        # "7s 8s"); "win" names the table's Win column.
        text = ngettext("Exact odds after the draw (draw limit {limit}, cards out of play {dead}); win = chance to "
                        "beat {n} typical opponent.",
                        "Exact odds after the draw (draw limit {limit}, cards out of play {dead}); win = chance to "
                        "beat {n} typical opponents.", model.opponents, limit=model.draw_limit, dead=model.dead)
    else:
        # TRANSLATORS: {limit} is the most cards a player may draw; "win" names the table's Win column.
        text = ngettext("Exact odds after the draw (draw limit {limit}); win = chance to beat {n} typical opponent.",
                        "Exact odds after the draw (draw limit {limit}); win = chance to beat {n} typical "
                        "opponents.", model.opponents, limit=model.draw_limit)
    if model.total_choices > len(model.rows):
        text += " " + _("The best {shown} of {total} choices are shown.", shown=len(model.rows),
                        total=model.total_choices)
    return text


def table_html(model: OddsModel) -> str:
    """The result: the hand and one row per discard choice, best first."""
    heads = "".join(f'<th scope="col" class="sd-num">{esc(pgettext(*SHORT[c]))}</th>' for c in model.columns)
    discard_word = pgettext("odds column", "Discard")
    draw_word = pgettext("odds column", "Draw")
    win_word = pgettext("odds column", "Win")
    body = []
    for r in model.rows:
        cls = ' class="sd-highlight"' if r.best else ""
        discard = (hand_html(parse_cards(r.discard, joker=True), _("Discard {cards}", cards=r.discard))
                   if r.discard else esc(_("stand pat")))
        label = f' data-label="{esc(discard_word)}"' if r.discard else ""
        # data-label names a cell when a phone lays the row out as a block (widgets.css).
        cells = "".join(f'<td class="sd-num sd-chance" data-label="{esc(pgettext(*SHORT[c]))}">'
                        f"{esc(_pct(r.categories.get(c, 0.0)))}</td>" for c in model.columns)
        body.append(f"<tr{cls}><td class=\"sd-place\">{i18n.number(r.number)}</td>"
                    f"<td class=\"sd-discard\"{label}>{discard}</td>"
                    f"<td class=\"sd-num\" data-label=\"{esc(draw_word)}\">{i18n.number(r.draw)}</td>"
                    f"<td class=\"sd-num sd-win\" data-label=\"{esc(win_word)}\">"
                    f"<strong>{esc(i18n.percent(r.win, 1))}</strong></td>{cells}"
                    f"<td class=\"sd-reason\">{esc(r.reason)}</td></tr>")
    number_word, why_word = pgettext("odds column", "#"), pgettext("odds column", "Why")
    heads_row = (f'<th scope="col">{esc(number_word)}</th><th scope="col">{esc(discard_word)}</th>'
                 f'<th scope="col" class="sd-num">{esc(draw_word)}</th>'
                 f'<th scope="col" class="sd-num">{esc(win_word)}</th>{heads}'
                 f'<th scope="col">{esc(why_word)}</th>')
    # TRANSLATORS: {reason} is the draw advisor's reason for the best choice (the engine's sentence).
    best = _("Best: {reason}", reason=model.rows[0].reason)
    yours = hand_html(parse_cards(model.hand, joker=True), _("Your hand"))
    return (f'<div class="sd-side">{yours}</div>'
            f'<p class="sd-verdict" role="status">{esc(best)}</p>'
            '<div class="sd-scroll"><table class="sd-odds-table">'
            f"<caption>{esc(caption(model))}</caption>"
            f"<thead><tr>{heads_row}</tr></thead>"
            f"<tbody>{''.join(body)}</tbody></table></div>")


def result(hand: str, rules: Rules, dead: str = "", opponents: int = 1, top: int = 8) -> str:
    """The result panel, or the problem with the hand in words."""
    if not hand.strip():
        text = _("Enter five cards, like {example}, to see every way to draw.", example=EXAMPLE)
        return f'<p class="sd-note">{esc(text)}</p>'
    try:
        return table_html(odds_model(hand, rules, dead, opponents, top))
    except (CardError, ValueError) as err:
        return f'<p class="sd-error" role="alert">{esc(i18n.upper_first(str(err)))}</p>'


def render(hand: str, rules: Rules, dead: str = "", opponents: int = 1, top: int = 8) -> str:
    """The whole widget: the hand input and the advisor's table."""
    label, heading = _("Draw odds"), _("Draw odds: what to throw away")
    hand_label, button = pgettext("input", "Hand"), _("Show the odds")
    return (f'<section class="sd-widget sd-odds" aria-label="{esc(label)}">'
            f"<h2>{esc(heading)}</h2>"
            f'<form class="sd-form sd-odds-form"><label class="sd-input">{esc(hand_label)} '
            f'<input type="text" name="hand" value="{esc(hand)}" spellcheck="false" autocomplete="off" '
            f'placeholder="{EXAMPLE}"></label>'
            f'<div class="sd-controls"><button type="submit">{esc(button)}</button></div></form>'
            f'<div class="sd-result" data-part="result" aria-live="polite">'
            f"{result(hand, rules, dead, opponents, top)}</div></section>")
