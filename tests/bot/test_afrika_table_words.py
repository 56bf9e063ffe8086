"""What Afrika's presenter says at a table of more than two: whose turn (a team's), each side's
life, a teammate's hand labelled as theirs, and an attacker offered against each opponent."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.presenters.afrika import PRESENTER, hand_text, status_line
from bot.presenters.afrika.seating import seating
from bot.services.seating import arrange, unbalanced
from bot.text import with_names
from engines.afrika import GAME
from engines.afrika.decks import STARTERS, expand
from engines.core import MatchConfig, PlayerId, Rng, choose_action

ENGINE = GAME.engine


def _starlords(players: int = 3, seed: int = 2, moves: int = 0):
    s = ENGINE.setup(MatchConfig(players=players, options={"variant": "starlords"}), seed)
    rng = Rng.from_seed(seed)
    for _ in range(moves):  # hands are dealt after the first choices
        p = min(ENGINE.current_players(s))
        s = ENGINE.apply(s, p, choose_action(ENGINE, s, p, rng)).state
    return s


def test_a_teammates_hand_is_labelled_as_theirs_and_named() -> None:
    s = _starlords(4, moves=12)
    view = ENGINE.view(s, PlayerId(0))
    partner = ENGINE.view(s, PlayerId(1)).hand
    allied = replace(view, variant="allied", teams=((0, 1), (2, 3)), partner_hands=((1, partner),))
    text = with_names(hand_text(allied), ["alice", "bob", "carol", "dave"])
    assert text.startswith("**Your hand**")
    assert f"**Your ally bob's hand** ({len(partner)}, theirs to play): {partner[0].name}" in text
    assert "carol" not in text and "dave" not in text
    assert "ally" not in hand_text(view), "no partner, no partner's hand"


def test_the_status_line_names_the_team_whose_turn_it_is() -> None:
    s = _starlords(4)
    names = ["alice", "bob", "carol", "dave"]
    view = ENGINE.view(s, None)
    seats = tuple(replace(x, life=30) for x in view.seats)
    allied = replace(view, variant="allied", teams=((0, 1), (2, 3)), active=2, seats=seats)
    line = status_line(allied, names)
    assert "Team 2's turn (carol & dave)" in line
    assert "Team 1 (alice & bob) 30 life · Team 2 (carol & dave) 30 life" in line
    overlord = replace(view, variant="overlord", teams=((0,), (1, 2, 3)), active=0)
    line = status_line(overlord, names)
    assert "The Galactic Overlord (alice)'s turn" in line
    free = status_line(replace(view, active=1), names)
    assert "bob's turn" in free and "alice 40 life" in free


def test_an_attacker_is_offered_against_each_opponent() -> None:
    """At a table of three, the declare-attackers menu pairs each attacker with each opponent."""
    rng = Rng.from_seed(4)
    for seed in range(1, 6):
        s = _starlords(3, seed)
        for _ in range(3000):
            if ENGINE.outcome(s) is not None:
                break
            p = min(ENGINE.current_players(s))
            multi = PRESENTER.multi(ENGINE, s, int(p))
            if multi is not None and multi[0].placeholder.startswith("Choose attackers"):
                labels = [o.label for o in multi[0].options]
                # the players it may attack (the menu also offers their entities: "P2's Sentinel")
                targets = {label.rsplit("→ ", 1)[-1] for label in labels if "→" in label} - {
                    label.rsplit("→ ", 1)[-1] for label in labels if "'s " in label.rsplit("→ ", 1)[-1]
                }
                alive = {f"P{q.seat + 1}" for q in ENGINE.view(s, None).seats if not q.lost} - {f"P{p + 1}"}
                if len(alive) == 2 and targets:
                    assert targets == alive, (labels, alive)
                    return
            s = ENGINE.apply(s, p, choose_action(ENGINE, s, p, rng)).state
    raise AssertionError("no declaration of several attackers at a table of three")


def test_seating_by_variant() -> None:
    assert seating({"variant": "duel"}) is None and seating({}) is None
    lords = seating({"variant": "starlords"})
    assert lords is not None and (lords.min_players, lords.max_players) == (2, 6)
    assert lords.leader_option == "lords" and len(lords.starters()) == 4
    allied = seating({"variant": "allied"})
    assert allied is not None and [t.join for t in allied.teams] == ["Join team 1", "Join team 2"]
    codex = expand(next(iter(STARTERS.values())))
    assert allied.check(codex, "") == "" and lords.check(codex, "")
    # Teams chosen at Join are kept; the others fill the team with the most room.
    assert arrange(allied, [1, None, 1, None]) == [[1, 3], [0, 2]]
    assert unbalanced(allied, [[0, 1, 2], [3]]).startswith("Team 1 needs 2 players and has 3")
    overlord = seating({"variant": "overlord"})
    assert overlord is not None
    assert arrange(overlord, [1, 1, None]) == [[2], [0, 1]]
    assert arrange(overlord, [0, None, None, None]) == [[0], [1, 2, 3]]


def test_a_teammate_in_a_shared_turn_is_told_it_is_their_teams_turn() -> None:
    """Allied Kingdoms: both teammates are active players (R126); the one who is not the turn's
    first seat reads "Your team's ... phase (with alice)", not another player's turn."""
    from bot.presenters.afrika import prompt

    names = ["alice", "bob", "carol", "dave"]
    decks = [expand(c) for c in STARTERS.values()] * 2
    s = ENGINE.setup(MatchConfig(players=4, options={"variant": "allied", "decks": decks}), 3)
    rng = Rng.from_seed(3)
    for _ in range(2000):
        p = int(min(ENGINE.current_players(s)))
        view = ENGINE.view(s, None)
        if view.teams and view.turn >= 1 and p != view.active and not view.stack and view.choice is None:
            mate = next(t for t in view.teams if view.active in t)
            if p in mate:
                text = prompt(ENGINE, s, p, names)
                assert text.startswith("**Your team's ") and f"(with {names[view.active]})" in text, text
                return
        s = ENGINE.apply(s, PlayerId(p), choose_action(ENGINE, s, PlayerId(p), rng)).state
    pytest.skip("the engine gave no teammate priority in a shared turn")
