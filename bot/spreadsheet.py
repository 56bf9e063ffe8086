"""CSV files the bot sends, written so that a spreadsheet opening them runs nothing.

A spreadsheet reads a cell that starts with ``=``, ``+``, ``-`` or ``@`` as a formula, and a tab
or a carriage return in front does not stop every one of them. Text in our exports comes from
players (an opponent's nickname ``=HYPERLINK("https://…","Click")``, a deck's name, a reason given
to ``/game end``), so every CSV the bot makes goes through ``write_csv`` (OWASP's CSV injection
rule: such a cell gets a single quote in front, which the spreadsheet shows as text).

Numbers are the one exception, decided by type, never by how the text looks: an ``int`` or a
``float`` we computed (a rating change of -12) is written as the number it is, since a number is
not a formula and a spreadsheet must still be able to add the column up. The same characters typed
by a player ("-12" as a nickname) are a ``str`` and get the quote like any other text.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""The first characters that make a spreadsheet read a cell as a formula (OWASP)."""


def safe_cell(value: object) -> object:
    """``value`` as a CSV cell that no spreadsheet evaluates: None is empty, numbers (not bools)
    stay numbers, and text starting with one of ``FORMULA_STARTS`` gets a single quote in front."""
    if value is None:
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def write_csv(fieldnames: Sequence[str], rows: Iterable[Mapping[str, object]]) -> bytes:
    """A UTF-8 CSV file with a header of ``fieldnames`` and every cell through ``safe_cell``."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(fieldnames), lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({name: safe_cell(row.get(name)) for name in fieldnames})
    return out.getvalue().encode("utf-8")
