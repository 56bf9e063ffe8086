"""No card of a player's hand or Codex ever shows in anything the other player can see (issue #6, 6).

Two people, alice and bob, play Chronicles of Afrika against each other through the bot only:
``/play afrika opponent:@bob``, **Join**, **Start**, then clicks on the move buttons of their
DM panels (each click is what the Afrika AI would play), with **Show my hand** and ``/game status``
clicked now and then by the player who is waiting (ephemeral replies).

Every message the simulated Discord stores or edits is recorded at that moment, with the match's
``seq`` (how many moves were applied when it was sent). Afterwards the action log is replayed to get
the state after every move, and each recorded message is checked against the state of its time,
for each player who can see it (the thread and #table: both; a DM: its owner; an ephemeral reply:
the user who clicked):

- **Text** (content with the board's log lines, embeds, button and select labels): it names no card
  of the opponent's Codex list that had not yet been public by then. "Public" means the card had
  been on the battlefield, a terrain or artifact, on the stack, in a Void or Exile, or announced as
  the spell being cast (the engine's public view names it while its targets are chosen). Both
  Codexes are disjoint starters, so a name of the opponent's list that was never public can only
  have come from their hand or Codex.
- **Images**: a ``board-*`` picture must be, byte for byte, the board drawn from the spectator's
  view of a state of that time (a view without hidden cards by construction); a ``hand-*``
  picture must be the viewer's *own* hand at that time, and each of its card faces is identified
  against every card face of both Codexes: none may be the opponent's. Any other picture fails.

The checker is shown to catch leaks at the end: a board whose text names a card of bob's hand, and
bob's hand picture in alice's DMs, are both reported.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from PIL import Image

from engines.afrika.cards import ENERGY_NAMES, card
from engines.core import MatchConfig, PlayerId, Rng, choose_action
from tests.bot.table import game_thread, has_moves, last_reply, make_table, panel_message, play_move

MAX_CLICKS = 400
MIN_TURNS = 8


@dataclass
class Seen:
    """One message as it was when the bot created or edited it."""

    order: int
    channel_id: int
    message_id: int
    texts: list[str]
    attachments: list[tuple[str, bytes]]
    ephemeral_for: int | None
    seq: int | None
    """Moves applied in the match when the message was stored (None: before the match existed)."""


@dataclass
class Recorder:
    env: Any
    seen: list[Seen] = field(default_factory=list)

    def install(self) -> None:
        # simcord's backend stores every message the bot creates (channel messages, DMs, interaction
        # responses, follow-ups) through commit_message and every edit through edit_message.
        backend = self.env.backend
        commit, edit = backend.commit_message, backend.edit_message

        def commit_message(message: Any, *args: Any, **kwargs: Any) -> Any:
            out = commit(message, *args, **kwargs)
            self.record(out)
            return out

        def edit_message(channel_id: int, message_id: int, fields: dict[str, Any]) -> Any:
            out = edit(channel_id, message_id, fields)
            self.record(out)
            return out

        backend.commit_message = commit_message
        backend.edit_message = edit_message

    def record(self, message: Any) -> None:
        cache_ = self.env.bot.matches._cache
        seq = max(cache_.values(), key=lambda m: m.id).seq if cache_ else None
        meta = message.interaction_metadata or {}
        ephemeral_for = int(meta["user"]["id"]) if message.is_ephemeral and meta.get("user") else None
        texts = [message.content or "", *_strings(message.embeds), *_strings(message.components)]
        # A picture's alt text is read aloud to its reader: it is checked as the message's words are.
        texts += [str(att.get("description") or "") for att in message.attachments]
        files = []
        for att in message.attachments:
            data = self.env.backend.cdn.get(att.get("url", ""))
            assert data is not None, f"attachment {att} has no stored bytes"
            files.append((att["filename"], data))
        self.seen.append(
            Seen(len(self.seen), message.channel_id, message.id, texts, files, ephemeral_for, seq)
        )


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in _strings(v)]
    return []


# ------------------------------------------------------------------ the match, replayed


def _public_names(s: Any) -> set[str]:
    """Names of the cards in public zones of state ``s`` (and of a spell being announced)."""
    ids: list[int] = []
    for pl in s.players:
        ids += [*pl.field, *pl.terrains, *pl.artifacts, *pl.void, *pl.exile, *(x for x in pl.slots if x)]
    names = {card(s.objs[i].card).name for i in ids if i in s.objs}
    names |= {card(it.card).name for it in s.stack if it.card}
    if s.choice is not None and s.choice.kind == "cast" and s.choice.card:
        names.add(card(s.choice.card).name)
    return names


@dataclass
class Replay:
    live: Any
    states: dict[int, Any]
    public_ever: dict[int, frozenset[str]]
    pngs: dict[tuple[Any, ...], bytes] = field(default_factory=dict)

    @property
    def last(self) -> int:
        return max(self.states)

    def state_at(self, seq: int | None) -> Any:
        return self.states[0 if seq is None else seq]

    def known_public(self, seq: int | None) -> frozenset[str]:
        return self.public_ever[0 if seq is None else seq]

    def board_png(self, seq: int) -> bytes:
        from bot.presenters.registry import entry
        from render.common import to_png

        if ("board", seq) not in self.pngs:
            view = self.live.engine.view(self.states[seq], None)
            self.pngs["board", seq] = to_png(entry("afrika").board(view, self.live.names))
        return self.pngs["board", seq]

    def hand_png(self, seq: int, seat: int) -> bytes:
        from bot.presenters.registry import entry
        from render.common import to_png

        if ("hand", seq, seat) not in self.pngs:
            view = self.live.engine.view(self.states[seq], PlayerId(seat))
            afrika = entry("afrika")
            opts = afrika.presenter.render_options()
            self.pngs["hand", seq, seat] = to_png(afrika.hand(view, self.live.names[seat], **opts))
        return self.pngs["hand", seq, seat]


async def _replay(env: Any, live: Any, public_of: Callable[[Any], set[str]] = _public_names) -> Replay:
    """Every state of the match from its stored log, and the card names public by each one
    (``public_of``: what a game of more than two shows too, e.g. its Command zones)."""
    engine = live.engine
    actions = await env.bot.db.matches.actions(live.id)
    assert [a.seq for a in actions] == list(range(1, len(actions) + 1)) and actions[-1].seq == live.seq
    s = engine.setup(MatchConfig(players=len(live.seats), options=live.cfg.options), live.seed)
    states = {0: s}
    public = public_of(s)
    public_ever = {0: frozenset(public)}
    for a in actions:
        s = engine.apply(s, PlayerId(a.seat), engine.decode_action(a.action_id)).state
        states[a.seq] = s
        public |= public_of(s)
        public_ever[a.seq] = frozenset(public)
    assert s == live.state, "the replayed log reaches the live state"
    return Replay(live, states, public_ever)


# ------------------------------------------------------------------ the checker


@cache
def _faces(cw: int, ch: int) -> dict[bytes, str]:
    """Every card face of both starter Codexes at hand size, by pixels."""
    from engines.afrika.decks import STARTERS
    from render.afrika.card import card_image

    out: dict[bytes, str] = {}
    for counts in STARTERS.values():
        for cid in counts:
            out[card_image(cid).resize((cw, ch), Image.Resampling.LANCZOS).tobytes()] = cid
    return out


def _hand_faces(png: bytes) -> list[str | None]:
    """The card ids shown in a hand picture, slot by slot (None: a slot that is no card face, e.g.
    the "no cards" line of an empty hand)."""
    from render.afrika.hand import CELL_GAP, CELL_W, HAND_COLS, HAND_FACE, TOP
    from render.common import BG

    img = Image.open(io.BytesIO(png)).convert("RGB")
    cw, ch = HAND_FACE
    faces = _faces(cw, ch)
    # Card panels sit in rows of HAND_COLS whose heights follow their text: a row's top is where the
    # middle of the first column turns from the background to a panel's edge.
    probe = 10 + CELL_W // 2
    tops = [
        y
        for y in range(TOP, img.height)
        if img.getpixel((probe, y)) != BG and img.getpixel((probe, y - 1)) == BG
    ]
    found: list[str | None] = []
    for y in tops:
        for c in range(HAND_COLS):
            x = 10 + c * (CELL_W + CELL_GAP) + 10
            crop = img.crop((x, y + 10, x + cw, y + 10 + ch))
            if crop.getcolors(1) == [(cw * ch, BG)]:
                continue  # an empty slot
            found.append(faces.get(crop.tobytes()))
    return found


@dataclass
class Viewer:
    seat: int
    user_id: int
    dm_channel_id: int | None


def find_leaks(
    seen: list[Seen], replay: Replay, viewers: list[Viewer], public_channels: set[int]
) -> list[str]:
    live = replay.live
    decks = [list(d) for d in live.cfg.options["decks"]]
    names = [{card(c).name for c in d} for d in decks]
    assert not names[0] & names[1], "the two Codexes must not share a card name"
    energy_words = set(ENERGY_NAMES.values())
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
        for v in who:
            opp = 1 - v.seat
            public = replay.known_public(msg.seq)
            # Names of the opponent's Codex list that were never public can only come from their
            # hand or Codex. Basic terrains are named like their energy ("Volcanic Valleys"), a
            # word the log uses for any terrain's energy: those are left to the picture checks.
            secret = names[opp] - public - energy_words
            for text in msg.texts:
                for n in secret:
                    if patterns[n].search(text):
                        leaks.append(
                            f"#{msg.order} (seq {msg.seq}) shows {n!r} to seat {v.seat}: {text[:160]!r}"
                        )
            for filename, data in msg.attachments:
                leaks += _image_leaks(msg, v, filename, data, replay, decks)
    return leaks


def _window(seq: int | None, replay: Replay) -> range:
    """States a picture stored at ``seq`` may have been drawn from (the bot draws, then sends)."""
    hi = 0 if seq is None else seq
    return range(hi, max(-1, hi - 40), -1)


def _what_it_is(data: bytes, replay: Replay) -> str:
    """For a failure's message: which board the picture is, if any, and its size."""
    same = [j for j in sorted(replay.states) if data == replay.board_png(j)]
    try:
        size = Image.open(io.BytesIO(data)).size
    except Exception as exc:  # a picture that does not even decode says so
        return f"{len(data)} bytes that do not decode: {exc}"
    return (
        f"{size[0]}x{size[1]}, {len(data)} bytes, the board of seq {same}"
        if same
        else (f"{size[0]}x{size[1]}, {len(data)} bytes, no board of the match")
    )


