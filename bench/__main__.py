"""``python -m bench [--quick] [--only NAME ...] [--out FILE]``: run the benches, print a table,
write the figures as JSON (default ``bench/results.json``). Exit status 1 if a bench crashed
(a missed target is not a failure: these are figures, not tests)."""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import sys
import tempfile
import time
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench import REGISTRY
from bench.core import Context, Figure, NotAvailable

DEFAULT_OUT = Path(__file__).resolve().parent / "results.json"


def _fmt(v: float | None, unit: str = "") -> str:
    if v is None:
        return "-"
    a = abs(v)
    text = f"{v:.0f}" if a >= 100 else f"{v:.1f}" if a >= 10 else f"{v:.2f}" if a >= 0.1 else f"{v:.3g}"
    return f"{text} {unit}".strip()


def print_table(results: dict[str, Any], out: Any = sys.stdout) -> None:
    w = 58
    print(f"\n{'figure':<{w}} {'value':>14} {'floor':>14} {'ratio':>8}  target", file=out)
    print("-" * (w + 52), file=out)
    for entry in results["benches"].values():
        print(f"[{entry['item']}] {entry['title']} ({entry['status']}, {entry['seconds']:.1f} s)", file=out)
        if entry["status"] != "ok":
            print(f"    {entry.get('reason', '')}", file=out)
            continue
        for key in entry["figures"]:
            f = results["figures"][key]
            ratio = f"x{f['ratio']:.2f}" if f["ratio"] is not None else "-"
            target = ""
            if f["target"] is not None:
                on = "x" if f["target_on"] == "ratio" else ""
                mark = {True: "met", False: "MISSED", None: ""}[f["met"]]
                unit = "" if f["target_on"] == "ratio" else f" {f['unit']}"
                target = f"<= {on}{_fmt(f['target'])}{unit} {mark}"
            print(
                f"  {f['label'][: w - 2]:<{w - 2}} {_fmt(f['value'], f['unit']):>14}"
                f" {_fmt(f['floor'], f['unit']):>14} {ratio:>8}  {target}",
                file=out,
            )
    print(file=out)


def keep_other_figures(out: Path, results: dict[str, Any]) -> dict[str, Any]:
    """``results`` with every other top-level key of the file already at ``out`` kept: the AI level
    figures (``hard_vs_normal``, ``normal_vs_easy``, ``hard_calibration``) are written to the same
    file by ``bench/ai_levels.py`` and take long to measure, so a run of these benches keeps them."""
    try:
        old = json.loads(out.read_text())
    except (OSError, ValueError):
        return results
    if not isinstance(old, dict):
        return results
    return {**results, **{k: v for k, v in old.items() if k not in results}}


def run(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    ap.add_argument("--quick", action="store_true", help="small counts (CI): checks the harness, not speed")
    ap.add_argument("--only", nargs="*", default=None, help=f"benches to run: {', '.join(REGISTRY)}")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="JSON output (default bench/results.json)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    names = list(REGISTRY) if not args.only else args.only
    unknown = [n for n in names if n not in REGISTRY]
    if unknown:
        ap.error(f"unknown bench {unknown}; known: {', '.join(REGISTRY)}")

    workdir = Path(tempfile.mkdtemp(prefix="cardhost-bench-"))
    results: dict[str, Any] = {
        "meta": {
            "quick": args.quick,
            "started": time.strftime("%Y-%m-%d %H:%M:%S"),
            "python": sys.version.split()[0],
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
        },
        "benches": {},
        "figures": {},
    }
    crashed = False
    t_all = time.perf_counter()
    try:
        for name in names:
            b = REGISTRY[name]
            ctx = Context(quick=args.quick, workdir=workdir, seed=args.seed)
            entry: dict[str, Any] = {"item": b.item, "title": b.title, "figures": []}
            print(f"== [{b.item}] {b.title} ...", flush=True)
            t0 = time.perf_counter()
            try:
                figures: list[Figure] = b.load()(ctx)
                entry["status"] = "ok"
            except NotAvailable as exc:
                figures = []
                entry["status"] = "skipped"
                entry["reason"] = f"not yet available: {exc}"
            except Exception as exc:
                traceback.print_exc()
                figures = []
                entry["status"] = "error"
                entry["reason"] = f"{type(exc).__name__}: {exc}"
                crashed = True
            entry["seconds"] = time.perf_counter() - t0
            for f in figures:
                results["figures"][f.key] = f.to_json()
                entry["figures"].append(f.key)
            results["benches"][name] = entry
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    results["meta"]["seconds"] = time.perf_counter() - t_all
    args.out.parent.mkdir(parents=True, exist_ok=True)
    results = keep_other_figures(args.out, results)
    args.out.write_text(json.dumps(results, indent=2, sort_keys=False) + "\n")
    print_table(results)
    print(f"{len(results['figures'])} figures in {results['meta']['seconds']:.0f} s -> {args.out}")
    return 1 if crashed else 0


if __name__ == "__main__":
    raise SystemExit(run())
