"""The draft service reaches cards only through the game's declarations, and players read the
same pick menus as before: every option says what the card face prints (rarity, type line with
energies spelled out, cost, stats); a game without a pack image still drafts, from text and menu."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

from bot.presenters.registry import entry, override
from bot.services.drafts import card_name, card_option, card_options
from bot.services.drafts.cards import source
from bot.surfaces.draft import pack_renderer
from engines.games import GAMES
from tests.bot.table import make_table
from tests.bot.test_draft_flow import open_pod, panel, pick_by_clicks, pick_options

ROOT = Path(__file__).resolve().parents[2]
GAME_IMPORT = re.compile(rf"^\s*(from|import)\s+(engines|render)\.({'|'.join(GAMES)})\b", re.M)
DRAFT_BOT = [
    *sorted((ROOT / "bot" / "services" / "drafts").glob("*.py")),
    ROOT / "bot" / "db" / "drafts.py",
    ROOT / "bot" / "ui" / "draft.py",
]


def test_the_draft_service_imports_no_game() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}: {m.group(0).strip()}"
        for path in DRAFT_BOT
        for m in GAME_IMPORT.finditer(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []
    assert len(DRAFT_BOT) > 10, "the package was not found"
    assert GAME_IMPORT.search("    from render.afrika.card import type_line\n")
    assert GAME_IMPORT.search("from engines.afrika.cards import card\n")


def test_every_pick_option_reads_as_the_card_face() -> None:
    """The menu's words come from the card source now; the card face (render) prints the same."""
    from engines.afrika.cards import CARDS
    from render.afrika.card import RARITY_NAMES, type_line

    src = source()
    assert set(src.cards()) == set(CARDS())
    for i, (cid, c) in enumerate(CARDS().items()):
        stats = f" · {c.power}/{c.health}" if c.type == "entity" else ""
        cost = "" if c.type == "terrain" else f" · {c.cost.text()}"
        option = card_option(i % 18 + 1, cid)
        assert option.card == cid
        assert option.label == f"{i % 18 + 1}. {c.name}"
        assert option.description == f"{RARITY_NAMES[c.rarity]} · {type_line(c)}{cost}{stats}", cid
        assert card_name(cid) == c.name
    basic = src.basic("DIA")
    assert card_option(1, basic).description == "Common · Basic Terrain — Diamond Terrain"
    name = CARDS()[basic].name
    assert [o.label for o in card_options([basic, basic])] == [f"1. {name}", f"2. {name}"]


def test_a_card_the_game_no_longer_has_keeps_its_id() -> None:
    assert card_name("XX999") == "XX999"


def test_the_pack_image_is_the_games_declaration() -> None:
    spec = entry(source().game).table
    assert spec.pack_image is not None and pack_renderer() is spec.pack_image
    img = spec.pack_image([source().basic("DIA")], "Pack 1 · pick 1", "pod #1 · 1 cards")
    assert img.getbbox()


async def test_a_game_without_a_pack_image_drafts_from_the_menu(simcord_env: Any) -> None:
    game = source().game
    with override(game, table=dataclasses.replace(entry(game).table, pack_image=None)):
        assert pack_renderer() is None
        t = make_table(simcord_env)
        alice = t.members["alice"]
        live = await open_pod(simcord_env, t, seats=4, timer="slow")
        msg = panel(alice, live.id)
        assert msg is not None and not msg.attachments
        assert "Pack 1, pick 1" in msg.content and len(pick_options(msg)) == 18
        await pick_by_clicks(alice, msg)
        assert live.state.picks_made[live.seat_of(alice.id).seat] == 1
        fresh = panel(alice, live.id)
        assert fresh is not None and not fresh.attachments and "Pack 1, pick 2" in fresh.content
