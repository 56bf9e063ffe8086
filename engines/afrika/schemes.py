"""Galactic Overlord schemes and Cosmic Rifts as data: the validated loader (R153-R155, R160).

Both decks live in ``engines/afrika/variant_cards/``: ``schemes.toml`` holds ``[[scheme]]`` tables
and ``rifts.toml`` ``[[rift]]`` tables. They are not Codex cards (R153: a scheme can never be drawn)
so they are kept out of ``cards/``, whose loader takes only ``[[card]]``. Every effect, target and
static ability is parsed by the same functions ``cards.py`` uses, so the engine resolves them with
its ordinary effect ops (``effects.OPS``); anything this loader does not know raises
``SchemeDataError`` naming the file and the entry, as ``cards.py`` does.

How the data reads (the lead's engine applies it; nothing here changes a game):

* A scheme's **set in motion** effect (``targets`` / ``effects``) is a triggered ability the
  Overlord controls (R154); its targets are chosen like any trigger's. It is ``abilities[0]`` of the
  scheme's ``card`` (a ``CardDef`` for the stack: register ``variant_card_defs()`` in the card
  index and a stack ``Item`` can name the scheme's id and ability 0).
* An **Ongoing** scheme stays face up (R154). Its ``static`` abilities are anthems for the
  Overlord's entities; its ``triggers`` (``abilities[1:]`` of its card) fire on the Overlord's
  steps: ``sustenance`` and ``dusk`` at the beginning of the Overlord's step of that name,
  ``ally_enters`` whenever an entity enters the cosmos under the Overlord's control. Its
  ``abandon`` says when it goes to the bottom of the Scheme deck: checked as the Overlord's
  ``on`` step begins, before the scheme's own triggers of that step (an abandoned scheme does not
  trigger again); see ``Abandon``.
* A **rift** applies to everyone (R160): its ``static`` anthems reach every entity of every player;
  its ``sustenance`` / ``dusk`` triggers fire at the beginning of each player's step of that name,
  controlled by that (the active) player; ``ally_enters`` fires whenever an entity enters the
  cosmos, controlled by that entity's controller. Its **chaos** ability (``abilities[0]`` of its
  card) triggers when the cosmic die shows Chaos, controlled by the player who rolled.

Schemes and rifts have no source permanent, so an effect may not use ``to = "self"``; they are
never on the stack as spells, so ``negate`` (nothing to negate as the Exploration phase begins with
an empty stack) and the escape hatches ``script`` and ``win_game`` are refused as well. A token
they create enters Zone 1 (no source zone, no caster's choice: ``Ctx.slot`` 0).

API: ``scheme_cards()`` / ``rift_cards()`` (by id, cached), ``scheme(id)`` / ``rift(id)``,
``scheme_deck()`` / ``rift_deck()`` (the default decks, unshuffled), ``check_scheme_deck`` /
``check_rift_deck`` (R153 / R160 in sentences), ``variant_card_defs()`` (for the card index),
``abandon_due(g, scheme, overlord, step)``, ``statics_reaching(seat, overlord, ongoing, rift)``,
``triggers_on(event, ongoing, rift)`` and ``load_schemes`` / ``load_rifts`` for another directory.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .cards import (
    CHOICE_OPS,
    CONDITIONS,
    Ability,
    CardDataError,
    CardDef,
    Effect,
    Static,
    TargetSpec,
    parse_effect,
    parse_static,
    parse_target,
)

if TYPE_CHECKING:
    from .state import Game

DATA_DIR = Path(__file__).with_name("variant_cards")
SCHEME_FILE = "schemes.toml"
RIFT_FILE = "rifts.toml"

SCHEME_DECK_MIN = 20
"""R153: a Scheme deck holds at least 20 schemes ..."""
SCHEME_COPIES_MAX = 2
"""... with at most 2 copies of a name."""
RIFT_DECK_MIN = 10
"""R160: a Rift deck holds at least 10 rifts."""

MOTION = 0
"""Index of a scheme's set-in-motion ability in ``SchemeCard.card.abilities``."""
CHAOS = 0
"""Index of a rift's chaos ability in ``RiftCard.card.abilities``."""
MOTION_EVENT = "set_in_motion"
CHAOS_EVENT = "chaos"

