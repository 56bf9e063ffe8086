"""One module per game with a card pool: ``build() -> DeckPool`` (see ``engines.decks.pool``)."""
