"""Draft and sealed support (R80-R88): boosters, the draft pod, draft bots, pairings, the draft log.

Pure code: no discord, sqlite, PIL or asyncio. Modules (the contract between them and the bot is
``docs/draft.md``):

- ``boosters``: ``SlotTable`` / ``BoosterSet`` / ``open_booster`` / ``open_boosters`` (R80).
- ``pod``: the Cosmic Draft pod (R82-R85): ``PodConfig``, ``new_pod``, ``pick`` (simultaneous picks
  from a queue of packs per seat, oldest first; left, right, left), ``seat_view`` / ``progress``
  (what one seat / everyone may see), ``replay`` (seed + picks), ``PickRef`` keys against stale
  clicks, typed errors; ``sealed_pools`` for Unleashed Armada (R81: six boosters per player).
- ``bots``: ``bot_pick``, the draft bot (card quality plus committed energies), used for bot
  seats, timeouts (R86) and seats taken over; ``rating_pick`` / ``random_pick`` baselines.
- ``source``: ``CardSource``, what the draft needs from a game (cards, booster sets, ratings,
  basics, the limited minimum); ``draft_source()`` finds it through ``GameSpec.draft``. Nothing
  here imports a game.
- ``autobuild``: builds a limited deck from a pool (R8, R87) for the AI seats.
- ``limited``: the limited deck rules (``deck_problems``, ``suggest_basics``, ``library_deck``).
- ``pairings``: rounds after the event (R88, A22): ``round_robin``, ``swiss_round``, ``standings``.
- ``draftlog``: every pick with its pack and time, as JSON (``log_json``) and text (``log_text``).

The draft is not a game: it is not in ``engines.games.GAMES`` (so not in /play); a game offers drafts through its ``GameSpec.draft`` card source.
"""
