"""Card statistics per server through the bot (issue #21 item 5): /stats card and /stats set.

A 4-seat pod (alice and three bots) is drafted by clicks, built and played to its final standings
(alice concedes her games, the bots play theirs out); alice then plays a duel against the AI to its
end by clicks, bob's duel is ended by the host (no result: not counted), and in a second server
carol concedes a duel (another server: not counted here). The numbers /stats gives are checked
against a hand count over the same stored data, made without the statistics' SQL: picks from the
pick log, decks and winners from each match's config and outcome, and plays by replaying every
game and reading its log ("P1 casts Nebula Drake ..."), where the bot stored a card per move.
"""

from __future__ import annotations

import io
import re
import sqlite3
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from simcord import assert_error

from bot.db import Database
from bot.db.migrate import MIGRATIONS_DIR
from bot.text import clip
from engines.core import CardhostError, MatchConfig, PlayerId, Rng, choose_action
from engines.games import game_spec
from tests.bot.table import game_thread, has_moves, last_reply, make_table, panel_message, play_move
from tests.bot.test_draft_flow import draft_to_the_end, open_pod
from tests.bot.test_podplay_building import build_panel

GAME = "afrika"
_PLAYED = re.compile(
    r"^P(\d) (?:casts|plays) (.+?)(?: into Zone| to the Terrain| as the active| with X| \(| targeting|\.$)"
)


@dataclass
class HandCount:
    """Counts made by hand: per card, the picks by people and the decks, wins and plays."""

    games: int = 0
    picks: dict[str, list[int]] = field(default_factory=dict)
    decks: Counter[str] = field(default_factory=Counter)
    wins: Counter[str] = field(default_factory=Counter)
    plays: Counter[str] = field(default_factory=Counter)
    played_in: Counter[str] = field(default_factory=Counter)


def _times(n: int) -> str:
    return "once" if n == 1 else "twice" if n == 2 else f"{n} times"


async def hand_count(env: Any, db_file: Path, guild_id: int, pod_ids: list[int]) -> HandCount:
    spec = game_spec(GAME)
    assert spec.deck_pool is not None
    pool = spec.deck_pool()
    count = HandCount()
    for pod_id in pod_ids:
        for pick in await env.bot.drafts.store.picks(pod_id):
            if pick.by == "player":
                count.picks.setdefault(pick.card, []).append(pick.pick_no)
    ids = await _match_ids(env)
    for match_id in ids:
        row = await env.bot.db.matches.get(match_id)
        if row.guild_id != guild_id or row.status != "finished" or not row.outcome:
            continue
        count.games += 1
        ranking = row.outcome["ranking"]
        winners = set(ranking[0]) if len(ranking) > 1 else set()
        for seat, deck in enumerate(row.config["decks"]):
            for card in set(deck):
                count.decks[card] += 1
                count.wins[card] += seat in winners
        # plays: replay the game and read its log, one event at a time
        cfg = MatchConfig(players=len(row.config["decks"]), options=row.config)
        state = spec.engine.setup(cfg, row.seed)
        seen: set[tuple[int, str]] = set()
        for action in await env.bot.db.matches.actions(match_id):
            step = spec.engine.apply(
                state, PlayerId(action.seat), spec.engine.decode_action(action.action_id)
            )
            for event in step.events:
                m = _PLAYED.match(event.text)
                if m:
                    card = pool.by_name(m[2])[0].id
                    count.plays[card] += 1
                    if (int(m[1]) - 1, card) not in seen:
                        seen.add((int(m[1]) - 1, card))
                        count.played_in[card] += 1
            state = step.state
    return count


async def _play_duel_by_clicks(env: Any, t: Any, member: Any, seed: int) -> Any:
    """``member`` plays a duel against the AI to its end, choosing like the AI would."""
    await member.slash(t.channel, f"play {GAME}")
    live = await env.bot.matches.get(max(env.bot.matches._cache))
    rng = Rng.from_seed(seed)
    for _ in range(3000):
        if not live.active:
            break
        assert has_moves(panel_message(member, live.id))
        await play_move(member, live.id, choose_action(live.engine, live.state, PlayerId(0), rng).to_id())
    assert not live.active
    return live


async def _finish_the_pod(env: Any, t: Any, pod_id: int) -> None:
    """Alice concedes each of her games (a result: her opponent wins); the bots play theirs."""
    store = env.bot.podplay.store
    for _ in range(20):
        if (await store.pod(pod_id)).status == "finished":
            return
        for row in await store.matches(pod_id):
            if row.status != "playing":
                continue
            live = await env.bot.matches.get(row.match_id)
            if live.active and live.seat_of(t.members["alice"].id) is not None:
                thread = next(th for th in t.channel.threads if th.id == live.thread_id)
                await t.members["alice"].slash(thread, "game concede")
        await env.settle()
    raise AssertionError("the pod did not finish")


