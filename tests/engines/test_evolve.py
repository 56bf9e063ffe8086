"""evolve() is dataclasses.replace, faster: the same value, the same refusals."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import pytest

from engines.core.evolve import evolve


@dataclass(frozen=True)
class Plain:
    a: int
    b: tuple[int, ...] = ()


@dataclass(frozen=True)
class Checked:
    a: int

    def __post_init__(self) -> None:
        if self.a < 0:
            raise ValueError("negative")


@dataclass(frozen=True)
class Derived:
    a: int
    twice: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "twice", 2 * self.a)


def test_same_value_as_replace_and_the_original_is_untouched() -> None:
    p = Plain(1, (2,))
    q = evolve(p, a=5)
    assert q == replace(p, a=5) == Plain(5, (2,)) and p == Plain(1, (2,))
    assert hash(q) == hash(Plain(5, (2,)))
    with pytest.raises(AttributeError):
        q.a = 3  # type: ignore[misc]


def test_unknown_fields_are_refused() -> None:
    with pytest.raises(TypeError, match="no field 'c'"):
        evolve(Plain(1), c=2)


def test_post_init_still_runs() -> None:
    with pytest.raises(ValueError):
        evolve(Checked(1), a=-1)
    assert evolve(Derived(2), a=3).twice == 6
