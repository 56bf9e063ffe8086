"""Deck building after a draft, through the real bot in an offline Discord: every click of the panel.

The pod is made directly in the database with its pools (as the drafting code leaves it), then
``bot.podplay.start_building`` runs, as it does at the end of a draft.
"""

from __future__ import annotations

import io
import json
import time
from collections import Counter
from typing import Any

import discord
from PIL import Image

from engines.afrika.cards import CARDS
from engines.draft.pod import sealed_pools
from tests.bot.table import buttons, last_reply, make_table

SLOTS = "13C 4U 1R7M1"


async def make_pod(
    env: Any,
    t: Any,
    players: list[Any],
    bots: int = 0,
    *,
    kind: str = "draft",
    config: dict[str, Any] | None = None,
    seed: int = 5,
    boosters: int = 3,
) -> int:
    """A pod in 'building' with a pool per seat: ``players`` (members) first, then ``bots``."""
    bot = env.bot
    channel = bot.get_channel(t.channel.id)
    n = len(players) + bots
    host = players[0].id if players else 1
    msg = await channel.send(f"{kind} pod")
    thread = await channel.create_thread(name=f"{kind} pod", message=msg)
    pools = sealed_pools("LC", SLOTS, seed, n, boosters=boosters)
    cfg = {"seats": n, **(config or {})}

    def write(conn: Any) -> int:
        cur = conn.execute(
            "INSERT INTO pods (kind, status, guild_id, channel_id, thread_id, message_id, host_id, config,"
            " seed, created_at) VALUES (?, 'building', ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (kind, t.guild.id, t.channel.id, thread.id, msg.id, host, json.dumps(cfg), seed, time.time()),
        )
        pod_id = int(cur.fetchall()[0][0])
        for i in range(n):
            member = players[i] if i < len(players) else None
            conn.execute(
                "INSERT INTO pod_seats (pod_id, seat, user_id, display_name, is_bot, pool) VALUES (?, ?, ?, ?, ?, ?)",
                (
                    pod_id,
                    i,
                    member.id if member else None,
                    member.name if member else f"Bot {i + 1}",
                    0 if member else 1,
                    json.dumps(pools[i]),
                ),
            )
        return pod_id

    return await bot.db.write(write)


def pod_thread(env: Any, pod_id: int, t: Any) -> Any:
    return next(th for th in t.channel.threads if th.name.endswith("pod"))


def build_panel(member: Any) -> discord.Message:
    for msg in reversed(member.user.dm_channel.history()):
        if msg.attachments and msg.attachments[0].filename.startswith("pool-"):
            return msg
    raise AssertionError("no deck-building panel in the DMs")


def component(message: Any, prefix: str) -> Any:
    for row in message.components:
        for c in getattr(row, "children", []):
            if (c.custom_id or "").startswith(prefix):
                return c
    raise AssertionError(f"no component {prefix} on the panel: {[b.custom_id for b in buttons(message)]}")


def select_values(message: Any, op: str) -> list[str]:
    sel = next(
        c
        for row in message.components
        for c in getattr(row, "children", [])
        if (c.custom_id or "").startswith("pds:") and f":{op}:" in c.custom_id
    )
    return [o.value for o in sel.options]


def next_page(message: Any) -> str:
    return next(
        b.custom_id
        for b in buttons(message)
        if ":page:" in (b.custom_id or "") and b.label.startswith("Next")
    )


async def pick(member: Any, message: Any, op: str, values: list[str]) -> Any:
    sel = next(
        c
        for row in message.components
        for c in getattr(row, "children", [])
        if (c.custom_id or "").startswith("pds:") and f":{op}:" in c.custom_id
    )
    return await member.user.select(message, values, custom_id=sel.custom_id)


async def seat_row(env: Any, pod_id: int, seat: int) -> Any:
    return await env.bot.podplay.store.seat(pod_id, seat)


