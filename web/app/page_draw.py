"""What App.draw writes for the table's state, in its parts: the table and its controls, the
History panel (its list of hands, a replay, the exports' buttons and gate), and the body's data
attributes (read by web/page/*.js, the benchmarks and the tests).

Each part takes the page's changes (app/patch.py's PagePatch) and what it shows; none holds state
of its own: what the App keeps between drawings (the history announced, a confirmation asked for)
goes in and comes back as arguments and results.
"""

from stripdeck.i18n import _
from table import history_render, render


def empty_table(page, game_over, mode, summary):
    """No hand on the table yet (friends joining), or a saved game without one: a word in the
    middle and what may be done between hands in ``mode`` (commands.offers' page modes)."""
    if mode == "guest":
        words, controls = game_over or _("Waiting for the host to deal…"), ""
    elif mode == "host":
        words = _("Waiting for your friends to join: their invitations are in the Friends panel.")
        controls = render.lobby_controls_html()
    else:
        words, controls = game_over or _("Ready to deal."), render.controls_html_between_hands(game_over, summary)
    page.html("table", '<div class="felt"><div class="middle"><div class="status" id="status">'
              + render.attr(words) + "</div></div></div>")
    page.html("controls", controls)
    page.html("history-list", history_render.history_html(()))  # no hand: none of an earlier table's lines


def hand_table(page, ctl, model, summary, offers):
    """A hand on the table: the seats, the controls ``offers`` allows (commands.offers) and the
    hand's history lines, scrolled to the newest."""
    page.html("table", render.table_html(model, ctl.timer_limit() is not None))
    page.html("controls", render.controls_html(model, ctl.game_over, ctl.settings["auto_deal"], summary, offers))
    page.html("history-list", history_render.history_html(model.history))
    page.scroll_end("history-list")


def history_panel(page, ctl, replaying, summary, confirming):
    """History's session list (or the hand replayed: ``replaying`` is (replay, frame index)), the
    exports' buttons, and the gate a shared device puts before them. ``confirming``: the gate asks
    everyone at the table to confirm ending the session; returns whether it still does (not once
    nothing is withheld)."""
    if replaying is not None:
        shown, index = replaying
        page.html("session-list", history_render.replay_html(shown.title, shown.pages[index], index, len(shown.pages)))
    else:
        page.html("session-list", history_render.session_html(ctl.hand_log, summary))
    nothing_finished = ctl.last_finished is None and not ctl.hand_log["hands"]
    withheld = getattr(ctl, "export_withheld", "")  # a shared device: no export shows others' cards
    page.prop("#copy", "disabled", nothing_finished or bool(withheld))
    page.prop("#download", "disabled", nothing_finished or bool(withheld))
    page.prop("#download-session", "disabled", not ctl.hand_log["hands"] or bool(withheld))
    if withheld:
        page.prop("#export-text", "hidden", True)  # a box opened earlier goes (it showed every seat's cards)
    else:
        confirming = False
    page.html("export-gate", history_render.export_gate_html(
        withheld, can_end=not ctl.in_hand and not nothing_finished, confirming=confirming))
    page.prop("#export-gate", "hidden", not withheld)
    return confirming


def data_mode(mode, passing):
    """The body's ``data-mode``: commands.offers' page mode, a widget's table named by who plays it.

    >>> data_mode("embed", False), data_mode("embed", True), data_mode("host", False)
    ('solo', 'pass', 'host')
    """
    if mode == "embed":
        return "pass" if passing else "solo"
    return mode


def body_data(page, ctl, model, mode, offers):
    """The body's data attributes for the state drawn (tests wait on ``step``, which changes with
    every action applied)."""
    page.data("ready", "1")
    page.data("hand", str(ctl.hand_number))
    page.data("phase", ctl.phase)
    page.data("step", ctl.step_text)
    page.data("mode", data_mode(mode, bool(getattr(ctl, "passing", False))))
    page.data("commands", " ".join(sorted(offers)))  # for the tests
    page.data("myTurn", "1" if model is not None and model.my_turn else "0")
    page.data("over", "1" if ctl.game_over else "0")
    if ctl.bot_ms:  # the bots' decision times, for bench/bench_page.py: first/max/median/count of the others
        times = sorted(ctl.bot_ms[1:]) or [0.0]
        page.data("botMs", f"{ctl.bot_ms[0]:.1f}/{times[-1]:.1f}/{times[len(times) // 2]:.1f}/{len(times)}")
