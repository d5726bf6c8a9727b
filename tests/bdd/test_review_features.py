"""Binds the review features (promote, consolidate, discard, flag, undo): each bound once, here."""

from pytest_bdd import scenarios

scenarios("review")
