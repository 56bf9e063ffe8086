-- PostgreSQL's spelling of migrations/V013__rating_skips.sql: the same version, name and schema; recorded under
-- that file's checksum (bot/db/migrate.py, discover_postgres).
-- The ladder's policy (issue #32 item 7; bot/services/ladder_policy.py): a match with a result may
-- still not be rated for some or all of its players, when a side lost before making its moves of
-- its own or when the same players already had their rated results of the day. Each such player
-- gets one row with the reason ('left_early', 'few_moves', 'repeat'), which /history and the
-- final ranking show. Like rating_changes, these rows are computed from the match history and
-- replaced by a rebuild, in the order the matches ended; a match is judged once (it has rows in
-- rating_changes, here, or both when only some of its players were rated).
CREATE TABLE rating_skips (
    match_id BIGINT           NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id  BIGINT           NOT NULL,
    guild_id BIGINT           NOT NULL,
    game     TEXT             NOT NULL,
    reason   TEXT             NOT NULL CHECK (reason IN ('left_early', 'few_moves', 'repeat')),
    at       DOUBLE PRECISION NOT NULL,                    -- the match's ended_at
    PRIMARY KEY (match_id, user_id)
);

CREATE INDEX rating_skips_by_board ON rating_skips (guild_id, game, at, match_id);
