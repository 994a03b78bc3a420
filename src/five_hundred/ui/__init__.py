"""The Textual table of Five Hundred: screens, widgets and the app (``app.py``).

The user interface is given views (``SeatView`` / ``PublicView``) by the hot-seat
controller, never the game state.
"""
