"""The ability grammar of the seed (S23, S24) and the small effect vocabulary it may use.

One line holds one ability, Snare, trigger or spell::

    <cost>: <effect>, <effect>; <effect>, <effect>
    └ cost  └ Primary effects    └ Aftermath effects (optional, after the semicolon)

* **cost**: Essence symbols by type name (``Flame Flame``) or ``Any`` (any type, B18), and/or
  ``Life N`` (your Commander loses N R as a cost); empty for no cost. Designating is a cost too
  (S23): the target words below say what is designated when the link is added.
* **effect**: ``op [N] [keyword] [who]``, e.g. ``damage 300 foe``, ``draw 1 me``,
  ``grant Aegis ally``, ``negate``.

Who words: ``foe`` / ``ally`` / ``any`` designate one opposing / own / any Spirit (one designation
per line: the words may repeat but not mix); ``self`` is the Spirit itself; ``foes`` / ``allies`` /
``all`` are every such face-up or Concealed Spirit; ``me`` / ``opp`` are you or your opponent (or
your / their Commander). From a Spirit, designations and groups reach only the zones of its
Indicator ("in range"); from a Commander or a spell they reach the whole Battleground.

``VOCABULARY`` (``OPS`` holds each op's spec) is the whole vocabulary, declared through the shared
mechanism of ``engines.core.carddata``, which reads every effect against it;
``engines.spirit.effects`` has one handler per op (a test checks the two agree through that
mechanism). Rules text is written from the parsed effects (``Ability.text``).
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.core.carddata import Arg, Op, Vocabulary, one_of
from engines.core.errors import CardDataError as CardDataError
from engines.core.words import plural

SPIRIT_WHO = ("foe", "ally", "any", "self", "foes", "allies", "all")
DESIGNATED = ("foe", "ally", "any")
GROUPS = ("foes", "allies", "all")
PLAYER_WHO = ("me", "opp")
KEYWORD_NAMES = (
    "Aegis",
    "Ravage",
    "Dauntless",
    "Invigorate",
    "Rejuvenate",
    "Longshot",
    "Snare",
    "Twinstrike",
    "Unending",
)


@dataclass(frozen=True)
class OpSpec:
    amount: bool
    """Takes a whole number N (100-5000 for S/R and damage, 1-5 for cards and Essence)."""
    keyword: bool
    """Takes a keyword name (``grant``)."""
    who: tuple[str, ...]
    """The who words it accepts; () for an op without a target."""
    template: str
    small: bool = False
    """N counts cards or Essence (1-5) rather than S / R / damage points."""


_SPECS: dict[str, OpSpec] = {
    "damage": OpSpec(True, False, SPIRIT_WHO, "Deal {n} damage to {who}."),
    "weaken": OpSpec(True, False, SPIRIT_WHO, "{Who} {gets} -{n} R."),
    "bolster": OpSpec(True, False, SPIRIT_WHO, "{Who} {gets} +{n} R."),
    "heal": OpSpec(True, False, SPIRIT_WHO, "Restore up to {n} R to {who}."),
    "restore": OpSpec(False, False, SPIRIT_WHO, "Restore {who} to full R."),
    "empower": OpSpec(True, False, SPIRIT_WHO, "{Who} {gets} +{n} S until end of turn."),
    "sap": OpSpec(True, False, SPIRIT_WHO, "{Who} {gets} -{n} S until end of turn."),
    "bounce": OpSpec(False, False, SPIRIT_WHO, "Return {who} to its owner's hand."),
    "spin": OpSpec(False, False, SPIRIT_WHO, "Shuffle {who} into its owner's Deck."),
    "move": OpSpec(
        False, False, DESIGNATED, "Move {who} to another empty zone of its controller's Battleground."
    ),
    "defeat": OpSpec(False, False, SPIRIT_WHO, "Defeat {who}."),
    "veil": OpSpec(False, False, SPIRIT_WHO, "Turn {who} face down."),
    "grant": OpSpec(False, True, SPIRIT_WHO, "{Who} {gains} {kw} until end of turn."),
    "extra_attack": OpSpec(False, False, SPIRIT_WHO, "{Who} may attack once more this turn."),
    "drain": OpSpec(True, False, SPIRIT_WHO, "Detach {n} Essence from {who}.", small=True),
    "blast": OpSpec(True, False, PLAYER_WHO, "Deal {n} damage to {commander}."),
    "mend": OpSpec(True, False, PLAYER_WHO, "{Commander} regains up to {n} R."),
    "draw": OpSpec(True, False, PLAYER_WHO, "{Player} {draws} {cards}.", small=True),
    "mill": OpSpec(True, False, PLAYER_WHO, "{Player} {mills} {cards}.", small=True),
    "discard": OpSpec(True, False, PLAYER_WHO, "{Player} {discards} {cards} at random.", small=True),
    "recall": OpSpec(True, False, (), "Gather {essence} from your Reload pile onto {holder}.", small=True),
    "exhume": OpSpec(False, False, (), "Return the last Spirit put into your Graveyard to your hand."),
    "negate": OpSpec(False, False, (), "Nullify the Primary effect of the link this responds to."),
}


def _keyword(tok: str | None, op: str, context: object) -> str:
    if tok not in KEYWORD_NAMES or tok == "Snare":
        raise CardDataError(
            f"{op} needs a keyword (one of {', '.join(k for k in KEYWORD_NAMES if k != 'Snare')})"
        )
    return tok


def _args(spec: OpSpec) -> tuple[Arg, ...]:
    """The words after the op, in order: N, a keyword, a who word (as the spec says)."""
    args: list[Arg] = []
    if spec.amount:
        small = spec.small
        args.append(
            Arg("amount", lambda tok, op, _: _number(tok, small, op), True, missing="{op} needs an amount")
        )
    if spec.keyword:
        args.append(Arg("keyword", _keyword, True, missing=None))
    if spec.who:
        words = ", ".join(spec.who)
        refusal = "{op} takes {choices} as its target word, not {value}"
        args.append(
            Arg("who", one_of(spec.who, refusal), True, missing=f"{{op}} needs a target word: {words}")
        )
    return tuple(args)


VOCABULARY: Vocabulary[OpSpec] = Vocabulary(
    "spirit", (Op(name, spec, _args(spec)) for name, spec in _SPECS.items())
)
"""The effect vocabulary, declared through the shared card-data mechanism."""
OPS: dict[str, OpSpec] = VOCABULARY.specs

SHORT: dict[str, str] = {
    "damage": "{n} damage to {a}",
    "weaken": "-{n} R to {a}",
    "bolster": "+{n} R to {a}",
    "heal": "restore {n} R to {a}",
    "restore": "full R to {a}",
    "empower": "+{n} S to {a}",
    "sap": "-{n} S to {a}",
    "bounce": "return {a} to hand",
    "spin": "shuffle {a} into its Deck",
    "move": "move {a}",
    "defeat": "Defeat {a}",
    "veil": "turn {a} face down",
    "grant": "{kw} to {a}",
    "extra_attack": "one more attack for {a}",
    "drain": "detach {essence} from {a}",
    "blast": "{n} damage to {commander}",
    "mend": "{n} R back to {commander}",
    "draw": "{player} {draws} {cards}",
    "mill": "{player} {mills} {cards}",
    "discard": "{player} {discards} {cards}",
    "recall": "{essence} back from the Reload pile",
    "exhume": "last Defeated Spirit back to hand",
    "negate": "nullify the link it answers",
}
"""Each op in a few words, for a button ("400 damage to a Spirit"): the rules text is the card's."""

