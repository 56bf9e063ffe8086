"""No hand card, face-down Shadow, Hero Deck card or Pool card of one Chronomagia player reaches the
other, and the Pool reaches nobody, its owner included (M11).

alice (the Shadow Court starter) and bob (the first starter, joining a challenge) play through the
bot only: clicks on their DM panels, placing Shadows whenever they may, with **Show my hand**,
``/game status`` and **Card details** now and then. Every message is recorded and checked against
the replayed log (``tests/bot/hidden_check.py``): no name of the opponent's lists that the viewer
never could have seen (public by then, or a Shadow the viewer looked at with Intuition), boards
byte for byte the spectator's board, hands byte for byte the viewer's own.

The Pool is hidden from its owner too, so a name check cannot see it (the owner's own cards are
in the owner's lists): at every tenth move, each player's panel text, moves and hand picture are
built again from a state where everything that player cannot see (their Pool and deck order among
it) was dealt anew, and must not change.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from bot.presenters.registry import entry
from engines.chronomagia import card
from engines.core import PlayerId, Rng, choose_action
from render.common import to_png
from tests.bot.hidden_check import Secrets, find_leaks, peek, planted_leaks, replay
from tests.bot.table import (
    game_thread,
    has_moves,
    make_table,
    panel_message,
    play_move,
    start_challenge,
)
from tests.bot.test_afrika_hidden_info import Recorder, Viewer

MAX_CLICKS = 320


def _public(view: Any) -> set[str]:
    ids: set[str] = set()
    for s in view.seats:
        ids |= {s.hero.card, *s.graveyard, *(p.card for p in s.field)}
    return {card(c).name for c in ids}


def _lists(live: Any) -> list[set[str]]:
    """Each seat's card names: Hero and Main Deck, and Hero Deck."""
    decks, heroes = live.cfg.options["decks"], live.cfg.options["hero_decks"]
    return [{card(c).name for c in (*decks[i], *heroes[i])} for i in (0, 1)]


def _shown(view: Any) -> set[str]:
    """The other's Shadows this viewer looked at with Intuition (KM10)."""
    return {card(sh.card).name for s in view.seats for sh in s.shadows if sh.seen and sh.card}


SECRETS = Secrets("chronomagia", _public, _lists, _shown, {"lang": "en"})


def _panel(bot: Any, live: Any, seat: int) -> tuple[str, list[Any], bytes]:
    """What the seat's DM panel is built from: its text, its moves, its hand picture."""
    table = bot.table
    view = table.panel_view(live, seat)
    items = (
        [(getattr(c, "custom_id", None), getattr(c, "label", None)) for c in view.children] if view else []
    )
    hand = entry("chronomagia").table.hand(
        live.engine.view(live.state, PlayerId(seat)), live.names[seat], lang="en"
    )
    return table.panel_content(live, seat), items, to_png(hand)


def _pool_blind(bot: Any, live: Any, rng: Rng) -> int:
    """Checks that each seat's panel is the same with its hidden cards dealt anew; the Pool sizes."""
    pools = 0
    for seat in (0, 1):
        pools += live.engine.view(live.state, PlayerId(seat)).seats[seat].pool_count
        other = live.engine.resample_hidden(live.state, PlayerId(seat), rng)
        assert other != live.state or not live.state.seats[seat].pool
        redealt = dataclasses.replace(live, state=other)
        assert _panel(bot, redealt, seat) == _panel(bot, live, seat), (
            f"seat {seat}'s panel reads a hidden card"
        )
    return pools


class _PoolReader:
    """An engine whose seat views show the seat's Pool as hand cards: the planted leak the Pool
    check must catch."""

    def __init__(self, engine: Any) -> None:
        self._engine = engine

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)

    def view(self, state: Any, viewer: Any) -> Any:
        v = self._engine.view(state, viewer)
        if viewer is None:
            return v
        pool = tuple(state.card_of[o] for o in state.seats[viewer].pool)
        return dataclasses.replace(v, hand=(*v.hand, *pool))


async def test_no_hidden_card_reaches_a_player_who_may_not_see_it(simcord_env) -> None:
    env = simcord_env
    recorder = Recorder(env)
    recorder.install()
    t = make_table(env, ("alice", "bob"))
    alice, bob = t.members["alice"], t.members["bob"]
    await start_challenge(t, "alice", "bob", "chronomagia", deck="Starter: Shadow Court")
    live = await env.bot.matches.get(max(env.bot.matches._cache))
    assert not any(s.is_ai for s in live.seats)
    lists = _lists(live)
    assert lists[0] - lists[1] and lists[1] - lists[0], "two different starters"
    thread = game_thread(t)
    members = [alice, bob]
    rng, blind_rng = Rng.from_seed(6), Rng.from_seed(60)
    extra = random.Random(6)
    clicks = peeks = shadows = pooled = 0
    planted = False
    while live.active and clicks < MAX_CLICKS:
        seat = min(live.current)
        member = members[seat]
        assert has_moves(panel_message(member, live.id)), f"{member.name} must act but has no moves"
        legal = live.engine.legal_actions(live.state, PlayerId(seat))
        hide = [a for a in legal if a.kind == "shadow"]
        if hide and extra.random() < 0.8:
            action = extra.choice(hide)
            shadows += 1
        else:
            action = choose_action(live.engine, live.state, PlayerId(seat), rng)
        result = await play_move(member, live.id, action.to_id())
        assert not result.followups, [f.content for f in result.followups]
        clicks += 1
        if clicks % 10 == 0:
            pooled += _pool_blind(env.bot, live, blind_rng)
            if pooled and not planted and live.active:
                leaky = dataclasses.replace(live, engine=_PoolReader(live.engine))
                with pytest.raises(AssertionError, match="reads a hidden card"):
                    _pool_blind(env.bot, leaky, Rng.from_seed(1))
                planted = True
        if extra.random() < 0.1:
            peeks += await peek(members[1 - seat], thread, live.id, extra.random())
    assert clicks >= 40, clicks
    assert shadows >= 3 and peeks >= 3 and pooled > 0 and planted, (shadows, peeks, pooled)

    rp = await replay(env, live, SECRETS)
    viewers = [Viewer(0, alice.id, alice.user.dm_channel.id), Viewer(1, bob.id, bob.user.dm_channel.id)]
    public_channels = {t.channel.id, *(th.id for th in t.channel.threads)}
    seen = recorder.seen
    assert sum(1 for m in seen if m.channel_id == thread.id and m.attachments) >= 10
    for v in viewers:
        assert sum(1 for m in seen if m.channel_id == v.dm_channel_id and m.attachments) >= 10
    leaks = find_leaks(seen, rp, viewers, public_channels)
    assert not leaks, "\n".join(leaks[:20])

    # The checker catches a leak: a card of bob's alice never saw named in the thread, and bob's
    # hand picture in alice's DMs (a panel that read the Pool was caught above).
    secret, caught = planted_leaks(seen, rp, viewers, thread.id)
    assert any(secret in line and "seat 0" in line for line in caught), caught
    assert any("hand-" in line and "seat 0" in line for line in caught), caught
