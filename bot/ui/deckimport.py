"""Running a ``/deck import`` and answering it, so that a failed import keeps the player's work.

A list with problems is answered with every problem and its line number (nothing is saved), and
with buttons that start from the list the player sent instead of from nothing:

* **Fix and retry** opens the import form pre-filled with the list exactly as it was sent (a
  form's text input holds at most 4,000 characters: a longer list comes back as a .txt file, with
  a sentence saying why);
* **Use the suggestions**, offered only when every problem has exactly one "did you mean" card and
  the list with them applied is a legal deck (``engines.decks.fixes``), shows each replaced line
  as a small diff and the whole corrected list, and imports it only on a second button. When a
  problem has a suggestion but the button is not offered, the answer says which line stops it
  ("line 12 could be **Pyre Drake** or **Isle Drake**, and only you know which").

The failed attempt is stored (``bot.db.deckimports``) and the buttons are ``DynamicItem``s whose
custom_id carries its id, so they work after a restart; only the player who imported may use
them, and an expired or already imported attempt is answered with a sentence. A retry imports
with the same game, name, format and ``replace`` as the failed import.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from dataclasses import dataclass
from typing import Any

import discord

from bot.db.deckimports import ImportAttempt
from bot.ids import ROW_ID
from bot.text import clip
from bot.ui.components import bot_of
from bot.ui.provenance import require_own_message
from bot.ui.refusals import answers_refusals
from engines.core import CardhostError
from engines.decks import DeckError, DeckResult, check_deck_name, get_pool, import_deck
from engines.decks.fixes import LineChange, offer_fix
from engines.decks.names import MAX_NAME

log = logging.getLogger("cardhost.decks")

MAX_LINES = 1000
MESSAGE_LIMIT = 2000
MODAL_MAX = 4000
"""Discord's limit for a modal text input's value (and for the default it is pre-filled with)."""
NO_MENTIONS = discord.AllowedMentions.none()
PLACEHOLDER = "4 Cosmic Storyteller\n2x Spark Bolt\n12 Nebula Plains\n\nSideboard\n1 ..."


def count_lines(text: str) -> int:
    return text.count("\n") + 1 if text else 0


def check_length(text: str) -> None:
    n = count_lines(text.strip("\n"))
    if n > MAX_LINES:
        raise DeckError(f"That list has {n} lines; a deck list can have at most {MAX_LINES}.")


def form_length(text: str) -> int:
    """The length Discord counts for a text input: UTF-16 code units (an emoji counts two)."""
    return len(text.encode("utf-16-le")) // 2


def slug(name: str) -> str:
    """A file name's stem from a deck name ("Flames v2" -> "flames-v2")."""
    return re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-").lower() or "deck"


def _text_file(text: str, filename: str) -> discord.File:
    return discord.File(io.BytesIO(text.encode("utf-8")), filename=filename)


@dataclass(frozen=True)
class ImportRequest:
    """What /deck import was asked besides the list; a retry imports with the same."""

    game: str
    name: str | None
    fmt: str
    replace: bool

    @classmethod
    def of(cls, attempt: ImportAttempt) -> ImportRequest:
        return cls(attempt.game, attempt.name, attempt.format, attempt.overwrite)


def problems_message(
    name: str | None, result: DeckResult, footer: str = ""
) -> tuple[str, discord.File | None]:
    """Every problem, one per line, then ``footer``; over 2000 characters the full list goes in
    problems.txt and the message keeps the problems that fit."""
    n = len(result.problems)
    # The name as typed (or as the list's Arena 'Name' line gives it): checked only when the list is clean.
    shown = clip(name or result.name or "The deck", MAX_NAME + 1)
    head = f"**{shown}** was not saved — {n} problem{'s' if n != 1 else ''} to fix, then import again:"
    lines = [p.describe() for p in result.problems]
    tail = [footer] if footer else []
    full = "\n".join([head, *lines, *tail])
    if len(full) <= MESSAGE_LIMIT:
        return full, None
    kept: list[str] = []
    size = len(head) + len(footer) + 120
    for line in lines:
        if size + len(line) + 1 > MESSAGE_LIMIT:
            break
        kept.append(line)
        size += len(line) + 1
    more = n - len(kept)
    body = "\n".join(
        [head, *kept, f"… and {more} more: every problem is in the attached problems.txt.", *tail]
    )
    plain = "\n".join(p.describe().replace("**", "") for p in result.problems)
    return body, _text_file(plain, "problems.txt")


