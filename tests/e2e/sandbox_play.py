"""Play a whole 3-player Epochs Chrono game in the sandbox's browser preview, as people would.

Not a pytest test (no ``test_`` prefix, nothing imports it): a standalone script that drives a
running sandbox through Chromium, clicking what a person would click, and saves screenshots.

    # 1. a sandbox (no DISCORD_TOKEN), on a port of your choice
    CARDHOST_DB=/tmp/sbx.sqlite3 CARDHOST_SANDBOX_PORT=8799 .venv/bin/cardhost
    # 2. Playwright in a separate venv, using the system Chromium (no `playwright install`)
    python3 -m venv /tmp/pw && /tmp/pw/bin/pip install playwright
    # 3. the URL the sandbox printed, secret included
    /tmp/pw/bin/python tests/e2e/sandbox_play.py --url 'http://127.0.0.1:8799/#SECRET' --out /tmp/sandbox_shots

What it does: as alice, types ``/play chrono`` and sends; switches
"Viewing as" to bob and carol and clicks **Join**; back to alice, **Start**. The sandbox moves
the preview into the game thread (the page then says the session is unavailable; the script
reloads, as a person would). Each turn it reads "To play: @name" under the newest board,
switches to that player, clicks **Show my hand** and clicks a move in the ephemeral panel. Once,
it visits the player's DMs with the sandbox-only ``/goto`` command, plays that turn from the DM
panel and goes back to the thread. It stops at "Final ranking". Exit status 0 when the game
reached its final ranking, 1 otherwise; ``DIR/summary.json`` lists moves, console errors and the
preview's diagnostics. Options: ``--chromium`` (default /usr/bin/chromium), ``--no-dm-visit``,
``--max-turns``, ``--seed`` (which move to pick; default: always the first button).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import sys
import time
from pathlib import Path
from typing import Any

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
UNAVAILABLE = "Preview session is unavailable"


class Driver:
    def __init__(self, page: Any, out: Path, rng: random.Random | None) -> None:
        self.page = page
        self.out = out
        self.rng = rng
        self.shots: list[str] = []
        self.console: list[str] = []
        self.moves: list[dict[str, Any]] = []
        self.notes: list[str] = []
        page.on("console", self._on_console)

    def _on_console(self, msg: Any) -> None:
        url = (msg.location or {}).get("url", "")
        if msg.type in ("error", "warning") and not url.endswith("/favicon.ico"):
            self.console.append(f"{msg.type}: {msg.text} ({url})")

    def note(self, text: str) -> None:
        print(text, flush=True)
        self.notes.append(text)

    # ------------------------------------------------------------------ page state

    async def status(self) -> str:
        return (await self.page.locator("#action-status").inner_text()).strip()

    async def settle(self, timeout: float = 30.0) -> None:
        """Wait until the preview has no action in flight; reload if the sandbox moved it."""
        deadline = time.monotonic() + timeout
        await self.page.wait_for_timeout(250)
        while time.monotonic() < deadline:
            if UNAVAILABLE in await self.status():
                await self.reload()
                return
            ready = await self.page.evaluate("() => Boolean(window.simcordPreview?.ready)")
            if ready:
                await self.page.wait_for_timeout(150)
                return
            await self.page.wait_for_timeout(150)
        raise TimeoutError("the preview did not settle")

    async def reload(self) -> None:
        await self.page.reload()
        await self.page.wait_for_function("() => Boolean(window.simcordPreview?.ready)", timeout=30_000)
        await self.page.wait_for_timeout(300)

    async def wait_moved(self, timeout: float = 20.0) -> None:
        """After Start or /goto the sandbox reopens the preview elsewhere: reload when it says so."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if UNAVAILABLE in await self.status():
                await self.reload()
                return
            await self.page.wait_for_timeout(200)
        raise TimeoutError("the preview did not move (no 'session unavailable' after the action)")

    async def channel_name(self) -> str:
        return (await self.page.locator("#channel-name").inner_text()).strip()

    async def shot(self, name: str) -> None:
        path = self.out / f"{len(self.shots) + 1:02d}_{name}.png"
        await self.page.screenshot(path=str(path))
        self.shots.append(str(path))
        print(f"  screenshot {path}", flush=True)

    async def viewer(self) -> str:
        return await self.page.locator("#viewer-picker option:checked").inner_text()

    async def as_viewer(self, name: str) -> None:
        if await self.viewer() == name:
            return
        await self.page.locator("#viewer-picker").select_option(label=name)
        await self.settle()
        if await self.viewer() != name:
            raise RuntimeError(f"could not switch 'Viewing as' to {name}")

    async def jump_to_latest(self) -> None:
        newer = self.page.locator("#new-messages")
        if await newer.is_visible():
            await newer.click()
            await self.settle()
        timeline = self.page.locator("#channel-timeline")
        await timeline.evaluate("el => el.scrollTop = el.scrollHeight")

    async def click(self, locator: Any) -> None:
        await locator.scroll_into_view_if_needed()
        await locator.click()
        await self.settle()
        last = await self.page.evaluate("() => window.simcordPreview?.lastAction || null")
        if last and (last.get("rejected") or last.get("uncertain") or last.get("diagnostics")):
            self.note(f"  action receipt: {json.dumps(last)[:400]}")

    # ------------------------------------------------------------------ slash commands

    async def slash(self, command: str, options: dict[str, str]) -> None:
        """Type /command, pick it, fill each option from its suggestions, send."""
        box = self.page.locator("#channel-composer-input")
        await box.click()
        await self.page.keyboard.type(f"/{command}")
        await self.page.locator(".command-entry", has_text=f"/{command}").first.wait_for()
        await self.page.keyboard.press("Enter")
        for name, label in options.items():
            field = self.page.locator(f'.command-option-input[data-option="{name}"]')
            await field.wait_for()
            await field.click()
            await self.page.keyboard.type(label[:6])
            suggestion = self.page.locator(".command-suggestion", has_text=label).first
            await suggestion.wait_for(timeout=10_000)
            await suggestion.click()
        await self.page.locator("#send-message").click()
        await self.settle()

    # ------------------------------------------------------------------ the game

    async def latest_board(self) -> tuple[str, str | None]:
        """("over", None) once the ranking is posted, else ("turn", name of the player to move)."""
        await self.jump_to_latest()
        texts = await self.page.locator("#channel-message-list article.channel-message").all_inner_texts()
        for text in reversed(texts):
            if "Final ranking" in text or "The game was ended" in text:
                return "over", None
            m = re.search(r"To play: ([^\n]+)", text)
            if m:
                # "To play: @alice · ⏳ time runs out ...": the names end where the clock starts
                first = m.group(1).split("·")[0].split(",")[0].strip()
                return "turn", first.removeprefix("@")
        return "unknown", None

    def pick(self, labels: list[str]) -> int:
        return 0 if self.rng is None else self.rng.randrange(len(labels))

    async def move_buttons(self, panel: Any) -> tuple[list[str], Any]:
        buttons = panel.locator("button.component-button")
        labels = [t.strip() for t in await buttons.all_inner_texts()]
        moves = [i for i, t in enumerate(labels) if t not in ("<", ">") and "Show my hand" not in t]
        return [labels[i] for i in moves], [buttons.nth(i) for i in moves]

    async def play_from_thread(self, name: str, turn: int, shoot: bool) -> bool:
        await self.as_viewer(name)
        await self.jump_to_latest()
        await self.click(self.page.locator("button.component-button", has_text="Show my hand").last)
        await self.jump_to_latest()
        panel = self.page.locator(
            "article.channel-message", has=self.page.locator(".message-ephemeral-note")
        ).last
        await panel.wait_for(timeout=10_000)
        text = await panel.inner_text()
        labels, buttons = await self.move_buttons(panel)
        if shoot:
            await panel.scroll_into_view_if_needed()
            await self.shot(f"hand_panel_{name}")
        if not labels:
            self.note(f"turn {turn}: {name}'s panel has no move buttons: {text[:200]!r}")
            return False
        i = self.pick(labels)
        self.moves.append({"turn": turn, "player": name, "via": "thread", "move": labels[i], "of": labels})
        print(f"turn {turn}: {name} -> {labels[i]}", flush=True)
        await self.click(buttons[i])
        return True

    async def play_from_dm(self, name: str, turn: int, thread: str) -> bool:
        await self.as_viewer(name)
        await self.slash("goto", {"where": f"DMs of {name}"})
        await self.wait_moved()
        if await self.viewer() != name:
            self.note(f"DM page opened as {await self.viewer()}, not {name}")
        await self.jump_to_latest()
        panel = self.page.locator("article.channel-message", has_text="Your hand").last
        await panel.wait_for(timeout=10_000)
        labels, buttons = await self.move_buttons(panel)
        await self.shot(f"dm_panel_{name}")
        ok = bool(labels)
        if ok:
            i = self.pick(labels)
            self.moves.append({"turn": turn, "player": name, "via": "dm", "move": labels[i], "of": labels})
            print(f"turn {turn}: {name} -> {labels[i]} (from the DM)", flush=True)
            await self.click(buttons[i])
            await self.shot(f"dm_panel_{name}_after_move")
        else:
            self.note(f"turn {turn}: {name}'s DM panel has no move buttons")
        await self.slash("goto", {"where": f"thread: {thread}"})
        await self.wait_moved()
        return ok


