"""Clicks per pick in a Cosmic Draft pod, drafted by people's clicks through the real bot on simcord.

    python -m bench.draft_clicks [--seats 8] [--people 2] [--picks N] [--seed 11]

``--people`` people (alice, bob, ...) and bots fill an ``--seats`` pod (``/draft create bots:true``,
the others Join, alice Starts). Each person picks in their DM panel, doing whatever the panel
asks, and each gesture counts as a click:

- opening the pack menu (Discord opens a select's list on a click, before a choice is sent);
- the choice in it (an interaction sent to the bot);
- then, if the choice did not pick the card, the enabled button that now carries it (Confirm).

Picks go round the people until the draft ends (or ``--picks`` picks were made, a quick run).
Prints picks made, clicks, and clicks per pick; a click that did not pick is reported as a
refusal. No timing is measured: the same count with the code of any commit (issue #35 item 4
recorded it before and after in bench/README.md).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import tempfile
from pathlib import Path
from typing import Any

PANEL_PREFIX = "**Cosmic Draft** · pod #"


def _components(message: Any) -> list[Any]:
    return [c for row in message.components for c in getattr(row, "children", [])]


def _panel(member: Any, pod_id: int) -> Any:
    for msg in reversed(member.user.dm_channel.history()):
        if msg.content.startswith(f"{PANEL_PREFIX}{pod_id} "):
            return msg
    return None


def _menu(message: Any) -> Any:
    return next((c for c in _components(message) if getattr(c, "options", None)), None)


async def draft_by_clicks(seats: int, people: int, limit: int, seed: int) -> dict[str, int]:
    from simcord.env import Env

    from bench.latency import fast_settle
    from bot.client import create_bot

    # simcord has no rate limits: the sender does not pace (as in tests/bot/conftest.py).
    os.environ.setdefault("CARDHOST_DISCORD_GLOBAL_RATE", "10000")
    os.environ.setdefault("CARDHOST_DISCORD_CHANNEL_WRITES", "1000")
    with tempfile.TemporaryDirectory() as tmp:
        bot = create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(Path(tmp) / "clicks.sqlite3"))
        seeds = itertools.count(seed)
        bot.drafts.seed_source = lambda: next(seeds)
        counts = {"picks": 0, "clicks": 0, "refused": 0}
        with fast_settle():
            # As the tests' ``simcord_env``: not ``simcord.run``, whose virtual time would fire
            # every pick clock the moment the pod is idle (bots would draft the people's seats).
            env = Env(bot)
            await env.start()
            try:
                guild = env.create_guild("Bench")
                channel = guild.create_text_channel("draft")
                names = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi"][:people]
                members = [guild.add_member(env.create_user(n)) for n in names]
                await members[0].slash(channel, "draft create", seats=seats, timer="slow", bots=True)
                lobby = channel.last_message
                for m in members[1:]:
                    await m.click(lobby, label="Join")
                await members[0].click(lobby, label="Start")
                pod_id = int(lobby.embeds[0].title.split("#")[1])
                live = await bot.drafts.get(pod_id)
                while live.drafting and (not limit or counts["picks"] < limit):
                    progressed = False
                    for m in members:
                        seat = live.seat_of(m.id)
                        assert seat is not None
                        msg = _panel(m, pod_id)
                        menu = _menu(msg) if msg is not None else None
                        if menu is None or not live.drafting:
                            continue
                        before = len(live.state.pools[seat.seat])
                        card = menu.options[0].value
                        counts["clicks"] += 2  # open the menu, choose
                        await m.user.select(msg, [card], custom_id=menu.custom_id)
                        if live.drafting and len(live.state.pools[seat.seat]) == before:
                            fresh = next(x for x in m.user.dm_channel.history() if x.id == msg.id)
                            carry = [
                                b
                                for b in _components(fresh)
                                if not getattr(b, "options", None)
                                and not getattr(b, "disabled", False)
                                and (getattr(b, "custom_id", "") or "").endswith(f":{card}")
                            ]
                            if carry:
                                counts["clicks"] += 1
                                await m.user.click(fresh, custom_id=carry[0].custom_id)
                        if len(live.state.pools[seat.seat]) > before or not live.drafting:
                            counts["picks"] += 1
                            progressed = True
                        else:
                            counts["refused"] += 1
                    if not progressed:
                        raise RuntimeError("nobody could pick while the draft runs")
                bot.drafts.cancel_all()  # the pick clocks: simcord would wait them out at its end
            finally:
                await env.shutdown()
        await bot.db.close()
        return counts


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=8)
    parser.add_argument("--people", type=int, default=2)
    parser.add_argument(
        "--picks", type=int, default=0, help="stop after this many picks (0: the whole draft)"
    )
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    counts = asyncio.run(draft_by_clicks(args.seats, args.people, args.picks, args.seed))
    picks, clicks = counts["picks"], counts["clicks"]
    print(
        f"{args.people} people + {args.seats - args.people} bots: {picks} picks by clicks, {clicks} clicks, "
        f"{clicks / max(picks, 1):.2f} clicks per pick ({counts['refused']} clicks refused)"
    )


if __name__ == "__main__":
    main()
