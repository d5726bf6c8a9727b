"""Write a SYNTHETIC benchmark in LoCoMo's file format (not LoCoMo data, not LoCoMo figures).

    .venv/bin/python bench/locomo_synthetic.py OUT.json [--conversations 5] [--seed 7]

Two people chat over dated sessions; some turns state facts (with a follow-up detail and the
other person's reaction, which shares the topic's words), the rest is chit-chat. Questions
paraphrase the facts: single-hop (4), temporal (2), open-domain (3, little word overlap),
multi-hop (1, two facts), adversarial (5, about the wrong person). Evidence ids are written as
messily as in the real data now and then (`D:3:4`, `D05:07`, `D1:2; D4:9`, ids naming no turn).
"""

import argparse
import json
import random
import sys
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from synthetic_topics import FILLER, FIRST_NAMES, TOPICS


class Fact:
    def __init__(self, speaker: str, other: str, topic: dict[str, Any], rng: random.Random) -> None:
        slots = {name: rng.choice(options) for name, options in topic["slots"].items()}
        self.values = {"S": speaker, "O": other, **slots}
        self.speaker, self.other, self.topic = speaker, other, topic
        self.fact_id = self.detail_id = ""

    def text(self, key: str) -> str:
        return str(self.topic[key]).format(**self.values)


def _messy(dia_id: str, rng: random.Random) -> str:
    session, turn = dia_id[1:].split(":")
    roll = rng.random()
    if roll < 0.03:
        return f"D:{session}:{turn}"
    if roll < 0.06:
        return f"D{session}:{int(turn):02d}"
    return dia_id


Line = tuple[str, str, Fact | None, str]  # speaker, text, the fact it belongs to, its role


def _session(facts: list[Fact], speakers: tuple[str, str], size: int, rng: random.Random) -> list[Line]:
    blocks: list[list[Line]] = [
        [(f.speaker, f.text("fact"), f, "fact"), (f.other, f.text("reaction"), None, ""),
         (f.speaker, f.text("detail"), f, "detail")] for f in facts
    ]
    filler_count = max(0, size - 3 * len(blocks))
    blocks += [[(speakers[i % 2], rng.choice(FILLER), None, "")] for i in range(filler_count)]
    rng.shuffle(blocks)
    return [turn for block in blocks for turn in block]


def conversation(index: int, rng: random.Random, sessions: int, size: int, facts_each: int) -> dict[str, Any]:
    a, b = rng.sample(FIRST_NAMES, 2)
    # Each speaker talks about a topic once, so a question about it has one answer.
    facts = [Fact(s, o, t, rng) for s, o in ((a, b), (b, a)) for t in rng.sample(TOPICS, k=facts_each)]
    by_session: dict[int, list[Fact]] = {n: [] for n in range(1, sessions + 1)}
    for fact in facts:
        by_session[rng.randint(1, sessions)].append(fact)
    conv: dict[str, Any] = {"speaker_a": a, "speaker_b": b}
    when = datetime(2023, 1, 5, 9, 0) + timedelta(days=rng.randint(0, 60))
    for number, session_facts in by_session.items():
        when += timedelta(days=rng.randint(3, 20), minutes=rng.randint(0, 600))
        stamp = when.strftime("%-I:%M %p on %-d %B, %Y")
        conv[f"session_{number}_date_time"] = stamp.replace("AM", "am").replace("PM", "pm")
        turns = []
        for i, (speaker, text, fact, role) in enumerate(_session(session_facts, (a, b), size, rng), start=1):
            turn = {"speaker": speaker, "dia_id": f"D{number}:{i}", "text": text}
            if fact is not None:
                setattr(fact, f"{role}_id", turn["dia_id"])
            if fact is not None and role == "fact" and rng.random() < 0.08:
                turn |= {"img_url": ["https://example.invalid/photo.jpg"],
                         "blip_caption": f"a photo related to {text[:30].lower()}"}
            turns.append(turn)
        conv[f"session_{number}"] = turns
    return {"sample_id": f"synthetic-{index}", "conversation": conv, "qa": _questions(facts, rng)}


def _q(question: str, evidence: list[str], category: int) -> dict[str, Any]:
    return {"question": question, "answer": "(synthetic)", "evidence": evidence, "category": category}


def _questions(facts: list[Fact], rng: random.Random) -> list[dict[str, Any]]:
    qa = []
    for fact in facts:
        qa.append(_q(fact.text("single"), [_messy(fact.fact_id, rng)], 4))
        if rng.random() < 0.5:
            qa.append(_q(fact.text("about_detail"), [_messy(fact.detail_id, rng)], 4))
        if rng.random() < 0.5:
            qa.append(_q(fact.text("temporal"), [_messy(fact.fact_id, rng)], 2))
        if rng.random() < 0.3:
            qa.append(_q(fact.text("open"), [_messy(fact.fact_id, rng)], 3))
        if rng.random() < 0.2:
            swapped = str(fact.topic["single"]).format(**{**fact.values, "S": fact.other})
            qa.append(_q(swapped, [fact.fact_id], 5))
    for first, second in zip(facts[::5], facts[1::5], strict=False):
        if first.speaker == second.speaker:
            then = second.text("single")
            question = f"{first.text('single')[:-1]}, and {then[0].lower()}{then[1:]}"
            qa.append(_q(question, [f"{first.fact_id}; {second.fact_id}"], 1))
    for item in rng.sample(qa, k=max(1, len(qa) // 100)):
        item["evidence"] = [f"D{rng.randint(90, 99)}:1"] if rng.random() < 0.5 else []
    return qa


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("out", type=Path)
    parser.add_argument("--conversations", type=int, default=5)
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--turns-per-session", type=int, default=30)
    parser.add_argument("--facts-per-speaker", type=int, default=24)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    samples = [conversation(i, rng, args.sessions, args.turns_per_session, args.facts_per_speaker)
               for i in range(1, args.conversations + 1)]
    args.out.write_text(json.dumps(samples, indent=1), encoding="utf-8")
    turns = sum(len(v) for s in samples for k, v in s["conversation"].items() if isinstance(v, list))
    scored = sum(1 for s in samples for q in s["qa"] if q["category"] != 5)
    print(f"SYNTHETIC benchmark: {len(samples)} conversations, {turns} turns, "
          f"{scored} non-adversarial questions -> {args.out}")


if __name__ == "__main__":
    main()
