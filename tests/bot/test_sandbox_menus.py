"""A menu in the sandbox page reaches the bot through the page's own endpoints (issue 34 item 6).

The sandbox is simcord's preview page; its menus are drawn by simcord's JavaScript, which a test
here cannot click. What the page does on a click is a request to its server, so this test makes
those requests as the page makes them (``static/transport.js``, ``static/actions.js``): it opens a
page as alice, clicks **Show my hand**, and chooses an option of the hand panel's **Card details**
menu with a ``select`` action, as the page sends one when an option is clicked with the mouse (or
chosen with the keyboard: both end in the same request). The bot answers it on the page.
"""

from __future__ import annotations

import asyncio
import json
import urllib.request
from typing import Any
from urllib.parse import urlsplit

from tests.bot.table import game_thread, make_table


def _components(value: Any, out: list[dict[str, Any]]) -> list[dict[str, Any]]:
    if isinstance(value, dict):
        if value.get("type") in (2, 3) and "control_key" in value:
            out.append(value)
        for item in value.values():
            _components(item, out)
    elif isinstance(value, list):
        for item in value:
            _components(item, out)
    return out


class Page:
    """One browser page of the preview, speaking its HTTP protocol."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.base = f"{parts.scheme}://{parts.netloc}"
        self.capability = parts.fragment
        self.context: str | None = None
        self.state: dict[str, Any] = {}
        self.sequence = 0

    def _request(self, path: str, body: Any = None) -> Any:
        headers = {"X-Simcord-Capability": self.capability}
        if self.context:
            headers["X-Simcord-Context"] = self.context
        data = None
        if body is not None:
            headers["Content-Type"] = "application/json"
            data = json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, headers=headers)
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.loads(response.read())

    async def open(self, viewer_id: int) -> None:
        self.state = await asyncio.to_thread(self._request, "/api/pages", {"viewer_id": str(viewer_id)})
        self.context = self.state["context"]["id"]

    async def read(self) -> dict[str, Any]:
        self.state = await asyncio.to_thread(self._request, "/api/state")
        return self.state

    async def act(self, kind: str, control: dict[str, Any], **extra: Any) -> dict[str, Any]:
        self.sequence += 1
        key = control["control_key"]
        body = {
            "protocol_version": 3,
            "sequence": self.sequence,
            "request_id": f"r{self.sequence}",
            "generation": self.state["context"]["generation"],
            "bot_generation": self.state["botGeneration"],
            "published_revision": self.state["publishedRevision"],
            "kind": kind,
            "control_key": key,
            "target_id": key.split(":")[1],
            **extra,
        }
        receipt = await asyncio.to_thread(self._request, "/api/action", body)
        await self.read()
        return dict(receipt)

    def controls(self) -> list[dict[str, Any]]:
        return _components(self.state.get("messages", {}), [])

    def texts(self) -> str:
        return json.dumps(self.state.get("messages", {}), ensure_ascii=False)


async def test_a_menu_choice_on_the_sandbox_page_reaches_the_bot(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    await alice.slash(t.channel, "play afrika")
    async with env.preview(game_thread(t), viewers=(alice,), layout="channel") as preview:
        page = Page(preview.url)
        await page.open(alice.id)
        show = next(c for c in page.controls() if c.get("label") == "Show my hand")
        receipt = await page.act("click", show)
        assert not receipt["rejected"], receipt
        for _ in range(6):  # past the opening choices (go first, keep the hand) to a panel with menus
            menus = [c for c in page.controls() if c["type"] == 3]
            if menus:
                break
            button = next(c for c in page.controls() if c["type"] == 2 and c.get("label") != "Show my hand")
            assert not (await page.act("click", button))["rejected"]
        details = next(m for m in menus if (m.get("placeholder") or "").startswith("Card details"))
        option = details["options"][0]
        receipt = await page.act("select", details, values=[option["value"]])
        assert not receipt["rejected"] and receipt["settlement"] == "settled", receipt
        assert [o["kind"] for o in receipt["outcomes"]] == ["response"], receipt
        answer = page.state["messages"][receipt["outcomes"][0]["messageId"]]
        card = option["label"].split(" (")[0]
        assert card in json.dumps(answer, ensure_ascii=False), answer
