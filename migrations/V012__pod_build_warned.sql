-- Several processes on one database (issue #22): the deck-building warning is claimed by the one
-- process whose conditional update sets this, so a pod is warned once however many processes
-- armed a timer for its deadline.
ALTER TABLE pods ADD COLUMN build_warned INTEGER NOT NULL DEFAULT 0;