VARIANT_TRIGGERS = ("sustenance", "dusk", "ally_enters")
"""The events a face-up scheme or rift can trigger on (no source permanent: no enters, dies ...)."""
ABANDON_STEPS = ("sustenance", "dusk")
"""When an Ongoing scheme's abandon condition is checked: as that step of the Overlord's begins."""
ABANDON_WHO = ("you", "opponent")
REFUSED_OPS = frozenset({"script", "win_game", "negate"})

SCHEME_FIELDS = frozenset(
    {
        "id",
        "name",
        "text",
        "verse",
        "ongoing",
        "copies",
        "targets",
        "effects",
        "static",
        "triggers",
        "abandon",
    }
)
RIFT_FIELDS = frozenset({"id", "name", "text", "verse", "copies", "static", "triggers", "chaos", "art"})
RIFT_ART = ("vortex", "shattered_sun", "islands", "aurora")
"""The picture behind a rift's tear (cosmetic, like a card's ``art``); "" lets the renderer pick."""
TRIGGER_FIELDS = frozenset({"on", "text", "targets", "effects", "if"})
CHAOS_FIELDS = frozenset({"text", "targets", "effects"})
ABANDON_FIELDS = frozenset({"on", "if", "unless", "who"})

_SCHEME_ID = re.compile(r"SCH\d{2}")
_RIFT_ID = re.compile(r"RFT\d{2}")


class SchemeDataError(CardDataError):
    """A scheme or rift file is wrong; the message names the file and the entry."""


@dataclass(frozen=True)
class Abandon:
    """When an Ongoing scheme is abandoned (goes to the bottom of the Scheme deck, R154).

    Checked as the Overlord's ``on`` step begins. ``cond`` uses the card conditions
    (``cards.CONDITIONS``, evaluated by ``effects.check_cond``) for ``who``: "you" is the Overlord,
    "opponent" holds when it holds for at least one opponent still in the game. With ``unless``
    the scheme is abandoned when the condition does *not* hold; with no condition it is abandoned
    unconditionally at that step (a scheme that lasts until the Overlord's next turn)."""

    on: str
    cond: tuple[tuple[str, Any], ...] = ()
    unless: bool = False
    who: str = "you"


@dataclass(frozen=True)
class SchemeCard:
    """One scheme: ``card`` is the ``CardDef`` the stack resolves it with (``abilities[0]`` is the
    set-in-motion ability, ``abilities[1:]`` the Ongoing triggers, ``static`` the anthems)."""

    id: str
    name: str
    text: str
    verse: str
    ongoing: bool
    copies: int
    motion: Ability
    static: tuple[Static, ...]
    triggers: tuple[Ability, ...]
    abandon: Abandon | None
    card: CardDef
    file: str

    @property
    def targets(self) -> tuple[TargetSpec, ...]:
        return self.motion.targets

    @property
    def effects(self) -> tuple[Effect, ...]:
        return self.motion.effects


@dataclass(frozen=True)
class RiftCard:
    """One rift: ``card.abilities[0]`` is the chaos ability, ``abilities[1:]`` its triggers."""

    id: str
    name: str
    text: str
    verse: str
    copies: int
    static: tuple[Static, ...]
    triggers: tuple[Ability, ...]
    chaos: Ability
    card: CardDef
    file: str
    art: str = ""


