"""Fuzzing that attacks the loader and the engine (shared by the tests and ``make fuzz-long``).

Three sources of input:

* **structural**: a corpus case with one hostile construct injected at a known line (an
  anchor, an alias, a tag, a duplicate key, deep nesting, a number over Python's limit, NUL,
  U+2028, NEL, a Latin-1 byte, an unknown field, an unclosed bracket or quote, a Unicode
  look-alike of a seat or suit, a wrong-typed value or tree), over any text transform that must
  not move lines (BOM, CRLF, JSON instead of YAML for the tree classes). The error must name
  THAT line and the token.
* **mutation**: random byte edits of corpus files (flip, insert, delete, splice, hostile
  snippets). Any error must be located inside the file.
* **atheris** (coverage-guided, when installed): the same oracle over the bytes atheris makes.

:func:`check` is the oracle: it loads the bytes as ``f.yaml`` and rules the case within a small
node budget; it returns ``None`` or a description of the failure (a traceback, an unlocated or
mislocated error).
"""

from __future__ import annotations

import json
import random
import re
import traceback
from dataclasses import dataclass
from pathlib import Path

from rulings.models.errors import RulingError
from rulings.solver.casefile import decode, loads
from rulings.solver.ruling import Ruling

ROOT = Path(__file__).resolve().parents[1]
NAME = "f.yaml"
BUDGET = 300


def corpus() -> list[str]:
    """The case files of cases/ (text), sorted; small ones first are as good as any."""
    return [p.read_text(encoding="utf-8") for p in sorted((ROOT / "cases").rglob("*.yaml"))]


@dataclass(frozen=True)
class Expect:
    """Where the injected fault is and what the error must name."""

    line: int
    token: str
    kind: str


# ----- the oracle -----------------------------------------------------------------------------------
def check(raw: bytes, expect: Expect | None = None) -> str | None:
    """None when the input is ruled or refused as it should be; else what went wrong."""
    n_lines = len(re.findall(rb"\r\n|\r|\n", raw)) + 1  # a lone CR ends a line, as in YAML
    try:
        text = decode(raw, NAME)
        case = loads(text, file=NAME)
        ruling = Ruling(case)
        for _ in ruling.restorations(budget=BUDGET):
            pass
    except RulingError as err:
        message = str(err)
        if err.file != NAME or err.line is None:
            return f"unlocated error: {message}"
        if not 1 <= err.line <= n_lines:
            return f"error outside the file (line {err.line} of {n_lines}): {message}"
        if not message.startswith(f"{NAME}:{err.line}: "):
            return f"badly formatted error: {message}"
        if expect is not None:
            if err.line != expect.line:
                return f"{expect.kind}: mislocated, expected line {expect.line}: {message}"
            if expect.token not in message:
                return f"{expect.kind}: token {expect.token!r} not named: {message}"
        return None
    except RecursionError:
        return "RecursionError\n" + traceback.format_exc(limit=-6)
    except Exception:
        return "traceback\n" + traceback.format_exc(limit=-6)
    if expect is not None:
        return f"{expect.kind}: accepted, expected an error at line {expect.line} naming {expect.token!r}"
    return None


# ----- structural injections ---------------------------------------------------------------------------
LOOKALIKES = {"N": "Ν", "E": "Е", "S": "Ѕ", "W": "Ԝ", "A": "А", "K": "К", "H": "Н", "C": "С", "T": "Т"}


def _lines(base: str) -> list[str]:
    return base.rstrip("\n").split("\n")


def _insert(lines: list[str], rng: random.Random, new: str) -> tuple[list[str], int]:
    """Insert a top-level line at a random top-level position; returns lines and its 1-based number."""
    tops = [i for i, s in enumerate(lines) if s and not s[0].isspace() and not s.startswith("-")] + [len(lines)]
    at = rng.choice(tops)
    return [*lines[:at], new, *lines[at:]], at + 1


