"""Properties every case of the corpus (``cases/``) must have, whatever its ruling.

* ``rulings solve --json`` output validates against the shipped schema and is identical
  across two runs; ``solve --ascii`` and ``solve --explain`` render without error;
* every restoration conserves the cards: each card of the deal (all 52 when the record
  starts at trick 1; a record starting at trick n holds 4 x (14 - n)) is in exactly one place, a
  hand or a trick (a penalty card lies face up but is still in its owner's hand, which is
  how ``TableState`` holds it: ``penalty_cards`` is a subset of the owner's ``hand``), and
  the hands the state caches equal the deal less the cards on the tricks;
* declarer's and dummy's cards are never penalty cards (48A);
* a penalty card in force at the end of a restoration is in the information ledger only as
  50E reads it, unauthorized to its owner's side, never to declarer's, also where it was
  withdrawn in an episode the declaring side caused (docs/decisions.md), and it has its 50E
  entry, whatever made it (beside its 16C one when it is a withdrawn play);
* the ledger holds one entry per card and law: no entry twice;
* every step's clause (and its further clauses) and every law in a restoration's ``laws``
  exists in clauses.tsv for the case's edition, and is one a rule of that edition declares
  (``rulings coverage`` counts those as implemented);
* a clause id the irregularities and notices name is one of the case's edition, not the
  other edition's number for it (a section of the edition, such as 2017 45D, may be named);
* every finding a restoration records is one a rule module declares (``FINDINGS``: the
  words the claim atom ``finding`` accepts).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from rulings.models import SEATS, Card
from rulings.models.table import TableState
from rulings.solver.casefile import load
from rulings.solver.clauses import ClauseBook
from rulings.solver.cli import app
from rulings.solver.coverage import implemented
from rulings.solver.engine import Restoration
from rulings.solver.export import schema
from rulings.solver.rulesets.catalog import findings
from rulings.solver.ruling import Ruling

ROOT = Path(__file__).resolve().parents[1]
CASES = sorted((ROOT / "cases").rglob("*.yaml"))
IDS = [str(p.relative_to(ROOT / "cases")) for p in CASES]
runner = CliRunner()


def test_the_corpus_is_there() -> None:
    assert len(CASES) >= 150


def conservation_problems(table: TableState) -> list[str]:
    """Where the cards of ``table`` are not each in exactly one place (empty: all is well)."""
    problems: list[str] = []
    dealt = {c for seat in SEATS for c in table.deal[seat].cards}
    if len(dealt) != 4 * (14 - table.first_trick):  # 52 from trick 1; earlier tricks are not on the table
        problems.append(f"{len(dealt)} cards dealt for a record starting at trick {table.first_trick}")
    places: Counter[Card] = Counter()
    for seat in SEATS:
        places.update(table.hand(seat))
    for trick in table.tricks:
        places.update(c for _, c in trick.plays)
    twice = sorted(str(c) for c, n in places.items() if n > 1)
    if twice:
        problems.append(f"in two places: {twice}")
    if set(places) != dealt:
        problems.append(f"lost: {sorted(str(c) for c in dealt - set(places))}, "
                        f"not dealt: {sorted(str(c) for c in set(places) - dealt)}")
    on_tricks = [{c for t in table.tricks for s, c in t.plays if s is seat} for seat in SEATS]
    for seat, played in zip(SEATS, on_tricks, strict=True):
        if table.hand(seat) != table.deal[seat].cards - played:
            problems.append(f"{seat}'s cached hand differs from the deal less his played cards")
    for pc in table.penalty_cards:
        if pc.card not in table.hand(pc.seat):
            problems.append(f"penalty card {pc} is not in {pc.seat}'s hand")
        if not table.is_defender(pc.seat):
            problems.append(f"penalty card {pc} belongs to declarer or dummy (48A)")
    if len({pc.card for pc in table.penalty_cards}) != len(table.penalty_cards):
        problems.append("a card is a penalty card twice")
    return problems


def clause_problems(r: Restoration, edition: str) -> list[str]:
    book = ClauseBook.load()
    cited = [c for step in r.path for c in step.clauses] + sorted(r.laws) + list(r.to_json()["laws"])
    problems = {f"restoration {r.number}: clause {c!r} not in the {edition} Laws" for c in cited if not book.has(c, edition)}
    # a clause a step applies is one a rule of the edition declares (``Rule.cites``): what
    # ``rulings coverage`` counts as implemented, so it never reports it out of scope
    declared = implemented(edition)
    problems |= {f"restoration {r.number}: clause {c!r} is applied but no {edition} rule declares it"
                 for c in cited if c not in declared}
    return sorted(problems)


#: a clause id in running text: law number, letter, then a digit and a lettered item (46B1(a))
CLAUSE_IN_TEXT = re.compile(r"(?<![\w.])(\d{1,2}[A-H]\d?(?:\([a-z]\))?)(?!\w)")


def printed_clause_problems(texts: list[str], edition: str) -> list[str]:
    """The clause ids ``texts`` name that are clauses of the other edition only: neither a
    clause of ``edition`` nor a section of it (a prefix of one of its ids)."""
    book = ClauseBook.load()
    other = "2007" if edition == "2017" else "2017"
    ids = book.ids(edition)
    return [f"{m.group(1)!r} is not a clause of the {edition} Laws: {text!r}" for text in texts
            for m in CLAUSE_IN_TEXT.finditer(text)
            if book.has(m.group(1), other) and not any(i.startswith(m.group(1)) for i in ids)]


def test_printed_clauses_are_the_editions() -> None:
    """The check notices the 2017 number of a 2007 clause and lets a section through."""
    assert printed_clause_problems(["S revoked: established when the offending side agreed to N's claim (63A4)"], "2007")
    assert not printed_clause_problems(["S revoked: established when the offending side agreed to N's claim (63A3)"], "2007")
    assert not printed_clause_problems(["declarer called H3 but dummy N placed HT (45D)"], "2017")


@pytest.mark.parametrize("path", CASES, ids=IDS)
def test_case_properties(path: Path) -> None:
    first = runner.invoke(app, ["solve", str(path), "--json"])
    assert first.exit_code == 0, first.output
    data = json.loads(first.stdout)
    jsonschema.validate(data, schema())
    second = runner.invoke(app, ["solve", str(path), "--json"])
    assert second.stdout == first.stdout, "solve --json differs between two runs"
    for view in (["--ascii"], ["--explain"]):  # the ruling tree and the director's script render
        shown = runner.invoke(app, ["solve", str(path), *view])
        assert shown.exit_code == 0 and shown.exception is None, shown.output

    case = load(path)
    ruling = Ruling(case)
    restorations = list(ruling.restorations())
    assert len(restorations) >= data["count"]  # JSON counts distinct restorations
    problems = conservation_problems(ruling.root.table)
    for r in restorations:
        problems += [f"restoration {r.number}: {p}" for p in conservation_problems(r.table)]
        problems += clause_problems(r, case.laws)
        problems += [f"restoration {r.number}: finding {f!r} is recorded but no rule module declares it (FINDINGS)"
                     for f in r.findings if f not in findings()]
        for pc in r.penalty_cards:
            assert pc.seat not in (r.table.declarer, r.table.dummy), f"restoration {r.number}: {pc} (48A)"
            assert all(i.unauthorized is pc.seat.side for i in r.ledger if i.seat is pc.seat and i.card == pc.card), (
                f"restoration {r.number}: penalty card {pc} unauthorized to declarer's side (50E)")
            assert any(i.seat is pc.seat and i.card == pc.card and i.ai_clause == "50E1"
                       for i in r.ledger), f"restoration {r.number}: penalty card {pc} has no 50E entry"
        twice = [f"{i.seat} {i.card} ({i.ai_clause}, {i.ui_clause})" for i, n in Counter(r.ledger).items() if n > 1]
        assert not twice, f"restoration {r.number}: ledger entries listed twice (one per card and law): {twice}"
    problems += printed_clause_problems([*ruling.irregularities, *ruling.found_later, *(n.text for n in ruling.notices)], case.laws)
    assert not problems, "\n".join(problems[:20])


def test_conservation_check_can_fail() -> None:
    """The checker notices a card in two places and a penalty card of dummy's."""
    case = load(CASES[0])
    table = case.replay().table
    assert conservation_problems(table) == []
    seat = SEATS[0]
    card = next(iter(table.hand(seat)))
    other = SEATS[1]
    doubled = table._evolve(holding=tuple(h | {card} if s is other else h for s, h in zip(SEATS, table.holding, strict=True)))
    assert any("two places" in p for p in conservation_problems(doubled))
    from rulings.models.table import PenaltyCard, PenaltyKind

    dummy = table.dummy
    dcard = next(iter(table.hand(dummy)))
    bad = table._evolve(penalty_cards=frozenset({PenaltyCard(dummy, dcard, PenaltyKind.MAJOR)}))
    assert any("48A" in p for p in conservation_problems(bad))


@pytest.mark.parametrize("path", CASES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_case_file_says_where_it_comes_from_and_what_it_expects(path: Path) -> None:
    """Every corpus case has a title, a source, notes that explain the ruling, and a ``count``
    claim among its expectations (the number of restorations, worked out from the Laws)."""
    import yaml

    data = yaml.safe_load(path.read_text())
    missing = [k for k in ("title", "source", "notes", "expect") if not data.get(k)]
    assert not missing, f"{path}: no {', '.join(missing)}"
    assert any(str(e).strip().startswith("count") or (isinstance(e, dict) and "count" in e) for e in data["expect"]), (
        f"{path}: no count claim")
