"""/play is one subcommand per declared game, built from its declaration (issue 34 item 1): a
player sees only the options that game uses (``/play afrika variant: deck: opponent: best_of:
ai:``, ``/play chrono seats: suits:``), and every description and choice name fits Discord's
limits and ends on a whole word (cut with ``bot.text.clip``, never mid-word)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest

from bot.cogs.play_commands import DESCRIPTION_LIMIT, game_command
from bot.presenters.registry import entries, entry
from engines.core.game import OptionSpec
from engines.games import GAMES
from tests.bot.table import make_table

NAME = re.compile(r"^[-_\w]{1,32}$")


def _options(simcord_env: Any) -> dict[str, list[str]]:
    play = simcord_env.bot.tree.get_command("play")
    return {c.name: [p.name for p in c.parameters] for c in play.commands}


async def test_each_game_offers_only_the_options_it_uses(simcord_env) -> None:
    offered = _options(simcord_env)
    assert list(offered) == list(GAMES), "a subcommand per declared game, in declaration order"
    assert offered["chrono"] == ["seats", "suits", "ai", "turn_seconds"]
    duel = ["deck", "opponent"]
    assert offered["afrika"] == ["variant", "rifts", "seats", *duel, "best_of", "ai", "turn_seconds"]
    assert offered["spirit"] == [*duel, "best_of", "ai", "turn_seconds"]
    assert offered["alchemy"] == ["damage_scoring", "alignment_override", *duel, "ai", "turn_seconds"]
    declared = {e.name: {o.name for o in e.spec.options} for e in entries()}
    for game, names in offered.items():
        others = set().union(*(d for g, d in declared.items() if g != game)) - declared[game]
        assert not others & set(names), f"/play {game} offers another game's option"
        assert declared[game] <= set(names), f"/play {game} offers every option its game declares"


def _ends_on_a_word(shown: str, source: str) -> bool:
    """``shown`` is ``source``, or ``source`` cut where a word ends, with an ellipsis."""
    if shown == source:
        return True
    stem = shown.removesuffix("…")
    return shown.endswith("…") and source.startswith(stem) and not source[len(stem)].isalnum()


async def test_every_description_and_choice_fits_and_ends_on_a_word(simcord_env) -> None:
    tree = simcord_env.bot.tree
    payload = tree.get_command("play").to_dict(tree)
    assert 1 <= len(payload["description"]) <= DESCRIPTION_LIMIT
    for sub in payload["options"]:
        game = sub["name"]
        assert NAME.match(game) and game == game.lower()
        assert 1 <= len(sub["description"]) <= DESCRIPTION_LIMIT
        declared = {o.name: o for o in entry(game).spec.options}
        for option in sub["options"]:
            where = f"/play {game} {option['name']}:"
            text = option["description"]
            assert 1 <= len(text) <= DESCRIPTION_LIMIT, where
            spec = declared.get(option["name"])
            if spec is not None:
                source = spec.description[:1].upper() + spec.description[1:]
                assert _ends_on_a_word(text, source), f"{where} {text!r}"
                labels = dict(spec.choices)
            else:
                assert not text.endswith("…"), f"{where} the bot's own text fits whole: {text!r}"
                labels = {}
            for choice in option.get("choices", []):
                assert 1 <= len(choice["name"]) <= DESCRIPTION_LIMIT, where
                source = next((k for k, v in labels.items() if v == choice["value"]), choice["name"])
                assert _ends_on_a_word(choice["name"], source), f"{where} [{choice['name']}]"


def test_a_long_declared_text_is_cut_on_a_word() -> None:
    """A game whose option says more than Discord shows: the description and the choice name end
    on a whole word and an ellipsis (it was "…Galactic Overl" when /play cut at 100 characters)."""
    afrika = entry("afrika").table
    long = "a duel, or a table of 3-6: " + ", ".join(
        ["Allied Kingdoms (2 v 2), Star Lords, Galactic Overlord"] * 3
    )
    label = "Galactic Overlord (1 v a team, 3-6): " + "one player against all the others " * 3
    variant = OptionSpec("variant", str, "duel", long, choices=(("Duel", "duel"), (label, "overlord")))
    table = replace(afrika, game=replace(afrika.game, options=(variant,)))
    command = game_command(table, "PlayCog")
    param = command.get_parameter("variant")
    assert param is not None
    shown = param.description
    assert len(shown) <= DESCRIPTION_LIMIT and shown.endswith("…")
    assert _ends_on_a_word(shown, long[:1].upper() + long[1:]), shown
    name = param.choices[1].name
    assert len(name) <= DESCRIPTION_LIMIT and name.endswith("…") and _ends_on_a_word(name, label), name
    assert param.choices[1].value == "overlord", "values are identifiers: never cut"


async def test_deck_autocomplete_offers_the_subcommands_game(simcord_env) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    afrika = [c["value"] for c in await alice.autocomplete(t.channel, "play afrika", "deck", "")]
    alchemy = [c["value"] for c in await alice.autocomplete(t.channel, "play alchemy", "deck", "")]
    assert "Starter: Savanna Wilds" in afrika and "Starter: Ember Rush" not in afrika
    assert "Starter: Ember Rush" in alchemy and "Starter: Savanna Wilds" not in alchemy
    await alice.slash(t.channel, "play alchemy", deck="Starter: Ember Rush")
    (match_id,) = await simcord_env.bot.matches.active_match_ids()
    live = await simcord_env.bot.matches.get(match_id)
    assert live.game == "alchemy"


@pytest.mark.parametrize("option", ["suits", "deck", "variant"])
async def test_another_games_option_is_not_accepted(simcord_env, option: str) -> None:
    from simcord import OptionError

    t = make_table(simcord_env)
    value: Any = {"suits": 4, "deck": "Starter: Ember Rush", "variant": "allied"}[option]
    game = "chrono" if option != "suits" else "spirit"
    with pytest.raises(OptionError, match=option):
        await t.members["alice"].slash(t.channel, f"play {game}", **{option: value})


async def test_the_ai_option_says_what_each_level_is_like(simcord_env) -> None:
    """``ai:`` offers each level with one sentence on what it is like (issue 37 item 3), whole
    (not cut by Discord's limit) and in Russian too; it used to be a bare "normal"."""
    from bot.translations import CHOICES
    from engines.core.levels import LEVEL_WORDS, LEVELS

    tree = simcord_env.bot.tree
    for sub in tree.get_command("play").to_dict(tree)["options"]:
        ai = next(o for o in sub["options"] if o["name"] == "ai")
        shown = {c["value"]: c["name"] for c in ai["choices"]}
        assert list(shown) == list(LEVELS), sub["name"]
        for level, name in shown.items():
            assert name == LEVEL_WORDS[level] and name.startswith(f"{level}: "), name
            assert len(name.split(": ", 1)[1].split()) >= 5, f"{name!r}: a sentence, not a word"
            assert CHOICES[name] and len(CHOICES[name]) <= DESCRIPTION_LIMIT, name
