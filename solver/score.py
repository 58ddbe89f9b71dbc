"""Scoring another engine's rulings against ours (``rulings score THEIR.jsonl``).

Their file holds one record a line, ``{"id": ..., "case": {...}, "ruling": {...}}``, the shape
``rulings generate --with-ruling --format jsonl`` writes (docs/scoring.md); ``ruling`` needs
only ``restorations``, each with ``tricks``, ``withdrawn``, ``penalty_cards``, ``lead``,
``laws`` and ``path`` as in our JSON schema, each checked as it is read (a field of the wrong
kind, an id given twice: a located error). Our ruling of each case is computed from its
``case`` or read from a reference file of ours (``--against``).

Comparison, case by case:

- A restoration is identified by its outcome: the tricks as restored, the cards withdrawn,
  the penalty cards, the next leader, whether the revoke is established and the Law 64
  transfer. Restorations with the same outcome in both rulings are *matched*; a clause in
  the ``laws`` of one of a matched pair but not the other is *miscited*.
- A restoration of ours with no match is *missing* from theirs; one of theirs with no match
  is *extra*. Each is blamed on the first step of its path that the other ruling never
  takes: a step is the clause, the seat acting, the cards it names and the kind of penalty
  card it makes (so prose need not match). The steps before it are shared, the steps after it are its consequences.
  When the other ruling takes every step but rules another outcome, each part of the outcome
  that differs is blamed on the clause of the step that decides it (:data:`DECIDES`: 50B
  the kind of a penalty card, a Law 64 clause the transfer, ...).
- A clause is *involved* in a case when a restoration of either ruling applies it; it is
  *wrong* in that case when it is blamed or miscited there. Agreement per clause is the
  share of the cases involving it where it is not wrong. A law family (the law's number:
  62C2 is Law 62) is involved in a case when one of its clauses is, wrong when one of its
  clauses is wrong there: each case counts once per family (``clause_cases`` keeps the sum
  over the family's clauses).
- With ``--against``, a record of ours that their file does not answer is *unanswered*: it
  counts as a case that does not agree, every clause our ruling of it applies being wrong
  there ("no answer").
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import field
from functools import lru_cache
from pathlib import Path
from typing import Any

from rulings.models.case import DecisionSetting
from rulings.models.dataclass import dataclass
from rulings.models.errors import CaseFileError

#: the words of a step compared: the cards it names and the kind of penalty card it makes
TOKEN = re.compile(r"\b(?:[SHDC](?:10|[2-9TJQKA])|major|minor)\b")
LAW = re.compile(r"^\d+")

Step = tuple[str, str, frozenset[str]]


def outcome_key(r: dict[str, Any]) -> str:
    """A restoration's outcome, independent of its numbering, wording and citations."""
    keep = {k: r.get(k) for k in ("tricks", "withdrawn", "penalty_cards", "lead", "established", "transfer")}
    return json.dumps(keep, sort_keys=True)


def step_key(step: dict[str, Any]) -> Step:
    """A path step as compared: its clause, the seat acting, the cards its text names and the
    kind of penalty card (major, minor) it makes."""
    raw = step.get("actor", "")
    actor = (raw.get("seats") or [str(raw.get("text", ""))])[0] if isinstance(raw, dict) else str(raw).split(" ")[0]  # schema 2 or 1
    return str(step.get("clause", "")), actor, frozenset(TOKEN.findall(str(step.get("text", ""))))


def family(clause: str) -> str:
    m = LAW.match(clause)
    return f"Law {m.group(0)}" if m else clause


@dataclass
class CaseComparison:
    """One case: the clauses involved, the clauses wrong, and the restorations unmatched."""

    id: str
    involved: set[str]
    wrong: dict[str, list[str]]  # clause -> reasons
    missing: int
    extra: int
    answered: bool = True

    @property
    def agreed(self) -> bool:
        return self.answered and not self.wrong and not self.missing and not self.extra


