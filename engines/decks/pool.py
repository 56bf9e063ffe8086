"""What a game provides to plug into the deck library: its card index and its deck rules.

A game with decks has a module in ``engines/decks/pools/`` with ``build() -> DeckPool``: it turns
the game's own card data (read through the game's loader) into ``CardInfo`` rows and describes
each format's sections, sizes and copy limits, reusing the game's own deck checks as the final
``check``. Its ``pool()`` builds it once, and the game's declaration names that function
(``GameSpec.deck_pool``); ``get_pool(name)`` reads it through the game list. Nothing else in the
library knows about any game.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from engines.core.errors import CardhostError

from .closest import clearly_closest
from .parse import SECTION_TITLES
from .text import code_key, loose_key, name_key

if TYPE_CHECKING:
    from .deck import Deck


class DeckError(CardhostError):
    """A deck-library request that cannot be done (unknown game, format or deck); says why."""


@dataclass(frozen=True)
class CardInfo:
    """One card as the deck library sees it."""

    id: str
    name: str
    group: str
    """The type group it is listed under ('Entity', 'Spell', ...): a key of ``DeckPool.groups``."""
    cost: int | None = None
    """Its place on the cost curve; None keeps it off the curve (terrains, resources)."""
    cost_text: str = ""
    type_line: str = ""
    text: str = ""
    codes: tuple[str, ...] = ()
    """Card numbers a list may use instead of the name ('LC012', or '(LC) 012'); the id always works."""
    copy_key: str = ""
    """Cards with the same key share one copy limit; default: the card's name."""
    tags: frozenset[str] = frozenset()
    """Free-form facts the game's rules look at: 'basic', 'token', 'legendary', 'mythic', ..."""
    accent: str = ""
    """A colour key for images (Afrika: the energy code)."""
    aliases: tuple[str, ...] = ()
    """Other names the card answers to (its name in another language: Chronomagia's Russian):
    looked up, suggested and autocompleted like ``name``; lists and exports write ``name``."""

    @property
    def limit_key(self) -> str:
        return self.copy_key or name_key(self.name)

    @property
    def names(self) -> tuple[str, ...]:
        """The name first, then the aliases."""
        return (self.name, *self.aliases)


CardCheck = Callable[[CardInfo], str]
"""'' when the card is allowed, else a sentence saying why not."""

ListCheck = Callable[[CardInfo, Mapping[str, Sequence[CardInfo]]], str]
"""'' when the card may be in its section given the whole list (section key -> the cards listed
there, one per line), else a sentence saying why not."""


@dataclass(frozen=True)
class SectionRule:
    key: str
    """'main', 'side', 'commander', 'hero', 'hero_deck', 'opus' (see ``parse.SECTION_HEADERS``)."""
    title: str = ""
    min_cards: int = 0
    max_cards: int | None = None
    accepts: CardCheck | None = None
    max_copies: int | None = None
    """A per-card cap inside this section only (e.g. 1 for 'all different')."""
    missing: str = ""
    """The message when a required section (commander, hero) is empty."""
    in_play: bool | None = None
    """Whether the section's cards go to the match (``MatchConfig`` decks): by default only the
    main deck does; a section the engine also takes (Alchemy's Magnum Opus) says True."""
    fits: ListCheck | None = None
    """A per-line check that depends on the rest of the list (Star Lords: a card outside its Star
    Lord's energy identity): given the card and what each section lists, '' or why it may not be
    here. Lines with a problem of their own are left out of what it is given."""

    @property
    def plays(self) -> bool:
        return self.key == "main" if self.in_play is None else self.in_play

    @property
    def label(self) -> str:
        return self.title or SECTION_TITLES.get(self.key, self.key.title())

    @property
    def header(self) -> str:
        """The header ``export`` writes: the canonical one, so any reader of the grammar knows it."""
        return SECTION_TITLES.get(self.key, self.label)


def _no_limit(_card: CardInfo) -> int | None:
    return None


@dataclass(frozen=True)
class DeckFormat:
    key: str
    title: str
    sections: tuple[SectionRule, ...]
    """The sections this format allows; the first is the main deck."""
    copy_limit: Callable[[CardInfo], int | None] = _no_limit
    """Most copies of a card (by ``CardInfo.limit_key``) across ``copy_scope``; None = unlimited."""
    copy_scope: tuple[str, ...] = ("main", "side")
    allows: CardCheck | None = None
    """Whether a card may be in this format at all (tokens, banned cards, set legality)."""
    check: Callable[[Deck], str] | None = None
    """The game's own final deck check, run when everything else passed; '' = legal."""
    description: str = ""
    max_total: int = 500
    """A storage sanity cap on all sections together, for games whose rules set no maximum."""
    side: str = "side"
    """The section a match takes as the seat's side deck (``Codex.side``, the engine's
    ``SeriesRules.side_option``): a sideboard, or a deck the game uses in play (a Hero Deck)."""

    def rule(self, key: str) -> SectionRule | None:
        return next((s for s in self.sections if s.key == key), None)


