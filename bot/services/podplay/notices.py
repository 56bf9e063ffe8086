"""What the pod service tells Discord and starts there, as a ``Protocol``: ``bot/surfaces/pod.py``
implements it and ``bot/client.py`` hands it to the service, so the deck-building deadline, the
rounds and a restart reach Discord without the service importing it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from bot.db.podplay import PodRow, PodSeatRow


class PodNotices(Protocol):
    async def say(
        self, pod: PodRow, text: str, *, ping: Iterable[int | None] = (), builder: bool = False
    ) -> None:
        """A message in the pod's thread (pinging ``ping``; ``builder``: with the buttons that
        open a player's deck builder or pool to them alone)."""

    async def send_builder(self, pod: PodRow, seat: PodSeatRow) -> bool:
        """The seat's deck-building panel by DM; False when the player's DMs are closed."""

    async def tell_auto_built(self, pod: PodRow, seat: PodSeatRow, name: str, cards: int) -> None:
        """A DM: deck building ended and the AI built the player's deck."""

    async def table_message(self, pod: PodRow, text: str, channel_id: int | None) -> Any | None:
        """Post ``text`` in the pod's channel (the thread's parent), where a table's match opens its
        thread; returns the message (for ``launch``), or None when the channel is gone. Its
        ``channel.id`` is where the match is played."""

    async def launch(self, live: Any, message: Any, turn_seconds: float) -> None:
        """Open the match's thread under ``message`` and deal its first board and hands."""

    async def play_ai(self, live: Any) -> None:
        """Let the AI seats of a resumed match move, and show what they did."""
