-- cardhost schema: puzzle attempts (issue #21 item 4; bot/db/puzzles.py, bot/services/puzzles.py).
-- /puzzle gives a player the day's puzzle of a game (a bundled file, engines/<game>/puzzles/) to
-- play in their DMs against its scripted opponent. An attempt keeps only the player's own
-- decisions: the position and the opponent's replies come from the puzzle file, so the attempt is
-- rebuilt from `moves` after a restart, like a match from its log. Solves are counted from these
-- rows per server (`guild_id`) and per player; nothing else is derived or stored.

CREATE TABLE puzzle_attempts (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER,                 -- the server /puzzle was used in (NULL: not in a server)
    user_id       INTEGER NOT NULL,
    display_name  TEXT    NOT NULL,
    game          TEXT    NOT NULL,
    puzzle_id     TEXT    NOT NULL,        -- '<game>/<file stem>'
    day           TEXT    NOT NULL,        -- the UTC date whose puzzle it is, 'YYYY-MM-DD'
    status        TEXT    NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'solved', 'failed')),
    reason        TEXT,                    -- the judge's sentence once decided
    moves         TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(moves)),
    seq           INTEGER NOT NULL DEFAULT 0 CHECK (seq >= 0),  -- decisions so far; a click carries it
    dm_channel_id INTEGER,
    dm_message_id INTEGER,
    started_at    REAL    NOT NULL,
    ended_at      REAL
);

-- One running attempt per player and game: /puzzle again resumes it.
CREATE UNIQUE INDEX puzzle_attempts_running ON puzzle_attempts (user_id, game) WHERE status = 'playing';
-- /puzzle stats: a server's attempts at a day's puzzle, and its solvers of all time.
CREATE INDEX puzzle_attempts_by_day ON puzzle_attempts (guild_id, game, day, user_id);
CREATE INDEX puzzle_attempts_solved ON puzzle_attempts (guild_id, user_id) WHERE status = 'solved';
