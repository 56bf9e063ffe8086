"""Chronicles of Afrika's team variants and Cosmic Rifts from set-up and over whole games: Allied
Kingdoms (R124-R131), the Galactic Overlord (R150-R157) and Cosmic Rifts (R160).

The scenario files (tests/scenarios/afrika/r12*, r15*, r160_*, t18_*) show each rule on a chosen
board; what is here needs a real set-up or a whole game: open hands between teammates and only
between them (R124, R151), separate mulligans (R131), starting lives and who goes first (R150,
R152), the Scheme deck's check (R153), schemes outside every zone a card can reach (R155), and AI
games of every team size, with and without rifts, keeping the engine contract (states round-trip
JSON, no view reads a card hidden from its viewer, no card made or lost, the log replays exactly).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engines.afrika import ENGINE
from engines.afrika.schemes import SCHEME_DECK_MIN, check_scheme_deck, scheme_cards, scheme_deck
from engines.core import ConfigError, MatchConfig, PlayerId, Rng
from tests.engines.afrika.test_multiplayer import play_checked

HANDS_OFF_SCHEMES = [
    cid
    for cid in ("SCH01", "SCH02", "SCH03", "SCH04", "SCH07", "SCH13", "SCH16", "SCH18", "SCH19", "SCH21")
    for _ in range(2)
]
"""A legal Scheme deck (R153) of schemes that neither draw nor discard: hand sizes then show the draws."""
MAX_STEPS = 40_000
CHECK_EVERY = 89


def _cfg(variant: str, n: int, rifts: bool = False, **opts: Any) -> MatchConfig:
    return MatchConfig(players=n, options={"variant": variant, "rifts": rifts, **opts})


def _act(s: Any, p: int, action_id: str) -> Any:
    return ENGINE.apply(s, PlayerId(p), ENGINE.decode_action(action_id)).state


def _keep_all(s: Any, mulligan: frozenset[int] = frozenset()) -> Any:
    """Through the set-up choices: go first if asked, every seat keeps (those in ``mulligan`` take
    one mulligan first)."""
    done: set[int] = set()
    while s.choice is not None and s.choice.kind in ("first", "mulligan"):
        p = s.choice.player
        if s.choice.kind == "first":
            s = _act(s, p, "go:1st")
        elif p in mulligan and p not in done:
            done.add(p)
            s = _act(s, p, "mull")
        else:
            s = _act(s, p, "keep")
    return s


def _quietly_until(s: Any, stop: Any) -> Any:
    """Everyone passes (declares no attackers or blockers, discards the first card to 7) until
    ``stop(s)``."""
    for _ in range(2_000):
        if stop(s):
            return s
        p = min(ENGINE.current_players(s))
        kind = s.choice.kind if s.choice is not None else ""
        if kind == "discard":
            s = ENGINE.apply(s, PlayerId(p), ENGINE.legal_actions(s, PlayerId(p))[0]).state
            continue
        s = _act(s, p, "done" if kind in ("attackers", "blockers") else "pass")
    raise AssertionError("the condition was never reached")


def _hand_cards(s: Any, seat: int) -> list[str]:
    return [s.objs[i].card for i in s.players[seat].hand]


# ------------------------------------------------------------------------ open hands (R124, R151)
@pytest.mark.parametrize(("variant", "n"), [("allied", 4), ("overlord", 3), ("overlord", 5)])
def test_a_player_sees_the_teammates_hands_and_never_an_opponents(variant: str, n: int) -> None:
    s = _keep_all(ENGINE.setup(_cfg(variant, n), 3))
    teams = [list(t) for t in s.teams]
    for seat in range(n):
        mates = next(t for t in teams if seat in t)
        v = ENGINE.view(s, PlayerId(seat))
        shown = dict(v.partner_hands)
        assert sorted(shown) == [q for q in mates if q != seat], "the teammates' hands, and only theirs"
        for q, cards in shown.items():
            assert [c.card for c in cards] == _hand_cards(s, q)
    assert ENGINE.view(s, None).partner_hands == ()
    if variant == "overlord":
        assert ENGINE.view(s, PlayerId(0)).partner_hands == (), "the Overlord has no team (R151)"


def test_resampling_keeps_the_teammates_open_hand_and_deals_the_rivals_anew() -> None:
    """R124 for the hidden-information check: what a viewer cannot see is the rivals' hands and
    every Codex order; the teammate's hand is seen, so ``resample_hidden`` leaves it alone."""
    s = _keep_all(ENGINE.setup(_cfg("allied", 4), 7))
    rng = Rng.from_seed(7)
    other = ENGINE.resample_hidden(s, PlayerId(0), rng)
    assert _hand_cards(other, 0) == _hand_cards(s, 0)
    assert _hand_cards(other, 1) == _hand_cards(s, 1)
    rivals = [sorted(_hand_cards(other, q)) for q in (2, 3)] != [sorted(_hand_cards(s, q)) for q in (2, 3)]
    codex = [other.objs[i].card for i in other.players[0].codex] != _codex(s, 0)
    assert rivals or codex, "nothing hidden was dealt anew"
    assert ENGINE.view(other, PlayerId(0)) == ENGINE.view(s, PlayerId(0))


