@sessions
Feature: Open loops stay in the briefing until they are closed
  A task left pending or an error left unresolved is not forgotten after one unrelated session:
  it stays in the project's briefing until a later session resolves it or a person dismisses it.

  Scenario: Open loops survive an unrelated session and leave once resolved or dismissed
    Given session 1 leaves the task "Write the migration guide" pending and "npm run build" failing
    When session 2 starts
    Then the briefing lists the open task "Write the migration guide"
    And the briefing lists the unresolved error of "npm run build"
    When session 2 talks about something unrelated and ends
    And session 3 starts
    Then the briefing lists the open task "Write the migration guide"
    And the briefing lists the unresolved error of "npm run build"
    When session 3 fixes "npm run build" and ends
    And a person dismisses the open task "Write the migration guide" with abzu loops done
    And session 4 starts
    Then the briefing lists no open loops
