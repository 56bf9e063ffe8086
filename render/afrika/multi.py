"""Chronicles of Afrika's board for more than two players (issue #20, item 7).

Allied Kingdoms, Star Lords, the Galactic Overlord and Cosmic Rifts put up to six players on one
table, so the two-seat board (``render.afrika.board``, one full-width panel per seat with big
tiles) would be thousands of pixels tall. This board is one compact panel per player, two or three
panels a row (at most 1600 px wide), under a shared strip (the stack, the Overlord's schemes, the
face-up rift and the cosmic die) and over the same legend as the duel board.

Everything is drawn for the width Discord shows it at, about 800 px: a 1600-px board is halved, so
no text is smaller than ``SIZE`` = 22 px (11 px on screen) and keyword icons are 40 px (20 px).
A permanent is one row (name, id, keyword icons, badges, its combat role, power/health) rather
than a tile; its colours, badges and roles come from the duel board's helpers, so the two boards
speak the same visual language.

Like the duel board it reads only public fields: never ``view.hand``, ``view.partner_hands`` or the
private parts of ``view.choice``, so every seat's view gives the spectator's image. Scheme and rift
panels show a card's name and text only (they are not Afrika cards with energy costs).

Layout happens before drawing: each panel is a ``_Column`` of placed pieces whose heights are known
from font metrics, so panels of one row are stretched to the same height and nothing is measured
by drawing twice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from PIL import Image

from render.afrika.board import (
    _BADGE_LEGEND,
    _TILES,
    ENERGY_COLORS,
    GENERIC,
    _badges,
    _card_color,
    _legend_entries,
    _legend_label,
    _object_names,
    _seat_chips,
    _seat_label,
    _stack_lines,
    _status,
    _terrain_color,
    _terrain_text,
    _tile_parts,
    charged_fill,
    keyword_icon,
    terrain_groups,
)
from render.common import (
    ACCENT,
    BG,
    DANGER,
    EDGE,
    INFO,
    PANEL,
    PANEL_HI,
    RGB,
    SLOT,
    SUCCESS,
    TEXT,
    TEXT_DIM,
    TEXT_FAINT,
    canvas,
    fit_text,
    font,
    line_height,
    mix,
    ordinal,
    panel,
    place_color,
    text_width,
    wrap,
)
from render.labels import Label, Pen

SIZE = 22
"""The smallest text on this board: 11 px once a 1600-px board is shown 800 px wide."""
ICON = 40
"""Keyword icons: 20 px on screen at 800 px wide."""
CELL_W = 520
"""One column of panels; three of them and the margins make 1600 px."""
MARGIN = 10
GAP = 10
PAD = 14
"""Inside a panel."""
INSET = 10
"""A team frame's border around its panels."""
BAND = 58
"""The header band of a team frame (its name and, in Allied Kingdoms, the team's life)."""
ITEM_GAP = 8
ROW_PAD = 6
"""Inside a permanent's row."""
OVERLORD: RGB = (168, 85, 247)
TEAM_COLORS: tuple[RGB, ...] = (INFO, (249, 115, 22), SUCCESS, (236, 72, 153))
DARK: RGB = (16, 20, 28)
"""Text on a light chip."""
DIE_COLORS: dict[str, RGB] = {"rift": ENERGY_COLORS["RIF"], "chaos": DANGER, "blank": SLOT}
VARIANTS = {
    "duel": "Duel",
    "allied": "Allied Kingdoms",
    "starlords": "Star Lords",
    "overlord": "Galactic Overlord",
}

Draw = Callable[[Pen, int, int], None]
"""Draws a placed piece at (x, y): its top-left corner, or for an item in a line its left end
and the line's middle."""


def is_multiplayer(view: Any) -> bool:
    """Whether ``view`` needs this board: more than two seats, a variant, or Cosmic Rifts."""
    return (
        len(view.seats) > 2
        or getattr(view, "variant", "duel") != "duel"
        or getattr(view, "rift", None) is not None
    )


def columns(view: Any) -> int:
    """Panels a row: two for two or four players (2 x 2), three otherwise."""
    return 2 if len(view.seats) in (2, 4) else 3


def width(view: Any) -> int:
    cols = columns(view)
    return 2 * MARGIN + cols * CELL_W + (cols - 1) * GAP


# ------------------------------------------------------------------------------ flowing pieces


