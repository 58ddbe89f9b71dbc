"""Read case files (YAML, or JSON, which YAML reads too) with the line of every node.

Loading is bounded: the file is read up to :data:`LIMITS` ``.max_bytes``, decoded line by
line (the first line that is not UTF-8 is named), scanned event by event before anything is
built (anchors, aliases and explicit tags are refused before any expansion; nesting depth,
node count, string length and the length of numbers are capped), then composed with its
duplicate keys refused. Every refusal is a located :class:`CaseFileError`
(``file:line: message naming the token``).

Lines are counted as an editor shows them: a line ends at ``\\n``, ``\\r\\n`` or ``\\r``.
NEL (U+0085) and the Unicode line and paragraph separators (U+2028, U+2029), which YAML 1.1
counts as line breaks and most editors do not, are refused where they stand, so a line
number means the same line to the parser, the editor and the user.

>>> case = loads("deal: 'N:A.-.-.- K.-.-.- Q.-.-.- J.-.-.-'\\ntrick: 13\\nleader: W\\ncontract: 1NT\\ndeclarer: S\\nplay: [W SJ]\\n")
>>> case.declarer, case.events[0].line
(Seat.S, 6)
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from rulings.models.case import Case, NodePath, parse_case
from rulings.models.dataclass import dataclass
from rulings.models.errors import CaseFileError

#: The characters YAML refuses in a stream (YAML 1.1, 5.1): the C0 controls but tab, line
#: feed and carriage return; DEL; the C1 controls but NEL; lone surrogates; U+FFFE and U+FFFF.
#: Written as the characters refused, not as the ones allowed: the same set, compiled in a
#: tenth of the time (for the allowed ones re's compiler walks some 63,000 code points, about
#: 4 ms), and searched as fast.
_NON_PRINTABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]")
#: the same set as PyYAML's reader writes it (``yaml.reader.Reader.NON_PRINTABLE``), the allowed ones
_YAML_NON_PRINTABLE = "[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010ffff]"


def _share_non_printable() -> None:
    """Start-up: PyYAML's reader compiles its pattern of the set when it is imported (about 4
    ms of a ``rulings solve``). ``re`` keeps what it compiles in a cache by pattern text:
    with :data:`_NON_PRINTABLE` put there under PyYAML's text, PyYAML's compile is a lookup
    and its reader has this pattern (the same matches: ``tests/test_cli_startup.py`` checks every
    code point). It relies on ``re._cache`` (a dict by ``(type, text, flags)``); without it,
    or once yaml is loaded, it does nothing and PyYAML compiles its own."""
    cache = getattr(re, "_cache", None)
    if isinstance(cache, dict) and "yaml" not in sys.modules:
        cache[(str, _YAML_NON_PRINTABLE, 0)] = _NON_PRINTABLE


_share_non_printable()

import yaml  # noqa: E402  (after _share_non_printable)

try:  # the C parser (libyaml) when PyYAML was built with it; the pure one otherwise
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]


@dataclass(frozen=True)
class Limits:
    """Bounds on one input file; every reader of the package (YAML, JSON, PBN, LIN) uses them."""

    #: bytes read from a file at most (a longer file, or /dev/zero, is refused at that byte)
    max_bytes: int = 4 * 1024 * 1024
    #: characters in one line of text
    max_line: int = 20_000
    #: nesting of sequences and mappings
    max_depth: int = 32
    #: scalars, sequences and mappings in one file
    max_nodes: int = 20_000
    #: characters in one scalar (a title, a play line, a note)
    max_string: int = 10_000
    #: digits in a row anywhere in a scalar (Python refuses to read integers of 4,300 digits)
    max_digits: int = 100
    #: characters of a scalar read as an integer (``0x...``, ``1_000``, ``1:30``)
    max_int_chars: int = 40


LIMITS = Limits()
#: the default limits by name (docs/case-format.md, "Limits and hostile input")
MAX_BYTES, MAX_DEPTH, MAX_SCALAR, MAX_DIGITS = LIMITS.max_bytes, LIMITS.max_depth, LIMITS.max_string, LIMITS.max_digits

# the patterns of the rare paths (an explicit tag, an error) are compiled when first used
# (re keeps them): not at every start
_STANDARD_TAG = r"tag:yaml\.org,2002:(str|int|float|bool|null|seq|map)\Z"
_SEPARATOR_NAMES = {"\x85": "NEL", "\u2028": "LINE SEPARATOR", "\u2029": "PARAGRAPH SEPARATOR"}
_YAML_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")
_INT_TAG = "tag:yaml.org,2002:int"


def _short(token: str, width: int = 30) -> str:
    return token if len(token) <= width else token[: width - 3] + "..."


def loads(text: str, file: str | None = None, limits: Limits = LIMITS) -> Case:
    """Parse case-file text. Raises RulingError subclasses naming file, line and token."""
    check_text(text, file, limits)
    data, lines = _compose(text, file, limits)
    return checked(parse_case(data, file=file, lines=lines))


def checked(case: Case) -> Case:
    """``case``, its ``decisions`` checked against the switches (the names exist): an error
    is said when the file is read, not first when it is ruled. Raises CaseFileError."""
    if case.decisions:
        from rulings.solver.config import decisions_for

        decisions_for(case)
    return case


def load(path: str | Path, limits: Limits = LIMITS) -> Case:
    """Read and parse a case file. Raises CaseFileError if it cannot be read (for a board
    file or a test set, one that says which command reads it)."""
    try:
        return loads(read_text(path, limits), file=str(path), limits=limits)
    except CaseFileError as err:
        if is_test_set(path):
            raise CaseFileError(TEST_SET, file=str(path), line=1) from None
        hint = OTHER_FILES.get(Path(path).suffix.lower())
        if hint is not None:
            err.message = f"{err.message} ({hint})"
            err.args = (err.message,)
        raise


#: the commands that read a test set (``generate --format jsonl|yaml``)
_TEST_SET_READERS = ("'rulings solve FILE --board N' rules its N-th record, 'rulings verify FILE' checks each record's "
                     "claims, 'rulings coverage FILE' reads its cases, 'rulings score FILE' compares each record's ruling with ours")
#: files a case-file command may be given by mistake, and what reads them
OTHER_FILES = {
    ".pbn": "a PBN file is not a case file: 'rulings solve FILE --board N' rules one of its boards, 'rulings new' writes it "
            "as a case, 'rulings coverage FILE' reads all of them",
    ".lin": "a LIN file is not a case file: 'rulings solve FILE --board N' rules one of its boards, 'rulings new' writes it "
            "as a case, 'rulings coverage FILE' reads all of them",
    ".jsonl": "a JSON lines test set is not a case file: " + _TEST_SET_READERS,
}
#: the error of a test set read as a case file
TEST_SET = ("a test set (records {id, case, ruling}: generate --format jsonl or yaml), not a case file with claims: "
            + _TEST_SET_READERS)


def is_test_set(path: str | Path) -> bool:
    """Whether ``path`` is a test set of ``rulings generate``: its first record (the first
    line of a ``.jsonl`` file, else the first YAML document) is a mapping with an ``id`` and a
    ``case``."""
    if Path(path).suffix.lower() != ".jsonl":
        return is_test_set_stream(path)
    import json

    try:
        with open(path, "rb") as fh:
            for raw in iter(lambda: fh.readline(DOCUMENT_LIMITS.max_bytes), b""):
                if raw.strip():
                    rec = json.loads(raw)
                    return isinstance(rec, dict) and "id" in rec and "case" in rec
    except (OSError, ValueError, RecursionError):
        return False
    return False


def is_test_set_stream(path: str | Path) -> bool:
    """Whether ``path`` is a YAML stream of test-set records: its first document is a
    mapping with an ``id`` and a ``case`` (``generate --format yaml``)."""
    try:
        for _line, data, _lines in iter_documents(path):
            return isinstance(data, dict) and "id" in data and "case" in data
    except CaseFileError:
        return False
    return False


#: the bounds on one document of a YAML stream of test-set records: a record holds its case and
#: its expected ruling (up to a thousand restorations listed), larger than a case file
DOCUMENT_LIMITS = Limits(max_bytes=64 * 1024 * 1024, max_nodes=2_000_000)
#: a line that starts a YAML document (``---`` at the start of a line ends any scalar before it)
_DOCUMENT_START = re.compile(rb"---(?:[ \t\r\n]|$)")
_BLANK_OR_COMMENT = re.compile(rb"\s*(?:#.*)?\s*")


def iter_documents(path: str | Path, limits: Limits = DOCUMENT_LIMITS) -> Iterator[tuple[int, Any, dict[NodePath, int]]]:
    """The documents of a YAML stream (``---`` before each), one at a time: each document's
    first line, its data and the file line of each of its nodes. Each document is read as a
    case file is (:func:`loads`: decoded line by line, scanned, composed with duplicate keys
    refused) within ``limits``; the file as a whole may be of any size. Raises CaseFileError
    located at the file's line."""
    p = str(path)
    try:
        fh = open(path, "rb")  # noqa: SIM115  (closed below, also when the caller stops early)
    except OSError as err:
        raise CaseFileError(f"cannot read file: {err.strerror or err}", file=p, line=None) from None
    with fh:
        chunk: list[bytes] = []
        start = size = 0
        number = 0
        while True:
            raw = fh.readline(limits.max_bytes - size + 1)
            if raw:
                number += 1
            if not raw or _DOCUMENT_START.match(raw):
                if any(not _BLANK_OR_COMMENT.fullmatch(piece) for piece in chunk):
                    yield _document(b"".join(chunk), p, start, limits)
                if not raw:
                    return
                chunk, start, size = [], number, 0
            if start == 0:
                start = number
            chunk.append(raw)
            size += len(raw)
            if size > limits.max_bytes:
                raise CaseFileError(f"document too large: more than {limits.max_bytes:,} bytes (the limit is reached on this "
                                    "line)", file=p, line=number, token=f"{limits.max_bytes} bytes")