def _codex(s: Any, seat: int) -> list[str]:
    return [s.objs[i].card for i in s.players[seat].codex]


def test_a_member_who_left_shows_no_hand() -> None:
    """R151: a team member out of the game has no hand left to show."""
    s = _keep_all(ENGINE.setup(_cfg("overlord", 4), 2))
    s = _act(s, 3, "concede")
    assert not s.over and s.players[3].lost
    assert [q for q, _ in ENGINE.view(s, PlayerId(1)).partner_hands] == [2]


# --------------------------------------------------------------------------- mulligans (R131)
def test_each_player_mulligans_separately() -> None:
    """R131 (R14 for each player): P2's mulligan shrinks P2's hand alone, teammate or not."""
    s = ENGINE.setup(_cfg("allied", 4), 4)
    sizes = [len(q.codex) for q in s.players]
    assert s.choice is not None and s.choice.kind == "first"
    s = _act(s, s.choice.player, "go:1st")
    first = s.first
    asked: list[int] = []
    while s.choice is not None and s.choice.kind == "mulligan":
        p = s.choice.player
        asked.append(p)
        s = _act(s, p, "mull" if p == 1 and asked.count(1) == 1 else "keep")
    assert asked[:4] == [(first + i) % 4 for i in range(4)], "one declaration per player, in turn order"
    assert asked[4:] == [1], "only the player who mulliganed declares again"
    assert [len(s.players[q].hand) for q in range(4)] == [7, 6, 7, 7]
    assert [len(q.codex) for q in s.players] == [sizes[0] - 7, sizes[1] - 6, sizes[2] - 7, sizes[3] - 7]


# --------------------------------------------------------------------- lives and turns (R150, R152)
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_the_overlord_has_40_life_and_each_member_20(n: int) -> None:
    s = ENGINE.setup(_cfg("overlord", n), 1)
    assert [q.life for q in s.players] == [40] + [20] * (n - 1)
    assert [list(t) for t in s.teams] == [[0], list(range(1, n))]


def test_an_allied_team_shares_30_life() -> None:
    s = ENGINE.setup(_cfg("allied", 4), 1)
    assert [q.life for q in s.players] == [30] * 4
    assert [list(t) for t in s.teams] == [[0, 1], [2, 3]]


def test_the_overlord_goes_first_without_a_choice_and_skips_its_first_draw() -> None:
    """R152: no toss and no "first" choice; the Overlord's turn 1 has no draw; turn 2 is the team's
    shared turn and each member draws; turn 3 is the Overlord's and it draws."""
    s = ENGINE.setup(_cfg("overlord", 4, schemes=HANDS_OFF_SCHEMES), 5)
    assert s.choice is not None and s.choice.kind == "mulligan" and s.choice.player == 0
    assert s.first == 0
    s = _keep_all(s)
    assert (s.turn, s.active) == (1, 0)
    s = _quietly_until(s, lambda x: x.step == "explore1")
    assert len(s.players[0].hand) == 7, "R16: the Overlord skips its first draw"
    s = _quietly_until(s, lambda x: x.turn == 2 and x.step == "explore1")
    assert s.active == 1 and [len(s.players[q].hand) for q in range(4)] == [7, 8, 8, 8]
    s = _quietly_until(s, lambda x: x.turn == 3 and x.step == "explore1")
    assert s.active == 0 and len(s.players[0].hand) == 8


def test_the_starting_allied_team_both_skip_the_first_draw() -> None:
    """R126 with R16: both members of the team that starts skip the first draw; the other team's
    members both draw on their first turn."""
    s = ENGINE.setup(_cfg("allied", 4, chooser=2), 6)
    s = _act(s, 2, "go:1st")
    assert s.first == 2
    s = _keep_all(s)
    assert (s.turn, s.active) == (1, 2)
    s = _quietly_until(s, lambda x: x.step == "explore1")
    assert [len(s.players[q].hand) for q in range(4)] == [7, 7, 7, 7]
    s = _quietly_until(s, lambda x: x.turn == 2 and x.step == "explore1")
    assert s.active == 0 and [len(s.players[q].hand) for q in range(4)] == [8, 8, 7, 7]


