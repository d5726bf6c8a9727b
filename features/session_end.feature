@sessions
Feature: Session end finalises
  When a session ends, its snapshots and the rest of its transcript become one final summary, the
  lessons it holds wait in staging for review, and the store tidies itself.

  Scenario: A session becomes one final summary and its lessons are staged
    Given a session worked through a real Claude Code transcript
    And Claude Code compacts the session with the summary "We kept the React 19 upgrade."
    When the session ends
    Then the session has one final summary that mentions "We kept the React 19 upgrade."
    And the session's compaction snapshots are gone
    And lessons from the session wait in staging for review

  Scenario: Only the five latest final summaries of a project are kept
    Given 6 earlier sessions of the project have ended
    And a session is working on the project
    When the session ends
    Then the project keeps 5 final summaries

  Scenario: Ending a session runs the maintenance pass
    Given a reviewed memory "Stale fact about tokens" flagged by the reviewer for deletion
    And a session is working on the project
    When the session ends
    Then the memory "Stale fact about tokens" is gone

  Scenario: Ending a session twice changes nothing
    Given a session worked through a real Claude Code transcript
    When the session ends
    And the session ends
    Then the session has one final summary
