"""The readable account of a replayed game (plain ``five-hundred replay``).

Words for people, kept apart from the record's validation and replay
(``five_hundred.engine.record``), which stay language-neutral.
"""

from __future__ import annotations

from collections.abc import Sequence

from five_hundred.engine.actions import DISCARD, JOKER_NAME, JOKER_NONE, PASS
from five_hundred.engine.cards import JOKER, JOKER2, SUIT_SYMBOLS, card_str
from five_hundred.engine.record import Replay, deal_masks, split_action
from five_hundred.engine.state import SEAT_NAMES, GameState
from five_hundred.safe_text import clean_name, excerpt


def _pretty(card: int) -> str:
    if card == JOKER:
        return "joker"
    if card == JOKER2:
        return "coloured joker"
    return card_str(card)[0].replace("T", "10") + SUIT_SYMBOLS[card >> 4]


def _team_name(names: Sequence[str], team: int) -> str:
    return f"{names[team]}–{names[team + 2]}"


def _deal_lines(state: GameState, names: Sequence[str]) -> list[str]:
    """The auction, exchange and tricks of the deal ``state`` is in (or just ended)."""
    ladder = state.ladder
    out: list[str] = []
    calls = [f"{names[s]} {'passes' if a[0] == PASS else 'bids ' + ladder.bids[a[1]].label}"
             for s, a in state.auction]
    out.append("  Auction: " + (", ".join(calls) if calls else "(not started)"))
    if state.contract is not None:
        out.append(f"  Contract: {state.contract.label} by {names[state.declarer]}")
    elif state.deal_over:
        out.append("  Contract: none, the deal is thrown in")
    for s, a in state.actions:
        if a[0] == DISCARD:
            out.append(f"  {names[s]} takes the kitty and discards "
                       + " ".join(_pretty(c) for c in a[1:]))
        elif a[0] == JOKER_NAME:
            out.append(f"  {names[s]} "
                       + ("leaves the joker without a suit" if a[1] == JOKER_NONE
                          else f"names the joker a {SUIT_SYMBOLS[a[1]]}"))
    if state.out_seat >= 0:
        out.append(f"  {names[state.out_seat]} sits out (misère)")
    for k, (plays, winner, _led) in enumerate(state.tricks, 1):
        out.append(f"  Trick {k}: " + ", ".join(f"{names[s]} {_pretty(c)}" for s, c in plays)
                   + f" — won by {names[winner]}")
    if state.trick:
        out.append(f"  Trick {len(state.tricks) + 1} (under way): "
                   + ", ".join(f"{names[s]} {_pretty(c)}" for s, c in state.trick))
    return out


def replay_text(replay: Replay) -> str:
    """A readable account of every deal and the result (plain ``replay``)."""
    rec = replay.record
    # Records built in code skip loading: clean the names again where they are printed.
    names = [clean_name(x, SEAT_NAMES[i]) for i, x in enumerate(rec.names)]
    rules = rec.rules
    final = replay.state
    teams = (_team_name(names, 0), _team_name(names, 1))
    lines = [f"Rules: {rules.preset}"
             + "".join(f"; {d}" for d in rules.describe_options()),
             f"{teams[0]} (team 0) against {teams[1]} (team 1); starting scores "
             f"{rec.start_scores[0]} : {rec.start_scores[1]}"]
    # Replay again deal by deal, so that each deal's tricks can be shown.
    shown = rec.deals if replay.error is None else rec.deals[: replay.error.deal]
    for n, deal in enumerate(shown, 1):
        hands, kitty = deal_masks(rules, deal)
        scratch = GameState.from_deal(rules, deal.dealer, hands, kitty)
        last = n == len(shown)
        actions = deal.actions
        if last and replay.error is not None:
            actions = actions[: replay.error.action - 1]
        for entry in actions:
            parsed = split_action(entry)
            assert parsed is not None
            scratch.apply_text(parsed[1], parsed[0])
        lines.append("")
        lines.append(f"Deal {n}: {names[deal.dealer]} deals")
        lines.extend(_deal_lines(scratch, names))
        if n <= len(final.results):
            r = final.results[n - 1]
            for team in (0, 1):
                for why in r.reasons[team]:
                    lines.append(f"  {teams[team]}: {why}")
            if r.contract is None:
                lines.append("  No score")
            lines.append(f"  Scores: {teams[0]} {r.scores[0]}, {teams[1]} {r.scores[1]}")
        if replay.error is not None and last:
            e = replay.error
            lines.append(f"  Illegal action {e.action} {excerpt(e.text)}: {e.reason} "
                         f"({e.rule})")
    lines.append("")
    if replay.error is not None:
        e = replay.error
        lines.append(f"Replay stopped at deal {e.deal}, action {e.action}. Scores so far: "
                     f"{teams[0]} {final.scores[0]}, {teams[1]} {final.scores[1]}")
    elif final.winner is not None:
        w = final.winner
        lines.append(f"{teams[w]} win the game ({final.win_reason}): "
                     f"{final.scores[w]} to {final.scores[1 - w]}")
    else:
        if final.deal_over:
            seat = (final.next_dealer() + 1) & 3
            where = f"the next deal is {names[final.next_dealer()]}'s; {names[seat]} bids first"
        else:
            where = f"{final.phase}, {names[final.to_act]} to act"
        lines.append(f"Game in progress ({where}). Scores: {teams[0]} {final.scores[0]}, "
                     f"{teams[1]} {final.scores[1]}")
    return "\n".join(lines) + "\n"


__all__ = ["replay_text"]
