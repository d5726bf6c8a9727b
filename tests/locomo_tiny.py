"""A tiny LoCoMo-format benchmark with known answers, written by the tests themselves."""

import json
from pathlib import Path
from typing import Any

SESSIONS_A = {
    1: ("1:00 pm on 3 March, 2023", [
        ("Ana", "I finally adopted a greyhound called Pixel from the shelter.", None),
        ("Ben", "Congratulations! How is Pixel settling in?", None),
        ("Ana", "She sleeps all day on the sofa, typical greyhound.", None),
        ("Ben", "I started learning the cello last month.", "a cello leaning on a chair in a music room"),
    ]),
    2: ("9:30 am on 12 April, 2023", [
        ("Ben", "My teacher says my bowing improved a lot.", None),
        ("Ana", "I ran the Lisbon half marathon on Sunday.", None),
        ("Ben", "Wow, what was your time?", None),
        ("Ana", "Just under two hours, and Pixel waited at the finish line.", None),
    ]),
    3: ("6:15 pm on 20 May, 2023", [
        ("Ana", "We are repainting the kitchen in olive green.", None),
        ("Ben", "Olive sounds lovely.", None),
        ("Ben", "I performed my first cello recital at the community hall.", None),
    ]),
}

QA_A = [
    ("What kind of dog did Ana adopt?", ["D1:1"], 4),
    ("When did Ana run the Lisbon half marathon?", ["D2:2"], 2),
    ("Which instrument does Ben play, and where was his recital?", ["D1:4; D3:3"], 1),
    ("What colour is Ana repainting her kitchen?", ["D:3:1"], 3),
    ("Did Ana adopt a cat?", [], 5),
    ("What did Ben say about the weather?", [], 4),
    ("How long did Ana need for the half marathon?", ["D02:04", "D9:9"], 4),
    ("Where did Ana buy paint?", ["D7:1"], 4),
]

SESSIONS_B = {
    1: ("10:00 am on 1 June, 2023", [
        ("Cleo", "Our team moved the billing service to Postgres.", None),
        ("Dev", "Did the migration cause any downtime?", None),
        ("Cleo", "Only four minutes during the cutover.", None),
    ]),
    2: ("4:00 pm on 9 June, 2023", [
        ("Dev", "I am reading a book about volcanoes in Iceland.", None),
        ("Cleo", "Volcanoes fascinate me too.", None),
    ]),
}

QA_B = [
    ("Which database did the billing service move to?", ["D1:1"], 4),
    ("What is Dev reading about?", ["D2:1"], 4),
]


def _conversation(speakers: tuple[str, str], sessions: dict[int, Any]) -> dict[str, Any]:
    conversation: dict[str, Any] = {"speaker_a": speakers[0], "speaker_b": speakers[1]}
    for number, (date, turns) in sessions.items():
        conversation[f"session_{number}_date_time"] = date
        conversation[f"session_{number}"] = [
            {"speaker": speaker, "dia_id": f"D{number}:{i}", "text": text}
            | ({"img_url": ["https://example.invalid/p.jpg"], "blip_caption": caption} if caption else {})
            for i, (speaker, text, caption) in enumerate(turns, start=1)
        ]
    return conversation


def _qa(rows: list[tuple[str, list[str], int]]) -> list[dict[str, Any]]:
    return [{"question": q, "answer": "-", "evidence": ev, "category": cat} for q, ev, cat in rows]


def write_tiny_locomo(path: Path) -> Path:
    samples = [
        {"sample_id": "conv-a", "conversation": _conversation(("Ana", "Ben"), SESSIONS_A), "qa": _qa(QA_A)},
        {"sample_id": "conv-b", "conversation": _conversation(("Cleo", "Dev"), SESSIONS_B), "qa": _qa(QA_B)},
    ]
    path.write_text(json.dumps(samples, indent=1), encoding="utf-8")
    return path
