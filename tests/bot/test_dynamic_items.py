"""Every restart-proof component is registered: the registry is complete, and a select posted
before a restart still plays its moves after it."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from typing import Any

import discord
import pytest

import bot
from bot.client import create_bot
from bot.ui.registry import DYNAMIC_ITEMS
from engines.core import get_engine
from tests.bot.table import make_table, panel_message

pytestmark = pytest.mark.backends  # buttons that survive a restart, on SQLite and on PostgreSQL



def _name(cls: type[Any]) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def _dynamic_items_defined() -> set[str]:
    """Every ``DynamicItem`` subclass defined in a module under ``bot/``, by qualified name.

    By name, not identity: ``load_extension`` executes a cog module afresh for every bot, so a
    component defined in a cog exists as several class objects over a test session.
    """
    found: set[str] = set()
    for info in pkgutil.walk_packages(bot.__path__, prefix="bot."):
        module = importlib.import_module(info.name)
        for _, obj in inspect.getmembers(module, inspect.isclass):
            if issubclass(obj, discord.ui.DynamicItem) and obj.__module__ == module.__name__:
                found.add(_name(obj))
    return found


def test_every_dynamic_item_under_bot_is_registered() -> None:
    defined = _dynamic_items_defined()
    assert len(defined) >= 10, "the walk found too few components to be looking in the right place"
    registered = [_name(c) for c in DYNAMIC_ITEMS]
    missing = sorted(defined - set(registered))
    assert not missing, f"DynamicItems not in bot/ui/registry.py (they die after a restart): {missing}"
    assert len(set(registered)) == len(registered), "a component is listed twice"


async def test_the_bot_registers_the_registry(simcord_env) -> None:
    store = simcord_env.bot._connection._view_store
    assert set(store._dynamic_items.values()) == set(DYNAMIC_ITEMS)


async def test_the_attackers_select_works_after_a_restart(simcord_env, db_file, monkeypatch) -> None:
    engine = get_engine("afrika")
    position = {
        "active": 0,
        "step": "dawn",
        "players": [
            {
                "permanents": [
                    {"card": "LC091", "id": 101, "zone": "1"},
                    {"card": "LC092", "id": 102, "zone": "1"},
                ]
            },
            {"life": 20},
        ],
    }
    monkeypatch.setattr(type(engine), "setup", lambda self, cfg, seed: self.position(cfg, seed, position))
    t = make_table(simcord_env)
    alice = t.members["alice"]
    await alice.slash(t.channel, "play afrika")
    live = await simcord_env.bot.matches.get(max(simcord_env.bot.matches._cache))
    match_id, before = live.id, live.seq
    panel = panel_message(alice, match_id)
    selects = [c for row in panel.components for c in row.children if (c.custom_id or "").startswith("mm:")]
    assert selects and {o.value for o in selects[0].options} == {"atk:101|at:P2", "atk:102|at:P2"}

    await simcord_env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    assert simcord_env.bot.matches._cache == {}
    result = await alice.user.select(
        panel, ["atk:101|at:P2", "atk:102|at:P2"], custom_id=selects[0].custom_id
    )
    assert not result.followups, [f.content for f in result.followups]
    reloaded = await simcord_env.bot.matches.get(match_id)
    log = await simcord_env.bot.db.matches.actions(match_id, after_seq=before)
    ids = [a.action_id for a in log if a.seat == 0]
    assert ids[:5] == ["atk:101", "at:P2", "atk:102", "at:P2", "done"], ids
    assert reloaded.engine.view(reloaded.state, None).seats[1].life == 20 - 6 - 2
