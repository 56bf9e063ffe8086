"""What an Afrika player is deciding, in words, and the cards they may read in full.

"It's your turn. Choose a move below." was shown for everything, even while declaring blockers on
the AI's turn. The prompt names the decision ("Choose blockers: bob attacks with Cinder Raider.",
"Respond to bob's Spark Bolt?", "Your Exploration phase: play a terrain, cast a card or pass to
combat.").
"""

from __future__ import annotations

from typing import Any

from bot.presenters.afrika import tables
from bot.presenters.afrika.moves import pass_label
from bot.presenters.afrika.words import target_purpose
from bot.text import with_names
from engines.afrika.cards import card as card_def
from engines.core import PlayerId

_FIXED = {
    "first": "You won the toss: go first or second?",
    "mulligan": "Keep this hand, or mulligan?",
    "discard": "Choose a card to discard.",
    "legend": "Choose which legendary permanent you keep.",
    "trigger_order": "Choose which of your triggered abilities goes on the stack first.",
}


def _about(text: str, about: str, bare: str) -> str:
    return text.format(about) if about else bare


def _decision(view: Any, kinds: set[str], who: str, purpose: str = "") -> str:
    ch = view.choice
    about = ch.about
    if ch.kind in _FIXED:
        return _FIXED[ch.kind]
    if ch.kind == "cast":
        thing = about or "it"
        if "x" in kinds:
            return f"Choose X for {thing}."
        if "mode" in kinds:
            return f"Choose a mode for {thing}."
        # What the target is for, in the card's words (issue #34 item 14).
        return f"Choose a target for {thing}: {purpose}." if purpose else f"Choose a target for {thing}."
    if ch.kind == "attackers":
        return (
            _about("Choose what {} attacks.", about, "Choose what it attacks.")
            if "at" in kinds
            else "Choose attackers."
        )
    if ch.kind == "blockers":
        if "on" in kinds:
            return _about("Choose which attacker {} blocks.", about, "Choose which attacker it blocks.")
        if len(view.seats) > 2:
            return _blockers_at_a_table(view, who)
        attackers = [p.name for s in view.seats for p in (*s.zone1, *s.zone2) if p.attacking]
        return (
            f"Choose blockers: {who} attacks with {', '.join(attackers)}."
            if attackers
            else "Choose blockers."
        )
    if ch.kind == "order":
        return _about("Choose the order of blockers for {}.", about, "Choose the order of blockers.")
    if ch.kind == "assign":
        return _about("Assign {}'s combat damage.", about, "Assign combat damage.")
    if ch.kind == "pick" and "look" in kinds:
        return "You may look at the top of your Codex: look, or not?"
    if ch.kind == "pick":
        return _about("Choose a card ({}).", about, "Choose a card.")
    if ch.kind == "lord":
        return _about(
            "Your Star Lord {} went to your hand: keep it there, or put it into the Command zone?",
            about,
            "Your Star Lord went to your hand: keep it there, or put it into the Command zone?",
        )
    return "Your decision."


def _blockers_at_a_table(view: Any, who: str) -> str:
    """At a table of more than two only the attacked player blocks (R121), and in Allied Kingdoms
    either teammate (R129): say which attacks are aimed at them ("you", "your Reef Sentinel", "your
    ally P2"), whose attackers they are, and which are aimed at others."""
    me = view.choice.player
    guarded = [me]
    if view.variant == "allied":
        guarded += [q for t in view.teams if me in t for q in t if q != me]
        # The whole team attacks in one declaration (R129): "Team 1 (P1 & P2) attacks with ...".
        who = tables.whose_turn(view).replace("'s turn", "")
    mine = {str(p.id): (q, p.name) for q in guarded for p in (*view.seats[q].zone1, *view.seats[q].zone2)}
    at_team: list[str] = []
    at_me: list[str] = []
    elsewhere: list[str] = []
    for s in view.seats:
        for p in (*s.zone1, *s.zone2):
            if not p.attacking:
                continue
            whose = f"{p.name} ({tables.ref(s.seat)})" if s.seat != view.active else p.name
            if view.variant == "allied" and p.attacking in [f"P{q + 1}" for q in guarded]:
                # Allied Kingdoms: the attack is on the team's one life (R125), whichever of its
                # seats the engine names it by.
                at_team.append(whose)
            elif p.attacking == f"P{me + 1}":
                at_me.append(f"{whose} at you")
            elif p.attacking in [f"P{q + 1}" for q in guarded]:
                at_me.append(f"{whose} at your ally {p.attacking}")
            elif p.attacking in mine:
                q, target = mine[p.attacking]
                owner = "your" if q == me else f"your ally {tables.ref(q)}'s"
                at_me.append(f"{whose} at {owner} {target}")
            else:
                elsewhere.append(f"{whose} at {tables.attacked(view, p.attacking, {})}")
    if not at_me and not at_team:
        return "Choose blockers."
    rest = f" (and {', '.join(elsewhere)})" if elsewhere else ""
    if at_team:
        also = f", and with {', '.join(at_me)}" if at_me else ""
        return f"Choose blockers: {who} attacks your team with {', '.join(at_team)}{also}{rest}."
    return f"Choose blockers: {who} attacks with {', '.join(at_me)}{rest}."


