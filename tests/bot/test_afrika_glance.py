"""Afrika at a glance through the bot (issue #16): prompts that say what is decided, Pass that says
where it goes, a terrain in one click with the other placements explained, card details to
yourself, the clock as a live Discord timestamp, the seat back from the AI, the ephemeral hand
below the newest board, the end said once, and a quiet Travel button."""

from __future__ import annotations

from typing import Any

import discord
from simcord import assert_error

from bot.client import create_bot
from engines.afrika.cards import card
from engines.core import CardhostError, get_engine
from tests.bot.table import buttons, game_thread, last_reply, make_table, move_ids, panel_message
from tests.bot.test_trust_ids import _click as forged_click

SPARK_BOLT = "LC045"
VOLCANIC = "LB04"
MAGMA_HOUND = "LC011"
SAND_SKIMMER = "LC238"


def _use(monkeypatch: Any, position: dict[str, Any]) -> None:
    engine = get_engine("afrika")
    monkeypatch.setattr(type(engine), "setup", lambda self, cfg, seed: self.position(cfg, seed, position))


async def _duel(env: Any, t: Any) -> Any:
    await t.members["alice"].slash(t.channel, "play afrika")
    return await env.bot.matches.get(max(env.bot.matches._cache))


def _components(message: Any) -> list[Any]:
    return [c for row in message.components for c in getattr(row, "children", [])]


def _button(message: Any, label: str) -> Any:
    found = [c for c in _components(message) if isinstance(c, discord.Button) and c.label == label]
    assert found, f"no button {label!r}: {[getattr(c, 'label', None) for c in _components(message)]}"
    return found[0]


def _menu(message: Any, prefix: str) -> Any:
    found = [c for c in _components(message) if (c.custom_id or "").startswith(prefix)]
    assert found, f"no {prefix} menu: {[c.custom_id for c in _components(message)]}"
    return found[0]


MAIN_PHASE = {
    "active": 0,
    "step": "explore1",
    "players": [
        {
            "hand": [{"card": VOLCANIC, "id": 11}, {"card": MAGMA_HOUND, "id": 12}],
            "permanents": [
                {"card": VOLCANIC, "id": 60, "zone": "terrain"},
                {"card": VOLCANIC, "id": 61, "zone": "terrain"},
                {"card": SAND_SKIMMER, "id": 62, "zone": "1"},
            ],
        },
        {"life": 20},
    ],
}


async def test_main_phase_prompt_pass_label_and_one_click_terrain(simcord_env, monkeypatch) -> None:
    _use(monkeypatch, MAIN_PHASE)
    t = make_table(simcord_env, ("alice",))
    alice = t.members["alice"]
    live = await _duel(simcord_env, t)
    panel = panel_message(alice, live.id)
    assert "**Your Exploration phase:** play a terrain, cast a card, use an ability, or pass to combat." in (
        panel.content
    ), panel.content
    assert "It's your turn" not in panel.content
    assert _button(panel, "Pass: to combat").style == discord.ButtonStyle.secondary
    # Travel moves a vehicle: a grey button, never brighter than Pass.
    travel = _button(panel, "Travel with Sand Skimmer")
    assert travel.style == discord.ButtonStyle.secondary
    # A basic terrain: one button to the usual place (the Terrain Stack), the others explained.
    terrain = [
        b for b in _components(panel) if isinstance(b, discord.Button) and "Volcanic" in (b.label or "")
    ]
    assert [b.label for b in terrain] == ["Play Volcanic Valleys to the Terrain Stack"]
    more = _menu(panel, "ms:")
    placements = {o.value: o for o in more.options if o.value.startswith("terrain:")}
    assert set(placements) == {"terrain:11:1", "terrain:11:2"}
    assert all("no zone ability" in (o.description or "") for o in placements.values())
    charges = [o for o in more.options if o.value.startswith("charge:")]
    assert charges and all("rarely needed" in (o.description or "") for o in charges)
    # The Hound goes with the army (Zone 1, where the Skimmer is); Zone 2 waits in the menu.
    assert _button(panel, "Cast Magma Hound into Zone 1")
    assert any(o.value == "cast:12:2" and "Zone 2" in (o.description or "") for o in more.options)
    before = live.seq
    result = await alice.user.click(panel, custom_id=terrain[0].custom_id)
    assert not result.followups
    log = await simcord_env.bot.db.matches.actions(live.id, after_seq=before)
    assert [a.action_id for a in log if not a.by_ai][:1] == ["terrain:11:s"], "one click plays the terrain"
    # A less usual placement is one choice in the menu, too (the terrain play is used: now the Hound).
    panel = panel_message(alice, live.id)
    result = await alice.user.select(panel, ["cast:12:2"], custom_id=_menu(panel, "ms:").custom_id)
    assert not result.followups, [f.content for f in result.followups]
    assert any(p.card == MAGMA_HOUND for p in live.engine.view(live.state, None).seats[0].zone2)


