"""Bad input never crashes the app: thousands of random keys, clicks and resizes down
to 40×10 and back (issue 3, "Any terminal")."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from five_hundred.hotseat import Player
from five_hundred.ui.app import create_app
from five_hundred.ui.screens.base import BaseScreen

from .helpers import fast_press, quick_pause, resize, screen_text

KEYS = ["left", "right", "up", "down", "enter", "enter", "enter", "space", "escape", "p",
        "h", "s", "k", "f1", "question_mark", "b", "y", "n", "plus", "minus", "tab",
        "shift+tab", "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "x", "ctrl+n"]


@pytest.mark.parametrize("seed", [1, 2])
async def test_random_keys_and_resizes_never_crash(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    players = [Player("Ana"), Player("Bruno", "computer", "easy"), Player("Carla"),
               Player("Davi", "computer", "easy")]
    app = create_app(tmp_path, seed=seed, players=players)
    async with app.run_test(size=(80, 24)) as pilot:
        for step in range(350):
            r = rng.random()
            if r < 0.03:
                w, h = rng.randint(40, 140), rng.randint(10, 45)
                await resize(pilot, w, h)
                if isinstance(app.screen, BaseScreen):
                    small = w < 80 or h < 24
                    assert app.screen.has_class("-too-small") == small
                    if small:
                        text = screen_text(app)
                        assert "enlarge the terminal" in text, (type(app.screen), text)
            elif r < 0.06:
                w, h = app.size
                await pilot.click(offset=(rng.randrange(w), rng.randrange(h)))
            else:
                await fast_press(pilot, rng.choice(KEYS))
            assert app.return_code is None, f"the app stopped at step {step}"
        await resize(pilot, 80, 24)
        await quick_pause(pilot)
        screen_text(app)
