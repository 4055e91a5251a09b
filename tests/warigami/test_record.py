"""The example record in docs/records replays to the same end, and a saved game replays exactly."""

from __future__ import annotations

import json

from game.paths import docs_dir
from game.records import Record
from game.session import Session


def test_example_record_replays_to_its_result():
    rec = Record.load(docs_dir() / "records" / "warigami-example.json")
    assert rec.game == "warigami"
    kinds = set()
    for _, action, _, _ in rec.steps():
        kinds.add(type(action).__name__)
    state = rec.replay()
    assert state.is_over()
    res = state.result()
    assert res is not None and len(res.winners) == 1 and not state.round_limit_reached()
    assert {"Squad", "Place", "Move", "Attack", "EndTurn"} <= kinds


def test_session_record_of_a_random_game_replays_exactly():
    sess = Session.new("warigami", {"level": "skirmish", "units": 3, "round_limit": 5}, 9, ["random", "random"],
                       autosave=False)
    from game.rules.warigami import RULESET

    agents = [RULESET.make_agent("random", sess.game, i) for i in range(2)]
    while not sess.state.is_over():
        sess.submit(agents[sess.state.current_player()].choose(sess.state))
    rec = Record.from_json(json.loads(json.dumps(sess.record.to_json())))
    assert rec.replay().to_json() == sess.state.to_json()
