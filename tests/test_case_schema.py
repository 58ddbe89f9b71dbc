"""Every corpus case validates against the case-file JSON Schema shipped in the package."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml

jsonschema = pytest.importorskip("jsonschema", reason="jsonschema (test extra) is not installed")

CASES = Path(__file__).resolve().parent.parent / "cases"
FILES = sorted(CASES.rglob("*.yaml"))


def _schema() -> dict[str, Any]:
    text = resources.files("rulings.solver").joinpath("data/case.schema.json").read_text(encoding="utf-8")
    return dict(json.loads(text))


def _validator() -> Any:
    schema = _schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_schema_is_valid_and_documents_every_field() -> None:
    from rulings.models.case import KNOWN_FIELDS, REQUIRED_FIELDS

    schema = _schema()
    assert set(schema["properties"]) == set(KNOWN_FIELDS)
    assert set(schema["required"]) == set(REQUIRED_FIELDS)
    for name, prop in schema["properties"].items():
        assert prop.get("description"), f"field {name} has no description"
    _validator()


def test_corpus_is_not_empty() -> None:
    assert len(FILES) >= 100


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(CASES)))
def test_corpus_case_validates(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in _validator().iter_errors(data)]
    assert not errors, errors


@pytest.mark.parametrize(
    "broken",
    [
        {"deal": "N:A.-.-.- K.-.-.- Q.-.-.- J.-.-.-", "contract": "1NT", "declarer": "S"},  # no play
        {"deal": "N:A.-.-.- K.-.-.- Q.-.-.- J.-.-.-", "contract": "8NT", "declarer": "S", "play": []},
        {"deal": "N:A.-.-.- K.-.-.- Q.-.-.- J.-.-.-", "contract": "1NT", "declarer": "X", "play": []},
        {"deal": "A.-.-.- K.-.-.- Q.-.-.- J.-.-.-", "contract": "1NT", "declarer": "S", "play": []},
        {"deal": "N:A.-.-.- K.-.-.- Q.-.-.- J.-.-.-", "contract": "1NT", "declarer": "S", "play": [], "declarerr": "S"},
        {"deal": "N:A.-.-.- K.-.-.- Q.-.-.- J.-.-.-", "contract": "1NT", "declarer": "S", "play": [], "laws": 1997},
        {"deal": "N:A.-.-.- K.-.-.- Q.-.-.- J.-.-.-", "contract": "1NT", "declarer": "S", "play": [], "penalty": ["E S9 huge"]},
        {"deal": "N:A.-.-.- K.-.-.- Q.-.-.- J.-.-.-", "contract": "1NT", "declarer": "S", "play": [], "expect": [{"maybe": "x"}]},
        {"deal": "N:A.-.-.- K.-.-.- Q.-.-.- J.-.-.-", "contract": "1NT", "declarer": "S", "play": [], "won": {"NE": 1}},
    ],
)
def test_schema_refuses_what_the_loader_refuses(broken: dict[str, Any]) -> None:
    assert list(_validator().iter_errors(broken)), broken
