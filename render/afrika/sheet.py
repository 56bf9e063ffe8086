"""Contact sheets: every card of a set on PNG pages (``cardhost cards --sheet DIR``).

``sheet_pages(card_ids, per_page=20, cols=5, scale=0.6) -> list[Image]`` lays the faces from
``render.afrika.card.card_image`` out in a grid with a header; ``write_sheets(directory, ...)`` writes
``<set>-sheet-01.png``... and returns the paths.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PIL import Image, ImageDraw

from render.afrika.card import SET_NAMES, H, W, card_image
from render.common import BG, TEXT, draw_line, to_png

GAP = 14
HEADER = 44


def sheet_pages(
    card_ids: Sequence[str], per_page: int = 20, cols: int = 5, scale: float = 0.6, title: str = "Cosmic Core"
) -> list[Image.Image]:
    if per_page < 1 or cols < 1:
        raise ValueError("per_page and cols must be positive")
    cw, ch = round(W * scale), round(H * scale)
    pages: list[Image.Image] = []
    chunks = [card_ids[i : i + per_page] for i in range(0, len(card_ids), per_page)]
    for n, chunk in enumerate(chunks, 1):
        rows = -(-len(chunk) // cols)
        img = Image.new("RGB", (GAP + cols * (cw + GAP), HEADER + GAP + rows * (ch + GAP)), BG)
        d = ImageDraw.Draw(img)
        draw_line(
            d,
            (GAP, HEADER // 2 + 4),
            f"{title} — page {n}/{len(chunks)} — {chunk[0]}…{chunk[-1]}",
            20,
            fill=TEXT,
            bold=True,
        )
        for i, cid in enumerate(chunk):
            face = card_image(cid)
            if scale != 1:
                face = face.resize((cw, ch), Image.Resampling.LANCZOS)
            x = GAP + (i % cols) * (cw + GAP)
            y = HEADER + GAP + (i // cols) * (ch + GAP)
            img.paste(face, (x, y))
        pages.append(img)
    return pages


def set_card_ids(set_code: str = "LC", basics: bool = True) -> list[str]:
    from engines.afrika.cards import CARDS

    return sorted(
        c.id
        for c in CARDS().values()
        if not c.token and ((c.set == set_code and not c.basic) or (basics and c.basic))
    )


def write_sheets(
    directory: str | Path, set_code: str = "LC", per_page: int = 20, scale: float = 0.6
) -> list[Path]:
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    title = SET_NAMES.get(set_code, set_code)
    pages = sheet_pages(set_card_ids(set_code), per_page=per_page, scale=scale, title=title)
    for n, page in enumerate(pages, 1):
        p = out / f"{set_code.lower()}-sheet-{n:02d}.png"
        p.write_bytes(to_png(page))
        paths.append(p)
    return paths


__all__ = ["set_card_ids", "sheet_pages", "write_sheets"]