def compare(case_id: str, ours: list[dict[str, Any]], theirs: list[dict[str, Any]]) -> CaseComparison:
    """Compare two lists of restorations (JSON) of one case."""
    mine = {outcome_key(r): r for r in ours}
    other = {outcome_key(r): r for r in theirs}
    involved = {c for r in [*ours, *theirs] for c in r.get("laws", [])}
    wrong: dict[str, list[str]] = defaultdict(list)
    for key in mine.keys() & other.keys():
        a, b = set(mine[key].get("laws", [])), set(other[key].get("laws", []))
        for c in sorted(a - b):
            wrong[c].append(f"restoration {mine[key].get('number')}: {c} not cited")
        for c in sorted(b - a):
            wrong[c].append(f"restoration {mine[key].get('number')}: {c} cited but not applied")
    missing = [mine[k] for k in mine.keys() - other.keys()]
    extra = [other[k] for k in other.keys() - mine.keys()]
    their_steps = {step_key(s) for r in theirs for s in r.get("path", [])}
    our_steps = {step_key(s) for r in ours for s in r.get("path", [])}
    for r in missing:
        for clause in _blame(r, their_steps, extra or theirs):
            wrong[clause].append(f"missing restoration {r.get('number')} ({_outcome_words(r)})")
    for r in extra:
        for clause in _blame(r, our_steps, missing or ours):
            wrong[clause].append(f"extra restoration ({_outcome_words(r)})")
    return CaseComparison(case_id, involved, dict(wrong), len(missing), len(extra))


def _outcome_words(r: dict[str, Any]) -> str:
    """A restoration's outcome in a few words, to tell a missing or extra one from its
    neighbours: the cards withdrawn, the penalty cards with their kind, the next leader, an
    established revoke and the Law 64 transfer (the restored tricks are not repeated)."""
    def cards(key: str, kind: bool = False) -> str:
        items = r.get(key) or []
        return ", ".join(f"{x.get('seat')} {x.get('card')}" + (f" {x.get('kind')}" if kind else "") for x in items
                         if isinstance(x, dict)) or "none"
    words = [f"withdrawn {cards('withdrawn')}", f"penalty {cards('penalty_cards', kind=True)}", f"lead {r.get('lead') or '-'}"]
    if r.get("established"):
        words.append("established")
    if r.get("transfer") is not None:
        words.append(f"transfer {r.get('transfer')}")
    return "; ".join(words)


def _blame(r: dict[str, Any], other_steps: set[Step], others: list[dict[str, Any]]) -> list[str]:
    """The clauses a restoration ``r`` the other ruling lacks is blamed on: the clause of the
    first step of ``r`` the other ruling never takes. When the other ruling takes every step
    of ``r`` (the two differ in outcome only), the clauses that decide the parts of the
    outcome in which ``r`` differs from the restoration of ``others`` nearest to it
    (:func:`_deciding_clauses`); else its last step's clause, else its first law."""
    path = r.get("path", [])
    for step in path:
        if step_key(step) not in other_steps:
            return [str(step.get("clause", ""))]
    if path and others:
        nearest = max(others, key=lambda o: _nearness(r, o))
        blamed = _deciding_clauses(path, _differences(r, nearest))
        if blamed:
            return blamed
    if path:
        return [str(path[-1].get("clause", ""))]
    laws = r.get("laws", [])
    return [str(laws[0])] if laws else ["(none)"]


#: the part of an outcome each clause decides, as clause ids or their beginnings (``64A``:
#: 64A1, 64A2), in order of preference. A step makes a part when its clause or one of its
#: further clauses (``also``) is among them; for a part about a card, the step must name the
#: card. Otherwise (always for a card withdrawn or played to a trick) the part is made by the
#: first step naming the card, as its own clause, else by the last step.
DECIDES: dict[str, tuple[str, ...]] = {
    "kind": ("50B", "62B1"),  # a penalty card major or minor
    "penalty": ("50B", "62B1", "62B2", "49"),  # a card a penalty card or not
    "withdrawn": (),  # the step withdrawing the card
    "played": (),  # the step playing the card
    "unauthorized": ("16C2", "50E2", "16C", "50E"),  # information unauthorized to a side
    "authorized": ("16C1", "50E1", "16C", "50E"),  # information authorized to a side
    "lead": ("53", "54", "55", "56", "44G", "50D"),  # the next leader
    "transfer": ("64A", "64B"),  # the tricks transferred
    "established": ("63",),  # the revoke established
}

