"""The shards harness (tests/bot/shards.py): two plain discord.py bots, A owning shard 0 and B
shard 1 of 2, on one simcord Discord. Each event reaches the bot that owns its shard, REST calls
of either act on the shared state, the env waits for both, and a crashed B stops dead while A
carries on."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from simcord import Env
from simcord.backend.errors import SetupError

from bot.mentions import NO_PINGS
from tests.bot.shards import Attached, attach_second, detach, detach_all

Journal = list[tuple[Any, ...]]
#: What the bots share besides Discord, as processes share a database: the message /who posted.
Board = dict[str, tuple[int, int]]


class Probe(commands.AutoShardedBot):
    """One bot process of a two-shard deployment that writes down everything it does."""

    def __init__(self, label: str, shard_ids: list[int], journal: Journal, board: Board) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            shard_count=2,
            shard_ids=shard_ids,
            allowed_mentions=NO_PINGS,
        )
        self.label, self.journal, self.board = label, journal, board
        self.guilds_seen: list[int] = []  # every GUILD_CREATE it received, by guild id
        self.background: set[asyncio.Task[None]] = set()
        for command in self._commands():
            self.tree.add_command(command)

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def close(self) -> None:
        self.journal.append((self.label, "close"))
        await super().close()

    async def on_guild_join(self, guild: discord.Guild) -> None:
        self.guilds_seen.append(guild.id)

    async def on_guild_available(self, guild: discord.Guild) -> None:
        self.guilds_seen.append(guild.id)

    async def on_raw_message_edit(self, payload: discord.RawMessageUpdateEvent) -> None:
        await asyncio.sleep(3600)
        self.journal.append((self.label, "saw an edit"))

    def _say_later(self, channel_id: int, delay: float, text: str) -> None:
        task = asyncio.create_task(self._send_later(channel_id, delay, text))
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    async def _send_later(self, channel_id: int, delay: float, text: str) -> None:
        await asyncio.sleep(delay)
        await self.get_partial_messageable(channel_id).send(text, allowed_mentions=NO_PINGS)

    def _commands(self) -> list[app_commands.Command[Any, Any, Any]]:
        everywhere = app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)

        @everywhere
        @app_commands.command(name="who", description="Which bot process answers here.")
        async def who(interaction: discord.Interaction[Any]) -> None:
            self.journal.append((self.label, "who", interaction.guild_id))
            await interaction.response.send_message(f"{self.label} answered.", allowed_mentions=NO_PINGS)
            sent = await interaction.original_response()
            self.board["who"] = (sent.channel.id, sent.id)

        @app_commands.command(name="relabel", description="Edit the message /who posted last.")
        async def relabel(interaction: discord.Interaction[Any]) -> None:
            channel_id, message_id = self.board["who"]
            message = self.get_partial_messageable(channel_id).get_partial_message(message_id)
            await message.edit(content=f"Relabelled by {self.label}.", allowed_mentions=NO_PINGS)
            await interaction.response.send_message("Relabelled.", allowed_mentions=NO_PINGS)

        @app_commands.command(name="later", description="Answer now and say more a moment later.")
        async def later(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_message("Later, then.", allowed_mentions=NO_PINGS)
            for _ in range(20):  # several loop turns before the task exists
                await asyncio.sleep(0)
            channel_id = interaction.channel_id
            assert channel_id is not None
            self._say_later(channel_id, 0.05, f"Later from {self.label}.")

        @app_commands.command(name="arm", description="Wake up in an hour, twice.")
        async def arm(interaction: discord.Interaction[Any]) -> None:
            channel_id = interaction.channel_id
            assert channel_id is not None
            self._say_later(channel_id, 3600, f"{self.label} woke up.")
            asyncio.get_running_loop().call_later(3600, self.journal.append, (self.label, "timer"))
            await interaction.response.send_message("Armed.", allowed_mentions=NO_PINGS)

        return [who, relabel, later, arm]


@pytest.fixture
def journal() -> Journal:
    return []


@pytest.fixture
def board() -> Board:
    return {}


@pytest.fixture
async def shard_env(journal: Journal, board: Board) -> AsyncIterator[Env]:
    """Bot A (shard 0 of 2) under an env the test makes itself; at the end every bot is detached
    and the env shut down, and neither a bot error nor a task may be left over."""
    env = Env(Probe("A", [0], journal, board), shard_count=2)
    await env.start()
    try:
        yield env
        await detach_all(env)
    finally:
        await env.shutdown()
    env._raise_errors_since(0)
    assert asyncio.get_running_loop().get_task_factory() is None, "the harness left its task factory"
    leftover = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
    assert not leftover, f"tasks left running after shutdown: {leftover}"


@pytest.fixture
async def bot_b(shard_env: Env, journal: Journal, board: Board) -> Attached:
    """Bot B, shard 1 of 2, on the same Discord."""
    return await attach_second(shard_env, Probe("B", [1], journal, board))


def _said(channel: Any) -> list[str]:
    return [m.content for m in channel.history()]


async def test_each_event_reaches_the_bot_owning_its_shard(
    shard_env: Env, bot_b: Attached, journal: Journal
) -> None:
    zero, one = shard_env.create_guild("Zero", shard_id=0), shard_env.create_guild("One", shard_id=1)
    assert (zero.id >> 22) % 2 == 0 and (one.id >> 22) % 2 == 1
    user = shard_env.create_user("alice")
    at_zero, at_one = zero.add_member(user), one.add_member(user)
    table0, table1 = zero.create_text_channel("table"), one.create_text_channel("table")

    in_dm = await user.slash("who")
    in_zero = await at_zero.slash(table0, "who")
    in_one = await at_one.slash(table1, "who")

    assert [r.response.content if r.response else None for r in (in_dm, in_zero, in_one)] == [
        "A answered.",
        "A answered.",
        "B answered.",
    ]
    assert journal == [("A", "who", None), ("A", "who", zero.id), ("B", "who", one.id)]
    a, b = shard_env.bot, bot_b.bot
    assert isinstance(a, discord.AutoShardedClient)
    assert (a.get_guild(zero.id), a.get_guild(one.id)) == (a.get_guild(zero.id), None)
    assert b.get_guild(one.id) is not None and b.get_guild(zero.id) is None
    assert sorted(a.shards) == [0] and sorted(b.shards) == [1]


async def test_a_bot_attached_later_gets_its_shards_guilds_and_only_those(
    shard_env: Env, journal: Journal, board: Board
) -> None:
    zero, one = shard_env.create_guild("Zero", shard_id=0), shard_env.create_guild("One", shard_id=1)
    await shard_env.settle()

    b = await attach_second(shard_env, Probe("B", [1], journal, board))

    a = shard_env.bot
    assert isinstance(a, Probe) and isinstance(b.bot, Probe)
    assert b.bot.is_ready() and [g.id for g in b.bot.guilds] == [one.id]
    # Guilds a bot finds at start-up are no news (no on_guild_join, as for the env's own bot),
    # and the env's bot is not told again of the guilds it has.
    assert (a.guilds_seen, b.bot.guilds_seen) == ([zero.id], [])


async def test_a_rest_call_of_one_bot_acts_on_what_the_other_sent(shard_env: Env, bot_b: Attached) -> None:
    one = shard_env.create_guild("One", shard_id=1)
    user = shard_env.create_user("alice")
    member, table = one.add_member(user), one.create_text_channel("table")
    await user.slash("who")  # bot A answers in the DM
    assert _said(user.dm_channel) == ["A answered."]

    result = await member.slash(table, "relabel")  # bot B edits A's message

    assert result.response is not None and result.response.content == "Relabelled."
    assert _said(user.dm_channel) == ["Relabelled by B."]


async def test_what_a_bot_does_about_an_event_the_other_caused_is_its_own(
    shard_env: Env, bot_b: Attached, journal: Journal
) -> None:
    one = shard_env.create_guild("One", shard_id=1)
    user = shard_env.create_user("alice")
    member, table = one.add_member(user), one.create_text_channel("table")
    await user.slash("who")
    await member.slash(table, "relabel")  # bot A hears of B's edit (a DM: shard 0) and waits an hour

    await detach(bot_b, crash=True)
    await shard_env.advance_time(3601)

    assert journal == [("A", "who", None), ("A", "saw an edit")]


async def test_settling_waits_for_the_attached_bots_work(shard_env: Env, bot_b: Attached) -> None:
    one = shard_env.create_guild("One", shard_id=1)
    member, table = one.add_member(shard_env.create_user("alice")), one.create_text_channel("table")

    await member.slash(table, "later")  # returns once the env has settled

    assert _said(table) == ["Later, then.", "Later from B."]
    assert not bot_b.pending_tasks()


async def test_a_crashed_bot_gets_nothing_more_and_runs_nothing_more(
    shard_env: Env, bot_b: Attached, journal: Journal
) -> None:
    zero, one = shard_env.create_guild("Zero", shard_id=0), shard_env.create_guild("One", shard_id=1)
    user = shard_env.create_user("alice")
    at_zero, at_one = zero.add_member(user), one.add_member(user)
    table0, table1 = zero.create_text_channel("table"), one.create_text_channel("table")
    await at_zero.slash(table0, "arm")
    await at_one.slash(table1, "arm")
    assert bot_b.pending_tasks(), "B's hour-long sleep is under way"

    await detach(bot_b, crash=True)
    unanswered = await at_one.slash(table1, "who")
    answered = await at_zero.slash(table0, "who")
    await shard_env.advance_time(3601)

    assert unanswered.response is None and not unanswered.acknowledged
    assert answered.response is not None and answered.response.content == "A answered."
    assert journal == [("A", "who", zero.id), ("A", "timer")], "B ran something after its crash"
    assert _said(table0) == ["Armed.", "A answered.", "A woke up."]
    assert _said(table1) == ["Armed."]
    assert not bot_b.pending_tasks() and not bot_b.bot.shards and not bot_b.bot.is_closed()


async def test_a_cleanly_detached_bot_closes_and_gets_nothing_more(
    shard_env: Env, bot_b: Attached, journal: Journal
) -> None:
    one = shard_env.create_guild("One", shard_id=1)
    member, table = one.add_member(shard_env.create_user("alice")), one.create_text_channel("table")

    await detach(bot_b, crash=False)
    result = await member.slash(table, "who")

    assert journal == [("B", "close")]
    assert result.response is None
    assert bot_b.bot.is_closed()


async def test_a_shard_has_one_owner(shard_env: Env, bot_b: Attached, journal: Journal, board: Board) -> None:
    for shard_ids in ([0], [1], [2]):
        with pytest.raises(SetupError):
            await attach_second(shard_env, Probe("C", shard_ids, journal, board))
    assert not journal
