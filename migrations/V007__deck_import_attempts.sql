-- cardhost schema: failed /deck import attempts (issue #16 item 6, "deck import that keeps your work").
-- A list with problems is not saved as a deck, but the text the player sent is kept here for a
-- while, so the failure answer's buttons ("Fix and retry", "Use the suggestions") still find it
-- after a restart: their custom_id carries only this row's id (the list cannot fit in 100
-- characters). A row belongs to the user who imported; it expires, and is deleted once expired or
-- when the user has too many (bot/db/deckimports.py).

CREATE TABLE deck_import_attempts (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     INTEGER NOT NULL,                  -- Discord user id of the player who imported
    game        TEXT    NOT NULL,                  -- engine registry name, e.g. 'afrika'
    name        TEXT,                              -- the name given to /deck import; NULL: the list's own
    format      TEXT    NOT NULL,                  -- the deck format the list was checked against
    overwrite   INTEGER NOT NULL DEFAULT 0 CHECK (overwrite IN (0, 1)),  -- /deck import replace:
    listing     TEXT    NOT NULL,                  -- the list exactly as the player sent it
    corrected   TEXT,                              -- every problem's one suggestion applied; NULL: none offered
    changes     TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(changes)),  -- [[line, before, after], ...]
    created_at  REAL    NOT NULL,
    expires_at  REAL    NOT NULL,
    imported_as TEXT                               -- the deck's name once a retry from here was saved
);

CREATE INDEX deck_import_attempts_by_expiry ON deck_import_attempts (expires_at);
CREATE INDEX deck_import_attempts_by_user ON deck_import_attempts (user_id, id);
