"""A game declared once: ``GameSpec`` holds everything pure about a game in one value.

Everything that lists games (``/play``, ``/deck``, ``/card``, ``/settings``, autocomplete, the
simulate CLI, the conformance test) reads these declarations instead of branching on a game's
name, so a new game appears everywhere by being declared (``engines/games.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from .easy import EasySettings
from .engine import Action, Engine
from .errors import ConfigError
from .rng import Rng
from .search import SearchSettings
from .types import MatchConfig, PlayerId

if TYPE_CHECKING:
    from engines.decks.pool import DeckPool
    from engines.draft.source import CardSource

S = TypeVar("S")
A = TypeVar("A", bound=Action)
V = TypeVar("V")

REPOSITORY = Path(__file__).resolve().parents[2]
"""The checkout (or installed tree) the shipped games' files are found in by default."""

Policy = Callable[[Engine[Any, Any, Any], Any, PlayerId, Rng], Action]
"""An AI: ``(engine, state, seat, rng) -> action``. The rng is passed in, so AI games replay."""


@dataclass(frozen=True)
class OptionSpec:
    """One option a player may set when starting a match, with its type and bounds.

    ``engine`` says whether the value goes to the engine's ``MatchConfig.options`` (rules options)
    or stays with the table (seat count, turn clock).
    """

    name: str
    kind: type[int] | type[bool] | type[str]
    default: Any
    description: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[tuple[str, Any], ...] = ()
    """(label, value) pairs when only some values are allowed."""
    engine: bool = True

    def check(self, value: Any) -> Any:
        """The value if it is allowed, else ``ConfigError`` saying what is."""
        if self.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise ConfigError(f"{self.name} must be a whole number.")
        if self.kind is bool and not isinstance(value, bool):
            raise ConfigError(f"{self.name} must be yes or no.")
        if self.kind is str and not isinstance(value, str):
            raise ConfigError(f"{self.name} must be text.")
        if self.choices and value not in [v for _, v in self.choices]:
            allowed = ", ".join(label for label, _ in self.choices)
            raise ConfigError(f"{self.name} must be one of: {allowed}.")
        if self.minimum is not None and value < self.minimum:
            raise ConfigError(f"{self.name} must be at least {self.minimum}.")
        if self.maximum is not None and value > self.maximum:
            raise ConfigError(f"{self.name} must be at most {self.maximum}.")
        return value


class Autoplay(Protocol):
    """What the bot may do for a player without asking: pure, beside the engine, tested alone.

    The engine never guesses; this policy decides when a question is not worth a player's click
    (passing when passing is all they could do, a forced choice) and when a prompt is only an
    offer to respond (short timer, passes when it runs out).
    """

    @property
    def stop_steps(self) -> tuple[tuple[str, str], ...]:
        """(step id, name) where a player may ask to be asked anyway (``/settings stops``)."""
        ...

    @property
    def pass_action(self) -> str:
        """What the bot plays for a player whose response prompt runs out."""
        ...

    @property
    def asks(self) -> str:
        """Where the bot asks a player without any stop, in a sentence (``/settings stops``)."""
        ...

    def auto_action(self, engine: Any, state: Any, seat: int, stops: frozenset[str]) -> str | None:
        """An action id the bot plays for ``seat`` now, or None to ask the player."""
        ...

    def is_response(self, engine: Any, state: Any, seat: int) -> bool:
        """True when ``seat`` is only being offered a response (not a decision of their own turn)."""
        ...


@dataclass(frozen=True)
class NoAutoplay:
    """Every decision goes to the player: the default for games without priority passing."""

    stop_steps: tuple[tuple[str, str], ...] = ()
    pass_action: str = "pass"
    asks: str = "I ask you at every decision."

    def auto_action(self, engine: Any, state: Any, seat: int, stops: frozenset[str]) -> str | None:
        return None

    def is_response(self, engine: Any, state: Any, seat: int) -> bool:
        return False


@dataclass(frozen=True)
class SeriesRules:
    """How a match of several games (best of N) runs for this game.

    ``sideboard``: players may swap cards with a side deck between games (the format's rules say
    how many). ``chooser_option``: the engine option that names the seat choosing who goes first
    (the loser of the previous game chooses; absent: seats rotate).
    """

    sideboard: bool = False
    chooser_option: str | None = None
    best_of: tuple[int, ...] = (1,)
    side_option: str | None = None
    """The engine option that takes the seats' side decks (one list per seat), for a game whose
    rules count or show the side deck during a game; None: the side deck stays with the bot."""
    side_check: Callable[[Sequence[str], Sequence[str]], str] | None = None
    """(deck, side deck) -> '' when the side deck is legal beside the deck, else the reason: a
    swap is refused when it breaks either (a side deck with a size limit)."""
    keeps: Callable[[str], bool] | None = None
    """Cards that stay in the deck for the whole match (a Spirit Tactics Commander, B9): the swap
    panel never offers them."""
    draws_replayed: bool = False
    """A drawn game does not count: games go on until a seat has the wins needed, however many
    that takes (Spirit Tactics S2, B8). False: a draw is one of the ``best_of`` games, so after
    them the series may end level (Afrika, whose rules leave matches to the bot, A22)."""


