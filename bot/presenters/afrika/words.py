"""Afrika's card notation as players read it in the DM panel's text (issue #34 item 14).

Cards store costs as symbols ("{3}{JUN}"); the card images draw them as pips, but a line of text
showed them raw, which no player reads. Here a cost reads "3 + Cosmic Jungle", and a target
choice says what the target is for ("put a +1/+1 marker on target entity you control"), taken
from the card's own words.
"""

from __future__ import annotations

import re
from collections import Counter

from engines.afrika.cards import ENERGY_NAMES
from engines.afrika.cards import card as card_def

_SYMBOL = re.compile(r"\{([^}]*)\}")
_SYMBOLS = re.compile(r"(?:\{[^}]*\})+")
_TRIGGER = re.compile(r"^(?:When|Whenever|At)\b[^,]*,\s*", re.IGNORECASE)
_ACTIVATED = re.compile(r"^[^:]*:\s*")
_SPECIAL = {"T": "charge it", "Q": "uncharge it"}


def cost_text(cost: str) -> str:
    """A cost in words: "{3}{JUN}" -> "3 + Cosmic Jungle", "{1}{VOL}{VOL}" -> "1 + 2 Volcanic
    Valleys", "{X}{SEA}" -> "X + Deep Seas", "{0}" -> "0" ('' stays '')."""
    symbols = _SYMBOL.findall(cost)
    if not symbols:
        return cost
    generic = sum(int(s) for s in symbols if s.isdigit())
    parts = [s for s in symbols if s.upper() == "X"]
    if generic or not [s for s in symbols if not s.isdigit()]:
        parts.append(str(generic))
    energies = Counter(s for s in symbols if s in ENERGY_NAMES)
    for code, n in energies.items():
        parts.append(f"{n} {ENERGY_NAMES[code]}" if n > 1 else ENERGY_NAMES[code])
    others = [s for s in symbols if not s.isdigit() and s.upper() != "X" and s not in ENERGY_NAMES]
    parts += [_SPECIAL.get(s, s) for s in others]
    return " + ".join(parts)


def in_words(text: str) -> str:
    """Rules text with every run of cost symbols written out ("Pay {2}{VOL}: ..." -> "Pay 2 +
    Volcanic Valleys: ...")."""
    return _SYMBOLS.sub(lambda m: cost_text(m.group(0)), text)


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", " ".join(text.split())) if s.strip()]


def target_purpose(card_id: str, item: str) -> str:
    """What a target chosen for ``card_id`` is for, from its rules text: the first sentence that
    names a target, without its trigger ("When ... enters the cosmos, ") or its cost ("{T}: ");
    '' when the card's words name no target. ``item``: what is being put on the stack ("spell",
    "ability" or "trigger")."""
    if not card_id:
        return ""
    try:
        c = card_def(card_id)
    except KeyError:
        return ""
    # The card's own name may hold a comma ("Oya, Voice of the Nebula"): kept out of the matching.
    text = c.text.replace(c.name, "\0")
    found = [s for s in _sentences(text) if "target" in s.lower()]
    if item == "trigger":
        found = [s for s in found if _TRIGGER.match(s)] or found
    elif item == "ability":
        found = [s for s in found if ":" in s] or found
    if not found:
        return _bond(_sentences(c.text))
    sentence = found[0]
    sentence = _TRIGGER.sub("", sentence) if item == "trigger" or _TRIGGER.match(sentence) else sentence
    if item == "ability":
        sentence = _ACTIVATED.sub("", sentence)
    return in_words(sentence.replace("\0", c.name)).rstrip(".")


def _bond(sentences: list[str]) -> str:
    """A Bond names no target in its words ("Bond entity. The bonded entity gets +2/+0."): the
    target is the entity it bonds to, and what that entity gets."""
    if not sentences or not sentences[0].startswith("Bond "):
        return ""
    gets = sentences[1] if len(sentences) > 1 else ""
    if gets.startswith("The bonded entity "):
        gains = gets.removeprefix("The bonded entity ").rstrip(".")
        return in_words(f"the entity it bonds to, which {gains}")
    return "the entity it bonds to"
