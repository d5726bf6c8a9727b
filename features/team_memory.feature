@team
Feature: A team memory shared through a team server
  Reviewed knowledge of a team's projects travels between the team's machines through a
  PostgreSQL server; what is one person's, private or secret stays on the machine that knew it,
  and who may do what is decided by the server.

  Background:
    Given a team server where "alice" reviews and "bob" reads the project "api"

  Scenario: A bead promoted on one machine reaches the other machine's session start
    Given machine "A" joined the team as "alice"
    And machine "B" joined the team as "bob" and has worked on its project
    When machine "A" promotes "Pin the Node version in CI with an nvmrc file" in its project
    And machine "A" remembers the preference "Prefer tabs over spaces in the Makefile"
    And machine "A" promotes "Deploy with blue green <private>the staging box is 10.0.0.7</private> switches" in its project
    And machine "A" shares its project with the team
    And machine "B" refreshes its copy of the team's memories
    Then machine "B"'s session start shows "Pin the Node version in CI" written by "alice"
    And the team server holds no trace of "Prefer tabs over spaces" nor of "10.0.0.7"

  Scenario: A reader cannot stage or promote, whatever its client does
    Given "alice" staged "Retry the deploy on registry timeouts" for a team reviewer
    When "bob" stages "Cache the wheels between CI runs" straight on the team server
    Then the team server refuses it
    When "bob" promotes the staged memory straight on the team server
    Then the team server refuses it
    And the team server still holds 0 beads and 1 staged memory