@dataclass(frozen=True)
class TurnClock:
    """How long a player of this game may think: ``turn_seconds`` for each turn, then a
    ``reserve_seconds`` bank for the whole game that an overrun turn draws on; when both are
    spent, the AI plays the rest of that turn. Declared per game because a turn's length is the
    game's (an Epochs Chrono turn is a click or two, a Spirit Tactics turn some twenty). The
    server's ``CARDHOST_TURN_SECONDS`` / ``CARDHOST_RESERVE_SECONDS``, when set, override these
    for every game, and ``/play turn_seconds:`` the turn of one match (docs/playing.md)."""

    turn_seconds: int = 90
    reserve_seconds: int = 180


@dataclass(frozen=True)
class HiddenProbes:
    """How the conformance test aims moves at cards a seat cannot see (issue 32, item 2).

    A refusal is read by the player who sent the move, so it must never name a card hidden from
    them; a forged id (a Discord custom_id can say anything) reaches the engine as easily as a
    button. Every game declares how to write such ids, so a new game is checked too.
    """

    aimed: Callable[[Any, int], Iterable[str]]
    """(state, seat) -> action ids in every shape the engine decodes that names an object or a
    card, each naming an object hidden from ``seat`` (a hand, a deck, a face-down card) or an
    object that does not exist. Each must be refused in words that name no card hidden from
    ``seat`` (but the one the id names) and in the same words whatever the hidden cards are; one
    that is a legal move now (Intuition chooses a face-down Shadow) is skipped."""
    card_name: Callable[[str], str | None]
    """A card id as states and views hold it -> the card's name; None for text that is no card
    id. The test reads which cards a state holds and which a view shows with it."""
    variants: tuple[MatchConfig, ...] = ()
    """Further set-ups to probe beside the seat counts of ``players_for_tests`` (a game's
    variants, whose rules of who sees what differ: teams share their hands)."""


