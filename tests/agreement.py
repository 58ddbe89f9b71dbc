"""The one comparison of the oracle tests: the solver's canonical keys for a position against
an oracle's, with the position printed when they differ. Test code only (no solver code)."""

from __future__ import annotations

from typing import Any

import yaml


def assert_agrees(mapping: dict[str, Any], keys: list[str], oracle: set[str], i: int) -> None:
    """The solver gave at least one restoration, none twice, and the same set as the oracle."""
    assert keys, "no restoration"
    assert len(keys) == len(set(keys)), f"duplicate restorations:\n{yaml.safe_dump(mapping)}"
    only_s, only_o = sorted(set(keys) - oracle), sorted(oracle - set(keys))
    assert not only_s and not only_o, (f"position {i}:\n{yaml.safe_dump(mapping)}\nsolver only {only_s[:3]}\n"
                                       f"oracle only {only_o[:3]}")