async def test_second_main_phase_pass_ends_the_turn(simcord_env, monkeypatch) -> None:
    _use(monkeypatch, {**MAIN_PHASE, "step": "explore2"})
    t = make_table(simcord_env, ("alice",))
    live = await _duel(simcord_env, t)
    panel = panel_message(t.members["alice"], live.id)
    assert _button(panel, "End turn")
    assert "or end your turn." in panel.content


async def test_an_opponents_spell_asks_for_a_response_by_name(simcord_env, monkeypatch) -> None:
    _use(
        monkeypatch,
        {
            "active": 1,
            "step": "explore1",
            "players": [
                {
                    "hand": [{"card": SPARK_BOLT, "id": 11}],
                    "permanents": [{"card": VOLCANIC, "id": 60, "zone": "terrain"}],
                },
                {
                    "hand": [{"card": MAGMA_HOUND, "id": 21}],
                    "permanents": [
                        {"card": VOLCANIC, "id": 70, "zone": "terrain"},
                        {"card": VOLCANIC, "id": 71, "zone": "terrain"},
                    ],
                },
            ],
        },
    )
    t = make_table(simcord_env, ("alice",))
    live = await _duel(simcord_env, t)
    panel = panel_message(t.members["alice"], live.id)
    assert "**Respond to AI's Magma Hound?**" in panel.content, panel.content
    assert _button(panel, "Pass: let Magma Hound resolve")
    # A response prompt passes on its own: the countdown says so, from the stored deadline.
    row = await simcord_env.bot.db.matches.get_clock(live.id)
    assert row.kind == "response"
    assert f"⏳ passes <t:{int(row.deadline)}:R> if you don't answer" in panel.content


async def test_card_details_show_a_card_to_its_reader_alone(simcord_env, monkeypatch) -> None:
    _use(monkeypatch, MAIN_PHASE)
    t = make_table(simcord_env, ("alice", "bob"))
    alice = t.members["alice"]
    live = await _duel(simcord_env, t)
    panel = panel_message(alice, live.id)
    menu = _menu(panel, "cd:")
    assert menu.placeholder == "Card details: read a card"
    labels = {o.value: o.label for o in menu.options}
    assert labels[MAGMA_HOUND] == "Magma Hound (in your hand)"
    assert labels[SAND_SKIMMER] == "Sand Skimmer", "permanents on the board can be read too"
    result = await alice.user.select(panel, [MAGMA_HOUND], custom_id=menu.custom_id)
    shown = last_reply(result)
    assert shown.ephemeral and shown.content.startswith("**Magma Hound**")
    assert shown.attachments and shown.attachments[0].filename == f"card-{MAGMA_HOUND}.png"
    seq = live.seq
    # A forged menu (any value) names no card: a sentence, not an error; the game is untouched.
    said = await forged_click(simcord_env, t.members["bob"], t.channel, f"cd:{live.id}", select=True)
    assert said == "I don't know that card: choose one from the menu."
    assert live.seq == seq, "reading a card changes nothing"
    # /card in the game's thread answers only the asker; in the channel it is posted for everyone.
    thread = game_thread(t)
    asked = await t.members["bob"].slash(thread, "card", name="Magma Hound")
    assert last_reply(asked).ephemeral and "Magma Hound" in last_reply(asked).content
    public = await t.members["bob"].slash(t.channel, "card", name="Magma Hound")
    assert not last_reply(public).ephemeral


async def test_the_clock_shows_on_the_board_and_the_panel_and_survives_a_restart(
    simcord_env, monkeypatch, db_file
) -> None:
    _use(monkeypatch, MAIN_PHASE)
    t = make_table(simcord_env, ("alice",))
    alice = t.members["alice"]
    live = await _duel(simcord_env, t)
    row = await simcord_env.bot.db.matches.get_clock(live.id)
    assert row.kind == "turn" and row.seat == 0
    stamp = f"<t:{int(row.deadline)}:R>"
    assert f"⏳ time runs out {stamp} (with 0:30 of reserve)" in panel_message(alice, live.id).content
    board = next(m for m in reversed(game_thread(t).history()) if m.attachments)
    assert stamp in board.content and "To play: <@" in board.content
    await simcord_env.advance_time(60)
    await simcord_env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    reloaded = await simcord_env.bot.matches.get(live.id)
    assert stamp in simcord_env.bot.table.board_content(reloaded, mention=False), (
        "after a restart the shown deadline is the stored one, not a fresh turn"
    )


