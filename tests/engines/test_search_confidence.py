"""The search leaves the game AI's move only when the paired rounds agree (``sure_gain``): with a
handful of costly rounds the best of several noisy means beat the AI's by the margin on luck alone,
and Chronomagia's ``hard`` played worse than ``normal`` (47.5% over 200 games)."""

from __future__ import annotations

from engines.core.search import sure_gain


def test_a_gain_below_the_margin_is_never_taken() -> None:
    assert not sure_gain([0.01, 0.02, 0.015], 0.02, 0.0)
    assert not sure_gain([], 0.0, 0.0)


def test_without_confidence_the_mean_over_the_margin_is_enough() -> None:
    assert sure_gain([1.0, -0.9, 0.0], 0.02, 0.0)


def test_with_confidence_a_noisy_gain_is_not_enough() -> None:
    noisy = [1.0, -0.9, 0.0, 0.3]  # mean 0.1, standard error about 0.4
    assert not sure_gain(noisy, 0.02, 1.64)
    steady = [0.12, 0.1, 0.11, 0.09]  # the same kind of mean, the deals agree
    assert sure_gain(steady, 0.02, 1.64)


def test_with_confidence_one_round_is_never_enough() -> None:
    assert not sure_gain([0.5], 0.02, 1.64)
    assert sure_gain([0.5], 0.02, 0.0)
