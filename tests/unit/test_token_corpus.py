"""Issue 20.2: realistic fake tokens of every covered provider format are caught in every
setting they show up in, and the leaks measured against a fresh install are closed."""

import pytest

from abzu.domain.redaction import redact
from tests.token_corpus import FORMATS, SETTINGS, corpus, leaked

ROWS = corpus()


def test_the_corpus_covers_at_least_sixty_formats_in_five_settings() -> None:
    assert len(FORMATS) >= 60 and set(SETTINGS) == {"prose", "KEY=value", "JSON", "tool output", "URL"}


@pytest.mark.parametrize("setting", list(SETTINGS))
def test_at_least_95_percent_of_formats_are_caught_in_every_setting(setting: str) -> None:
    rows = [r for r in ROWS if r[1] == setting]
    missed = [name for name, _, tok, text in rows if leaked(tok, redact(text).text)]
    assert len(missed) <= len(rows) * 0.05, missed


NAMED_LEAKS = {
    "azure storage AccountKey": (
        "DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=q8Xv3kLmN0pQ7rS2tU5wY9zA1bC4dE6fG8hJ"
        "0kL2mN4pQ6rS8tU0wY2zA4bC6dE8fG0hJ2kL4mN6pQ8rS0tU2w==;EndpointSuffix=core.windows.net",
        "q8Xv3kLmN0pQ7rS2"),
    "gcp private_key_id": (
        '{"type": "service_account", "private_key_id": "3f9a1c7e5b2d8f4a6c0e9b1d3f5a7c9e2b4d6f8a"}',
        "3f9a1c7e5b2d8f4a"),
    "mailgun key-": ("MAILGUN_API_KEY is key-6d9cd389a0a072ee12d521cb3ea925c8", "6d9cd389a0a072ee"),
    "twilio secret in prose": ("Twilio API key SK2f9c4e1a7b3d5f8e0a2c4e6b8d0f1a3c with secret "
                               "Xq7LmN2pR9sT4vW6yZ1bC3dF5gH8jK0m", "Xq7LmN2pR9sT4vW6"),
    "letters-only password in prose": ("For the staging box the password is sunflower.", "sunflower"),
    "passphrase with spaces": ("My passphrase is correct horse battery staple.", "horse battery"),
    "quoted passphrase": ('the passphrase is "violet lantern over quiet harbor"', "lantern over"),
    "sudo -S pipe": ("echo 'Tr0ub4dor&3x' | sudo -S apt-get install nginx", "Tr0ub4dor"),
    "pw is": ("ssh in as deploy, pw is Kq9!mzLp2", "Kq9!mzLp2"),
}


@pytest.mark.parametrize("name", list(NAMED_LEAKS))
def test_the_leaks_measured_on_a_fresh_install_are_closed(name: str) -> None:
    text, secret = NAMED_LEAKS[name]
    assert secret not in redact(text).text


@pytest.mark.parametrize("text", [
    "the password is required", "the password is stored in the vault", "password is typically hashed",
    "The passphrase is used to unlock the key.", "the password is different from the username",
    "secret management is hard", "echo hello | sudo tee /etc/motd", "key-value store",
])
def test_ordinary_sentences_about_passwords_stay(text: str) -> None:
    assert redact(text).text == text
