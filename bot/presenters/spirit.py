"""Chronicle: Spirit Tactics in chat: what a player is deciding, and its moves as two-step pickers.

A Spirit in hand can be Called to any of twelve zones, an attacker can take any Spirit across
the midline, a spell any target and sometimes several ways to pay: listed flat, that is a hundred
near-identical buttons. Each such family is one group ("Call Reef Sentinel", "Attack with Ember
Fox (B2)"), chosen from one menu, whose second step shows the zones or targets as buttons named as
the board names them ("C3 · Reef Sentinel"). A payment is only spelt out when there is more than
one way to pay. Rules stay in the engine: this module reads the view and the legal actions only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import discord
from PIL import Image

import render.spirit
from bot.presenters import Presenter, TableSpec
from bot.presenters.alt.spirit import DESCRIBER
from bot.presenters.choices import MULTI_SEPARATOR as JOINED
from bot.presenters.choices import MoveChoice
from bot.text import clip, log_block
from engines.core import PlayerId
from engines.core.words import plural
from engines.spirit import GAME, card, hints
from engines.spirit.actions import Attack, Call, Cast, Conceal, Gather, Place, Target, Use, pay_words
from engines.spirit.grid import label as zone_label
from render.spirit.board import PHASES

ROW_WORDS = {"front": "Front Row", "back": "Back Row"}

PHASE_HINTS = {
    "reload": "Reload your deck from the Reload pile (then draw 1), or go to the Draw Phase",
    "draw": "go on to your Main Phase",
    "calm": "go on to your Main Phase",
    "main": "Call or Conceal a Spirit, Gather Essence, play an Arcana or use an ability, then move on",
    "combat": "attack from your Front Row (a Direct Attack down an empty column), then move on",
    "submain": "Call, Conceal, Gather or play a card once more, then end your turn",
    "end": "end your turn",
}

END_PHASE_HELP = "Stop in the End Phase first (to use an ability there), then end the turn."

PHASE_NAMES = {**PHASES, "start": "Before the first turn", "over": "The Duel is over"}


def _view(engine: Any, state: Any, seat: int) -> Any:
    return engine.view(state, PlayerId(seat))


def _zones(view: Any) -> dict[str, Any]:
    return {z.name: z for z in view.zones}


def unit_words(view: Any, zone: str) -> str:
    """ "C3 · Reef Sentinel", "C3 · a face-down Spirit", "C3 · empty, Front Row"."""
    z = _zones(view).get(zone.upper())
    if z is None:
        return zone.upper()
    if z.unit is None:
        return f"{z.name} · {ROW_WORDS.get(z.row, z.row)}"
    if z.unit.card is None:
        return f"{z.name} · a face-down Spirit"
    face = "" if z.unit.face_up else " (face down)"
    return f"{z.name} · {card(z.unit.card).name}{face}"


def _unit_name(view: Any, zone: int | None) -> str:
    if zone is None:
        return "your Commander"
    z = view.zones[zone]
    if z.unit is not None and z.unit.card is not None:
        return f"{card(z.unit.card).name} ({z.name})"
    return f"the Spirit at {z.name}"


def ability_words(view: Any, source: int | None, n: int) -> str:
    """An ability as it reads on its button: whose and what it does ("Ashen Duelist: 400 damage to
    a Spirit"); the zone is named only when two of the player's Spirits share the name."""
    if source is None:
        cid = view.seats[view.viewer].commander.card
        who = f"{card(cid).name} (Commander)" if cid else "your Commander"
    else:
        z = view.zones[source]
        cid = z.unit.card if z.unit is not None else None
        if cid is None:
            return f"Ability {n} of the Spirit at {z.name}"
        names = [
            card(o.unit.card).name
            for o in view.zones
            if o.unit is not None and o.unit.card is not None and o.seat == z.seat
        ]
        who = card(cid).name + (f" ({z.name})" if names.count(card(cid).name) > 1 else "")
    if cid is None:
        return f"Ability {n} of {who}"
    abilities = card(cid).abilities
    what = abilities[n - 1].short_text if 0 < n <= len(abilities) else f"ability {n}"
    return clip(f"{who}: {what}", 80)


def _targets(view: Any, targets: tuple[int, ...]) -> str:
    return ", ".join(unit_words(view, zone_label(t)) for t in targets) or "no target"


def _payment_counts(actions: list[Any]) -> Counter[tuple[str, int | None, int, tuple[int, ...]]]:
    """How many ways to pay each (card or ability, targets): a payment is named only when the
    player has a real choice of which Essence to detach."""
    counts: Counter[tuple[str, int | None, int, tuple[int, ...]]] = Counter()
    for a in actions:
        if isinstance(a, Cast):
            counts[(a.card, None, 0, a.targets)] += 1
        elif isinstance(a, Use):
            counts[("", a.source, a.n, a.targets)] += 1
    return counts


def choices(engine: Any, state: Any, seat: int) -> list[MoveChoice]:
    view = _view(engine, state, seat)
    legal = list(engine.legal_actions(state, PlayerId(seat)))
    ways = _payment_counts(legal)
    play = discord.ButtonStyle.success
    decide = discord.ButtonStyle.primary
    quiet = discord.ButtonStyle.secondary
    out: list[MoveChoice] = []
    for a in legal:
        aid = a.to_id()
        if isinstance(a, Call | Conceal):
            z = view.zones[a.zone]
            verb = "Call" if isinstance(a, Call) else "Conceal"
            group = f"{verb} {card(a.card).name}" + ("" if verb == "Call" else " (face down)")
            option = f"{z.name} · {ROW_WORDS.get(z.row, z.row)}"
            out.append(MoveChoice(aid, a.label, play, group=group, option=option))
        elif isinstance(a, Gather):
            where = "Commander" if a.onto is None else unit_words(view, zone_label(a.onto))
            out.append(MoveChoice(aid, a.label, play, group=f"Gather {card(a.card).name}", option=where))
        elif isinstance(a, Attack):
            group = f"Attack with {_unit_name(view, a.attacker)}"
            if a.target is None:
                option = "Direct Attack on the Commander"
                label = f"Direct Attack with {_unit_name(view, a.attacker)}"
            else:
                option = unit_words(view, zone_label(a.target))
                label = f"{group} on {option}"
            out.append(MoveChoice(aid, label, decide, group=group, option=option))
        elif isinstance(a, Cast):
            name = card(a.card).name
            many = ways[(a.card, None, 0, a.targets)] > 1
            option = _targets(view, a.targets) if a.targets else "Play it"
            if many:
                option += f" · pay {pay_words(a.pay)}"
            label = f"Play {name}" + (f" on {_targets(view, a.targets)}" if a.targets else "")
            out.append(MoveChoice(aid, label, play, group=f"Play {name}", option=option))
        elif isinstance(a, Use):
            words = ability_words(view, a.source, a.n)
            group = clip(f"Use {words}", 100)  # the groups menu names its kinds by first word
            many = ways[("", a.source, a.n, a.targets)] > 1
            option = _targets(view, a.targets) if a.targets else "Use it"
            if many:
                option += f" · pay {pay_words(a.pay)}"
            label = clip(words + (f" → {_targets(view, a.targets)}" if a.targets else ""), 80)
            out.append(MoveChoice(aid, label, play, group=group, option=option))
        elif isinstance(a, Target):
            option = _targets(view, a.targets)
            out.append(
                MoveChoice(aid, f"Designate {option}", decide, group="Designate targets", option=option)
            )
        elif isinstance(a, Place):
            z = view.zones[a.zone]
            option = f"{z.name} · {ROW_WORDS.get(z.row, z.row)}"
            out.append(MoveChoice(aid, a.label, decide, group="Return it to a zone", option=option))
        elif a.kind == "flip":
            z = view.zones[a.zone]
            name = card(z.unit.card).name if z.unit is not None and z.unit.card else "the Spirit"
            out.append(MoveChoice(aid, f"Flip {name} ({z.name})", play))
        elif a.kind == "first":
            out.append(MoveChoice(aid, a.label, decide))
        elif aid == "reload":
            out.append(MoveChoice(aid, a.label, play))
        elif aid == "go:end":
            # Ending the turn is two phase moves (S20); one button makes both, and stopping in the
            # End Phase (to answer something there) stays in the menu.
            out.append(MoveChoice(f"go:end{JOINED}end", "End the turn", quiet))
            out.append(MoveChoice(aid, a.label, quiet, END_PHASE_HELP, more=True))
        else:
            out.append(MoveChoice(aid, a.label, quiet))
    order = {decide: 0, play: 1, quiet: 2}
    return [*one_gesture_choices(engine, state, seat, out), *sorted(out, key=lambda c: order.get(c.style, 3))]


MAX_JOINED = 78
"""The longest joined action ids of one button: a custom_id holds 100 characters, and
``mv:<match>:<seq>:`` takes up to 22 of them."""


def _fitting(plan: list[str], tail: list[str]) -> list[str]:
    """``plan`` then ``tail`` when they fit one button's id, else as much of ``plan`` as fits (the
    rest is declared with a second click)."""
    if len(JOINED.join([*plan, *tail])) <= MAX_JOINED:
        return [*plan, *tail]
    while plan and len(JOINED.join(plan)) > MAX_JOINED:
        plan = plan[:-1]
    return plan


def attack_all_words(attacks: list[str], then: str = "end the turn") -> str:
    """ "Attack C2→D3, B2→Commander, then end the turn" (each attacker and what it attacks, as the
    board names the zones), or "Attack with everything (5 attacks), …" when that is too long;
    ``then`` says where the turn goes after them ("Sub-Main"; "" when it stays in combat)."""
    steps = []
    for aid in attacks:
        a = GAME.engine.decode_action(aid)
        assert isinstance(a, Attack)
        what = "Commander" if a.target is None else zone_label(a.target)
        steps.append(f"{zone_label(a.attacker)}→{what}")
    then = {"": "", "Sub-Main": ", then Sub-Main"}.get(then, f", then {then}")
    listed = f"Attack {', '.join(steps)}{then}"
    if len(listed) <= 80:
        return listed
    return f"Attack with everything ({plural(len(attacks), 'attack')}){then}"


def one_gesture_choices(engine: Any, state: Any, seat: int, moves: list[MoveChoice]) -> list[MoveChoice]:
    """Buttons that save a step (issue 34 item 7): the attacks a player would make declared at
    once, then the turn ended (or then the Sub-Main Phase, to Call or Gather after combat); a
    Gather made twice; and the sensible Call, Conceal, Gather and each attacker's attack
    (``engines.spirit.hints``) as one button, its group keeping every other zone or target."""
    out: list[MoveChoice] = []
    plan = hints.attack_all(engine, state, seat)
    attacks = [a for a in plan if a.startswith("attack:")]
    if attacks:
        for tail, then in ((["go:submain", "go:end", "end"], "end the turn"), (["go:submain"], "Sub-Main")):
            chain = _fitting(plan, tail)
            attacks = [a for a in chain if a.startswith("attack:")]
            if attacks:
                ends = chain[-len(tail) :] == tail
                words = attack_all_words(attacks, then if ends else "")
                out.append(MoveChoice(JOINED.join(chain), words, discord.ButtonStyle.primary))
            if chain[-len(tail) :] != tail:
                break  # too long to end the turn: one button of as many attacks as fit
    twice = hints.gather_twice(engine, state, seat)
    if twice:
        g = GAME.engine.decode_action(twice[0])
        assert isinstance(g, Gather)
        view = _view(engine, state, seat)
        onto = "your Commander" if g.onto is None else unit_words(view, zone_label(g.onto))
        label = clip(f"Gather 2 {card(g.card).name} onto {onto}", 80)
        out.append(MoveChoice(JOINED.join(twice), label, discord.ButtonStyle.success))
    picks = hints.one_gesture(engine, state, seat)
    shown: set[str] = set()  # two copies of a card in hand list the same move twice
    for m in moves:
        if m.action_id in shown or m.action_id not in picks or not m.group:
            continue
        if len({o.action_id for o in moves if o.group == m.group}) > 1:
            shown.add(m.action_id)
            out.append(MoveChoice(m.action_id, clip(m.label, 80), m.style))
    return out


RESOLVES = " passes too: the Sequence resolves."


def folded(lines: Iterable[str]) -> list[str]:
    """The log without its pass/pass pairs: "AI passes." then "alice passes too: the Sequence
    resolves." after every Call and attack nobody answered say nothing the next line does not
    (the effect resolving). A pass before an answer (a lone "passes.") stays."""
    out: list[str] = []
    for line in lines:
        if line.endswith(RESOLVES):
            if out and out[-1].endswith(" passes."):
                out.pop()
            continue
        out.append(line)
    return out


MATTERS = (" attacks ", " is Defeated", " damage to ", "Commander falls", " wins the Duel")
"""What a log line must say to be kept in sight before minor lines (phase moves, Gathers)."""


def matters(line: str) -> bool:
    return any(word in line for word in MATTERS)


def log(lines: Iterable[str]) -> str:
    """The log under the board: pass/pass folded away, attacks and Defeats kept before anything
    minor, so "… 28 earlier" never hides what happened in combat."""
    return log_block(folded(lines), limit=1400, max_lines=14, keep=matters)


def _link_words(link: Any, names: list[str]) -> str:
    who = names[link.seat] if 0 <= link.seat < len(names) else f"P{link.seat + 1}"
    negated = " (negated)" if link.negated else ""
    return f"{link.index}. {who}: {link.text}{negated}"


def prompt(engine: Any, state: Any, seat: int, names: list[str]) -> str:
    view = _view(engine, state, seat)
    if view.mode == "choose" and view.choice is not None and view.choice.seat == seat:
        return f"**{view.choice.text}**"
    if view.mode == "sequence" and view.priority == seat:
        last = view.sequence[-1] if view.sequence else None
        what = f"{names[last.seat]}'s {last.text}" if last is not None else "the Sequence"
        return (
            f"**Respond to {what}** with a Reflex card or a Charged Ability, or pass "
            "(the Sequence resolves last link first)."
        )
    if view.current == seat:
        phase = PHASE_NAMES.get(view.phase, view.phase)
        return f"**Your {phase}:** {PHASE_HINTS.get(view.phase, 'choose a move below')}."
    return "**Your answer:** choose a move below."


def hand_text(view: Any) -> str:
    """The hand, and the viewer's own Concealed Spirits by name: the public board shows them as
    card backs, and this panel is the one place (besides Card details) their owner reads them."""
    cards = ", ".join(card(c).name for c in view.hand) or "no cards"
    side = f" · Side Deck {len(view.side)}" if view.side else ""
    hidden = [
        f"{card(z.unit.card).name} ({z.name})"
        for z in view.zones
        if z.unit is not None and not z.unit.face_up and z.unit.card is not None and z.seat == view.viewer
    ]
    face_down = f"\n**Face down** (only you see them): {', '.join(hidden)}" if hidden else ""
    return f"**Your hand** ({len(view.hand)}): {cards}{side}{face_down}"


def _commander_words(cmd: Any) -> str:
    """'R 6000 (Ignis, Ember Regent)', or a face-down Commander's words: its card and R are hidden
    until the starting player is decided (setup steps 1-3)."""
    if cmd.card is None:
        return "(Commander face down)"
    return f"R {cmd.resilience} ({card(cmd.card).name})"


def status_line(view: Any, names: list[str]) -> str:
    phase = PHASE_NAMES.get(view.phase, view.phase)
    lives = " · ".join(f"{names[s.seat]} {_commander_words(s.commander)}" for s in view.seats)
    return f"Turn {view.turn} · {phase} · {lives}"


def waiting_text(view: Any, names: list[str]) -> str:
    if not view.sequence:
        return ""
    return "Sequence: " + " → ".join(_link_words(link, names) for link in view.sequence)


def details(view: Any) -> list[tuple[str, str]]:
    """Cards to read in full: the hand, both Commanders, the face-up Spirits (and the viewer's own
    Concealed ones), and the cards on the Sequence."""
    out: dict[str, str] = {}
    for c in view.hand:
        out.setdefault(c, f"{card(c).name} (in your hand)")
    for s in view.seats:
        if s.commander.card is not None:
            out.setdefault(s.commander.card, f"{card(s.commander.card).name} (Commander)")
    for z in view.zones:
        if z.unit is not None and z.unit.card is not None:
            where = "" if z.unit.face_up else ", face down"
            out.setdefault(z.unit.card, f"{card(z.unit.card).name} ({z.name}{where})")
    for link in (*view.sequence, *view.last_sequence):
        if link.card is not None:
            out.setdefault(link.card, f"{card(link.card).name} (on the Sequence)")
    for c in view.side:
        out.setdefault(c, f"{card(c).name} (in your Side Deck)")
    return list(out.items())[:25]


def card_caption(card_id: str) -> str:
    c = card(card_id)
    if c.kind in ("spirit", "commander"):
        stats = f"R {c.resilience}" if c.kind == "commander" else f"S {c.strength} / R {c.resilience}"
        kind = f"{c.kind.title()} — {c.affinity} · {stats}"
    elif c.kind == "essence":
        kind = "Essence"
    else:
        kind = "Arcana" if c.kind == "arcana" else "Reflex"
    text = f"**{c.name}** · {kind} · {card_id}"
    if c.text:
        text += f"\n{c.text}"
    return f"{text}\n*{c.flavour}*" if c.flavour else text


def _palette() -> dict[str, tuple[int, int, int]]:
    """Each card's art colour (its deck-list accent key is the ``#rrggbb`` itself)."""
    from engines.spirit.cards import card_set

    out: dict[str, tuple[int, int, int]] = {}
    for c in card_set().cards.values():
        art = c.art.lstrip("#")
        if len(art) == 6:
            out[c.art] = (int(art[0:2], 16), int(art[2:4], 16), int(art[4:6], 16))
    return out


def card_image(card_id: str) -> Image.Image:
    from render.spirit.card import card_image as draw

    return draw(card_id)


PRESENTER = Presenter(
    choices=choices,
    hand_text=hand_text,
    status_line=status_line,
    waiting_text=waiting_text,
    prompt=prompt,
    details=details,
    log=log,
)

TABLE = TableSpec(
    game=GAME,
    presenter=PRESENTER,
    board=render.spirit.board,
    hand=render.spirit.hand,
    describer=DESCRIBER,
    start="duel",
    card_image=card_image,
    card_caption=card_caption,
    palette=_palette(),
)
