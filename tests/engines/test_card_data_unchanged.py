"""Issue 36 item 1: the shared card-data loader loads exactly the cards the four old loaders did.

The hashes in ``card_data_hashes.json`` were taken on the old loaders (before
``engines/core/carddata.py``); see ``tests/engines/card_snapshot.py`` for how to renew them after a
deliberate change of a card file."""

from __future__ import annotations

import json

import pytest

from tests.engines.card_snapshot import HASHES, LOADERS, digest


@pytest.mark.parametrize("game", sorted(LOADERS))
def test_the_loaded_cards_are_the_same_as_before(game: str) -> None:
    assert digest(game) == json.loads(HASHES.read_text(encoding="utf-8"))[game]