_SHORT_WHO = {
    "foe": "a Spirit",
    "ally": "your Spirit",
    "any": "a Spirit",
    "self": "itself",
    "foes": "each opposing Spirit",
    "allies": "each of your Spirits",
    "all": "each Spirit",
}


def describe_short(e: Effect) -> str:
    """One effect in a few words ("400 damage to a Spirit", "draw 2 cards")."""
    me = e.who == "me"
    return (
        SHORT[e.op]
        .format(
            n=e.amount,
            a=_SHORT_WHO.get(e.who, ""),
            kw=e.keyword,
            commander="your Commander" if me else "the opposing Commander",
            player="" if me else "opponent",
            draws="draw" if me else "draws",
            mills="mill" if me else "mills",
            discards="discard" if me else "discards",
            cards=plural(e.amount, "card"),
            essence=f"{e.amount} Essence",
        )
        .strip()
    )


AURA_OPS = ("empower", "sap", "grant")
"""Ops a static aura may use, on Spirits in the Indicator (``foes``, ``allies`` or ``all``)."""


@dataclass(frozen=True)
class Effect:
    op: str
    amount: int = 0
    who: str = ""
    keyword: str = ""


@dataclass(frozen=True)
class Ability:
    """One parsed line: cost, designation, Primary and Aftermath effects (S23-S24)."""

    line: str
    """The line as written in the card file."""
    cost: tuple[int, ...] = ()
    """Essence symbols: a type index 1-7, or 0 for Any (B18)."""
    life: int = 0
    """R your Commander loses as a cost."""
    designate: str = ""
    """ "foe", "ally", "any" when the line designates a Spirit, else ""."""
    move: bool = False
    """It Moves the designated Spirit, so a destination zone is designated too (S56)."""
    primary: tuple[Effect, ...] = ()
    aftermath: tuple[Effect, ...] = ()
    source: str = "spell"
    """ "spirit", "commander" or "spell": where it is printed (range applies to "spirit")."""
    cost_names: tuple[str, ...] = ()
    """The cost's symbols as words, for the text."""

    @property
    def ranged(self) -> bool:
        """Designations and groups reach only the Indicator's zones (a Spirit's ability)."""
        return self.source == "spirit" and any(
            e.who in DESIGNATED or e.who in GROUPS for e in (*self.primary, *self.aftermath)
        )

    @property
    def effects(self) -> tuple[Effect, ...]:
        return (*self.primary, *self.aftermath)

    @property
    def cost_text(self) -> str:
        parts = []
        if self.cost_names:
            parts.append(" ".join(self.cost_names))
        if self.life:
            parts.append(f"Pay {self.life} R")
        return ", ".join(parts)

    @property
    def effect_text(self) -> str:
        primary = " ".join(describe(e, self.source) for e in self.primary)
        if not self.aftermath:
            return primary
        after = " ".join(describe(e, self.source) for e in self.aftermath)
        return f"{primary[:-1]}; {after[0].lower()}{after[1:]}"

    @property
    def short_text(self) -> str:
        """What it does in a few words, for a button: "400 damage to a Spirit", "draw 1 card,
        then +200 S to itself" (the full rules text is ``text``)."""
        primary = ", ".join(describe_short(e) for e in self.primary)
        after = ", ".join(describe_short(e) for e in self.aftermath)
        return f"{primary}, then {after}" if after else primary

    @property
    def text(self) -> str:
        cost = self.cost_text
        return f"{cost}: {self.effect_text}" if cost else self.effect_text