async def test_build_a_deck_by_clicks_and_submit(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    pod_id = await make_pod(env, t, [alice], bots=3)
    await env.bot.podplay.start_building(pod_id)
    await env.settle()
    # The bot seats were built at once; alice got her panel by DM with her pool as an image.
    seats = await env.bot.podplay.store.seats(pod_id)
    assert [s.submitted for s in seats] == [False, True, True, True]
    assert all(len(s.deck) >= 40 for s in seats[1:])
    panel = build_panel(alice)
    assert "your deck" in panel.content and "54 cards in your pool" in panel.content
    img = Image.open(io.BytesIO(await panel.attachments[0].read()))
    assert img.size[0] == 900 and img.size[1] > 400
    thread = pod_thread(env, pod_id, t)
    assert any("Deck building" in m.content for m in thread.history())

    # Paged add select: 54 cards, more than one page of distinct cards.
    pool = list(seats[0].pool)
    distinct = len(set(pool))
    first = select_values(panel, "add")
    assert len(first) == min(25, distinct)
    await alice.user.click(panel, custom_id=next_page(panel))
    panel = build_panel(alice)
    second = select_values(panel, "add")
    assert not set(first) & set(second) and second
    # Add three cards from page 2 in one gesture, then remove one.
    await pick(alice, panel, "add", second[:3])
    panel = build_panel(alice)
    row = await seat_row(env, pod_id, 0)
    assert sorted(row.draft) == sorted(second[:3]) and not row.submitted
    assert "Added" in panel.content
    await pick(alice, panel, "rm", [second[0]])
    row = await seat_row(env, pod_id, 0)
    assert sorted(row.draft) == sorted(second[1:3])
    panel = build_panel(alice)

    # Submitting 2 cards: refused with a clear reason, nothing saved.
    await alice.user.click(panel, label="✅ Submit deck")
    panel = build_panel(alice)
    assert "Not submitted" in panel.content and "needs at least 40" in panel.content
    assert not (await seat_row(env, pod_id, 0)).submitted
    assert await env.bot.db.decks.list(alice.id) == []

    # Auto-build, then suggested basics: the basics follow the deck's energy split.
    await alice.user.click(panel, label="🤖 Auto-build")
    row = await seat_row(env, pod_id, 0)
    assert len(row.draft) == 40
    panel = build_panel(alice)
    basic_ids = {cid for cid, c in CARDS().items() if c.basic}
    deck_wo_basics = [c for c in row.draft if c not in basic_ids]
    from bot.services.podplay import suggest_basics

    plus = [b for b in buttons(panel) if (b.custom_id or "").split(":")[3:4] == ["bplus"]]
    assert len(plus) == 2
    await alice.user.click(panel, custom_id=plus[0].custom_id)
    row = await seat_row(env, pod_id, 0)
    assert len(row.draft) == 41
    panel = build_panel(alice)
    apply = next(b for b in buttons(panel) if (b.custom_id or "").endswith(":basics"))
    assert not apply.disabled and apply.label.startswith("Apply basics")
    await alice.user.click(panel, custom_id=apply.custom_id)
    row = await seat_row(env, pod_id, 0)
    want = suggest_basics(deck_wo_basics)
    got = Counter(c for c in row.draft if c in basic_ids)
    from bot.services.podplay import basic_of

    assert got == Counter({basic_of(code): k for code, k in want.items()})
    assert len(row.draft) == len(deck_wo_basics) + sum(want.values())
    panel = build_panel(alice)
    minus = next(b for b in buttons(panel) if ":bminus:" in (b.custom_id or ""))
    await alice.user.click(panel, custom_id=minus.custom_id)
    assert len((await seat_row(env, pod_id, 0)).draft) == len(row.draft) - 1
    panel = build_panel(alice)
    await alice.user.click(panel, custom_id=apply.custom_id)

    # A card the pool doesn't hold twice can't be added twice: it leaves the add menu.
    panel = build_panel(alice)
    row = await seat_row(env, pod_id, 0)
    in_deck = Counter(row.draft)
    have = Counter(pool)
    offered = Counter(v.split("~")[0] for v in select_values(panel, "add"))  # one option a copy
    assert all(have[c] - in_deck[c] >= n for c, n in offered.items())

    # Submit: saved to the library as a limited deck named after the pod, and in pod_seats.
    await alice.user.click(panel, label="✅ Submit deck")
    panel = build_panel(alice)
    assert "Saved to your library as **Draft 1**" in panel.content, panel.content
    row = await seat_row(env, pod_id, 0)
    assert row.submitted and row.deck_id is not None and sorted(row.deck) == sorted(row.draft)
    decks = await env.bot.db.decks.list(alice.id)
    n_basics = sum(1 for c in row.deck if c in basic_ids)
    assert [(d.name, d.format, d.card_count) for d in decks] == [("Draft 1", "limited", len(pool) + n_basics)]
    stored = await env.bot.db.decks.get(alice.id, row.deck_id)
    assert sorted(stored.deck.cards("main")) == sorted(row.deck)
    # The rest of the pool is the sideboard (R10).
    assert Counter(stored.deck.cards("side")) == Counter(pool) - Counter(row.deck)
    # ... and /deck show and /deck export know it.
    shown = last_reply(await alice.slash(t.channel, "deck export", name="Draft 1"))
    assert shown is not None
    # Every deck is in: the pod moves on to the rounds.
    await env.settle()
    pod = await env.bot.podplay.store.pod(pod_id)
    assert pod.status in ("playing", "finished")


async def test_pool_export_round_trips_through_deck_import(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    pod_id = await make_pod(env, t, [alice], bots=1)
    await env.bot.podplay.start_building(pod_id)
    await env.settle()
    result = await alice.user.click(build_panel(alice), label="📄 Export pool")
    reply = last_reply(result)
    assert reply.ephemeral and "format:limited" in reply.content
    text = (await reply.attachments[0].read()).decode()
    saved = last_reply(
        await alice.slash(
            t.channel,
            "deck import",
            game="afrika",
            name="My pool",
            format="limited",
            file=("pool.txt", text.encode()),
        )
    )
    assert "Saved **My pool**" in saved.content, saved.content
    stored = await env.bot.db.decks.get_named(alice.id, "afrika", "My pool")
    pool = (await seat_row(env, pod_id, 0)).pool
    assert Counter(stored.deck.cards("main")) == Counter(pool)
    # /pod pool gives the same file.
    again = last_reply(await alice.slash(t.channel, "pod pool"))
    assert (await again.attachments[0].read()).decode() == text
    # /pod deck re-opens the panel (ephemeral), and a restart keeps the DM panel working.
    reopened = last_reply(await alice.slash(t.channel, "pod deck"))
    assert reopened.ephemeral and "your deck" in reopened.content
    from bot.client import create_bot

    await env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(env.bot.settings.db_path)))
    await alice.user.click(build_panel(alice), label="🤖 Auto-build")
    assert len((await seat_row(env, pod_id, 0)).draft) == 40