#: a difference in outcome: the part (a key of :data:`DECIDES`) and the card it concerns
Difference = tuple[str, str | None]


def _nearness(r: dict[str, Any], other: dict[str, Any]) -> tuple[bool, int, int]:
    """How near ``other`` is to ``r``: the same steps in the same order, the steps shared,
    and the fewer differences in outcome."""
    mine, theirs = [step_key(s) for s in r.get("path", [])], [step_key(s) for s in other.get("path", [])]
    return mine == theirs, len(set(mine) & set(theirs)), -len(_differences(r, other))


def _items(r: dict[str, Any], key: str) -> list[dict[str, Any]]:
    value = r.get(key)
    return [x for x in value if isinstance(x, dict)] if isinstance(value, list) else []


def _differences(r: dict[str, Any], other: dict[str, Any]) -> list[Difference]:
    """The parts of the outcome in which ``r`` and ``other`` differ, each with the card it
    concerns: penalty cards and their kind, cards withdrawn, information (un)authorized by
    the cards of ``ledger`` (when both give it), the cards played to the tricks, the next
    leader, the transfer and whether the revoke is established."""
    out: list[Difference] = []

    def by_card(key: str) -> tuple[dict[tuple[Any, Any], dict[str, Any]], dict[tuple[Any, Any], dict[str, Any]]]:
        return ({(x.get("seat"), x.get("card")): x for x in _items(r, key)},
                {(x.get("seat"), x.get("card")): x for x in _items(other, key)})

    mine, theirs = by_card("penalty_cards")
    for seat_card in [*mine, *(k for k in theirs if k not in mine)]:
        if seat_card not in mine or seat_card not in theirs:
            out.append(("penalty", seat_card[1]))
        elif mine[seat_card].get("kind") != theirs[seat_card].get("kind"):
            out.append(("kind", seat_card[1]))
    withdrawn = [{(x.get("seat"), x.get("card"), x.get("trick")) for x in _items(o, "withdrawn")} for o in (r, other)]
    out += [("withdrawn", card) for _, card, _ in sorted(withdrawn[0] ^ withdrawn[1], key=str)]
    if isinstance(r.get("ledger"), list) and isinstance(other.get("ledger"), list):
        mine, theirs = by_card("ledger")
        for seat_card in [*mine, *(k for k in theirs if k not in mine)]:
            a, b = mine.get(seat_card, {}), theirs.get(seat_card, {})
            out += [(side, seat_card[1]) for side in ("unauthorized", "authorized") if a.get(side) != b.get(side)]
    plays = [{(t.get("trick"), p.get("seat"), p.get("card")) for t in _items(o, "tricks") for p in _items(t, "plays")}
             for o in (r, other)]
    out += [("played", card) for _, _, card in sorted(plays[0] ^ plays[1], key=str)]
    out += [(part, None) for part in ("lead", "transfer", "established") if r.get(part) != other.get(part)]
    return out


def _cards_named(step: dict[str, Any]) -> set[str]:
    """The cards a step names in its text or its choice, as our JSON writes them (``DT``)."""
    words = f"{step.get('text', '')} {step.get('choice', '')}"
    return {t.replace("10", "T") for t in TOKEN.findall(words) if t not in ("major", "minor")}


def _deciding_clauses(path: list[dict[str, Any]], differences: list[Difference]) -> list[str]:
    """For each difference, the clause of ``path`` that decides it (:data:`DECIDES`); where
    no step names its card or carries a deciding clause, the first step naming the card, else
    the last step. In the order found, each once."""
    blamed: list[str] = []
    for part, card in differences:
        steps = [s for s in path if card is None or card in _cards_named(s)]
        clauses = [[str(s.get("clause", "")), *(str(c) for c in s.get("also") or [])] for s in steps]
        found = next((c for prefix in DECIDES[part] for cs in clauses for c in cs if c.startswith(prefix)), None)
        if found is None:  # the first step naming the card, else the last step
            found = clauses[0][0] if card is not None and clauses else str(path[-1].get("clause", ""))
        if found not in blamed:
            blamed.append(found)
    return blamed


