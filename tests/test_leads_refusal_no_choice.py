"""54D/56 with 50D2: declarer refuses a defender's lead out of turn and states no 50D2 option
(docs/decisions.md, "A refusal with no 50D2 choice stated"): the correct leader's lead made
after the refusal is a lead before declarer's choice (49) when attention comes at once, and
stands as played when play went on over it; a card faced before the refusal keeps its switch."""

from pathlib import Path

from rulings.solver.casefile import load, loads
from rulings.solver.config import Decisions
from rulings.solver.rulesets import get_ruleset
from rulings.solver.ruling import Ruling

LEADS = Path(__file__).resolve().parents[1] / "cases" / "leads"
DEAL = "N:J1043.32.A32.K432 982.KQ654.654.Q5 AQ76.A.K87.J10987 K5.J10987.QJ109.A6"


def _case(lines: list[str]) -> str:
    play = "\n".join(f"  - {x}" for x in lines)
    return f'title: t\nsource: s\nnotes: n\nlaws: 2017\ndeal: "{DEAL}"\ncontract: 4S\ndeclarer: S\nplay:\n{play}\nexpect:\n  - count 1\n'


def _texts(text: str, decisions: Decisions | None = None) -> list[list[str]]:
    case = loads(text)
    rs = get_ruleset(case.laws, decisions) if decisions is not None else None
    return [[f"{s.clause}: {s.question} | {s.text}" for s in r.path] for r in Ruling(case, rs).restorations()]


def test_lead_after_the_refusal_is_said_so_and_is_no_card_faced_before_it() -> None:
    paths = _texts(_case(["E HK", "S refuses", "W CA", "attention S"]))
    assert len(paths) == 3
    for path in paths:
        early = [t for t in path if t.startswith("50D2:")]
        assert early and "after" in early[0] and "before it was refused" not in early[0]


def test_lead_after_the_refusal_whatever_the_switch_on_a_card_before_it() -> None:
    off = Decisions(correct_leader_card_before_refusal_is_lead_before_choice=False)
    paths = _texts(_case(["E HK", "S refuses", "W CA", "attention S"]), off)
    assert len(paths) == 3
    assert all(any("W withdraws" in t or "goes back to his hand" in t for t in p) for p in paths)
    # a card faced before the refusal: the switch decides (off: his lead in turn, one restoration)
    before = _texts(_case(["E HK", "W CA", "S refuses", "attention S"]), off)
    assert len(before) == 1


def test_refusal_with_no_choice_then_play_went_on_offers_no_option() -> None:
    paths = _texts(_case(["E HK", "S refuses", "W CA", "N C2", "attention S"]))
    assert len(paths) == 1
    (path,) = paths
    assert not any(t.startswith(("49", "50D2(a)", "50D2(b)", "50D2:")) for t in path)
    assert "no option is left" in path[0]
    # West wins the trick and the record ends with him to lead, the HK still a penalty card:
    # declarer's options are offered for that next lead (50D applies again), once
    again = _texts(_case(["E HK", "S refuses", "W CA", "N C2", "E C5", "S C7", "attention S"]))
    assert len(again) == 3
    assert all(sum(t.startswith(("50D2(a)", "50D2(b)")) for t in p) == 1 and not any(t.startswith("50D2:") for t in p)
               for p in again)


def test_refused_card_played_again_after_the_table_refusal() -> None:
    # the HK, back in East's hand from the refusal, is played later: the record after the
    # refusal is played on from it (the record as played whole cannot hold the HK twice)
    for extra in ([], ["S leaves"]):
        case = loads(_case(["E HK", "S refuses", *extra, "W HJ", "N H3", "E HK", "S HA", "attention S"]))
        (r,) = list(Ruling(case).restorations())
        assert not r.table.penalty_cards


def test_corpus_cases_rule_as_documented() -> None:
    case = load(LEADS / "own-54d-refused-with-no-50d2-choice-said-play-goes-on-then-owner-fails-52b1b.yaml")
    (r,) = list(Ruling(case).restorations())
    assert [s.clause for s in r.path] == ["54D", "52B1(b)"]
