@dedup
Feature: Duplicate knowledge
  The same thing said twice is stored once; a richer version of a note replaces the old one.

  Background:
    Given I am working in the project "api"

  Scenario: The same text twice is stored once
    When I remember the learning "Use WAL for SQLite"
    And I remember the learning "  use WAL   for sqlite "
    Then I am told it is already remembered as the first one
    And 1 memory is waiting for review

  Scenario: A richer version replaces a near-identical one
    When I remember the learning "Use WAL mode so SQLite readers never block the single writer process"
    And I remember the learning "Use WAL mode so SQLite readers never block the single writer process, ever"
    Then the second replaces the first
    And recalling "sqlite writer" finds only the second

  Scenario: The same note in two projects is kept in both
    When I remember the learning "Use WAL for SQLite"
    And I remember the learning "Use WAL for SQLite" for the project "web"
    Then 2 memories are waiting for review

  Scenario: Knowledge waiting for review never replaces reviewed knowledge
    Given reviewed memories:
      | name     | text                                                                 | project |
      | reviewed | Use WAL mode so SQLite readers never block the single writer process | api     |
    When I remember the learning "Use WAL mode so SQLite readers never block the single writer process, ever"
    Then it is waiting for review for "api"
    And recalling "sqlite writer" finds "reviewed" first
