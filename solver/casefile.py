"""Read case files (YAML, or JSON, which YAML reads too) with the line of every node.

>>> case = loads("deal: 'N:A.-.-.- K.-.-.- Q.-.-.- J.-.-.-'\\ntrick: 13\\nleader: W\\ncontract: 1NT\\ndeclarer: S\\nplay: [W SJ]\\n")
>>> case.declarer, case.events[0].line
(Seat.S, 6)
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from rulings.models.case import Case, NodePath, parse_case
from rulings.models.errors import CaseFileError

# ----- limits on what a case file may be (docs/case-format.md, "Limits") -------------------
#: bytes read from a case file at most (a larger file is refused, not read to the end)
MAX_BYTES = 4 * 1024 * 1024
#: nesting of lists and mappings (a case needs 3)
MAX_DEPTH = 32
#: characters in one scalar (a title, a play line)
MAX_SCALAR = 10_000
#: digits in a number (Python refuses to convert more than 4,300)
MAX_DIGITS = 100

#: the C parser when PyYAML was built with libyaml (same events and marks, much faster)
_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_LONG_NUMBER = re.compile(r"\d{" + str(MAX_DIGITS + 1) + ",}")
_CORE_TAGS = frozenset(f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null", "map", "seq"))


def loads(text: str, file: str | None = None) -> Case:
    """Parse case-file text. Raises RulingError subclasses naming file, line and token."""
    data, lines = _compose(text, file)
    return parse_case(data, file=file, lines=lines)


def load(path: str | Path) -> Case:
    """Read and parse a case file. Raises CaseFileError if it cannot be read."""
    p = Path(path)
    try:
        with p.open("rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except OSError as err:
        raise CaseFileError(f"cannot read case file: {err.strerror or err}", file=str(p)) from None
    if len(raw) > MAX_BYTES:
        raise CaseFileError(f"the case file is larger than {MAX_BYTES:,} bytes (a case needs a few hundred)", file=str(p), line=1)
    return loads(decode(raw, str(p)), file=str(p))


def decode(raw: bytes, file: str | None) -> str:
    """UTF-8 text (a BOM allowed); an encoding problem is named by its line and bytes."""
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw.count(b"\n", 0, err.start) + 1
        bad = raw[err.start:err.end]
        hint = " (UTF-16?)" if raw[:2] in (b"\xff\xfe", b"\xfe\xff") or b"\x00" in raw[:64] else ""
        raise CaseFileError(f"the case file is not UTF-8 text{hint}: byte(s) {bad.hex(' ')} cannot be read", file=file, line=line,
                            token=repr(bad)) from None


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


def _screen(text: str, file: str | None) -> None:
    """Refuse, before anything is built, what a case file never needs and an attacker uses:
    anchors and aliases (a few lines can expand to gigabytes, or to a loop), tags other than
    YAML's own, nesting deeper than MAX_DEPTH, scalars longer than MAX_SCALAR, numbers of more
    than MAX_DIGITS digits, and a key given twice in one mapping (the second would silently
    win). Each is an error naming the line and the token. Works on the parser's events, so
    no node is built and nothing recurses."""

    def fail(message: str, event: Any, token: str | None) -> CaseFileError:
        mark = event.start_mark
        return CaseFileError(message, file=file, line=mark.line + 1 if mark is not None else None, token=token)

    depth = 0
    # per open mapping: [expecting a key?, {key: line}]; None for a sequence
    stack: list[list[Any] | None] = []
    for event in yaml.parse(text, Loader=_Loader):
        anchor = getattr(event, "anchor", None)
        if isinstance(event, yaml.AliasEvent):
            raise fail(f"aliases are not accepted in a case file (*{event.anchor})", event, f"*{event.anchor}")
        if anchor is not None:
            raise fail(f"anchors are not accepted in a case file (&{anchor})", event, f"&{anchor}")
        tag = getattr(event, "tag", None)
        if tag is not None and tag not in _CORE_TAGS and tag != "!":
            raise fail(f"tag {tag!r} is not accepted in a case file", event, tag)
        top = stack[-1] if stack else None
        is_key = top is not None and top[0]
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                raise fail(f"nesting deeper than {MAX_DEPTH} levels", event, "[" if isinstance(event, yaml.SequenceStartEvent) else "{")
            if top is not None:
                top[0] = not top[0]
            stack.append([True, {}] if isinstance(event, yaml.MappingStartEvent) else None)
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1
            stack.pop()
        elif isinstance(event, yaml.ScalarEvent):
            value = event.value
            if len(value) > MAX_SCALAR:
                raise fail(f"a value of {len(value):,} characters (at most {MAX_SCALAR:,})", event, value[:20] + "...")
            long_number = _LONG_NUMBER.search(value)
            if long_number is not None:  # anywhere: a play line or a claim holds numbers too
                n = len(long_number.group())
                raise fail(f"a number of {n:,} digits (at most {MAX_DIGITS})", event, long_number.group()[:20] + "...")
            if top is not None:
                if is_key:
                    seen = top[1]
                    here = event.start_mark.line + 1 if event.start_mark is not None else 0
                    if value in seen:
                        raise fail(f"key {value!r} given twice in one mapping (lines {seen[value]} and {here})", event, value)
                    seen[value] = here
                top[0] = not top[0]


def _compose(text: str, file: str | None) -> tuple[Any, dict[NodePath, int]]:
    bad = yaml.reader.Reader.NON_PRINTABLE.search(text)
    if bad is not None:  # a control character (NUL...) YAML refuses, named by its line
        ch = bad.group()
        raise CaseFileError(f"malformed YAML: unacceptable character #x{ord(ch):04x}", file=file,
                            line=text.count("\n", 0, bad.start()) + 1, token=repr(ch))
    try:
        _screen(text, file)
    except yaml.MarkedYAMLError:
        pass  # a syntax error: reported below, with its line, by the composer
    except yaml.YAMLError:
        pass
    try:
        loader = _Loader(text)
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
