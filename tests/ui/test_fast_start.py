"""What makes the first screen quick (issue 23, item 8) changes nothing else: garbage
collection paused while it is built comes back once it is painted."""

from __future__ import annotations

import gc
from pathlib import Path

from five_hundred.ui.app import FiveHundredApp
from five_hundred.ui.storage import Storage


async def test_garbage_collection_is_paused_for_the_first_paint_only(tmp_path: Path) -> None:
    app = FiveHundredApp(Storage(tmp_path))
    at_first_paint: list[bool] = []
    original = app._display

    def display(screen, renderable):  # type: ignore[no-untyped-def]
        if renderable is not None and not at_first_paint:
            at_first_paint.append(gc.isenabled())
        original(screen, renderable)

    app._display = display  # type: ignore[method-assign]
    assert gc.isenabled()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert at_first_paint == [False]
        for _ in range(100):  # once the screen has refreshed
            if gc.isenabled():
                break
            await pilot.pause(0.02)
        assert gc.isenabled()
    assert gc.isenabled()


async def test_garbage_collection_left_off_if_it_was_off(tmp_path: Path) -> None:
    gc.disable()
    try:
        async with FiveHundredApp(Storage(tmp_path)).run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert not gc.isenabled()
    finally:
        gc.enable()
