-- PostgreSQL's spelling of migrations/V005__pod_build_deadline.sql: the same version, name and schema; recorded under
-- that file's checksum (bot/db/migrate.py, discover_postgres).
-- Deck building has a time limit: when it runs out, the AI builds a deck from the pool of every
-- seat that has not submitted one, and the rounds start. Stored (not only a timer) so that a
-- restart re-arms it, and fires it at once if it ran out while the bot was down.
ALTER TABLE pods ADD COLUMN build_deadline DOUBLE PRECISION;  -- unix time deck building ends; NULL: none yet
