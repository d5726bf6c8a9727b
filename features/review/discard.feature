@review
Feature: Discarding noise from staging
  Noise, over-granular notes and duplicates are deleted from staging. A reviewer that wants to
  throw away most of what it saw is held back until a person allows it.

  Scenario: The reviewer discards noise
    Given a staged learning "Ran the tests again"
    When the reviewer discards that learning as "noise"
    Then nothing is left in staging
    And permanent memory is empty

  Scenario: A review that discards almost everything is held back
    Given 12 staged learnings
    When the reviewer discards all of them
    Then 12 learnings are still staged
    And the review says a batch was held back
