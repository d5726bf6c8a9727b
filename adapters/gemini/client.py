"""Building the google-genai client: API key from settings, a request timeout, and retries with
exponential back-off on 408/429/5xx and on timeouts and connection errors (done by the SDK)."""

from typing import Any

from google import genai
from google.genai import types

RETRIED_STATUSES = [408, 429, 500, 502, 503, 504]


def build_gemini_client(
    api_key: str | None, *, timeout_s: float = 60.0, attempts: int = 3,
    initial_delay_s: float = 1.0, max_delay_s: float = 20.0, httpx_client: Any = None,
) -> genai.Client:
    """`httpx_client` (an `httpx2.Client`) is for tests: a mock transport instead of the network."""
    if not api_key:
        raise ValueError("Gemini is not configured: no GEMINI_API_KEY or GOOGLE_API_KEY")
    options = types.HttpOptions(
        timeout=int(timeout_s * 1000),
        retry_options=types.HttpRetryOptions(
            attempts=attempts, initial_delay=initial_delay_s, max_delay=max_delay_s,
            http_status_codes=RETRIED_STATUSES,
        ),
        httpx_client=httpx_client,
    )
    # vertexai=False: the API-key path only, even if GOOGLE_GENAI_USE_VERTEXAI is set.
    return genai.Client(vertexai=False, api_key=api_key, http_options=options)
