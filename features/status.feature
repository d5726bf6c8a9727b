@status
Feature: Memory status
  One look tells me how much is remembered, what waits for review and how much has faded.

  Background:
    Given I am working in the project "api"

  Scenario: An overview of what is remembered
    Given reviewed memories:
      | name  | text                          | project |
      | a     | Use structured logging        | api     |
      | b     | Pin the toolchain version     | global  |
      | c     | Cache the dependency downloads | web     |
    And a reviewed memory "old" last recalled 100 days ago
    And staged memories:
      | name | text                   | project |
      | s1   | Review flaky tests     | api     |
      | s2   | Rotate keys quarterly  | global  |
    When I star "a"
    And I ask for the status
    Then I see 4 reviewed memories, 2 waiting for review and 1 starred
    And the weights are 3 at 1.0, 1 at 0.5, 0 at 0.2 and 0 at 0.1
    And no review has happened yet

  Scenario: A fresh memory is empty
    When I ask for the status
    Then I see 0 reviewed memories, 0 waiting for review and 0 starred
