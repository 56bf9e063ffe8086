"""Turning engine facts into chat text: seat labels become player names, lines stay short."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from bot.i18n import say

_SEAT = re.compile(r"\bP(\d{1,2})\b")

DISCORD_MESSAGE_LIMIT = 2000


def with_names(text: str, names: Sequence[str], me: int | None = None) -> str:
    """Replace "P1".."Pn" by the seat's display name (engines only know seat labels).

    ``me`` is the seat reading the text (a button on their own panel): their seat becomes
    "yourself (alice)", so "Target P1" reads "Target yourself (alice)" and not a bare name that
    could be anyone's.
    """

    def sub(m: re.Match[str]) -> str:
        i = int(m.group(1)) - 1
        if not 0 <= i < len(names):
            return m.group(0)
        return f"yourself ({names[i]})" if i == me else ai_name(names[i])

    return _SEAT.sub(sub, text)


def ai_name(name: str) -> str:
    """A seat's stored name as shown in the message being built: the AI's "AI" (or "AI 2") in
    that message's language ("ИИ" in a Russian one, ``bot.i18n``); any other name as it is. The
    stored name stays "AI": only what is shown is translated."""
    return re.sub(r"^AI\b", lambda _: say("AI"), name)


def ai_seat(name: str) -> str:
    """An AI seat's name as players read it: "AI" and "AI 2" already say so ("AI (AI)" would
    stutter); any other name gets " (AI)" so nobody waits for a person."""
    return ai_name(name) if re.match(r"AI\b", name) else say("{name} (AI)", name=name)


def clip(text: str, limit: int = DISCORD_MESSAGE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, ending on a whole word and an ellipsis.

    A reader takes "…Galactic Overl" for a typo; "…Galactic…" says plainly that more was cut.
    The cut backs up to the last space only while that keeps most of the text (a single long
    word is still cut inside it, since dropping it whole would say less).
    """
    if len(text) <= limit:
        return text
    if limit <= 1:
        return "…"[:limit]
    head = text[: limit - 1]
    if not text[limit - 1].isspace():
        space = max(head.rfind(" "), head.rfind("\n"))
        if space >= (limit - 1) * 2 // 3:
            head = head[:space]
    return head.rstrip(" ,;:-—\n") + "…"


def log_block(
    lines: Iterable[str], limit: int = 1200, max_lines: int = 12, keep: Callable[[str], bool] | None = None
) -> str:
    """The most recent lines that fit, oldest first, as a quote block; older lines are summarised.

    With ``keep`` (a game's "this line matters": an attack, a Defeat) those lines are chosen first,
    the most recent first, and the other lines fill what room is left, so a run of minor lines
    never pushes what happened out of sight into "… 28 earlier"."""
    all_lines = list(lines)
    chosen: set[int] = set()
    size = 0
    passes = (
        [range(len(all_lines) - 1, -1, -1)]
        if keep is None
        else [
            [i for i in range(len(all_lines) - 1, -1, -1) if keep(all_lines[i])],
            [i for i in range(len(all_lines) - 1, -1, -1) if not keep(all_lines[i])],
        ]
    )
    for order in passes:
        for i in order:
            line = all_lines[i]
            if len(chosen) >= max_lines or size + len(line) + 3 > limit:
                break
            chosen.add(i)
            size += len(line) + 3
    kept = [line for i, line in enumerate(all_lines) if i in chosen]
    dropped = len(all_lines) - len(kept)
    out: list[str] = []
    if dropped:
        first = min(chosen, default=len(all_lines))
        older_only = all(i in chosen for i in range(first, len(all_lines)))
        out.append(
            say("> … {n} earlier", n=dropped)
            if older_only
            else say("> … {n} earlier or minor lines not shown", n=dropped)
        )
    out.extend(f"> {line}" for line in kept)
    return "\n".join(out)


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def player_count(low: int, high: int) -> str:
    """How many may play, in words: "4 players" when the bounds meet (never "4-4 players")."""
    return f"{low} players" if low >= high else f"{low}-{high} players"
