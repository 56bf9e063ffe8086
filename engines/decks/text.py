"""Text normalisation shared by the parser and the card index.

Deck lists come from chat boxes, phones, word processors and other tools, so the same card name
arrives with curly apostrophes, en dashes, non-breaking spaces, odd case or doubled spaces.
``clean_line`` makes a line canonical for parsing; ``name_key`` and ``loose_key`` make a card name
canonical for lookup (exact-ish first, then ignoring punctuation altogether).
"""

from __future__ import annotations

import re
import unicodedata

_APOSTROPHES = "\u2018\u2019\u201a\u201b\u2032\u02bc\u02b9\u0060\u00b4\uff07"
_DOUBLE_QUOTES = "\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb"
_DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2043\u2212\ufe58\ufe63\uff0d"
_TRANSLATE = str.maketrans(
    {
        **{c: "'" for c in _APOSTROPHES},
        **{c: '"' for c in _DOUBLE_QUOTES},
        **{c: "-" for c in _DASHES},
        "\u00d7": "x",  # multiplication sign: "4× Name"
    }
)
_INVISIBLE = re.compile(r"[\u200b-\u200f\u2060\ufeff\u00ad]")
_SPACES = re.compile(r"\s+")
_NON_ALNUM = re.compile(r"[\W_]+")


def clean_line(text: str) -> str:
    """NFKC, straight quotes and hyphens, no invisible characters, single spaces, stripped."""
    text = unicodedata.normalize("NFKC", text)
    text = _INVISIBLE.sub("", text).translate(_TRANSLATE)
    return _SPACES.sub(" ", text).strip()


def name_key(name: str) -> str:
    """Case-folded, cleaned name: "Mountain’s  MIGHT" -> "mountain's might"."""
    return clean_line(name).casefold()


def loose_key(name: str) -> str:
    """Letters and digits only: "Kwame Star-Lord of the Savannas" -> "kwamestarlordofthesavannas".

    Letters of any script count (a Russian card name keeps its Cyrillic: "Гоблин-поджигатель" ->
    "гоблинподжигатель"), so a name in another language is never reduced to an empty key."""
    folded = unicodedata.normalize("NFKD", name_key(name))
    folded = "".join(c for c in folded if not unicodedata.combining(c))
    return _NON_ALNUM.sub("", folded)


_CODE = re.compile(r"^([a-z]+)-?0*(\d+)([a-z]?)$")


def code_key(code: str) -> str:
    """Card numbers compare without case, hyphen or leading zeros: "lc-12" == "LC012"."""
    k = clean_line(code).casefold().replace(" ", "")
    m = _CODE.match(k)
    return f"{m.group(1)}{int(m.group(2))}{m.group(3)}" if m else k