# ------------------------------------------------------------------------------------- parsing
def _check_effects(raw: Any, n_targets: int) -> tuple[Effect, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ValueError("effects must be a list")
    out = tuple(parse_effect(e, n_targets) for e in raw)
    for e in out[:-1]:
        if e.op in CHOICE_OPS:
            raise ValueError(f"effect {e.op} asks a player to choose and must be the last effect")
    for e in out:
        if e.op in REFUSED_OPS:
            raise ValueError(f"effect {e.op} is not available to schemes and rifts")
        if e.get("to") == "self":
            raise ValueError(
                f'effect {e.op}: to = "self" needs a source permanent, which a scheme or rift is not'
            )
        if e.op == "token":
            _check_token(e.get("card"))
    return out


def _check_token(cid: Any) -> None:
    from .cards import CARDS

    c = CARDS().get(str(cid))
    if c is None or not c.token:
        raise ValueError(f"token card {cid!r} is not a token in the card files")


def _targets(raw: Any) -> tuple[TargetSpec, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ValueError("targets must be a list")
    return tuple(parse_target(t) for t in raw)


def _statics(raw: Any) -> tuple[Static, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ValueError("static must be a list")
    out = tuple(parse_static(s) for s in raw)
    for s in out:
        if s.op != "anthem" or s.where != "all":
            raise ValueError('a static ability of a scheme or rift is an anthem with where = "all"')
    return out


def _cond(raw: Any, what: str) -> tuple[tuple[str, Any], ...]:
    if not isinstance(raw, Mapping) or not raw or any(c not in CONDITIONS for c in raw):
        raise ValueError(f"{what} must be a table of conditions ({', '.join(CONDITIONS)}), got {raw!r}")
    for k, v in raw.items():
        if k == "hand_empty" and v is not True:
            raise ValueError(f"{what}: hand_empty must be true")
        if k != "hand_empty" and (not isinstance(v, int) or isinstance(v, bool) or v < 1):
            raise ValueError(f"{what}: {k} must be a whole number of at least 1, got {v!r}")
    return tuple(sorted(raw.items()))


def _triggers(raw: Any) -> tuple[Ability, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ValueError("triggers must be a list")
    out: list[Ability] = []
    for t in raw:
        if not isinstance(t, Mapping):
            raise ValueError(f"a trigger must be a table, got {t!r}")
        bad = set(t) - TRIGGER_FIELDS
        if bad:
            raise ValueError(f"triggered ability has unknown field(s) {', '.join(sorted(bad))}")
        on = t.get("on")
        if on not in VARIANT_TRIGGERS:
            raise ValueError(
                f"unknown trigger {on!r}; a scheme or rift triggers on {', '.join(VARIANT_TRIGGERS)}"
            )
        ts = _targets(t.get("targets"))
        effects = _check_effects(t.get("effects"), len(ts))
        if not effects:
            raise ValueError(f"the {on} trigger has no effects")
        cond = _cond(t["if"], "if") if "if" in t else ()
        out.append(
            Ability("triggered", on=str(on), cond=cond, targets=ts, effects=effects, text=_text(t, "trigger"))
        )
    return tuple(out)


def _text(raw: Mapping[str, Any], what: str) -> str:
    text = raw.get("text", "")
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"the {what} needs a text")
    return text


def _abandon(raw: Any) -> Abandon:
    if not isinstance(raw, Mapping):
        raise ValueError(f"abandon must be a table, got {raw!r}")
    bad = set(raw) - ABANDON_FIELDS
    if bad:
        raise ValueError(f"abandon has unknown field(s) {', '.join(sorted(bad))}")
    on = raw.get("on")
    if on not in ABANDON_STEPS:
        raise ValueError(
            f"abandon on {on!r}: it is checked as one of the Overlord's steps begins ({', '.join(ABANDON_STEPS)})"
        )
    if "if" in raw and "unless" in raw:
        raise ValueError("abandon has either if or unless, not both")
    who = raw.get("who", "you")
    if who not in ABANDON_WHO:
        raise ValueError(f"abandon who {who!r}: one of {', '.join(ABANDON_WHO)}")
    if "unless" in raw:
        return Abandon(str(on), _cond(raw["unless"], "unless"), True, str(who))
    if "if" in raw:
        return Abandon(str(on), _cond(raw["if"], "if"), False, str(who))
    if "who" in raw:
        raise ValueError("abandon names who without a condition")
    return Abandon(str(on))


def _common(
    raw: Mapping[str, Any], fields: frozenset[str], pattern: re.Pattern[str]
) -> tuple[str, str, str, str, int]:
    unknown = set(raw) - fields
    if unknown:
        raise ValueError(f"unknown field(s) {', '.join(sorted(unknown))}")
    for req in ("id", "name", "text"):
        if not isinstance(raw.get(req), str) or not raw[req].strip():
            raise ValueError(f"missing field {req!r}")
    cid = str(raw["id"])
    if not pattern.fullmatch(cid):
        raise ValueError(f"id {cid!r} does not look like {pattern.pattern}")
    verse = raw.get("verse", "")
    if not isinstance(verse, str):
        raise ValueError("verse must be text")
    copies = raw.get("copies", 1)
    if not isinstance(copies, int) or isinstance(copies, bool) or not 1 <= copies <= SCHEME_COPIES_MAX:
        raise ValueError(f"copies must be 1 or {SCHEME_COPIES_MAX}, got {copies!r}")
    return cid, str(raw["name"]), str(raw["text"]), verse, copies


def _card_def(
    cid: str,
    name: str,
    kind: str,
    text: str,
    verse: str,
    abilities: tuple[Ability, ...],
    static: tuple[Static, ...],
    file: str,
) -> CardDef:
    """The ``CardDef`` the stack resolves a scheme's or rift's abilities with: a spell type that is
    no permanent (R155), no cost (no energy quality, so no "Shield from" stops it), set "VAR"."""
    return CardDef(
        id=cid,
        name=name,
        type="spell",
        set="VAR",
        rarity="R",
        subtypes=(kind,),
        text=text,
        verse=verse,
        abilities=abilities,
        static=static,
        file=file,
    )


def parse_scheme(raw: Mapping[str, Any], file: str) -> SchemeCard:
    cid, name, text, verse, copies = _common(raw, SCHEME_FIELDS, _SCHEME_ID)
    ongoing = raw.get("ongoing", False)
    if not isinstance(ongoing, bool):
        raise ValueError("ongoing must be true or false")
    targets = _targets(raw.get("targets"))
    effects = _check_effects(raw.get("effects"), len(targets))
    if targets and not effects:
        raise ValueError("targets without effects")
    static = _statics(raw.get("static"))
    triggers = _triggers(raw.get("triggers"))
    abandon = _abandon(raw["abandon"]) if "abandon" in raw else None
    if ongoing:
        if abandon is None:
            raise ValueError("an Ongoing scheme needs an abandon condition")
        if not (static or triggers):
            raise ValueError("an Ongoing scheme needs a static or triggered ability")
    else:
        if not effects:
            raise ValueError("a one-shot scheme needs effects to set in motion")
        if static or triggers or abandon is not None:
            raise ValueError("static, triggers and abandon belong to Ongoing schemes (ongoing = true)")
    motion = Ability(
        "triggered", on=MOTION_EVENT, targets=targets, effects=effects, text=f"{name} is set in motion"
    )
    card = _card_def(cid, name, "scheme", text, verse, (motion, *triggers), static, file)
    return SchemeCard(cid, name, text, verse, ongoing, copies, motion, static, triggers, abandon, card, file)


def parse_rift(raw: Mapping[str, Any], file: str) -> RiftCard:
    cid, name, text, verse, copies = _common(raw, RIFT_FIELDS, _RIFT_ID)
    static = _statics(raw.get("static"))
    triggers = _triggers(raw.get("triggers"))
    if not (static or triggers):
        raise ValueError("a rift needs a static or triggered ability that applies to everyone")
    ch = raw.get("chaos")
    if not isinstance(ch, Mapping):
        raise ValueError("a rift needs a chaos table (its chaos ability)")
    bad = set(ch) - CHAOS_FIELDS
    if bad:
        raise ValueError(f"chaos has unknown field(s) {', '.join(sorted(bad))}")
    ts = _targets(ch.get("targets"))
    effects = _check_effects(ch.get("effects"), len(ts))
    if not effects:
        raise ValueError("the chaos ability has no effects")
    chaos = Ability("triggered", on=CHAOS_EVENT, targets=ts, effects=effects, text=_text(ch, "chaos ability"))
    art = raw.get("art", "")
    if art and art not in RIFT_ART:
        raise ValueError(f"unknown art {art!r}; one of {', '.join(RIFT_ART)}")
    card = _card_def(cid, name, "rift", text, verse, (chaos, *triggers), static, file)
    return RiftCard(cid, name, text, verse, copies, static, triggers, chaos, card, file, str(art))


def _entries(path: Path, key: str) -> list[Any]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SchemeDataError(f"{path.name}: the file is missing") from None
    except tomllib.TOMLDecodeError as exc:
        raise SchemeDataError(f"{path.name}: not valid TOML: {exc}") from None
    bad_top = set(data) - {key}
    if bad_top:
        raise SchemeDataError(
            f"{path.name}: unknown top-level key(s) {', '.join(sorted(bad_top))}; expected [[{key}]]"
        )
    entries = data.get(key, [])
    if not isinstance(entries, list):
        raise SchemeDataError(f"{path.name}: {key} must be an array of tables ([[{key}]])")
    return entries


def _load(path: Path, key: str) -> dict[str, SchemeCard | RiftCard]:
    out: dict[str, SchemeCard | RiftCard] = {}
    names: dict[str, str] = {}
    for i, raw in enumerate(_entries(path, key)):
        label = raw.get("id", f"#{i + 1}") if isinstance(raw, Mapping) else f"#{i + 1}"
        try:
            if not isinstance(raw, Mapping):
                raise ValueError(f"a {key} must be a table")
            item = parse_scheme(raw, path.name) if key == "scheme" else parse_rift(raw, path.name)
        except (ValueError, TypeError, KeyError) as exc:
            raise SchemeDataError(f"{path.name}: {key} {label}: {exc}") from None
        if item.id in out:
            raise SchemeDataError(f"{path.name}: {key} {label}: duplicate id")
        if item.name in names:
            raise SchemeDataError(
                f"{path.name}: {key} {label}: name {item.name!r} is also {names[item.name]}'s"
            )
        out[item.id] = item
        names[item.name] = item.id
    return out


def load_schemes(directory: Path | None = None) -> dict[str, SchemeCard]:
    """Every scheme of ``schemes.toml``, validated, by id (file order)."""
    loaded = _load((directory or DATA_DIR) / SCHEME_FILE, "scheme")
    return {k: v for k, v in loaded.items() if isinstance(v, SchemeCard)}


def load_rifts(directory: Path | None = None) -> dict[str, RiftCard]:
    """Every rift of ``rifts.toml``, validated, by id (file order)."""
    loaded = _load((directory or DATA_DIR) / RIFT_FILE, "rift")
    return {k: v for k, v in loaded.items() if isinstance(v, RiftCard)}


# ------------------------------------------------------------------------------------ the API
@cache
def scheme_cards() -> dict[str, SchemeCard]:
    """The shipped schemes by id (loaded once; do not change the dict)."""
    return load_schemes()


@cache
def rift_cards() -> dict[str, RiftCard]:
    """The shipped rifts by id (loaded once; do not change the dict)."""
    return load_rifts()


def scheme(cid: str) -> SchemeCard:
    return scheme_cards()[cid]


def rift(cid: str) -> RiftCard:
    return rift_cards()[cid]


def scheme_deck() -> list[str]:
    """The default Scheme deck (R153): every scheme, as many copies as its ``copies``, unshuffled."""
    return [c.id for c in scheme_cards().values() for _ in range(c.copies)]


def rift_deck() -> list[str]:
    """The default Rift deck (R160): every rift, as many copies as its ``copies``, unshuffled."""
    return [c.id for c in rift_cards().values() for _ in range(c.copies)]


def check_scheme_deck(ids: list[str]) -> str:
    """An empty string for a legal Scheme deck (R153), else a sentence saying what is wrong."""
    known = scheme_cards()
    unknown = sorted({i for i in ids if i not in known})
    if unknown:
        return f"The Scheme deck names unknown schemes: {', '.join(unknown)}."
    if len(ids) < SCHEME_DECK_MIN:
        return f"A Scheme deck needs at least {SCHEME_DECK_MIN} schemes; this one has {len(ids)}."
    counts = Counter(known[i].name for i in ids)
    over = sorted(n for n, k in counts.items() if k > SCHEME_COPIES_MAX)
    if over:
        return f"A Scheme deck holds at most {SCHEME_COPIES_MAX} copies of a scheme; too many of {', '.join(over)}."
    return ""


def check_rift_deck(ids: list[str]) -> str:
    """An empty string for a legal Rift deck (R160), else a sentence saying what is wrong."""
    known = rift_cards()
    unknown = sorted({i for i in ids if i not in known})
    if unknown:
        return f"The Rift deck names unknown rifts: {', '.join(unknown)}."
    if len(ids) < RIFT_DECK_MIN:
        return f"A Rift deck needs at least {RIFT_DECK_MIN} rifts; this one has {len(ids)}."
    return ""


def statics_reaching(
    seat: int, overlord: int, ongoing: Iterable[str], rift_id: str = ""
) -> tuple[Static, ...]:
    """The scheme and rift anthems that reach the entities ``seat`` controls: the face-up rift's
    reach everyone's, the Ongoing schemes' only the Overlord's (``overlord`` -1: no Overlord)."""
    out: list[Static] = []
    if seat == overlord:
        for cid in ongoing:
            out.extend(scheme(cid).static)
    if rift_id:
        out.extend(rift(rift_id).static)
    return tuple(out)


def triggers_on(event: str, ongoing: Iterable[str] = (), rift_id: str = "") -> list[tuple[str, int]]:
    """(card id, ability index in its ``card``) of every face-up scheme and rift ability that
    triggers on ``event``, Ongoing schemes first in the order given. The caller knows whose step it
    is: scheme triggers are for the Overlord's steps and entities, rift triggers for everyone's."""
    out: list[tuple[str, int]] = []
    for cid in ongoing:
        out += [(cid, i) for i, ab in enumerate(scheme(cid).card.abilities) if i != MOTION and ab.on == event]
    if rift_id:
        out += [
            (rift_id, i) for i, ab in enumerate(rift(rift_id).card.abilities) if i != CHAOS and ab.on == event
        ]
    return out


def variant_card_defs() -> dict[str, CardDef]:
    """Every scheme's and rift's ``CardDef`` by id, for the card index (``cards.CARD_INDEX``) so a
    stack item or trigger naming a scheme or rift resolves like any card's ability."""
    out: dict[str, CardDef] = {cid: s.card for cid, s in scheme_cards().items()}
    out.update({cid: r.card for cid, r in rift_cards().items()})
    return out


def abandon_due(g: Game, s: SchemeCard, overlord: int, step: str) -> bool:
    """Whether the Ongoing scheme ``s`` is abandoned as the Overlord's ``step`` begins (reads ``g``
    only): its abandon step, and its condition (if any) decided by ``effects.check_cond``."""
    ab = s.abandon
    if ab is None or ab.on != step:
        return False
    if not ab.cond:
        return True
    from .effects import check_cond
    from .rules import opponents

    cond = dict(ab.cond)
    seats = [overlord] if ab.who == "you" else opponents(g, overlord)
    holds = any(check_cond(g, cond, p) for p in seats)
    return holds != ab.unless


def describe_abandon(ab: Abandon) -> str:
    """The abandon condition in words (the card text says it too; this is for logs and tests)."""
    step = {"sustenance": "Sustenance step", "dusk": "Dusk step"}[ab.on]
    head = f"At the beginning of the Overlord's {step}"
    if not ab.cond:
        return f"{head}, abandon this scheme."
    who = "the Overlord" if ab.who == "you" else "an opponent"
    parts = []
    for k, v in ab.cond:
        if k == "life_at_least":
            parts.append(f"{who} has at least {v} life")
        elif k == "hand_empty":
            parts.append(f"{who} has no cards in hand")
        else:
            parts.append(f"{who} controls at least {v} entit{'y' if v == 1 else 'ies'}")
    return f"{head}, {'unless' if ab.unless else 'if'} {' and '.join(parts)}, abandon this scheme."


__all__ = [
    "CHAOS",
    "MOTION",
    "RIFT_DECK_MIN",
    "SCHEME_COPIES_MAX",
    "SCHEME_DECK_MIN",
    "Abandon",
    "RiftCard",
    "SchemeCard",
    "SchemeDataError",
    "abandon_due",
    "check_rift_deck",
    "check_scheme_deck",
    "describe_abandon",
    "load_rifts",
    "load_schemes",
    "rift",
    "rift_cards",
    "rift_deck",
    "scheme",
    "scheme_cards",
    "scheme_deck",
    "statics_reaching",
    "triggers_on",
    "variant_card_defs",
]
