@secrets
Feature: Secrets and private notes are never kept
  Coding sessions are full of keys, tokens and passwords. Abzu replaces every secret it recognises
  with a marker naming what it was before anything is stored, and drops whatever the user wraps in
  <private>…</private> entirely.

  Background:
    Given I am working in the project "api"

  Scenario: A token in a preference is kept as a marker, never as its value
    When I remember a preference that mentions a freshly made GitHub token
    Then permanent memory holds the preference with a "github-pat" marker in place of the token
    And no trace of the token is left in the memory files

  Scenario: A private note inside a memory is dropped entirely
    When I remember the learning "Staging lives on fly.io <private>my card ends 4242</private> in ams"
    Then the stored text is "Staging lives on fly.io  in ams"

  Scenario: A memory that is entirely private is refused
    When I remember the learning "<private>only for me</private>"
    Then I am told "content is empty: nothing to remember"
    And nothing was stored
