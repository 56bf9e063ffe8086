"""cardhost's Discord bot: client, cogs, services and storage."""
