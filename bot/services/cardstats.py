"""Card statistics per server in words and as a chart: what ``/stats card`` and ``/stats set`` say.

The numbers come from ``bot.db.cardstats`` (SQL over the stored picks, decks and plays); this
module chooses what to show and how to say it: one card's numbers as a few sentences, and a game's
top and bottom cards by a metric (win rate, pick order or how often a held card was played) as a
``render.stats.StatsChart`` plus the same ranking in text (the message and the image's alt text).

Everything about the game comes from its declarations (``TableSpec``, ``GameSpec``): its card
pool names the cards, its palette colours them, ``GameSpec.draft`` says whether it is drafted and
``GameSpec.played_card`` whether its plays are counted.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from bot.db.cardstats import CardCounts, CardStatsData, CardStatsStore
from engines.core import CardhostError, ConfigError
from engines.core.game import GameSpec
from engines.decks.pool import CardInfo
from render.common import DANGER, INFO, SUCCESS, mix
from render.stats import ChartRow, ChartSection, StatsChart

SHOWN = 8
"""Cards in each of the chart's two rankings (top and bottom)."""
LEFT_OUT = frozenset({"basic", "token"})
"""Card tags kept off the rankings: every deck holds basics, and tokens are never in a deck."""


class TableSpec(Protocol):
    """What the statistics read of a game's table (``bot.presenters.TableSpec``, which sits above
    the services): its declaration, its name and title, and its card colours for the chart."""

    @property
    def game(self) -> GameSpec[Any, Any, Any]: ...

    @property
    def name(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def palette(self) -> Mapping[str, tuple[int, int, int]]: ...


def draft_game() -> str | None:
    """The game pods draft when their config names none (the one declared game with boosters)."""
    from engines.draft.source import draft_source

    try:
        return draft_source().game
    except ConfigError:
        return None


def _pct(x: float) -> str:
    return f"{x:.0%}"


def _games(n: int) -> str:
    return f"{n} game" if n == 1 else f"{n} games"


def _times(n: int) -> str:
    return "once" if n == 1 else "twice" if n == 2 else f"{n} times"


# ---------------------------------------------------------------------------------------- metrics


@dataclass(frozen=True)
class Metric:
    """One way to rank cards: its value (None: not measured), the sample it rests on, and words."""

    key: str
    label: str
    top: str
    bottom: str
    basis: str
    """The subtitle's "ranked by ..." clause; {n} is the minimum sample in words."""
    value: Callable[[CardCounts], float | None]
    sample: Callable[[CardCounts], int]
    low_is_best: bool
    show: Callable[[float], str]
    detail: Callable[[CardCounts], str]
    needs: str = ""
    """'draft' or 'plays': what the game must declare for this ranking."""


METRICS: dict[str, Metric] = {
    m.key: m
    for m in (
        Metric(
            "win",
            "win rate of the decks that held it",
            "Highest win rate",
            "Lowest win rate",
            "ranked by how often the decks that held the card won (cards in at least {n})",
            lambda c: c.win_rate,
            lambda c: c.decks,
            False,
            _pct,
            lambda c: f"won {c.wins} of {_games(c.decks)}",
        ),
        Metric(
            "pick",
            "pick order in drafts",
            "Picked earliest",
            "Picked latest",
            "ranked by the average pick number in people's draft picks, 1 being the first pick of a"
            " pack (cards picked at least {n})",
            lambda c: c.avg_pick,
            lambda c: c.picks,
            True,
            lambda v: f"{v:.1f}",
            lambda c: f"picked {_times(c.picks)}",
            needs="draft",
        ),
        Metric(
            "played",
            "how often a deck holding it played it",
            "Played most",
            "Played least",
            "ranked by how often the decks that held the card played it (cards in at least {n})",
            lambda c: c.play_rate,
            lambda c: c.decks,
            False,
            _pct,
            lambda c: f"played in {c.played_in} of {_games(c.decks)}, {_times(c.plays)} in all",
            needs="plays",
        ),
    )
}


def metric_for(table: TableSpec, key: str) -> Metric:
    """The ranking ``/stats set by:`` asked for, if the game has what it needs (else why not)."""
    metric = METRICS.get(key)
    if metric is None:
        raise CardhostError("Rank cards by win rate, pick order or plays.")
    if metric.needs == "draft" and table.game.draft is None:
        raise CardhostError(
            f"{table.title} has no drafts, so it has no pick order: rank by win rate instead."
        )
    if metric.needs == "plays" and table.game.played_card is None:
        raise CardhostError(f"Plays are not counted for {table.title}: rank by win rate instead.")
    return metric


# ---------------------------------------------------------------------------------------- one card


def card_text(table: TableSpec, card: CardInfo, data: CardStatsData) -> str:
    """One card's numbers on this server, in sentences (a message of a few hundred characters)."""
    c, t = data.card(card.id), data.totals
    lines = [f"**{card.name}**: card statistics on this server ({table.title})"]
    if table.game.draft is not None:
        drafts = f"{t.drafts} draft" if t.drafts == 1 else f"{t.drafts} drafts"
        if c.avg_pick is not None:
            lines.append(
                f"Drafts: picked {_times(c.picks)} by players in the server's {drafts}, at pick"
                f" {c.avg_pick:.1f} on average (1 is the first pick of a pack)."
            )
        else:
            lines.append(f"Drafts: nobody here has picked it in the server's {drafts}.")
    games = _games(t.games)
    if c.win_rate is not None:
        decks = "1 deck" if c.decks == 1 else f"{c.decks} decks"
        lines.append(
            f"Decks: in {decks} of the {games} finished here; those decks won {c.wins} ({_pct(c.win_rate)})."
        )
    else:
        lines.append(f"Decks: not in any deck of the {games} finished here yet.")
    if table.game.played_card is None:
        lines.append(f"Plays: not counted for {table.title}.")
    elif c.play_rate is not None and not c.plays:
        lines.append(f"Plays: not played in those {_games(c.decks)}.")
    elif c.play_rate is not None:
        lines.append(
            f"Plays: played {_times(c.plays)}, in {c.played_in} of those {_games(c.decks)}"
            f" ({_pct(c.play_rate)})."
        )
    elif c.plays:
        lines.append(f"Plays: played {_times(c.plays)}.")
    else:
        lines.append("Plays: not played in a finished game here yet.")
    lines.append(
        "-# Games with a result count once their series or pod is over (abandoned ones never do),"
        " and picks made by people once their pod is over."
    )
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------- the set


@dataclass(frozen=True)
class Ranking:
    """A game's cards ranked by one metric: the best first in ``top``, the worst first in ``bottom``."""

    table: TableSpec
    metric: Metric
    at_least: int
    data: CardStatsData
    top: tuple[tuple[CardInfo, CardCounts], ...]
    bottom: tuple[tuple[CardInfo, CardCounts], ...]
    ranked: int
    """Cards with enough of a sample to be ranked."""


def rank(table: TableSpec, data: CardStatsData, metric: Metric, at_least: int) -> Ranking:
    """The top and bottom ``SHOWN`` cards of the game by ``metric`` among cards with a sample of at
    least ``at_least`` (basics and tokens left out); a card is never in both lists."""
    assert table.game.deck_pool is not None
    pool = table.game.deck_pool()
    eligible: list[tuple[CardInfo, CardCounts, float]] = []
    for cid, counts in data.cards.items():
        info = pool.cards.get(cid)
        value = metric.value(counts)
        if info is None or info.tags & LEFT_OUT or value is None or metric.sample(counts) < at_least:
            continue
        eligible.append((info, counts, value))
    sign = 1 if metric.low_is_best else -1
    # best first, and worst first: a tie goes to the card with more games behind its number
    eligible.sort(key=lambda e: (sign * e[2], -metric.sample(e[1]), e[0].name))
    n_top = min(SHOWN, math.ceil(len(eligible) / 2))
    rest = sorted(eligible[n_top:], key=lambda e: (-sign * e[2], -metric.sample(e[1]), e[0].name))
    top = tuple((i, c) for i, c, _ in eligible[:n_top])
    bottom = tuple((i, c) for i, c, _ in rest[:SHOWN])
    return Ranking(table, metric, at_least, data, top, bottom, len(eligible))


def _rows(r: Ranking, cards: tuple[tuple[CardInfo, CardCounts], ...]) -> tuple[ChartRow, ...]:
    m = r.metric
    worst = max((m.value(c) or 1.0 for _, c in (*r.top, *r.bottom)), default=1.0)
    rows = []
    for info, counts in cards:
        value = m.value(counts)
        assert value is not None
        # a rate is its own bar; for a pick number, an earlier pick is a longer bar
        fraction = (worst + 1 - value) / worst if m.low_is_best else value
        accent = r.table.palette.get(info.accent) if info.accent else None
        rows.append(ChartRow(info.name, m.show(value), fraction, m.detail(counts), accent))
    return tuple(rows)


def basis(r: Ranking, server: str) -> str:
    """What the ranking counts and over what: the chart's subtitle and the message's text."""
    t = r.data.totals
    drafts = f", {t.drafts} draft{'s' if t.drafts != 1 else ''}" if r.table.game.draft is not None else ""
    n = _times(r.at_least) if r.metric.key == "pick" else _games(r.at_least)
    return f"{server} · {_games(t.games)} finished{drafts} · " + r.metric.basis.format(n=n)


def chart(r: Ranking, server: str) -> StatsChart:
    """The ranking as the chart ``/stats set`` posts."""
    empty = f"No other card has a big enough sample yet (at least {r.at_least})."
    top_color, bottom_color = (SUCCESS, DANGER) if r.metric.key == "win" else (INFO, mix(INFO, DANGER, 0.6))
    return StatsChart(
        title=f"Card statistics · {r.table.title}",
        subtitle=basis(r, server),
        sections=(
            ChartSection(r.metric.top, _rows(r, r.top), top_color, empty),
            ChartSection(r.metric.bottom, _rows(r, r.bottom), bottom_color, empty),
        ),
        footer="Basic cards and tokens are left out. /stats card shows any card's numbers.",
        mark=0.5 if r.metric.key == "win" else None,
        mark_label="50%",
    )


def summary(r: Ranking) -> str:
    """The ranking in one short text: the image's alt text, and what a screen reader says."""

    def listing(cards: tuple[tuple[CardInfo, CardCounts], ...]) -> str:
        parts = []
        for info, counts in cards:
            value = r.metric.value(counts)
            assert value is not None
            parts.append(f"{info.name} {r.metric.show(value)} ({r.metric.detail(counts)})")
        return "; ".join(parts) or "none"

    return f"{r.metric.top}: {listing(r.top)}. {r.metric.bottom}: {listing(r.bottom)}."


def nothing_ranked(r: Ranking) -> str:
    """The answer when no card has a big enough sample, in words that say what to do."""
    t = r.data.totals
    sample = "been picked" if r.metric.key == "pick" else "been in a deck of"
    what = f"{r.at_least} times" if r.metric.key == "pick" else _games(r.at_least)
    have = (
        f"{t.drafts} draft{'s' if t.drafts != 1 else ''}"
        if r.metric.key == "pick"
        else f"{_games(t.games)} finished"
    )
    return (
        f"No card of {r.table.title} has {sample} {what} on this server yet ({have} so far)."
        " Play some more, or ask for a smaller sample with at_least:."
    )


class CardStatsService:
    """Counts through ``CardStatsStore`` and turns them into answers."""

    def __init__(self, store: CardStatsStore) -> None:
        self.store = store

    async def card(self, guild_id: int, table: TableSpec, card: CardInfo) -> str:
        data = await self.store.counts(guild_id, table.name, draft_game=draft_game(), card=card.id)
        return card_text(table, card, data)

    async def ranking(self, guild_id: int, table: TableSpec, metric: Metric, at_least: int) -> Ranking:
        data = await self.store.counts(guild_id, table.name, draft_game=draft_game())
        return rank(table, data, metric, max(1, at_least))


__all__ = [
    "METRICS",
    "CardStatsService",
    "Metric",
    "Ranking",
    "TableSpec",
    "basis",
    "card_text",
    "chart",
    "metric_for",
    "nothing_ranked",
    "rank",
    "summary",
]
