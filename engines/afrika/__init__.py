"""Chronicles of Afrika: the duel rules engine (docs/rules/afrika.md summarises the rules), cards as data."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.core.easy import EasySettings
from engines.core.game import GameSpec, OptionSpec, SeriesRules, TurnClock

from .actions import AfrikaAction
from .ai import afrika_policy
from .autoplay import AUTOPLAY
from .decks import STARTERS, check_deck, expand
from .engine import AfrikaEngine
from .hard import SEARCH
from .hard_evaluate import evaluate as afrika_evaluate
from .plays import played_card
from .probes import PROBES
from .state import AfrikaState
from .view import AfrikaView

if TYPE_CHECKING:
    from engines.decks.pool import DeckPool
    from engines.draft.source import CardSource


def _pool() -> DeckPool:
    from engines.decks.pools.afrika import pool

    return pool()


def _starters() -> dict[str, list[str]]:
    return {name: expand(counts) for name, counts in STARTERS.items()}


def _draft() -> CardSource:
    from .draftsource import card_source

    return card_source()


ENGINE = AfrikaEngine()

GAME: GameSpec[AfrikaState, AfrikaAction, AfrikaView] = GameSpec(
    # An Afrika turn has a terrain, casts, an attack declaration and the answers to them.
    clock=TurnClock(turn_seconds=150, reserve_seconds=420),
    command_names={"ru": "африка"},
    translations={
        "ru": {
            "title": "Хроники Африки",
            "description": "Хроники Африки: дуэль против ИИ или вызов, или большой стол (вариант)",
            "seats:": "Стол варианта: сколько игроков может сесть (его максимум, если не задано)",
            "variant": "вариант",
            "variant:": "Дуэль или стол на 3-6: Союзные королевства, Звёздные лорды, Галактический владыка",
            "rifts": "разломы",
            "rifts:": "Космические разломы: общая колода Разломов и космический кубик (R160)",
            "Duel": "Дуэль",
            "Allied Kingdoms (2 v 2)": "Союзные королевства (2 на 2)",
            "Star Lords (free-for-all, 2-6)": "Звёздные лорды (каждый за себя, 2-6)",
            "Galactic Overlord (1 v a team, 3-6)": "Галактический владыка (1 против команды, 3-6)",
        }
    },
    engine=ENGINE,
    ai=afrika_policy,
    evaluate=afrika_evaluate,
    # hard: rounds on attacks, blocks, casts and main phases (hard.py); the evaluator is fitted on
    # normal self-play (hard_evaluate.py, bench/afrika_eval_fit.py)
    search=SEARCH,
    # easy (#37 item 3): strays from the game AI's move 3 times in 10 (normal won 75%; 64% at 1 in 4).
    easy=EasySettings(follow=0.7),
    autoplay=AUTOPLAY,
    deck_pool=_pool,
    starters=_starters,
    deck_check=check_deck,
    deck_word="Codex",
    deck_option="decks",
    options=(
        OptionSpec(
            "variant",
            str,
            "duel",
            "a duel, or a table of 3-6: Allied Kingdoms (2 v 2), Star Lords, Galactic Overlord",
            choices=(
                ("Duel", "duel"),
                ("Allied Kingdoms (2 v 2)", "allied"),
                ("Star Lords (free-for-all, 2-6)", "starlords"),
                ("Galactic Overlord (1 v a team, 3-6)", "overlord"),
            ),
        ),
        OptionSpec("rifts", bool, False, "Cosmic Rifts: a shared Rift deck and the cosmic die (R160)"),
    ),
    draft=_draft,
    played_card=played_card,
    series=SeriesRules(sideboard=True, chooser_option="chooser", best_of=(1, 3, 5)),
    # The random conformance playouts are duels; games of 3-6 (Star Lords) are played out by the AI
    # in tests/engines/afrika/test_multiplayer.py (random play at 40 life rarely ends).
    players_for_tests=(2,),
    test_seeds=6,
    test_view_every=25,
    hidden_probes=PROBES,
)

__all__ = ["ENGINE", "GAME", "AfrikaEngine"]
