"""The ``cardhost`` command: run the bot, simulate and replay games, run scenario files.

Everything but ``run`` works without Discord: the engines and renderers are pure, so the same
code paths the bot uses can be exercised from a shell.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def _cmd_run(args: argparse.Namespace) -> int:
    from bot.main import run

    overrides: dict[str, object] = {}
    if getattr(args, "shards", None) is not None:
        overrides["CARDHOST_SHARDS"] = args.shards
    if getattr(args, "shard_count", None) is not None:
        overrides["CARDHOST_SHARD_COUNT"] = args.shard_count
    return run(**overrides)


def _add_shard_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--shards", default=None, help="the shards this process runs, e.g. 0-3 or 0,2 (CARDHOST_SHARDS)"
    )
    parser.add_argument(
        "--shard-count", default=None, help="how many shards the bot has in all (CARDHOST_SHARD_COUNT)"
    )


def _cmd_simulate(args: argparse.Namespace) -> int:
    from bot.simulate import simulate

    options: dict[str, object] = {}
    for item in args.option or []:
        key, _, raw = item.partition("=")
        options[key] = _parse_value(raw)
    if args.variant is not None:
        options["variant"] = args.variant
    if args.rifts:
        options["rifts"] = True
    from engines.core import CardhostError
    from engines.games import game_spec

    try:
        if args.variant is not None or args.rifts:
            # the shorthands are game options: a game without them refuses them in words
            game_spec(args.game).engine_options({k: options[k] for k in ("variant", "rifts") if k in options})
        result = simulate(args.game, players=args.players, seed=args.seed, out=args.out, options=options)
    except CardhostError as exc:  # a game that refuses those players or options says why, in words
        print(f"error: {exc}")
        return 2
    print(result.summary())
    return 0


def _cmd_replay(args: argparse.Namespace) -> int:
    from bot.simulate import replay_log

    result = replay_log(args.log, out=args.out)
    print(result.summary())
    return 0 if result.matches else 1


def _cmd_scenario(args: argparse.Namespace) -> int:
    from engines.core.scenario import main as scenario_main

    return int(scenario_main(list(args.files)))


def _parse_value(raw: str) -> object:
    import json

    try:
        return json.loads(raw)
    except ValueError:
        return raw


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cardhost", description=__doc__)
    sub = parser.add_subparsers(dest="command")

    _add_shard_options(parser)  # ``cardhost --shards 0-3 --shard-count 8`` runs the bot
    run = sub.add_parser("run", help="run the bot (a local sandbox when DISCORD_TOKEN is not set)")
    _add_shard_options(run)
    run.set_defaults(func=_cmd_run)

    from engines.games import GAMES

    games = ", ".join(GAMES)
    sim = sub.add_parser(
        "simulate", help=f"play a whole game between AI players ({games})", description=f"Games: {games}."
    )
    sim.add_argument("game", choices=GAMES, metavar="GAME", help=f"which game: {games}")
    sim.add_argument("--players", type=int, default=None)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--out", default=None, help="folder for board PNGs and log.json")
    sim.add_argument("--option", action="append", help="game option KEY=VALUE (VALUE as JSON)")
    sim.add_argument(
        "--variant",
        default=None,
        help="the game's variant option (Afrika: duel, allied, starlords, overlord)",
    )
    sim.add_argument("--rifts", action="store_true", help="Afrika: play with Cosmic Rifts (R160)")
    sim.set_defaults(func=_cmd_simulate)

    rep = sub.add_parser(
        "replay", help="re-play a log.json from its seed and actions and say whether it matches"
    )
    rep.add_argument("log")
    rep.add_argument("--out", default=None)
    rep.set_defaults(func=_cmd_replay)

    scen = sub.add_parser("scenario", help="scenario files")
    scen_sub = scen.add_subparsers(dest="scenario_command", required=True)
    scen_run = scen_sub.add_parser("run", help="run scenario files and report the first mismatch")
    scen_run.add_argument("files", nargs="+")
    scen_run.set_defaults(func=_cmd_scenario)

    from bot.packs_cli import add_parsers as add_pack_parsers

    add_pack_parsers(sub)  # packs, cards
    from bot.ratings_cli import add_parsers as add_ratings_parsers

    add_ratings_parsers(sub)  # ratings rebuild
    from bot.puzzles_cli import add_parsers as add_puzzle_parsers

    add_puzzle_parsers(sub)  # puzzle check, puzzle solve
    from bot.ops_cli import add_parsers as add_ops_parsers

    add_ops_parsers(sub)  # migrate, export, import
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        args.func = _cmd_run
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