def inject(base: str, rng: random.Random) -> tuple[str, Expect]:
    """One hostile construct in ``base`` (a case file's text) and where the error must be."""
    lines = _lines(base)
    kind = rng.choice(KINDS)
    name = "".join(rng.choice("abcxyz") for _ in range(rng.randint(1, 6)))
    if kind == "anchor":
        lines, at = _insert(lines, rng, f"notes: &{name} [a, b]")
        return "\n".join(lines) + "\n", Expect(at, f"&{name}", kind)
    if kind == "alias":
        lines, at = _insert(lines, rng, f"notes: *{name}")
        return "\n".join(lines) + "\n", Expect(at, f"*{name}", kind)
    if kind == "tag":
        tag = rng.choice([f"!{name}", "!!python/object:os.system", f"!<tag:{name}>", "!!binary"])
        lines, at = _insert(lines, rng, f"notes: {tag} x")
        shown = tag.replace("!<", "").replace(">", "") if tag.startswith("!<") else tag
        return "\n".join(lines) + "\n", Expect(at, shown.split(":")[0] if tag.startswith("!!python") else shown, kind)
    if kind == "duplicate":
        # (a key whose value goes on to the next line inside an open flow collection is left
        # out: its first line alone is malformed YAML, a second fault before the duplicate)
        keys = [(i, s.split(":", 1)[0]) for i, s in enumerate(lines) if s and not s[0].isspace() and ":" in s and s[0] != "#"
                and not s.startswith("-") and s.count("[") <= s.count("]") and s.count("{") <= s.count("}")]
        i, _key = rng.choice(keys)
        dup = lines[i]
        lines, at = _insert(lines, rng, dup)
        if at <= i + 1:
            first, second = at, i + 2
        else:
            first, second = i + 1, at
        return "\n".join(lines) + "\n", Expect(second, f"lines {first} and {second}", kind)
    if kind == "deep":
        d = rng.randint(33, 3000)
        lines, at = _insert(lines, rng, "notes: " + "[" * d + "]" * d)
        return "\n".join(lines) + "\n", Expect(at, "[", kind)
    if kind == "number":
        digits = "".join(rng.choice("0123456789") for _ in range(rng.randint(101, 6000)))
        where = rng.choice(["trick: 1{}", "notes: 1{}", "title: 1{}", "won: {{NS: 1{}, EW: 0}}", "expect: [count 1{}]"])
        # (the key replaced goes with its block: ``won:`` may be a block mapping, its sides indented below it)
        lines = _drop_block(lines, where.split(":")[0] + ":") if where[0] in "tw" else lines
        if where.startswith("expect"):
            lines = _drop_block(lines, "expect:")
        lines, at = _insert(lines, rng, where.format(digits))
        return "\n".join(lines) + "\n", Expect(at, ("1" + digits)[:20], kind)
    if kind in ("nul", "u2028", "nel", "u2029", "control"):
        ch = {"nul": "\x00", "u2028": "\u2028", "nel": "\x85", "u2029": "\u2029", "control": rng.choice("\x01\x07\x1b\x7f")}[kind]
        i = rng.randrange(len(lines))
        j = rng.randint(0, len(lines[i]))
        lines[i] = lines[i][:j] + ch + lines[i][j:]
        token = "\\x00" if ch == "\x00" else repr(ch)
        if ch == "\x00":
            token = "\\x00"
        return "\n".join(lines) + "\n", Expect(i + 1, token, kind)
    if kind == "latin1":
        i = rng.randrange(len(lines))
        j = rng.randint(0, len(lines[i]))
        lines[i] = lines[i][:j] + "\udce9" + lines[i][j:]  # the byte e9 alone, written with surrogateescape
        return "\n".join(lines) + "\n", Expect(i + 1, "e9", kind)
    if kind == "unknown":
        lines, at = _insert(lines, rng, f"{name}zz: 1")
        return "\n".join(lines) + "\n", Expect(at, f"{name}zz", kind)
    if kind == "unclosed":
        opener = rng.choice(["[", "{", '"', "'"])
        lines.append(f"notes: {opener}never closed" + ("," if opener in "[{" else ""))
        lines += [f"title: t{k}" for k in range(rng.randint(0, 3))] if opener in "\"'" else []
        at = len(lines) - (0 if opener in "[{" else len([s for s in lines[-3:] if s.startswith("title: t")]))
        at = next(k + 1 for k in range(len(lines) - 1, -1, -1) if lines[k].startswith("notes: " + opener))
        text = "\n".join(_dedupe_title(lines, at)) + "\n"
        return text, Expect(at, opener, kind)
    if kind == "lookalike":
        plays = [i for i, s in enumerate(lines) if s.startswith("  - ") and s[4:5] in "NESW" and s[5:6] == " "]
        if not plays:
            return inject(base, rng)
        i = rng.choice(plays)
        seat = lines[i][4]
        lines[i] = lines[i][:4] + LOOKALIKES[seat] + lines[i][5:]
        return "\n".join(lines) + "\n", Expect(i + 1, LOOKALIKES[seat], kind)
    raise AssertionError(kind)


def _drop_block(lines: list[str], head: str) -> list[str]:
    out: list[str] = []
    skipping = False
    for s in lines:
        if s.startswith(head):
            skipping = True
            continue
        if skipping and (s.startswith(" ") or s.startswith("-")):
            continue
        skipping = False
        out.append(s)
    return out


def _dedupe_title(lines: list[str], keep: int) -> list[str]:
    """Drop top-level ``title:``/``notes:`` lines that would make a duplicate key before ``keep``."""
    out = []
    for k, s in enumerate(lines, 1):
        if k < keep and (s.startswith("notes:") or s.startswith("title:")):
            out.append("# " + s)  # a comment keeps the line numbers
            continue
        if k > keep and s.startswith("title: t") and k > keep + 3:
            continue
        out.append(s)
    return out


KINDS = ("anchor", "alias", "tag", "duplicate", "deep", "number", "nul", "u2028", "nel", "u2029", "control",
         "latin1", "unknown", "unclosed", "lookalike")


