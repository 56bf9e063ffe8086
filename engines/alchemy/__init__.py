"""Alchemy: element duels with action points, the Store, Battle chains and Magnum Opus (seed 002).

``GAME`` is the game's declaration. It is not yet listed in ``engines.games.GAMES``: the board and
hand renderers and the presenter are built separately and register it once they exist; until then
the conformance test and the scenario runner find it here (``engines.core.scenario``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.core.easy import EasySettings
from engines.core.game import GameSpec, OptionSpec, TurnClock
from engines.core.search import SearchSettings

from .actions import AlchemyAction, decode_action
from .ai import alchemy_policy
from .alignment import override_names
from .autoplay import AUTOPLAY
from .cards import card
from .decks import check_deck, starter_decks
from .engine import AlchemyEngine
from .evaluate import evaluate as alchemy_evaluate
from .probes import PROBES
from .state import AlchemyState
from .view import AlchemyView, mg_text

if TYPE_CHECKING:
    from engines.decks.pool import DeckPool


def _pool() -> DeckPool:
    from engines.decks.pools.alchemy import pool

    return pool()


ENGINE = AlchemyEngine()

GAME: GameSpec[AlchemyState, AlchemyAction, AlchemyView] = GameSpec(
    # An Alchemy turn is a few strikes and blocks.
    clock=TurnClock(turn_seconds=90, reserve_seconds=180),
    command_names={"ru": "алхимия"},
    translations={
        "ru": {
            "title": "Алхимия",
            "description": "Алхимия: дуэль против ИИ или вызов",
            "damage_scoring": "очки_за_урон",
            "damage_scoring:": "Выигранная Битва приносит свой урон (с округлением вниз) вместо 1 очка (AL10)",
            "alignment_override": "таблица_выравнивания",
            "alignment_override:": "Таблица выравнивания: сумма компонентов по правилам или таблица автора",
            "Component sum (AL24)": "Сумма компонентов (AL24)",
            "Complex neutral": "Сложная нейтральная",
            "Reversed": "Обратная",
        }
    },
    engine=ENGINE,
    ai=alchemy_policy,
    evaluate=alchemy_evaluate,
    # hard (#37 item 2): every legal move is a candidate (an Alchemy decision has a dozen at most).
    search=SearchSettings(rounds=12, width=12),
    # easy (#37 item 3): a one-move look is as good as the game AI here, so easy keeps the AI's
    # move but now and then plays another that looks nearly as good (normal won 72% of 100 duels).
    easy=EasySettings(follow=0.95, margin=0.06),
    options=(
        OptionSpec(
            "damage_scoring",
            bool,
            False,
            "a won Battle scores its damage rounded down instead of 1 point (AL10)",
        ),
        OptionSpec(
            "alignment_override",
            str,
            "",
            "the alignment table: the component sum of the rules, or a designer table",
            choices=(
                ("Component sum (AL24)", ""),
                *((name.replace("_", " ").capitalize(), name) for name in override_names()),
            ),
        ),
    ),
    autoplay=AUTOPLAY,
    deck_pool=_pool,
    starters=starter_decks,
    deck_check=check_deck,
    deck_option="decks",
    test_seeds=50,
    hidden_probes=PROBES,
)

__all__ = [
    "ENGINE",
    "GAME",
    "AlchemyAction",
    "AlchemyEngine",
    "AlchemyState",
    "AlchemyView",
    "card",
    "decode_action",
    "mg_text",
]
