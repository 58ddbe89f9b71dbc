"""Testing helpers for bridge-rulings users: Hypothesis strategies in :mod:`.strategies`."""