@dataclass
class Score:
    """Agreement over many cases, per clause and per law family."""

    cases: int = 0
    agreed: int = 0
    involved: Counter[str] = field(default_factory=Counter)
    wrong: Counter[str] = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=dict)  # clause -> a few "id: reason"
    family_involved: Counter[str] = field(default_factory=Counter)  # law family -> cases involving it
    family_wrong: Counter[str] = field(default_factory=Counter)  # law family -> cases where a clause of it is wrong
    unmatched: list[str] = field(default_factory=list)  # their ids we have no ruling for
    unanswered: list[str] = field(default_factory=list)  # our ids (--against) their file does not answer
    missing: int = 0
    extra: int = 0
    #: each answered case that does not agree in full, in the order scored: its restorations
    #: missing and extra, and every reason of each clause wrong in it
    disagreements: dict[str, dict[str, Any]] = field(default_factory=dict)

    def add(self, cmp: CaseComparison) -> None:
        self.cases += 1
        self.agreed += cmp.agreed
        if cmp.answered and not cmp.agreed:
            self.disagreements[cmp.id] = {"missing": cmp.missing, "extra": cmp.extra,
                                          "clauses": {c: list(r) for c, r in sorted(cmp.wrong.items())}}
        self.missing += cmp.missing
        self.extra += cmp.extra
        involved = cmp.involved | set(cmp.wrong)
        for c in involved:
            self.involved[c] += 1
        for f in {family(c) for c in involved}:
            self.family_involved[f] += 1
        for f in {family(c) for c in cmp.wrong}:
            self.family_wrong[f] += 1
        for c, reasons in cmp.wrong.items():
            self.wrong[c] += 1
            ex = self.examples.setdefault(c, [])
            if len(ex) < 3:
                ex.append(f"{cmp.id}: {reasons[0]}")

    def add_unanswered(self, case_id: str, ours: list[dict[str, Any]]) -> None:
        """A case of ours their file gives no ruling for: no agreement, every clause our ruling
        applies wrong in it."""
        self.unanswered.append(case_id)
        clauses = {c for r in ours for c in r.get("laws", [])}
        self.add(CaseComparison(case_id, clauses, {c: ["no answer"] for c in clauses}, 0, 0, answered=False))

    @property
    def wrong_clauses(self) -> list[str]:
        return sorted(self.wrong)

    def report(self) -> dict[str, Any]:
        fams: dict[str, Counter[str]] = defaultdict(Counter)
        for c, n in self.involved.items():
            fams[family(c)]["involved"] += n
            fams[family(c)]["wrong"] += self.wrong.get(c, 0)
        return {
            "cases": self.cases,
            "agreed": self.agreed,
            "agreement": _ratio(self.cases, self.cases - self.agreed),
            "unanswered": len(self.unanswered),
            "unanswered_ids": self.unanswered,
            "disagreed_ids": list(self.disagreements),
            "disagreements": self.disagreements,
            "missing_restorations": self.missing,
            "extra_restorations": self.extra,
            "wrong_clauses": self.wrong_clauses,
            "clauses": {c: {"cases": n, "wrong": self.wrong.get(c, 0), "agreement": _ratio(n, self.wrong.get(c, 0)),
                            "examples": self.examples.get(c, [])} for c, n in sorted(self.involved.items())},
            "families": {f: {"cases": self.family_involved[f], "wrong": self.family_wrong[f],
                             "agreement": _ratio(self.family_involved[f], self.family_wrong[f]),
                             "clause_cases": v["involved"], "clause_wrong": v["wrong"]}
                         for f, v in sorted(fams.items(), key=lambda kv: _law_order(kv[0]))},
            "unmatched_ids": self.unmatched,
        }


def _ratio(n: int, wrong: int) -> float:
    return round((n - wrong) / n, 4) if n else 1.0


