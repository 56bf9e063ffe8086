-- Deck building has a time limit: when it runs out, the AI builds a deck from the pool of every
-- seat that has not submitted one, and the rounds start. Stored (not only a timer) so that a
-- restart re-arms it, and fires it at once if it ran out while the bot was down.
ALTER TABLE pods ADD COLUMN build_deadline REAL;  -- unix time deck building ends; NULL: none yet