def _image_leaks(
    msg: Seen, v: Viewer, filename: str, data: bytes, replay: Replay, decks: list[list[str]]
) -> list[str]:
    where = f"#{msg.order} (seq {msg.seq}) {filename} seen by seat {v.seat}"
    if msg.seq is None:
        return [f"{where}: a picture before the match existed"]
    if filename.startswith("board-"):
        if any(data == replay.board_png(j) for j in _window(msg.seq, replay)):
            return []
        return [f"{where}: not the public board of any state of its time ({_what_it_is(data, replay)})"]
    if filename.startswith("hand-"):
        out = []
        faces = _hand_faces(data)
        opp_cards = set(decks[1 - v.seat])
        for cid in faces:
            if cid is not None and cid in opp_cards and card(cid).name not in replay.known_public(msg.seq):
                out.append(f"{where}: the opponent's {card(cid).name} ({cid})")
        if not any(data == replay.hand_png(j, v.seat) for j in _window(msg.seq, replay)):
            out.append(f"{where}: not the viewer's own hand at any state of its time")
        return out
    return [f"{where}: an unexpected picture"]


# ------------------------------------------------------------------ playing by clicks


async def _click_move(env: Any, live: Any, member: Any, seat: int, rng: Rng) -> None:
    """Make the move the Afrika AI would make for ``seat`` on the player's DM panel."""
    assert has_moves(panel_message(member, live.id)), f"{member.name} must act but the DM panel has no moves"
    action = choose_action(live.engine, live.state, PlayerId(seat), rng).to_id()
    result = await play_move(member, live.id, action)
    assert not result.followups, [f.content for f in result.followups]


