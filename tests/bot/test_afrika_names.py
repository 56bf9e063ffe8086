"""Chronicles of Afrika speaks in names, never seat labels (issue #16, 1).

Two duels are played through the bot only (simcord): alice against the AI, and alice against bob.
Every message the bot stores or edits (contents, embeds, button and select labels) is recorded and
checked: no "P1"/"P2" anywhere, the AI is "AI" once (never "AI (AI)"), and the moves name who
they are about ("Attack bob", "Target yourself (alice)").
"""

from __future__ import annotations

import re
from typing import Any

from engines.core import PlayerId, Rng, choose_action
from tests.bot.table import game_thread, has_moves, make_table, panel_message, play_move
from tests.pngs import assert_same_png

SEAT_LABEL = re.compile(r"\bP[1-9]\b")


class Texts:
    """Every text the bot put in front of players: contents, embeds and component labels."""

    def __init__(self, env: Any) -> None:
        self.lines: list[str] = []
        backend = env.backend
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
        self.lines += [message.content or "", *_strings(message.embeds), *_strings(message.components)]

    def matching(self, pattern: str) -> list[str]:
        return [x for x in self.lines if re.search(pattern, x, re.MULTILINE)]


SHOWN = {"content", "label", "placeholder", "description", "title", "name", "value", "text"}
"""Component and embed fields a player reads (custom_ids carry seat labels but are never shown)."""


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        # A select option's value rides back to the bot like a custom_id; only its label is read.
        shown = SHOWN - {"value"} if "label" in value else SHOWN
        return [s for k, v in value.items() if k in shown or not isinstance(v, str) for s in _strings(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in _strings(v)]
    return []


async def _click(live: Any, member: Any, seat: int, rng: Rng) -> None:
    """Make the move the AI would make for ``seat`` on the player's DM panel."""
    assert has_moves(panel_message(member, live.id)), f"{member.name} must act but has no moves"
    action = choose_action(live.engine, live.state, PlayerId(seat), rng).to_id()
    await play_move(member, live.id, action)


def _no_seat_labels(texts: Texts) -> None:
    bad = [x for x in texts.lines if SEAT_LABEL.search(x)]
    assert not bad, bad[:10]


async def test_a_duel_against_the_ai_names_alice_and_the_ai(simcord_env) -> None:
    texts = Texts(simcord_env)
    simcord_env.bot.matches.seed_source = lambda: 1
    t = make_table(simcord_env, ("alice",))
    alice = t.members["alice"]
    await alice.slash(t.channel, "play afrika")
    live = await simcord_env.bot.matches.get(max(simcord_env.bot.matches._cache))
    rng = Rng.from_seed(3)
    clicks = 0
    while live.active:
        await _click(live, alice, 0, rng)
        clicks += 1
        assert clicks < 3000
    _no_seat_labels(texts)
    assert not texts.matching(r"AI \(AI\)"), texts.matching(r"AI \(AI\)")[:5]
    assert texts.matching(r"^(Attack AI|.+ → AI)$"), "attacks name the AI"
    assert texts.matching(r"^Target yourself \(alice\)$") and texts.matching(r"^Target AI$")
    assert texts.matching(r"^> alice (chooses to go first|lets AI go first)\.$"), (
        "the toss reads as a sentence"
    )
    assert texts.matching(r"Players in seat order: <@\d+>, AI\.")
    ending = [m.content for m in game_thread(t).history() if "Final ranking" in m.content]
    assert ending and re.search(r"_(alice|AI) reached -?\d+ life\._", ending[-1]), ending
    # The last board in the thread is the inline-sized board of the final position, naming both.
    from render.afrika.board import WIDTH, board_labels
    from render.common import to_png

    posted = [
        m
        for m in game_thread(t).history()
        if m.attachments and m.attachments[0].filename.startswith("board-")
    ]
    data = simcord_env.backend.cdn.get(posted[-1].attachments[0].url)
    img, labels = board_labels(live.engine.view(live.state, None), live.names)
    assert_same_png(data, to_png(img), "the last board posted")
    assert img.width == WIDTH
    drawn = [lb.text for lb in labels]
    assert any(x.startswith("alice") for x in drawn) and "AI" in drawn
    assert not [x for x in drawn if SEAT_LABEL.search(x)]
    assert any(re.fullmatch(r"(alice|AI) reached -?\d+ life\.", x) for x in drawn), "the end, in names"


async def test_a_duel_between_two_people_names_both(simcord_env) -> None:
    simcord_env.bot.matches.seed_source = lambda: 2
    texts = Texts(simcord_env)
    t = make_table(simcord_env, ("alice", "bob"))
    alice, bob = t.members["alice"], t.members["bob"]
    await alice.slash(t.channel, "play afrika", opponent=bob)
    lobby = next(m for m in reversed(t.channel.history()) if m.embeds)
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    live = await simcord_env.bot.matches.get(max(simcord_env.bot.matches._cache))
    rng = Rng.from_seed(5)
    clicks = 0
    while live.active and clicks < 400:
        seat = min(live.current)
        await _click(live, (alice, bob)[seat], seat, rng)
        clicks += 1
    _no_seat_labels(texts)
    assert texts.matching(r"^(Attack (alice|bob)|.+ → (alice|bob))$"), "attacks name the defender"
    assert texts.matching(r"alice \d+ life · bob \d+ life"), "the board caption names both"
