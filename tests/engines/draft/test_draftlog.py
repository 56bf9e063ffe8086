"""The draft log export: every pick with its pack contents and time, as JSON and as text."""

from __future__ import annotations

import json

from engines.afrika.cards import CARDS
from engines.draft import pod
from engines.draft.bots import bot_pick
from engines.draft.draftlog import PickRecord, PodLogInfo, log_json, log_text

T0 = 1_800_000_000.0  # 2027-01-15 08:00:00 UTC
NAMES = ("alice", "bob", "carol", "dave")


def drafted() -> tuple[PodLogInfo, list[PickRecord], pod.PodState]:
    cfg = pod.PodConfig(4)
    s = pod.new_pod(cfg, 5)
    records: list[PickRecord] = []
    while not pod.is_done(s):
        for seat in sorted(pod.waiting_seats(s)):
            pack = pod.current_pack(s, seat)
            ref = pod.current_ref(s, seat)
            assert pack is not None and ref is not None
            card = bot_pick(pack.cards, s.pools[seat])
            s = pod.pick(s, seat, card, ref)
            n = len(records) + 1
            by = "bot" if seat == 3 else "timeout" if n % 50 == 0 else "player"
            records.append(PickRecord(n, seat, ref.round, ref.pick_no, card, pack.cards, by, T0 + n, 1.5))
    info = PodLogInfo(pod_id=7, seats=4, names=NAMES, seed=5, started_at=T0)
    return info, records, s


def test_json_export_has_every_pick() -> None:
    info, records, s = drafted()
    data = log_json(info, list(reversed(records)))
    json.dumps(data)  # JSON-safe
    assert data["pod"] == {
        "id": 7,
        "kind": "draft",
        "seats": 4,
        "packs": 3,
        "set": "LC",
        "seed": 5,
        "started_at": "2027-01-15T08:00:00Z",
    }
    assert [x["name"] for x in data["seats"]] == list(NAMES)
    picks = data["picks"]
    assert len(picks) == 4 * 54 and [p["seq"] for p in picks] == list(range(1, 217))
    for seat in range(4):
        mine = [p for p in picks if p["seat"] == seat]
        assert [p["card"] for p in mine] == list(s.pools[seat])
        assert {p["player"] for p in mine} == {NAMES[seat]}
        assert [(p["round"], p["pick"]) for p in mine] == [(r, k) for r in (1, 2, 3) for k in range(1, 19)]
    first = picks[0]
    assert first["card"] in first["pack"] and len(first["pack"]) == 18
    assert first["card_name"] == CARDS()[first["card"]].name
    assert first["pack_names"] == [CARDS()[c].name for c in first["pack"]]
    assert first["at"] == "2027-01-15T08:00:01Z" and first["seconds"] == 1.5
    assert {p["by"] for p in picks} == {"player", "bot", "timeout"}
    # one player's own picks only
    own = log_json(info, records, seats={1})
    assert {p["seat"] for p in own["picks"]} == {1} and own["seats"] == [{"seat": 1, "name": "bob"}]


def test_text_export_is_readable() -> None:
    info, records, _ = drafted()
    text = log_text(info, records)
    assert text.startswith("Cosmic Draft pod #7: 4 seats, 3 packs of set LC, seed 5\n")
    assert "Started 2027-01-15 08:00:00 UTC" in text
    for seat, name in enumerate(NAMES):
        assert f"== {name} (seat {seat + 1}): 54 picks ==" in text
    assert text.count("-- Pack 1 --") == 4 and text.count("-- Pack 3 --") == 4
    first = records[0]
    others = [CARDS()[c].name for c in first.pack if c != first.card]
    assert f"Pick 1 (08:00:01 UTC, 1.5 s): {CARDS()[first.card].name}" in text
    assert "    passed: " + ", ".join(others) in text
    assert "[bot]" in text and "[timed out: bot's pick]" in text
    assert text.count("\n    passed: ") == 4 * 51  # the last pick of each pack passes nothing
    own = log_text(info, records, seats=[2])
    assert "carol" in own and "alice" not in own and own.count("Pick ") == 54


def test_unknown_cards_and_names_fall_back() -> None:
    info = PodLogInfo(pod_id=1, seats=2, names=("solo",), kind="sealed")
    rec = [PickRecord(1, 1, 1, 1, "XX999", ("XX999", "LC001"), at=T0)]
    text = log_text(info, rec)
    assert text.startswith("Unleashed Armada pod #1")
    assert "== Seat 2 (seat 2): 1 picks ==" in text and "XX999" in text
    assert log_json(info, rec)["picks"][0]["card_name"] == "XX999"
