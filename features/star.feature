@star
Feature: Starring a memory
  A starred memory keeps full weight forever, however long nobody recalls it.

  Background:
    Given I am working in the project "api"

  Scenario: A starred memory keeps full weight
    Given a reviewed memory "wal" last recalled 200 days ago
    When I star "wal"
    Then "wal" is starred with weight 1.0
    When 400 days pass
    And the decay pass runs
    Then "wal" has weight 1.0

  Scenario: Starring twice changes nothing
    Given a reviewed memory "wal" last recalled 1 days ago
    When I star "wal"
    And I star "wal"
    Then "wal" is starred with weight 1.0

  Scenario: Knowledge waiting for review cannot be starred yet
    Given staged memories:
      | name   | text                  | project |
      | staged | Vacuum every month    | api     |
    When I star "staged"
    Then I am told it must be reviewed before it can be starred

  Scenario: Starring something that does not exist
    When I star an unknown memory "b-unknown"
    Then I am told "no bead with id 'b-unknown'"
