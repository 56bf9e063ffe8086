"""How each game reads in chat, declared once per game as a ``TableSpec``.

A game's bot side is one module ``bot/presenters/<game>.py`` whose ``TABLE`` holds its words and
buttons (``Presenter``), its board and hand renderers, the words its pictures are read aloud in
(its alt-text ``Describer``), how ``/play`` starts it, and its card image for ``/card``. The game
registry (``bot/presenters/registry.py``) joins it to the game's ``GameSpec`` once per game;
nothing else in the bot branches on a game's name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from PIL import Image

from bot.presenters import generic
from bot.presenters.alt import GENERIC, Describer
from bot.presenters.choices import MULTI_SEPARATOR, MoveChoice, MultiChoice, highlighted
from bot.services.seating import Seating
from bot.text import log_block, with_names
from engines.core.game import GameSpec
from engines.core.suggest import suggested_action

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Presenter:
    """A game's words and buttons. Anything left out falls back to the generic behaviour."""

    choices: Callable[[Any, Any, int], list[MoveChoice]] = generic.move_choices
    """(engine, state, seat) -> buttons, in the order a player wants to see them."""
    hand_text: Callable[[Any], str] = generic.hand_text
    status_line: Callable[[Any, list[str]], str] = generic.status_line
    waiting_text: Callable[[Any, list[str]], str] = generic.waiting_text
    multi: Callable[[Any, Any, int], tuple[Any, str] | None] = generic.no_multi
    """(engine, state, seat) -> (MultiChoice, the action that finishes the batch) or None."""
    render_options: Callable[[], dict[str, Any]] = field(default=generic.no_options)
    """Keyword options for the hand renderer (e.g. Chrono's cosmetic card titles)."""
    prompt: Callable[[Any, Any, int, list[str]], str] = generic.prompt
    """(engine, state, seat, names) -> what the player to act is deciding, in bold words."""
    details: Callable[[Any], list[tuple[str, str]]] = generic.no_details
    """(the seat's view) -> (card id, label) of cards a player may read in full ("Card details"):
    their hand and the public board. Used when the table has a ``card_image``."""
    log_line: Callable[[str], str] = generic.as_written
    """A line of the engine's log (seat labels in) in the language of the message being built
    (``bot.i18n.language()``): engines write their log in English, and a game whose table speaks
    more languages translates each line as it is shown (a log kept or replayed reads alike)."""
    refusal: Callable[[str], str] = generic.as_written
    """A refusal the engine raised (``IllegalAction``'s text) in the language of the message
    being built, like ``log_line``: the player who clicked reads why in their own language."""
    log: Callable[[Iterable[str]], str] = log_block
    """(the log's lines, names in) -> the quote block under the board: the most recent lines that
    fit (a game may fold its minor lines and keep what matters in sight)."""


StartStyle = Literal["lobby", "duel"]
"""``lobby``: /play posts a lobby with seats to fill (2-10 players). ``duel``: /play starts a match
against the AI at once, or a two-seat challenge when an opponent is named; players bring decks."""


@dataclass(frozen=True)
class TableSpec:
    """Everything the bot needs to host one game, next to its pure ``GameSpec``."""

    game: GameSpec[Any, Any, Any]
    presenter: Presenter
    board: Callable[..., Image.Image]
    """``(view, names, **options) -> Image``: the public board."""
    hand: Callable[..., Image.Image]
    """``(view, name, **options) -> Image``: a player's private hand."""
    start: StartStyle = "lobby"
    card_image: Callable[[str], Image.Image] | None = None
    """A card by id as an image, for ``/card`` (games with a card pool)."""
    card_caption: Callable[[str], str] | None = None
    """A card by id in words (type line, rules text, flavour), under its ``/card`` image."""
    palette: Mapping[str, RGB] = field(default_factory=dict)
    """Colours of the game's accent keys (Afrika energies) for deck images."""
    pack_image: Callable[[Sequence[str], str, str], Image.Image] | None = None
    """``(card ids, title, subtitle) -> Image``: one seat's draft pack, each card numbered as the
    pick menu lists it (games with boosters; without it the pack panel is text and menu only)."""
    card_sheet: Callable[[str, int, str], list[Any]] | None = None
    """``(directory, per_page, set_code) -> paths``: the game's own card contact sheets (``cardhost
    cards --sheet``); without it, ``render.sheet`` lays out every card image of its deck pool."""
    pool_image: Callable[[Sequence[str], Sequence[str], str], Image.Image] | None = None
    """``(pool, deck, title) -> Image``: a drafted or sealed pool with the deck being built marked
    (games with boosters; without it the deck builder is text and menus only)."""
    seating: Callable[[Mapping[str, Any]], Seating | None] | None = None
    """(the rules options of a /play) -> the lobby a variant with more seats needs (teams, seat
    counts, decks: ``bot/services/seating.py``), or None for the table's usual ``start``."""
    languages: tuple[str, ...] = ("en",)
    """Languages its cards can be shown in (``bot.i18n``), its cards' own first. With more than one,
    the board, hand, card image and card caption take a ``lang`` keyword, and the presenter reads
    ``bot.i18n.language()``; a player's ``/settings language`` picks among them."""
    describer: Describer = GENERIC
    """Its board and hand pictures in words, for a screen reader (``bot/presenters/alt/<game>.py``'s
    ``DESCRIBER``); the default says a position generically (title, turn, hand sizes)."""

    @property
    def name(self) -> str:
        return self.game.name

    @property
    def title(self) -> str:
        return self.game.title


def named_choices(choices: Sequence[MoveChoice], names: Sequence[str], seat: int) -> list[MoveChoice]:
    """Move labels with names for seat labels: engines label moves "Attack P2", players read
    "Attack bob" (and "Target yourself (alice)" on alice's own panel)."""
    return [
        replace(
            c,
            label=with_names(c.label, names, seat),
            group=with_names(c.group, names, seat),
            option=with_names(c.option, names, seat),
        )
        for c in choices
    ]


def seat_moves(
    presenter: Presenter,
    engine: Any,
    state: Any,
    seat: int,
    names: Sequence[str],
    *,
    suggest: bool = False,
) -> tuple[list[MoveChoice], MultiChoice | None]:
    """A seat's moves as its panel shows them (a match's or a puzzle's): named, those the
    declare-several menu offers taken out of the buttons, and with ``suggest`` the move the game's
    AI would choose highlighted (``engines.core.suggest``; ``bench/suggest_cost.py``: about a
    millisecond a panel), every other move grey. Without it (a puzzle, whose solution a highlight
    would give away) no move is highlighted."""
    suggestion = suggested_action(engine, state, seat) if suggest else None
    choices = highlighted(named_choices(presenter.choices(engine, state, seat), names, seat), suggestion)
    multi = presenter.multi(engine, state, seat)
    if multi is None:
        return choices, None
    select = MultiChoice(
        with_names(multi[0].placeholder, names, seat),
        highlighted(named_choices(multi[0].options, names, seat), suggestion),
    )
    chosen = {a for c in select.options for a in c.action_id.split(MULTI_SEPARATOR)}
    return [c for c in choices if c.action_id not in chosen], select


def ranking_text(ranking: Sequence[Sequence[int]], names: list[str], reason: str = "") -> str:
    return generic.ranking_text(ranking, names, reason)


__all__ = [
    "Presenter",
    "StartStyle",
    "TableSpec",
    "named_choices",
    "ranking_text",
    "seat_moves",
]
