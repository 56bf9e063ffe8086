-- cardhost schema, version 1: players, matches (log + snapshots + seats + clocks), lobbies, results.
-- Times are unix seconds (REAL). JSON columns hold compact JSON text and are checked with json_valid.
-- Discord ids (users, guilds, channels, messages) are INTEGER snowflakes.

CREATE TABLE players (
    user_id      INTEGER PRIMARY KEY,                 -- Discord user id
    display_name TEXT    NOT NULL DEFAULT '',
    created_at   REAL    NOT NULL,
    settings     TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(settings))
);

CREATE TABLE matches (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    game             TEXT    NOT NULL,                 -- engine registry name, e.g. 'chrono'
    engine_version   TEXT    NOT NULL,                 -- Engine.version when the match was set up
    config           TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(config)),  -- MatchConfig.options
    seed             INTEGER NOT NULL,
    status           TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished', 'aborted')),
    guild_id         INTEGER,
    channel_id       INTEGER,
    thread_id        INTEGER,
    host_id          INTEGER,
    created_at       REAL    NOT NULL,
    ended_at         REAL,
    end_reason       TEXT,
    outcome          TEXT CHECK (outcome IS NULL OR json_valid(outcome)),  -- Outcome as JSON
    board_message_id INTEGER
);

CREATE INDEX matches_active ON matches (created_at) WHERE status = 'active';
CREATE INDEX matches_by_channel ON matches (channel_id, status);
CREATE INDEX matches_by_thread ON matches (thread_id) WHERE thread_id IS NOT NULL;

CREATE TABLE match_seats (
    match_id             INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat                 INTEGER NOT NULL CHECK (seat >= 0),   -- engine PlayerId
    user_id              INTEGER REFERENCES players (user_id),  -- NULL for an AI seat
    display_name         TEXT    NOT NULL,
    is_ai                INTEGER NOT NULL DEFAULT 0 CHECK (is_ai IN (0, 1)),
    ai_since_seq         INTEGER,                               -- AI took over a human seat at this seq
    consecutive_timeouts INTEGER NOT NULL DEFAULT 0,
    dm_channel_id        INTEGER,
    dm_message_id        INTEGER,
    dm_failed            INTEGER NOT NULL DEFAULT 0 CHECK (dm_failed IN (0, 1)),
    PRIMARY KEY (match_id, seat),
    CHECK (user_id IS NOT NULL OR is_ai = 1)
);

CREATE INDEX match_seats_by_user ON match_seats (user_id) WHERE user_id IS NOT NULL;

-- The save format: seed + this log replays the match. seq starts at 1 and has no gaps.
CREATE TABLE match_actions (
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL CHECK (seq >= 1),
    seat      INTEGER NOT NULL,
    action_id TEXT    NOT NULL,
    at        REAL    NOT NULL,
    by_ai     INTEGER NOT NULL DEFAULT 0 CHECK (by_ai IN (0, 1)),
    PRIMARY KEY (match_id, seq),
    FOREIGN KEY (match_id, seat) REFERENCES match_seats (match_id, seat) ON DELETE CASCADE
) WITHOUT ROWID;

-- The engine state after the actions with seq <= this seq (0 = the state right after setup).
CREATE TABLE match_snapshots (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL CHECK (seq >= 0),
    state    TEXT    NOT NULL CHECK (json_valid(state)),
    PRIMARY KEY (match_id, seq)
);

-- The running turn clock of an active match (at most one).
CREATE TABLE match_clocks (
    match_id        INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    seat            INTEGER,                 -- whose turn is timed; NULL = every player who must act
    turn_seq        INTEGER NOT NULL,        -- the seq the clock was started for
    deadline        REAL    NOT NULL,        -- unix time
    warned          INTEGER NOT NULL DEFAULT 0 CHECK (warned IN (0, 1)),
    reserve         TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(reserve)),  -- {"seat": seconds left}
    turn_seconds    REAL    NOT NULL,
    reserve_seconds REAL    NOT NULL
);

CREATE INDEX match_clocks_by_deadline ON match_clocks (deadline);

CREATE TABLE lobbies (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id   INTEGER,
    channel_id INTEGER NOT NULL,
    message_id INTEGER,
    host_id    INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    options    TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
    status     TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'started', 'cancelled')),
    match_id   INTEGER REFERENCES matches (id) ON DELETE SET NULL,
    created_at REAL    NOT NULL
);

CREATE INDEX lobbies_open ON lobbies (channel_id) WHERE status = 'open';

CREATE TABLE lobby_seats (
    lobby_id     INTEGER NOT NULL REFERENCES lobbies (id) ON DELETE CASCADE,
    position     INTEGER NOT NULL CHECK (position >= 0),
    user_id      INTEGER,                  -- NULL for an AI seat
    display_name TEXT    NOT NULL,
    is_ai        INTEGER NOT NULL DEFAULT 0 CHECK (is_ai IN (0, 1)),
    PRIMARY KEY (lobby_id, position),
    UNIQUE (lobby_id, user_id),             -- a person sits once; AI seats (NULL) may repeat
    CHECK (user_id IS NOT NULL OR is_ai = 1)
);

-- One row per human player of a finished match, for profiles and leaderboards.
CREATE TABLE results (
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id   INTEGER NOT NULL REFERENCES players (user_id),
    game      TEXT    NOT NULL,
    place     INTEGER NOT NULL CHECK (place >= 1),
    players   INTEGER NOT NULL CHECK (players >= 1),
    is_winner INTEGER NOT NULL CHECK (is_winner IN (0, 1)),
    is_loser  INTEGER NOT NULL CHECK (is_loser IN (0, 1)),
    at        REAL    NOT NULL,
    PRIMARY KEY (match_id, user_id)
);

CREATE INDEX results_by_user ON results (user_id, game);
CREATE INDEX results_by_game ON results (game, at);
