"""Rule sets: registry, clause citations per edition, and the decision switches."""

import itertools
from pathlib import Path

import pytest

from rulings.solver.casefile import load
from rulings.solver.clauses import ClauseBook, UnknownClauseError
from rulings.solver.config import Decisions
from rulings.solver.engine import StepKind
from rulings.solver.rulesets import get_ruleset, ruleset_names
from rulings.solver.ruling import Ruling

CASES = Path(__file__).resolve().parents[1] / "cases"
EXAMPLE = CASES / "revoke" / "spec-47d-example.yaml"


def test_registry() -> None:
    assert {"2017", "2007"} <= set(ruleset_names())
    assert get_ruleset("2017") is get_ruleset("2017")  # built once
    with pytest.raises(KeyError, match="no rule set"):
        get_ruleset("1997")


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_every_cited_clause_exists(edition: str) -> None:
    rs = get_ruleset(edition)
    book = ClauseBook.load()
    for rule in rs.rules:
        assert edition in rule.editions
        for logical in rule.cites:
            assert book.get(rs.cite(logical), edition).id == rs.cite(logical)


def test_clause_book_editions() -> None:
    book = ClauseBook.load()
    assert book.has("16C2", "2017") and not book.has("16C2", "2007")
    assert book.has("16D2", "2007")
    with pytest.raises(UnknownClauseError):
        book.get("62C3", "2007")


def test_2007_cites_16d() -> None:
    case = load(EXAMPLE)
    r17 = next(Ruling(case, get_ruleset("2017")).restorations())
    r07 = next(Ruling(case, get_ruleset("2007")).restorations())
    assert "16C2" in r17.laws and "16D2" not in r17.laws
    assert "16D2" in r07.laws and "16C2" not in r07.laws
    assert r17.key() == r07.key()  # same ruling, other numbering


def test_switch_any_nos_change() -> None:
    """With the looser 62C2 reading, West's option does not depend on South alone (same here:
    South is the only NOS player before West), so the count is unchanged: 21."""
    case = load(EXAMPLE)
    loose = get_ruleset("2017", Decisions(os_change_needs_immediate_nos_change=False))
    assert len(list(Ruling(case, loose).restorations())) == 21


def test_switch_minor_partner_card() -> None:
    case = load(EXAMPLE)
    rs = get_ruleset("2017", Decisions(os_withdrawn_card_is_major=False))
    kinds = {str(p.kind) for r in Ruling(case, rs).restorations() for p in r.penalty_cards if p.seat.value == "W"}
    assert kinds == {"minor"}  # S5 is a single non-honour: minor under the general 50B test


def test_switch_revoke_card_penalty_after_substitute() -> None:
    case = load(CASES / "revoke" / "minor-penalty-card-restricts-revoker-substitute.yaml")
    assert len(list(Ruling(case).restorations())) == 4
    rs = get_ruleset("2017", Decisions(revoke_card_penalty_before_substitute=False))
    assert len(list(Ruling(case, rs).restorations())) == 8  # H5 or HQ


def test_graph_matches_stream() -> None:
    ruling = Ruling(load(EXAMPLE))
    g = ruling.graph()
    leaves = [n for n, d in g.nodes(data=True) if d["leaf"]]
    assert len(leaves) == 21
    assert sorted(g.nodes[n]["restoration"] for n in leaves) == list(range(1, 22))
    kinds = {d["step"].kind for _, _, d in g.edges(data=True)}
    assert kinds == {StepKind.FORCED, StepKind.OPTION}
    # every leaf's path in the graph is the streamed restoration's path
    streamed = {r.number: r for r in ruling.restorations()}
    import networkx as nx

    for n in leaves:
        path = nx.shortest_path(g, ruling.root, n)
        steps = tuple(g.edges[a, b]["step"] for a, b in itertools.pairwise(path))
        assert steps == streamed[g.nodes[n]["restoration"]].path


def test_the_families_a_record_need_not_load_are_what_their_modules_declare() -> None:
    """catalog.ON_LINES: each family listed has every opener needing one of its lines (the
    lines listed: the union of its OPENER_LINES), no table test, reopening or closer; every
    family not listed has one of those (it may find something in any record); FAMILIES are
    the package's rule modules."""
    import pkgutil

    from rulings.solver import rulesets
    from rulings.solver.rulesets import catalog

    found = {m.name for m in pkgutil.iter_modules(rulesets.__path__)} - {"base", "catalog", "laws2007", "laws2017"}
    assert set(catalog.FAMILIES) == found
    for module in catalog.modules():
        family = module.__name__.rsplit(".", 1)[1]
        lines = getattr(module, "OPENER_LINES", {})
        openers = [name for name, _ in module.OPENERS]
        on_lines = (bool(openers) and all(name in lines for name in openers) and not getattr(module, "OPENER_STATE", {})
                    and not getattr(module, "REOPEN_STATE", {}) and not getattr(module, "REOPENABLE", False)
                    and not getattr(module, "CLOSERS", ()))
        assert on_lines == (family in catalog.ON_LINES), family
        if on_lines:
            assert set(catalog.ON_LINES[family]) == {kind for name in openers for kind in lines[name]}, family


def test_a_ruling_of_the_families_its_record_needs_is_the_whole_sets() -> None:
    """Every corpus case ruled by the rule set of the families its record may need (the
    default) and by the whole set: the same restorations, steps and notices."""
    from rulings.solver.config import decisions_for
    from rulings.solver.rulesets.catalog import FAMILIES

    narrowed = 0
    for path in sorted(CASES.rglob("*.yaml")):
        case = load(path)
        ours = Ruling(case)
        if ours.ruleset.families == frozenset(FAMILIES):
            continue
        narrowed += 1
        whole = Ruling(case, get_ruleset(case.laws, decisions_for(case)))  # (its decisions field's switches)
        assert ours.ruleset.families is not None and whole.ruleset.families is None
        a = [(r.key(), [s.text for s in r.path]) for r in ours.restorations()]
        b = [(r.key(), [s.text for s in r.path]) for r in whole.restorations()]
        assert a == b, path
        assert (ours.irregularities, ours.notices, ours.found_later) == (whole.irregularities, whole.notices, whole.found_later), path
    assert narrowed > 100
