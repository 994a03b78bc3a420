"""The readable account of a replayed game (plain ``five-hundred replay``).

Words for people, kept apart from the record's validation and replay
(``five_hundred.engine.record``), which stay language-neutral.
"""

from __future__ import annotations

from collections.abc import Sequence

from five_hundred.engine.actions import JOKER_NONE, Discard, NameJoker, Pass
from five_hundred.engine.cards import JOKER, JOKER2, SUIT_SYMBOLS, card_str
from five_hundred.engine.record import Replay, deal_masks, split_action
from five_hundred.engine.state import (
    BIDDING,
    DISCARD_PHASE,
    JOKER_PHASE,
    PLAYING,
    SEAT_NAMES,
    GameState,
)
from five_hundred.i18n import N_, _
from five_hundred.notation import bid_label, house_rules, score_reason, shown_name, win_reason
from five_hundred.safe_text import clean_name, excerpt

_PHASES = {BIDDING: N_("bidding"), DISCARD_PHASE: N_("discard"), JOKER_PHASE: N_("joker"),
           PLAYING: N_("play")}


def _pretty(card: int) -> str:
    if card == JOKER:
        return _("joker")
    if card == JOKER2:
        return _("coloured joker")
    return card_str(card)[0].replace("T", "10") + SUIT_SYMBOLS[card >> 4]


def _team_name(names: Sequence[str], team: int) -> str:
    return f"{names[team]}–{names[team + 2]}"


def _deal_lines(state: GameState, names: Sequence[str]) -> list[str]:
    """The auction, exchange and tricks of the deal ``state`` is in (or just ended)."""
    ladder = state.ladder
    out: list[str] = []
    calls = [_("{name} passes").format(name=names[s]) if isinstance(a, Pass) else
             _("{name} bids {bid}").format(name=names[s],
                                           bid=bid_label(ladder.bids[a.ladder_index].code))
             for s, a in state.auction]
    out.append("  " + _("Auction: {calls}").format(
        calls=", ".join(calls) if calls else _("(not started)")))
    if state.contract is not None:
        out.append("  " + _("Contract: {bid} by {name}").format(
            bid=bid_label(state.contract.code), name=names[state.declarer]))
    elif state.deal_over:
        out.append("  " + _("Contract: none, the deal is thrown in"))
    for s, a in state.actions:
        if isinstance(a, Discard):
            out.append("  " + _("{name} takes the kitty and discards {cards}").format(
                name=names[s], cards=" ".join(_pretty(c) for c in a.cards)))
        elif isinstance(a, NameJoker):
            out.append("  " + (_("{name} leaves the joker without a suit").format(
                name=names[s]) if a.suit == JOKER_NONE else
                _("{name} names the joker a {suit}").format(name=names[s],
                                                            suit=SUIT_SYMBOLS[a.suit])))
    if state.out_seat >= 0:
        out.append("  " + _("{name} sits out (misère)").format(name=names[state.out_seat]))
    for k, (plays, winner, _led) in enumerate(state.tricks, 1):
        out.append("  " + _("Trick {number}: {plays} — won by {name}").format(
            number=k, plays=", ".join(f"{names[s]} {_pretty(c)}" for s, c in plays),
            name=names[winner]))
    if state.trick:
        out.append("  " + _("Trick {number} (under way): {plays}").format(
            number=len(state.tricks) + 1,
            plays=", ".join(f"{names[s]} {_pretty(c)}" for s, c in state.trick)))
    return out


def replay_text(replay: Replay) -> str:
    """A readable account of every deal and the result (plain ``replay``)."""
    rec = replay.record
    # Records built in code skip loading: clean the names again where they are printed.
    names = [shown_name(clean_name(x, SEAT_NAMES[i]), i) for i, x in enumerate(rec.names)]
    rules = rec.rules
    final = replay.state
    teams = (_team_name(names, 0), _team_name(names, 1))
    lines = [_("Rules: {preset}").format(preset=rules.preset)
             + "".join(f"; {d}" for d in house_rules(rules)),
             _("{team0} (team 0) against {team1} (team 1); starting scores {score0} : "
               "{score1}").format(team0=teams[0], team1=teams[1], score0=rec.start_scores[0],
                                  score1=rec.start_scores[1])]
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
        lines.append(_("Deal {number}: {name} deals").format(number=n,
                                                             name=names[deal.dealer]))
        lines.extend(_deal_lines(scratch, names))
        if n <= len(final.results):
            r = final.results[n - 1]
            for team in (0, 1):
                for why in r.reasons[team]:
                    lines.append(f"  {teams[team]}: {score_reason(why)}")
            if r.contract is None:
                lines.append("  " + _("No score"))
            lines.append("  " + _("Scores: {team0} {score0}, {team1} {score1}").format(
                team0=teams[0], score0=r.scores[0], team1=teams[1], score1=r.scores[1]))
        if replay.error is not None and last:
            e = replay.error
            lines.append("  " + _("Illegal action {number} {text}: {reason} ({rule})").format(
                number=e.action, text=excerpt(e.text), reason=e.reason, rule=e.rule))
    lines.append("")
    if replay.error is not None:
        e = replay.error
        lines.append(_("Replay stopped at deal {deal}, action {action}. Scores so far: "
                       "{team0} {score0}, {team1} {score1}").format(
            deal=e.deal, action=e.action, team0=teams[0], score0=final.scores[0],
            team1=teams[1], score1=final.scores[1]))
    elif final.winner is not None:
        w = final.winner
        lines.append(_("{team} win the game ({why}): {score} to {other}").format(
            team=teams[w], why=win_reason(final.win_reason), score=final.scores[w],
            other=final.scores[1 - w]))
    else:
        if final.deal_over:
            seat = (final.next_dealer() + 1) & 3
            where = _("the next deal is {dealer}'s; {name} bids first").format(
                dealer=names[final.next_dealer()], name=names[seat])
        else:
            phase = str(final.phase)
            where = _("{phase}, {name} to act").format(phase=_(_PHASES.get(phase, phase)),
                                                       name=names[final.to_act])
        lines.append(_("Game in progress ({where}). Scores: {team0} {score0}, {team1} "
                       "{score1}").format(where=where, team0=teams[0], score0=final.scores[0],
                                          team1=teams[1], score1=final.scores[1]))
    return "\n".join(lines) + "\n"


__all__ = ["replay_text"]