async def test_no_hand_or_codex_card_reaches_the_other_player(simcord_env) -> None:
    env = simcord_env
    recorder = Recorder(env)
    recorder.install()
    t = make_table(env, ("alice", "bob"))
    alice, bob = t.members["alice"], t.members["bob"]
    await alice.slash(t.channel, "play afrika", opponent=bob)
    lobby = next(m for m in reversed(t.channel.history()) if m.embeds)
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    live = await env.bot.matches.get(max(env.bot.matches._cache))
    assert [s.name for s in live.seats] == ["alice", "bob"] and not any(s.is_ai for s in live.seats)
    thread = game_thread(t)
    members = [alice, bob]
    rng = Rng.from_seed(6)
    extra = random.Random(6)
    clicks = ephemeral_peeks = 0
    while live.active and clicks < MAX_CLICKS:
        if live.state.turn >= MIN_TURNS and clicks >= 80:
            break
        seat = min(live.current)
        await _click_move(env, live, members[seat], seat, rng)
        clicks += 1
        if extra.random() < 0.08:
            # The other player peeks: Show my hand on the board, or /game status (both ephemeral).
            other = members[1 - seat]
            if extra.random() < 0.5:
                board = next(m for m in reversed(thread.history()) if m.components)
                reply = await other.click(board, label="Show my hand")
            else:
                reply = await other.slash(thread, "game status")
            assert last_reply(reply).ephemeral
            ephemeral_peeks += 1
    assert clicks >= 60 and (live.state.turn >= MIN_TURNS or not live.active), (clicks, live.state.turn)
    assert ephemeral_peeks >= 2

    replay = await _replay(env, live)
    viewers = [
        Viewer(0, alice.id, alice.user.dm_channel.id),
        Viewer(1, bob.id, bob.user.dm_channel.id),
    ]
    public_channels = {t.channel.id, *(th.id for th in t.channel.threads)}
    seen = recorder.seen
    # The recording covers what each side saw: boards in the thread, both DM panels, ephemeral peeks.
    assert sum(1 for m in seen if m.channel_id == thread.id and m.attachments) >= 20
    for v in viewers:
        assert sum(1 for m in seen if m.channel_id == v.dm_channel_id and m.attachments) >= 20
    assert any(m.ephemeral_for is not None and m.attachments for m in seen)
    assert any(any("Your hand" in x for x in m.texts) for m in seen), "hands were listed by name"
    leaks = find_leaks(seen, replay, viewers, public_channels)
    assert not leaks, "\n".join(leaks[:20])

    # The checker catches a leak: bob's hand named in a board's text, and bob's hand picture in
    # alice's DMs (as if the panels had been swapped).
    k = max(m.seq or 0 for m in seen)
    bob_hand = [card(replay.state_at(k).objs[i].card).name for i in replay.state_at(k).players[1].hand]
    secret = [n for n in bob_hand if n not in replay.known_public(k)]
    assert secret, "bob holds a card that was never public"
    board_text = next(m for m in reversed(seen) if m.channel_id == thread.id and m.attachments)
    bob_panel = next(m for m in reversed(seen) if m.channel_id == viewers[1].dm_channel_id and m.attachments)
    fake = [
        Seen(
            -1,
            thread.id,
            board_text.message_id,
            [board_text.texts[0] + f"\n> bob holds {secret[0]}"],
            [],
            None,
            k,
        ),
        Seen(-2, viewers[0].dm_channel_id or 0, 1, [], bob_panel.attachments, None, bob_panel.seq),
    ]
    caught = find_leaks(fake, replay, viewers, public_channels)
    assert any(secret[0] in line and "seat 0" in line for line in caught), caught
    assert any("hand-" in line and "seat 0" in line and "opponent's" in line for line in caught), caught