@dataclass(frozen=True)
class DeckPool:
    game: str
    title: str
    cards: Mapping[str, CardInfo]
    formats: tuple[DeckFormat, ...]
    """The first is the default format."""
    groups: tuple[tuple[str, str], ...] = ()
    """(group key, plural title) in the order lists and images show them."""
    headers: Mapping[str, str] = field(default_factory=dict)
    """Extra section-header aliases of this game (normalised text -> section key)."""

    # -- indexes ----------------------------------------------------------------------------

    @cached_property
    def _by_name(self) -> dict[str, list[CardInfo]]:
        return _index(self.cards.values(), name_key)

    @cached_property
    def _by_loose(self) -> dict[str, list[CardInfo]]:
        return _index(self.cards.values(), loose_key)

    @cached_property
    def _by_code(self) -> dict[str, CardInfo]:
        out: dict[str, CardInfo] = {}
        for c in self.cards.values():
            for code in (c.id, *c.codes):
                out.setdefault(code_key(code), c)
        return out

    @cached_property
    def _suggestable(self) -> dict[str, str]:
        """name key -> display name of every card a deck may hold (tokens are never suggested),
        its aliases too: a misspelt name in either language gets names in that language."""
        out: dict[str, str] = {}
        for c in self.cards.values():
            if "token" not in c.tags:
                for n in c.names:
                    out.setdefault(name_key(n), n)
        return out

    @cached_property
    def _search_keys(self) -> dict[str, tuple[str, ...]]:
        """card id -> the name keys autocomplete matches (the name's, then the aliases')."""
        return {c.id: tuple(name_key(n) for n in c.names) for c in self.cards.values()}

    @cached_property
    def group_titles(self) -> dict[str, str]:
        return dict(self.groups)

    @cached_property
    def _group_rank(self) -> dict[str, int]:
        return {g: i for i, (g, _) in enumerate(self.groups)}

    # -- lookups ----------------------------------------------------------------------------

    @property
    def default_format(self) -> DeckFormat:
        return self.formats[0]

    def format(self, key: str | None = None) -> DeckFormat:
        if not key:
            return self.default_format
        want = key.strip().casefold()
        for f in self.formats:
            if want in (f.key, f.title.casefold()):
                return f
        known = ", ".join(f.key for f in self.formats)
        raise DeckError(f"{self.title} has no format {key!r}. Formats: {known}.")

    def card(self, card_id: str) -> CardInfo:
        return self.cards[card_id]

    def by_name(self, name: str) -> list[CardInfo]:
        """Cards called ``name`` or aliased so (case, quotes, dashes and spacing don't matter; then
        punctuation)."""
        loose = loose_key(name)
        return self._by_name.get(name_key(name)) or (self._by_loose.get(loose, []) if loose else [])

    def by_code(self, code: str) -> CardInfo | None:
        return self._by_code.get(code_key(code))

    def unique_name(self, card: CardInfo) -> bool:
        return len(self._by_name.get(name_key(card.name), ())) == 1

    @cached_property
    def _suggestions(self) -> dict[tuple[str, int], tuple[str, ...]]:
        return {}

    def suggest(self, name: str, n: int = 3) -> tuple[str, ...]:
        """Up to ``n`` "did you mean" names: close spellings first, then names containing the words."""
        key = (name_key(name), n)
        cache = self._suggestions
        if key not in cache:
            if len(cache) > 4096:
                cache.clear()
            cache[key] = _suggest(self._suggestable, key[0], n)
        return cache[key]

    def did_you_mean(self, name: str) -> tuple[str, ...]:
        """What a problem suggests for an unknown ``name``: the close spellings (``suggest``), or
        only the one among them that is clearly closest by edits (``closest.clearly_closest``:
        "Facet Lancr" is Facet Lancer, not also Rift Lantern)."""
        found = self.suggest(name)
        if len(found) < 2:
            return found
        key = name_key(name)
        cache = self._closest
        if key not in cache:
            if len(cache) > 4096:
                cache.clear()
            cache[key] = clearly_closest(key, self._suggestable)
        best = cache[key]
        return (self._suggestable[best],) if best is not None and self._suggestable[best] in found else found

    @cached_property
    def _closest(self) -> dict[str, str | None]:
        return {}

    def missing(self, card_ids: Iterable[str]) -> list[str]:
        """The ids among ``card_ids`` this pool no longer has (a saved deck after a card was removed)."""
        return sorted({c for c in card_ids if c not in self.cards})

    def search(self, text: str, limit: int = 25) -> list[CardInfo]:
        """Autocomplete: names starting with ``text``, then containing it, then close spellings."""
        q = name_key(text)
        cards = [c for c in self.cards.values() if "token" not in c.tags]
        if not q:
            return sorted(cards, key=lambda c: name_key(c.name))[:limit]
        keys = self._search_keys
        starts = [c for c in cards if any(k.startswith(q) for k in keys[c.id])]
        inside = [c for c in cards if any(q in k for k in keys[c.id]) and c not in starts]
        out = sorted(starts, key=lambda c: c.name) + sorted(inside, key=lambda c: c.name)
        if len(out) < limit:
            for s in self.suggest(text, n=limit - len(out)):
                for c in self.by_name(s):
                    if c not in out:
                        out.append(c)
        return out[:limit]

    def shown_name(self, card: CardInfo, text: str) -> str:
        """The card's name in the language ``text`` was typed in: the alias ``text`` starts or
        appears in (an autocomplete entry reads like what was typed), else the name."""
        q = name_key(text)
        if not q:
            return card.name
        keys = [(name_key(n), n) for n in card.names]
        starting = [n for k, n in keys if k.startswith(q)]
        return next(iter(starting or [n for k, n in keys if q in k] or [card.name]))

    def sort_key(self, card: CardInfo) -> tuple[int, int, str, str]:
        """Lists show cards by type group, then cost, then name."""
        rank = self._group_rank.get(card.group, len(self.groups))
        return (rank, 99 if card.cost is None else card.cost, name_key(card.name), card.id)


