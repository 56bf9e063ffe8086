-- PostgreSQL's spelling of migrations/V009__ratings.sql: the same version, name and schema; recorded under
-- that file's checksum (bot/db/migrate.py, discover_postgres).
-- cardhost schema: ratings per game and per server (issue #21 items 1, 2; bot/db/ratings.py).
-- A rating is openskill's Plackett-Luce belief about a player's skill, a mean (mu) and an
-- uncertainty (sigma), kept separately for every (server, game). It changes only when a match with
-- a result ends, and only from that match's stored outcome and seats, so the whole table can be
-- computed again from the match history (`cardhost ratings rebuild`, /ratings rebuild) and gives
-- the same numbers: rating_changes keeps every rated match's before and after, in the order the
-- matches ended (the `at` column is the match's ended_at), which is also what the trend, the
-- leaderboard's periods and /history read.
--
-- Matches finished before this version are not rated until a rebuild is run once.

-- Per-server settings (a JSON object, like players.settings): "rate_ai" rates games with AI seats.
CREATE TABLE guild_settings (
    guild_id BIGINT PRIMARY KEY,
    settings TEXT   NOT NULL DEFAULT '{}' CHECK (cardhost_json_valid(settings))
);

-- The current rating of each player of a game on a server.
CREATE TABLE ratings (
    guild_id   BIGINT           NOT NULL,
    game       TEXT             NOT NULL,
    user_id    BIGINT           NOT NULL,
    mu         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL CHECK (sigma > 0),
    games      BIGINT           NOT NULL CHECK (games >= 1),   -- rated matches played
    updated_at DOUBLE PRECISION NOT NULL,                      -- ended_at of the latest of them
    PRIMARY KEY (guild_id, game, user_id)
);

-- One row per rated player of a rated match.
CREATE TABLE rating_changes (
    match_id     BIGINT           NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id      BIGINT           NOT NULL,
    guild_id     BIGINT           NOT NULL,
    game         TEXT             NOT NULL,
    seat         BIGINT           NOT NULL CHECK (seat >= 0),
    place        BIGINT           NOT NULL CHECK (place >= 1),
    mu_before    DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL,
    mu_after     DOUBLE PRECISION NOT NULL,
    sigma_after  DOUBLE PRECISION NOT NULL,
    at           DOUBLE PRECISION NOT NULL,                    -- the match's ended_at
    PRIMARY KEY (match_id, user_id)
);

CREATE INDEX rating_changes_by_board ON rating_changes (guild_id, game, at, match_id);
CREATE INDEX rating_changes_by_user ON rating_changes (user_id, guild_id, game, at);

-- The rebuild reads a server's finished matches in the order they ended.
CREATE INDEX matches_by_end ON matches (guild_id, game, ended_at, id) WHERE status = 'finished';
