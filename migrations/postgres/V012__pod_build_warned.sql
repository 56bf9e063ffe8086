-- PostgreSQL's spelling of migrations/V012__pod_build_warned.sql: the same version, name and schema; recorded under
-- that file's checksum (bot/db/migrate.py, discover_postgres).
-- Several processes on one database (issue #22): the deck-building warning is claimed by the one
-- process whose conditional update sets this, so a pod is warned once however many processes
-- armed a timer for its deadline.
ALTER TABLE pods ADD COLUMN build_warned BIGINT NOT NULL DEFAULT 0;
