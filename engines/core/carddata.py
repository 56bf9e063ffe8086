"""One card-data vocabulary mechanism for every card game: declared effect ops and one strict reader.

Afrika, Spirit Tactics, Chronomagia and Alchemy each keep cards as TOML data whose effects are
drawn from a small vocabulary of ops. Each game once declared its ops in its own shape and checked
them with its own loader code; here is the part that is the same (issue 36 item 1):

* a ``Vocabulary`` declares each ``Op``: its name, its arguments (``Arg``: name, whether it is
  required, its default, and the check of its value with the words of a refusal), any group of
  which one must be given, and the game's own ``meta`` (rules-text template, timing, target kind);
* one reader of an effect, written as a table (``{ op = "draw", amount = 1 }``, Afrika and Alchemy)
  or as words (``draw 1 me``, Spirit Tactics and Chronomagia), against that vocabulary;
* the check that the game's handlers and its vocabulary agree (each declared op has a handler and
  each handler a declared op), and the reading of a card file (``card_tables``) whose refusals
  name the file, the card and the field (``Place``).

What differs stays with each game (by composition, the game passes its vocabulary and its checks
in): its ops and their handlers, the value checks (energy codes, Indicator words, token ids), and
the rest of its card shape (windows, Indicators, abilities), which each game's ``cards`` module
reads with ``Place`` so that every refusal reads the same way.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from .errors import CardDataError

M = TypeVar("M")
H = TypeVar("H")

Check = Callable[[Any, str, Mapping[str, Any]], Any]
"""``check(value, op, context)``: the value to keep, or ``CardDataError``/``ValueError`` in words.
``context`` is what the game passes to the reader (the card's number of targets, its token ids)."""

NO_CONTEXT: Mapping[str, Any] = {}


def _as_is(value: Any, op: str, context: Mapping[str, Any]) -> Any:
    return value


@dataclass(frozen=True, slots=True)
class Arg:
    """One argument of an op, as a table field or as the next word of an effect line."""

    name: str
    check: Check = _as_is
    required: bool = False
    default: Any = None
    """The value of an optional argument left out (the words form only)."""
    missing: str | None = "effect {op} needs {name}"
    """The refusal when a required argument is left out (``{op}`` and ``{name}`` are filled in);
    None: the check itself refuses a missing value (it is called with None)."""
    claims: Callable[[str], bool] | None = None
    """Words form, optional argument: whether the next word is this argument (a number for an
    optional amount); None takes any next word."""


@dataclass(frozen=True, slots=True)
class Op(Generic[M]):
    """One effect op: its arguments (in the order of the words form) and the game's own ``meta``."""

    name: str
    meta: M
    args: tuple[Arg, ...] = ()
    needs: tuple[tuple[tuple[str, ...], str], ...] = ()
    """Groups of arguments of which at least one is given, with the words of the refusal
    (``(("target", "to"), "a target or 'to'")``)."""


@dataclass(frozen=True, slots=True)
class Reading:
    """An effect read against the vocabulary: its op and its checked values, in the order read."""

    op: str
    values: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str, default: Any = None) -> Any:
        for k, v in self.values:
            if k == name:
                return v
        return default