def _law_order(name: str) -> tuple[int, str]:
    m = re.search(r"\d+", name)
    return (int(m.group(0)) if m else 999, name)


def read_records(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """The JSON-lines records of ``path`` with their line numbers. Raises CaseFileError
    (located) for a line that is not UTF-8 or not a JSON object, an ``id`` missing or not a
    string or number, and an ``id`` given twice."""
    seen: dict[str, int] = {}
    with path.open("rb") as fh:
        for n, raw in enumerate(fh, 1):
            try:
                line = raw.decode("utf-8-sig" if n == 1 else "utf-8")
            except UnicodeDecodeError as err:
                bad = raw[err.start : err.end].hex(" ")
                raise CaseFileError(f"line is not UTF-8: byte {bad} at column {err.start + 1}", file=str(path), line=n,
                                    token=bad) from None
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as err:
                raise CaseFileError(f"not JSON: {err.msg} (column {err.colno})", file=str(path), line=n) from None
            except RecursionError:
                raise CaseFileError("not a record: JSON nested too deep", file=str(path), line=n) from None
            if not isinstance(rec, dict) or "id" not in rec:
                raise CaseFileError("a record is a JSON object with an 'id'", file=str(path), line=n)
            rid = rec["id"]
            if isinstance(rid, bool) or not isinstance(rid, (str, int)):
                raise CaseFileError(f"'id' is {_shown(rid)}: expected a string or a whole number", file=str(path), line=n,
                                    token=_shown(rid))
            first = seen.setdefault(str(rid), n)
            if first != n:
                raise CaseFileError(f"duplicate id {str(rid)!r} (lines {first} and {n}): each case has one record",
                                    file=str(path), line=n, token=str(rid))
            yield n, rec


def set_records(path: Path) -> Iterator[tuple[int, dict[str, Any], dict[Any, int] | None]]:
    """The records of a set of rulings with their lines: a YAML stream of records
    (``generate --format yaml``) when ``path`` ends in ``.yaml`` or ``.yml``, JSON lines
    (:func:`read_records`) otherwise; for a YAML record, the line of each of its nodes too."""
    if path.suffix.lower() in (".yaml", ".yml"):
        from rulings.solver import readsets

        for _rid, line, rec, lines in readsets.set_records(path):
            yield line, rec, lines
        return
    for n, rec in read_records(path):
        yield n, rec, None


def _restorations(rec: dict[str, Any], path: Path, line: int) -> list[dict[str, Any]]:
    """The restorations of a record, each checked against the fields the comparison reads
    (:data:`RESTORATION`). Raises CaseFileError at the record's line naming the record, the
    restoration, the field and its value."""
    ruling = rec.get("ruling")
    rs = ruling.get("restorations") if isinstance(ruling, dict) else None
    if not isinstance(rs, list) or not all(isinstance(r, dict) for r in rs):
        raise CaseFileError("the record has no 'ruling' with a list of 'restorations'", file=str(path), line=line,
                            token=str(rec.get("id")))
    for k, r in enumerate(rs, 1):
        bad = _bad_field(r, RESTORATION, "")
        if bad is not None:
            where, value, expected = bad
            raise CaseFileError(f"record {str(rec['id'])!r}, restoration {k}: {where!r} is {_shown(value)}: expected {expected}",
                                file=str(path), line=line, token=where if value is _MISSING else _shown(value))
    return rs


@lru_cache(maxsize=1)
def known_clauses() -> frozenset[str]:
    """The clause ids of either edition of the Laws (solver/data/clauses.tsv)."""
    from rulings.solver.clauses import ClauseBook

    book = ClauseBook.load()
    return frozenset({*book.ids("2017"), *book.ids("2007")})


# ----- the fields of a restoration the comparison reads (solver/data/ruling.schema.json) ------------
#: a leaf's test and what it should be (one, and a list of them)
_LEAVES: dict[str, tuple[Callable[[Any], bool], str, str]] = {
    "seat": (lambda v: v in ("N", "E", "S", "W"), "a seat (N, E, S or W)", "seats (N, E, S or W)"),
    "card": (lambda v: isinstance(v, str) and re.fullmatch(r"[SHDC][2-9TJQKA]", v) is not None,
             "a card such as SA or DT", "cards such as SA or DT"),
    "clause": (lambda v: isinstance(v, str) and v in known_clauses(),
               "a clause id of the Laws (2017 or 2007; solver/data/clauses.tsv) such as 62B1 or 45C4(b)",
               "clause ids such as 62B1 or 45C4(b)"),
    "kind": (lambda v: v in ("major", "minor"), "major or minor", "major or minor"),
    "int": (lambda v: isinstance(v, int) and not isinstance(v, bool), "a whole number", "whole numbers"),
    "bool": (lambda v: isinstance(v, bool), "true or false", "true or false"),
    "text": (lambda v: isinstance(v, str), "a string", "strings"),
    # (schema 1: the actor as text, starting with the seat acting, as the object's first seat)
    "actor": (lambda v: isinstance(v, str) and v.split(" ")[0] in ("N", "E", "S", "W", "TD"),
              "a string starting with the seat acting (N, E, S or W) or TD (the director)", "strings"),
}
#: a field's shape: a leaf name (``"seat?"``: or null), ``[shape]`` a list of them, a dict an
#: object with those fields (a name ending ``?`` may be left out: read as null), a tuple
#: either of its shapes; the fields our schema requires are required
Shape = str | list[Any] | dict[str, Any] | tuple[Any, ...]
_CARD_AT = {"seat": "seat", "card": "card"}
RESTORATION: dict[str, Shape] = {
    "tricks": [{"trick": "int", "leader": "seat", "plays": [_CARD_AT], "winner": "seat?"}],
    "withdrawn": [{**_CARD_AT, "trick": "int"}],
    "penalty_cards": [{**_CARD_AT, "kind": "kind"}],
    "lead": "seat?",
    "established": "bool",
    "transfer?": "int?",
    "laws": ["clause"],
    "path": [{"clause": "clause", "actor": ("actor", {"seats": ["seat"], "text?": "text"}), "text": "text"}],
}
#: a field left out where it is required (shown as ``missing``)
_MISSING = object()


def _expected(shape: Shape) -> str:
    if isinstance(shape, str):
        name = shape.rstrip("?")
        return _LEAVES[name][1] + (" or null" if shape.endswith("?") else "")
    if isinstance(shape, list):
        item = shape[0]
        return "a list of " + (_LEAVES[item][2] if isinstance(item, str) else "objects")
    if isinstance(shape, dict):
        return "an object"
    return " or ".join(_expected(s) for s in shape)


def _bad_field(value: Any, shape: Shape, where: str) -> tuple[str, Any, str] | None:
    """The first place in ``value`` that does not have ``shape``: (its place, such as
    ``tricks[0].plays[1].card``, its value, what it should be); None when all is well."""
    if isinstance(shape, str):
        if value is None and shape.endswith("?"):
            return None
        return None if _LEAVES[shape.rstrip("?")][0](value) else (where, value, _expected(shape))
    if isinstance(shape, list):
        if not isinstance(value, list):
            return where, value, _expected(shape)
        for i, item in enumerate(value):
            bad = _bad_field(item, shape[0], f"{where}[{i}]")
            if bad is not None:
                return bad
        return None
    if isinstance(shape, dict):
        if not isinstance(value, dict):
            return where, value, _expected(shape)
        for key, field_shape in shape.items():
            name = key.rstrip("?")
            place = f"{where}.{name}" if where else name
            if name not in value:
                if key.endswith("?"):
                    continue
                return place, _MISSING, _expected(field_shape)
            bad = _bad_field(value[name], field_shape, place)
            if bad is not None:
                return bad
        return None
    if any(_bad_field(value, s, where) is None for s in shape):
        return None
    # an object (a list) where one of the shapes is an object (a list): the place inside it
    same = [s for s in shape if isinstance(s, type(value)) and isinstance(value, (dict, list))]
    if len(same) == 1:
        return _bad_field(value, same[0], where)
    return where, value, _expected(shape)


def _shown(value: Any, width: int = 40) -> str:
    """A value as JSON, cut to ``width`` characters."""
    if value is _MISSING:
        return "missing"
    text = json.dumps(value)
    return text if len(text) <= width else text[: width - 3] + "..."


def score(theirs: Path, against: Path | None = None, decisions: tuple[DecisionSetting, ...] = ()) -> Score:
    """Score the rulings in ``theirs`` against ours (computed from each record's ``case``, or
    read from ``against``); ``decisions``: switches set on the command line, over each
    record's case's own (when ours are computed)."""
    from rulings.models.errors import RulingError
    from rulings.solver.config import with_settings
    from rulings.solver.readsets import named, record_case
    from rulings.solver.testsets import case_ruling

    reference: dict[str, list[dict[str, Any]]] | None = None
    if against is not None:
        reference = {str(rec["id"]): _restorations(rec, against, n) for n, rec, _ in set_records(against)}
    result = Score()
    answered: set[str] = set()
    for n, rec, where in set_records(theirs):
        case_id = str(rec["id"])
        their = _restorations(rec, theirs, n)
        if reference is not None:
            if case_id not in reference:
                result.unmatched.append(case_id)
                continue
            answered.add(case_id)
            ours = reference[case_id]
        else:
            case = rec.get("case")
            if not isinstance(case, dict):
                raise CaseFileError("the record has no 'case' (or give --against with our rulings)", file=str(theirs), line=n,
                                    token=case_id)
            # (read as coverage reads a record: an error names the record, its line in the file
            # and the play entry or field, never a line of a rendering of the case)
            parsed = with_settings(record_case(rec, str(theirs), n, where), decisions)
            try:
                ours = case_ruling(parsed)["restorations"]
            except RulingError as err:
                raise named(err, f"record {case_id!r}, case", str(theirs), n) from None
        result.add(compare(case_id, ours, their))
    for case_id, ours in (reference or {}).items():
        if case_id not in answered:
            result.add_unanswered(case_id, ours)
    return result


def lines(report: dict[str, Any]) -> Iterable[str]:
    """The report in words."""
    unanswered = f", {report['unanswered']} unanswered" if report["unanswered"] else ""
    yield (f"{report['cases']} cases: {report['agreed']} agree in full ({report['agreement']:.1%}){unanswered}; "
           f"{report['missing_restorations']} restorations missing, {report['extra_restorations']} extra")
    yield "per law family (a case counts once per family):"
    for f, v in report["families"].items():
        yield (f"  {f:<8} {v['agreement']:>7.1%}  ({v['wrong']} wrong of {v['cases']} cases; "
               f"{v['clause_wrong']} wrong of {v['clause_cases']} clause-cases)")
    yield "per clause:"
    for c, v in report["clauses"].items():
        mark = "WRONG" if v["wrong"] else "ok   "
        yield f"  {mark} {c:<8} {v['agreement']:>7.1%}  ({v['wrong']} of {v['cases']} cases)"
        for ex in v["examples"]:
            yield f"        e.g. {ex}"
    yield "clauses with disagreements: " + (" ".join(report["wrong_clauses"]) or "none")
    if report["unanswered_ids"]:
        more = " ..." if len(report["unanswered_ids"]) > 10 else ""
        yield (f"{report['unanswered']} of our records (--against) have no answer in theirs: "
               + " ".join(report["unanswered_ids"][:10]) + more)
    if report["disagreed_ids"]:
        ids = report["disagreed_ids"]
        more = " ..." if len(ids) > 10 else ""
        yield (f"{len(ids)} answered {'case does' if len(ids) == 1 else 'cases do'} not agree in full "
               "(--json: disagreements, each with every reason): " + " ".join(ids[:10]) + more)
    if report["unmatched_ids"]:
        n = len(report["unmatched_ids"])
        yield (f"{n} {'record has' if n == 1 else 'records have'} no ruling of ours in --against: "
               + " ".join(report["unmatched_ids"][:10]) + (" ..." if n > 10 else ""))
