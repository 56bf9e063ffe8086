"""Epochs Chrono through the real bot in an offline Discord: lobby, thread, DMs, moves, results."""

from __future__ import annotations

from tests.bot.table import game_thread, make_table, move_ids, panel_message


async def _open_lobby(env, t, host="alice", **options):
    result = await t.members[host].slash(t.channel, "play chrono", **options)
    lobby = t.channel.last_message
    return result, lobby


async def test_lobby_join_add_ai_and_start(simcord_env) -> None:
    t = make_table(simcord_env)
    alice, bob, carol = t.members["alice"], t.members["bob"], t.members["carol"]
    _, lobby = await _open_lobby(simcord_env, t, seats=4)
    assert "lobby" in lobby.embeds[0].title
    await bob.click(lobby, label="Join")
    await carol.click(lobby, label="Join")
    await alice.click(lobby, label="Add AI")
    lobby = t.channel.last_message
    players = lobby.embeds[0].fields[0].value
    assert "bob" in players and "carol" in players and "AI 1" in players
    refused = await bob.click(lobby, label="Start")
    assert "Only the host" in refused.followups[-1].content
    await alice.click(lobby, label="Start")
    thread = game_thread(t)
    board = [m for m in thread.history() if m.attachments]
    assert board and board[-1].attachments[0].filename.startswith("board-")
    for who in (alice, bob, carol):
        dm = panel_message(who)
        assert dm is not None, f"{who.name} got no hand by DM"
        assert "Your hand" in dm.content


async def _start_game(env, t, humans=("alice", "bob", "carol"), ais=1, **options):
    _, lobby = await _open_lobby(env, t, host=humans[0], **options)
    for name in humans[1:]:
        await t.members[name].click(lobby, label="Join")
    for _ in range(ais):
        await t.members[humans[0]].click(lobby, label="Add AI")
    await t.members[humans[0]].click(lobby, label="Start")
    bot = env.bot
    live = await bot.matches.get(max(bot.matches._cache))
    return live


def _member_of_seat(t, live, seat):
    uid = live.seats[seat].user_id
    return next(m for m in t.members.values() if m.id == uid)


async def _play_one_click(t, live):
    """The player to act clicks the first move button of their DM panel."""
    seat = min(live.current)
    member = _member_of_seat(t, live, seat)
    panel = panel_message(member, live.id)
    ids = move_ids(panel)
    assert ids, f"{member.name} must act but their DM has no move buttons"
    result = await member.user.click(panel, custom_id=ids[0])
    assert not result.followups, [f.content for f in result.followups]
    return member


async def test_full_game_three_people_and_an_ai(simcord_env) -> None:
    t = make_table(simcord_env)
    live = await _start_game(simcord_env, t)
    clicks = 0
    while live.active:
        await _play_one_click(t, live)
        clicks += 1
        assert clicks < 2000
    thread = game_thread(t)
    final = [m.content for m in thread.history() if "Final ranking" in m.content]
    assert final, "no final ranking was posted"
    for name in ("alice", "bob", "carol"):
        assert name in final[-1] or "AI 1" in final[-1]
    profile = await t.members["alice"].slash(t.channel, "profile")
    assert "Games played: **1**" in profile.response.embeds[0].description
