-- cardhost schema, version 6: matches of several games (best of 1, 3 or 5; issue #14).
-- A series goes playing -> sideboarding -> playing ... -> finished (someone reached the wins
-- needed, or every game was played) or aborted (a game ended without a result, /game end).
-- Everything the between-games step needs is stored, so a restart resumes it: each seat's
-- current main deck and side deck, who is ready, the deadline, and the seat choosing who goes
-- first in the next game (the loser of the last one; NULL after a draw: the engine's toss).

CREATE TABLE series (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    game         TEXT    NOT NULL,
    best_of      INTEGER NOT NULL CHECK (best_of >= 1),
    format       TEXT    NOT NULL,                  -- deck format the swaps are checked against
    status       TEXT    NOT NULL DEFAULT 'playing'
                 CHECK (status IN ('playing', 'sideboarding', 'finished', 'aborted')),
    seats        TEXT    NOT NULL,                  -- JSON [[user_id|null, name, is_ai], ...]
    options      TEXT    NOT NULL,                  -- JSON engine options of every game (no decks, no chooser)
    decks        TEXT    NOT NULL,                  -- JSON per seat {"main": [ids], "side": [ids]}
    wins         TEXT    NOT NULL,                  -- JSON game wins per seat
    chooser      INTEGER,                           -- seat choosing who goes first next game
    ready        TEXT    NOT NULL DEFAULT '[]',     -- JSON seats done with the between-games step
    deadline     REAL,                              -- unix time the between-games step ends
    panels       TEXT    NOT NULL DEFAULT '{}',     -- JSON seat -> [dm channel id, message id]
    winner       INTEGER,                           -- the seat that won the series; NULL: none (yet)
    guild_id     INTEGER,
    channel_id   INTEGER,
    thread_id    INTEGER,
    host_id      INTEGER,
    turn_seconds REAL    NOT NULL,
    created_at   REAL    NOT NULL,
    finished_at  REAL
);
CREATE INDEX series_status ON series (status);

CREATE TABLE series_games (
    series_id INTEGER NOT NULL REFERENCES series (id) ON DELETE CASCADE,
    game_no   INTEGER NOT NULL CHECK (game_no >= 1),
    match_id  INTEGER NOT NULL REFERENCES matches (id),
    status    TEXT    NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'won', 'draw', 'aborted')),
    winner    INTEGER,                              -- the seat that won this game
    PRIMARY KEY (series_id, game_no)
) WITHOUT ROWID;
CREATE UNIQUE INDEX series_games_match ON series_games (match_id);
