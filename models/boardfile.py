"""Boards from PBN and LIN files, read through endplay's parsers (the optional ``dds`` extra),
turned into the mapping of a case file (docs/case-format.md) that :func:`parse_case` reads.

Only the boundary uses endplay: the deal, the contract and declarer (from the file's tags or
its auction), and the cards in the order played. The seat of each card follows from the lead
(declarer's left-hand opponent) and the winner of each trick (trumps, then the suit led), so
a revoke recorded in the file is visible to the solver from the deal and the play.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulings.models.errors import CaseFileError

SEATS = "NESW"
SUITS = "SHDC"  # endplay's Denom order: spades, hearts, diamonds, clubs, no trump
RANKS = "23456789TJQKA"


def _endplay() -> Any:
    try:
        from endplay.parsers import lin, pbn
    except ImportError:
        raise CaseFileError("reading PBN or LIN needs endplay: pip install 'bridge-rulings[dds]'") from None
    return pbn, lin


def _card(card: Any) -> str:
    return SUITS[int(card.suit.value)] + str(card.rank.name)[1:]


def _winner(plays: list[tuple[int, str]], trumps: str | None) -> int:
    led = plays[0][1][0]

    def power(card: str) -> int:
        rank = RANKS.index(card[1])
        return 200 + rank if card[0] == trumps else 100 + rank if card[0] == led else rank

    return max(plays, key=lambda p: power(p[1]))[0]


#: bytes read from a PBN or LIN file at most (a tournament's file of boards fits many times over)
MAX_BOARD_BYTES = 64 * 1024 * 1024


def load_boards(path: str | Path) -> list[Any]:
    """The boards of a .pbn or .lin file as endplay Board objects. Raises CaseFileError."""
    pbn, lin = _endplay()
    p = Path(path)
    try:
        with p.open("rb") as fh:  # bounded: /dev/zero or a huge file is refused, not read to the end
            raw = fh.read(MAX_BOARD_BYTES + 1)
    except OSError as err:
        raise CaseFileError(f"cannot read board file: {err.strerror or err}", file=str(p)) from None
    if len(raw) > MAX_BOARD_BYTES:
        line = raw.count(b"\n", 0, MAX_BOARD_BYTES) + 1
        raise CaseFileError(f"file too large: the board file is larger than {MAX_BOARD_BYTES:,} bytes (the limit is reached on this line)",
                            file=str(p), line=line, token=f"{MAX_BOARD_BYTES} bytes")
    text = raw.decode("utf-8-sig") if _utf8(raw) else raw.decode("latin-1")
    parser = lin if p.suffix.lower() == ".lin" else pbn
    try:
        boards = list(parser.loads(text))
    except Exception as err:  # endplay raises bare exceptions of several kinds on bad input
        raise CaseFileError(f"not a readable {p.suffix.lstrip('.').upper() or 'PBN'} file: {err}", file=str(p), line=1) from None
    return boards


def _utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def board_case(path: str | Path, board: int | None = None, attention: str | None = None) -> dict[str, Any]:
    """The case-file mapping of one board of a PBN or LIN file: ``board`` is its ``Board``
    number (default: the first board with a contract). With ``attention`` (a seat, or ``TD``)
    the play ends with ``attention <seat>``. Raises CaseFileError naming the file."""
    p = Path(path)
    boards = load_boards(p)
    chosen = None
    for b in boards:
        played = b.contract is not None and int(b.contract.level) > 0
        if (board is None and played) or (board is not None and b.board_num == board):
            chosen = b
            break
    if chosen is None:
        numbers = ", ".join(str(b.board_num) for b in boards) or "none"
        what = f"board {board}" if board is not None else "a board with a contract"
        raise CaseFileError(f"{what} not found (boards in the file: {numbers})", file=str(p), line=1, token=str(board))
    c = chosen.contract
    if c is None or int(c.level) == 0:
        raise CaseFileError(f"board {chosen.board_num} has no contract (passed out?)", file=str(p), line=1, token=str(chosen.board_num))
    strain = "NT" if int(c.denom.value) == 4 else SUITS[int(c.denom.value)]
    doubled = {1: "", 2: "X", 4: "XX"}.get(int(c.penalty.value), "")
    declarer = SEATS[int(c.declarer.value)]
    trumps = None if strain == "NT" else strain
    seat = (SEATS.index(declarer) + 1) % 4
    lines: list[str] = []
    trick: list[tuple[int, str]] = []
    for card in chosen.play:
        name = _card(card)
        trick.append((seat, name))
        lines.append(f"{SEATS[seat]} {name}")
        if len(trick) == 4:
            seat = _winner(trick, trumps)
            trick = []
        else:
            seat = (seat + 1) % 4
    if attention is not None:
        lines.append(f"attention {attention}")
    info = getattr(chosen, "info", {}) or {}
    event = info.get("Event") if hasattr(info, "get") else None
    return {
        "title": f"Board {chosen.board_num}" + (f", {event}" if event and event not in ("#", "?") else ""),
        "source": f"{p.name}, board {chosen.board_num}",
        "deal": chosen.deal.to_pbn(),
        "contract": f"{int(c.level)}{strain}{doubled}",
        "declarer": declarer,
        "play": lines,
    }


def _pbn_text(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def pbn_game(
    *,
    deal: str,
    contract: str,
    declarer: str,
    tricks: list[list[tuple[str, str]]],
    board: int = 1,
    event: str = "bridge-rulings",
    commentary: list[str] | None = None,
    first: str | None = None,
) -> str:
    """One PBN game (export form, CRLF lines): the deal, contract and declarer, and the
    ``Play`` section of ``tricks`` (each a list of ``(seat, card)`` in the order played, the
    first trick led by ``first``, default declarer's left-hand opponent), with ``commentary`` as ``{...}``
    comments after the tags, before the play. Cards are written as ``SA``, ``HT``."""
    first = first or SEATS[(SEATS.index(declarer) + 1) % 4]
    dealer = SEATS[(board - 1) % 4]
    vul = ("None", "NS", "EW", "All", "NS", "EW", "All", "None", "EW", "All", "None", "NS", "All", "None", "NS", "EW")[(board - 1) % 16]
    tags = [
        ("Event", event), ("Site", "?"), ("Date", "????.??.??"), ("Board", str(board)),
        ("West", "?"), ("North", "?"), ("East", "?"), ("South", "?"),
        ("Dealer", dealer), ("Vulnerable", vul), ("Deal", deal), ("Scoring", "?"),
        ("Declarer", declarer), ("Contract", contract), ("Result", "?"),
    ]
    out = [f'[{name} "{_pbn_text(value)}"]' for name, value in tags]
    for text in commentary or []:  # after the tags: a comment belongs to what precedes it
        out.append("{" + text.replace("}", ")").replace("{", "(") + "}")
    if tricks:
        out.append(f'[Play "{first}"]')
        columns = [SEATS[(SEATS.index(first) + k) % 4] for k in range(4)]
        for trick in tricks:
            by_seat = dict(trick)
            out.append(" ".join(by_seat.get(seat, "-") for seat in columns))
        if sum(len(t) for t in tricks) < 52:
            out.append("*")
    return "\r\n".join(out) + "\r\n"
