"""Checking every message of a two-player match against what each reader may know.

A hidden-information test plays a match through the bot with ``Recorder`` installed (every message
the simulated Discord stores or edits, with the match's seq at that moment), replays the match's
log and calls ``find_leaks``. A game describes what it shows in public and what each seat owns
(``Secrets``); the checker does the rest:

- **Text** (contents, embeds, button and menu labels) names no card of the opponent's lists that
  the viewer's own lists lack and that nobody could have seen by then (public at some earlier
  position, or shown to that viewer alone, like a Shadow looked at with Intuition).
- **Images**: a ``board-*`` picture is byte for byte the board drawn from the spectator's view of
  a state of its time; a ``hand-*`` picture is the viewer's own hand at such a state; a card image
  ("Card details") is named in its message's text, checked above.

Spirit Tactics and Chronomagia use it; Afrika's test (``test_afrika_hidden_info``) keeps its own,
which also reads the card faces out of hand pictures.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engines.core import MatchConfig, PlayerId
from render.common import to_png
from tests.bot.test_afrika_hidden_info import Seen, Viewer


@dataclass(frozen=True)
class Secrets:
    """What a game shows: ``public(view)`` the card names a spectator's view shows;
    ``lists(live)`` each seat's card names (every list it brought); ``shown(view)`` names the
    seat's own view shows of the other's cards (none by default)."""

    game: str
    public: Callable[[Any], set[str]]
    lists: Callable[[Any], list[set[str]]]
    shown: Callable[[Any], set[str]] = lambda view: set()
    render_options: dict[str, Any] = field(default_factory=dict)


class Replay:
    def __init__(self, live: Any, states: dict[int, Any], secrets: Secrets) -> None:
        self.live, self.states, self.secrets = live, states, secrets
        self.public: dict[int, frozenset[str]] = {}
        self.known: dict[tuple[int, int], frozenset[str]] = {}
        seen: set[str] = set()
        own: list[set[str]] = [set(), set()]
        for seq in sorted(states):
            seen |= secrets.public(live.engine.view(states[seq], None))
            self.public[seq] = frozenset(seen)
            for seat in (0, 1):
                own[seat] |= secrets.shown(live.engine.view(states[seq], PlayerId(seat)))
                self.known[seq, seat] = frozenset(own[seat])
        self.pngs: dict[tuple[Any, ...], bytes] = {}

    def board_png(self, seq: int) -> bytes:
        from bot.presenters.registry import entry

        if ("board", seq) not in self.pngs:
            view = self.live.engine.view(self.states[seq], None)
            board = entry(self.secrets.game).table.board(view, self.live.names, **self.secrets.render_options)
            self.pngs["board", seq] = to_png(board)
        return self.pngs["board", seq]

    def hand_png(self, seq: int, seat: int) -> bytes:
        from bot.presenters.registry import entry

        if ("hand", seq, seat) not in self.pngs:
            view = self.live.engine.view(self.states[seq], PlayerId(seat))
            hand = entry(self.secrets.game).table.hand(
                view, self.live.names[seat], **self.secrets.render_options
            )
            self.pngs["hand", seq, seat] = to_png(hand)
        return self.pngs["hand", seq, seat]


async def replay(env: Any, live: Any, secrets: Secrets) -> Replay:
    """Every state of the match, from its stored log (which must reach the live state)."""
    engine = live.engine
    actions = await env.bot.db.matches.actions(live.id)
    s = engine.setup(MatchConfig(players=2, options=live.cfg.options), live.seed)
    states = {0: s}
    for a in actions:
        s = engine.apply(s, PlayerId(a.seat), engine.decode_action(a.action_id)).state
        states[a.seq] = s
    assert s == live.state, "the replayed log reaches the live state"
    return Replay(live, states, secrets)


def _window(seq: int | None) -> range:
    hi = 0 if seq is None else seq
    return range(hi, max(-1, hi - 40), -1)


def find_leaks(seen: list[Seen], rp: Replay, viewers: list[Viewer], public_channels: set[int]) -> list[str]:
    names = rp.secrets.lists(rp.live)
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
            secret = names[1 - v.seat] - names[v.seat] - rp.public[seq] - rp.known[seq, v.seat]
            for text in msg.texts:
                for n in secret:
                    if patterns[n].search(text):
                        leaks.append(
                            f"#{msg.order} (seq {msg.seq}) shows {n!r} to seat {v.seat}: {text[:160]!r}"
                        )
            for filename, data in msg.attachments:
                where = f"#{msg.order} (seq {msg.seq}) {filename} seen by seat {v.seat}"
                if filename.startswith("board-"):
                    if not any(data == rp.board_png(j) for j in _window(msg.seq)):
                        leaks.append(f"{where}: not the public board of any state of its time")
                elif filename.startswith("hand-"):
                    if not any(data == rp.hand_png(j, v.seat) for j in _window(msg.seq)):
                        leaks.append(f"{where}: not the viewer's own hand at any state of its time")
                elif not filename.startswith("card-"):
                    leaks.append(f"{where}: an unexpected picture")
    return leaks


def planted_leaks(
    seen: list[Seen], rp: Replay, viewers: list[Viewer], thread_id: int
) -> tuple[str, list[str]]:
    """The checker run on two planted leaks (a card of seat 1's that seat 0 never saw, named in
    the thread; seat 1's hand picture in seat 0's DMs): (the card, what the checker says)."""
    k = max(m.seq or 0 for m in seen)
    lists = rp.secrets.lists(rp.live)
    unseen = sorted(lists[1] - lists[0] - rp.public[k] - rp.known[k, 0])
    assert unseen, "seat 1 holds cards seat 0 never saw"
    secret = unseen[0]
    board = next(m for m in reversed(seen) if m.channel_id == thread_id and m.attachments)
    panel = next(m for m in reversed(seen) if m.channel_id == viewers[1].dm_channel_id and m.attachments)
    fake = [
        Seen(-1, thread_id, board.message_id, [f"{board.texts[0]}\n> P2 hides {secret}"], [], None, k),
        Seen(-2, viewers[0].dm_channel_id or 0, 1, [], panel.attachments, None, panel.seq),
    ]
    public_channels = {thread_id}
    return secret, find_leaks(fake, rp, viewers, public_channels)


async def peek(member: Any, thread: Any, match_id: int, roll: float) -> bool:
    """The other player looks while waiting, as players do: **Show my hand** on the board
    (``roll`` < 0.4), ``/game status`` (< 0.7) or the last card of **Card details**; every answer
    must be for them alone. False when there was no Card details menu to use."""
    from tests.bot.table import last_reply, panel_message

    if roll < 0.4:
        board = next(m for m in reversed(thread.history()) if m.components)
        reply = await member.click(board, label="Show my hand")
    elif roll < 0.7:
        reply = await member.slash(thread, "game status")
    else:
        panel = panel_message(member, match_id)
        menu = next(
            (c for row in panel.components for c in row.children if (c.custom_id or "").startswith("cd:")),
            None,
        )
        if menu is None:
            return False
        reply = await member.user.select(panel, [menu.options[-1].value], custom_id=menu.custom_id)
    assert last_reply(reply).ephemeral
    return True
