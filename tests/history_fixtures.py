"""Three finished games in a data folder, for the history tests (pure and UI).

- G1 ``tests/fixtures/example-8h.json`` (no side file: four people): N Ana, E Bruno,
  S Carla, W Davi; from 490–210, Bruno makes 8♥ (+20 / +300): E–W win 510 to 510.
- G2 ``history/bots-seed5.json``, four ``easy`` computers from seed 5; its side file
  says Bruno and Ana are people, Davi and Eve computers: N Bruno, E Ana, S Davi,
  W Eve. Davi's 10♦ fails (−480 / +30), Bruno's 6♥ fails (−100 / +50): N–S at −580,
  E–W win 80 to −580.
- G3 ``history/scripted.json``: N Carla, E Davi, S Ana, W Bruno, from −30–0. All
  pass; Ana's 7NT fails with 4 tricks (−220 / +60); Carla's misère fails
  (−250 / 0): N–S at −500, E–W win 60 to −500.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent / "fixtures"
G1, G2, G3 = "20250101-100000-aaaa", "20250102-100000-bbbb", "20250103-100000-cccc"
# when each was last played (side files' summary), 10:00 UTC on 1, 2 and 3 Jan 2025
FINISHED_AT = {G1: 1735725600.0, G2: 1735812000.0, G3: 1735898400.0}


def put_game(folder: Path, game_id: str, source: Path, *,
             players: list[tuple[str, str]] | None = None, side: bool = True) -> Path:
    """Copy a record into ``folder/finished`` as ``game_id``, with a side file."""
    finished = folder / "finished"
    finished.mkdir(parents=True, exist_ok=True)
    target = finished / f"{game_id}.json"
    shutil.copyfile(source, target)
    when = FINISHED_AT.get(game_id, 1735000000.0)
    os.utime(target, (when, when))  # without a side file, the record's time is the date
    if side:
        data: dict[str, object] = {"seed": 1, "summary": {
            "deal": 1, "actions": 0, "scores": [0, 0],
            "last_played": when, "over": True}}
        if players is not None:
            data["players"] = [{"name": n, "kind": k, "level": "easy"} for n, k in players]
        (finished / f"{game_id}.seats.json").write_text(json.dumps(data), encoding="utf-8")
    return target


def three_games(folder: Path) -> Path:
    put_game(folder, G1, FIXTURES / "example-8h.json", side=False)
    put_game(folder, G2, FIXTURES / "history" / "bots-seed5.json",
             players=[("Bruno", "person"), ("Ana", "person"), ("Davi", "computer"),
                      ("Eve", "computer")])
    put_game(folder, G3, FIXTURES / "history" / "scripted.json")
    return folder
