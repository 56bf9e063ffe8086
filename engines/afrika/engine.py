"""The Chronicles of Afrika engine: the kernel protocol over the rules (perform.py, steps.py, legal.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from ..core import ConfigError, Event, GameOver, MatchConfig, NotYourTurn, Outcome, PlayerId, Rng, Transition
from .actions import AfrikaAction, decode
from .cards import CARDS
from .decks import (
    STARTERS,
    check_deck,
    check_pool,
    check_starlords,
    expand,
    starlords_starters,
    starter_decks,
)
from .kinds import STEPS, Zone
from .legal import legal
from .passing import quiet_charge, quiet_pass, quiet_step_end
from .perform import perform
from .rules import seat_ref
from .schemes import (
    check_rift_deck,
    check_scheme_deck,
    rift,
    rift_cards,
    rift_deck,
    scheme_cards,
    scheme_deck,
)
from .state import AfrikaState, Choice, Game, Item, Obj, Player, freeze, keep, mark_quiet, peek, peeked, thaw
from .steps import enter, settle
from .teams import teammates
from .variants import OVERLORD_LIFE, VARIANTS, default_lord, team_layout
from .view import AfrikaView, make_view


def _pools(cfg: MatchConfig) -> list[list[str]] | None:
    """Option ``pools``: one list of card ids per seat, the sealed or drafted pool each Codex must
    come from (R8, D33); absent for constructed play and for limited games without one."""
    pools = cfg.opt("pools", None)
    if pools is None:
        return None
    if (
        not isinstance(pools, Sequence)
        or isinstance(pools, str)
        or len(pools) != cfg.players
        or any(not isinstance(p, Sequence) or isinstance(p, str) for p in pools)
    ):
        raise ConfigError(f"'pools' must give one list of card ids per player ({cfg.players} lists).")
    return [[str(c) for c in p] for p in pools]


def _rifts_on(cfg: MatchConfig) -> bool:
    """Option ``rifts``: Cosmic Rifts on this match (R160), any variant."""
    on = cfg.opt("rifts", False)
    if not isinstance(on, bool):
        raise ConfigError("'rifts' must be true or false.")
    return on


def _deck_option(
    cfg: MatchConfig, key: str, default: Callable[[], list[str]], check: Callable[[list[str]], str]
) -> list[str]:
    """The Scheme deck (``schemes``) or Rift deck (``rift_deck``) the match names, else the
    shipped one, checked (R153, R160)."""
    given = cfg.opt(key, None)
    if given is None:
        return default()
    if not isinstance(given, Sequence) or isinstance(given, str):
        raise ConfigError(f"'{key}' must be a list of card ids.")
    ids = [str(x) for x in given]
    problem = check(ids)
    if problem:
        raise ConfigError(problem)
    return ids


def _new_game(n: int, seed: int, fmt: str) -> Game:
    g = Game(objs={}, players=[Player(seat=i) for i in range(n)], fmt=fmt)
    # an output (not the state) seeds the game: neighbouring seeds then give unrelated streams
    g.rng = Rng.from_seed(seed).next64()
    return g


def _lords(cfg: MatchConfig, variant: str, decks: Sequence[Sequence[str]]) -> list[str]:
    """Each seat's Star Lord (Star Lords only; else none): the ``lords`` option, or each Codex's
    first Legendary Entity."""
    if variant != "starlords":
        return []
    given = cfg.opt("lords", None)
    if given is None:
        given = [default_lord([str(c) for c in d]) for d in decks]
    if not isinstance(given, Sequence) or isinstance(given, str) or len(given) != len(decks):
        raise ConfigError("Give one Star Lord per player (the 'lords' option).")
    out = [str(x) for x in given]
    for i, lord in enumerate(out):
        if not lord or lord not in decks[i]:
            raise ConfigError(f"{seat_ref(i)}'s Codex has no Star Lord: put a Legendary Entity in it.")
    return out


def _add(g: Game, cid: str, owner: int, zone: Zone, oid: int = 0) -> Obj:
    if cid not in CARDS():
        raise ConfigError(f"Unknown card id {cid!r}.")
    if not oid:
        oid = g.next_id
    if oid in g.objs:
        raise ConfigError(f"Object id {oid} is used twice.")
    g.next_id = max(g.next_id, oid + 1)
    o = Obj(oid, cid, owner, owner, zone)
    g.objs[oid] = o
    return o


_NOBODY: frozenset[PlayerId] = frozenset()
_SEATS: tuple[frozenset[PlayerId], ...] = tuple(frozenset({PlayerId(i)}) for i in range(8))
"""The answers of ``current_players``, made once (frozensets are immutable; asked several times a move)."""


class AfrikaEngine:
    name: ClassVar[str] = "afrika"
    title: ClassVar[str] = "Chronicles of Afrika"
    version: ClassVar[str] = "1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    state_type: ClassVar[type[Any]] = AfrikaState

    # ------------------------------------------------------------------------------ setup
    def setup(self, cfg: MatchConfig, seed: int) -> AfrikaState:
        variant = VARIANTS.get(str(cfg.opt("variant", "duel" if cfg.players == 2 else "starlords")))
        if variant is None:
            raise ConfigError(f"The variant must be one of: {', '.join(VARIANTS)}.")
        if not variant.min_players <= cfg.players <= variant.max_players:
            many = (
                str(variant.min_players)
                if variant.min_players == variant.max_players
                else f"{variant.min_players}-{variant.max_players}"
            )
            raise ConfigError(f"Chronicles of Afrika's {variant.title} is played by {many} players.")
        fmt = str(cfg.opt("format", "constructed"))
        if fmt not in ("constructed", "limited"):
            raise ConfigError("The format must be 'constructed' or 'limited'.")
        decks = cfg.opt("decks", None)
        if decks is None and variant.name == "starlords":
            # Each seat a Star Lords starter in turn (four of them; a fifth seat takes the first again).
            lords_starters = list(starlords_starters().values())
            decks = [lords_starters[i % len(lords_starters)][1] for i in range(cfg.players)]
        if decks is None:
            starters = starter_decks()  # each seat a starter in turn (a team game may need them twice)
            decks = [starters[i % len(starters)] for i in range(cfg.players)]
        if not isinstance(decks, Sequence) or isinstance(decks, str) or len(decks) != cfg.players:
            raise ConfigError(f"Give one deck per player ({cfg.players} decks).")
        named: list[Sequence[str]] = []
        for deck in decks:
            if isinstance(deck, str):
                if deck not in STARTERS:
                    raise ConfigError(f"Unknown starter Codex {deck!r}; starters: {', '.join(STARTERS)}.")
                deck = expand(STARTERS[deck])
            named.append(deck)
        decks = named
        sets = cfg.opt("standard_sets", None)
        if sets is not None and (not isinstance(sets, Sequence) or isinstance(sets, str)):
            raise ConfigError("'standard_sets' must be a list of set codes.")
        pools = _pools(cfg)
        lords = _lords(cfg, variant.name, decks)
        for i, deck in enumerate(decks):
            if lords:
                problem = check_starlords(list(deck), lords[i])
                if problem:
                    raise ConfigError(f"{seat_ref(i)}'s Codex is not legal: {problem}")
                continue
            problem = check_deck(list(deck), fmt, None if sets is None else [str(x) for x in sets])
            if not problem and pools is not None:
                problem = check_pool(list(deck), pools[i])
            if problem:
                raise ConfigError(f"{seat_ref(i)}'s Codex is not legal: {problem}")
        schemes = (
            _deck_option(cfg, "schemes", scheme_deck, check_scheme_deck) if variant.name == "overlord" else []
        )
        rifts = _deck_option(cfg, "rift_deck", rift_deck, check_rift_deck) if _rifts_on(cfg) else []
        g = _new_game(cfg.players, seed, fmt)
        g.variant = variant.name
        g.teams = team_layout(variant.name, cfg.players)
        for seat, deck in enumerate(decks):
            pl = g.players[seat]
            pl.life = OVERLORD_LIFE if variant.name == "overlord" and seat == 0 else variant.life
            rest = list(deck)
            if lords:
                # R140: the Star Lord starts face up in its owner's Command zone.
                rest.remove(lords[seat])
                pl.lord = lords[seat]
                pl.command.append(_add(g, lords[seat], seat, "command").id)
            for cid in rest:
                o = _add(g, str(cid), seat, "codex")
                pl.codex.append(o.id)
        from .rules import draw, rng_below, shuffle

        for pl in g.players:
            shuffle(g, pl.codex)
        if schemes:
            g.schemes = list(schemes)
            shuffle(g, g.schemes)
        if rifts:
            g.rifts = list(rifts)
            shuffle(g, g.rifts)
            g.log(f"The Cosmic Rift deck is shuffled; the face-up rift is {rift(g.rifts[0]).name}.")
        if variant.name == "overlord":
            # R152: the Overlord always goes first (and skips its first draw)
            g.first = 0
            for q in g.players:
                draw(g, q.seat, 7)
            g.log(f"{seat_ref(0)} is the Galactic Overlord and takes the first turn.")
            g.choice = Choice("mulligan", 0)
            g.events.clear()
            return freeze(g)
        chooser = cfg.opt("chooser", None)
        if chooser is not None:
            # R12: after a game between the same players, its loser chooses (the bot passes the seat)
            if not isinstance(chooser, int) or not 0 <= chooser < cfg.players:
                raise ConfigError("The 'chooser' option must be a seat number.")
            winner = chooser
            g.log(f"{seat_ref(winner)} lost the last game and chooses who goes first.")
        else:
            winner = rng_below(g, cfg.players)
            g.log(f"{seat_ref(winner)} wins the toss and chooses who goes first.")
        g.choice = Choice("first", winner)
        g.events.clear()
        return freeze(g)

    def position(self, cfg: MatchConfig, seed: int, data: Mapping[str, Any]) -> AfrikaState:
        """An explicit board for scenarios (docs/scenarios.md, "Afrika positions")."""
        return freeze(build_position(cfg, seed, data))

    # ------------------------------------------------------------------------------ play
    def current_players(self, s: AfrikaState) -> frozenset[PlayerId]:
        if s.over:
            return _NOBODY
        seat = s.choice.player if s.choice is not None else s.priority
        if seat < 0:
            return _NOBODY
        return _SEATS[seat] if seat < len(_SEATS) else frozenset({PlayerId(seat)})

    def legal_actions(self, s: AfrikaState, p: PlayerId) -> Sequence[AfrikaAction]:
        if s.over or p not in self.current_players(s):
            return []
        g = peek(s)
        memo = g.memo
        if memo is None:
            return legal(g, int(p))
        listed = memo.legal.get(int(p))
        if listed is None:
            listed = memo.legal[int(p)] = legal(g, int(p))
        return list(listed)  # a copy: the caller may change its list, apply reuses this one

    def apply(self, s: AfrikaState, p: PlayerId, a: AfrikaAction) -> Transition[AfrikaState]:
        if s.over:
            raise GameOver()
        if not 0 <= int(p) < len(s.players):
            raise NotYourTurn("You are not playing in this game.")
        if a.kind == "concede":
            if s.players[p].lost:
                raise NotYourTurn("You have already lost this game.")
        elif p not in self.current_players(s):
            raise NotYourTurn()
        if a.kind == "pass":
            after = quiet_pass(s, int(p)) or quiet_step_end(s, int(p))
            if after is not None:
                return Transition(after, ())
        # the legal list legal_actions made for this state and seat, if any: perform need not
        # list the moves again to check that ``a`` is one of them (the same list, tested)
        shared = peeked(s)
        listed = shared.memo.legal.get(int(p)) if shared is not None and shared.memo is not None else None
        if a.kind == "charge":
            done = quiet_charge(s, int(p), a, listed)
            if done is not None:
                return done
        g = thaw(s)
        g.events = []
        perform(g, int(p), a, listed)
        quiet = settle(g)
        events = tuple(Event(text) for text in g.events)
        g.events = []
        # a fresh thaw above (never the shared peek copy, which views and bots may be reading);
        # freeze reuses the card objects the move left alone, and g becomes the next peek copy
        after = freeze(g, base=s)
        if quiet:
            mark_quiet(after)
        keep(after, g)
        return Transition(after, events)

    def view(self, s: AfrikaState, viewer: PlayerId | None) -> AfrikaView:
        return make_view(peek(s), None if viewer is None else int(viewer))

    def outcome(self, s: AfrikaState) -> Outcome | None:
        if not s.over:
            return None
        return Outcome(tuple(tuple(x) for x in s.ranking), s.reason)

    def decode_action(self, action_id: str) -> AfrikaAction:
        return decode(action_id)

    def turn_marker(self, s: AfrikaState) -> Any:
        return (s.turn, s.active)

    # ------------------------------------------------------------------------------ tests
    def resample_hidden(self, s: AfrikaState, viewer: PlayerId | None, rng: Rng) -> AfrikaState:
        """Re-deal every card ``viewer`` cannot see (hands of others but a teammate's, every Codex
        order). Cards are sorted before each shuffle, so the result depends only on what the viewer
        knows and on ``rng`` (the ``hard`` search's re-deal check)."""
        g = thaw(s)
        ch = g.choice
        keep: set[int] = set()
        if ch is not None and ch.kind == "cast" and ch.item == "spell":
            keep.add(ch.obj)
        for pl in g.players:
            if viewer is not None and pl.seat == int(viewer):
                if ch is not None and ch.player == pl.seat and ch.kind == "pick" and ch.item == "search":
                    continue
                ids = [i for i in pl.codex if i not in keep]
                if ch is not None and ch.player == pl.seat and ch.kind == "pick":
                    ids = [i for i in ids if i not in ch.ids]
            elif viewer is not None and pl.seat in teammates(g, int(viewer)):
                ids = [i for i in pl.codex if i not in keep]  # R124/R151: a teammate's hand is open
            else:
                ids = [i for i in pl.codex + pl.hand if i not in keep]
            cards = sorted(g.objs[i].card for i in ids)
            rng.shuffle(cards)
            for i, c in zip(ids, cards, strict=True):
                g.objs[i].card = c
        # the Scheme deck's order and the Rift deck's below the face-up rift are nobody's to see
        g.schemes.sort()
        rng.shuffle(g.schemes)
        if len(g.rifts) > 2:
            rest = sorted(g.rifts[1:])
            rng.shuffle(rest)
            g.rifts[1:] = rest
        return freeze(g)


def _seat_of(v: Any) -> int:
    if isinstance(v, str) and v.startswith("P"):
        return int(v[1:]) - 1
    return int(v)


def build_position(cfg: MatchConfig, seed: int, data: Mapping[str, Any]) -> Game:
    known = {
        "active",
        "turn",
        "first",
        "step",
        "priority",
        "terrain_played",
        "players",
        "enter",
        "attackers",
        "blockers",
        "order",
        "stack",
        "variant",
        "eliminated",
        "schemes",
        "ongoing",
        "scheme",
        "rifts",
        "die_rolls",
        "terrains_by",
    }
    bad = set(data) - known
    if bad:
        raise ConfigError(f"Unknown position key(s): {', '.join(sorted(bad))}.")
    n = cfg.players
    g = _new_game(n, seed, str(cfg.opt("format", "constructed")))
    variant = VARIANTS.get(str(data.get("variant", cfg.opt("variant", "duel"))))
    if variant is None:
        raise ConfigError(f"The variant must be one of: {', '.join(VARIANTS)}.")
    g.variant = variant.name
    g.teams = team_layout(variant.name, n)
    g.eliminated = [[_seat_of(x) for x in grp] for grp in data.get("eliminated", [])]
    g.schemes = [str(x) for x in data.get("schemes", [])]
    g.ongoing = [str(x) for x in data.get("ongoing", [])]
    g.scheme = str(data.get("scheme", ""))
    g.rifts = [str(x) for x in data.get("rifts", [])]
    g.die_rolls = int(data.get("die_rolls", 0))
    g.terrains_by = [_seat_of(x) for x in data.get("terrains_by", [])]
    for cid in [*g.schemes, *g.ongoing, *([g.scheme] if g.scheme else [])]:
        if cid not in scheme_cards():
            raise ConfigError(f"Unknown scheme {cid!r}.")
    for cid in g.rifts:
        if cid not in rift_cards():
            raise ConfigError(f"Unknown rift {cid!r}.")
    g.next_id = 900
    g.active = _seat_of(data.get("active", 0))
    g.turn = int(data.get("turn", 3))
    g.first = _seat_of(data.get("first", g.active if g.turn % 2 == 1 else (g.active + 1) % n))
    step = str(data.get("step", "explore1"))
    if step not in STEPS:
        raise ConfigError(f"Unknown step {step!r}; steps are {', '.join(STEPS)}.")
    g.step = step
    g.terrain_played = bool(data.get("terrain_played", False))
    for pl in g.players:
        pl.kept = True
        pl.turn_started = g.turn if pl.seat == g.active else max(0, g.turn - 1)
        # R125/R142/R150: the variant's starting life, also for seats the position does not list
        pl.life = OVERLORD_LIFE if variant.name == "overlord" and pl.seat == 0 else variant.life
    players = data.get("players", [])
    explicit: list[tuple[int, Any]] = []
    if len(players) > n:
        raise ConfigError(f"The position lists {len(players)} players for a {n}-player game.")
    for seat, pd in enumerate(players):
        bad_keys = set(pd) - {
            "life",
            "pool",
            "hand",
            "codex",
            "void",
            "exile",
            "permanents",
            "command",
            "lord",
            "command_casts",
            "lord_damage",
            "lost",
        }
        if bad_keys:
            raise ConfigError(f"Unknown player key(s) in the position: {', '.join(sorted(bad_keys))}.")
        for entry in pd.get("permanents", []):
            bad_keys = set(entry) - {
                "card",
                "id",
                "zone",
                "charged",
                "damage",
                "counters",
                "sick",
                "phased_out",
                "attached_to",
            }
            if bad_keys:
                raise ConfigError(f"Unknown permanent key(s) in the position: {', '.join(sorted(bad_keys))}.")
        pl = g.players[seat]
        pl.life = int(pd.get("life", pl.life))
        pl.lord = str(pd.get("lord", ""))
        pl.command_casts = int(pd.get("command_casts", 0))
        pl.lord_damage = sorted((_seat_of(k), int(v)) for k, v in pd.get("lord_damage", {}).items())
        pl.lost = bool(pd.get("lost", False))
        pl.set_pool({str(k): int(v) for k, v in pd.get("pool", {}).items()})
        zones: tuple[tuple[Zone, list[int]], ...] = (
            ("hand", pl.hand),
            ("codex", pl.codex),
            ("void", pl.void),
            ("exile", pl.exile),
            ("command", pl.command),
        )
        for zone, lst in zones:
            for entry in pd.get(zone, []):
                cid, oid = (entry, 0) if isinstance(entry, str) else (entry["card"], int(entry.get("id", 0)))
                if oid:
                    explicit.append((oid, None))
                o = _add(g, cid, seat, zone, oid)
                lst.append(o.id)
        for entry in pd.get("permanents", []):
            cid = entry["card"]
            oid = int(entry.get("id", 0))
            where = str(entry.get("zone", "1"))
            o = _add(g, cid, seat, "field", oid)
            o.charged = bool(entry.get("charged", False))
            o.damage = int(entry.get("damage", 0))
            o.counters = sorted((str(k), int(v)) for k, v in entry.get("counters", {}).items())
            o.since_turn = g.turn if entry.get("sick", False) else -1
            o.phased_out = bool(entry.get("phased_out", False))
            o.attached_to = int(entry.get("attached_to", 0))
            if where in ("1", "2"):
                o.slot = int(where)
                pl.field.append(o.id)
            elif where in ("active1", "active2"):
                o.zone, o.slot = "active", int(where[-1])
                pl.slots[o.slot - 1] = o.id
            elif where == "terrain":
                o.zone = "terrain"
                pl.terrains.append(o.id)
            elif where == "artifact":
                o.zone = "artifact"
                pl.artifacts.append(o.id)
            else:
                raise ConfigError(
                    f"Unknown permanent zone {where!r} (1, 2, active1, active2, terrain, artifact)."
                )
            if "Shield" in [k for k, p in CARDS()[cid].keywords if not p] and "shield" not in entry.get(
                "counters", {}
            ):
                o.add_counter("shield", 1)
    for k, v in data.get("attackers", {}).items():
        g.attackers[int(k)] = str(v)
    for k, v in data.get("blockers", {}).items():
        g.blockers[int(k)] = int(v)
        g.order.setdefault(int(v), [])
    for k, v in data.get("order", {}).items():
        g.order[int(k)] = [int(x) for x in v]
    for bid, aid in g.blockers.items():
        if bid not in g.order[aid]:
            g.order[aid].append(bid)
    for entry in data.get("stack", []):
        o = g.objs[int(entry["id"])]
        owner = g.players[o.owner]
        if o.id in owner.hand:
            owner.hand.remove(o.id)
        o.zone = "stack"
        o.controller = _seat_of(entry.get("controller", o.owner))
        g.stack.append(
            Item(
                o.id,
                "spell",
                o.controller,
                o.id,
                o.card,
                -1,
                [str(t) for t in entry.get("targets", [])],
                int(entry.get("x", 0)),
                -1,
                int(entry.get("slot", 1)),
            )
        )
    if data.get("enter", False):
        enter(g, step)
    else:
        g.priority = _seat_of(data.get("priority", g.active))
    settle(g)
    g.events = []
    return g
