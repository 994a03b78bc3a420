"""Seat and side names (no imports: the start screen must come up fast)."""

SEATS = ("North", "East", "South", "West")
TEAMS = ("North–South", "East–West")
