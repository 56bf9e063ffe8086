"""No Concealed Spirit, hand card or Side Deck card of one Spirit Tactics player reaches the other.

alice and bob play a Duel against each other through the bot only (``/play game:spirit
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
import re
from typing import Any

from engines.core import MatchConfig, PlayerId, Rng, choose_action
from engines.spirit import card
from render.common import to_png
from tests.bot.table import (
    game_thread,
    has_moves,
    last_reply,
    make_table,
    panel_message,
    play_move,
    start_challenge,
)
from tests.bot.test_afrika_hidden_info import Recorder, Seen, Viewer

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


class Replay:
    def __init__(self, live: Any, states: dict[int, Any]) -> None:
        self.live, self.states = live, states
        self.public: dict[int, frozenset[str]] = {}
        seen: set[str] = set()
        for seq in sorted(states):
            seen |= _public_names(live.engine.view(states[seq], None))
            self.public[seq] = frozenset(seen)
        self.pngs: dict[tuple[Any, ...], bytes] = {}

    def board_png(self, seq: int) -> bytes:
        from bot.presenters import table_spec

        if ("board", seq) not in self.pngs:
            view = self.live.engine.view(self.states[seq], None)
            self.pngs["board", seq] = to_png(table_spec("spirit").board(view, self.live.names))
        return self.pngs["board", seq]

    def hand_png(self, seq: int, seat: int) -> bytes:
        from bot.presenters import table_spec

        if ("hand", seq, seat) not in self.pngs:
            view = self.live.engine.view(self.states[seq], PlayerId(seat))
            self.pngs["hand", seq, seat] = to_png(table_spec("spirit").hand(view, self.live.names[seat]))
        return self.pngs["hand", seq, seat]


async def _replay(env: Any, live: Any) -> Replay:
    engine = live.engine
    actions = await env.bot.db.matches.actions(live.id)
    s = engine.setup(MatchConfig(players=2, options=live.cfg.options), live.seed)
    states = {0: s}
    for a in actions:
        s = engine.apply(s, PlayerId(a.seat), engine.decode_action(a.action_id)).state
        states[a.seq] = s
    assert s == live.state, "the replayed log reaches the live state"
    return Replay(live, states)


def _lists(live: Any) -> list[set[str]]:
    """Each seat's card names: Commander and Deck, and Side Deck."""
    decks, sides = live.cfg.options["decks"], live.cfg.options["sides"]
    return [{card(c).name for c in (*decks[i], *sides[i])} for i in (0, 1)]


def _window(seq: int | None) -> range:
    hi = 0 if seq is None else seq
    return range(hi, max(-1, hi - 40), -1)


def find_leaks(
    seen: list[Seen], replay: Replay, viewers: list[Viewer], public_channels: set[int]
) -> list[str]:
    names = _lists(replay.live)
    patterns = {n: re.compile(rf"(?<!\w){re.escape(n)}(?!\w)") for n in names[0] | names[1]}
    leaks: list[str] = []
    for msg in seen:
        if msg.ephemeral_for is not None:
            who = [v for v in viewers if v.user_id == msg.ephemeral_for]
        elif msg.channel_id in public_channels:
            who = list(viewers)
        else:
            who = [v for v in viewers if v.dm_channel_id == msg.channel_id]
            assert who, f"message {msg.message_id} went to a channel nobody here watches"
        seq = 0 if msg.seq is None else msg.seq
        for v in who:
            secret = names[1 - v.seat] - names[v.seat] - replay.public[seq]
            for text in msg.texts:
                for n in secret:
                    if patterns[n].search(text):
                        leaks.append(
                            f"#{msg.order} (seq {msg.seq}) shows {n!r} to seat {v.seat}: {text[:160]!r}"
                        )
            for filename, data in msg.attachments:
                where = f"#{msg.order} (seq {msg.seq}) {filename} seen by seat {v.seat}"
                if filename.startswith("board-"):
                    if not any(data == replay.board_png(j) for j in _window(msg.seq)):
                        leaks.append(f"{where}: not the public board of any state of its time")
                elif filename.startswith("hand-"):
                    if not any(data == replay.hand_png(j, v.seat) for j in _window(msg.seq)):
                        leaks.append(f"{where}: not the viewer's own hand at any state of its time")
                elif filename.startswith("card-"):
                    pass  # "Card details": its name is in the message text, checked above
                else:
                    leaks.append(f"{where}: an unexpected picture")
    return leaks


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
        if extra.random() < 0.1:
            other = members[1 - seat]
            roll = extra.random()
            if roll < 0.4:
                board = next(m for m in reversed(thread.history()) if m.components)
                reply = await other.click(board, label="Show my hand")
            elif roll < 0.7:
                reply = await other.slash(thread, "game status")
            else:
                panel = panel_message(other, live.id)
                menu = next(
                    (
                        c
                        for row in panel.components
                        for c in row.children
                        if (c.custom_id or "").startswith("cd:")
                    ),
                    None,
                )
                if menu is None:
                    continue
                reply = await other.user.select(panel, [menu.options[-1].value], custom_id=menu.custom_id)
            assert last_reply(reply).ephemeral
            peeks += 1
    assert (clicks >= 80 or not live.active) and clicks >= 30, (clicks, live.active)
    assert concealed >= 3 and peeks >= 3, (concealed, peeks)

    replay = await _replay(env, live)
    viewers = [Viewer(0, alice.id, alice.user.dm_channel.id), Viewer(1, bob.id, bob.user.dm_channel.id)]
    public_channels = {t.channel.id, *(th.id for th in t.channel.threads)}
    seen = recorder.seen
    assert sum(1 for m in seen if m.channel_id == thread.id and m.attachments) >= 10
    for v in viewers:
        assert sum(1 for m in seen if m.channel_id == v.dm_channel_id and m.attachments) >= 10
    leaks = find_leaks(seen, replay, viewers, public_channels)
    assert not leaks, "\n".join(leaks[:20])

    # The checker catches a leak: a card of bob's that alice never saw (his Side Deck at least, never
    # played) named in the thread, and bob's hand picture in alice's DMs.
    k = max(m.seq or 0 for m in seen)
    unseen = sorted(_lists(live)[1] - _lists(live)[0] - replay.public[k])
    assert unseen, "bob holds cards alice never saw"
    secret = unseen[0]
    board = next(m for m in reversed(seen) if m.channel_id == thread.id and m.attachments)
    bob_panel = next(m for m in reversed(seen) if m.channel_id == viewers[1].dm_channel_id and m.attachments)
    fake = [
        Seen(-1, thread.id, board.message_id, [f"{board.texts[0]}\n> bob hides {secret}"], [], None, k),
        Seen(-2, viewers[0].dm_channel_id or 0, 1, [], bob_panel.attachments, None, bob_panel.seq),
    ]
    caught = find_leaks(fake, replay, viewers, public_channels)
    assert any(secret in line and "seat 0" in line for line in caught), caught
    assert any("hand-" in line and "seat 0" in line for line in caught), caught
