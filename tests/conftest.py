"""Test-run ordering: the long UI walks start first, so that the two xdist workers
finish together instead of one waiting on a leak walk collected last."""

from __future__ import annotations

import pytest

# modules whose tests each take tens of seconds (see pytest --durations)
SLOW_FIRST = ("test_leaks.py", "test_fuzz.py", "test_walk.py", "test_views.py",
              "test_computers.py", "test_table.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        name = item.path.name
        return SLOW_FIRST.index(name) if name in SLOW_FIRST else len(SLOW_FIRST)

    items.sort(key=rank)  # stable: the order within each group is kept
