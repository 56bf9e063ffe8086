-- PostgreSQL's spelling of migrations/V008__card_stats.sql: the same version, name and schema; recorded under
-- that file's checksum (bot/db/migrate.py, discover_postgres).
-- cardhost schema: card statistics per server (issue #21 item 5; bot/db/cardstats.py reads them).
-- Pick order, how often a card was played and the win rate of the decks that held it are counted
-- in SQL over what is stored, never by replaying games when someone asks. Two facts are not in
-- the stored rows in a form SQL can use, so they are written down when a match is stored:
--
-- * Which card a move played. Moves name cards by object ids ("cast:57"), which are handed out
--   per match and change whenever a card changes zone (Afrika R3: a drawn card is a new object),
--   so "57" cannot be mapped back to a deck position from the config: only the state at the time
--   knows. The bot asks the game (GameSpec.played_card: state before, state after, seat) when it
--   stores the move and writes the card id beside it; a move that plays no card stays NULL. For
--   moves stored before this version nothing can recover it short of replaying those games, so
--   their plays are not counted.
-- * Which cards each seat's deck held, one row per (match, seat, card): the same cards are in
--   matches.config (the game's deck option), but reading every deck out of JSON for 10,000
--   matches takes about a second; these rows are written once, when the match is created.
--   Matches stored before this version are filled in from their config's "decks" lists (the
--   deck option of every game with decks when this version was written).

ALTER TABLE match_actions ADD COLUMN card TEXT;  -- the card this move played; NULL: none (or not known)

-- Only the moves that played a card are indexed: a few in a hundred.
CREATE INDEX match_actions_plays ON match_actions (match_id, seat, card) WHERE card IS NOT NULL;

CREATE TABLE match_decks (
    match_id BIGINT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat     BIGINT NOT NULL CHECK (seat >= 0),
    card     TEXT   NOT NULL,
    copies   BIGINT NOT NULL CHECK (copies >= 1),
    PRIMARY KEY (match_id, seat, card)
);

CREATE INDEX match_decks_by_card ON match_decks (card);

-- Statistics are per server: a server's finished matches of one game, and its pods.
CREATE INDEX matches_by_guild ON matches (guild_id, game, status);
CREATE INDEX pods_by_guild ON pods (guild_id);
CREATE INDEX pod_picks_by_card ON pod_picks (card);

INSERT INTO match_decks (match_id, seat, card, copies)
SELECT m.id, CAST(d.key AS BIGINT), c.value, count(*)
FROM matches AS m, cardhost_json_each(m.config, '$.decks') AS d, cardhost_json_each(d.value) AS c
WHERE d.type = 'array' AND c.type = 'text'
GROUP BY m.id, d.key, c.value;