class Vocabulary(Generic[M]):
    """A game's declared effect ops, and the one reader of its effects."""

    def __init__(self, game: str, ops: Iterable[Op[M]], common: Iterable[Arg] = ()) -> None:
        self.game = game
        self.ops: dict[str, Op[M]] = {}
        for op in ops:
            if op.name in self.ops:
                raise CardDataError(f"{game}: the op {op.name!r} is declared twice")
            self.ops[op.name] = op
        self.common: dict[str, Arg] = {a.name: a for a in common}
        """Table fields every op takes (Afrika's ``if``)."""
        self._args = {name: {a.name: a for a in op.args} for name, op in self.ops.items()}

    def __contains__(self, op: object) -> bool:
        return op in self.ops

    def __iter__(self) -> Iterator[str]:
        return iter(self.ops)

    def __len__(self) -> int:
        return len(self.ops)

    @property
    def specs(self) -> dict[str, M]:
        """Each op's ``meta`` by name (the game's own spec table)."""
        return {name: op.meta for name, op in self.ops.items()}

    # ------------------------------------------------------------------------------- handlers

    def disagreement(self, handled: Collection[str]) -> str:
        """Words for how ``handled`` (the ops the game's code handles) and the declaration differ;
        "" when they agree."""
        missing = [op for op in self.ops if op not in handled]
        extra = sorted(op for op in handled if op not in self.ops)
        parts = []
        if missing:
            parts.append(f"declared op(s) without a handler: {', '.join(missing)}")
        if extra:
            parts.append(f"handler(s) for op(s) not declared: {', '.join(extra)}")
        return f"{self.game}: " + "; ".join(parts) if parts else ""

    def check_handlers(self, handled: Collection[str]) -> None:
        """Refuse (``CardDataError``) unless each declared op is handled and each handled op declared."""
        problem = self.disagreement(handled)
        if problem:
            raise CardDataError(problem)

    def handlers(self, table: Mapping[str, H]) -> dict[str, H]:
        """The game's handler table, registered once it agrees with the declaration."""
        self.check_handlers(table.keys())
        return dict(table)

    # --------------------------------------------------------------------------------- reading

    def read_table(self, raw: Any, context: Mapping[str, Any] = NO_CONTEXT) -> Reading:
        """An effect written as a table, ``{ op = "damage", amount = 2, target = 0 }``."""
        if not isinstance(raw, Mapping):
            raise CardDataError(f"an effect must be a table, got {raw!r}")
        name = raw.get("op")
        op = self.ops.get(name) if isinstance(name, str) else None
        if op is None:
            raise CardDataError(f"unknown effect op {name!r}")
        args = self._args[op.name]
        values: list[tuple[str, Any]] = []
        for key, value in raw.items():
            if key == "op":
                continue
            arg = args.get(key) or self.common.get(key)
            if arg is None:
                raise CardDataError(f"effect {op.name} has no field {key!r}")
            values.append((key, arg.check(value, op.name, context)))
        given = {k for k, _ in values}
        for arg in op.args:
            if arg.required and arg.name not in given:
                raise self._missing(op, arg, context)
        for group, words in op.needs:
            if not given.intersection(group):
                raise CardDataError(f"effect {op.name} needs {words}")
        return Reading(op.name, tuple(values))

    def read_words(self, text: str, context: Mapping[str, Any] = NO_CONTEXT) -> Reading:
        """An effect written as words, ``op [argument ...]``, the arguments in declared order."""
        words = text.split()
        if not words:
            raise CardDataError("an empty effect (two commas, or a comma at the end)")
        op = self.ops.get(words[0])
        if op is None:
            raise CardDataError(f"unknown effect {words[0]!r}; effects are {', '.join(self.ops)}")
        rest = words[1:]
        values: list[tuple[str, Any]] = []
        for arg in op.args:
            if not rest or (not arg.required and arg.claims is not None and not arg.claims(rest[0])):
                if arg.required:
                    raise self._missing(op, arg, context)
                values.append((arg.name, arg.default))
                continue
            values.append((arg.name, arg.check(rest.pop(0), op.name, context)))
        if rest:
            raise CardDataError(f"{op.name}: unexpected words {' '.join(rest)!r}")
        return Reading(op.name, tuple(values))

    @staticmethod
    def _missing(op: Op[M], arg: Arg, context: Mapping[str, Any]) -> CardDataError:
        if arg.missing is None:
            arg.check(None, op.name, context)  # refuses in its own words
            return CardDataError(f"effect {op.name} needs {arg.name}")
        return CardDataError(arg.missing.format(op=op.name, name=arg.name))

    def read_line(self, text: str, context: Mapping[str, Any] = NO_CONTEXT) -> tuple[Reading, ...]:
        """Effects written as words and separated by commas."""
        return tuple(self.read_words(part.strip(), context) for part in text.split(","))


