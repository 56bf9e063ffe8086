"""The schema migrations, ``V<number>__<name>.sql``, shipped as package data.

A package (rather than a bare folder beside the code) so that a regular, non-editable install
carries the files too; ``bot.db.migrate`` reads them through ``importlib.resources``.
"""
