"""The command line contract: replay, selfplay, smoke, bench; clear one-line errors, exit 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game.cli import main
from game.records import Record
from game.saves import SAVE_VERSION, SaveError, latest_autosave, load_save, save_data, write_save
from game.session import Session

ROOT = Path(__file__).resolve().parent.parent


def pig_record(tmp_path, actions=None):
    sess = Session.new("pig", {}, seed=5, seats=["human", "human"], autosave=False)
    from tests.toy_game import Hold, Roll

    for a in actions or [Roll(), Roll(), Hold()]:
        if not sess.state.is_over():
            try:
                sess.submit(a)
            except Exception:
                break
    path = tmp_path / "game.json"
    path.write_text(json.dumps(sess.record.to_json()))
    return path, sess


def test_replay_prints_actions_and_result(tmp_path, capsys):
    path, sess = pig_record(tmp_path)
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["actions"] == len(sess.record.actions)
    assert out["steps"][0]["action"] == "roll"


@pytest.mark.parametrize("content, words", [
    ("{not json", "damaged or cut short"),
    ("", "empty"),
    ('{"format": "something-else"}', "not a Paper Wars record"),
    ('{"format": "paperwars-record", "version": 99, "game": "pig", "seed": 1}', "newer Paper Wars"),
    ('{"format": "paperwars-record", "version": 1, "game": "chess", "seed": 1}', "unknown game"),
    ('{"format": "paperwars-record", "version": 1, "game": "pig", "seed": 1, "actions": [{"type": "Hold"}]}',
     "Action 0"),
])
def test_replay_refuses_bad_files_in_one_line_with_exit_2(tmp_path, capsys, content, words):
    path = tmp_path / "bad.json"
    path.write_text(content)
    before = path.read_bytes()
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and "\n" not in err and "Traceback" not in err
    assert path.read_bytes() == before


def test_replay_of_illegal_action_names_index_and_rule(tmp_path, capsys):
    data = {"format": "paperwars-record", "version": 1, "game": "pig", "seed": 1,
            "actions": [{"type": "Roll"}, {"type": "Hold"}, {"type": "Hold"}]}
    path = tmp_path / "x.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "Action 2" in err and "[P-1]" in err


def test_selfplay_json_contract(capsys):
    assert main(["selfplay", "pig", "--games", "6", "--players", "random,random", "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "pig" and out["games"] == 6
    assert set(out["win_rate"]) == {"random"}
    assert 0 <= out["draw_rate"] <= 1


@pytest.mark.parametrize("args, words", [
    (["--computer", "nonsense"], "no computer player called 'nonsense'"),
    (["--frames", "0"], "--frames must be 1 or more"),
])
def test_smoke_refuses_a_computer_no_game_has_or_no_frames_in_one_line_with_exit_2(capsys, args, words):
    assert main(["smoke", "--quiet", *args]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and "\n" not in err


def test_smoke_plays_each_game_with_the_computer_and_frames_it_is_given(monkeypatch):
    import game.smoke

    seen = {}
    monkeypatch.setattr(game.smoke, "smoke", lambda **kw: seen.update(kw) or 0)
    assert main(["smoke", "--quiet", "--computer", "random", "--frames", "300"]) == 0
    assert seen["computer"] == "random" and seen["max_frames"] == 300 and seen["games"] is True


def test_saves_refuse_foreign_newer_truncated_and_never_touch_the_file(tmp_path):
    rec = Record("pig", {}, 1, [])
    cases = {
        "foreign.json": json.dumps({"hello": 1}),
        "newer.json": json.dumps({**save_data(rec), "version": SAVE_VERSION + 1}),
        "truncated.json": json.dumps(save_data(rec))[:30],
        "binary.json": None,
    }
    for name, text in cases.items():
        path = tmp_path / name
        if text is None:
            path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff")
        else:
            path.write_text(text)
        before = path.read_bytes()
        with pytest.raises(SaveError) as info:
            load_save(path)
        assert str(info.value)
        assert path.read_bytes() == before, name


def test_old_save_versions_are_upgraded(tmp_path):
    rec = Record("pig", {}, 1, [{"type": "Roll"}])
    data = save_data(rec)
    data["version"] = 1
    data["seats"] = data["record"].pop("seats", ["human", "random"]) or ["human", "random"]
    path = tmp_path / "v1.json"
    path.write_text(json.dumps(data))
    loaded = load_save(path)
    assert loaded.seats == ["human", "random"]
    assert loaded.actions == [{"type": "Roll"}]


def test_kill_dash_nine_mid_game_keeps_every_completed_action(tmp_path):
    home = tmp_path / "home"
    script = textwrap.dedent("""
        import sys, time
        sys.path.insert(0, %r)
        from game import registry
        from tests.toy_game import pig_ruleset, Roll, Hold
        registry.register(pig_ruleset())
        from game.session import Session
        s = Session.new("pig", {"target": 100}, 8, ["human", "human"])
        i = 0
        while not s.state.is_over():
            s.submit(Roll() if s.state.turn_total < 10 else Hold())
            i += 1
            print(i, flush=True)
            time.sleep(0.005)
    """ % str(ROOT))
    env = dict(os.environ, PAPERWARS_HOME=str(home))
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, env=env)
    done = 0
    assert proc.stdout is not None
    for line in proc.stdout:
        done = int(line)
        if done >= 40:
            break
    proc.kill()  # SIGKILL on POSIX, TerminateProcess on Windows: no chance to clean up either way
    proc.wait()
    os.environ["PAPERWARS_HOME"] = str(home)
    rec = load_save(latest_autosave())
    assert len(rec.actions) >= 40
    Session(rec, autosave=False)  # restores without complaint


def test_write_save_is_atomic_and_leaves_no_temp_files(tmp_path):
    path = tmp_path / "s.json"
    write_save(path, Record("pig", {}, 1, []))
    write_save(path, Record("pig", {}, 2, []))
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]
    assert load_save(path).seed == 2
