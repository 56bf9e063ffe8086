-- cardhost schema, version 2: the deck library (/deck import, list, show, export, ...).
-- A deck belongs to one Discord user and one game; its name is unique per (user, game) ignoring
-- case (name_key). deck_cards holds (section, card, count) in display order; a deck is always
-- written whole, in one transaction, after the importer found no problem.

CREATE TABLE decks (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL,                    -- Discord user id of the owner
    game       TEXT    NOT NULL,                    -- engine registry name, e.g. 'afrika'
    name       TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
    name_key   TEXT    NOT NULL,                    -- casefolded name, for uniqueness and lookups
    format     TEXT    NOT NULL,                    -- the game's deck format, e.g. 'constructed'
    card_count INTEGER NOT NULL CHECK (card_count >= 0),
    created_at REAL    NOT NULL,
    updated_at REAL    NOT NULL,
    UNIQUE (user_id, game, name_key)
);

CREATE TABLE deck_cards (
    deck_id  INTEGER NOT NULL REFERENCES decks (id) ON DELETE CASCADE,
    section  TEXT    NOT NULL,                      -- 'main', 'side', 'commander', 'hero', ...
    card_id  TEXT    NOT NULL,
    count    INTEGER NOT NULL CHECK (count >= 1),
    position INTEGER NOT NULL CHECK (position >= 0),
    PRIMARY KEY (deck_id, section, card_id)
) WITHOUT ROWID;
