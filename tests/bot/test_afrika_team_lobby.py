"""Allied Kingdoms' lobby keeps what it showed each player (issue #34 item 12): the host the
lobby shows in Team 1 stays there when others join (in the sandbox the host ended, silently, on
Team 2 with an AI), and the deck each seat was shown is the deck it brings, whoever joins or
chooses after."""

from __future__ import annotations

from tests.bot.afrika_tables import latest_live, lobby_message
from tests.bot.table import last_reply, make_table


def _field(lobby, name: str) -> str:
    return next(f["value"] for f in lobby.embeds[0].to_dict()["fields"] if f["name"] == name)


def _decks(lobby) -> dict[str, str]:
    """Each seat's deck as the lobby shows it ("1. alice ★ · Starter: Savanna Wilds")."""
    out = {}
    for name in ("Team 1", "Team 2"):
        for line in _field(lobby, name).splitlines():
            if " · " in line:
                who, deck = line.split(" · ", 1)
                out[who.split(". ", 1)[1].rstrip(" ★")] = deck
    return out


async def test_the_host_and_each_seats_deck_stay_where_the_lobby_showed_them(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice, bob, carol = t.members["alice"], t.members["bob"], t.members["carol"]
    await alice.slash(t.channel, "play afrika", variant="allied")
    assert "alice ★" in _field(lobby_message(t), "Team 1")
    shown = _decks(lobby_message(t))  # each seat's deck as first shown

    def newcomers() -> None:
        for who, deck in _decks(lobby_message(t)).items():
            shown.setdefault(who, deck)

    await bob.click(lobby_message(t), label="Join team 1")
    newcomers()
    # bob chooses the starter alice was shown: hers stays hers (it was reshuffled to another).
    reply = last_reply(await bob.click(lobby_message(t), label="Choose my deck"))
    menu = next(c for row in reply.components for c in row["components"] if c["custom_id"].startswith("ld:"))
    chosen = await bob.select(
        reply, ["s:" + shown["alice"].removeprefix("Starter: ")], custom_id=menu["custom_id"]
    )
    assert f"You bring **{shown['alice']}**" in last_reply(chosen).content
    shown["bob"] = shown["alice"]
    full = last_reply(await carol.click(lobby_message(t), label="Join team 1"))
    assert full.ephemeral and full.content == "Team 1 is full: join another team.", full.content
    await carol.click(lobby_message(t), label="Join team 2")
    newcomers()
    await alice.click(lobby_message(t), label="Add AI")
    lobby = lobby_message(t)
    assert "alice ★" in _field(lobby, "Team 1") and "bob" in _field(lobby, "Team 1")
    assert "carol" in _field(lobby, "Team 2") and "AI 1" in _field(lobby, "Team 2")
    assert _decks(lobby) == {**shown, "AI 1": _decks(lobby)["AI 1"]}, "no seat's deck changed"
    await alice.click(lobby, label="Start")
    live = await latest_live(env)
    assert [s.name for s in live.seats] == ["alice", "bob", "carol", "AI 1"]
    from engines.afrika.decks import STARTERS, expand

    starters = {f"Starter: {name}": sorted(expand(c)) for name, c in STARTERS.items()}
    final = _decks(lobby)
    assert [sorted(d) for d in live.cfg.options["decks"]] == [starters[final[s.name]] for s in live.seats], (
        "each seat brings the deck the lobby showed"
    )
