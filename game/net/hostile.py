"""Frames a hostile or broken client might send (tests and the figures script).

Every one must get an answer (an error reply, or for a valid message its normal reply) and
harm no room.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator


def hostile_frames(rng: random.Random, room: str, n: int) -> Iterator[str | bytes]:
    """Frames a hostile or broken client might send: every one must be answered."""
    fixed: list[str | bytes] = [
        b"\x00\x01binary", "", " ", "{", "[]", "null", "42", '"text"', "{}", '{"type": 5}',
        '{"type": "nope"}', '{"type": "hello", "protocol": 1, "app": "x"}',
        '{"type": "act"}', '{"type": "act", "at": "0", "action": {}}', '{"type": "act", "at": 0, "action": 5}',
        '{"type": "act", "at": 1e400, "action": {}}', '{"type": "act", "at": NaN, "action": {}}',
        '{"type": "act", "at": 0, "action": {"type": "Squad", "kinds": [' + ",".join(['"smg"'] * 5000) + "]}}",
        '{"type": "act", "at": 99999999999999999999999999, "action": {}}',
        "[" * 100 + "]" * 100, '{"type": "join", "room": "../../etc/passwd"}',
        '{"type": "join", "room": "' + room + '", "token": "\\u0000"}',
        '{"type": "chat", "text": "\\ud800"}', '{"type": "undo", "at": -1}',
        '{"type": "hand_over", "seat": 99}', '{"type": "sync", "extra": 1}',
        '{"type": "create", "game": "tigers", "seats": ["remote", "root"]}',
        '{"type": "create", "game": "chess", "seats": []}',
        '{"type": "create", "game": "amoeba", "seats": ["remote", "remote"], "settings": {"players": 99}}',
        '{"type": "act", "at": 0, "action": {"type": "Squad", "kinds": ["smg"], "x": 1}}',
        '{"type": "act", "at": 0, "action": {"type": "__class__"}}',
        "\ufeff{}", '{"type":"ping"' + " " * 1000,
        '{"type": "take_back"}', '{"type": "legal", "seat": 0}', '{"type": "hand_over", "seat": 0}',
        '{"type": "create", "game": "tigers", "seats": ["remote", "remote"], "pins": {"faces": [6, 6, 6]}}',
        '{"type": "create", "game": "tigers", "seats": ["remote", "remote"], "seed": 9223372036854775808}',
        '{"type": "create", "game": "tigers", "seats": ["remote", "remote"], "settings": {"seed": 1}}',
    ]
    for i in range(n):
        if i < len(fixed):
            yield fixed[i]
            continue
        k = rng.random()
        if k < 0.3:
            yield bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64))).decode("latin-1")
        elif k < 0.6:
            base = rng.choice(fixed[8:])
            if isinstance(base, bytes):
                yield base
                continue
            pos = rng.randrange(max(1, len(base)))
            yield base[:pos] + rng.choice(['"', "{", "]", "\\", "0", "-", "e9", "\x7f"]) + base[pos + 1:]
        else:
            yield json.dumps({"type": rng.choice(["act", "undo", "join", "chat", "create", "hand_over", "x"]),
                              rng.choice(["at", "room", "text", "seat", "action", "seats"]):
                                  rng.choice([None, True, -1, 2 ** 70, 1.5, "", "A" * 300, [], {}, [[[]]]])})
