"""Helpers for Afrika tables of more than two played through the bot: open a variant's lobby, play
the seats of people by clicks on their DM panels (the AI's own choice for each), and check every
message each reader received against what their seat may know (teammates see each other's hands,
R124/R151; nobody else sees any hand)."""

from __future__ import annotations

import re
from typing import Any

from engines.afrika.cards import ENERGY_NAMES, card
from engines.core import MatchConfig, PlayerId, Rng, choose_action, get_engine
from tests.bot.table import has_moves, make_table, move_ids, panel_message, play_move
from tests.bot.test_afrika_hidden_info import Replay, Seen, Viewer, _replay


def lobby_message(table: Any) -> Any:
    return next(m for m in reversed(table.channel.history()) if m.embeds)


async def latest_live(env: Any) -> Any:
    return await env.bot.matches.get(max(env.bot.matches._cache))


async def challenge_at(env: Any, monkeypatch: Any, position: dict[str, Any]) -> tuple[Any, Any]:
    """alice challenges bob to an Afrika duel that starts at ``position`` (the engine's own
    ``position`` set-up), bob joins and alice starts: the table and the live match."""
    engine = get_engine("afrika")
    monkeypatch.setattr(type(engine), "setup", lambda self, cfg, seed: self.position(cfg, seed, position))
    t = make_table(env)
    alice, bob = t.members["alice"], t.members["bob"]
    await alice.slash(t.channel, "play afrika", opponent=bob)
    await bob.click(lobby_message(t), label="Join")
    await alice.click(lobby_message(t), label="Start")
    return t, await latest_live(env)


async def click_offered(member: Any, live: Any, action: str) -> None:
    """Click the button of move ``action`` on the member's DM panel, which must offer it and answer
    with no refusal."""
    panel = panel_message(member, live.id)
    ids = [c for c in move_ids(panel) if c.split(":", 3)[3] == action]
    assert ids, f"{member.name} is not offered {action}: {move_ids(panel)}"
    result = await member.user.click(panel, custom_id=ids[0])
    assert not result.followups, [f.content for f in result.followups]


def engine_plays_allied() -> bool:
    """Whether the engine plays Allied Kingdoms as teams yet (a team member's view names the teams)."""
    from engines.afrika import GAME
    from engines.afrika.decks import STARTERS, expand

    decks = [expand(c) for c in STARTERS.values()]
    try:
        s = GAME.engine.setup(MatchConfig(players=4, options={"variant": "allied", "decks": decks * 2}), 1)
    except Exception:
        return False
    return bool(GAME.engine.view(s, PlayerId(0)).teams)


async def click_for(live: Any, member: Any, seat: int, rng: Rng, said: list[str] | None = None) -> str:
    """Make, on ``member``'s DM panel, the move the Afrika AI would make for ``seat``."""
    assert has_moves(panel_message(member, live.id)), f"{member.name} must act but the DM panel has no moves"
    action = choose_action(live.engine, live.state, PlayerId(seat), rng).to_id()
    result = await play_move(member, live.id, action, said)
    assert not result.followups, [f.content for f in result.followups]
    return action


def human_to_act(live: Any) -> int | None:
    """The seat of a person the match waits for (the bot plays AI seats itself)."""
    waiting = [p for p in sorted(live.current) if not live.seats[p].is_ai]
    return waiting[0] if waiting else None


# ------------------------------------------------------------------ what each reader may know


def public_names(s: Any) -> set[str]:
    """Names of the cards in public zones of state ``s``: the battlefield, Voids, Exiles, the stack,
    a spell being announced, and the Command zone with each Star Lord (public from the start, R140)."""
    ids: list[int] = []
    for pl in s.players:
        ids += [*pl.field, *pl.terrains, *pl.artifacts, *pl.void, *pl.exile, *pl.command]
        ids += [x for x in pl.slots if x]
    names = {card(s.objs[i].card).name for i in ids if i in s.objs}
    names |= {card(pl.lord).name for pl in s.players if getattr(pl, "lord", "")}
    names |= {card(it.card).name for it in s.stack if it.card}
    if s.choice is not None and s.choice.kind == "cast" and s.choice.card:
        names.add(card(s.choice.card).name)
    return names


async def replay_table(env: Any, live: Any) -> Replay:
    return await _replay(env, live, public_names)


def teammates(live: Any, seat: int) -> set[int]:
    from engines.afrika.variants import team_layout

    variant = str(live.cfg.options.get("variant", "duel"))
    for team in team_layout(variant, len(live.seats)):
        if seat in team:
            return set(team) - {seat}
    return set()


def _window(seq: int | None, filename: str) -> list[int]:
    """States a picture stored at ``seq`` may have been drawn from: the seq its file name gives
    ("board-<match>-<seq>.png": an edit of a message's words keeps its older picture), else the
    recent ones (the bot draws, then sends)."""
    hi = 0 if seq is None else seq
    named = re.fullmatch(r"[a-z]+-\d+-(\d+)\.png", filename)
    if named and int(named[1]) <= hi:
        return [int(named[1])]
    return list(range(hi, max(-1, hi - 40), -1))


def find_table_leaks(
    seen: list[Seen], rp: Replay, viewers: list[Viewer], public_channels: set[int]
) -> list[str]:
    """Every recorded message against each seat that saw it: a name of another player's lists
    (not a teammate's) that the seat's own lists lack and that was never public by then; a board
    picture that is not the public board of a state of its time; a hand picture that is not the
    viewer's own hand (with what their seat may see of a teammate's) at such a state."""
    live = rp.live
    lists = [{card(c).name for c in deck} for deck in live.cfg.options["decks"]]
    words = set(ENERGY_NAMES.values())
    patterns = {n: re.compile(rf"(?<!\w){re.escape(n)}(?!\w)") for names in lists for n in names}
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
            friends = {v.seat, *teammates(live, v.seat)}
            allowed = set().union(*(lists[s] for s in friends))
            others = set().union(*(lists[s] for s in range(len(lists)) if s not in friends))
            secret = others - allowed - rp.public_ever[seq] - words
            for text in msg.texts:
                for n in secret:
                    if patterns[n].search(text):
                        leaks.append(
                            f"#{msg.order} (seq {msg.seq}) shows {n!r} to seat {v.seat}: {text[:160]!r}"
                        )
            for filename, data in msg.attachments:
                where = f"#{msg.order} (seq {msg.seq}) {filename} seen by seat {v.seat}"
                if msg.seq is None:
                    leaks.append(f"{where}: a picture before the match existed")
                elif filename.startswith("board-"):
                    if not any(data == rp.board_png(j) for j in _window(msg.seq, filename)):
                        leaks.append(f"{where}: not the public board of any state of its time")
                elif filename.startswith("hand-"):
                    if not any(data == rp.hand_png(j, v.seat) for j in _window(msg.seq, filename)):
                        leaks.append(f"{where}: not the viewer's own hand at any state of its time")
                elif not filename.startswith("card-"):
                    leaks.append(f"{where}: an unexpected picture")
    return leaks
