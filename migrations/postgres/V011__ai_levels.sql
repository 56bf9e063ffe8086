-- PostgreSQL's spelling of migrations/V011__ai_levels.sql: the same version, name and schema; recorded under
-- that file's checksum (bot/db/migrate.py, discover_postgres).
-- AI levels (issue #23): the level an AI seat plays at. NULL is 'normal', which is also what plays
-- a human seat the AI took over after timeouts (those seats keep their user and NULL here).
ALTER TABLE match_seats ADD COLUMN ai_level TEXT CHECK (ai_level IS NULL OR ai_level IN ('easy', 'normal', 'hard'));
