"""Clicks per turn in a duel against the AI, played through the real bot on simcord.

    python -m bench.clicks [duels] [first_seed] [--game afrika] [--lang ru] [--show]

A "player" (the AI's own policy choosing for alice) clicks the buttons of her DM panel; every
move the bot makes for her (auto-pass, forced choices) costs no click. Prints clicks per turn of
her own turns and of the AI's turns, per duel and over all; ``--show`` prints each prompt she was
shown with its buttons, which is how prompts are read for wording. No timing is asserted.

A game whose match rule is a series (Spirit Tactics: best of three) is played as the whole
match: between games alice swaps one card with her side deck (in, then out) and clicks Ready,
and those clicks are counted on their own line ("between games"). ``--lang ru`` sets alice's
``/settings language`` first (a game that speaks it shows her panel in Russian).
"""

from __future__ import annotations

import asyncio
import itertools
import sys
import tempfile
from collections import Counter
from pathlib import Path
from statistics import mean
from typing import Any


def _components(message: Any) -> list[Any]:
    return [c for row in message.components for c in getattr(row, "children", [])]


async def play_duel(
    seed: int, show: bool = False, max_clicks: int = 3000, game: str = "afrika", lang: str = "en"
) -> dict[str, Any]:
    """One duel to its end; clicks by (turn, whose turn) and the prompts alice saw."""
    import simcord

    from bench.latency import fast_settle
    from bot.client import create_bot
    from engines.core import PlayerId, Rng, choose_action
    from tests.bot.table import play_move

    with tempfile.TemporaryDirectory() as tmp:
        bot = create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(Path(tmp) / "clicks.sqlite3"))
        seeds = itertools.count(seed)
        bot.matches.seed_source = lambda: next(seeds)
        own: Counter[Any] = Counter()
        theirs: Counter[Any] = Counter()
        decisions: Counter[Any] = Counter()
        prompts: list[str] = []
        with fast_settle():
            async with simcord.run(bot) as env:
                guild = env.create_guild("Bench")
                channel = guild.create_text_channel("table")
                alice = guild.add_member(env.create_user("alice"))
                if lang != "en":
                    await alice.slash(channel, "settings language", language=lang)
                env.settle_timeout = 120.0  # a loaded machine may take more than simcord's 5 s
                await alice.slash(channel, f"play {game}")
                if not bot.matches._cache:
                    await _start_lobby_against_ai(alice, channel)
                live = await bot.matches.get(max(bot.matches._cache))
                rng = Rng.from_seed(seed)
                clicks = 0
                between = 0
                games = 1
                while clicks < max_clicks:
                    if not live.active:
                        await env.settle()
                        found = await bot.series.store.of_match(live.id)
                        if found is None or found[0].status != "sideboarding":
                            break
                        made_between = await _swap_and_ready(alice, swap=games == 1)
                        between += made_between
                        if show:
                            prompts.append(
                                f"-- game {games} over: {live.outcome}; side deck: {made_between} clicks"
                            )
                        await env.settle()
                        live = await bot.matches.get(max(await bot.matches.active_match_ids()))
                        games += 1
                        continue
                    panel = next(
                        m
                        for m in reversed(alice.user.dm_channel.history())
                        if m.attachments and m.attachments[0].filename.startswith(f"hand-{live.id}-")
                    )
                    view = live.engine.view(live.state, None)
                    active = getattr(view, "active", getattr(view, "current", 0))
                    turn, mine = view.turn, active == 0
                    items = _components(panel)
                    if show:
                        prompt = [ln for ln in panel.content.splitlines()[2:] if ln][:2]
                        labels = [getattr(c, "label", None) or getattr(c, "placeholder", "") for c in items]
                        prompts.append(
                            f"G{games} T{turn} {'own' if mine else 'AI'} | {' / '.join(prompt)} | {labels}"
                        )
                    chosen = choose_action(live.engine, live.state, PlayerId(0), rng)
                    action = chosen.to_id()
                    made: list[str] = []
                    joined = _joined_button(live, panel, action, seats_ai={1}) if game == "spirit" else None
                    if joined is not None:
                        made.append(joined)
                        await alice.user.click(panel, custom_id=joined)
                    else:
                        try:
                            await play_move(alice, live.id, action, made)
                        except AssertionError:
                            # A response window ran out while she opened a group (a busy
                            # machine is slow to draw): her clicks count, the game went on.
                            made.append("(window passed)")
                    if show:
                        prompts[-1] += (
                            f" -> {chosen.label} [{len(made)} click{'s' if len(made) != 1 else ''}]"
                        )
                    (own if mine else theirs)[(games, turn)] += len(made)
                    if mine:
                        decisions[(games, turn)] += 1
                    clicks += len(made)
                outcome = live.outcome
                tail = [m.content for m in channel.threads[-1].history()[-4:]]
        await bot.db.close()
    return {
        "own": own,
        "theirs": theirs,
        "prompts": prompts,
        "outcome": outcome,
        "tail": tail,
        "between": between,
        "decisions": decisions,
        "games": games,
    }


