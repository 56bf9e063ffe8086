"""A forged move aimed at a card its sender cannot see is refused without the card's name
(issue 32, item 2), through the bot: the refusal goes to the clicker, and a custom_id can name
any object. Here alice forges "charge" for each card of her own Codex (whose order is hidden from
her too) and "cast" for each card of the AI's hand: the bot says no card's name, and the same
sentence for each, and the match does not move."""

from __future__ import annotations

from engines.afrika.cards import card
from engines.core import PlayerId, Rng, choose_action
from tests.bot.table import make_table, play_move
from tests.bot.test_trust_ids import _click


async def test_a_forged_move_at_a_hidden_card_does_not_name_it(simcord_env) -> None:
    env = simcord_env
    t = make_table(env, ("alice",))
    alice = t.members["alice"]
    await alice.slash(t.channel, "play afrika")
    live = await env.bot.matches.get(max(await env.bot.matches.active_match_ids()))
    rng = Rng.from_seed(2)
    for _ in range(60):  # to a moment alice holds priority with no question pending
        s = live.state
        if s.priority == 0 and s.choice is None and 0 in live.current:
            break
        if 0 in live.current:
            await play_move(alice, live.id, choose_action(live.engine, s, PlayerId(0), rng).to_id())
        else:
            await env.settle()
    s = live.state
    assert s.priority == 0 and s.choice is None
    codex = list(s.players[0].codex[:6])
    their_hand = list(s.players[1].hand[:4])
    hidden = {card(s.objs[o].card).name for o in (*s.players[0].codex, *s.players[1].hand)}
    shown_anyway = {card(s.objs[o].card).name for o in s.objs if s.objs[o].zone not in ("codex", "hand")}
    shown_anyway |= {card(s.objs[o].card).name for o in s.players[0].hand}
    secret = hidden - shown_anyway
    assert secret
    seq = live.seq
    answers = set()
    for action in [*(f"charge:{o}" for o in codex), *(f"cast:{o}" for o in their_hand)]:
        said = await _click(env, alice, t.channel, f"mv:{live.id}:{live.seq}:{action}")
        assert not [n for n in secret if n in said], f"{action!r} was refused as {said!r}"
        answers.add(said)
    assert len(answers) == 1, answers
    assert live.seq == seq, "a refused move changed nothing"
