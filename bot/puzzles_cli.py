"""``cardhost puzzle check|solve``: for puzzle authors (docs/puzzles.md).

cardhost puzzle check [GAME|FILE|FOLDER ...]   every bundled puzzle when none is given
cardhost puzzle solve FILE [MOVE ...]          a solving line that starts with the moves given

``check`` prints ``PASS id`` or ``FAIL id`` with each problem (a known solution that fails,
passing or the first legal move solving it, a wrong start that can still be completed), the same
checks as ``tests/engines/test_bundled_puzzles.py``, and exits 1 if any puzzle failed. ``solve``
searches every line of decisions: run it on a new puzzle to find the solutions you did not mean.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engines.core.puzzle import Puzzle


def _puzzles(targets: list[str]) -> list[Puzzle]:
    from engines.core.puzzle import bundled, load_file
    from engines.games import GAMES

    if not targets:
        return [p for game in GAMES for p in bundled(game)]
    found: list[Puzzle] = []
    for target in targets:
        path = Path(target)
        if path.is_dir():
            found.extend(load_file(f) for f in sorted(path.glob("*.toml")))
        elif path.suffix == ".toml":
            found.append(load_file(path))
        else:
            found.extend(bundled(target))
    return found


def cmd_check(args: argparse.Namespace) -> int:
    from engines.core.puzzle import problems

    puzzles = _puzzles(list(args.targets))
    if not puzzles:
        print("no puzzles found")
        return 2
    failed = 0
    for puzzle in puzzles:
        found = problems(puzzle)
        print(f"{'FAIL' if found else 'PASS'} {puzzle.id}: {puzzle.title} ({puzzle.goal_text})")
        for problem in found:
            print(f"  {problem}")
        failed += bool(found)
    print(f"{len(puzzles) - failed} passed, {failed} failed")
    return 1 if failed else 0


def cmd_solve(args: argparse.Namespace) -> int:
    from engines.core.puzzle import SearchTooBig, load_file, solve

    puzzle = load_file(Path(args.file))
    try:
        line = solve(puzzle, list(args.moves), max_nodes=args.nodes)
    except SearchTooBig as exc:
        print(f"not decided: {exc}")
        return 2
    if line is None:
        print(f"no solution starts with {list(args.moves)}")
        return 1
    print(" ".join(line))
    return 0


def add_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    puzzle = sub.add_parser("puzzle", help="check puzzle files, or search one for its solutions")
    cmds = puzzle.add_subparsers(dest="puzzle_command", required=True)
    check = cmds.add_parser("check", help="check that puzzles are puzzles (every bundled one if none given)")
    check.add_argument("targets", nargs="*", help="game names, puzzle files or folders")
    check.set_defaults(func=cmd_check)
    solve = cmds.add_parser("solve", help="find a solving line of a puzzle file")
    solve.add_argument("file")
    solve.add_argument("moves", nargs="*", help="the line must start with these moves")
    solve.add_argument("--nodes", type=int, default=200_000, help="positions to search at most")
    solve.set_defaults(func=cmd_solve)
