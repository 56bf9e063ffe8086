"""No Concealed Spirit, hand card or Side Deck card of one Spirit Tactics player reaches the other.

alice and bob play a Duel against each other through the bot only (``/play spirit
opponent:@bob``, Join, Start, clicks on their DM panels, Concealing whenever they may), with
**Show my hand**, ``/game status`` and **Card details** now and then. Every message the simulated
Discord stores or edits is recorded with the match's seq (the recorder of the Afrika test), the
log is replayed, and each message is checked for each player who can see it:

- **Text** (contents, embeds, button and menu labels) names no card of the opponent's lists
  (Commander, Deck, Side Deck) that the viewer's own lists lack and that no spectator could have
  seen by then (face up on the Battleground, in a Graveyard or Reload pile, on a Sequence).
- **Images**: a ``board-*`` picture is byte for byte the board drawn from the spectator's view of
  a state of its time; a ``hand-*`` picture is the viewer's own hand at such a state; a card image
  ("Card details") is a card the viewer could read then.
"""

from __future__ import annotations

import random
from typing import Any

from engines.core import PlayerId, Rng, choose_action
from engines.spirit import card
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

MAX_CLICKS = 260


def _public_names(view: Any) -> set[str]:
    ids: set[str] = set()
    for z in view.zones:
        if z.unit is not None and z.unit.card is not None:
            ids.add(z.unit.card)
    for s in view.seats:
        ids |= {s.commander.card, *s.graveyard, *s.reload}
    for link in (*view.sequence, *view.last_sequence):
        if link.card is not None:
            ids.add(link.card)
    return {card(c).name for c in ids}


def _lists(live: Any) -> list[set[str]]:
    """Each seat's card names: Commander and Deck, and Side Deck."""
    decks, sides = live.cfg.options["decks"], live.cfg.options["sides"]
    return [{card(c).name for c in (*decks[i], *sides[i])} for i in (0, 1)]


SECRETS = Secrets("spirit", _public_names, _lists)


async def test_no_concealed_hand_or_side_card_reaches_the_other_player(simcord_env) -> None:
    env = simcord_env
    recorder = Recorder(env)
    recorder.install()
    t = make_table(env, ("alice", "bob"))
    alice, bob = t.members["alice"], t.members["bob"]
    await start_challenge(t, "alice", "bob", "spirit", best_of=1)
    live = await env.bot.matches.get(max(env.bot.matches._cache))
    assert not any(s.is_ai for s in live.seats)
    thread = game_thread(t)
    members = [alice, bob]
    rng = Rng.from_seed(4)
    extra = random.Random(4)
    clicks = peeks = concealed = 0
    while live.active and clicks < MAX_CLICKS:
        seat = min(live.current)
        member = members[seat]
        assert has_moves(panel_message(member, live.id)), f"{member.name} must act but has no moves"
        legal = live.engine.legal_actions(live.state, PlayerId(seat))
        hide = [a for a in legal if a.kind == "conceal"]
        if hide and extra.random() < 0.7:
            action = extra.choice(hide)
            concealed += 1
        else:
            action = choose_action(live.engine, live.state, PlayerId(seat), rng)
        result = await play_move(member, live.id, action.to_id())
        assert not result.followups, [f.content for f in result.followups]
        clicks += 1
        if extra.random() < 0.15:  # turns are fewer clicks now (issue 34 item 7): peek a bit more
            peeks += await peek(members[1 - seat], thread, live.id, extra.random())
    assert (clicks >= 80 or not live.active) and clicks >= 30, (clicks, live.active)
    assert concealed >= 3 and peeks >= 3, (concealed, peeks)

    rp = await replay(env, live, SECRETS)
    viewers = [Viewer(0, alice.id, alice.user.dm_channel.id), Viewer(1, bob.id, bob.user.dm_channel.id)]
    public_channels = {t.channel.id, *(th.id for th in t.channel.threads)}
    seen = recorder.seen
    assert sum(1 for m in seen if m.channel_id == thread.id and m.attachments) >= 10
    for v in viewers:
        assert sum(1 for m in seen if m.channel_id == v.dm_channel_id and m.attachments) >= 10
    leaks = find_leaks(seen, rp, viewers, public_channels)
    assert not leaks, "\n".join(leaks[:20])

    # The checker catches a leak: a card of bob's that alice never saw (his Side Deck at least, never
    # played) named in the thread, and bob's hand picture in alice's DMs.
    secret, caught = planted_leaks(seen, rp, viewers, thread.id)
    assert any(secret in line and "seat 0" in line for line in caught), caught
    assert any("hand-" in line and "seat 0" in line for line in caught), caught
