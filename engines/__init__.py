"""Pure game rules. Nothing here may import discord, aiosqlite, sqlite3, PIL, asyncio or bot."""
