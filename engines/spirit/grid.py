"""The Battleground as one 4 x 6 grid (DECISION B2) and the names players say for its zones.

Zones are numbered 0-23: ``index = row * 6 + col``. Rows 0-3 are the digest's rows 1-4: row 0 is
seat 0's Back Row, row 1 seat 0's Front Row, row 2 seat 1's Front Row, row 3 seat 1's Back Row.
Columns 0-5 run left to right as seat 0 sees the board (seat 1 sees them mirrored).

A zone's name is its column letter and row number, as on a chess board: ``"a1"`` is seat 0's
Back Row, column 1; ``"c2"`` seat 0's Front Row, column 3; ``"c3"`` the zone across the midline
from it (seat 1's Front Row, column 3); ``"f4"`` seat 1's Back Row, column 6. Action ids use the
lower-case name, labels and views the upper-case one ("C2"). The names are absolute: both
players call the same zone by the same name.

Adjacency is Chebyshev distance 1 in all eight directions and crosses the midline (B2).
An Indicator offset ``(drow, dcol)`` is read from the controller's side: ``drow > 0`` points
toward the opponent and ``dcol > 0`` to the controller's right; offsets off the grid are ignored.
"""

from __future__ import annotations

from functools import cache

ROWS = 4
COLS = 6
ZONES = ROWS * COLS
COL_LETTERS = "abcdef"


def zone(row: int, col: int) -> int:
    return row * COLS + col


def row_of(z: int) -> int:
    return z // COLS


def col_of(z: int) -> int:
    return z % COLS


def owner_of(z: int) -> int:
    """The seat whose Battleground holds zone ``z`` (rows 0-1 seat 0, rows 2-3 seat 1)."""
    return 0 if row_of(z) < 2 else 1


def front_row(seat: int) -> int:
    return 1 if seat == 0 else 2


def back_row(seat: int) -> int:
    return 0 if seat == 0 else 3


def is_front(z: int) -> bool:
    return row_of(z) in (1, 2)


def is_back(z: int) -> bool:
    return not is_front(z)


def front(seat: int, col: int) -> int:
    return zone(front_row(seat), col)


def back(seat: int, col: int) -> int:
    return zone(back_row(seat), col)


@cache
def own_zones(seat: int) -> tuple[int, ...]:
    """The 12 zones of ``seat``'s Battleground: Front Row first, each row from column 1."""
    return tuple(front(seat, c) for c in range(COLS)) + tuple(back(seat, c) for c in range(COLS))


def column_zones(seat: int, col: int) -> tuple[int, int]:
    """``seat``'s (Front, Back) zones of column ``col`` (a Direct Attack checks these, B3)."""
    return front(seat, col), back(seat, col)


def name(z: int) -> str:
    """ "c2" for zone 7 (column 3, row 2)."""
    return f"{COL_LETTERS[col_of(z)]}{row_of(z) + 1}"


def label(z: int) -> str:
    """ "C2": the name as players read it."""
    return name(z).upper()


@cache
def _by_name() -> dict[str, int]:
    return {name(z): z for z in range(ZONES)}


def parse(text: str) -> int | None:
    """The zone called ``text`` ("c2", "C2"), or None if it is not a zone name."""
    return _by_name().get(text.strip().lower())


def adjacent(a: int, b: int) -> bool:
    """Chebyshev distance 1 on the whole grid, across the midline (B2)."""
    return a != b and abs(row_of(a) - row_of(b)) <= 1 and abs(col_of(a) - col_of(b)) <= 1


def offset_zone(origin: int, seat: int, drow: int, dcol: int) -> int | None:
    """The zone at Indicator offset (drow, dcol) from ``origin`` as ``seat`` sees it, or None off
    the grid. For seat 1 "toward the opponent" is down the rows and "right" is down the columns."""
    sign = 1 if seat == 0 else -1
    r = row_of(origin) + sign * drow
    c = col_of(origin) + sign * dcol
    if 0 <= r < ROWS and 0 <= c < COLS:
        return zone(r, c)
    return None


def in_range(origin: int, seat: int, offsets: tuple[tuple[int, int], ...]) -> frozenset[int]:
    """The zones an Indicator covers from ``origin`` for its controller ``seat``."""
    out = set()
    for dr, dc in offsets:
        z = offset_zone(origin, seat, dr, dc)
        if z is not None:
            out.add(z)
    return frozenset(out)
