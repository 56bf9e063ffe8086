"""Issue 34 item 2: every board and hand picture carries alt text (its attachment description) that
says the position in words, at most 1,024 characters, for a player with a screen reader.

Played through the real bot on simcord: a started match of each game (Afrika's duel and a
free-for-all too) has a board whose description names whose turn it is and what is in play; the
DM hand picture's description lists the reader's own hand; a Russian reader of Chronomagia hears
Russian; no board description names a card that is only in someone's hand (compared with the
engine's state after every move); a game without a describer gets the generic words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.presenters.alt import LIMIT
from engines.core import PlayerId, Rng, choose_action
from tests.bot.table import game_thread, has_moves, make_table, panel_message, play_move, start_challenge
from tests.bot.test_adding_a_game import highcard  # noqa: F401  (the fixture)


def _board_message(thread: Any) -> Any:
    return next(
        m
        for m in reversed(thread.history())
        if m.attachments and m.attachments[0].filename.startswith("board-")
    )


def _board_alt(thread: Any) -> str:
    att = _board_message(thread).attachments[0]
    assert att.description, f"the board {att.filename} has no alt text"
    assert len(att.description) <= LIMIT
    return str(att.description)


def _hand_alt(member: Any, match_id: int) -> str:
    panel = panel_message(member, match_id)
    assert panel is not None, f"{member.name} has no hand panel"
    att = panel.attachments[0]
    assert att.description, f"the hand {att.filename} has no alt text"
    assert len(att.description) <= LIMIT
    return str(att.description)


# ------------------------------------------------------------------ card names as the engine holds them


def _afrika(view: Any) -> tuple[list[str], list[str], list[str]]:
    from engines.afrika.cards import card

    public = [p.name for s in view.seats for p in (*s.zone1, *s.zone2, *s.terrain_stack)]
    seen = public + [card(it.card).name for it in view.stack if it.card]
    seen += [c.name for s in view.seats for c in (*s.void, *s.exile, *s.command)]
    if view.choice is not None and view.choice.kind == "cast":  # announced: public (R18)
        seen.append(view.choice.about)
    return public, [c.name for c in view.hand], seen


def _alchemy(view: Any) -> tuple[list[str], list[str], list[str]]:
    from engines.alchemy.cards import card

    public = [card(slot.card).name for s in view.seats for slot in s.store if slot.card and slot.face_up]
    if view.battle is not None:
        public += [card(c).name for x in view.battle.links for c in x.cards]
    seen = public + [card(c).name for s in view.seats for c in (*s.recharge, *s.exhausted)]
    if view.last_battle is not None:
        seen += [card(c).name for x in view.last_battle.links for c in x.cards]
    for battle in (view.battle, view.last_battle):
        if battle is not None:
            seen += [card(c).name for _, c in battle.processes]
    return public, [card(c).name for c in view.hand], seen


def _spirit(view: Any) -> tuple[list[str], list[str], list[str]]:
    from engines.spirit.cards import card

    public = [card(s.commander.card).name for s in view.seats if s.commander.card]
    public += [card(z.unit.card).name for z in view.zones if z.unit and z.unit.face_up and z.unit.card]
    # Essence attached, the Reload pile, the Graveyard and the Sequence's cards are public (B5).
    seen = list(public)
    ids = [e for z in view.zones if z.unit for e in z.unit.essence]
    ids += [c for s in view.seats for c in (*s.commander.essence, *s.reload, *s.graveyard)]
    ids += [x.card for x in (*view.sequence, *view.last_sequence) if x.card]
    seen += [card(c).name for c in ids]
    return public, [card(c).name for c in view.hand], seen


def _chronomagia(view: Any) -> tuple[list[str], list[str], list[str]]:
    from engines.chronomagia import card

    public = [card(s.hero.card).name for s in view.seats] + [
        card(p.card).name for s in view.seats for p in s.field
    ]
    seen = public + [card(c).name for s in view.seats for c in s.graveyard]
    return public, [card(c).name for c in view.hand], seen


def _chrono(view: Any) -> tuple[list[str], list[str], list[str]]:
    from bot.presenters.alt.chrono import card_name

    public = [view.suit_names[r] for r in range(len(view.suits)) if any(view.piles[r])]
    return public, [card_name(view, c) for c in view.hand], public


NAMES: dict[str, Callable[[Any], tuple[list[str], list[str], list[str]]]] = {
    "chrono": _chrono,
    "afrika": _afrika,
    "alchemy": _alchemy,
    "spirit": _spirit,
    "chronomagia": _chronomagia,
}


async def _start(env: Any, t: Any, game: str, **options: Any) -> Any:
    if game == "chrono":
        alice, bob = t.members["alice"], t.members["bob"]
        await alice.slash(t.channel, "play chrono", seats=2)
        lobby = t.channel.last_message
        await bob.click(lobby, label="Join")
        await alice.click(lobby, label="Start")
    else:
        await start_challenge(t, "alice", "bob", game, **options)
    return await env.bot.matches.get(max(env.bot.matches._cache))


async def _advance(
    env: Any, t: Any, live: Any, moves: int, check: Callable[[Any], None] | None = None
) -> Any:
    """The people to act make the AI's move on their DM panels, ``moves`` times (``check`` after each)."""
    rng = Rng.from_seed(11)
    by_id = {m.id: m for m in t.members.values()}
    for _ in range(moves):
        live = await env.bot.matches.get(live.id)
        people = [p for p in sorted(live.current) if not live.seats[p].is_ai]
        if not live.active or not people:
            break
        seat = people[0]
        member = by_id[live.seats[seat].user_id]
        assert has_moves(panel_message(member, live.id))
        action = choose_action(live.engine, live.state, PlayerId(seat), rng).to_id()
        await play_move(member, live.id, action)
        if check is not None:
            check(await env.bot.matches.get(live.id))
    return await env.bot.matches.get(live.id)


