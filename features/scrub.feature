@scrub
Feature: Scrubbing secrets stored before a rule caught them
  Redaction rules improve over time. A secret stored before its rule existed stays in Abzu's
  files until it is scrubbed: in the memories, in the search index, in the copies kept to undo
  a review, in the log and in the hook journal. Scrubbing replaces every such secret by a
  redaction marker and leaves no trace of it in any file, while the memories stay findable.

  Background:
    Given a GitHub token and an AWS key were stored before any rule caught them

  Scenario: Scrubbing removes every trace and keeps the memories findable
    When I scrub everything Abzu has stored
    Then no file of Abzu contains either secret
    And the memories are still found by their other words
    And searching for the token finds nothing
    And the scrub says how many items it changed

  Scenario: A second scrub finds nothing left to change
    When I scrub everything Abzu has stored
    And I scrub everything Abzu has stored
    Then the last scrub says nothing changed

  Scenario: A dry run only tells what would change
    When I ask what a scrub would change
    Then the scrub says how many items would change
    And the secrets are still stored
