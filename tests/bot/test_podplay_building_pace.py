"""Issue 35 item 6, through the bot on simcord: the AI's build is the split the panel suggests,
the remove menu takes several copies in one choice, and the last Submit (the one that starts the
rounds) does not say "you can still change it"."""

from __future__ import annotations

from collections import Counter

from engines.afrika.cards import CARDS
from tests.bot.table import buttons, make_table
from tests.bot.test_podplay_building import build_panel, make_pod, pick, seat_row, select_values


async def test_auto_build_multi_remove_and_the_last_submit(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    pod_id = await make_pod(env, t, [alice], bots=3)
    await env.bot.podplay.start_building(pod_id)
    await env.settle()
    panel = build_panel(alice)
    basic_ids = {cid for cid, c in CARDS().items() if c.basic}

    # Auto-build: the panel has nothing to apply, its suggestion is what the AI built.
    await alice.user.click(panel, label="🤖 Auto-build")
    panel = build_panel(alice)
    apply = next(b for b in buttons(panel) if (b.custom_id or "").endswith(":basics"))
    assert apply.disabled, f"the panel proposes {apply.label} after the AI's own build"
    built = list((await seat_row(env, pod_id, 0)).draft)

    # Remove: a card with two copies in the deck is listed twice, and one choice of several takes
    # them all out (two copies of one card and one of another).
    copies = Counter(c for c in built if c not in basic_ids)
    twice = next((c for c, n in copies.items() if n >= 2), None)
    if twice is None:  # this pool's build has no card twice: add a second copy from the pool
        pool = Counter((await seat_row(env, pod_id, 0)).pool)
        twice = next(c for c in copies if pool[c] >= 2)
        await pick(alice, panel, "add", [twice])
        panel = build_panel(alice)
    offered = select_values(panel, "rm")
    mine = [v for v in offered if v.split("~")[0] == twice]
    assert len(mine) >= 2, offered
    other = next(v for v in offered if v.split("~")[0] not in basic_ids | {twice})
    before = Counter((await seat_row(env, pod_id, 0)).draft)
    await pick(alice, panel, "rm", [*mine[:2], other])
    after = Counter((await seat_row(env, pod_id, 0)).draft)
    assert before - after == Counter({twice: 2, other: 1})
    panel = build_panel(alice)
    assert "Removed" in panel.content

    # Auto-build again, then Submit: the last deck in starts the rounds, and the panel says the
    # deck is final (not "you can still change it").
    await alice.user.click(panel, label="🤖 Auto-build")
    panel = build_panel(alice)
    await alice.user.click(panel, label="✅ Submit deck")
    panel = build_panel(alice)
    assert "Saved to your library" in panel.content, panel.content
    assert "still change" not in panel.content, panel.content
    assert "the rounds have begun" in panel.content.lower()
    assert not [b for b in buttons(panel) if ":submit" in (b.custom_id or "")]
    pod = await env.bot.podplay.store.pod(pod_id)
    assert pod.status in ("playing", "finished")
