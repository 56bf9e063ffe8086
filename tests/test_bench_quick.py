"""The benchmark harness in quick mode: it runs, and bench/results.json has every figure.

No timing is asserted (machines are shared and noisy); the one correctness figure, actions lost
across a SIGKILL + restart, must be 0.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

from engines.core import load_all

ROOT = Path(__file__).resolve().parent.parent

REQUIRED = [
    "latency.ping.p50@1",
    "latency.ping.p99@1",
    "latency.click.p50@1",
    "latency.click.p99@1",
    "latency.status.p99@1",
    "latency.board.p99@1",
    "latency.click.p99@3",
    "latency.board.p99@3",
    "durable.raw_floor_us",
    "durable.action_us@1",
    "durable.action_us@50",
    "durable.submit_p99_us@50",
    "draft.bot_pod_wall_s",
    "draft.bot_pick_cpu_ms",
    "draft.pod_cpu_ms",
    "draft.pick_cpu_us",
    "draft.engine_pick_cpu_us",
    "draft.build_deck_cpu_ms",
    "draft.replay_cpu_ms",
    "restart.resume_s",
    "restart.first_move_ms",
    "restart.clocks_armed",
    "restart.actions_lost",
    "memory.live_heap_bytes",
    "memory.live_rss_bytes",
    "memory.idle_heap_bytes",
    "memory.idle_rss_bytes",
    "discord_budget.chrono.ai.requests_per_move",
    "discord_budget.chrono.people.requests_per_move",
    "discord_budget.chrono.ai.live_matches",
    "discord_budget.chrono.people.live_matches",
    "discord_capacity.chronomagia.ai.requests_per_move",
    "discord_capacity.chronomagia.people.requests_per_move",
    "discord_capacity.live_matches",
]
PER_GAME = [
    "render.{g}.board.render_encode_ms",
    "render.{g}.board.kib",
    "render.{g}.hand.render_encode_ms",
    "render.{g}.hand.kib",
    "engines.{g}.random_actions_per_s",
    "engines.{g}.random_action_us",
    "engines.{g}.ai_games_per_s",
]


def test_quick_mode_writes_every_figure(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    proc = subprocess.run(
        [sys.executable, "-m", "bench", "--quick", "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        # A guard against a hang, not a speed check: alone the quick run takes about 50 s, but in
        # the full suite it shares two cores with the other xdist worker's simcord and PostgreSQL
        # tests, and one clean-clone run needed more than 300 s.
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    data = json.loads(out.read_text())
    assert data["meta"]["quick"] is True
    benches = data["benches"]
    from bench import REGISTRY

    assert set(benches) == set(REGISTRY)
    for name, entry in benches.items():
        assert entry["status"] == "ok", (name, entry)
    games = sorted(load_all())
    keys = REQUIRED + [k.format(g=g) for g in games for k in PER_GAME]
    figures = data["figures"]
    missing = [k for k in keys if k not in figures]
    assert not missing, missing
    for key, f in figures.items():
        assert isinstance(f["value"], (int, float)) and math.isfinite(f["value"]), key
        if f["floor"] is not None:
            assert f["ratio"] is not None and f["ratio"] > 0, key
    assert figures["restart.actions_lost"]["value"] == 0
    assert figures["restart.clocks_armed"]["value"] >= 20
    assert "figure" in proc.stdout and "ratio" in proc.stdout  # the printed table