@pytest.mark.backends
@pytest.mark.simcord(settle_timeout=60)  # a whole pod's boards drawn: the pod tests' timeout
async def test_card_stats_over_a_finished_pod_and_matches(simcord_env, db_file: Path) -> None:
    env = simcord_env
    t = make_table(env)
    alice, bob = t.members["alice"], t.members["bob"]
    live_pod = await open_pod(env, t, "alice", (), seats=4, timer="slow")
    await draft_to_the_end(env, t, live_pod, ("alice",), check_progress=False)
    await env.settle()
    await alice.user.click(build_panel(alice), label="🤖 Auto-build")
    await alice.user.click(build_panel(alice), label="✅ Submit deck")
    await env.settle()
    await _finish_the_pod(env, t, live_pod.id)
    duel = await _play_duel_by_clicks(env, t, alice, seed=7)
    await bob.slash(t.channel, f"play {GAME}")
    await bob.slash(game_thread(t), "game end", reason="time")
    other = env.create_guild("Elsewhere")
    elsewhere = other.create_text_channel("table")
    carol = other.add_member(env.create_user("carol2"))
    await carol.slash(elsewhere, f"play {GAME}")
    await carol.slash(elsewhere.threads[-1], "game concede")
    await env.settle()

    count = await hand_count(env, db_file, t.guild.id, [live_pod.id])
    assert count.games >= 4 and count.plays, "bots' tables and the duel were played out"
    stored = await env.bot.db.matches.actions(duel.id)
    assert any(a.seat == 0 and not a.by_ai for a in stored), "alice's own clicks are in the duel"

    # /stats card: a card alice picked and played in her duel, and the most played card
    spec = game_spec(GAME)
    assert spec.deck_pool is not None
    pool = spec.deck_pool()
    in_duel = await _cards_played_by(env, duel.id, 0)
    candidates = [c for c in count.picks if c in count.decks and c in count.plays]
    chosen = [max(candidates, key=lambda c: count.plays[c])] if candidates else []
    chosen += [c for c in in_duel if c in count.plays][:1]
    chosen += [max(count.plays, key=lambda c: (count.plays[c], c))]
    chosen += sorted(c for c in count.decks if not count.plays[c])[:1]  # held, never played
    for card in chosen:
        reply = last_reply(await alice.slash(t.channel, "stats card", name=card))
        text = reply.content
        assert pool.card(card).name in text
        picks = count.picks.get(card, [])
        if picks:
            avg = sum(picks) / len(picks)
            assert f"picked {_times(len(picks))} by players in the server's 1 draft" in text, text
            assert f"at pick {avg:.1f} on average" in text, text
        else:
            assert "nobody here has picked it" in text, text
        decks, wins = count.decks[card], count.wins[card]
        assert (
            f"in {decks} deck{'s' if decks != 1 else ''} of the {count.games} games finished here" in text
        ), text
        assert f"those decks won {wins} ({wins / decks:.0%})" in text, text
        plays, played_in = count.plays[card], count.played_in[card]
        if plays:
            assert f"played {_times(plays)}, in {played_in} of those {decks} game" in text, text
        else:
            assert f"not played in those {decks} game" in text, text

    # /stats set, by each metric: the chart and the ranking in its alt text match the hand count
    for by, at_least in (("win", 1), ("win", 2), ("pick", 1), ("played", 2)):
        result = await alice.slash(t.channel, "stats set", by=by, at_least=at_least)
        reply = last_reply(result)
        assert reply.attachments, reply.content
        attachment = reply.attachments[0]
        assert attachment.filename == f"card-stats-{GAME}-{by}.png"
        assert f"Game Night · {count.games} games finished, 1 draft · ranked by" in reply.content
        assert attachment.description == clip(_expected_ranking(count, pool, by, at_least), 1024)
        image = Image.open(io.BytesIO(await attachment.read()))
        assert image.width == 800 and image.height > 400

    # another server counts only its own game; a card nobody there has picked
    card = chosen[0]
    text = last_reply(await carol.slash(elsewhere, "stats card", name=card)).content
    assert "nobody here has picked it in the server's 0 drafts" in text
    decks_there = sum(1 for deck in (await _decks_in(env, db_file, other.id)) if card in deck)
    if decks_there:
        assert f"in {decks_there} deck" in text and "of the 1 game finished here" in text
    else:
        assert "not in any deck of the 1 game finished here yet" in text

    # the name autocompletes as in /card; in a thread the bot opened the answer is for the asker
    choices = await alice.autocomplete(t.channel, "stats card", "name", pool.card(card).name[:6].lower())
    assert card in [c["value"] for c in choices]
    public = last_reply(await alice.slash(t.channel, "stats card", name=card))
    quiet = last_reply(await alice.slash(game_thread(t), "stats card", name=card))
    assert not public.ephemeral and quiet.ephemeral and quiet.content == public.content
    assert "stats card" in alice.available_commands(t.channel)
    dm_commands = alice.user.available_commands()
    assert "card" in dm_commands and "stats set" not in dm_commands, "statistics are per server"

    # refusals, in sentences
    reply = last_reply(await alice.slash(t.channel, "stats card", name="No Such Card Anywhere"))
    assert reply.content.startswith("There is no card called 'No Such Card Anywhere' in any game here.")
    assert_error(env, CardhostError, contains="no card called")
    reply = last_reply(await carol.slash(elsewhere, "stats set", at_least=5))
    assert "has been in a deck of 5 games on this server yet (1 game finished so far)" in reply.content


