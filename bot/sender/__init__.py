"""The one sender that brings Discord to the newest state of each surface (issue 33)."""
