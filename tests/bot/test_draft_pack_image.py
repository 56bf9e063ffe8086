"""The pack a drafter gets by DM reads at 550 px, is light, and shows their picks by energy (issue
#35, items 3 and 5), played through the bot on simcord.

Before: the DM panel's pack was a 1162 px grid of 18 card faces (~460 KB a pick) and the picks
were a flat list of names in pick order in the panel's words.
"""

from __future__ import annotations

import io

from PIL import Image

from render.afrika.cardrow import WIDTH
from tests.bot.table import make_table
from tests.bot.test_draft_flow import open_pod, panel, pick_by_clicks, pick_options


async def _image(msg) -> tuple[Image.Image, int]:
    data = await msg.attachments[0].read()
    return Image.open(io.BytesIO(data)), len(data)


async def test_the_pack_panel_is_light_and_shows_the_picks_by_energy_under_the_pack(simcord_env) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    live = await open_pod(simcord_env, t, joiners=(), seats=4, timer="slow")
    first = panel(alice, live.id)
    assert first is not None and len(pick_options(first)) == 18
    img, size = await _image(first)
    # drawn for Discord's width: 900 px, so its 18 px type is 11 px at 550; 472 KB before
    assert img.width == WIDTH and size < 100_000, (img.size, size)
    assert "Your picks" not in first.content

    await pick_by_clicks(alice, first)
    await simcord_env.settle()
    second = panel(alice, live.id)
    assert second is not None and len(pick_options(second)) == 17
    img2, size2 = await _image(second)
    # the picks (one card, its energy's panel and the cost curve) are drawn under the 17 cards
    assert img2.width == WIDTH and img2.height > img.height and size2 < 100_000
    assert "Your picks (1), by energy; cost curve" in second.content
    assert "**" in second.content.split("Your picks (1)")[1]  # the energy's name, in bold
