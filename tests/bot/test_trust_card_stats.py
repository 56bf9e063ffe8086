"""/stats never shows a deck that is still hidden from someone who can ask (issue #32 item 1).

Card statistics count a match's decks (and a pod's picks) only once nothing about them is hidden
any more: a series' games count when the series is over, a pod's games and picks when the pod is
over (docs/playing.md, "When a deck counts"). Before that, game 1 of a best of three told anyone
in the server the opponent's whole deck (``/stats set at_least:1`` listed it, ``/stats card``
confirmed any card of it), and a pod's first round told a player the drafted deck of the rival
they meet next. Both cases are played through the bot here, on SQLite and PostgreSQL (the rule is
in the statistics' SQL).
"""

from __future__ import annotations

from typing import Any

import pytest

from engines.games import game_spec
from tests.bot.table import game_thread, last_reply, make_table
from tests.bot.test_card_stats import _finish_the_pod
from tests.bot.test_draft_flow import draft_to_the_end, open_pod
from tests.bot.test_podplay_building import build_panel

GAME = "afrika"


def _spells(cards: Any) -> set[str]:
    """The cards a ranking may show (basics and tokens are never ranked)."""
    spec = game_spec(GAME)
    assert spec.deck_pool is not None
    pool = spec.deck_pool()
    return {c for c in cards if not pool.card(c).tags & {"basic", "token"}}


async def _stats_card(member: Any, channel: Any, card: str) -> str:
    return str(last_reply(await member.slash(channel, "stats card", name=card)).content)


async def _stats_set(member: Any, channel: Any, **options: Any) -> Any:
    return last_reply(await member.slash(channel, "stats set", **options))


async def _decks(env: Any, match_id: int) -> list[list[str]]:
    row = await env.bot.db.matches.get(match_id)
    return [list(d) for d in row.config["decks"]]


@pytest.mark.backends
async def test_a_series_decks_count_only_once_the_series_is_over(simcord_env: Any) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    await alice.slash(t.channel, f"play {GAME}", best_of=3)
    thread = game_thread(t)
    game1 = await env.bot.matches.get(max(await env.bot.matches.active_match_ids()))
    mine, theirs = await _decks(env, game1.id)
    hidden = sorted(_spells(theirs) - set(mine))
    assert hidden, "the AI's deck holds cards alice's does not"

    # Game 1 has a result (alice concedes it); game 2 is being played.
    await alice.slash(thread, "game concede")
    await env.settle()
    found = await env.bot.series.store.of_match(game1.id)
    assert found is not None and found[0].status == "playing" and found[0].wins == (0, 1)
    assert (await env.bot.db.matches.get(game1.id)).status == "finished"

    for card in hidden[:3]:
        text = await _stats_card(alice, t.channel, card)
        assert "Decks: not in any deck of the 0 games finished here yet." in text, text
    reply = await _stats_set(alice, t.channel, at_least=1)
    assert not reply.attachments, "a chart of the opponent's deck"
    assert "has been in a deck of 1 game on this server yet (0 games finished so far)" in reply.content

    # Game 2 ends the series 0-2: both games' decks count now.
    game2 = await env.bot.matches.get(max(await env.bot.matches.active_match_ids()))
    assert game2.id != game1.id
    decks2 = await _decks(env, game2.id)
    await alice.slash(thread, "game concede")
    await env.settle()
    found = await env.bot.series.store.of_match(game2.id)
    assert found is not None and found[0].status == "finished"
    card = hidden[0]
    held = sum(card in deck for deck in [mine, theirs, *decks2])
    text = await _stats_card(alice, t.channel, card)
    assert f"Decks: in {held} deck{'s' if held != 1 else ''} of the 2 games finished here" in text, text
    reply = await _stats_set(alice, t.channel, at_least=1)
    assert reply.attachments and "2 games finished" in reply.content


async def _play_round_one(env: Any, t: Any, pod_id: int) -> list[Any]:
    """Round 1 is played (alice concedes her game, the bots play theirs) and round 2 is paired."""
    store = env.bot.podplay.store
    alice = t.members["alice"]
    for _ in range(20):
        rows: list[Any] = await store.matches(pod_id)
        if any(r.round == 2 for r in rows) and all(r.status == "done" for r in rows if r.round == 1):
            return rows
        for row in rows:
            if row.round != 1 or row.status != "playing":
                continue
            live = await env.bot.matches.get(row.match_id)
            if live.active and live.seat_of(alice.id) is not None:
                thread = next(th for th in t.channel.threads if th.id == live.thread_id)
                await alice.slash(thread, "game concede")
        await env.settle()
    raise AssertionError("round 2 was not paired")