@dataclass(frozen=True)
class GameSpec(Generic[S, A, V]):
    """Everything pure about one game. The bot side adds a ``TableSpec`` (words, images)."""

    engine: Engine[S, A, V]
    ai: Policy
    options: tuple[OptionSpec, ...] = ()
    autoplay: Autoplay = field(default_factory=NoAutoplay)
    deck_pool: Callable[[], DeckPool] | None = None
    """The game's card index (names, "did you mean", ``/card``) and deck formats, when players
    bring their own decks."""
    starters: Callable[[], Mapping[str, Sequence[str]]] | None = None
    """Starter decks by name (card ids with repeats), for players without a deck of their own."""
    starter_sides: Callable[[], Mapping[str, Sequence[str]]] | None = None
    """The starter decks' side decks by the same names (games with a side deck)."""
    deck_check: Callable[[Sequence[str], str], str] | None = None
    """(card ids, format) -> '' when legal, else the reason in words."""
    deck_word: str = "deck"
    """What the game calls a player's deck in messages ("Codex" in Afrika)."""
    deck_option: str | None = None
    """The engine option that takes the seats' decks (one list of card ids per seat)."""
    draft: Callable[[], CardSource] | None = None
    """The card source for booster drafts and sealed, when the game has boosters."""
    played_card: Callable[[Any, Any, int], str | None] | None = None
    """(state before a move, state after it, seat) -> the id of the card that seat played with
    the move (cast, put onto the table), or None. Actions name cards by something that only the
    state can resolve (an object id that is per match and may change as the card moves), so the
    bot asks this once, when it stores the move, and keeps the answer beside it: card statistics
    then count plays in SQL instead of replaying games. None: plays are not counted."""
    evaluate: Callable[[Any, int], float] | None = None
    """(state, seat) -> how good the position is for that seat, in [0, 1]: where the ``hard``
    AI's playouts stop before the game ends (``engines.core.search``). None: an even guess."""
    search: SearchSettings = field(default_factory=SearchSettings)
    """How the ``hard`` AI searches this game (rounds a decision, how far a playout runs, how many
    candidate moves): tuned per game, since a round of Afrika costs many of Alchemy's."""
    playout: Policy | None = None
    """The policy the ``hard`` AI's playouts play both sides with (None: ``ai``). The move ``hard``
    falls back on is always ``ai``'s; a cheaper or sharper playout policy only changes the search."""
    easy: EasySettings = field(default_factory=EasySettings)
    """How the ``easy`` AI plays this game (``engines.core.easy``): how often it keeps the game
    AI's move and how close to the best a move must look to be plausible, tuned per game so that
    ``normal`` beats it most of the time but not always (a Spirit Tactics turn is twenty decisions,
    an Alchemy turn a few; a game AI may be weaker or stronger than a one-move look)."""
    series: SeriesRules = SeriesRules()
    clock: TurnClock = TurnClock()
    """The turn clock a match of this game starts with (``TurnClock``)."""
    command_names: Mapping[str, str] = field(default_factory=dict)
    """The game's ``/play`` subcommand in other languages, by locale ("ru": "хроно"): declared
    with the game, so the bot's translations never list the games by name."""
    translations: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """The game's words in other languages, by locale ("ru"), declared with the game so that
    ``bot/translations.py`` lists no game: ``"title"`` (its title where commands offer the games),
    ``"description"`` (its ``/play`` subcommand's), ``"<option>"`` (an option's name, lower case),
    ``"<option>:"`` (an option's description, ``seats:`` included) and each choice label of its
    options by its English text ("Duel": "Дуэль"). ``tests/test_game_declarations.py`` checks every
    key names something the game has."""
    players_for_tests: tuple[int, ...] = ()
    """Seat counts the conformance test plays (default: the engine's minimum and maximum)."""
    test_seeds: int = 50
    """Random games per seat count in the conformance test (fewer for a slow engine)."""
    test_view_every: int = 1
    """The conformance test checks views for leaks at every n-th step (every step by default)."""
    hidden_probes: HiddenProbes | None = None
    """Moves aimed at hidden cards, for the conformance test: every declared game must have them
    (``tests/engines/test_conformance.py`` fails for a game without)."""
    scenarios: Path | None = None
    """The folder of the game's scenario files (``docs/scenarios.md``). None: the repository's
    ``tests/scenarios/<name>/``; a game kept outside the repository declares its own."""
    rules_page: Path | None = None
    """The players' rules summary, citing the game's scenario files by name. None: the
    repository's ``docs/rules/<name>.md`` (which the README then links)."""
    puzzles: Path | None = None
    """The folder of the game's bundled puzzles (``docs/puzzles.md``). None: ``puzzles/`` in the
    repository's ``engines/<name>/``, shipped in the wheel as package data."""

    @property
    def scenario_dir(self) -> Path:
        return self.scenarios or REPOSITORY / "tests" / "scenarios" / self.name

    @property
    def rules_path(self) -> Path:
        return self.rules_page or REPOSITORY / "docs" / "rules" / f"{self.name}.md"

    @property
    def puzzle_dir(self) -> Path:
        return self.puzzles or REPOSITORY / "engines" / self.name / "puzzles"

    @property
    def seat_counts_for_tests(self) -> tuple[int, ...]:
        e = self.engine
        return self.players_for_tests or tuple(sorted({e.min_players, e.max_players}))

    @property
    def name(self) -> str:
        return self.engine.name

    @property
    def title(self) -> str:
        return self.engine.title

    @property
    def has_decks(self) -> bool:
        return self.deck_pool is not None

    def starter_decks(self) -> dict[str, list[str]]:
        return {k: list(v) for k, v in (self.starters() if self.starters else {}).items()}

    def starter_side(self, name: str) -> list[str]:
        """The side deck of starter ``name`` ([] when the game's starters have none)."""
        return list((self.starter_sides() if self.starter_sides else {}).get(name, ()))

    def check_deck(self, cards: Sequence[str], fmt: str = "constructed") -> str:
        """'' when ``cards`` is a legal deck for the format, else the reason in words."""
        return self.deck_check(cards, fmt) if self.deck_check else ""

    def option(self, name: str) -> OptionSpec | None:
        for o in self.options:
            if o.name == name:
                return o
        return None

    def engine_options(self, chosen: Mapping[str, Any]) -> dict[str, Any]:
        """The rules options of ``chosen`` checked against their bounds, defaults left out."""
        out: dict[str, Any] = {}
        for key, value in chosen.items():
            spec = self.option(key)
            if spec is None:
                raise ConfigError(f"{self.title} has no option {key!r}.")
            if spec.engine and value is not None:
                out[key] = spec.check(value)
        return out