def _document(raw: bytes, file: str, start: int, limits: Limits) -> tuple[int, Any, dict[NodePath, int]]:
    """One document of :func:`iter_documents` (``raw`` begins at the file's line ``start``)."""
    try:
        text = decode(raw, file, limits)
        check_text(text, file, limits)
        data, lines = _compose(text, file, limits)
    except CaseFileError as err:
        if err.line is not None:
            err.line += start - 1
        raise
    return start, data, {path: n + start - 1 for path, n in lines.items()}


def read_text(path: str | Path, limits: Limits = LIMITS) -> str:
    """Read at most ``limits.max_bytes`` of a file and decode it as UTF-8, line by line.

    A UTF-8 byte-order mark is dropped. Raises CaseFileError located at the line of the first
    problem: a file over the size limit, a UTF-16/UTF-32 file, a line that is not UTF-8.
    """
    p = str(path)
    try:
        with open(path, "rb") as fh:
            raw = fh.read(limits.max_bytes + 1)
    except OSError as err:
        raise CaseFileError(f"cannot read case file: {err.strerror or err}", file=p, line=None) from None
    return decode(raw, p, limits)


def decode(raw: bytes, file: str | None = None, limits: Limits = LIMITS) -> str:
    """Decode bytes of a case file (see :func:`read_text`)."""
    if len(raw) > limits.max_bytes:
        line = raw.count(b"\n", 0, limits.max_bytes) + 1
        raise CaseFileError(f"file too large: the case file is larger than {limits.max_bytes:,} bytes (the limit is reached on this line)",
                            file=file, line=line, token=f"{limits.max_bytes} bytes")
    for bom, name in ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"),
                      (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16")):
        if raw.startswith(bom):
            raise CaseFileError(f"the file is {name} (byte-order mark {bom.hex(' ')}); case files are UTF-8",
                                file=file, line=1, token=bom.hex(" "))
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    nul = raw.find(b"\x00")
    if nul >= 0:
        column = nul - raw.rfind(b"\n", 0, nul)
        raise CaseFileError(f"NUL byte '\\x00' at column {column}: a UTF-16 or binary file? case files are UTF-8 text",
                            file=file, line=raw.count(b"\n", 0, nul) + 1, token="\\x00")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw.count(b"\n", 0, err.start) + 1
        bad = raw[err.start:err.end]
        column = err.start - raw.rfind(b"\n", 0, err.start)
        raise CaseFileError(f"line is not UTF-8: byte {bad.hex(' ')} at column {column}",
                            file=file, line=line, token=bad.hex(" ")) from None


def check_text(text: str, file: str | None = None, limits: Limits = LIMITS) -> None:
    """Refuse characters no reader accepts (NUL, other controls, lone surrogates) and overlong lines.

    Raises CaseFileError located at the line, naming the character.
    """
    m = _NON_PRINTABLE.search(text)
    if m is not None:
        ch = m.group()
        raise CaseFileError(f"malformed YAML: unacceptable character U+{ord(ch):04X} {ch!r}", file=file,
                            line=line_at(text, m.start()), token=repr(ch))
    found = [i for i in map(text.find, _SEPARATOR_NAMES) if i >= 0]
    if found:
        at = min(found)
        ch = text[at]
        raise CaseFileError(f"U+{ord(ch):04X} {ch!r} ({_SEPARATOR_NAMES[ch]}) is not allowed: end lines with a plain line break",
                            file=file, line=line_at(text, at), token=repr(ch))
    for line_no, piece in enumerate(re.split("\r\n|[\r\n]", text), 1):
        if len(piece) > limits.max_line:
            raise CaseFileError(f"line too long: {len(piece)} characters (limit {limits.max_line}): {_short(piece)!r}",
                                file=file, line=line_no, token=_short(piece))


def line_at(text: str, index: int) -> int:
    """The line (1-based, breaks ``\\n``, ``\\r\\n``, ``\\r``) of character ``index``."""
    head = text[:index]
    return head.count("\n") + head.count("\r") - head.count("\r\n") + 1


class _Lines:
    """Translate the YAML parser's line numbers (which count NEL, U+2028, U+2029) to ours."""

    def __init__(self, text: str) -> None:
        self.ours: list[int] = [1]  # ours[k] = our line of the parser's line k (0-based)
        self.text = text
        n = 1
        for m in _YAML_BREAK.finditer(text):
            if m.group() in "\n\r\n\r":
                n += 1
            self.ours.append(n)

    def __call__(self, mark: Any) -> int:
        k = mark.line
        return self.ours[k] if 0 <= k < len(self.ours) else self.ours[-1]


def _compose(text: str, file: str | None, limits: Limits = LIMITS) -> tuple[Any, dict[NodePath, int]]:
    if text.startswith("\ufeff"):
        text = text[1:]
    our = _Lines(text)
    _scan(text, file, limits, our)
    loader = _Loader(text)
    lines: dict[NodePath, int] = {}
    try:
        node = loader.get_single_node()
        if node is None:
            raise CaseFileError("the case file is empty", file=file, line=1)
        _walk(loader, node, (), lines, file, our)
        data = loader.construct_document(node)
    except yaml.MarkedYAMLError as err:
        raise _located(err, text, file, our) from None
    except yaml.YAMLError as err:
        raise CaseFileError(f"malformed YAML: {err}", file=file) from None
    finally:
        loader.dispose()
    return data, lines


def _walk(loader: Any, n: yaml.Node, path: NodePath, lines: dict[NodePath, int], file: str | None, our: _Lines) -> None:
    lines[path] = our(n.start_mark)
    if isinstance(n, yaml.MappingNode):
        seen: dict[Any, int] = {}
        for k, v in n.value:
            if not isinstance(k, yaml.ScalarNode):
                raise CaseFileError("a key must be plain text, not a sequence or mapping", file=file,
                                    line=our(k.start_mark), token="?")
            if k.tag == "tag:yaml.org,2002:merge":
                raise CaseFileError("merge keys ('<<') are not allowed in case files", file=file,
                                    line=our(k.start_mark), token="<<")
            key = loader.construct_object(k, deep=True)
            kline = our(k.start_mark)
            first = seen.get(key)  # a scalar key (text, number, bool, null): hashable
            if first is not None:
                raise CaseFileError(f"duplicate key {_short(str(key))!r} (lines {first} and {kline})",
                                    file=file, line=kline, token=str(key))
            seen[key] = kline
            _walk(loader, v, (*path, str(key)), lines, file, our)
            lines.setdefault((*path, str(key)), kline)
    elif isinstance(n, yaml.SequenceNode):
        for i, v in enumerate(n.value):
            _walk(loader, v, (*path, i), lines, file, our)


def _scan(text: str, file: str | None, limits: Limits, our: _Lines) -> None:
    """Read the YAML events (nothing built): refuse aliases, anchors, tags and oversize input."""
    loader = _Loader(text)
    depth = nodes = 0
    digits = re.compile(rf"\d{{{limits.max_digits + 1},}}")
    try:
        while loader.check_event():
            ev = loader.get_event()
            if ev is None:
                break
            line = our(ev.start_mark)
            if isinstance(ev, yaml.AliasEvent):
                raise CaseFileError(f"aliases are not allowed in case files: '*{_short(str(ev.anchor))}'",
                                    file=file, line=line, token=f"*{ev.anchor}")
            if not isinstance(ev, yaml.NodeEvent):
                if isinstance(ev, yaml.CollectionEndEvent):
                    depth -= 1
                continue
            if ev.anchor is not None:
                raise CaseFileError(f"anchors are not allowed in case files: '&{_short(str(ev.anchor))}'",
                                    file=file, line=line, token=f"&{ev.anchor}")
            tag = getattr(ev, "tag", None)
            implicit = getattr(ev, "implicit", True)
            explicit = tag is not None and (implicit is False or (isinstance(implicit, tuple) and not any(implicit)))
            if explicit and (tag == "!" or not re.match(_STANDARD_TAG, str(tag))):
                shown = _short(str(tag).replace("tag:yaml.org,2002:", "!!"), 50)
                raise CaseFileError(f"tags are not allowed in case files: {shown!r}", file=file, line=line, token=shown)
            nodes += 1
            if nodes > limits.max_nodes:
                raise CaseFileError(f"too many values: more than {limits.max_nodes} in one file",
                                    file=file, line=line, token=str(limits.max_nodes))
            if isinstance(ev, yaml.CollectionStartEvent):
                depth += 1
                if depth > limits.max_depth:
                    opener = "[" if ev.flow_style and isinstance(ev, yaml.SequenceStartEvent) else \
                        "{" if ev.flow_style else "-" if isinstance(ev, yaml.SequenceStartEvent) else "key:"
                    raise CaseFileError(f"nested too deep: more than {limits.max_depth} levels at {opener!r}",
                                        file=file, line=line, token=opener)
            elif isinstance(ev, yaml.ScalarEvent):
                value = ev.value
                if len(value) > limits.max_string:
                    raise CaseFileError(f"text too long: {len(value)} characters (limit {limits.max_string}) in {_short(value)!r}",
                                        file=file, line=line, token=_short(value))
                m = digits.search(value)
                if m is not None:
                    raise CaseFileError(f"number too long: {len(m.group())} digits (limit {limits.max_digits}) in {_short(value)!r}",
                                        file=file, line=line + value.count("\n", 0, m.start()) * (ev.style in ("|", ">")),
                                        token=_short(m.group()))
                if not ev.style and len(value) > limits.max_int_chars and \
                        loader.resolve(yaml.ScalarNode, value, (True, False)) == _INT_TAG:  # type: ignore[no-untyped-call]
                    raise CaseFileError(f"number too long: {_short(value)!r} (limit {limits.max_int_chars} characters)",
                                        file=file, line=line, token=_short(value))
    except yaml.MarkedYAMLError as err:
        raise _located(err, text, file, our) from None
    except yaml.YAMLError as err:
        raise CaseFileError(f"malformed YAML: {err}", file=file) from None
    finally:
        loader.dispose()


_UNCLOSED = r"end of (the )?stream|<stream end>|found unexpected end"


def _located(err: yaml.MarkedYAMLError, text: str, file: str | None, our: _Lines) -> CaseFileError:
    """A parse error at the line of the construct it is about.

    An unclosed ``[``, ``{`` or quote is reported where it opened (the parser notices only at
    the end of the file); other errors where the parser stopped.
    """
    problem = str(err.problem or "")
    context = str(err.context or "")
    mark = err.problem_mark or err.context_mark
    opened = err.context_mark is not None and (
        context.startswith(("while parsing a flow", "while scanning a quoted", "while scanning a flow"))
        or re.search(_UNCLOSED, problem, re.I) is not None)
    if opened and err.context_mark is not None:
        start = err.context_mark
        ch = text[start.index] if 0 <= start.index < len(text) else ""
        at: int | None = start.index
        if not ch or ch not in "[{\"'":  # the parser names the node, not its bracket: find the bracket
            end = err.problem_mark.index if err.problem_mark is not None else len(text)
            found = _unclosed(text, max(end, start.index))
            ch, at = found if found is not None else ("", None)
        if at is not None and ch:
            stop = f" (the parser stopped at line {our(err.problem_mark)})" if err.problem_mark is not None else ""
            return CaseFileError(f"malformed YAML: {ch!r} is never closed{stop}", file=file,
                                 line=line_at(text, at), token=ch)
    line = our(mark) if mark is not None else None
    token = None
    if mark is not None:
        src = re.split("\r\n|[\r\n]", text)
        k = line - 1 if line is not None else 0
        token = _short(src[k].strip()) if 0 <= k < len(src) else None
        token = token or None
    message = problem or str(err.context or "")
    return CaseFileError(f"malformed YAML: {message}" + (f" near {token!r}" if token else ""),
                         file=file, line=line, token=token)


def _unclosed(text: str, end: int) -> tuple[str, int] | None:
    """The innermost ``[``, ``{`` or quote still open at ``end`` (a small scanner of YAML's
    flow syntax: brackets and quotes count where a value starts, or inside brackets)."""
    stack: list[tuple[str, int]] = []
    i, n = 0, min(end, len(text))
    value_start = True
    while i < n:
        c = text[i]
        if c in "\r\n":
            value_start = True
        elif c == "#" and (i == 0 or text[i - 1] in " \t\r\n"):
            while i < n and text[i] not in "\r\n":
                i += 1
            continue
        elif c in "'\"" and (value_start or stack):
            j = i + 1
            while j < n:
                if text[j] == "\\" and c == '"':
                    j += 2
                    continue
                if text[j] == c:
                    if c == "'" and j + 1 < n and text[j + 1] == "'":
                        j += 2
                        continue
                    break
                j += 1
            if j >= n:
                return c, i
            i = j + 1
            value_start = False
            continue
        elif c in "[{" and (value_start or stack):
            stack.append((c, i))
            value_start = True
            i += 1
            continue
        elif c in "]}" and stack:
            stack.pop()
        elif c in ",:-?" and (i + 1 >= n or text[i + 1] in " \t\r\n,[]{}"):
            value_start = True
            i += 1
            continue
        elif c not in " \t":
            value_start = False
        i += 1
    return stack[-1] if stack else None


CASE_SUFFIXES = (".yaml", ".yml", ".json")


def iter_case_files(paths: list[str | Path]) -> Iterator[Path]:
    """The case files under ``paths`` (files as given; directories recursively: *.yaml,
    *.yml, *.json), one at a time, in the order of :func:`case_files`. A directory is read one
    level at a time (each level's names sorted), so 100,000 files in a tree cost their names
    at one level, not 100,000 path objects.

    Raises CaseFileError for a path that does not exist, before yielding anything."""
    given = [Path(raw) for raw in paths]
    check_exist(given)
    for p in given:
        if p.is_dir():
            yield from _walk_cases(p)
        else:
            yield p


def check_exist(paths: Iterable[str | Path]) -> None:
    """Raise CaseFileError for the first of ``paths`` that does not exist."""
    for raw in paths:
        if not Path(raw).exists():
            raise CaseFileError("no such file or directory", file=str(raw))


def _walk_cases(folder: Path) -> Iterator[Path]:
    """Case files under ``folder`` in sorted path order (pathlib orders by parts: a level's
    names sorted); directories reached through a symbolic link are not entered, as rglob."""
    import os

    with os.scandir(folder) as it:
        entries = sorted((e.name, e.is_dir(follow_symlinks=False)) for e in it)
    for name, is_dir in entries:
        q = folder / name
        if is_dir:
            yield from _walk_cases(q)
        elif q.suffix in CASE_SUFFIXES and q.is_file():
            yield q


def case_files(paths: list[str | Path]) -> list[Path]:
    """Expand files and directories (recursively: *.yaml, *.yml, *.json), sorted.

    Raises CaseFileError for a path that does not exist.
    """
    return list(iter_case_files(paths))
