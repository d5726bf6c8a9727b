@enki
Feature: The user profile
  Short facts the user states about themselves (editor, language, test style) are kept in the
  profile, one value per key, and shown to the agent at the start of every session inside the
  persona. Inferred entries are kept but not shown; entries for another project stay out.

  Scenario: Explicit entries reach the next session's briefing
    Given the user sets their profile "editor" to "neovim, no plugins"
    And the user sets their profile "tests" to "pytest, never unittest" for the project "api"
    And the user sets their profile "reviewer" to "Dana" for the project "web"
    And the user's profile "mood" is inferred as "impatient"
    When a session starts in the "api" repository
    Then the briefing's persona shows "editor: neovim, no plugins" and "tests: pytest, never unittest"
    And the briefing does not show "Dana" or "impatient"

  Scenario: The profile lists every entry and a key holds one value
    Given the user sets their profile "editor" to "vim"
    And the user sets their profile "editor" to "helix"
    When the user lists their profile
    Then the profile lists "editor = helix" once and not "vim"

  Scenario: A bad source is refused in one line
    When the user sets a profile entry with the source "guessed"
    Then the profile command fails with "unknown source 'guessed': use one of explicit, inferred, codebase"
