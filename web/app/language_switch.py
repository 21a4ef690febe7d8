"""Settings' language picker, in place: the chosen language's catalogue fetched, and every word the
page shows said again in it, with no reload (the App is handed in: ``app``)."""

from stripdeck import i18n
from stripdeck.i18n import _
from table import replay, session_log, settings_render, turn_alert

from . import l10n


async def switch_language(app, code):
    """The language chosen in Settings, in place: its catalogue loaded (l10n.fetch_language),
    then every word of the page said again in it, the choice kept with the settings, and the
    address that of the language's page (a reload opens it). A catalogue that cannot be loaded
    is a notice, and the page stays in its language."""
    before = i18n.current()
    if code not in settings_render.languages_offered():
        app.render_settings()
        return
    try:
        language = await l10n.fetch_language(code)
    except Exception as err:  # noqa: BLE001 - a CatalogueError, or the network refused the fetch
        reason = str(err) if isinstance(err, i18n.CatalogueError) else type(err).__name__
        # TRANSLATORS: {language} is the language the page keeps, in its own name ("Italiano").
        app.problem(_("The page stays in {language}: {reason}", language=i18n.NAMES.get(before.code, before.code),
                      reason=reason))
        app.render_settings()  # the picker shows the language still in use
        return
    i18n.use(language)
    app.ctl.set_display({"lang": code})
    app.patch.language(code, "./" + l10n.manifest_name(code), l10n.static_words(app.static_words))
    app.patch.title(turn_alert.title())
    app.set_address(l10n.page_address(code, app.address["search"], app.address["hash"]))
    # History's hands already played say their results again in the new language (replayed from
    # their scenarios: session_log.said_again), and are saved so.
    app.ctl.hand_log = session_log.said_again(app.ctl.hand_log)
    app.ctl.hand_log_changed += 1
    if app.replaying is not None:  # the replay's frames are drawn again in the new language
        shown, index = app.replaying
        record = replay.find(app.ctl.hand_log, shown.number)
        app.replaying = (replay.build(record), index) if record is not None else None
    app.redraw_words()
    app.save()
    app.alert_turn(drawn=False)
    app.say(_("The page is now in {language}.", language=i18n.NAMES.get(code, code)))
