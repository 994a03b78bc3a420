"""The Textual table of Five Hundred: screens, widgets and the app (``app.py``).

The user interface is given views (``SeatView`` / ``PublicView``) by the hot-seat
controller, never the game state.
"""

from pathlib import Path, PurePath

# The apps' style sheets: the shared rules and the start screen's, then the other
# screens' (the table's layout: its side panel, status and prompt; the rules, the
# curtain). The one-screen app reads the second only once its start screen is painted
# (``FiveHundredApp.get_screen``); the networked and host-setup apps read both.
STYLES = (Path(__file__).with_name("five_hundred.tcss"),
          Path(__file__).with_name("screens.tcss"))


def all_styles() -> list[str | PurePath]:
    """Both style sheets, as an app's ``CSS_PATH``."""
    return [*STYLES]
