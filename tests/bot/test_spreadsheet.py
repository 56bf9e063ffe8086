"""The CSV cells the bot writes (issue #32 item 3): nothing a spreadsheet would run as a formula.

``bot.spreadsheet`` is the one place a CSV is written; the last test keeps it that way."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest

from bot.spreadsheet import safe_cell, write_csv

BOT = Path(__file__).resolve().parents[2] / "bot"


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ('=HYPERLINK("https://evil.example","Click")', '\'=HYPERLINK("https://evil.example","Click")'),
        ("+1+2", "'+1+2"),
        ("-12", "'-12"),  # a player's text that looks like a number is still text
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1+1", "'\t=1+1"),
        ("\r=1+1", "'\r=1+1"),
        ("alice", "alice"),
        ("a=b", "a=b"),
        ("", ""),
    ],
)
def test_text_that_a_spreadsheet_would_run_gets_a_quote(text: str, written: str) -> None:
    assert safe_cell(text) == written


def test_numbers_we_computed_stay_numbers() -> None:
    assert safe_cell(-12) == -12 and safe_cell(3.5) == 3.5 and safe_cell(None) == ""
    assert safe_cell(True) == "True", "a bool is not a rating change"


def test_a_file_reads_back_as_text_and_numbers() -> None:
    data = write_csv(("who", "change"), [{"who": "=1+1", "change": -12}, {"who": "bob", "change": None}])
    rows = list(csv.DictReader(io.StringIO(data.decode())))
    assert rows == [{"who": "'=1+1", "change": "-12"}, {"who": "bob", "change": ""}]


def test_every_csv_the_bot_writes_goes_through_the_helper() -> None:
    """A second csv writer would be a second place to forget the rule."""
    writers = [
        str(path.relative_to(BOT.parent))
        for path in BOT.rglob("*.py")
        if path.name != "spreadsheet.py" and re.search(r"csv\.(writer|DictWriter)\(", path.read_text())
    ]
    assert not writers, f"CSV written outside bot/spreadsheet.py: {writers}"
