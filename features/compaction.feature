@sessions
Feature: Compaction carries the thread
  When Claude Code compacts a long conversation, Abzu keeps what was being discussed and decided,
  and gives it back right after the compaction — the thread of the conversation, not the memory bank.

  Background:
    Given a session is working on the project

  Scenario: After a compaction Claude gets the conversation back
    Given Claude Code compacts the session with the summary "We debated DB vs Redis and leaned DB."
    When the session continues after the compaction
    Then the briefing carries "We debated DB vs Redis and leaned DB."
    And the briefing lists no memories

  Scenario: Summaries accumulate across compactions
    Given Claude Code compacts the session with the summary "Round one: we chose the database."
    And Claude Code compacts the session with the summary "Round two: the rotation job is written."
    When the session continues after the compaction
    Then the briefing carries "Round one: we chose the database." before "Round two: the rotation job is written."

  Scenario: Minimal tier carries only the latest compaction
    Given the project's tier is "minimal"
    And Claude Code compacts the session with the summary "Round one: we chose the database."
    And Claude Code compacts the session with the summary "Round two: the rotation job is written."
    When the session continues after the compaction
    Then the briefing carries "Round two: the rotation job is written."
    And the briefing does not carry "Round one: we chose the database."

  Scenario: A very long session collapses earlier compactions but keeps the latest whole
    Given Claude Code has compacted the session 6 times with long summaries
    When the session continues after the compaction
    Then the briefing carries the latest summary in full
    And the earlier summaries are condensed
    And the briefing is at most 9500 characters long
    And the collapse is recorded