def _purpose(state: Any) -> str:
    """What the target being chosen is for ("put a +1/+1 marker on target entity you control"),
    from the rules text of the card whose spell or ability asks for it."""
    from engines.afrika.state import peek

    ch = peek(state).choice
    return target_purpose(ch.card, ch.item) if ch is not None else ""


def prompt(engine: Any, state: Any, seat: int, names: list[str]) -> str:
    """What the player is deciding now, in one bold line."""
    view = engine.view(state, PlayerId(seat))
    kinds = {a.kind for a in engine.legal_actions(state, PlayerId(seat))}
    who = names[view.active] if 0 <= view.active < len(names) else "the active player"
    if view.choice is not None and view.choice.player == seat:
        purpose = _purpose(state) if "target" in kinds else ""
        return with_names(f"**{_decision(view, kinds, who, purpose)}**", names, seat)
    if view.stack:
        top = view.stack[-1]
        what = card_def(top.card).name if top.card else f"the {top.kind}"
        if top.controller != seat:
            return f"**Respond to {names[top.controller]}'s {what}?**"
        return f"**Your {what} is on the stack:** respond to it, or pass to let it resolve."
    if view.active != seat and seat in tables.on_turn(view):
        # A shared turn (Allied Kingdoms, the Overlord's rivals): both teammates are active players.
        mates = with_names(" & ".join(tables.ref(s) for s in tables.on_turn(view) if s != seat), names)
        doing = [
            verb
            for kind, verb in (
                ("terrain", "play a terrain"),
                ("cast", "cast a card"),
                ("act", "use an ability"),
            )
            if kind in kinds
        ]
        return f"**Your team's {view.step_name}** (with {mates}): {', '.join([*doing, 'or pass'])}."
    if view.active != seat:
        if len(view.seats) > 2:
            whose = with_names(tables.whose_turn(view), names, seat)
            return f"**{whose}, {view.step_name}:** play a quick-play card now, or pass."
        return f"**{who}'s {view.step_name}:** play a quick-play card now, or pass."
    doing = [
        verb
        for kind, verb in (("terrain", "play a terrain"), ("cast", "cast a card"), ("act", "use an ability"))
        if kind in kinds
    ]
    label = pass_label(view, seat)
    then = "end your turn" if label == "End turn" else label.lower().replace("pass: ", "pass ")
    if not doing:
        return f"**Your {view.step_name}:** {then}."
    return f"**Your {view.step_name}:** {', '.join(doing)}, or {then}."


def details(view: Any) -> list[tuple[str, str]]:
    """Cards to read in full ("Card details"): the hand first, then the board, one per card."""
    out: dict[str, str] = {}
    for c in view.hand:
        out.setdefault(c.card, f"{c.name} (in your hand)")
    for s in view.seats:
        for p in (*s.zone1, *s.zone2, *s.artifacts, *filter(None, s.active_terrains), *s.terrain_stack):
            if p.card and not p.token:
                out.setdefault(p.card, p.name)
    for item in view.stack:
        if item.card:
            out.setdefault(item.card, f"{card_def(item.card).name} (on the stack)")
    return list(out.items())[:25]
