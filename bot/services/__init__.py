"""Services between Discord and the engines: matches, the table (messages), clocks, lobbies."""