# ------------------------------------------------------------------------------ schemes (R153, R155)
def test_the_scheme_deck_check() -> None:
    """R153: at least 20 schemes, at most 2 copies of a name, only known schemes."""
    assert check_scheme_deck(scheme_deck()) == ""
    assert len(scheme_deck()) >= SCHEME_DECK_MIN
    ids = list(scheme_cards())
    short = ids[: SCHEME_DECK_MIN - 1]
    assert check_scheme_deck(short) == (
        f"A Scheme deck needs at least {SCHEME_DECK_MIN} schemes; this one has {SCHEME_DECK_MIN - 1}."
    )
    three = [ids[0]] * 3 + ids[1:SCHEME_DECK_MIN]
    assert "at most 2 copies" in check_scheme_deck(three)
    assert scheme_cards()[ids[0]].name in check_scheme_deck(three)
    assert "unknown schemes: SCH99" in check_scheme_deck([*ids[:SCHEME_DECK_MIN], "SCH99"])
    with pytest.raises(ConfigError, match="at least 20 schemes"):
        ENGINE.setup(_cfg("overlord", 3, schemes=short), 1)
    s = ENGINE.setup(_cfg("overlord", 3, schemes=ids[:SCHEME_DECK_MIN]), 1)
    assert sorted(s.schemes) == sorted(ids[:SCHEME_DECK_MIN]), "the deck named is the deck used"
    assert ENGINE.setup(_cfg("allied", 4), 1).schemes == (), "only the Overlord has schemes"


def test_schemes_are_never_cards_in_a_zone() -> None:
    """R153/R155: the Scheme deck is not a Codex and a scheme is no permanent: over a whole game
    no scheme is ever an object (so nothing draws, targets, destroys or negates one)."""
    final, _ = _play("overlord", 4, 3)
    assert all(not c.card.is_permanent for c in scheme_cards().values())
    assert not any(o.card.startswith("SCH") for o in final.objs.values())
    assert len(final.schemes) + len(final.ongoing) == len(scheme_deck())


# ------------------------------------------------------------------------------------ whole games
def _cards_of(s: Any, seat: int) -> Counter[str]:
    return Counter(o.card for o in s.objs.values() if o.owner == seat and not o.token)


def _play(variant: str, n: int, seed: int, rifts: bool = False) -> tuple[Any, list[tuple[int, str]]]:
    """An AI game with one move in ten random, checked on the way (see the module docstring):
    the Afrika contract of test_multiplayer, and no scheme or rift ever lost."""
    cfg = _cfg(variant, n, rifts)
    s = ENGINE.setup(cfg, seed)
    decks = (sorted(s.schemes), sorted(s.rifts))

    def kept(state: Any) -> None:
        assert (sorted([*state.schemes, *state.ongoing]), sorted(state.rifts)) == decks, (
            "a scheme or rift was lost"
        )

    return play_checked(cfg, seed, kept)


def _replayed(variant: str, n: int, seed: int, rifts: bool, log: list[tuple[int, str]]) -> Any:
    s = ENGINE.setup(_cfg(variant, n, rifts), seed)
    for p, aid in log:
        s = _act(s, p, aid)
    return s


def _check_result(final: Any, n: int) -> tuple[tuple[int, ...], ...]:
    outcome = ENGINE.outcome(final)
    assert outcome is not None
    ranking = outcome.ranking
    assert sorted(p for grp in ranking for p in grp) == list(range(n))
    teams = sorted(tuple(t) for t in final.teams)
    assert sorted(ranking) == teams, "a team wins or loses as one (R130, R157)"
    assert any(not final.players[q].lost for q in ranking[0]), "someone of the winning team is still in"
    assert all(final.players[q].lost for grp in ranking[1:] for q in grp)
    return ranking


@pytest.mark.parametrize(("seed", "rifts"), [(1, False), (2, False), (3, True), (4, True)])
def test_allied_games_keep_the_contract(seed: int, rifts: bool) -> None:
    final, log = _play("allied", 4, seed, rifts)
    _check_result(final, 4)
    assert final.players[0].life == final.players[1].life and final.players[2].life == final.players[3].life
    assert _replayed("allied", 4, seed, rifts, log) == final, "replaying the log gave another state"


@pytest.mark.parametrize("rifts", [False, True])
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_overlord_games_keep_the_contract(n: int, rifts: bool) -> None:
    final, log = _play("overlord", n, n, rifts)
    ranking = _check_result(final, n)
    if ranking[0] == (0,):
        assert all(final.players[q].lost for q in range(1, n)), "the Overlord wins only when all lost"
    else:
        assert final.players[0].lost
    assert final.scheme, "a scheme was set in motion"
    assert _replayed("overlord", n, n, rifts, log) == final, "replaying the log gave another state"


def test_a_duel_with_rifts_keeps_the_contract_and_the_die_is_rolled() -> None:
    rolls = 0
    for seed in (1, 2):
        final, log = _play("duel", 2, seed, True)
        assert ENGINE.outcome(final) is not None
        rolls += sum(1 for _, aid in log if aid == "roll")
        assert _replayed("duel", 2, seed, True, log) == final
    assert rolls > 0, "the cosmic die was never rolled"
