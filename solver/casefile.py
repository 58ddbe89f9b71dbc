"""Read case files (YAML, or JSON, which YAML reads too) with the line of every node.

>>> case = loads("deal: 'N:A.-.-.- K.-.-.- Q.-.-.- J.-.-.-'\\ntrick: 13\\nleader: W\\ncontract: 1NT\\ndeclarer: S\\nplay: [W SJ]\\n")
>>> case.declarer, case.events[0].line
(Seat.S, 6)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from rulings.models.case import Case, NodePath, parse_case
from rulings.models.errors import CaseFileError


def loads(text: str, file: str | None = None) -> Case:
    """Parse case-file text. Raises RulingError subclasses naming file, line and token."""
    data, lines = _compose(text, file)
    return parse_case(data, file=file, lines=lines)


def load(path: str | Path) -> Case:
    """Read and parse a case file. Raises CaseFileError if it cannot be read."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise CaseFileError(f"cannot read case file: {err}", file=str(p)) from None
    return loads(text, file=str(p))


def case_files(paths: list[str | Path]) -> list[Path]:
    """Expand files and directories (recursively: *.yaml, *.yml, *.json), sorted.

    Raises CaseFileError for a path that does not exist.
    """
    found: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            found.extend(sorted(q for q in p.rglob("*") if q.suffix in (".yaml", ".yml", ".json") and q.is_file()))
        elif p.exists():
            found.append(p)
        else:
            raise CaseFileError("no such file or directory", file=str(p))
    return found


def _compose(text: str, file: str | None) -> tuple[Any, dict[NodePath, int]]:
    try:
        loader = yaml.SafeLoader(text)
    except yaml.reader.ReaderError as err:  # a control character (NUL...) the YAML reader refuses
        raise CaseFileError(f"malformed YAML: unacceptable character #x{err.character:04x}", file=file,
                            line=text.count("\n", 0, err.position) + 1,
                            token=repr(chr(err.character))) from None
    lines: dict[NodePath, int] = {}
    try:
        node = loader.get_single_node()
        if node is None:
            raise CaseFileError("the case file is empty", file=file, line=1)

        def walk(n: yaml.Node, path: NodePath) -> None:
            lines[path] = n.start_mark.line + 1
            if isinstance(n, yaml.MappingNode):
                for k, v in n.value:
                    key = loader.construct_object(k, deep=True)
                    walk(v, (*path, str(key)))
                    lines.setdefault((*path, str(key)), k.start_mark.line + 1)
            elif isinstance(n, yaml.SequenceNode):
                for i, v in enumerate(n.value):
                    walk(v, (*path, i))

        walk(node, ())
        data = loader.construct_document(node)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark is not None else None
        token = None
        if mark is not None:
            src = text.splitlines()[mark.line] if mark.line < len(text.splitlines()) else ""
            token = src.strip() or None
        raise CaseFileError(f"malformed YAML: {err.problem or err.context}" + (f" near {token!r}" if token else ""),
                            file=file, line=line, token=token) from None
    except yaml.YAMLError as err:
        raise CaseFileError(f"malformed YAML: {err}", file=file) from None
    finally:
        loader.dispose()
    return data, lines
