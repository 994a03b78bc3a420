"""Widgets of the table: the hand, the bidding grid, the trick area."""
