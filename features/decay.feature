@decay
Feature: Decay
  Knowledge nobody recalls slowly loses weight in the ranking. Decay never deletes anything.

  Background:
    Given I am working in the project "api"

  Scenario Outline: Weight follows the time since the last recall
    Given a reviewed memory "note" last recalled <days> days ago
    When the decay pass runs
    Then "note" has weight <weight>

    Examples:
      | days | weight |
      | 29   | 1.0    |
      | 30   | 1.0    |
      | 89   | 1.0    |
      | 90   | 0.5    |
      | 179  | 0.5    |
      | 180  | 0.2    |
      | 364  | 0.2    |
      | 365  | 0.1    |

  Scenario: Knowledge never recalled ages from the day it was remembered
    Given a reviewed memory "note" created 200 days ago and never recalled
    When the decay pass runs
    Then "note" has weight 0.2

  Scenario: Preferences never fade
    When I remember the preference "Prefer small pull requests"
    And 1000 days pass
    And the decay pass runs
    Then it has weight 1.0

  Scenario: Recalling faded knowledge brings it back to full weight
    Given a reviewed memory "note" last recalled 400 days ago
    When I recall "note"
    And the decay pass runs
    Then "note" has weight 1.0

  Scenario: Decay never deletes; only the reviewer's flag does
    Given a reviewed memory "ancient" last recalled 2000 days ago
    And a reviewed memory "wrong" flagged by the reviewer as "contradicted by the new schema"
    When the decay pass runs
    Then "ancient" has weight 0.1
    And "wrong" is gone

  Scenario: Patterns decay slower than other knowledge
    Given a reviewed memory "fix" last recalled 150 days ago
    And a reviewed pattern "approach" last recalled 150 days ago
    When the decay pass runs
    Then "fix" has weight 0.5
    And "approach" has weight 1.0