@pytest.mark.parametrize("game", ["chrono", "afrika", "alchemy", "spirit", "chronomagia"])
async def test_board_and_hand_say_the_position(simcord_env: Any, game: str) -> None:
    env = simcord_env
    t = make_table(env)
    live = await _start(env, t, game)
    live = await _advance(env, t, live, 12)
    assert live.active, "the match is still on after a dozen moves"
    thread = game_thread(t)
    board = _board_alt(thread)
    to_play = [live.names[p] for p in sorted(live.current)]
    assert any(
        f"{name}'s turn" in board or f"{name} to" in board or f"for {name}" in board for name in to_play
    ), board
    public, _, _ = NAMES[game](live.engine.view(live.state, None))
    for name in set(public):
        assert name in board, f"{name!r} is in play but not in the board's alt text: {board}"
    for seat, member in enumerate((t.members["alice"], t.members["bob"])):
        said = _hand_alt(member, live.id)
        _, own, _ = NAMES[game](live.engine.view(live.state, PlayerId(seat)))
        assert said.startswith("Your hand")
        for name in set(own):
            assert name in said, f"{name!r} is in {member.name}'s hand but not in its alt text: {said}"


async def test_a_free_for_all_board_names_every_seat(simcord_env: Any) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    await alice.slash(t.channel, "play afrika", variant="starlords", seats=3)
    lobby = next(m for m in reversed(t.channel.history()) if m.embeds)
    await t.members["bob"].click(lobby, label="Join")
    await alice.click(lobby, label="Add AI")
    await alice.click(lobby, label="Start")
    live = await env.bot.matches.get(max(env.bot.matches._cache))
    live = await _advance(env, t, live, 6)
    board = _board_alt(game_thread(t))
    for name in live.names:
        assert f"{name}: " in board or f"{name} (" in board, f"{name} is not described: {board}"
    assert "Command zone" in board or "in play" in board


def _secrets(live: Any, names: Callable[[Any], tuple[list[str], list[str], list[str]]]) -> set[str]:
    """Card names only in a hand now: in some seat's hand, and nowhere a spectator sees them."""
    _, _, public = names(live.engine.view(live.state, None))
    held: set[str] = set()
    for seat in range(len(live.seats)):
        held |= set(names(live.engine.view(live.state, PlayerId(seat)))[1])
    return held - set(public)


@pytest.mark.parametrize("game", ["afrika", "alchemy", "spirit", "chronomagia"])
async def test_the_board_alt_text_never_names_a_hidden_card(simcord_env: Any, game: str) -> None:
    env = simcord_env
    t = make_table(env)
    live = await _start(env, t, game)
    thread = game_thread(t)
    checked: list[int] = []

    def check(now: Any) -> None:
        board = _board_alt(thread)
        # A card that is also face up somewhere may be named; one only in a hand may not.
        said = board
        for public in NAMES[game](now.engine.view(now.state, None))[2]:
            said = said.replace(public, "")
        for secret in _secrets(now, NAMES[game]):
            assert secret not in said, f"the board's alt text names {secret!r}, which is in a hand: {board}"
        checked.append(now.seq)

    await _advance(env, t, live, 30, check)
    assert len(checked) >= 10, "enough positions were checked"


