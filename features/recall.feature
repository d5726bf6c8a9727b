@recall
Feature: Recalling knowledge
  Recall searches permanent memory and the staging area together. My project comes first, then
  knowledge shared by every project, then other projects; reviewed knowledge ranks above
  knowledge that still waits for review; weak matches are left out.

  Background:
    Given I am working in the project "api"
    And reviewed memories:
      | name   | text                                   | project |
      | mine   | Deploys go through the release pipeline | api     |
      | shared | Deploys go through the release pipeline | global  |
      | theirs | Deploys go through the release pipeline | web     |

  Scenario: By default I see my project and shared knowledge, not other projects
    When I recall "deploys"
    Then I get "mine", "shared"

  Scenario: Looking across every project
    When I recall "deploys" across all projects
    Then I get "mine", "shared", "theirs"

  Scenario: Looking into another project by name
    When I recall "deploys" in the project "web"
    Then I get "theirs", "shared"

  Scenario: Equally relevant knowledge is ranked by where it belongs
    When I recall "deploys" across all projects
    Then the scores are 1.5, 1.2, 1.0

  Scenario: A weak match from my project does not outrank a strong shared one
    Given reviewed memories:
      | name   | text                                                                                               | project |
      | strong | Flaky tests: quarantine flaky tests and fix flaky tests within a week                              | global  |
      | weak   | Sprint notes on budget, hiring, roadmap, offsites, laptops, travel, one flaky demo, parking, lunch | api     |
    When I recall "flaky tests"
    Then I get "strong"

  Scenario: Knowledge waiting for review ranks below comparable reviewed knowledge
    Given reviewed memories:
      | name     | text                            | project |
      | reviewed | Vacuum the database every month | api     |
    And staged memories:
      | name   | text                            | project |
      | staged | Vacuum the database every month | api     |
    When I recall "vacuum"
    Then I get "reviewed", "staged"
    And "staged" is marked as not reviewed yet

  Scenario: A question without words finds nothing
    When I recall "?!"
    Then I get nothing
