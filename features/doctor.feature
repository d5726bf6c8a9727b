Feature: Checking that the memory is whole
  `abzu doctor` checks the stores, their search indexes and the data home's permissions;
  `--repair` rebuilds what can be rebuilt from the tables.

  Background:
    Given the data home is readable by its owner only

  Scenario: Doctor on a healthy memory
    Given I ran abzu "remember 'Always use WAL mode for SQLite readers' --category preference"
    When I run abzu "doctor"
    Then abzu exits 0
    And abzu says "healthy"

  Scenario: Doctor finds and repairs a dropped FTS trigger
    Given I ran abzu "remember 'Always use WAL mode for SQLite readers' --category preference"
    And the trigger "beads_ai" is dropped from "wisdom.db"
    And I ran abzu "remember 'Prefer ruff over flake8 for linting' --category preference"
    When I run abzu "doctor"
    Then abzu exits 1
    And abzu says "missing beads_ai"
    When I run abzu "doctor --repair"
    Then abzu exits 0
    And abzu says "healthy"
    And recalling "ruff" finds "Prefer ruff over flake8"