# ------------------------------------------------------------------------------- rules text

_SPIRIT_WORDS = {
    "foe": "target opposing Spirit",
    "ally": "target Spirit you control",
    "any": "target Spirit",
    "self": "this Spirit",
    "foes": "each opposing Spirit",
    "allies": "each Spirit you control",
    "all": "each Spirit",
}


def describe(e: Effect, source: str) -> str:
    """One effect as a sentence."""
    spec = OPS[e.op]
    who = _SPIRIT_WORDS.get(e.who, "")
    if who and source == "spirit" and e.who != "self":
        who += " in range"
    group = e.who in GROUPS
    me = e.who == "me"
    words = {
        "n": e.amount,
        "who": who,
        "Who": who[:1].upper() + who[1:],
        "gets": "get" if group else "gets",
        "gains": "gain" if group else "gains",
        "kw": e.keyword,
        "commander": "your Commander" if me else "the opposing Commander",
        "Commander": "Your Commander" if me else "The opposing Commander",
        "Player": "You" if me else "Your opponent",
        "draws": "draw" if me else "draws",
        "mills": "mill" if me else "mills",
        "discards": "discard" if me else "discards",
        "cards": plural(e.amount, "card"),
        "essence": f"{e.amount} Essence",
        "holder": "this Spirit" if source == "spirit" else "your Commander",
    }
    return spec.template.format(**words)


def describe_aura(op: str, amount: int, keyword: str, who: str) -> str:
    subject = {"foes": "Opposing Spirits", "allies": "Other Spirits you control", "all": "Other Spirits"}[who]
    if op == "grant":
        return f"{subject} in range have {keyword}."
    sign = "+" if op == "empower" else "-"
    return f"{subject} in range get {sign}{amount} S."


# ------------------------------------------------------------------------------- parsing