def one_of(choices: Collection[Any], refusal: str) -> Check:
    """A check that the value is one of ``choices``; ``refusal`` may use ``{op}``, ``{value}``
    (its repr) and ``{choices}`` (comma-separated)."""
    shown = ", ".join(str(c) for c in choices)

    def check(value: Any, op: str, context: Mapping[str, Any]) -> Any:
        try:
            ok = value in choices
        except TypeError:  # an unhashable value (a list, a table) is never one of them
            ok = False
        if not ok:
            raise CardDataError(refusal.format(op=op, value=repr(value), choices=shown))
        return value

    return check


# ------------------------------------------------------------------------------ card files


@dataclass(frozen=True, slots=True)
class Place:
    """Where a value sits: the file, the card and the field, for a refusal in words."""

    file: str
    card: str = ""
    field: str = ""

    def at(self, field: str) -> Place:
        """The place of ``field`` of this card (a field within a field is joined with a space)."""
        return Place(self.file, self.card, f"{self.field} {field}".strip())

    def words(self) -> str:
        parts = [self.file]
        if self.card:
            parts.append(f"card {self.card}")
        if self.field:
            parts.append(self.field)
        return ": ".join(parts)

    def fail(self, message: str) -> CardDataError:
        """The error to raise for ``message`` here (file, card and field first)."""
        return CardDataError(f"{self.words()}: {message}")


def fail(path: Path, where: str, message: str) -> CardDataError:
    """The error for ``message`` at ``where`` of the file ``path`` ("card S01", "card T001 e1",
    "[rules]"): a loader that names its places in one string uses this, and reads the same."""
    return CardDataError(f"{path.name}: {where}: {message}")


def whole(raw: Any, path: Path, where: str, name: str, lo: int, hi: int) -> int:
    """The whole number ``raw`` of field ``name``, from ``lo`` to ``hi`` (true/false is not one)."""
    if isinstance(raw, bool) or not isinstance(raw, int) or not lo <= raw <= hi:
        raise fail(path, where, f"{name} must be a whole number from {lo} to {hi}")
    return raw


def text(raw: Any, path: Path, where: str, name: str, *, required: bool = True) -> str:
    """The text ``raw`` of field ``name``, stripped; required: not empty (else may be left out)."""
    if raw is None and not required:
        return ""
    if not isinstance(raw, str) or (required and not raw.strip()):
        raise fail(path, where, f"{name} must be a non-empty string")
    return raw.strip()


def read_toml(path: Path) -> dict[str, Any]:
    """A card file decoded; ``CardDataError`` naming the file when it cannot be read or decoded."""
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(f"{path.name}: not valid TOML: {exc}") from None
    except OSError as exc:
        raise CardDataError(f"{path.name}: cannot read: {exc}") from None


def card_tables(
    path: Path, key: str, raw: Mapping[str, Any] | None = None
) -> list[tuple[Place, dict[str, Any]]]:
    """The ``[[key]]`` tables of one card file, each with its place (the card named by its id).

    The file holds those tables only; each is a table. ``raw`` is the decoded file when the
    caller has it already."""
    data = read_toml(path) if raw is None else raw
    extra = sorted(set(data) - {key})
    if extra:
        raise Place(path.name, field="top level").fail(
            f"unknown keys {extra}; this file holds [[{key}]] tables only"
        )
    entries = data.get(key, [])
    if not isinstance(entries, list):
        raise Place(path.name).fail(f"[[{key}]] must be an array of tables")
    out: list[tuple[Place, dict[str, Any]]] = []
    for i, entry in enumerate(entries, 1):
        if not isinstance(entry, dict):
            raise Place(path.name, f"#{i}").fail(f"each [[{key}]] must be a table")
        cid = entry.get("id")
        out.append((Place(path.name, str(cid) if cid else "?"), entry))
    return out


def add_card(cards: dict[str, Any], place: Place, cid: str, card: Any, files: dict[str, str]) -> None:
    """Add ``card`` under ``cid``, refusing an id already taken (naming both files)."""
    if cid in cards:
        raise place.fail(f"duplicate id (also in {files[cid]})")
    cards[cid] = card
    files[cid] = place.file
