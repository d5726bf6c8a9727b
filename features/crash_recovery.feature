@sessions
Feature: Crash recovery
  Claude Code does not always say goodbye: a session can crash or be cut short before it ends.
  Abzu notices at the next session start and finalises it anyway, so no session is lost.

  Scenario: A session that crashed after a compaction is recovered from its snapshot
    Given a session "crashed" compacted with the summary "Half way through the migration." and then crashed
    When the next session starts
    Then the briefing shows the last snapshot of the crashed session
    When the crashed sessions are recovered
    Then session "crashed" has a final summary that mentions "Half way through the migration."
    And the session status shows 1 recovered and 1 pending

  Scenario: A session that crashed before any compaction is recovered from its transcript
    Given a session "crashed" worked through a real Claude Code transcript and then crashed
    When the crashed sessions are recovered
    Then session "crashed" has a final summary
    And lessons from session "crashed" wait in staging for review

  Scenario: A crashed session appears in the next briefing
    Given a session "crashed" worked through a real Claude Code transcript and then crashed
    When the next session starts in the same project folder
    Then the briefing shows the work of session "crashed", labelled as crashed

  Scenario: A session that is still writing its transcript is left alone
    Given a session "busy" is still writing its transcript
    When the crashed sessions are recovered
    Then session "busy" has no final summary
