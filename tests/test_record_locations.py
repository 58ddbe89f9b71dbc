"""Where an error in a test-set record is: a record of a JSON lines set has one line in the
file, so an error about its case names the file, that line, the record's id and the play
entry (``play[3] 'E SA'``) or field entry (``penalty[0]``) at fault, and a message naming
another line of the record names it as a play entry (``play ended at play[2]``): never a
line of a rendering of the case the user does not see. In a YAML stream of records every
entry has its own line, which the error gives. ``coverage`` and ``score`` locate alike."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from rulings.solver.cli import app

runner = CliRunner()

BASE: dict[str, Any] = {"title": "t", "laws": 2017, "contract": "4S", "declarer": "S",
                        "deal": "N:A643.KJT8.92.AK3 2.653.QJT7.T9842 KQ97.Q9.AK54.J75 JT85.A742.863.Q6"}

#: (id, play lines, other fields, the message after "record 'id', case: ", the play entry at fault)
RECORDS: list[tuple[str, list[str], dict[str, Any], str, int | None]] = [
    ("after-claim", ["W D3", "N D2", "S claims 13", "attention W", "resume"], {},
     "play[4] 'resume': play ended at play[2] ('S claims 13'); the record cannot be played on", 4),
    ("card-after-claim", ["W D3", "N D2", "S claims 13", "S DA", "attention W"], {},
     "play[3] 'S DA': play ended at play[2] ('S claims 13'); no card is played after the end of play", 3),
    ("second-remaining", ["W D3", "remaining NS 6 EW 7", "remaining NS 6 EW 7", "attention W"], {},
     "play[2] 'remaining NS 6 EW 7': play ended at play[1] ('remaining NS 6 EW 7'); a record ends play once", 2),
    ("not-in-hand", ["W D3", "N D2", "E SA", "attention S"], {},
     "play[2] 'E SA': card 'SA' is not in E's hand (it is in N's hand)", 2),
    ("bad-card", ["W D3", "N ZZ", "attention S"], {}, "play[1]: bad card 'ZZ' in play line 'N ZZ'", 1),
    ("count", ["W D3", "remaining NS 3 EW 3", "attention S"], {},
     "play[1] 'remaining NS 3 EW 3' counts 6 tricks, but 13 are left to play", 1),
    ("dummy-calls", ["W D3", "N calls D2", "attention S"], {},
     "play[1] 'N calls D2': N is dummy; only declarer (S) designates dummy's cards", 1),
    ("dummy-claims", ["W D3", "N claims 12", "attention S"], {},
     "play[1] 'N claims 12': N is dummy, who takes no part in the play", 1),
    ("penalty", ["W D3", "attention S"], {"penalty": ["E SX major"]}, "penalty[0]: ", None),
]


def _jsonl(tmp_path: Path) -> Path:
    path = tmp_path / "set.jsonl"
    path.write_text("".join(json.dumps({"id": rid, "case": {**BASE, **extra, "play": play}, "ruling": {"restorations": []}}) + "\n"
                            for rid, play, extra, _, _ in RECORDS), encoding="utf-8")
    return path


def test_coverage_names_the_record_line_and_the_play_entry(tmp_path: Path) -> None:
    path = _jsonl(tmp_path)
    res = runner.invoke(app, ["coverage", str(path)])
    assert res.exit_code == 1
    for n, (rid, _, _, words, _) in enumerate(RECORDS, 1):
        assert f"error: {path}:{n}: record {rid!r}, case: {words}" in res.stderr, res.stderr
    assert "None" not in res.stderr and not re.search(r"line \d", res.stderr)


@pytest.mark.parametrize("n", range(len(RECORDS)))
def test_score_locates_as_coverage_does(tmp_path: Path, n: int) -> None:
    """Without --against each case is solved: an error in it is at the record's line of their
    file, not at a line of the case rendered as YAML (``set.jsonl:1:12``)."""
    rid, play, extra, words, _ = RECORDS[n]
    path = tmp_path / "theirs.jsonl"
    path.write_text(json.dumps({"id": rid, "case": {**BASE, **extra, "play": play}, "ruling": {"restorations": []}}) + "\n",
                    encoding="utf-8")
    res = runner.invoke(app, ["score", str(path)])
    assert res.exit_code == 1
    assert f"error: {path}:1: record {rid!r}, case: {words}" in res.output, res.output
    assert not re.search(r"\.jsonl:1:\d", res.output)


def test_a_yaml_stream_gives_the_file_line_of_the_play_entry(tmp_path: Path) -> None:
    path = tmp_path / "set.yaml"
    path.write_text("".join("---\n" + yaml.safe_dump({"id": rid, "case": {**BASE, **extra, "play": play}}, sort_keys=False)
                            for rid, play, extra, _, _ in RECORDS), encoding="utf-8")
    text = path.read_text(encoding="utf-8").splitlines()
    res = runner.invoke(app, ["coverage", str(path)])
    assert res.exit_code == 1
    errors = [line for line in res.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == len(RECORDS)
    for err, (rid, play, _, _, entry) in zip(errors, RECORDS, strict=True):
        line = int(err.split(":")[2])
        assert f"record {rid!r}, case: " in err and "play[" not in err
        if entry is not None:
            assert text[line - 1].strip() == f"- {play[entry]}", (err, text[line - 1])
        if "play ended at line" in err:
            ended = int(err.split("play ended at line ")[1].split()[0])
            assert text[ended - 1].strip().startswith("- ") and ("claims" in text[ended - 1] or "remaining" in text[ended - 1])


# ----- the first bad line in record order is the one named ------------------------------------------
ORDER_BASE = ('laws: 2017\ndeal: "N:T97.K6.AJT82.QT4 Q84.QJ32.Q43.K96 AK532.54.9.AJ832 J6.AT987.K765.75"\n'
              "contract: 1NT\ndeclarer: N\nplay:\n")


def _first_error(lines: list[str], tmp_path: Path) -> str:
    path = tmp_path / "case.yaml"
    path.write_text(ORDER_BASE + "".join(f"  - {line}\n" for line in [*lines, "attention E"]), encoding="utf-8")
    result = runner.invoke(app, ["solve", str(path)])
    assert result.exit_code == 1, result.output
    said = " ".join(result.output.split())
    return said.split(f"error: {path}:", 1)[1]


@pytest.mark.parametrize(("lines", "first"), [
    # dummy S faces C2 after declarer's call of S5 and N's card: N's SA (he never held it) is
    # the first bad line, before dummy's facing of a card the call did not designate
    (["E C6", "S CA", "W C5", "N CQ", "N calls S5", "N SA", "S C2"], "11: card 'SA' is not in N's hand"),
    # a card never held, then a line no seat may say (dummy's call, dummy's claim) or one that
    # does not parse: the card's line first
    (["E C6", "S CA", "W SA", "S calls C2"], "8: card 'SA' is not in W's hand"),
    (["E C6", "S CA", "W SA", "N CQ", "S claims 5"], "8: card 'SA' is not in W's hand"),
    (["E C6", "S CA", "W SA", "N CQ", "director finds foo"], "8: card 'SA' is not in W's hand"),
    # with no bad line before it, the later line's own error
    (["E C6", "S CA", "W C5", "N CQ", "S calls C2"], "10: 'S calls C2': S is dummy"),
    # a card played again that its player held in the deal (a ruling may place it: a refused
    # lead out of turn played later) does not take the place of the later line's error
    (["E C6", "S CA", "W C5", "N CQ", "E C6", "director finds foo"], "11: unknown finding 'foo'"),
])
def test_the_first_bad_line_of_the_record_is_named(lines: list[str], first: str, tmp_path: Path) -> None:
    """A record with two bad lines names the first in record order, whichever check finds the
    later one (the reader looking ahead from a call to dummy's facing line, a line no seat may
    say, a line that does not parse), each at its file line."""
    assert _first_error(lines, tmp_path).startswith(first)


def test_the_reader_names_the_first_bad_line_of_cards_it_places_in_another_order() -> None:
    """East's second card in trick 1 before his partner played is his lead to trick 2, placed
    after the trick's last cards (an early lead): when both his card and a later card of the
    trick are not held, the reader names his, the first in record order."""
    from rulings.models.case import replay_events
    from rulings.models.errors import RulingError
    from rulings.solver.casefile import loads

    case = loads(ORDER_BASE + "".join(f"  - {line}\n" for line in ["E C6", "S CA", "E DA", "W C5", "N SA", "attention E"]))
    with pytest.raises(RulingError) as err:
        replay_events(case.initial_state(), case.events)
    assert err.value.line == 8 and "'DA' is not in E's hand" in str(err.value)
