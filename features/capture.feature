Feature: What a session learned is captured
  At the end of a session Abzu mines its transcript with heuristics, then (when configured) asks
  a distiller for what the heuristics missed. A distiller that fails never costs what the
  heuristics found.

  Scenario: A distiller timeout leaves the heuristic candidates
    Given a session worked through a real Claude Code transcript
    And the distiller is a Claude Code that does not answer in time
    When the session ends and is distilled
    Then lessons from the session wait in staging for review
    And the session status shows 0 distillations done and 1 failed

  Scenario: A distiller's answer is staged beside the heuristic candidates
    Given a session worked through a real Claude Code transcript
    And the distiller is a Claude Code that answers "The project runs Tailwind CSS v4, not v3."
    When the session ends and is distilled
    Then staging holds "The project runs Tailwind CSS v4, not v3." from the distiller
    And lessons from the session wait in staging for review
    And the session status shows 1 distillations done and 0 failed

  Scenario: A tail flushed after SessionEnd is mined
    Given a session worked through the first 20 lines of a real Claude Code transcript and ended
    And Claude Code flushed the rest of the transcript after SessionEnd
    When the crashed sessions are recovered
    Then the session's tail was mined into staging
    And session "sess-tail" has a final summary

  Scenario: Back-filling the same transcripts twice adds nothing
    Given Claude Code transcripts of 2 sessions Abzu never saw
    When the transcripts are imported
    Then 2 sessions have final summaries and their lessons wait in staging
    When the transcripts are imported
    Then the import says all 2 were already covered and staging holds nothing new
