"""Draft and sealed support (R80-R88): booster generation and AI deck building.

Pure code: no discord, sqlite, PIL or asyncio. Modules:

- ``boosters``: ``SlotTable`` / ``BoosterSet`` / ``open_booster`` / ``open_boosters`` (R80).
- ``autobuild``: builds a 40-card Constrained Codex from a pool (R8, R87) for the AI seats.

A pod/passing engine (R82-R85) will live beside them.
"""
