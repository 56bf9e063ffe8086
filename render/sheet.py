"""A contact sheet of any game's cards: each card's image in a grid, pages of ``per_page`` cards
(``cardhost cards --game G --sheet DIR``). A game with its own sheet (Afrika's, by set and
rarity) declares it on its table; every other game with card images gets this one."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PIL import Image

from render.common import canvas, to_png

GAP = 12


def sheet_pages(
    ids: Sequence[str],
    draw: Callable[[str], Image.Image],
    per_page: int = 20,
    cols: int = 5,
    scale: float = 0.5,
) -> list[Image.Image]:
    pages = []
    for start in range(0, len(ids), per_page):
        faces = [draw(cid) for cid in ids[start : start + per_page]]
        faces = [
            f.resize((round(f.width * scale), round(f.height * scale)), Image.Resampling.LANCZOS)
            for f in faces
        ]
        w = max(f.width for f in faces)
        h = max(f.height for f in faces)
        rows = -(-len(faces) // cols)
        page = canvas(GAP + cols * (w + GAP), GAP + rows * (h + GAP))
        for i, f in enumerate(faces):
            page.paste(f, (GAP + (i % cols) * (w + GAP), GAP + (i // cols) * (h + GAP)))
        pages.append(page)
    return pages


def write_card_sheets(
    directory: str | Path,
    game: str,
    ids: Sequence[str],
    draw: Callable[[str], Image.Image],
    per_page: int = 20,
) -> list[Path]:
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for n, page in enumerate(sheet_pages(ids, draw, per_page), 1):
        p = out / f"{game}-sheet-{n:02d}.png"
        p.write_bytes(to_png(page))
        paths.append(p)
    return paths
