"""A database URL fit for logs: its password replaced by ``***``.

Its own module because both the URL parser (``url.py``, which builds the PostgreSQL database) and
the PostgreSQL database's ``repr`` use it, and neither may import the other."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit


def redact(url: str) -> str:
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit((parts.scheme, netloc, *parts[2:]))