async def play(args: argparse.Namespace) -> int:
    from playwright.async_api import async_playwright

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    host, guests = args.host, [g for g in args.guests.split(",") if g]
    rng = random.Random(args.seed) if args.seed is not None else None
    result: dict[str, Any] = {"finished": False}
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
        page = await browser.new_page(viewport={"width": 1280, "height": 900})
        d = Driver(page, out, rng)
        try:
            await page.goto(args.url)
            await page.wait_for_function("() => Boolean(window.simcordPreview?.ready)", timeout=30_000)
            d.note(f"opened the preview on #{await d.channel_name()} as {await d.viewer()}")

            # Lobby: /play chrono as the host, Join as the guests, Start as the host.
            await d.as_viewer(host)
            if await d.channel_name() != "table":  # a previous run left the preview in a thread
                await d.slash("goto", {"where": "#table"})
                await d.wait_moved()
            await d.slash("play chrono", {})
            lobby = page.locator("article.channel-message", has_text="Epochs Chrono — lobby").last
            await lobby.wait_for(timeout=10_000)
            await d.shot("lobby_open")
            for guest in guests:
                await d.as_viewer(guest)
                await d.click(lobby.locator("button.component-button", has_text="Join"))
            await d.as_viewer(host)
            await d.shot("lobby_full")
            await d.click(lobby.locator("button.component-button", has_text="Start"))
            await d.wait_moved()
            thread = await d.channel_name()
            d.note(f"after Start the preview shows {thread!r}")
            await d.shot("thread_board")

            turn, dm_done, hand_shot = 0, not args.dm_visit, False
            stalls = 0
            while turn < args.max_turns:
                state, name = await d.latest_board()
                if state == "over":
                    result["finished"] = True
                    break
                if state != "turn" or name is None or name.endswith("(AI)"):
                    stalls += 1
                    if stalls > 40:
                        d.note(f"no player to move found (state={state})")
                        break
                    await page.wait_for_timeout(500)
                    await d.settle()
                    continue
                stalls = 0
                turn += 1
                if not dm_done and turn >= 3:
                    dm_done = True
                    if await d.play_from_dm(name, turn, thread):
                        continue
                await d.play_from_thread(name, turn, shoot=not hand_shot)
                hand_shot = True
                if turn in (10, 40):
                    await d.jump_to_latest()
                    await d.shot(f"thread_turn_{turn}")
            await d.jump_to_latest()
            ranking = page.locator("article.channel-message", has_text="Final ranking").last
            if await ranking.count():
                await ranking.scroll_into_view_if_needed()
                result["ranking"] = await ranking.inner_text()
            await d.shot("final_ranking")
        except Exception as exc:  # keep the evidence: a screenshot and the summary
            d.note(f"stopped: {type(exc).__name__}: {exc}")
            await d.shot("error")
        finally:
            diagnostics = await page.evaluate("() => window.simcordPreview?.diagnostics || []")
            result.update(
                moves=d.moves,
                turns=len(d.moves),
                screenshots=d.shots,
                console=d.console,
                diagnostics=diagnostics,
                notes=d.notes,
            )
            (out / "summary.json").write_text(json.dumps(result, indent=2, ensure_ascii=False))
            await browser.close()
    print(json.dumps({k: result[k] for k in ("finished", "turns")}), flush=True)
    if "ranking" in result:
        print(result["ranking"], flush=True)
    return 0 if result["finished"] else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True, help="the sandbox URL, with its #secret")
    parser.add_argument("--out", default="/tmp/sandbox_shots", help="folder for screenshots and summary.json")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--host", default="alice")
    parser.add_argument("--guests", default="bob,carol")
    parser.add_argument("--max-turns", type=int, default=400)
    parser.add_argument(
        "--seed", type=int, default=None, help="pick random moves (default: the first button)"
    )
    parser.add_argument("--no-dm-visit", dest="dm_visit", action="store_false")
    return asyncio.run(play(parser.parse_args()))


if __name__ == "__main__":
    sys.exit(main())
