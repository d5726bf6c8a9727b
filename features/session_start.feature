@sessions
Feature: Session start by tier
  When a coding session starts, Abzu gives Claude a short briefing: who it is, what the project
  is after, how the last session ended and which memories are relevant. The tier decides how much.

  Background:
    Given the persona reads:
      """
      You are Enki, a careful engineer.
      You prefer small commits.
      You write the test first.
      You explain trade-offs.
      """
    And the project's goal is "Refresh token rotation"
    And the project's gates read:
      """
      No merge without review.
      Specs are approved before code.
      """
    And the project has these reviewed memories:
      | text                                                   |
      | Refresh tokens are stored in the database              |
      | Refresh token rotation runs every fifteen minutes      |
      | Refresh token rotation failures are retried            |
      | Refresh token reuse revokes the whole token family     |
      | Refresh tokens expire after thirty days                |
      | Refresh token rotation keeps the old token for a while |
      | Billing exports are written as CSV files               |
      | The staging server is rebuilt every night              |
      | Frontend builds use the pinned Node version            |
      | Logs are shipped to the central collector              |
      | Invoices are numbered per calendar year                |
      | Database backups are verified every Sunday             |
      | Feature flags live in the settings table               |
      | Translations are loaded lazily per page                |
    And the project has these staged candidates:
      | text                                                |
      | Refresh token rotation needs a database index       |
      | Refresh token rotation tests should freeze the clock |
      | Refresh token rotation cleanup runs nightly         |
      | Refresh token rotation audit log is kept for a year |
      | Billing exports must include the tax number         |
      | The staging server needs more memory                |
      | Frontend builds are slow on cold caches             |
      | Log rotation on the collector drops old files       |
      | Invoices need a PDF preview                         |
      | Backups should be encrypted at rest                 |
    And the previous session ended with the summary "We chose database storage over Redis."

  Scenario: Minimal tier keeps the briefing short
    Given the project's tier is "minimal"
    When a new session starts
    Then the briefing shows the first 3 lines of the persona only
    And the briefing shows the first gate only
    And the briefing says nothing about the previous session
    And the briefing lists no memories

  Scenario: Standard tier adds the last session and three memories
    Given the project's tier is "standard"
    When a new session starts
    Then the briefing shows the whole persona and every gate
    And the briefing recalls the previous session: "We chose database storage over Redis."
    And the briefing lists 3 reviewed memories and 0 staged candidates
    And the briefing offers the rest through recall

  Scenario: Full tier adds staged candidates
    Given the project's tier is "full"
    When a new session starts
    Then the briefing lists 5 reviewed memories and 3 staged candidates
    And staged candidates are marked as not yet reviewed

  Scenario: Without a tier the project gets the standard briefing
    When a new session starts
    Then the briefing is for the "standard" tier

  Scenario: The briefing never outgrows what Claude Code accepts
    Given the previous session ended with a summary of 50000 characters
    When a new session starts
    Then the briefing is at most 9500 characters long
    And the briefing starts with Abzu's marker line