async def _cards_played_by(env: Any, match_id: int, seat: int) -> list[str]:
    return [a.card for a in await _stored_plays(env, match_id) if a.seat == seat and a.card]


async def _stored_plays(env: Any, match_id: int) -> list[Any]:
    def read(conn: sqlite3.Connection) -> list[Any]:
        return list(
            conn.execute(
                "SELECT seat, card FROM match_actions WHERE match_id = ? AND card IS NOT NULL", (match_id,)
            )
        )

    @dataclass
    class Play:
        seat: int
        card: str

    return [Play(s, c) for s, c in await env.bot.db.query(read)]


async def _match_ids(env: Any) -> list[int]:
    """Every stored match, read through the bot's own database (either backend)."""
    return await env.bot.db.query(
        lambda c: [int(r[0]) for r in c.execute("SELECT id FROM matches ORDER BY id")]
    )


async def _decks_in(env: Any, db_file: Path, guild_id: int) -> list[list[str]]:
    out = []
    for match_id in await _match_ids(env):
        row = await env.bot.db.matches.get(match_id)
        if row.guild_id == guild_id and row.status == "finished" and row.outcome:
            out.extend(row.config["decks"])
    return out


def _expected_ranking(count: HandCount, pool: Any, key: str, at_least: int) -> str:
    """The alt text /stats set should give, worked out from the hand count."""
    rows = []
    for card, info in pool.cards.items():
        if info.tags & {"basic", "token"}:
            continue
        if key == "pick":
            picks = count.picks.get(card, [])
            if len(picks) < at_least:
                continue
            value, sample = sum(picks) / len(picks), len(picks)
            shown, detail = f"{value:.1f}", f"picked {_times(sample)}"
            order = value
        else:
            decks = count.decks[card]
            if decks < at_least or not decks:
                continue
            if key == "win":
                value = count.wins[card] / decks
                detail = f"won {count.wins[card]} of {decks} game{'s' if decks != 1 else ''}"
            else:
                value = count.played_in[card] / decks
                detail = (
                    f"played in {count.played_in[card]} of {decks} game{'s' if decks != 1 else ''},"
                    f" {_times(count.plays[card])} in all"
                )
            sample, shown, order = decks, f"{value:.0%}", -value
        rows.append((order, sample, info.name, f"{info.name} {shown} ({detail})"))
    rows.sort(key=lambda r: (r[0], -r[1], r[2]))
    n_top = min(8, (len(rows) + 1) // 2)
    top = [r[3] for r in rows[:n_top]]
    bottom = [r[3] for r in sorted(rows[n_top:], key=lambda r: (-r[0], -r[1], r[2]))[:8]]
    titles = {"win": ("Highest win rate", "Lowest win rate"), "pick": ("Picked earliest", "Picked latest"),
              "played": ("Played most", "Played least")}[key]  # fmt: skip
    return f"{titles[0]}: {'; '.join(top) or 'none'}. {titles[1]}: {'; '.join(bottom) or 'none'}."


# ------------------------------------------------------------------------------ the migration


async def test_the_migration_fills_in_the_decks_of_matches_stored_before_it(tmp_path: Path) -> None:
    """Matches stored before the card statistics get their match_decks rows from their config."""
    old = tmp_path / "old"
    old.mkdir()
    files = sorted(p.name for p in MIGRATIONS_DIR.iterdir() if p.name.endswith(".sql"))
    mine = next(f for f in files if f.endswith("__card_stats.sql"))
    for name in files[: files.index(mine)]:
        (old / name).write_text(MIGRATIONS_DIR.joinpath(name).read_text(encoding="utf-8"), encoding="utf-8")
    path = tmp_path / "db.sqlite3"
    db = await Database(path, migrations_dir=old).open()
    starters = list(game_spec(GAME).starter_decks().values())
    decks = [starters[0], starters[1]]
    from bot.db.matches import SeatInfo

    match_id = await db.matches.create_match(
        GAME, "1", {"decks": decks}, 1, [SeatInfo(1, "a"), SeatInfo(None, "AI", True)], 5, 6, 1
    )
    chrono = await db.matches.create_match(
        "chrono", "1", {"suits": 3}, 2, [SeatInfo(1, "a"), SeatInfo(2, "b")], 5, 6, 1
    )
    await db.close()
    db = await Database(path).open()
    try:

        def rows(conn: sqlite3.Connection) -> list[tuple[int, int, str, int]]:
            query = "SELECT match_id, seat, card, copies FROM match_decks ORDER BY 1, 2, 3"
            return [tuple(r) for r in conn.execute(query)]

        got = await db.query(rows)
    finally:
        await db.close()
    want = sorted(
        (match_id, seat, card, n) for seat, deck in enumerate(decks) for card, n in Counter(deck).items()
    )
    assert got == want and all(r[0] != chrono for r in got)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_played_card_agrees_with_the_game_log(seed: int) -> None:
    """The declaration's played_card names the card the log says was cast or played, on the move
    that did it (a cast that opens a choice counts when it completes), and nothing else."""
    spec = game_spec(GAME)
    assert spec.played_card is not None and spec.deck_pool is not None
    pool = spec.deck_pool()
    state = spec.engine.setup(MatchConfig(players=2), seed)
    rng = Rng.from_seed(seed)
    plays = 0
    while spec.engine.outcome(state) is None:
        seat = int(min(spec.engine.current_players(state)))
        step = spec.engine.apply(state, PlayerId(seat), spec.ai(spec.engine, state, PlayerId(seat), rng))
        said = [m for ev in step.events if (m := _PLAYED.match(ev.text))]
        got = spec.played_card(state, step.state, seat)
        if said:
            assert got == pool.by_name(said[0][2])[0].id and int(said[0][1]) - 1 == seat
            plays += 1
        else:
            assert got is None
        state = step.state
    assert plays >= 5


# ------------------------------------------------------------------------------ the ranking


def _data(**cards: tuple[int, int]) -> Any:
    """Counts where each card was in ``decks`` decks and won ``wins`` of them."""
    from bot.db.cardstats import CardCounts, CardStatsData, Totals

    return CardStatsData(
        Totals(games=100, decks=200, drafts=0),
        {cid: CardCounts(cid, decks=d, wins=w) for cid, (d, w) in cards.items()},
    )


def test_rank_top_and_bottom_never_share_a_card_and_ties_go_to_the_bigger_sample() -> None:
    from bot.presenters.registry import entry
    from bot.services.cardstats import METRICS, rank

    table = entry(GAME).table
    pool = table.game.deck_pool()
    spells = [c.id for c in pool.cards.values() if not c.tags & {"basic", "token"}][:30]
    basic = next(c.id for c in pool.cards.values() if "basic" in c.tags)
    counts = {cid: (10 + i, i % 7) for i, cid in enumerate(spells)}
    counts[basic] = (90, 90)  # every deck holds basics: never ranked
    counts[spells[0]] = (4, 4)  # a small sample, left out at at_least=5
    r = rank(table, _data(**counts), METRICS["win"], 5)
    top, bottom = [i.id for i, _ in r.top], [i.id for i, _ in r.bottom]
    assert len(top) == len(bottom) == 8 and not set(top) & set(bottom)
    assert basic not in top + bottom and spells[0] not in top + bottom and r.ranked == 29
    rates = [c.wins / c.decks for _, c in r.top]
    assert rates == sorted(rates, reverse=True)
    low = [c.wins / c.decks for _, c in r.bottom]
    assert low == sorted(low) and low[0] == 0.0
    # two cards with the same rate: the one with more games behind it comes first at the top
    tie = rank(
        table, _data(**{spells[1]: (10, 5), spells[2]: (40, 20), spells[3]: (8, 0)}), METRICS["win"], 1
    )
    assert [i.id for i, _ in tie.top] == [spells[2], spells[1]] and [i.id for i, _ in tie.bottom] == [
        spells[3]
    ]
    one = rank(table, _data(**{spells[1]: (10, 5)}), METRICS["win"], 1)
    assert len(one.top) == 1 and not one.bottom
