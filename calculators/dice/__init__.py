"""Dice arithmetic shared by every system: exact distributions, no floats inside."""

from .distribution import Distribution

__all__ = ["Distribution"]
