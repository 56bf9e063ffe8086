"""Slash-command groups: each cog parses an interaction, calls a service and answers."""
