"""After the draft (or the sealed opening): deck building in Discord, then rounds of matches.

``start_building(pod_id)`` is called by the drafting code once every seat's pool is in
``pod_seats.pool`` and the pod is 'building'. Bot seats (no player, or a seat a bot took over
during the draft) get the AI's build at once. Each player gets a deck-building panel by DM (and a
button in the pod thread that shows the same panel to them alone, for closed DMs): the pool as an
image, add/remove selects, basics suggested by the deck's energy split, auto-build, export of the
pool as text, Submit. A submitted deck is checked against the 'limited' format and the pool
(R8, R87), saved to the player's library ("Draft 12", or "Draft 12 (2)" when that name is
taken; deck names may not hold '#') and stored in ``pod_seats.deck``/``deck_id``. A player may
change and re-submit the deck until the last deck is in. The panels and the pool image are
``bot/surfaces/pod.py``'s, the clicks are read in ``bot/ui/deckbuild.py``.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from bot.db.decks import DeckRow
from bot.db.podplay import PodRow, PodSeatRow
from bot.services.clock import now
from bot.services.podplay.base import PodError, PodKit, when
from bot.services.podplay.deckrules import (
    _cards,
    basic_of,
    deck_problems,
    library_deck,
    source,
    suggest_basics,
    with_basics,
)
from bot.services.podplay.notices import PodNotices
from bot.services.podplay.panel import card_of

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Built:
    """What a click on the deck builder did: the pod and seat as stored after it, the page to
    show, a line for the panel, and whether the click asked for the pool as a file (Export)."""

    pod: PodRow
    seat: PodSeatRow
    page: int = 0
    note: str = ""
    export: bool = False


async def _unset(*args: object) -> None:
    raise RuntimeError("deck building was given no deadline or rounds to start")


class DeckBuilding:
    """Deck building: the panels sent, the builder's clicks, Submit and the library copy."""

    def __init__(self, kit: PodKit, notices: PodNotices) -> None:
        self.kit = kit
        self.store = kit.store
        self.notices = notices
        self.set_deadline: Callable[[PodRow], Awaitable[PodRow]] = _unset  # type: ignore[assignment]
        """``BuildDeadline.set_deadline``."""
        self.maybe_start_rounds: Callable[[int], Awaitable[None]] = _unset
        """``Rounds.maybe_start_rounds``."""

    async def start_building(self, pod_id: int) -> None:
        """Auto-build the bot seats, send each player their panel, and start the rounds if every
        deck is in already (a pod of bots). Safe to call again: nothing is built or sent twice
        for a seat that has a deck."""
        from engines.draft.autobuild import build_deck

        pod = await self.kit.pod(pod_id)
        seats = await self.store.seats(pod_id)
        for s in seats:
            if s.plays_as_ai and not s.submitted:
                deck = await asyncio.to_thread(build_deck, s.pool)
                await self.store.submit(pod_id, s.seat, deck, None)
        humans = [s for s in seats if not s.plays_as_ai and not s.submitted]
        if humans:
            pod = await self.set_deadline(pod)
            deadline = pod.build_deadline or now()
            who = ", ".join(f"<@{s.user_id}>" for s in humans)
            await self.notices.say(
                pod,
                f"🛠️ **Deck building** for {pod.title}: {who}, your pool and deck builder are in your DMs. "
                f"Build a Codex of at least {source().deck_min} cards from your pool plus any basic terrains, then "
                "**Submit**. The rounds start when every deck is in, or when time is up "
                f"{when(deadline)}: then the AI builds a deck from the pool of anyone who has not "
                "submitted. DMs closed? **Open my deck builder** below shows it to you alone.",
                builder=True,
                ping=(s.user_id for s in humans),
            )
        closed = []
        for s in humans:
            if not await self.notices.send_builder(pod, s):
                closed.append(s)
        if closed:
            await self.notices.say(
                pod,
                ", ".join(f"<@{s.user_id}>" for s in closed)
                + ": I can't send you direct messages, so click **Open my deck builder** above "
                "(only you will see it).",
                ping=(s.user_id for s in closed),
            )
        log.info("pod building", extra={"ctx": {"pod": pod_id, "players": len(humans)}})
        self.kit.spawn(self.maybe_start_rounds(pod_id), f"pod-{pod_id}-rounds")

    async def my_seat(self, pod_id: int, user_id: int) -> tuple[PodRow, PodSeatRow]:
        pod = await self.kit.pod(pod_id)
        seat = next((s for s in await self.store.seats(pod_id) if s.user_id == user_id), None)
        if seat is None:
            raise PodError(f"You're not playing in {pod.title}.")
        if seat.pool == ():
            raise PodError(f"{pod.title} has no pools yet: the draft is still on.")
        return pod, seat

    async def builder_of(self, pod_id: int, user_id: int) -> tuple[PodRow, PodSeatRow]:
        """The player's pod and seat for their deck builder (the thread button and ``/pod deck``)."""
        pod, seat = await self.my_seat(pod_id, user_id)
        if seat.plays_as_ai:
            raise PodError("A bot plays your seat in this pod: the AI built its deck.")
        if pod.status not in ("building", "playing", "finished"):
            raise PodError(f"{pod.title} is not building decks yet.")
        return pod, seat

    async def build(
        self, pod_id: int, seat_no: int, user_id: int, op: str, arg: str, values: Sequence[str]
    ) -> Built:
        """A click on the deck builder of ``seat_no`` by ``user_id``. Raises ``PodError`` with a
        sentence when refused."""
        pod = await self.store.pod(pod_id)
        seat = await self.store.seat(pod_id, seat_no)
        if pod is None or seat is None:
            raise PodError("This pod no longer exists.")
        if seat.user_id != user_id:
            raise PodError(f"This deck builder is {seat.display_name}'s.")
        if op == "export":
            return Built(pod, seat, export=True)
        page = int(arg) if op == "page" and arg.isdigit() else 0
        if op in ("add", "rm"):
            page = int(arg) if arg.isdigit() else 0
        note = ""
        if op != "page":
            # Under the pod lock: deck building may be closing (deadline, /pod start) right now.
            async with self.kit.lock(pod_id):
                pod = await self.store.pod(pod_id) or pod
                seat = await self.store.seat(pod_id, seat_no) or seat
                if pod.status != "building":
                    note = "🔒 The rounds have begun: the deck can't change any more."
                else:
                    deck, note, submit = self._apply(seat, op, arg, list(values))
                    if submit:
                        note = await self._submit(pod, seat, deck)
                    elif deck != list(seat.draft):
                        await self.store.set_draft(pod_id, seat.seat, deck)
        seat = await self.store.seat(pod_id, seat_no) or seat
        if op == "submit" and seat.submitted and pod.status == "building":
            if all(s.submitted for s in await self.store.seats(pod_id)):
                # The last deck in: the rounds begin with this click, so the panel it answers says
                # the deck is locked, not "you can still change it" under a match already made.
                try:
                    await self.maybe_start_rounds(pod_id)
                except Exception:
                    log.exception("the rounds did not start", extra={"ctx": {"pod": pod_id}})
            else:
                self.kit.spawn(self.maybe_start_rounds(pod_id), f"pod-{pod_id}-rounds")
        pod = await self.store.pod(pod_id) or pod
        if op == "submit" and seat.submitted and pod.status != "building":
            note += "\n🎴 Every deck is in: the rounds have begun, so this deck is final."
        return Built(pod, seat, page, note)

    def _apply(self, seat: PodSeatRow, op: str, arg: str, values: list[str]) -> tuple[list[str], str, bool]:
        """(new deck, a note for the panel, whether to submit it)."""
        from engines.draft.autobuild import build_deck

        defs = _cards()
        deck = list(seat.draft)
        have = Counter(seat.pool)
        values = [card_of(v) for v in values]  # one menu option per copy (``panel.copy_value``)
        if op == "add":
            added = []
            for cid in values:
                if cid in defs and Counter(deck)[cid] < have[cid]:
                    deck.append(cid)
                    added.append(defs[cid].name)
            return (
                deck,
                (
                    "Added " + ", ".join(added) + "."
                    if added
                    else "Nothing to add: those cards are all in the deck."
                ),
                False,
            )
        if op == "rm":
            removed = []
            for cid in values:
                if cid in deck:
                    deck.remove(cid)
                    removed.append(defs[cid].name)
            return (
                deck,
                ("Removed " + ", ".join(removed) + "." if removed else "Those cards are not in the deck."),
                False,
            )
        if op in ("bplus", "bminus") and arg in source().energies:
            basic = basic_of(arg)
            if op == "bplus":
                deck.append(basic)
            elif basic in deck:
                deck.remove(basic)
            return deck, "", False
        if op == "basics":
            sugg = suggest_basics(deck)
            if not sugg:
                return deck, "Add some cards first: basics are suggested by the deck's energy symbols.", False
            text = ", ".join(f"{k} {defs[basic_of(c)].name}" for c, k in sorted(sugg.items()))
            return with_basics(deck, sugg), f"Basic terrains set to {text}.", False
        if op == "auto":
            built = build_deck(seat.pool)
            return built, "🤖 The AI's build: change anything you like, then **Submit**.", False
        if op == "clear":
            return [], "The deck is empty again.", False
        if op == "submit":
            return deck, "", True
        return deck, "", False

    async def _submit(self, pod: PodRow, seat: PodSeatRow, deck: list[str]) -> str:
        problems = deck_problems(seat.pool, deck)
        if problems:
            return "❌ **Not submitted**, fix this first:\n" + "\n".join(f"• {p}" for p in problems[:10])
        row = await self.save_to_library(pod, seat, deck)
        await self.store.submit(pod.id, seat.seat, deck, row.id)
        seats = await self.store.seats(pod.id)
        done = sum(1 for s in seats if s.submitted)
        await self.notices.say(
            pod, f"✅ {seat.display_name} submitted a deck ({done}/{len(seats)} decks in)."
        )
        log.info("pod deck submitted", extra={"ctx": {"pod": pod.id, "seat": seat.seat, "deck": row.id}})
        return (
            f"✅ Saved to your library as **{row.name}** ({len(deck)} cards): `/deck show name:{row.name}`."
        )

    async def save_to_library(self, pod: PodRow, seat: PodSeatRow, deck: Sequence[str]) -> DeckRow:
        """Save the seat's deck to the player's library: "Draft 12" (" (2)" when taken), or over
        the copy an earlier submit saved. Returns the library's DeckRow."""
        from bot.db.decks import DeckNotFound

        assert seat.user_id is not None
        lib = library_deck(seat.pool, deck)
        decks = self.kit.db.decks  # the library (read once the database is open)
        name, replace = None, False
        if seat.deck_id is not None:
            try:
                name, replace = (await decks.get(seat.user_id, seat.deck_id)).row.name, True
            except DeckNotFound:
                name = None
        if name is None:
            base = pod.title.replace("#", "")  # "Draft 12": '#' is not allowed in deck names
            taken = {d.name.casefold() for d in await decks.list(seat.user_id, source().game)}
            name = base
            k = 2
            while name.casefold() in taken:
                name, k = f"{base} ({k})", k + 1
        return await decks.save(seat.user_id, name, lib, replace=replace)