def _number(tok: str, small: bool, what: str) -> int:
    lo, hi = (1, 5) if small else (100, 5000)
    if not tok.isdigit() or not lo <= int(tok) <= hi:
        raise CardDataError(f"{what} needs a whole number from {lo} to {hi}, not {tok!r}")
    n = int(tok)
    if not small and n % 50:
        raise CardDataError(f"{what}: amounts of S, R and damage are multiples of 50 (B25), not {n}")
    return n


def parse_effect(text: str) -> Effect:
    r = VOCABULARY.read_words(text)
    return Effect(r.op, r.get("amount", 0), r.get("who", ""), r.get("keyword", ""))


def _effects(text: str, where: str) -> tuple[Effect, ...]:
    if not text.strip():
        raise CardDataError(f"the {where} effect is empty")
    return tuple(parse_effect(part.strip()) for part in text.split(","))


def _cost(text: str, names: tuple[str, ...]) -> tuple[tuple[int, ...], int, tuple[str, ...]]:
    toks = text.split()
    cost: list[int] = []
    shown: list[str] = []
    life = 0
    i = 0
    while i < len(toks):
        tok = toks[i]
        if tok == "Life":
            if life or i + 1 >= len(toks):
                raise CardDataError("'Life N' appears once, with an amount")
            life = _number(toks[i + 1], False, "Life")
            i += 2
            continue
        if tok == "Any":
            cost.append(0)
        elif tok in names:
            cost.append(names.index(tok) + 1)
        else:
            raise CardDataError(f"unknown cost symbol {tok!r}: use {', '.join(names)}, Any or 'Life N'")
        shown.append(tok)
        i += 1
    if len(cost) > 6:
        raise CardDataError("a cost has at most 6 Essence symbols")
    order = sorted(range(len(cost)), key=lambda k: (cost[k] == 0, cost[k]))
    return tuple(cost[k] for k in order), life, tuple(shown[k] for k in order)


def parse_line(
    line: str, names: tuple[str, ...], *, source: str = "spell", spell: str = "", trigger: bool = False
) -> Ability:
    """Parse ``cost: primary; aftermath``. ``source`` is "spirit", "commander" or "spell";
    ``spell`` is "arcana" or "reflex" for a spell; ``trigger`` for a Snare or other trigger."""
    if line.count(":") != 1:
        raise CardDataError(
            "a line has exactly one colon: 'cost: primary; aftermath' (the cost may be empty)"
        )
    cost_part, body = line.split(":")
    if body.count(";") > 1:
        raise CardDataError("a line has at most one semicolon, before the Aftermath effects")
    primary_part, _, after_part = body.partition(";")
    cost, life, shown = _cost(cost_part, names)
    primary = _effects(primary_part, "Primary")
    aftermath = _effects(after_part, "Aftermath") if ";" in body else ()
    every = (*primary, *aftermath)
    kinds = {e.who for e in every if e.who in DESIGNATED}
    if len(kinds) > 1:
        raise CardDataError(f"a line designates one Spirit: it may not mix {' and '.join(sorted(kinds))}")
    if trigger and (cost or life):
        raise CardDataError("a Snare or trigger costs nothing: leave the part before the colon empty")
    if source != "spirit" and any(e.who == "self" for e in every):
        raise CardDataError("'self' is a Spirit's own word; a Commander or a spell has no self")
    for e in aftermath:
        if e.op == "negate":
            raise CardDataError("negate belongs to the Primary effect (S27)")
    if any(e.op == "negate" for e in primary) and (trigger or spell == "arcana"):
        raise CardDataError("only a Reflex or a Charged Ability can negate: nothing else responds (S22)")
    if any(e.op == "move" for e in every) and not kinds:
        raise CardDataError("move needs a designated Spirit (foe, ally or any)")
    return Ability(
        line=line.strip(),
        cost=cost,
        life=life,
        designate=next(iter(kinds), ""),
        move=any(e.op == "move" for e in every),
        primary=primary,
        aftermath=aftermath,
        source=source,
        cost_names=shown,
    )


def parse_aura(text: str) -> tuple[str, int, str, str]:
    """A static Dormant line such as ``empower 200 allies`` (no colon: it is not an ability)."""
    e = parse_effect(text)
    if e.op not in AURA_OPS:
        raise CardDataError(f"an aura uses {', '.join(AURA_OPS)}, not {e.op}")
    if e.who not in GROUPS:
        raise CardDataError("an aura reaches foes, allies or all (in range)")
    return (e.op, e.amount, e.keyword, e.who)
