"""Alchemy: element duels with action points, the Store, Battle chains and Magnum Opus (seed 002)."""
