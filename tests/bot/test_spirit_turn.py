"""A Spirit Tactics turn at a person's pace (issue 34 items 7 and 8), through the bot on simcord:
the sensible zone of a Call is one button, every sensible attack is one declaration that also ends
the turn, the Reload Phase with a full Deck asks nothing, ability buttons say what the ability does,
and the log under the board folds pass/pass and keeps attacks and Defeats in sight."""

from __future__ import annotations

from typing import Any

from bot.text import with_names
from engines.core import PlayerId, Rng, choose_action
from engines.spirit.cards import card_set
from tests.bot.table import game_thread, make_table, panel_message, play_move

MAX_MOVES = 3000


async def _latest(env: Any) -> Any:
    return await env.bot.matches.get(max(await env.bot.matches.active_match_ids()))


def _buttons(panel: Any) -> list[Any]:
    return [c for row in panel.components for c in row.children if (c.custom_id or "").startswith("mv:")]


def _labels(panel: Any) -> list[str]:
    out = []
    for row in panel.components:
        for c in row.children:
            out.append(getattr(c, "label", None) or "")
            out.extend(o.label for o in getattr(c, "options", None) or [])
    return out


async def test_a_turn_in_few_gestures_with_abilities_in_words(simcord_env) -> None:
    env = simcord_env
    t = make_table(env, ("alice",))
    alice = t.members["alice"]
    await alice.slash(t.channel, "play spirit", best_of=1)
    live = await _latest(env)
    rng = Rng.from_seed(11)
    seen: list[str] = []
    attacked_all = 0
    direct_calls = 0
    for _ in range(MAX_MOVES):
        if not live.active:
            break
        panel = panel_message(alice, live.id)
        assert panel is not None
        seen += _labels(panel)
        state = live.state
        # No Reload question with a full Deck: the bot drew for her.
        assert not (state.current == 0 and state.phase == "reload" and len(state.seats[0].deck) > 5)
        action = choose_action(live.engine, state, PlayerId(0), rng).to_id()
        buttons = {b.custom_id.split(":", 3)[3]: b for b in _buttons(panel)}
        everything = [
            (aid, b)
            for aid, b in buttons.items()
            if aid.startswith(action + "|") and b.label.startswith("Attack ")
        ]
        if action.startswith("call:") and action in buttons:
            direct_calls += 1
        if everything and state.phase in ("main", "combat"):
            # First the declaration that stops in the Sub-Main Phase (where the AI policy she
            # follows often Calls after combat), then the one that ends the turn.
            ending = [(a, b) for a, b in everything if b.label.endswith("then end the turn")]
            staying = [(a, b) for a, b in everything if b.label.endswith("then Sub-Main")]
            aid, button = (staying or everything)[0] if attacked_all == 0 else (ending or everything)[0]
            turn, seq = state.turn, live.seq
            ends = button.label.endswith("then end the turn")
            assert len(button.custom_id) <= 100
            await alice.user.click(panel, custom_id=button.custom_id)
            attacked_all += 1
            # Her moves, as stored: every attack of the declaration, then the turn's end.
            made = [r.action_id for r in await env.bot.db.matches.actions(live.id, seq) if r.seat == 0]
            wanted = aid.split("|")
            done = 0  # how many of the declaration's moves were made, in its order
            for m in made:
                if done < len(wanted) and m == wanted[done]:
                    done += 1
            first = next(i for i, m in enumerate(wanted) if m.startswith("attack:"))
            assert done > first, ("its first attack was made", made, wanted)
            if live.active:  # else an attack of it won the Duel
                assert done == len(wanted), ("every attack made", made, wanted)
                assert live.state.turn > turn or not ends, "then the turn ended"
                sub_main = live.state.current == 0 and live.state.phase == "submain"
                assert ends or sub_main or live.state.turn > turn, "then the Sub-Main Phase"
            continue
        await play_move(alice, live.id, action)
    assert not live.active
    assert attacked_all >= 2, "alice declared every sensible attack in one click on several turns"
    assert direct_calls >= 2, "a Call to its sensible zone was one button"
    # Ability buttons say what they do, never "Ability 1 of …".
    assert not [lb for lb in seen if lb.startswith("Ability ")], [
        lb for lb in seen if lb.startswith("Ability ")
    ]
    said = {
        (c.name, ab.short_text)
        for c in card_set().cards.values()
        for ab in c.abilities
        if c.kind in ("spirit", "commander")
    }
    worded = [
        lb
        for lb in seen
        if any(lb.startswith((name, f"Use {name}")) and f": {what}" in lb for name, what in said)
    ]
    assert worded, "some ability was on offer, in words"
    # The log under the board: no pass/pass, and the last turn's attacks and Defeats all shown.
    final = next(m for m in reversed(game_thread(t).history()) if "Final ranking" in m.content)
    assert "passes too" not in final.content
    log = list(live.log_lines)
    start = max(i for i, line in enumerate(log) if line.startswith("Turn "))
    shown = [
        with_names(line, live.names) for line in log[start:] if " attacks " in line or " is Defeated" in line
    ]
    assert shown, "the last turn had an attack"
    for line in shown:
        assert line in final.content, (line, final.content)