async def test_chronomagia_speaks_russian_to_a_russian_reader(simcord_env: Any) -> None:
    from engines.chronomagia import card

    env = simcord_env
    t = make_table(env)
    for who in ("alice", "bob"):
        await t.members[who].slash(t.channel, "settings language", language="ru")
    live = await _start(env, t, "chronomagia")
    live = await _advance(env, t, live, 8)
    board = _board_alt(game_thread(t))
    assert board.startswith("Хрономагия") or "Пересдача" in board, board
    for s in live.engine.view(live.state, None).seats:
        assert card(s.hero.card).name_ru in board
    said = _hand_alt(t.members["alice"], live.id)
    assert said.startswith("Ваша рука"), said
    for cid in live.engine.view(live.state, PlayerId(0)).hand:
        assert card(cid).name_ru in said, said


@pytest.mark.usefixtures("highcard")
async def test_a_game_without_a_describer_gets_the_generic_words(simcord_env: Any) -> None:
    env = simcord_env
    t = make_table(env)
    alice, bob = t.members["alice"], t.members["bob"]
    await alice.slash(t.channel, "play highcard")
    lobby = t.channel.last_message
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    live = await env.bot.matches.get(max(env.bot.matches._cache))
    board = _board_alt(game_thread(t))
    assert board.startswith("The board")
    said = _hand_alt(alice, live.id)
    assert said.startswith("alice's hand")


async def test_a_replay_step_says_its_board(simcord_env: Any) -> None:
    env = simcord_env
    t = make_table(env, ("alice",))
    alice = t.members["alice"]
    await alice.slash(t.channel, "play alchemy")
    live = await env.bot.matches.get(max(env.bot.matches._cache))
    await alice.slash(game_thread(t), "game concede")
    env.settle_timeout = 120.0
    result = await alice.slash(t.channel, "replay", match=live.id)
    first = result.response.message.attachments[0]
    assert first.filename == f"replay-{live.id}-0.png"
    assert first.description and first.description.startswith("Alchemy, turn 1: ")
    assert "alice: 0 of 10 points" in first.description and len(first.description) <= LIMIT


async def test_a_puzzle_panel_says_its_board_and_hand(simcord_env: Any) -> None:
    from datetime import date

    from bot.services.puzzles import puzzle_of
    from engines.core.puzzle import PuzzleRun
    from tests.bot.test_puzzles import _panel

    day = date(2025, 3, 10)
    simcord_env.bot.puzzles.today = lambda: day
    t = make_table(simcord_env, ("alice",))
    alice = t.members["alice"]
    puzzle = puzzle_of("afrika", day)
    await alice.slash(t.channel, "puzzle", game="afrika")
    board, hand = _panel(alice).attachments
    assert board.description and board.description.startswith("Afrika, turn")
    assert "alice: " in board.description and "in play: " in board.description
    assert hand.description and hand.description.startswith("Your hand, ")
    run = PuzzleRun(puzzle)
    for c in run.engine.view(run.state, PlayerId(puzzle.player)).hand:
        assert c.name in hand.description, hand.description


async def test_the_alt_text_survives_the_senders_retries(simcord_env: Any, limited_discord: Any) -> None:
    """A board edit that fails several times and a DM panel whose writes failed until the sweep
    repairs them: the pictures Discord shows in the end carry the words of the position."""
    from bot.presenters.alt import board_alt, hand_alt
    from bot.presenters.match_table import table_of
    from tests.bot.test_sender_table import board_of, move, on_position, start

    env = simcord_env
    live, members, t = await start(env, "ai")
    thread = game_thread(t)
    seat = next(iter(members))
    panel = panel_message(members[seat], live.id)
    assert panel is not None
    env.inject_error("PATCH", f"/channels/{thread.id}/messages/{live.board_message_id}", status=500, times=8)
    env.inject_error("PATCH", f"/channels/{panel.channel.id}/messages/*", status=503, times=None)
    await move(env, live, members, Rng.from_seed(3))
    await env.advance_time(60.0)
    env.backend.faults.clear()
    await env.advance_time(env.bot.sender.sweep_seconds + 1.0)
    assert on_position(env, members[seat], live, seat) and not env.bot.sender.behind()
    board = board_of(t, live).attachments[0]
    describer = table_of(live).describer
    assert board.description == board_alt(describer, live.engine.view(live.state, None), live.names)
    hand = panel_message(members[seat], live.id).attachments[0]
    assert hand.description == hand_alt(describer, live.engine.view(live.state, PlayerId(seat)), live.names)
