"""One module per game with a card pool: ``build() -> DeckPool`` and ``pool()``, which builds it
once and which the game's declaration names as its ``deck_pool`` (see ``engines.decks.pool``)."""