def _joined_button(live: Any, panel: Any, action: str, seats_ai: set[int]) -> str | None:
    """A button of the panel that makes ``action`` and the moves after it in one click ("Attack
    with everything, then end the turn"), when alice would make every one of them anyway: played
    forward on a copy, the AI policy chooses each of them in turn (the opponent's moves and her
    automatic ones made in between as the bot makes them). The longest such button; None if none."""
    from bot.services.matches import JOINED

    best: tuple[int, str | None] = (1, None)
    for cid in (c.custom_id or "" for c in _components(panel)):
        if not cid.startswith("mv:"):
            continue
        moves = cid.split(":", 3)[3].split(JOINED)
        if len(moves) > best[0] and moves[0] == action and _would_play(live, moves, seats_ai):
            best = (len(moves), cid)
    return best[1]


def _would_play(live: Any, moves: list[str], seats_ai: set[int]) -> bool:
    from engines.core import PlayerId, Rng, choose_action
    from engines.games import game_spec

    engine, s = live.engine, live.state
    autoplay = game_spec(live.game).autoplay
    rng = Rng.from_seed(live.seq)
    for i, move in enumerate(moves):
        made_auto: set[str] = set()
        for _ in range(200):  # the moves nobody is asked for, up to alice's next decision
            if engine.outcome(s) is not None:
                return False
            current = sorted(engine.current_players(s))
            if 0 in current:
                auto = autoplay.auto_action(engine, s, 0, frozenset()) if autoplay else None
                if auto is None:
                    break
                s = engine.apply(s, PlayerId(0), engine.decode_action(auto)).state
                made_auto.add(auto)
            elif current and current[0] in seats_ai:
                s = engine.apply(s, current[0], choose_action(engine, s, current[0], rng)).state
            else:
                return False
        if move in made_auto:
            continue  # the bot made this one for her already (a lone phase move)
        if i > 0 and choose_action(engine, s, PlayerId(0), rng).to_id() != move:
            return False
        if move not in {a.to_id() for a in engine.legal_actions(s, PlayerId(0))}:
            return False
        s = engine.apply(s, PlayerId(0), engine.decode_action(move)).state
    return True


async def _swap_and_ready(alice: Any, swap: bool) -> int:
    """Between games: one card in from the side deck and one out (when ``swap``), then Ready."""
    panel = next(m for m in reversed(alice.user.dm_channel.history()) if "side deck:" in m.content)
    clicks = 0
    if swap:
        for direction in ("in", "out"):
            menu = next(
                c
                for c in _components(panel)
                if (c.custom_id or "").startswith("sw:") and c.custom_id.split(":")[3] == direction
            )
            await alice.user.select(panel, [menu.options[0].value], custom_id=menu.custom_id)
            clicks += 1
            panel = next(m for m in reversed(alice.user.dm_channel.history()) if "side deck:" in m.content)
    await alice.user.click(panel, label="Ready")
    return clicks + 1


async def _start_lobby_against_ai(alice: Any, channel: Any) -> None:
    """A game that opens a lobby (Epochs Chrono): alice joins, adds one AI seat and starts."""
    lobby = next(m for m in reversed(channel.history()) if m.embeds)
    await alice.click(lobby, label="Join")
    await alice.click(lobby, label="Add AI")
    await alice.click(lobby, label="Start")


def main(argv: list[str]) -> int:
    game = argv[argv.index("--game") + 1] if "--game" in argv else "afrika"
    lang = argv[argv.index("--lang") + 1] if "--lang" in argv else "en"
    args = [a for a in argv[1:] if not a.startswith("--") and a not in (game, lang)]
    duels = int(args[0]) if args else 5
    first = int(args[1]) if len(args) > 1 else 1
    show = "--show" in argv
    own_all: list[int] = []
    decided: list[int] = []
    theirs_all: list[int] = []
    for seed in range(first, first + duels):
        r = asyncio.run(play_duel(seed, show, game=game, lang=lang))
        turns_own = sorted(r["own"])
        own_all += [r["own"][t] for t in turns_own]
        decided += [r["decisions"][t] for t in turns_own]
        theirs_all += list(r["theirs"].values())
        per_turn = " ".join(
            (f"G{g}T{t}" if r["games"] > 1 else f"T{t}") + f":{r['own'][(g, t)]}" for g, t in turns_own
        )
        print(f"seed {seed}: own turns {per_turn} | on the AI's turns {sum(r['theirs'].values())} clicks")
        if r["games"] > 1:
            print(f"    {r['games']} games; between games (side deck and Ready): {r['between']} clicks")
        for line in r["prompts"]:
            print("   ", line)
        if show:
            print("   thread ends with:", *r["tail"], sep="\n    ~ ")
    print(
        f"{duels} duels: {mean(own_all):.2f} clicks per own turn (max {max(own_all)}) for "
        f"{mean(decided):.2f} moves chosen, "
        f"{sum(theirs_all) / max(1, len(own_all)):.2f} clicks per AI turn"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
