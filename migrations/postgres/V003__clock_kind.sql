-- PostgreSQL's spelling of migrations/V003__clock_kind.sql: the same version, name and schema; recorded under
-- that file's checksum (bot/db/migrate.py, discover_postgres).
-- A clock either times a whole turn ('turn': the AI plays it when it runs out, and it counts as a
-- missed turn) or a short response prompt ('response': the player simply passes when it runs out).
ALTER TABLE match_clocks ADD COLUMN kind TEXT NOT NULL DEFAULT 'turn' CHECK (kind IN ('turn', 'response'));
