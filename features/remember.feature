@remember
Feature: Remembering knowledge
  Preferences become permanent memory at once. Decisions, learnings, patterns and fixes wait in
  staging until a reviewer has looked at them.

  Background:
    Given I am working in the project "api"

  Scenario: A preference goes straight to permanent memory
    When I remember the preference "Always use strict typing in Python"
    Then it is kept in permanent memory for "api"
    And nothing is waiting for review

  Scenario Outline: Other knowledge waits for review
    When I remember the <kind> "Retries need jitter to avoid thundering herds"
    Then it is waiting for review for "api"
    And permanent memory is still empty

    Examples:
      | kind     |
      | decision |
      | learning |
      | pattern  |
      | fix      |

  Scenario: Knowledge for every project
    When I remember the learning "Timeouts must always be explicit" for every project
    Then it is waiting for review for every project

  Scenario: Knowledge for a project I am not in
    When I remember the decision "The web app renders on the server" for the project "web"
    Then it is waiting for review for "web"

  Scenario: Empty text is refused
    When I remember an empty learning
    Then I am told "content is empty: nothing to remember"
    And nothing was stored

  Scenario: Text over the limit is refused, never cut short
    When I remember a learning of 8193 characters
    Then I am told "content is 8193 characters; the limit is 8192 (split it into smaller memories or summarise it)"
    And nothing was stored

  Scenario: An unknown kind of knowledge is refused
    When I remember the lesson "Retries need jitter"
    Then I am told "unknown category 'lesson': use one of decision, learning, pattern, fix, preference"
    And nothing was stored