class DeckImportModal(discord.ui.Modal):
    """A paragraph field for a pasted list (Discord's slash options lose line breaks).

    From **Fix and retry** it comes pre-filled with the failed list, and with a name field when
    the failed import had no name (the list's own Arena name, if any, pre-filled), so a list that
    only lacked a name is not a dead end."""

    def __init__(
        self,
        request: ImportRequest,
        *,
        default: str | None = None,
        attempt_id: int | None = None,
        list_name: str = "",
    ) -> None:
        name = request.name
        title = f"Import deck: {name}" if name else "Import a deck"
        if attempt_id is not None:
            title = f"Fix and retry: {name}" if name else "Fix and retry"
        super().__init__(title=title[:45], timeout=900)
        self.request, self.attempt_id = request, attempt_id
        self.listing: discord.ui.TextInput[DeckImportModal] = discord.ui.TextInput(
            label="Deck list",
            style=discord.TextStyle.paragraph,
            placeholder=PLACEHOLDER,
            default=default,
            max_length=MODAL_MAX,
            required=True,
        )
        self.add_item(self.listing)
        self.deck_name: discord.ui.TextInput[DeckImportModal] | None = None
        if attempt_id is not None and name is None:
            self.deck_name = discord.ui.TextInput(
                label="Deck name",
                placeholder="Leave empty to use the list's own 'Name' line",
                default=list_name[:MAX_NAME] or None,
                max_length=MAX_NAME,
                required=False,
            )
            self.add_item(self.deck_name)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        request = self.request
        typed = self.deck_name.value.strip() if self.deck_name is not None else ""
        if typed:
            request = ImportRequest(request.game, check_deck_name(typed), request.fmt, request.replace)
        await run_import(interaction, request, self.listing.value, attempt_id=self.attempt_id)

    # Modal.on_error's signature (no item) is discord.py's own, and it already differs from
    # BaseView.on_error's; mypy checks the override against both bases.
    async def on_error(self, interaction: discord.Interaction, error: Exception, /) -> None:  # type: ignore[override]
        if isinstance(error, CardhostError):
            message = str(error)
        else:
            log.error("deck import modal failed", exc_info=error)
            message = "Something went wrong on my side; it has been logged. Please try again."
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)


async def run_import(
    interaction: discord.Interaction,
    request: ImportRequest,
    text: str,
    *,
    deferred: bool = False,
    attempt_id: int | None = None,
) -> None:
    """Import ``text`` and answer: saved, or every problem with the buttons that keep the list.

    ``attempt_id``: the failed attempt this import retries; it is marked imported with the save."""
    check_length(text)
    if not deferred:
        await interaction.response.defer(ephemeral=True, thinking=True)
    bot = bot_of(interaction)
    pool = get_pool(request.game)
    result = await asyncio.to_thread(import_deck, text, pool, request.fmt)
    if not result.ok:
        offer = await asyncio.to_thread(offer_fix, text, pool, request.fmt)
        fix, why_not = offer.fix, offer.reason
        if fix is not None and not (request.name or result.name):
            # the corrected list would be refused for want of a name: retry with one instead
            fix, why_not = None, "the deck has no name yet, and **Fix and retry** asks for one"
        new_id = await bot.db.decks.attempts.add(
            interaction.user.id, request.game, request.name, request.fmt, request.replace, text, fix
        )
        footer = _failure_footer(text, suggestions=fix is not None, why_not=why_not)
        body, file = problems_message(request.name, result, footer)
        kwargs: dict[str, Any] = {"file": file} if file else {}
        await interaction.followup.send(
            body,
            view=attempt_view(new_id, suggestions=fix is not None),
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
            **kwargs,
        )
        return
    assert result.deck is not None
    name = request.name or result.name
    if not name:
        raise DeckError(
            "Give the deck a name: the `name` option, or a `Name …` line under `About` as MTG Arena writes."
        )
    async with bot.db.transaction():
        row = await bot.db.decks.save(interaction.user.id, name, result.deck, replace=request.replace)
        if attempt_id is not None:
            await bot.db.decks.attempts.mark_imported(attempt_id, row.name)
    f = pool.format(row.format)
    await interaction.followup.send(
        f"Saved **{row.name}** — {pool.title}, {f.title.lower()}, {row.card_count} cards. "
        f"`/deck show name:{row.name}` shows it.",
        ephemeral=True,
        allowed_mentions=NO_MENTIONS,
    )


def _failure_footer(text: str, *, suggestions: bool, why_not: str = "") -> str:
    """What the buttons do; without **Use the suggestions**, why, when the player could expect it
    (a problem has a "Did you mean"): ``why_not`` is ``engines.decks.fixes.FixOffer.reason``."""
    retry = (
        "**Fix and retry** opens the form with your list as you sent it."
        if form_length(text) <= MODAL_MAX
        else "**Fix and retry** gives your list back as a file (too long for a form)."
    )
    if suggestions:
        return (
            f"{retry} **Use the suggestions** shows the corrected list; nothing is saved until you confirm."
        )
    if why_not:
        return f"{retry}\n**Use the suggestions** is not offered: {why_not}."
    return retry


# -- the buttons ------------------------------------------------------------------------------

OPS: dict[str, tuple[str, discord.ButtonStyle]] = {
    "retry": ("Fix and retry", discord.ButtonStyle.primary),
    "fix": ("Use the suggestions", discord.ButtonStyle.secondary),
    "go": ("Import the corrected list", discord.ButtonStyle.success),
}


class ImportAttemptButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"dimp:(?P<attempt>{ROW_ID}):(?P<op>retry|fix|go)",
):
    """A failed import's buttons; the custom_id names the stored attempt, so they survive restarts."""

    def __init__(self, attempt_id: int, op: str) -> None:
        label, style = OPS[op]
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"dimp:{attempt_id}:{op}"))
        self.attempt_id, self.op = attempt_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ImportAttemptButton:
        return cls(int(match["attempt"]), match["op"])

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        require_own_message(interaction, ("dimp",), str(self.attempt_id))  # "go" edits its message
        attempt = await bot_of(interaction).db.decks.attempts.open_for(interaction.user.id, self.attempt_id)
        if self.op == "retry":
            await _retry(interaction, attempt)
            return
        if attempt.corrected is None:
            raise DeckError(
                "This list has no sure correction (a problem has no suggestion, or several): "
                "use **Fix and retry** instead."
            )
        if self.op == "fix":
            await _show_suggestions(interaction, attempt, attempt.corrected)
        else:
            # The confirmation's button goes (one import per confirmation); the saved line follows.
            await interaction.response.edit_message(view=None)
            await run_import(
                interaction,
                ImportRequest.of(attempt),
                attempt.corrected,
                deferred=True,
                attempt_id=attempt.id,
            )


def attempt_view(attempt_id: int, *, suggestions: bool) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ImportAttemptButton(attempt_id, "retry"))
    if suggestions:
        view.add_item(ImportAttemptButton(attempt_id, "fix"))
    return view


async def _retry(interaction: discord.Interaction, attempt: ImportAttempt) -> None:
    """The form pre-filled with the list as sent, or the list as a file when a form can't hold it."""
    size = form_length(attempt.listing)
    if size > MODAL_MAX:
        await interaction.response.send_message(
            f"Your list is {size:,} characters long and a form holds at most {MODAL_MAX:,}, so here it is "
            "as a file: correct it, then import it with `/deck import` and its `file` option.",
            file=_text_file(attempt.listing, f"{slug(attempt.name or 'deck')}.txt"),
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )
        return
    list_name = ""
    if attempt.name is None:
        pool = get_pool(attempt.game)
        list_name = (await asyncio.to_thread(import_deck, attempt.listing, pool, attempt.format)).name
    modal = DeckImportModal(
        ImportRequest.of(attempt), default=attempt.listing, attempt_id=attempt.id, list_name=list_name
    )
    await interaction.response.send_modal(modal)


async def _show_suggestions(interaction: discord.Interaction, attempt: ImportAttempt, corrected: str) -> None:
    """Each replaced line as a diff, the whole corrected list attached, and the confirmation."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    pool = get_pool(attempt.game)
    result = await asyncio.to_thread(import_deck, corrected, pool, attempt.format)
    if not result.ok or result.deck is None:
        raise DeckError("The suggestions no longer make a legal deck: use **Fix and retry** instead.")
    name = attempt.name or result.name or "The deck"
    f = pool.format(result.deck.format)
    what = f"{pool.title}, {f.title.lower()}, {result.deck.size()} cards"
    content = suggestions_text(name, attempt.changes, what)
    view = discord.ui.View(timeout=None)
    view.add_item(ImportAttemptButton(attempt.id, "go"))
    await interaction.followup.send(
        content,
        view=view,
        file=_text_file(corrected, f"{slug(name)}-corrected.txt"),
        ephemeral=True,
        allowed_mentions=NO_MENTIONS,
    )


def suggestions_text(name: str, changes: tuple[LineChange, ...], what: str) -> str:
    """'**Flames** with the suggestions: …' and a ```diff block of the changed lines (as many as
    fit in a message; the attached list has them all), then the question."""
    shown = clip(name, MAX_NAME + 1)
    n = len(changes)
    head = f"**{shown}** with the suggestions: {n} line{'s' if n != 1 else ''} change{'' if n != 1 else 's'}."
    ask = (
        "Every other line stays as you sent it; the whole corrected list is attached. "
        f"Import it as **{shown}** ({what})? Nothing is saved until you press **Import the corrected list**."
    )
    pairs: list[str] = []
    size = len(head) + len(ask) + 80
    left = n
    for c in changes:
        pair = f"- line {c.line}: {_plain(c.before)}\n+ line {c.line}: {_plain(c.after)}"
        if size + len(pair) + 1 > MESSAGE_LIMIT:
            break
        pairs.append(pair)
        size += len(pair) + 1
        left -= 1
    more = (
        f"\n… and {left} more changed line{'s' if left != 1 else ''} (all in the attached list)."
        if left
        else ""
    )
    return f"{head}\n```diff\n" + "\n".join(pairs) + f"\n```{more}\n{ask}"


def _plain(line: str) -> str:
    """A list line inside a code block: no backticks (they would close it), at most 90 characters."""
    text = line.replace("`", "'")
    return text if len(text) <= 90 else text[:89] + "…"
