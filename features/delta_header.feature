@sessions
Feature: The delta header
  A session start first says what changed in memory since the project's previous session:
  counted from the history of every write (ids and counts, never the memories' text). "staged"
  counts what was staged since then and still waits for a review.

  Scenario: The delta header lists what a review changed
    Given the project has these reviewed memories:
      | text                                        |
      | Refresh tokens are stored in the database   |
    And an earlier session of the project started
    And the project has these staged candidates:
      | text                                                |
      | Refresh token rotation needs a database index       |
      | Refresh token rotation tests should freeze the clock |
      | Refresh token rotation cleanup runs nightly         |
    When a review promotes the first staged candidate
    And the review flags "Refresh tokens are stored in the database"
    And the next session starts
    Then the briefing's first lines say "Memory since your last session here: 1 promoted, 1 flagged, 2 staged; full review due (never reviewed)"
    And the briefing lists the flagged memory and the promoted one as changes
    And the briefing's changes do not quote "Refresh token"

  Scenario: A project's first session has no delta header
    Given the project has these staged candidates:
      | text                                          |
      | Refresh token rotation needs a database index |
    When a new session starts
    Then the briefing does not carry "Memory since your last session here"
