"""A click edits only a message of its own kind and subject (issue #32 item 5).

A component's callback edits the message the click arrived on (a page turned, a replay stepped,
the next moves shown). Discord names that message, but nothing ties the custom_id to it: a forged
or copied id (an old message, a modified client) arrives on any message the clicker can see, and
the callback would rewrite it: a spectator turned an open lobby into a replay frame (Join and Start
gone), a player's hand panel replaced the public board.

So every callback that edits the message it arrived on first asks ``require_own_message``: the
message must carry at least one component of the callback's kinds about the same subject (the
match, the lobby, the pod and seat, the attempt...), and every component on it must be one of
those, or of a kind the panel legitimately shows beside them (``also``: the Replay buttons of a
/history page). Anything else is refused with ``NotThisMessage``, a sentence to the clicker alone,
before anything is played, saved or edited.

A message the bot posted with only the forged component passes: it holds nothing else to lose,
and the service still refuses what the id names (tests/bot/test_trust_ids.py).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import Any

import discord

from engines.core import CardhostError


class NotThisMessage(CardhostError):
    def __init__(self) -> None:
        super().__init__(
            "That button does not belong to this message, so it changes nothing here: "
            "use the buttons the message came with."
        )


def _walk(components: Any) -> Iterator[str]:
    for component in components or ():
        custom_id = getattr(component, "custom_id", None)
        if isinstance(custom_id, str) and custom_id:
            yield custom_id
        yield from _walk(getattr(component, "children", None))
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            yield from _walk((accessory,))


def custom_ids_on(message: discord.Message | None) -> list[str]:
    """The custom_id of every component on ``message`` (rows, their buttons and menus)."""
    return [] if message is None else list(_walk(message.components))


def about(custom_id: str, kinds: Collection[str], subject: str) -> bool:
    """Whether ``custom_id`` is of one of ``kinds`` (the word before its first colon) and about
    ``subject`` (the fields after it, up to a colon or the end): ``about("mp:42:7:1:>", {"mp"},
    "42")`` is true, and so is ``about("drc:3:s1r1p2:x", {"drc"}, "3:s1r1p2")``."""
    kind, _, rest = custom_id.partition(":")
    return kind in kinds and (rest == subject or rest.startswith(subject + ":"))


def require_own_message(
    interaction: discord.Interaction, kinds: Collection[str], subject: str, *, also: Collection[str] = ()
) -> None:
    """Refuse (``NotThisMessage``) a click whose message is not one of ``kinds`` about ``subject``:
    it must carry such a component, and nothing but those and components of the ``also`` kinds."""
    ids = custom_ids_on(interaction.message)
    ours = [i for i in ids if about(i, kinds, subject)]
    strangers = [i for i in ids if not about(i, kinds, subject) and i.partition(":")[0] not in also]
    if not ours or strangers:
        raise NotThisMessage()
