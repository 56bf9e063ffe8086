"""Clicks at an Afrika table of more than two, played through the real bot on simcord.

    python -m bench.table_clicks [--variant starlords|allied|overlord] [--players N] [--seed S]
                                 [--rounds R] [--show]

Every seat is a person (the AI's own policy choosing for them) who clicks the buttons of their
DM panel; every move the bot makes for them (passes where nobody is asked, forced choices) costs
no click. The table opens as players open it: ``/play afrika variant:``, each joins (by team), the host
starts. Prints, per seat, the clicks they made on their own turns (their team's turns in Allied
Kingdoms and against the Overlord) and the prompts they were shown while another side's turn was
on (responses, blocks, choices), per round (every side has had one turn); ``--show`` prints each
prompt with its buttons and the choice made, which is how the note shows the game as players saw
it. No timing is asserted.
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

NAMES = ("alice", "bob", "carol", "dave", "erin", "frank")


def _components(message: Any) -> list[Any]:
    return [c for row in message.components for c in getattr(row, "children", [])]


def _side(view: Any, seat: int) -> tuple[int, ...]:
    """The seats whose turn a seat's turn is (its team's, or its own)."""
    for team in getattr(view, "teams", ()) or ():
        if seat in team:
            return tuple(team)
    return (seat,)


async def play_table(
    variant: str, players: int, seed: int, rounds: int = 6, show: bool = False, max_clicks: int = 4000
) -> dict[str, Any]:
    import simcord

    from bench.latency import fast_settle
    from bot.client import create_bot
    from engines.core import MatchConfig, PlayerId, Rng, choose_action
    from tests.bot.table import panel_message, play_move

    names = NAMES[:players]
    own: Counter[tuple[int, int]] = Counter()  # (turn, seat) -> clicks on one's own (team's) turn
    asked: Counter[tuple[int, int]] = Counter()  # (round, seat) -> prompts off one's turn
    prompts: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        bot = create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(Path(tmp) / "table.sqlite3"))
        seeds = itertools.count(seed)
        bot.matches.seed_source = lambda: next(seeds)
        with fast_settle():
            async with simcord.run(bot) as env:
                guild = env.create_guild("Bench")
                channel = guild.create_text_channel("table")
                members = [guild.add_member(env.create_user(n)) for n in names]
                host = members[0]
                await host.slash(channel, "play afrika", variant=variant, seats=players)
                lobby = next(m for m in reversed(channel.history()) if m.embeds)
                labels = [c.label for c in _components(lobby)]
                for i, m in enumerate(members):
                    if variant == "allied":
                        await m.click(lobby, label=labels[0 if i < 2 else 1])  # alice+bob v carol+dave
                    elif variant == "overlord":
                        await m.click(lobby, label=labels[0 if i == 0 else 1])  # alice is the Overlord
                    elif i:
                        await m.click(lobby, label="Join")
                await host.click(lobby, label="Start")
                live = await bot.matches.get(max(bot.matches._cache))
                by_seat = {i: members[names.index(s.name)] for i, s in enumerate(live.seats)}
                sides = len(getattr(live.engine.view(live.state, None), "teams", ()) or ()) or players
                rng = Rng.from_seed(seed)
                clicks = 0
                while live.active and clicks < max_clicks:
                    view = live.engine.view(live.state, None)
                    if view.turn > rounds * sides:
                        break
                    seat = min(live.current)
                    member = by_seat[seat]
                    mine = seat in _side(view, view.active)
                    rnd = max(1, (view.turn + sides - 1) // sides)
                    panel = panel_message(member, live.id)
                    chosen = choose_action(live.engine, live.state, PlayerId(seat), rng)
                    if show and panel is not None:
                        said = [ln for ln in panel.content.splitlines()[1:] if ln and "hand**" not in ln][:1]
                        buttons = [
                            getattr(c, "label", None) or getattr(c, "placeholder", "")
                            for c in _components(panel)
                        ]
                        prompts.append(
                            f"R{rnd} T{view.turn} {live.seats[seat].name}{'' if mine else ' (off turn)'} | "
                            f"{' / '.join(said)} | {buttons[:8]}"
                        )
                    made: list[str] = []
                    await play_move(member, live.id, chosen.to_id(), made)
                    if show:
                        prompts[-1] += f" -> {chosen.label} [{len(made)}]"
                    if mine:
                        own[(view.turn, seat)] += len(made)
                    else:
                        asked[(rnd, seat)] += 1
                    clicks += len(made)
                final = live.engine.view(live.state, None)
                turns = final.turn
                outcome = live.outcome
                seat_names = [s.name for s in live.seats]
                # Whose turn each turn was (also the turns played without a click: all passes).
                turn_owner: dict[int, tuple[int, ...]] = {}
                actions = await bot.db.matches.actions(live.id)
                state = live.engine.setup(MatchConfig(players=players, options=live.cfg.options), live.seed)
                for a in actions:
                    v = live.engine.view(state, None)
                    turn_owner.setdefault(v.turn, _side(v, v.active))
                    state = live.engine.apply(
                        state, PlayerId(a.seat), live.engine.decode_action(a.action_id)
                    ).state
        await bot.db.close()
    return {
        "own": own,
        "asked": asked,
        "prompts": prompts,
        "turns": turns,
        "sides": sides,
        "outcome": outcome,
        "names": seat_names,
        "turn_owner": turn_owner,
        "clicks": clicks,
        "rounds": rounds,
    }


def report(r: dict[str, Any], variant: str, players: int, seed: int) -> None:
    names, sides = r["names"], r["sides"]
    last = min(r["turns"], r["rounds"] * sides)  # whole rounds only
    played = [t for t in sorted(r["turn_owner"]) if 1 <= t <= last]
    rounds = sorted({max(1, (t + sides - 1) // sides) for t in played})
    print(
        f"{variant}, {players} players, seed {seed}: {r['turns']} turns, {r['clicks']} clicks; {r['outcome']}"
    )
    own_all: list[int] = []
    for seat, name in enumerate(names):
        mine = [t for t in played if seat in r["turn_owner"][t]]
        per = [r["own"][(t, seat)] for t in mine]
        own_all += per
        off = [r["asked"][(rnd, seat)] for rnd in rounds]
        print(
            f"  {name}: own turns {' '.join(f'T{t}:{n}' for t, n in zip(mine, per, strict=True))} "
            f"(mean {mean(per) if per else 0:.2f} clicks) | prompts off turn per round "
            f"{' '.join(f'R{rnd}:{n}' for rnd, n in zip(rounds, off, strict=True))} (mean {mean(off) if off else 0:.2f})"
        )
    asked_all = [r["asked"][(rnd, seat)] for rnd in rounds for seat in range(len(names))]
    print(
        f"  all: {mean(own_all) if own_all else 0:.2f} clicks per own turn (max {max(own_all, default=0)}), "
        f"{mean(asked_all) if asked_all else 0:.2f} prompts per player per round while another side is on turn"
    )
    for line in r["prompts"]:
        print("   ", line)


def main(argv: list[str]) -> int:
    def arg(name: str, default: str) -> str:
        return argv[argv.index(name) + 1] if name in argv else default

    variant = arg("--variant", "starlords")
    players = int(arg("--players", "4"))
    seed = int(arg("--seed", "1"))
    rounds = int(arg("--rounds", "6"))
    r = asyncio.run(play_table(variant, players, seed, rounds, show="--show" in argv))
    report(r, variant, players, seed)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
