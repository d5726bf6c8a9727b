"""Binds point_of_action.feature and anchors_notice_change.feature (issue 16) once; the steps
live in tests/bdd/steps/anchor_steps.py."""

from pytest_bdd import scenarios

scenarios("point_of_action.feature")
scenarios("anchors_notice_change.feature")
