"""``cardhost packs`` and ``cardhost cards``: print boosters, write the card contact sheet.

cardhost packs --seed 7 --count 3 [--set LC] [--slots "13C 4U 1R7M1"]
cardhost cards [--game G] --sheet out/ [--per-page 20] [--set LC]
"""

from __future__ import annotations

import argparse


def format_packs(seed: int, count: int, set_code: str = "LC", slots: str | None = None) -> str:
    from engines.afrika.cards import card
    from engines.afrika.draftsource import afrika_set
    from engines.draft.boosters import DEFAULT_SLOTS, SlotTable, open_boosters

    table = SlotTable.parse(slots) if slots else DEFAULT_SLOTS
    bset = afrika_set(set_code, table)
    lines = [f"Chronicles of Afrika, set {set_code}: {count} booster(s), seed {seed}, slots {table.text()}"]
    for i, pack in enumerate(open_boosters(bset, seed, count), 1):
        lines.append("")
        lines.append(f"Pack {i} ({len(pack)} cards)")
        for cid in pack:
            c = card(cid)
            lines.append(
                f"  {cid}  {c.rarity}  {c.name:<36} {(c.cost.text() if c.type != 'terrain' else ''):<22} {c.type_line()}"
            )
    return "\n".join(lines)


def cmd_packs(args: argparse.Namespace) -> int:
    from engines.draft.boosters import BoosterError

    try:
        print(format_packs(args.seed, args.count, args.set, args.slots))
    except BoosterError as exc:
        print(f"error: {exc}")
        return 2
    return 0


def cmd_cards(args: argparse.Namespace) -> int:
    from bot.presenters.registry import entries, entry

    game = args.game or next(e.name for e in entries() if e.table.card_image is not None)
    table = entry(game).table
    if table.card_sheet is None or not args.sheet:
        return _other_game_cards(args, table)
    paths = table.card_sheet(args.sheet, args.per_page, args.set)
    for p in paths:
        print(p)
    print(f"{len(paths)} page(s) written to {args.sheet}")
    return 0


def _other_game_cards(args: argparse.Namespace, table: object) -> int:
    """A game without its own sheet: its deck pool's cards listed, or their images on pages."""
    from bot.presenters import TableSpec
    from render.sheet import write_card_sheets

    assert isinstance(table, TableSpec)
    if table.game.deck_pool is None or table.card_image is None:
        print(f"error: {table.title} has no card pool to list.")
        return 2
    pool = table.game.deck_pool()
    ids = sorted(pool.cards)
    if not args.sheet:
        # A game with sets numbers its cards by set ("LC012"): --set lists that set and the basics.
        def in_set(cid: str) -> bool:
            return any(code.upper().startswith(args.set.upper()) for code in pool.cards[cid].codes)

        has_sets = any(in_set(cid) and "basic" not in pool.cards[cid].tags for cid in ids)
        for cid in ids:
            c = pool.cards[cid]
            if not has_sets or in_set(cid) or "basic" in c.tags:
                print(f"{cid:<6} {c.name:<32} {c.cost_text:<10} {c.type_line}")
        return 0
    paths = write_card_sheets(args.sheet, table.name, ids, table.card_image, args.per_page)
    for p in paths:
        print(p)
    print(f"{len(paths)} page(s) written to {args.sheet}")
    return 0


def add_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    packs = sub.add_parser("packs", help="print seeded Chronicles of Afrika boosters (R80)")
    packs.add_argument("--seed", type=int, default=1)
    packs.add_argument("--count", type=int, default=1)
    packs.add_argument("--set", default="LC", help="set code (default LC, Cosmic Core)")
    packs.add_argument("--slots", default=None, help='slot table, e.g. "13C 4U 1R7M1" (the default)')
    packs.set_defaults(func=cmd_packs)

    cards = sub.add_parser("cards", help="list a game's cards, or write contact sheets of their images")
    cards.add_argument("--game", default=None, help="which game (default: the first with card images)")
    cards.add_argument("--sheet", default=None, metavar="DIR", help="write PNG contact sheet pages to DIR")
    cards.add_argument("--set", default="LC", help="set code, for a game with sets (default LC)")
    cards.add_argument("--per-page", type=int, default=20)
    cards.set_defaults(func=cmd_cards)