async def test_take_my_seat_back_after_the_ai_took_it(simcord_env, monkeypatch) -> None:
    _use(monkeypatch, MAIN_PHASE)
    t = make_table(simcord_env, ("alice", "mallory"))
    alice, mallory = t.members["alice"], t.members["mallory"]
    live = await _duel(simcord_env, t)
    bot = simcord_env.bot
    async with live.lock:
        await bot.matches.hand_over_to_ai(live, 0)
    await bot.table.update_dms(live, force=True)
    await simcord_env.settle()  # the edit is the sender's, written as the bot runs on
    panel = panel_message(alice, live.id)
    assert "The AI plays your seat" in panel.content and "`/game reclaim`" in panel.content
    assert not move_ids(panel), "no moves while the AI holds the seat"
    back = _button(panel, "Take my seat back")
    # Someone else's click (the id forged into a channel) is refused in words.
    said = await forged_click(simcord_env, mallory, t.channel, back.custom_id)
    assert said == "You're not playing in this game."
    assert live.seats[0].is_ai
    result = await alice.user.click(panel, custom_id=back.custom_id)
    assert "Your seat is yours again" in last_reply(result).content
    assert not live.seats[0].is_ai
    seats = await bot.db.matches.seats(live.id)
    assert not seats[0].is_ai and seats[0].consecutive_timeouts == 0
    assert any("takes their seat back" in m.content for m in game_thread(t).history())
    panel = panel_message(alice, live.id)
    assert move_ids(panel), "she decides again"
    again = await alice.slash(game_thread(t), "game reclaim")
    assert last_reply(again).content == "Your seat is yours already: nobody plays it for you."
    assert_error(simcord_env, CardhostError, contains="yours already")
    outsider = await mallory.slash(game_thread(t), "game reclaim")
    assert last_reply(outsider).content == "You're not playing in this game."
    assert_error(simcord_env, CardhostError, contains="not playing")


async def test_the_ephemeral_hand_stays_below_the_board_edited_in_place(simcord_env, monkeypatch) -> None:
    players = [{**MAIN_PHASE["players"][0], "codex": [VOLCANIC] * 5}, {"codex": [VOLCANIC] * 5}]
    _use(monkeypatch, {**MAIN_PHASE, "step": "explore2", "players": players})
    t = make_table(simcord_env, ("alice",))
    alice = t.members["alice"]
    simcord_env.inject_error(
        "POST", f"/channels/{alice.user.dm_channel.id}/messages", status=403, code=50007, times=None
    )
    await _duel(simcord_env, t)
    thread = game_thread(t)
    board = next(m for m in reversed(thread.history()) if m.attachments and m.components)
    shown = await alice.click(board, label="Show my hand")
    panel = last_reply(shown)
    assert panel.ephemeral
    result = await alice.click(panel.message, custom_id=_button(panel.message, "End turn").custom_id)
    # Ending the turn against the AI comes back to alice, who just clicked: the board is edited in
    # place, not posted anew (issue #33), so the hand stays below the newest board, edited there.
    newest_board = max(m.id for m in thread.history() if m.attachments)
    assert newest_board == board.id, "no new board when the turn comes back to the one who clicked"
    assert not result.followups, "the panel is edited where it is, not sent again"
    assert result.response is not None and "Your hand" in result.response.content


async def test_the_end_is_said_once(simcord_env, monkeypatch, limited_discord) -> None:
    _use(
        monkeypatch,
        {
            "active": 0,
            "step": "explore1",
            "players": [
                {
                    "hand": [{"card": SPARK_BOLT, "id": 11}],
                    "permanents": [{"card": VOLCANIC, "id": 60, "zone": "terrain"}],
                },
                {"life": 2},
            ],
        },
    )
    t = make_table(simcord_env, ("alice",))
    alice = t.members["alice"]
    live = await _duel(simcord_env, t)
    start = limited_discord.mark()
    for action in ("cast:11", "target:P2"):
        panel = panel_message(alice, live.id)
        ids = [c for c in move_ids(panel) if c.split(":", 3)[3] == action]
        await alice.user.click(panel, custom_id=ids[0])
    assert not live.active
    thread = [m.content for m in game_thread(t).history()]
    # The AI's Codex is empty in this position: it loses at its first draw.
    board = next(text for text in reversed(thread) if "**Game over.**" in text)
    endings = [line for line in board.splitlines() if line.startswith("> ") and "empty Codex" in line]
    assert endings == ["> AI must draw from an empty Codex.", "> AI drew from an empty Codex and loses."], (
        endings
    )
    # The result is written once, on the last board (issue 33 item 2: no message of its own).
    final = [text for text in thread if "Final ranking" in text]
    assert final == [board] and "_AI had to draw from an empty Codex._" in board.splitlines(), final
    assert sum(text.count("had to draw from an empty Codex") for text in thread) == 1, thread
    # ... with Watch the replay on it, and no message posted in the thread for it: the last
    # board's one edit says it.
    last = next(m for m in game_thread(t).history() if "Final ranking" in m.content)
    assert [b.label for b in buttons(last)] == ["Watch the replay"]
    await simcord_env.settle()
    rows = limited_discord.since(start)
    posts = [
        r
        for r in rows
        if r.global_bound
        and r.route == "POST /channels/{channel_id}/messages"
        and r.channel_id == live.thread_id
    ]
    assert not posts, limited_discord.by_route(rows, global_only=True)
    assert card(SPARK_BOLT).name == "Spark Bolt"
