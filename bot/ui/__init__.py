"""Discord components (persistent buttons) built from engine actions."""
