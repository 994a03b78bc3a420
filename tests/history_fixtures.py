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

``long_names`` makes three other games, with four long names and what the side files
say of take-backs, hints and practice games (the screens at 80 columns):

- L1 G3's record, N Maximiliano, E Guadalupe, S Bartolomeu, W Esperanza, house rules
  V2 and V4 (490); take-backs 2 0 1 0 and hints 3 1 0 2 per seat.
- L2 G2's record, N Guadalupe, E Maximiliano, S Esperanza (computer), W Bartolomeu
  (computer): a practice game; take-backs 4 1 0 0, hints 0 2 0 0.
- L3 G1's record with the default names (North, East, South, West) and the side file
  of the version before: take-backs per side [1, 2] (on North and East), no hints.
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
L1, L2, L3 = "20250110-100000-1111", "20250111-100000-2222", "20250112-100000-3333"
FINISHED_AT.update({L1: 1736503200.0, L2: 1736589600.0, L3: 1736676000.0})
LONG = ("Maximiliano", "Guadalupe", "Bartolomeu", "Esperanza")
SEATS = ["North", "East", "South", "West"]


def put_game(folder: Path, game_id: str, source: Path, *,
             players: list[tuple[str, str]] | None = None, side: bool = True,
             names: list[str] | None = None, rules: dict[str, object] | None = None,
             extra: dict[str, object] | None = None) -> Path:
    """Copy a record into ``folder/finished`` as ``game_id``, with a side file
    (``extra``: more of it, such as ``takebacks``); ``names`` and ``rules`` replace the
    record's."""
    finished = folder / "finished"
    finished.mkdir(parents=True, exist_ok=True)
    target = finished / f"{game_id}.json"
    if names is None and rules is None:
        shutil.copyfile(source, target)
    else:
        record = json.loads(source.read_text(encoding="utf-8"))
        if names is not None:
            record["names"] = names
        if rules is not None:
            record["rules"] = rules
        target.write_text(json.dumps(record), encoding="utf-8")
    when = FINISHED_AT.get(game_id, 1735000000.0)
    os.utime(target, (when, when))  # without a side file, the record's time is the date
    if side:
        data: dict[str, object] = {"seed": 1, "summary": {
            "deal": 1, "actions": 0, "scores": [0, 0],
            "last_played": when, "over": True}}
        if players is not None:
            data["players"] = [{"name": n, "kind": k, "level": "easy"} for n, k in players]
        data.update(extra or {})
        (finished / f"{game_id}.seats.json").write_text(json.dumps(data), encoding="utf-8")
    return target


def three_games(folder: Path) -> Path:
    put_game(folder, G1, FIXTURES / "example-8h.json", side=False)
    put_game(folder, G2, FIXTURES / "history" / "bots-seed5.json",
             players=[("Bruno", "person"), ("Ana", "person"), ("Davi", "computer"),
                      ("Eve", "computer")])
    put_game(folder, G3, FIXTURES / "history" / "scripted.json")
    return folder


def long_names(folder: Path) -> Path:
    """L1, L2, L3 (see the module notes)."""
    m, g, b, e = LONG
    put_game(folder, L1, FIXTURES / "history" / "scripted.json", names=[m, g, b, e],
             rules={"preset": "pagat-australian", "misere_without_seven": True,
                    "defensive_cap": 490},
             players=[(m, "person"), (g, "person"), (b, "person"), (e, "person")],
             extra={"takebacks": [2, 0, 1, 0], "hints": [3, 1, 0, 2], "practice": False})
    put_game(folder, L2, FIXTURES / "history" / "bots-seed5.json", names=[g, m, e, b],
             players=[(g, "person"), (m, "person"), (e, "computer"), (b, "computer")],
             extra={"takebacks": [4, 1, 0, 0], "hints": [0, 2, 0, 0], "practice": True})
    put_game(folder, L3, FIXTURES / "example-8h.json", names=SEATS,
             players=[(n, "person") for n in SEATS], extra={"takebacks": [1, 2]})
    return folder