def _index(cards: Iterable[CardInfo], key: Callable[[str], str]) -> dict[str, list[CardInfo]]:
    """key of each name and alias -> the cards answering to it (each card once per key; a name
    with an empty key, all punctuation, is left out)."""
    out: dict[str, list[CardInfo]] = {}
    for c in cards:
        for n in c.names:
            k = key(n)
            if k and c not in (found := out.setdefault(k, [])):
                found.append(c)
    return out


def _suggest(names: Mapping[str, str], query: str, n: int) -> tuple[str, ...]:
    if not query or n <= 0:
        return ()
    keys = list(names)
    out = difflib.get_close_matches(query, keys, n=n, cutoff=0.6)
    if len(out) < n and len(query) >= 3:
        words = [w for w in query.split() if len(w) >= 3]
        for k in sorted(keys):
            if len(out) >= n:
                break
            if k in out:
                continue
            if query in k or (words and all(w in k for w in words)):
                out.append(k)
    return tuple(names[k] for k in out[:n])


# -- registry ---------------------------------------------------------------------------------

_POOLS: dict[str, DeckPool] = {}
"""Pools no game declares (``register_pool``: a toy pool of a test), by name."""


def register_pool(pool: DeckPool) -> DeckPool:
    """Make ``pool`` known by its game's name without a game declaring it (a toy pool)."""
    _POOLS[pool.game] = pool
    return pool


def declared_pool(game: str) -> DeckPool | None:
    """The pool game ``game``'s declaration names (``GameSpec.deck_pool``, which builds it once);
    None for an undeclared game or one without decks. Read through the game list
    (``engines.games``), the one place a game is found by its name: no pool module is looked up
    by a name of its own."""
    from engines.games import GAMES, game_spec

    if game not in GAMES:
        return None
    make = game_spec(game).deck_pool
    return make() if make is not None else None


def get_pool(game: str) -> DeckPool:
    """The deck pool of ``game``: a registered toy pool, else the one its declaration names;
    ``DeckError`` in words for a game without decks."""
    found = _POOLS.get(game) or declared_pool(game)
    if found is not None:
        return found
    have = ", ".join(p.title for p in available_pools().values()) or "none yet"
    raise DeckError(f"That game has no deck building. Games with decks: {have}.")


def play_cards(deck: Deck) -> list[str]:
    """The ids a match takes from ``deck``, one per copy: the main deck first, then every other
    section its game's format marks ``in_play``, in the format's order."""
    fmt = get_pool(deck.game).format(deck.format)
    return [cid for section in fmt.sections if section.plays for cid in deck.cards(section.key)]


def available_pools(games: Iterable[str] | None = None) -> dict[str, DeckPool]:
    """Every game with a deck pool, by name (the declared games by default, then the registered
    toy pools)."""
    if games is None:
        from engines.games import GAMES

        games = GAMES
    out: dict[str, DeckPool] = {}
    for g in dict.fromkeys([*games, *_POOLS]):
        found = _POOLS.get(g) or declared_pool(g)
        if found is not None:
            out[g] = found
    return out
