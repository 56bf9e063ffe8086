-- cardhost schema, version 4: Cosmic Draft pods and Unleashed Armada sealed events (issue #8).
-- A pod goes lobby -> drafting (draft only) -> building -> playing -> finished (or cancelled).
-- The draft itself is an append-only log of picks (pod_picks): the pod's state is
-- engines.draft.pod replayed from (config, seed) + picks, exactly like a match from its actions.
-- A pick is stored (and committed) before the player is told it was taken.

CREATE TABLE pods (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    kind        TEXT    NOT NULL CHECK (kind IN ('draft', 'sealed')),
    status      TEXT    NOT NULL DEFAULT 'lobby'
                CHECK (status IN ('lobby', 'drafting', 'building', 'playing', 'finished', 'cancelled')),
    guild_id    INTEGER,
    channel_id  INTEGER,
    thread_id   INTEGER,                            -- the pod's thread: progress, pairings, standings
    message_id  INTEGER,                            -- the lobby message, later the progress message
    host_id     INTEGER NOT NULL,
    config      TEXT    NOT NULL,                   -- JSON: seats, timer preset, bots, async, pairing, rounds
    seed        INTEGER NOT NULL,
    round       INTEGER NOT NULL DEFAULT 0,         -- playing phase: current match round (1-based)
    created_at  REAL    NOT NULL,
    started_at  REAL,
    finished_at REAL
);
CREATE INDEX pods_status ON pods (status);

CREATE TABLE pod_seats (
    pod_id        INTEGER NOT NULL REFERENCES pods (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL CHECK (seat >= 0), -- draft seat (R82: pass left = seat + 1)
    user_id       INTEGER,                          -- NULL: a bot seat from the start
    display_name  TEXT    NOT NULL,
    is_bot        INTEGER NOT NULL DEFAULT 0,       -- 1 while a bot picks/plays for the seat
    missed        INTEGER NOT NULL DEFAULT 0,       -- missed picks in a row
    dm_message_id INTEGER,                          -- the DM panel that is edited pick after pick
    pool          TEXT,                             -- JSON card ids, set when the draft/opening ends
    deck          TEXT,                             -- JSON card ids of the submitted Codex (main)
    deck_id       INTEGER REFERENCES decks (id) ON DELETE SET NULL,
    PRIMARY KEY (pod_id, seat)
);
CREATE UNIQUE INDEX pod_seats_user ON pod_seats (pod_id, user_id) WHERE user_id IS NOT NULL;

CREATE TABLE pod_picks (
    pod_id  INTEGER NOT NULL REFERENCES pods (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL CHECK (seq >= 1),      -- pod-wide order in which picks were made
    seat    INTEGER NOT NULL,
    round   INTEGER NOT NULL CHECK (round >= 1),    -- pack number 1..3
    pick_no INTEGER NOT NULL CHECK (pick_no >= 1),  -- 1..18 within the round
    card    TEXT    NOT NULL,
    pack    TEXT    NOT NULL,                       -- JSON: the pack's contents when it was picked from
    by      TEXT    NOT NULL CHECK (by IN ('player', 'bot', 'timeout')),
    at      REAL    NOT NULL,                       -- unix time of the pick
    seconds REAL,                                   -- how long the seat held the pack
    PRIMARY KEY (pod_id, seq),
    UNIQUE (pod_id, seat, round, pick_no)           -- a double click cannot pick twice
) WITHOUT ROWID;

CREATE TABLE pod_clocks (
    pod_id   INTEGER NOT NULL REFERENCES pods (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    deadline REAL    NOT NULL,                      -- unix time the current pick times out
    warned   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (pod_id, seat)
) WITHOUT ROWID;

CREATE TABLE pod_matches (
    pod_id   INTEGER NOT NULL REFERENCES pods (id) ON DELETE CASCADE,
    round    INTEGER NOT NULL CHECK (round >= 1),
    table_no INTEGER NOT NULL CHECK (table_no >= 1),
    seat_a   INTEGER NOT NULL,
    seat_b   INTEGER,                               -- NULL: seat_a has a bye (counts as a win)
    match_id INTEGER REFERENCES matches (id),
    status   TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'playing', 'done')),
    winner   INTEGER,                               -- a seat; NULL while playing, or for a draw
    PRIMARY KEY (pod_id, round, table_no)
) WITHOUT ROWID;
CREATE UNIQUE INDEX pod_matches_match ON pod_matches (match_id) WHERE match_id IS NOT NULL;