@pytest.mark.backends
async def test_a_pods_decks_and_picks_count_only_once_the_pod_is_over(simcord_env: Any) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    live_pod = await open_pod(env, t, "alice", (), seats=4, timer="slow")
    await draft_to_the_end(env, t, live_pod, ("alice",), check_progress=False)
    await env.settle()
    picked = [p.card for p in await env.bot.drafts.store.picks(live_pod.id) if p.by == "player"]
    assert picked

    # The draft is over, the decks are being built: nobody's picks count yet.
    text = await _stats_card(alice, t.channel, picked[0])
    assert "Drafts: nobody here has picked it in the server's 0 drafts." in text, text
    reply = await _stats_set(alice, t.channel, by="pick", at_least=1)
    assert not reply.attachments and "(0 drafts so far)" in reply.content, reply.content

    await alice.user.click(build_panel(alice), label="🤖 Auto-build")
    await alice.user.click(build_panel(alice), label="✅ Submit deck")
    await env.settle()
    rows = await _play_round_one(env, t, live_pod.id)
    assert (await env.bot.podplay.store.pod(live_pod.id)).status == "playing"

    # alice's next rival played round 1 at the other table: that deck must not show.
    me = next(s.seat for s in await env.bot.podplay.store.seats(live_pod.id) if s.user_id == alice.id)
    mine = next(r for r in rows if r.round == 2 and me in (r.seat_a, r.seat_b))
    rival = mine.seat_b if mine.seat_a == me else mine.seat_a
    assert rival is not None
    before = next(r for r in rows if r.round == 1 and rival in (r.seat_a, r.seat_b))
    assert before.match_id is not None and before.status == "done"
    assert (await env.bot.db.matches.get(before.match_id)).status == "finished"
    decks = await _decks(env, before.match_id)
    rival_deck = decks[0 if before.seat_a == rival else 1]
    own_deck = next(s.deck for s in await env.bot.podplay.store.seats(live_pod.id) if s.seat == me)
    hidden = sorted(_spells(rival_deck) - set(own_deck or ()))
    assert hidden
    for card in hidden[:3]:
        text = await _stats_card(alice, t.channel, card)
        assert "Decks: not in any deck of the 0 games finished here yet." in text, text
        assert "in the server's 0 drafts" in text, text
    reply = await _stats_set(alice, t.channel, at_least=1)
    assert not reply.attachments and "(0 games finished so far)" in reply.content, reply.content
    reply = await _stats_set(alice, t.channel, by="pick", at_least=1)
    assert not reply.attachments and "(0 drafts so far)" in reply.content, reply.content

    # The pod is over: its games, decks and picks count.
    await _finish_the_pod(env, t, live_pod.id)
    games = [r for r in await env.bot.podplay.store.matches(live_pod.id) if r.match_id is not None]
    text = await _stats_card(alice, t.channel, hidden[0])
    assert f"of the {len(games)} games finished here" in text and "Decks: in " in text, text
    text = await _stats_card(alice, t.channel, picked[0])
    assert "by players in the server's 1 draft" in text, text
    assert (await _stats_set(alice, t.channel, at_least=1)).attachments
    assert (await _stats_set(alice, t.channel, by="pick", at_least=1)).attachments


@pytest.mark.backends
async def test_a_pod_table_played_as_a_series_counts_when_the_pod_is_over(databases: Any) -> None:
    """A best-of-3 pod table: game 1's match is the pod table's, game 2 is reached only through
    the series. Once that series is over but the pod is not, neither game counts (the store, on
    both backends: a whole best-of-3 pod through the bot is test_pod_series.py's, and slow)."""
    from bot.db.cardstats import CardStatsStore
    from bot.db.drafts import DraftStore
    from bot.db.matches import SeatInfo
    from bot.db.podplay import PodPlayStore
    from bot.db.series import SeriesSeat, SeriesStore
    from engines.core import Outcome

    guild = 77
    starters = list(game_spec(GAME).starter_decks().values())
    decks = [list(starters[0]), list(starters[1])]
    async with databases.make() as db:
        seats = [SeatInfo(1, "a"), SeatInfo(2, "b")]
        games = [
            await db.matches.create_match(GAME, "1", {"decks": decks}, n, seats, guild, 5, 1, decks=decks)
            for n in (1, 2)
        ]
        for match_id in games:
            assert await db.matches.finish(match_id, "finished", Outcome(((0,), (1,)), "concede"), None)
        pod = await DraftStore(db).create("sealed", guild, 5, 1, "a", {"game": GAME}, 9, 0.0)
        podplay, series = PodPlayStore(db), SeriesStore(db)
        await podplay.set_status(pod, "playing")
        await podplay.add_round(pod, 1, [(0, 1)])
        await podplay.set_match(pod, 1, 1, games[0])
        sid = await series.create(
            game=GAME, best_of=3, fmt="draft", seats=[SeriesSeat(1, "a", False), SeriesSeat(2, "b", False)],
            options={}, decks=[{"main": d, "side": []} for d in decks], guild_id=guild, channel_id=5,
            host_id=1, turn_seconds=60.0, first_match_id=games[0],
        )  # fmt: skip
        assert await series.record_game(
            sid, 1, game_status="won", game_winner=0, wins=[1, 0], status="sideboarding"
        )
        assert await series.start_game(sid, 2, games[1])
        stats = CardStatsStore(db)
        playing = await stats.counts(guild, GAME, draft_game=None)
        assert playing.totals.games == 0 and not playing.cards, "game 2 of an open series"
        assert await series.record_game(
            sid, 2, game_status="won", game_winner=0, wins=[2, 0], status="finished", winner=0
        )
        await podplay.record(games[0], 0)
        unfinished_pod = await stats.counts(guild, GAME, draft_game=None)
        assert unfinished_pod.totals.games == 0 and not unfinished_pod.cards, "the pod is not over"
        await podplay.set_status(pod, "finished", finished=True)
        over = await stats.counts(guild, GAME, draft_game=None)
        assert over.totals.games == 2 and over.totals.decks == 4
        card = sorted(_spells(decks[0]))[0]
        assert over.card(card).decks == sum(card in d for d in decks) * 2
