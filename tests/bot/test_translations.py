"""Command localisation: every slash command, group, option and choice the bot registers has a
Russian name and description (``bot/translations.py``) that Discord accepts, installed before the
sync; other locales keep the English defaults; a command without Russian is caught."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import discord
from discord import app_commands

from bot.translations import LOCALE, RussianTranslator

RU = LOCALE.value
NAME = re.compile(r"^[-_\w]{1,32}$")


def _items(payload: dict[str, Any], path: str = "") -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(kind, path, payload) of a command and everything under it: its subcommands and groups
    (kind 'command'), options ('option') and choices ('choice')."""
    here = f"{path} {payload['name']}".strip()
    kind = "command" if not path or payload.get("type") in (1, 2) else "option"  # 1, 2: (sub)commands, groups
    yield kind, here, payload
    for choice in payload.get("choices", []):
        yield "choice", f"{here} [{choice['name']}]", choice
    for option in payload.get("options", []):
        yield from _items(option, here)


async def problems(tree: app_commands.CommandTree[Any], translator: app_commands.Translator) -> list[str]:
    """Everything Discord would show in English to a Russian player, or refuse: a missing Russian
    name or description, a name against the rules, a description too long, two siblings alike."""
    out: list[str] = []
    payloads = [await cmd.get_translated_payload(tree, translator) for cmd in tree.get_commands()]
    for payload in payloads:
        for kind, path, item in _items(payload):
            name = item.get("name_localizations", {}).get(RU)
            if not name:
                out.append(f"{kind} {path}: no Russian name")
            elif kind != "choice" and (not NAME.match(name) or name != name.lower()):
                out.append(f"{kind} {path}: {name!r} is not a valid command or option name")
            elif kind == "choice" and not 1 <= len(name) <= 100:
                out.append(f"{kind} {path}: {name!r} has {len(name)} characters")
            if kind == "choice":
                continue
            text = item.get("description_localizations", {}).get(RU)
            if not text:
                out.append(f"{kind} {path}: no Russian description")
            elif not 1 <= len(text) <= 100:
                out.append(f"{kind} {path}: the Russian description has {len(text)} characters")
            for group in ("options", "choices"):
                seen: dict[str, str] = {}
                for child in item.get(group, []):
                    ru = child.get("name_localizations", {}).get(RU, child["name"])
                    if ru in seen:
                        out.append(f"{path}: {child['name']} and {seen[ru]} are both {ru!r} in Russian")
                    seen[ru] = child["name"]
    tops = [p.get("name_localizations", {}).get(RU, p["name"]) for p in payloads]
    out += [f"two commands are /{n} in Russian" for n in sorted({n for n in tops if tops.count(n) > 1})]
    return out


async def test_every_command_option_and_choice_speaks_russian(simcord_env, simcord_bot) -> None:
    tree = simcord_bot.tree
    assert isinstance(tree.translator, RussianTranslator), "setup_hook installs the translator"
    assert await problems(tree, tree.translator) == []
    # Spot checks of what a Russian player sees.
    payloads = {c.name: await c.get_translated_payload(tree, tree.translator) for c in tree.get_commands()}
    deck = payloads["deck"]
    assert deck["name_localizations"][RU] == "колода"
    imp = next(o for o in deck["options"] if o["name"] == "import")
    assert imp["name_localizations"][RU] == "импорт"
    game = next(o for o in imp["options"] if o["name"] == "game")
    assert game["name_localizations"][RU] == "игра"
    titles = {c["name"]: c["name_localizations"][RU] for c in game["choices"]}
    assert titles["Alchemy"] == "Алхимия"
    afrika = next(o for o in payloads["play"]["options"] if o["name"] == "afrika")
    assert afrika["name_localizations"][RU] == "африка"
    afrika_deck = next(o for o in afrika["options"] if o["name"] == "deck")
    assert afrika_deck["description_localizations"][RU].startswith("Ваша колода"), "from the group's entry"
    settings = payloads["settings"]
    language = next(o for o in settings["options"] if o["name"] == "language")
    assert language["name_localizations"][RU] == "язык"


async def test_other_locales_read_english(simcord_env, simcord_bot) -> None:
    tree = simcord_bot.tree
    for cmd in tree.get_commands():
        payload = await cmd.get_translated_payload(tree, tree.translator)
        for _, path, item in _items(payload):
            assert set(item.get("name_localizations", {})) <= {RU}, path
            assert set(item.get("description_localizations", {})) <= {RU}, path
    for locale in (discord.Locale.american_english, discord.Locale.british_english, discord.Locale.german):
        context = app_commands.TranslationContext(app_commands.TranslationContextLocation.choice_name, None)
        assert await tree.translator.translate(app_commands.locale_str("Alchemy"), locale, context) is None


async def test_the_synced_commands_carry_the_russian_names(simcord_env) -> None:
    synced = simcord_env.backend.commands[None]
    deck = next(c for (name, _), c in synced.items() if name == "deck")
    assert deck["name_localizations"][RU] == "колода"
    assert deck["description_localizations"][RU].startswith("Ваша библиотека колод")


async def test_a_command_without_russian_is_caught(simcord_env, simcord_bot) -> None:
    tree = simcord_bot.tree

    @app_commands.command(name="untranslated", description="A command nobody translated")
    @app_commands.describe(level="An option nobody translated")
    @app_commands.choices(level=[app_commands.Choice(name="An untranslated choice", value=1)])
    async def untranslated(interaction: discord.Interaction, level: int) -> None:
        raise AssertionError("never run")

    tree.add_command(untranslated)
    try:
        found = await problems(tree, tree.translator)
    finally:
        tree.remove_command("untranslated")
    assert found == [
        "command untranslated: no Russian name",
        "command untranslated: no Russian description",
        "option untranslated level: no Russian name",
        "option untranslated level: no Russian description",
        "choice untranslated level [An untranslated choice]: no Russian name",
    ]
    # A translation against Discord's rules is caught too.
    bad = BadNames()
    found = await problems(tree, bad)
    assert any("is not a valid command or option name" in p for p in found)
    assert "play chrono: suits and seats are both 'одно' in Russian" in found


class BadNames(RussianTranslator):
    """Russian command names with a space and capitals, and options of one command called alike,
    as Discord refuses them."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        said = await super().translate(string, locale, context)
        if said and context.location is app_commands.TranslationContextLocation.command_name:
            return said.title() + " x"
        if said and context.location is app_commands.TranslationContextLocation.parameter_name:
            return "одно"  # every option of a command alike
        return said
