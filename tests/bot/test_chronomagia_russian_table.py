"""The table's words around a Chronomagia match, for a reader who chose Русский (issue 34 item
10): the reply to /play and the greeting the game's thread opens under, the AI's seat named
"ИИ" (its stored name stays "AI"), and why a click was refused, each in the reader's language
while a player who kept English reads English."""

from __future__ import annotations

from typing import Any

from engines.core import PlayerId, Rng, choose_action
from tests.bot.table import (
    custom_ids,
    game_thread,
    last_reply,
    make_table,
    move_ids,
    panel_message,
    play_move,
    start_challenge,
)
from tests.bot.test_chronomagia_language import english_words


async def _latest(env: Any) -> Any:
    return await env.bot.matches.get(max(await env.bot.matches.active_match_ids()))


async def test_play_against_the_ai_is_greeted_in_russian(simcord_env) -> None:
    """alice chose Русский: the reply to /play chronomagia (who plays whom, the greeting, the
    clock) is Russian, the AI is "ИИ" there and in the board's log, and the stored name is
    still "AI". bob kept English: his reply reads as before."""
    env = simcord_env
    t = make_table(env, ("alice", "bob"))
    alice, bob = t.members["alice"], t.members["bob"]
    await alice.slash(t.channel, "settings language", language="ru")
    said = last_reply(await alice.slash(t.channel, "play chronomagia")).content
    live = await _latest(env)
    assert said.startswith("⚔️ **Хрономагия**: <@"), said
    assert "против ИИ (" in said and "Ветка игры — ниже." in said, said
    assert f"🎴 **Хрономагия** №{live.id} начинается! Игроки по порядку мест: " in said, said
    assert "ИИ" in said.split("Игроки по порядку мест: ")[1], said
    # Deck labels are deck names (the player's own words); the table's words hold no English.
    labels = {w for s in live.seats for w in english_words(s.name)} | english_words(said.split("(")[1])
    assert not english_words(said) - labels - english_words(said.split("против ИИ (")[1].split(")")[0]), said
    assert [s.name for s in live.seats if s.is_ai] == ["AI"], "the stored seat name stays"
    # The board speaks alice's language (she is its only human): the AI's moves name it "ИИ".
    rng = Rng.from_seed(5)
    while live.engine.view(live.state, None).turn < 3 and live.outcome is None:
        seat = min(live.current)
        await play_move(alice, live.id, choose_action(live.engine, live.state, PlayerId(seat), rng).to_id())
    boards = [m.content for m in game_thread(t).history() if m.attachments]
    assert any("ИИ" in b for b in boards) and not any("AI" in b for b in boards), boards[-1]

    english = last_reply(await bob.slash(t.channel, "play chronomagia")).content
    assert english.startswith("⚔️ **Chronomagia**: <@") and " vs the AI (" in english, english
    assert " begins! Players in seat order: " in english and ", AI." in english, english


async def test_a_refused_click_reads_in_the_clickers_language(simcord_env) -> None:
    """Both players open their hand in the thread during the Redeal, decide from their DM panel,
    then click the same move on the copy (a button of a position already played): the copy
    becomes the current panel with why on top, in Russian to alice and in English to bob; the
    service's own refusals (out of turn) read Russian to alice too."""
    env = simcord_env
    t = make_table(env, ("alice", "bob"))
    members = {"alice": t.members["alice"], "bob": t.members["bob"]}
    await members["alice"].slash(t.channel, "settings language", language="ru")
    await start_challenge(t, "alice", "bob", "chronomagia")
    live = await _latest(env)
    thread = game_thread(t)
    board = next(m for m in reversed(thread.history()) if f"hand:{live.id}" in custom_ids(m))
    copies = {n: last_reply(await m.click(board, label="Show my hand")).message for n, m in members.items()}
    shown: dict[str, str] = {}
    for name, member in members.items():
        await member.user.click(
            panel_message(member, live.id), custom_id=move_ids(panel_message(member, live.id))[0]
        )
        seq = live.seq
        result = await member.click(copies[name], custom_id=move_ids(copies[name])[0])
        assert not result.followups and live.seq == seq, "a stale click plays nothing"
        shown[name] = next(m for m in thread.history(viewer=member) if m.id == copies[name].id).content
    assert shown["alice"].startswith("*Этот ход уже недоступен. Вот позиция сейчас.*"), shown["alice"]
    assert shown["bob"].startswith("*This move is no longer available. Here is the position now.*"), shown[
        "bob"
    ]


async def test_the_replay_is_drawn_and_told_in_the_tables_language(simcord_env) -> None:
    """alice (Русский) plays the AI and concedes. /replay: the animated replay shown to the
    channel speaks the table's language (alice's, the only player), with the AI as "ИИ" and the
    result in Russian; the step's board is drawn in the reader's language (bob's in English, a
    different picture) and the animation of a Russian table is not the English one."""
    env = simcord_env
    t = make_table(env, ("alice", "bob"))
    alice, bob = t.members["alice"], t.members["bob"]
    await alice.slash(t.channel, "settings language", language="ru")
    await alice.slash(t.channel, "play chronomagia")
    live = await _latest(env)
    rng = Rng.from_seed(7)
    while live.engine.view(live.state, None).turn < 3:
        await play_move(alice, live.id, choose_action(live.engine, live.state, PlayerId(0), rng).to_id())
    await alice.slash(game_thread(t), "game concede")
    env.settle_timeout = 120.0  # drawing the animated replay takes seconds (tests/bot/test_replay.py)
    frames: dict[str, bytes] = {}
    movies: dict[str, Any] = {}
    for name, member in (("alice", alice), ("bob", bob)):
        result = await member.slash(t.channel, "replay", match=live.id)
        frames[name] = await result.response.message.attachments[0].read()
        movies[name] = next(m for m in reversed(t.channel.history()) if m.attachments and "🎞️" in m.content)
    said = movies["alice"].content
    assert said.startswith(f"🎞️ **Повтор**: Хрономагия, игра №{live.id}: alice, ИИ\n"), said
    assert "🏁 **Итоги**\n1-е место: ИИ" in said and "сдача" in said, said
    assert not english_words(said, ("alice",)), said
    assert movies["alice"].attachments[0].description == f"Анимированный повтор игры №{live.id}"
    assert movies["bob"].content == said, "shown to the channel, it speaks the table's language"
    assert frames["alice"] != frames["bob"], "the step's board is drawn in each reader's language"
    service = env.bot.replays
    timeline = await service.timeline(live.id, t.guild.id)
    english = await service.animation(timeline)
    assert english.data != (await service.animation(timeline, lang="ru")).data
