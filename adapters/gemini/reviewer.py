import httpx2
from google import genai
from google.genai import errors, types
from returns.result import Failure, Result, Success

from abzu.adapters.gemini.prompt import build_prompt
from abzu.adapters.gemini.schema import GeminiReview, StrictReview, checked
from abzu.application.review.ports import (
    ReviewAnswer,
    Reviewer,
    ReviewerIdentity,
    ReviewFailure,
    ReviewMalformed,
    ReviewUnavailable,
)
from abzu.domain.redaction import redact
from abzu.domain.review.model import ReviewBatch

MAX_RESPONSE_CHARS = 1_000_000


class GeminiReviewer(Reviewer):
    """Asks Gemini for structured decisions on one batch. Library errors never cross the port:
    transport faults and API errors (after the SDK's retries) are ReviewUnavailable; an answer
    that is not exactly the expected JSON is ReviewMalformed."""

    def __init__(self, client: genai.Client, model: str) -> None:
        self._client, self._model = client, model

    @property
    def identity(self) -> ReviewerIdentity:
        return ReviewerIdentity("gemini", self._model)

    def review(self, batch: ReviewBatch) -> Result[ReviewAnswer, ReviewFailure]:
        prompt = build_prompt(batch)
        config = types.GenerateContentConfig(
            system_instruction=prompt.system, response_mime_type="application/json",
            response_schema=GeminiReview, temperature=0.0,
        )
        try:
            response = self._client.models.generate_content(
                model=self._model, contents=prompt.user, config=config
            )
        except errors.APIError as exc:
            detail = redact(str(exc.message or "").splitlines()[0] if exc.message else "").text
            return Failure(ReviewUnavailable(f"Gemini answered {exc.code} {exc.status or ''} {detail}"
                                             .strip()))
        except httpx2.HTTPError as exc:
            return Failure(ReviewUnavailable(f"network error talking to Gemini ({type(exc).__name__})"))
        except ValueError as exc:  # a body the SDK cannot read at all (a proxy's HTML page…)
            return Failure(ReviewMalformed(f"unreadable reply ({type(exc).__name__})"))
        return parse_response(response)


def parse_response(response: types.GenerateContentResponse) -> Result[ReviewAnswer, ReviewFailure]:
    # What the answer cost is read from its usage metadata first: an answer that does not parse
    # was paid for all the same (issue 29.7).
    tokens_in, tokens_out = spent(response.usage_metadata)
    text = response.text or ""

    def malformed(reason: str) -> Result[ReviewAnswer, ReviewFailure]:
        return Failure(ReviewMalformed(reason, tokens_in, tokens_out))

    if _truncated(response):
        return malformed("the answer was cut off (MAX_TOKENS)")
    if not text.strip():
        return malformed("the answer was empty")
    if len(text) > MAX_RESPONSE_CHARS:
        return malformed(f"the answer is too large ({len(text)} characters)")
    answer = checked(StrictReview, text)
    if isinstance(answer, str):
        return malformed(f"not the expected JSON ({answer})")
    proposals = tuple(d.to_proposal() for d in answer.decisions)
    return Success(ReviewAnswer(proposals, tokens_in, tokens_out))


def spent(usage: types.GenerateContentResponseUsageMetadata | None) -> tuple[int, int]:
    """Tokens in and out; thinking tokens are billed as output, so they count as output."""
    if usage is None:
        return 0, 0
    answered = (usage.candidates_token_count or 0) + (usage.thoughts_token_count or 0)
    return usage.prompt_token_count or 0, answered


def _truncated(response: types.GenerateContentResponse) -> bool:
    candidates = response.candidates or []
    return bool(candidates) and candidates[0].finish_reason == types.FinishReason.MAX_TOKENS
