@sessions
Feature: Compaction carries the thread
  When Claude Code compacts a long conversation, Abzu keeps what was being discussed and decided,
  and gives it back right after the compaction — the thread of the conversation, not the memory bank.

  Background:
    Given a session is working on the project

  Scenario: After a compaction Claude gets its notes back, not its own summary again
    Given Claude Code compacts the session with the summary "We debated DB vs Redis and leaned DB."
    When the session continues after the compaction
    Then the briefing carries "This session before compaction:"
    And the briefing does not carry "We debated DB vs Redis and leaned DB."
    And the briefing lists no memories

  Scenario: Summaries accumulate across compactions
    Given Claude Code compacts the session with the summary "Round one: we chose the database."
    And Claude Code compacts the session with the summary "Round two: the rotation job is written."
    When the session continues after the compaction
    Then the briefing carries "Round one: we chose the database." before "Snapshot 2"
    And the briefing does not carry "Round two: the rotation job is written."

  Scenario: Minimal tier carries only the latest compaction
    Given the project's tier is "minimal"
    And Claude Code compacts the session with the summary "Round one: we chose the database."
    And Claude Code compacts the session with the summary "Round two: the rotation job is written."
    When the session continues after the compaction
    Then the briefing carries "Snapshot 2"
    And the briefing does not carry "Round one: we chose the database."
    And the briefing does not carry "Round two: the rotation job is written."

  Scenario: A very long session collapses earlier compactions
    Given Claude Code has compacted the session 6 times with long summaries
    When the session continues after the compaction
    Then the briefing carries the latest snapshot without Claude Code's own summary
    And the earlier summaries are condensed
    And the briefing is at most 9500 characters long
    And the collapse is recorded
