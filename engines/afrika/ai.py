"""Afrika AI policy (placeholder until the real one lands)."""