def block_style(base: str) -> str:
    """The case with a flow ``play: [...]`` list written one line per item (look-alikes need lines)."""
    out = []
    for s in _lines(base):
        if s.startswith("play: [") and s.endswith("]"):
            out.append("play:")
            out += [f"  - {x.strip()}" for x in s[7:-1].split(",") if x.strip()]
        else:
            out.append(s)
    return "\n".join(out) + "\n"


def comment_out(base: str, keys: tuple[str, ...] = ("notes:", "title:")) -> str:
    """``notes`` and ``title`` blocks made comments (line for line), so injections can use the keys."""
    out = []
    skipping = False
    for s in _lines(base):
        if any(s.startswith(k) for k in keys):
            skipping = True
            out.append("# " + s)
            continue
        if skipping and (s.startswith(" ") or s == ""):
            out.append("# " + s)
            continue
        skipping = False
        out.append(s)
    return "\n".join(out) + "\n"


def encode(text: str, rng: random.Random) -> bytes:
    """The text as bytes, with transforms that keep every line where it is."""
    if rng.random() < 0.3:
        text = text.replace("\n", "\r\n")
    raw = text.encode("utf-8", "surrogateescape")
    if rng.random() < 0.3:
        raw = b"\xef\xbb\xbf" + raw
    return raw


def structural(bases: list[str], rng: random.Random) -> tuple[bytes, Expect]:
    base = comment_out(block_style(rng.choice(bases)))
    text, expect = inject(base, rng)
    return encode(text, rng), expect


# ----- raw trees: wrong types, huge and negative numbers, long records -------------------------------------
FIELDS = ("deal", "contract", "declarer", "trick", "leader", "laws", "won", "penalty", "play", "expect", "title", "notes")


def tree(rng: random.Random, depth: int = 0) -> object:
    r = rng.random()
    if depth > 3 or r < 0.4:
        return rng.choice([None, True, False, 0, -1, 2**63, -(2**70), 1e308, float("inf"), "", "x" * rng.randint(0, 300),
                           "N", "Ѕ", "♠A", "SA", "S10", "W SA", "attention E", "count -1", "\ufeff", "10" * 40,
                           rng.randint(-(10**30), 10**30), "E exposes H4", "claim N 13", "W omits", "omits"])
    if r < 0.7:
        return [tree(rng, depth + 1) for _ in range(rng.randint(0, 6))]
    return {rng.choice((*FIELDS, "NS", "EW", "x")): tree(rng, depth + 1) for _ in range(rng.randint(0, 4))}


def raw_tree(bases: list[str], rng: random.Random) -> bytes:
    """A corpus case with random fields replaced by random trees, or many irregularities; YAML or JSON."""
    import yaml

    data = yaml.safe_load(rng.choice(bases))
    for _ in range(rng.randint(1, 3)):
        data[rng.choice(FIELDS)] = tree(rng)
    if rng.random() < 0.2 and isinstance(data.get("play"), list):
        data["play"] = data["play"] * rng.randint(2, 40) + [
            f"{rng.choice('NESW')} omits" if rng.random() < 0.25 else f"{rng.choice('NESW')} exposes {rng.choice('SHDC')}{rng.choice('AKQJT98765432')}"
            for _ in range(rng.randint(0, 30))]
    if rng.random() < 0.5:
        return json.dumps(data, indent=rng.choice([None, 1])).encode("utf-8", "surrogatepass")
    return yaml.safe_dump(data, allow_unicode=True).encode("utf-8", "surrogatepass")


# ----- mutation --------------------------------------------------------------------------------------------
SNIPPETS = [b"&a ", b"*a", b"!!python/object ", b"[" * 40, b"{", b"'", b'"', b"\x00", "\u2028".encode(), b"\xc2\x85",
            b"\xe9", b"\xff\xfe", b"9" * 5000, b": ", b"- ", b"\t", b"\r", b"<<: {a: 1}\n", b"? [a]\n: b\n", b"---\n", b"...\n",
            "Ѕ".encode(), "♠".encode(), b"\xef\xbb\xbf", b"%YAML 1.1\n", b"!<tag:x>"]


def mutate(raw: bytes, rng: random.Random) -> bytes:
    data = bytearray(raw)
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(5)
        at = rng.randint(0, len(data))
        if op == 0 and data:
            data[min(at, len(data) - 1)] ^= 1 << rng.randrange(8)
        elif op == 1:
            data[at:at] = rng.choice(SNIPPETS)
        elif op == 2:
            del data[at:at + rng.randint(1, 40)]
        elif op == 3:
            end = rng.randint(at, min(len(data), at + 200))
            data[at:at] = data[at:end] * rng.randint(1, 3)
        else:
            data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    return bytes(data)


def one(i: int, bases: list[str], raws: list[bytes]) -> tuple[str, bytes, str | None]:
    """The i-th input of a long run (deterministic): its mode, its bytes, and the oracle's verdict."""
    rng = random.Random(i)
    mode = ("structural", "tree", "mutation")[i % 3]
    if mode == "structural":
        raw, expect = structural(bases, rng)
        return mode, raw, check(raw, expect)
    raw = raw_tree(bases, rng) if mode == "tree" else mutate(rng.choice(raws), rng)
    return mode, raw, check(raw)