@dataclass(frozen=True)
class _Item:
    """One thing in a line: a text, a chip, a keyword icon or a legend swatch."""

    kind: str
    text: str
    size: int = SIZE
    fill: RGB = TEXT
    """Text colour (text), chip colour (chip)."""
    bold: bool = False
    ink: RGB = TEXT
    """A chip's text colour."""

    @property
    def w(self) -> int:
        if self.kind in ("icon", "swatch"):
            return self.size
        if self.kind == "chip":
            return int(text_width(self.text, font(self.size, True))) + 2 * max(4, self.size // 2)
        return int(text_width(self.text, font(self.size, self.bold))) + 1

    @property
    def h(self) -> int:
        if self.kind in ("icon", "swatch"):
            return self.size
        lh = line_height(font(self.size, self.bold or self.kind == "chip"))
        return lh + (max(2, self.size // 5) if self.kind == "chip" else 0)

    def draw(self, pen: Pen, x: int, cy: int, bg: RGB) -> None:
        if self.kind == "text":
            pen.line((x, cy), self.text, self.size, fill=self.fill, bold=self.bold)
        elif self.kind == "chip":
            pen.chip_on(
                (x, cy), self.text, self.size, fill=self.fill, bg=bg, cache=_TILES, text_fill=self.ink
            )
        elif self.kind == "icon":
            pen.paste(keyword_icon(self.text, self.size, bg), (x, cy - self.size // 2), name=self.text)
        else:  # the legend's attacking / blocking / vehicle swatches
            box = (x, cy - 16, x + self.size, cy + 16)
            if self.text == "vehicle":
                panel(pen.draw, box, fill=mix(GENERIC, PANEL, 0.3), radius=6)
            else:
                outline = ACCENT if self.text == "attacking" else INFO
                panel(pen.draw, box, fill=SLOT, outline=outline, width=4, radius=6)


def _text(text: str, *, fill: RGB = TEXT, bold: bool = False, size: int = SIZE) -> _Item:
    return _Item("text", text, size, fill, bold)


def _chip(text: str, fill: RGB, ink: RGB = TEXT, size: int = SIZE) -> _Item:
    return _Item("chip", text, size, fill, True, ink)


def _placed(it: _Item, bg: RGB) -> Draw:
    def fn(pen: Pen, x: int, cy: int) -> None:
        it.draw(pen, x, cy, bg)

    return fn


Unit = Sequence[_Item]
"""Items kept together on one line (a legend's mark and its words)."""


def _fitted(units: Sequence[Unit], room: int) -> list[Unit]:
    """``units`` with any text or chip wider than ``room`` broken at spaces into pieces that fit:
    "Inkanyamba, Serpent of the Drowned Falls" is two lines in a panel, never cut."""
    out: list[Unit] = []
    for unit in units:
        it = unit[0]
        if len(unit) > 1 or it.kind not in ("text", "chip") or it.w <= room:
            out.append(unit)
            continue
        fnt = font(it.size, it.bold or it.kind == "chip")
        pad = it.w - int(text_width(it.text, fnt))
        out += [[replace(it, text=piece)] for piece in wrap(it.text, fnt, room - pad)]
    return out


@dataclass
class _Column:
    """Pieces placed top to bottom in a fixed width; ``y`` is the height so far."""

    width: int
    y: int = 0
    ops: list[tuple[int, int, Draw]] = field(default_factory=list)

    def put(self, x: int, y: int, fn: Draw) -> None:
        self.ops.append((x, y, fn))

    def draw(self, pen: Pen, x: int, y: int) -> None:
        for dx, dy, fn in self.ops:
            fn(pen, x + dx, y + dy)

    def flow(
        self,
        units: Sequence[Unit],
        bg: RGB,
        *,
        indent: int = 0,
        gap: int = ITEM_GAP,
    ) -> list[tuple[int, int, int]]:
        """Lay ``units`` left to right, wrapping (later lines start ``indent`` further right).

        Returns (start x, end x, centre y) per line, so a caller can add to the last line."""
        x0, right = 0, self.width
        units = _fitted(units, right)
        widths = [sum(it.w for it in unit) + ITEM_GAP * (len(unit) - 1) for unit in units]
        if any(x0 + indent + w > right for w in widths[1:]):
            indent = 0  # a chip too wide to sit under the label: every line starts at the left
        lines: list[list[tuple[int, Unit]]] = [[]]
        x = x0
        for unit, w in zip(units, widths, strict=True):
            if x + w > right and x > x0 + (indent if len(lines) > 1 else 0):
                lines.append([])
                x = x0 + indent
            lines[-1].append((x, unit))
            x += w + gap
        out = []
        for line in lines:
            if not line:
                continue
            h = max(it.h for _, unit in line for it in unit) + 8
            cy = self.y + h // 2
            for ux, unit in line:
                for it in unit:
                    self.put(ux, cy, _placed(it, bg))
                    ux += it.w + ITEM_GAP
            last_x, last_unit = line[-1]
            end = last_x + sum(it.w for it in last_unit) + ITEM_GAP * (len(last_unit) - 1)
            out.append((line[0][0], end, cy))
            self.y += h
        return out

    def para(self, text: str, *, size: int = SIZE, bold: bool = False, fill: RGB = TEXT) -> None:
        """A wrapped paragraph, all of it (never cut)."""
        if not text:
            return
        fit = fit_text(text, (0, 0, self.width, 100_000), size, bold=bold, max_lines=1000, valign="top")
        h = fit.extent[3] - fit.extent[1]
        n = len(fit.lines)

        def fn(pen: Pen, x: int, y: int) -> None:
            pen.text(
                (x, y, x + self.width, y + h), text, size, bold=bold, fill=fill, max_lines=n, valign="top"
            )

        self.put(0, self.y, fn)
        self.y += h + 6

    def skip(self, dy: int) -> None:
        self.y += dy


# ------------------------------------------------------------------------------ a permanent's row


def _perm_row(
    col: _Column,
    p: Any,
    objects: dict[int, str],
    seat_names: Sequence[str],
    lords: frozenset[str],
    bg: RGB,
) -> None:
    """One permanent as a row: the duel tile's colour, name, keyword icons, badges and role.

    Like the duel's tiles, a row is drawn once into ``_TILES`` and pasted after that (most rows
    of a board are the same as on the last one); a recording pen draws it afresh."""
    attached, role, corner = _tile_parts(p, objects, seat_names)
    lord = p.card in lords and p.type == "entity"
    w = col.width
    h, body = _row(p, attached, role, corner, lord, w)

    def fn(pen: Pen, x: int, y: int) -> None:
        if pen.recording:
            body(pen, x, y)
            return

        def make() -> Image.Image:
            img = canvas(w, h, bg)
            body(Pen(img), 0, 0)
            return img

        pen.img.paste(_TILES.get(("multi-row", w, bg, p, attached, role, corner, lord), make), (x, y))

    col.put(0, col.y, fn)
    col.skip(h + 6)


@lru_cache(maxsize=2048)
def _row(p: Any, attached: str, role: str, corner: str, lord: bool, w: int) -> tuple[int, Draw]:
    """A permanent's row ``w`` wide: its height and how to draw it."""
    base = _card_color(p.card)
    fill = charged_fill(base) if p.charged else mix(base, PANEL, 0.35)
    if p.attacking:
        outline, border = ACCENT, 4
    elif p.blocking:
        outline, border = INFO, 4
    else:
        outline, border = (TEXT_FAINT if p.charged or not p.active else EDGE), 1
    ink = TEXT_DIM if p.charged else TEXT
    units: list[Unit] = [[_text(p.name, bold=True, fill=ink)], [_text(f"#{p.id}", fill=TEXT_DIM)]]
    if p.type != "entity" or p.token:
        units.append([_text(p.type.capitalize() + (" token" if p.token else ""), fill=TEXT_DIM)])
    units += [[_Item("icon", kw, ICON)] for kw in p.keywords]
    units += [[_chip(text, color)] for _, text, color in _badges(p)]
    if attached:
        units.append([_text(attached, fill=TEXT_DIM)])
    if role:  # a chip, not coloured text: gold or blue text would vanish on a Diamond or Sky row
        units.append([_chip(role, ACCENT if p.attacking else INFO, DARK)])
    if lord:
        units.append([_chip("STAR LORD", OVERLORD)])
    inner = _Column(w - 2 * 10)
    inner.skip(ROW_PAD)
    lines = inner.flow(units, fill)
    if corner:
        cw = _text(corner, bold=True, size=28).w
        _, end, cy = lines[-1]
        if end + 16 + cw > inner.width:
            cy = inner.y + 20
            inner.skip(40)

        def pt(pen: Pen, x: int, y: int, cy: int = cy) -> None:
            pen.line((x + inner.width, y + cy), corner, 28, bold=True, fill=ink, anchor="rm")

        inner.put(0, 0, pt)
    inner.skip(ROW_PAD)
    h = inner.y

    def body(pen: Pen, x: int, y: int) -> None:
        panel(pen.draw, (x, y, x + w, y + h), fill=fill, outline=outline, width=border, radius=10)
        inner.draw(pen, x + 10, y)

    return h, body


# ------------------------------------------------------------------------------ a player's panel


@dataclass
class _Seating:
    """What a panel shows besides its seat: the board-wide facts it depends on."""

    names: Sequence[str]
    objects: dict[int, str]
    lords: dict[int, tuple[str, str]]
    active: set[int]
    shared_life: bool


def _short(name: str) -> str:
    """A Star Lord's short name: "Sango, King of the Burning Valley" -> "Sango"."""
    return name.split(",")[0]


def _lord_names(view: Any) -> dict[int, tuple[str, str]]:
    """Each seat's Star Lord as (card id, name): from the seat's ``lord`` (a card id or a card,
    should the view carry it) or else its Command-zone card, when it is there."""
    from engines.afrika.cards import CARDS

    cards = CARDS()
    out: dict[int, tuple[str, str]] = {}
    for s in view.seats:
        lord = getattr(s, "lord", None)
        if isinstance(lord, str) and lord in cards:
            out[s.seat] = (lord, cards[lord].name)
        elif lord is not None and hasattr(lord, "name"):
            out[s.seat] = (lord.card, lord.name)
        elif getattr(s, "command", ()):
            out[s.seat] = (s.command[0].card, s.command[0].name)
    return out


def _color_of(card_id: str) -> RGB:
    try:
        return _card_color(card_id)
    except KeyError:
        return GENERIC


def _seat_panel(seat: Any, view: Any, sit: _Seating, w: int, bg: RGB) -> _Column:
    col = _Column(w - 2 * PAD)
    col.skip(PAD - 4)
    name = _seat_label(sit.names, seat.seat)
    header_y = col.y + 26
    lost = seat.lost
    if not sit.shared_life:
        life_w = _text("life").w
        num = _text(str(seat.life), bold=True, size=44)

        def life(pen: Pen, x: int, y: int) -> None:
            lb = pen.line((x + col.width, y), "life", SIZE, fill=TEXT_DIM, anchor="rm")
            pen.line(
                (lb[0] - 8, y),
                num.text,
                44,
                bold=True,
                anchor="rm",
                fill=DANGER if seat.life <= 5 else TEXT,
            )

        col.put(0, header_y, life)
        name_w = col.width - life_w - num.w - 24
    else:
        name_w = col.width
    title = name + ("  — LOST" if lost else "")
    color = DANGER if lost else (ACCENT if seat.seat in sit.active else TEXT)

    def head(pen: Pen, x: int, y: int) -> None:
        pen.line((x, y), title, 30, bold=True, fill=color, max_width=name_w)

    col.put(0, header_y, head)
    col.skip(56)
    tags: list[Unit] = []
    if getattr(seat, "overlord", False):
        tags.append([_chip("GALACTIC OVERLORD", OVERLORD)])
    if view.priority == seat.seat and not view.over:
        tags.append([_chip("priority", INFO, DARK)])
    # the duel board's chips (hand, Codex, Void, Exile, pool); the artifact on a line of its own
    for text, chip_color in _seat_chips(seat)[:5]:
        tags.append([_chip(text, chip_color)])
    col.flow(tags, bg)
    if seat.artifacts:
        top = seat.artifacts[-1]
        label = _text("Artifact", bold=True)
        units: list[Unit] = [[label], [_chip(top.name, _terrain_color(top.card, top.charged))]]
        if top.charged:
            units.append([_text("charged", fill=TEXT_DIM)])
        if len(seat.artifacts) > 1:
            units.append([_text(f"top of {len(seat.artifacts)}", fill=TEXT_DIM)])
        col.flow(units, bg, indent=label.w + ITEM_GAP)
    _command_lines(col, seat, view, sit, bg)
    groups = terrain_groups(seat.terrain_stack)
    head_item = _text("Terrains", bold=True)
    chips: list[Unit] = [[head_item]]
    chips += [
        [_chip(_terrain_text(n, ch, k), _terrain_color(cid, ch), TEXT_DIM if ch else TEXT)]
        for n, cid, ch, k in groups
    ] or [[_text("none", fill=TEXT_FAINT)]]
    col.flow(chips, bg, indent=head_item.w + ITEM_GAP)
    # its owner's own Star Lord (a stolen one shows unmarked: a view does not say who owns what)
    own_lord = frozenset([sit.lords[seat.seat][0]] if seat.seat in sit.lords else [])
    shown = False
    for zi, perms in enumerate((seat.zone1, seat.zone2)):
        at = seat.active_terrains[zi]
        if not perms and at is None:
            continue
        shown = True
        col.skip(4)
        zone: list[Unit] = [[_text(f"Zone {zi + 1}", bold=True, size=24)]]
        if at is None:
            zone.append([_text("no active terrain", fill=TEXT_FAINT)])
        else:
            zone.append(
                [_chip(at.name + (" (charged)" if at.charged else ""), _terrain_color(at.card, at.charged))]
            )
        col.flow(zone, bg)
        for p in perms:
            _perm_row(col, p, sit.objects, sit.names, own_lord, bg)
    if not shown:
        col.flow([[_text("No permanents in play", fill=TEXT_FAINT)]], bg)
    col.skip(PAD - 6)
    return col


def _command_lines(col: _Column, seat: Any, view: Any, sit: _Seating, bg: RGB) -> None:
    """The Command zone with the Star Lord tax, and the Star Lord damage this seat has taken."""
    command = getattr(seat, "command", ())
    casts = getattr(seat, "command_casts", 0)
    # a player who lost has left with every card they own (R122): no Command zone to speak of
    if not seat.lost and (command or casts or getattr(view, "variant", "duel") == "starlords"):
        head = _text("Command", bold=True)
        units: list[Unit] = [[head]]
        units += [[_chip(c.name, mix(_color_of(c.card), bg, 0.3))] for c in command]
        if not command:
            units.append([_text("empty" + (": Star Lord in play" if casts else ""), fill=TEXT_FAINT)])
        units.append([_text(f"cast {casts}×: +{{{2 * casts}}}", fill=TEXT_DIM)])
        col.flow(units, bg, indent=head.w + ITEM_GAP)
    damage = getattr(seat, "lord_damage", ())
    if damage:
        head = _text("Star Lord damage", bold=True)
        units = [[head]]
        for src, n in damage:
            lord = _short(sit.lords.get(src, ("", "Star Lord"))[1])
            text = f"from {_seat_label(sit.names, src)}'s {lord}: {n}/21"
            units.append([_chip(text, mix(DANGER, bg, 0.35) if n >= 14 else SLOT)])
        col.flow(units, bg)


# ------------------------------------------------------------------------------ the shared strip


def _shared_cells(view: Any, names: Sequence[str], objects: dict[int, str], w: int) -> list[_Column]:
    """The stack, the Overlord's schemes and the face-up rift: one cell each, when there is one."""
    cells = []
    if view.stack:
        col = _Column(w - 2 * PAD)
        col.skip(PAD - 4)
        col.flow([[_text(f"Stack ({len(view.stack)})", bold=True, size=26)]], PANEL)
        for text in _stack_lines(view, names, objects):
            col.para(text)
        cells.append(col)
    variant = getattr(view, "variant", "duel")
    scheme = getattr(view, "scheme", None)
    ongoing = getattr(view, "ongoing_schemes", ())
    if variant == "overlord" or scheme is not None or ongoing:
        col = _Column(w - 2 * PAD)
        col.skip(PAD - 4)
        col.flow([[_text("Scheme in motion", bold=True, size=26)]], PANEL)
        if scheme is None:
            col.para("None this turn.", fill=TEXT_FAINT)
        else:
            col.para(scheme.name, bold=True, fill=OVERLORD)
            col.para(scheme.text)
        if ongoing:
            col.skip(4)
            col.flow([[_text(f"Ongoing schemes ({len(ongoing)})", bold=True, size=24)]], PANEL)
            for s in ongoing:
                col.para(s.name, bold=True, fill=OVERLORD)
                col.para(s.text)
        col.flow(
            [[_text(f"Scheme deck: {getattr(view, 'scheme_count', 0)} face down", fill=TEXT_DIM)]], PANEL
        )
        cells.append(col)
    rift = getattr(view, "rift", None)
    if rift is not None:
        col = _Column(w - 2 * PAD)
        col.skip(PAD - 4)
        col.flow([[_text("Cosmic Rift", bold=True, size=26)]], PANEL)
        col.para(rift.name, bold=True, fill=ENERGY_COLORS["SKY"])
        col.para(rift.text)
        rolls = getattr(view, "die_rolls", 0)
        die = getattr(view, "die", "")
        units: list[Unit] = [[_text("Cosmic die", bold=True)]]
        units.append(
            [_chip(die.upper(), DIE_COLORS.get(die, SLOT))] if die else [_text("not rolled", fill=TEXT_FAINT)]
        )
        units.append([_text(f"{rolls} roll{'s' if rolls != 1 else ''} this turn", fill=TEXT_DIM)])
        units.append([_text(f"next roll +{{{rolls}}}" if rolls else "first roll free", fill=TEXT_DIM)])
        col.flow(units, PANEL)
        col.flow([[_text(f"Rift deck: {getattr(view, 'rift_count', 0)}", fill=TEXT_DIM)]], PANEL)
        cells.append(col)
    for col in cells:
        col.skip(PAD - 6)
    return cells


# ------------------------------------------------------------------------------ grouping


@dataclass
class _Group:
    label: str
    seats: list[Any]
    color: RGB
    life: int | None = None
    framed: bool = True


def _groups(view: Any) -> list[_Group]:
    """Teams in frames (Allied Kingdoms: with the team's one life), the Overlord in its own."""
    seats = list(view.seats)
    variant = getattr(view, "variant", "duel")
    if variant == "overlord":
        lord = [s for s in seats if getattr(s, "overlord", False)]
        team = [s for s in seats if not getattr(s, "overlord", False)]
        out = [_Group("Galactic Overlord", lord, OVERLORD)] if lord else []
        return out + ([_Group("The team", team, INFO)] if team else [])
    teams: list[list[Any]] = [
        [s for s in seats if s.seat in t]
        for t in getattr(view, "teams", ())
        if any(s.seat in t for s in seats)
    ]
    if not teams:
        by: dict[int, list[Any]] = {}
        for s in seats:
            if getattr(s, "team", -1) >= 0:
                by.setdefault(s.team, []).append(s)
        teams = [by[k] for k in sorted(by)]
    if not teams:
        return [_Group("", seats, EDGE, framed=False)]
    grouped = {s.seat for t in teams for s in t}
    out = [
        _Group(
            f"Team {i + 1}",
            members,
            TEAM_COLORS[i % len(TEAM_COLORS)],
            members[0].life if variant == "allied" else None,
        )
        for i, members in enumerate(teams)
    ]
    rest = [s for s in seats if s.seat not in grouped]
    return out + ([_Group("", rest, EDGE, framed=False)] if rest else [])


def _active_seats(view: Any) -> set[int]:
    """Who is taking this turn: in a team variant, the active player's whole team (R126, R151)."""
    if view.over:
        return set()
    variant = getattr(view, "variant", "duel")
    seat = next((s for s in view.seats if s.seat == view.active), None)
    if seat is None:
        return {view.active}
    if (
        variant in ("allied", "overlord")
        and getattr(seat, "team", -1) >= 0
        and not getattr(seat, "overlord", False)
    ):
        return {s.seat for s in view.seats if s.team == seat.team and not s.lost}
    return {view.active}


# ------------------------------------------------------------------------------ the board


@dataclass
class _Placed:
    """A panel in the grid: its group, column and row."""

    seat: Any
    group: int
    col: int
    row: int


def _place(groups: list[_Group], cols: int) -> list[_Placed]:
    """Groups left to right, a group kept on one row when it fits there; a big one on rows of its own."""
    out: list[_Placed] = []
    row, used = 0, 0
    for gi, g in enumerate(groups):
        k = len(g.seats)
        if used and (k > cols - used):
            row, used = row + 1, 0
        for j, s in enumerate(g.seats):
            out.append(_Placed(s, gi, used + j % cols, row + j // cols))
        if k > cols:
            row, used = row + (k - 1) // cols + 1, 0
        else:
            used += k
        if used >= cols:
            row, used = row + 1, 0
    return out


class _Layout:
    def __init__(self, view: Any, names: Sequence[str]) -> None:
        self.cols = columns(view)
        self.width = width(view)
        self.objects = _object_names(view)
        active = _active_seats(view)
        self.active = active
        self.groups = _groups(view)
        shared_life = getattr(view, "variant", "duel") == "allied"
        sit = _Seating(names, self.objects, _lord_names(view), active, shared_life)
        self.placed = _place(self.groups, self.cols)
        # header
        top = _Column(self.width - 2 * 20)
        self.header = top
        top.skip(8)
        who = " & ".join(_seat_label(names, s) for s in sorted(active)) or _seat_label(names, view.active)
        if len(active) > 2:
            who = "the team"
        turn = f"Turn {view.turn} · " + ("game over" if view.over else f"{who}'s turn")
        variant = VARIANTS.get(getattr(view, "variant", "duel"), "")
        mode = f"{variant} · {len(view.seats)} players" + (
            " · Cosmic Rifts" if getattr(view, "rift", None) else ""
        )
        mode_item = _text(mode, fill=TEXT_DIM, size=24)
        turn_item = _text(turn, bold=True, size=34)

        def heading(pen: Pen, x: int, y: int) -> None:
            box = pen.line((x + top.width, y), mode, 24, fill=TEXT_DIM, anchor="rm")
            pen.line((x, y), turn, 34, bold=True, max_width=box[0] - 20 - x)

        if turn_item.w + 20 + mode_item.w <= top.width:
            top.put(0, top.y + 24, heading)
            top.skip(48)
        else:
            top.flow([[turn_item]], BG)
            top.flow([[mode_item]], BG)
        top.para(_status(view, names), size=24, fill=ACCENT if view.over else TEXT_DIM)
        if view.over and view.ranking:
            places: list[Unit] = []
            for i, seats in enumerate(view.ranking):
                who = " & ".join(_seat_label(names, s) for s in seats)
                places.append(
                    [_chip(f"{ordinal(i + 1)}: {who}", place_color(i + 1), DARK if i < 3 else TEXT)]
                )
            top.flow(places, BG)
        # panels
        self.panels: list[tuple[_Placed, _Column, RGB]] = []
        for pl in self.placed:
            g = self.groups[pl.group]
            w = CELL_W - (2 * INSET if g.framed else 0)
            bg = PANEL_HI if pl.seat.seat in active else PANEL
            self.panels.append((pl, _seat_panel(pl.seat, view, sit, w, bg), bg))
        rows = max((pl.row for pl in self.placed), default=-1) + 1
        # the shared cells: beside the first row's panels when they fit there (the Overlord's
        # schemes next to the Overlord), else a row of their own above the players
        self.cells = _shared_cells(view, names, self.objects, CELL_W)
        free = [c for c in range(self.cols) if c not in {pl.col for pl in self.placed if pl.row == 0}]
        inline = bool(self.cells) and rows > 0 and len(self.cells) <= len(free)
        y = 20 + top.y
        self.cell_xy: list[tuple[int, int, int]] = []  # (x, y, height)
        if not inline:
            for r in range(0, len(self.cells), self.cols):
                row = self.cells[r : r + self.cols]
                h = max(c.y for c in row)
                for j in range(len(row)):
                    self.cell_xy.append((self._cell_x(j), y, h))
                y += h + GAP
        self.row_y: list[int] = []
        self.row_h: list[int] = []
        self.frames: list[tuple[int, int, int, int, int]] = []  # (group, x0, y0, x1, y1)
        starts = {gi: min(pl.row for pl in self.placed if pl.group == gi) for gi in range(len(self.groups))}
        ends = {gi: max(pl.row for pl in self.placed if pl.group == gi) for gi in range(len(self.groups))}
        row_top: list[int] = []
        for r in range(rows):
            band = BAND if any(self.groups[g].framed and starts[g] == r for g in starts) else 0
            foot = INSET if any(self.groups[g].framed and ends[g] == r for g in ends) else 0
            row_top.append(y)
            y += band
            self.row_y.append(y)
            h = max(c.y for pl, c, _ in self.panels if pl.row == r)
            if r == 0 and inline:
                h = max(h, max(c.y for c in self.cells) - band - foot)
                self.cell_xy = [
                    (self._cell_x(c), row_top[0], band + h + foot) for c in free[: len(self.cells)]
                ]
            self.row_h.append(h)
            y += h + foot + GAP
        for gi, g in enumerate(self.groups):
            if not g.framed:
                continue
            mine = [pl for pl in self.placed if pl.group == gi]
            x0 = self._cell_x(min(pl.col for pl in mine))
            x1 = self._cell_x(max(pl.col for pl in mine)) + CELL_W
            y1 = self.row_y[ends[gi]] + self.row_h[ends[gi]] + INSET
            self.frames.append((gi, x0, row_top[starts[gi]], x1, y1))
        # legend
        self.legend = _Column(self.width - 2 * MARGIN - 2 * PAD)
        entries = _legend_entries(view)
        self.legend_y = y
        if entries:
            self.legend.skip(PAD - 4)
            self.legend.flow([[_text("Legend", bold=True, size=24)]], PANEL)
            self.legend.flow([_legend_unit(k, v) for k, v in entries], PANEL, gap=24)
            self.legend.skip(PAD - 6)
            y += self.legend.y + GAP
        self.height = y

    def _cell_x(self, col: int) -> int:
        return MARGIN + col * (CELL_W + GAP)

    def panel_box(self, i: int) -> tuple[int, int, int, int]:
        pl, col, _ = self.panels[i]
        inset = INSET if self.groups[pl.group].framed else 0
        x = self._cell_x(pl.col) + inset
        y = self.row_y[pl.row]
        return (x, y, x + col.width + 2 * PAD, y + self.row_h[pl.row])


def _legend_unit(kind: str, key: str) -> list[_Item]:
    if kind == "kw":
        mark = _Item("icon", key, ICON)
    elif kind == "badge":
        text, _, color = _BADGE_LEGEND[key]
        mark = _chip(text, color)
    elif kind == "marker":
        mark = _chip(f"{key} ×n", SUCCESS)
    else:
        mark = _Item("swatch", key, 36)
    return [mark, _text(_legend_label(kind, key))]


def _draw(view: Any, names: Sequence[str], labels: list[Label] | None) -> Image.Image:
    lay = _Layout(view, names)
    img = canvas(lay.width, lay.height)
    pen = Pen(img, labels)
    lay.header.draw(pen, 20, 0)
    for col, (x, y, h) in zip(lay.cells, lay.cell_xy, strict=True):
        panel(
            pen.draw,
            (x, y, x + CELL_W, y + h),
            fill=PANEL,
            outline=ACCENT if col is lay.cells[0] and view.stack else EDGE,
        )
        col.draw(pen, x + PAD, y)
    for gi, x0, y0, x1, y1 in lay.frames:
        g = lay.groups[gi]
        panel(pen.draw, (x0, y0, x1, y1), fill=mix(g.color, BG, 0.88), outline=g.color, width=2, radius=14)
        label = pen.line((x0 + 16, y0 + BAND // 2), g.label, 28, bold=True, fill=g.color)
        if g.life is not None:
            lb = pen.line((x1 - 16, y0 + BAND // 2), "team life", SIZE, fill=TEXT_DIM, anchor="rm")
            pen.line(
                (lb[0] - 8, y0 + BAND // 2),
                str(g.life),
                40,
                bold=True,
                anchor="rm",
                fill=DANGER if g.life <= 5 else TEXT,
            )
        del label
    for i, (pl, col, bg) in enumerate(lay.panels):
        x0, y0, x1, y1 = lay.panel_box(i)
        active = pl.seat.seat in lay.active
        overlord = getattr(pl.seat, "overlord", False)
        outline = ACCENT if active else (OVERLORD if overlord else (DANGER if pl.seat.lost else EDGE))
        panel(pen.draw, (x0, y0, x1, y1), fill=bg, outline=outline, width=2 if active or overlord else 1)
        col.draw(pen, x0 + PAD, y0)
    if lay.legend.ops:
        y = lay.legend_y
        panel(pen.draw, (MARGIN, y, lay.width - MARGIN, y + lay.legend.y), fill=PANEL, outline=EDGE)
        lay.legend.draw(pen, MARGIN + PAD, y)
    return img


def multi_board(view: Any, names: Sequence[str]) -> Image.Image:
    """The public board of a 3-6 player (or variant, or Cosmic Rifts) Afrika game."""
    return _draw(view, names, None)


def multi_board_labels(view: Any, names: Sequence[str]) -> tuple[Image.Image, list[Label]]:
    """The board and every label drawn on it (tests check sizes, overlaps and clipping)."""
    labels: list[Label] = []
    return _draw(view, names, labels), labels


def panel_boxes(view: Any, names: Sequence[str] = ()) -> dict[int, tuple[int, int, int, int]]:
    """Each seat's panel on ``multi_board(view, names)``, by seat."""
    lay = _Layout(view, names)
    return {pl.seat.seat: lay.panel_box(i) for i, (pl, _, _) in enumerate(lay.panels)}


__all__ = [
    "SIZE",
    "columns",
    "is_multiplayer",
    "multi_board",
    "multi_board_labels",
    "panel_boxes",
    "width",
]
