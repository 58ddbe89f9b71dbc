"""Rich rendering of a ruling for the terminal (suit symbols, red hearts and diamonds)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Literal

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from rulings.models.cards import SUITS_PBN, Card, Seat, Suit, Symbols, sort_for_hand
from rulings.models.case import Case
from rulings.models.deal import Hand
from rulings.models.events import Attention, Play
from rulings.solver.claims import ClaimResult
from rulings.solver.engine import AFTER_PLAY, Info, Notice, Restoration, Step
from rulings.solver.obligations import restriction_words
from rulings.solver.ruling import Ruling
from rulings.solver.summary import TreeItem, decisions_line, information, information_sources, ruling_tree

#: the rank tokens :meth:`Style.words` draws as cards
_RANKS = frozenset(("A", "K", "Q", "J", "T", "10", *"98765432"))


class Style:
    """How to draw suits: unicode symbols with colour, or ASCII letters. ``color=False``
    (:func:`style_for` a console that shows no colour, such as a pipe or a file) leaves the
    red out of the text: what is printed is the same, and there is less to draw."""

    def __init__(self, symbols: Symbols = "unicode", *, color: bool = True) -> None:
        self.symbols: Symbols = symbols
        #: hearts and diamonds in red: unicode symbols on a console showing colour
        self.red = symbols == "unicode" and color
        #: separators and the void/none mark, pure ASCII with ``--ascii``
        self.dot = " · " if symbols == "unicode" else " - "
        self.none = "—" if symbols == "unicode" else "-"

    def suit(self, suit: Suit) -> Text:
        return Text(suit.format(self.symbols), style="red" if self.red and suit.is_red else "")

    def card(self, card: Card) -> Text:
        t = self.suit(card.suit)
        t.append("10" if card.rank == 10 and self.symbols == "unicode" else card.rank.letter)
        return t

    def add_card(self, out: Text, card: Card) -> None:
        """Append ``card`` to ``out`` as :meth:`card` draws it (the same text and style)."""
        out.append(card.suit.format(self.symbols) + ("10" if card.rank == 10 and self.symbols == "unicode" else card.rank.letter),
                   style="red" if self.red and card.suit.is_red else None)

    def cards(self, cards: Sequence[Card], sep: str = " ") -> Text:
        out = Text()
        for i, c in enumerate(cards):
            if i:
                out.append(sep)
            out.append_text(self.card(c))
        return out

    def words(self, text: str) -> Text:
        """Turn card tokens like SA, H10 in a sentence into styled cards."""
        out = Text()
        plain: list[str] = []  # the words since the last card, appended as one piece
        for i, word in enumerate(text.split(" ")):
            if i:
                plain.append(" ")
            opened = word[:1] == "("  # (a card in brackets: "(DK)")
            core = word[opened:].rstrip(";,.:)?!")
            if len(core) in (2, 3) and core[0] in "SHDC" and core[1:] in _RANKS:
                out.append("".join(plain) + "(" * opened)
                self.add_card(out, Card.parse(core))
                plain = [word[opened + len(core):]]
            else:
                plain.append(word)
        out.append("".join(plain))
        return out


def hand_lines(hand: Hand, style: Style) -> list[Text]:
    lines = []
    for suit in SUITS_PBN:
        t = style.suit(suit)
        t.append(" ")
        ranks = [("10" if c.rank == 10 and style.symbols == "unicode" else c.rank.letter) for c in hand.suit(suit)]
        t.append(" ".join(ranks) if ranks else "—" if style.symbols == "unicode" else "-")
        lines.append(t)
    return lines


def deal_diagram(case: Case, style: Style) -> RenderableType:
    """The four hands in compass layout, North at the top."""
    grid = Table.grid(padding=(0, 2))
    for _ in range(3):
        grid.add_column(min_width=14)
    n, e, s, w = (hand_lines(case.deal[x], style) for x in (Seat.N, Seat.E, Seat.S, Seat.W))

    def label(seat: Seat) -> Text:
        role = " (declarer)" if seat is case.declarer else " (dummy)" if seat is case.declarer.partner else ""
        return Text(f"{seat}{role}", style="bold")

    # the empty cells as Text, not "": a string cell is read as markup each time it is drawn
    grid.add_row(Text(), label(Seat.N), Text())
    for line in n:
        grid.add_row(Text(), line, Text())
    grid.add_row(label(Seat.W), Text(), label(Seat.E))
    for a, b in zip(w, e, strict=False):
        grid.add_row(a, Text(), b)
    grid.add_row(Text(), label(Seat.S), Text())
    for line in s:
        grid.add_row(Text(), line, Text())
    return grid


def record(case: Case, style: Style) -> RenderableType:
    """What happened, trick by trick, marking the attention line."""
    out = Text()
    for e in case.events:
        line = f"{e.line:>4}  " if getattr(e, "line", None) is not None else "      "
        out.append(line, style="dim")
        if isinstance(e, Play):
            out.append(f"{e.seat} ")
            out.append_text(style.card(e.card))
        elif isinstance(e, Attention):
            out.append(str(e), style="bold yellow")
        else:
            out.append(str(e))
        out.append("\n")
    return out


def tree(ruling: Ruling, style: Style, items: list[TreeItem] | None = None) -> Tree:
    """The tree of decisions (``items``: :func:`ruling_tree`'s, when built already)."""
    root = Tree(Text(f"Ruling (Laws {ruling.ruleset.name})", style="bold"))

    def add(parent: Tree, items: list[TreeItem]) -> None:
        for item in items:
            head = Text()
            head.append(f"{item.step.clause + ' ':<6}", style="bold cyan")  # (a space after a long id: 52B1(b))
            head.append_text(style.words(item.question))
            head.append(f"  [{item.step.kind}{style.dot.rstrip()} {item.step.actor}]", style="dim")
            node = parent.add(head)
            if len(item.branches) == 1:
                br = item.branches[0]
                node.add(_choices(br.choices, br.example.text, style))
                add(node, br.items)
            else:
                for br in item.branches:
                    label = Text("if ", style="italic")
                    label.append_text(style.words(" | ".join(br.choices)))
                    sub = node.add(label)
                    if br.items:
                        add(sub, br.items)
                    else:
                        example = style.words(br.example.text)
                        example.stylize("dim")
                        sub.add(example)
    add(root, ruling_tree(ruling) if items is None else items)
    return root


def _choices(choices: list[str], example: str, style: Style) -> Text:
    t = Text("choices: ", style="dim")
    t.append_text(style.words(" | ".join(choices)))
    if len(choices) > 1 or example:
        t.append("   e.g. ", style="dim")
        t.append_text(style.words(example))
    return t


def restorations_table(restorations: Sequence[Restoration], style: Style, dd: Mapping[int, str] | None = None, *,
                       title: str | None = None) -> Table:
    """The restorations, a row each, titled with their number (or ``title``); ``dd``: a
    double-dummy column (``solve --dds``), by number."""
    table = Table(title=title if title is not None else f"{len(restorations)} restoration{'s' if len(restorations) != 1 else ''}",
                  show_lines=False)
    fold: Literal["fold", "ellipsis"] = "fold" if style.symbols == "ascii" else "ellipsis"  # no '…' in pure ASCII
    table.add_column("#", justify="right")
    table.add_column("trick(s) as restored", overflow=fold)
    table.add_column("withdrawn", overflow=fold)
    table.add_column("penalty cards", overflow=fold)
    table.add_column("unauthorized", overflow=fold)
    table.add_column("lead", overflow=fold)
    # what else tells restorations apart (CASES.md), each column only when a row has it:
    # declarer's 50D2/51B/57A choice, the finding a branch assumes (the Law 64 count is said
    # after the path that makes it)
    restricted = any(r.node.restrictions for r in restorations)
    found = any(r.findings for r in restorations)
    if restricted:
        table.add_column("restrictions", overflow=fold)
    if found:
        table.add_column("findings", overflow=fold)
    table.add_column("path", style="dim", overflow=fold)
    if dd is not None:
        table.add_column("DD", overflow=fold)
    for r in restorations:
        tricks = Text()
        for i, t in enumerate(r.tricks):
            if i:
                tricks.append("  ")
            tricks.append(f"{t.number}: ", style="dim")
            for j, (s, c) in enumerate(t.plays):
                if j:
                    tricks.append(" ")
                tricks.append(f"{s}" + (":" if style.symbols == "ascii" else ""))
                style.add_card(tricks, c)
        # each a list of "<seat> <card>" built in one Text (Text.join copies every part)
        withdrawn, pcs, ui = Text(), Text(), Text()
        again = _withdrawn_again(r)
        for k, w in enumerate(r.withdrawn):
            withdrawn.append(f", {w.seat} " if k else f"{w.seat} ")
            style.add_card(withdrawn, w.card)
            if (w.seat, w.card) in again:
                withdrawn.append(f" (trick {w.trick})", style="dim")
        for k, p in enumerate(r.penalty_cards):
            pcs.append(f", {p.seat} " if k else f"{p.seat} ")
            style.add_card(pcs, p.card)
            pcs.append(f" {p.kind}")
        # (a card the ledger holds under two laws, a penalty card also withdrawn, is said once
        # here; the information panel gives each entry with its clauses)
        for k, (side, seat, card) in enumerate(dict.fromkeys((i.unauthorized, i.seat, i.card) for i in r.ledger)):
            ui.append(f", {side}:{seat} " if k else f"{side}:{seat} ")
            style.add_card(ui, card)
        lead = str(r.lead) if r.lead is not None else style.none
        if r.established:
            lead += " (established)"
        clauses = path_text(r.path)
        if r.node.transfer is not None:
            clauses += f" (transfer {r.node.transfer}" + (", equity)" if r.node.equity else ")")
        row: list[str | Text] = [str(r.number), tricks, withdrawn, pcs, ui, lead]
        if restricted:
            row.append(style.words(", ".join(restriction_words(r.table, r.node.restrictions))))
        if found:
            row.append(", ".join(r.findings))
        row.append(clauses)
        if dd is not None:
            row.append(dd.get(r.number, style.none))
        table.add_row(*row)
    return table


def information_panel(restorations: Sequence[Restoration], style: Style, *, entries: Sequence[Info] | None = None,
                      withdrawn: Iterable[Seat] | None = None, dummy: Seat | None = None) -> RenderableType:
    """The information ledger of the restorations (or the distinct ``entries`` given): 16C
    for withdrawn cards, 50E for penalty cards. With no entry, it says whether any card was
    withdrawn (the seats of the cards the restorations withdrew: ``withdrawn``, else read
    from ``restorations``): a card of dummy's (``dummy``), faced for every player to see,
    gives no information when it goes back."""
    entries = information(restorations) if entries is None else entries
    if not entries:
        seats = set(withdrawn if withdrawn is not None else (w.seat for r in restorations for w in r.withdrawn))
        if not seats:
            return Text("Information: nothing withdrawn, no unauthorized information.", style="dim")
        if dummy is not None and seats == {dummy}:
            return Text("Information: no unauthorized information (the cards withdrawn are dummy's, faced for every player "
                        "to see).", style="dim")
        return Text("Information: no unauthorized information from the cards withdrawn.", style="dim")
    out = Text(f"Information from {information_sources(entries)}:\n", style="bold")
    for i in sorted(entries, key=lambda i: (i.seat.index, i.card)):
        out.append(f"  {i.seat} ")
        out.append_text(style.card(i.card))
        out.append(f": authorized to {i.authorized} ({i.ai_clause}), unauthorized to {i.unauthorized} ({i.ui_clause})\n")
    return out


#: how a choice stated at the table that a ruling took is listed (``Ruling.choices``): no irregularity
CHOICE_SAID = "declarer's choice at the table: "
#: how a position ruled where declarer's lead options are due is listed (``Ruling.options_due``):
#: no irregularity
OPTIONS_DUE = "declarer's lead options due: "


def held_text(n: int, more: bool) -> str:
    """What the head of the streamed text says in the place of the ``n`` irregularities it
    lists after the restorations (``more``: after others listed here)."""
    which = ("1 more irregularity" if n == 1 else f"{n} more irregularities") if more else (
        "1 irregularity" if n == 1 else f"{n} irregularities")
    return (f"{which}, which a ruling before {'it' if n == 1 else 'them'} may change: listed after the restorations, "
            f"as the paths rule {'it' if n == 1 else 'them'}")


def ruling_head(ruling: Ruling, style: Style, *, held_back: frozenset[Notice] = frozenset(),
                streamed: bool = False, items: list[TreeItem] | None = None,
                said_later: Collection[str] = ()) -> RenderableType:
    """Everything the text output of a ruling shows before its restorations: title, deal,
    what happened, irregularities, those found while ruling and those met on no path,
    declarer's choices at the table and his lead options due (not when the restorations are
    ``streamed``: that output says those known once every path is enumerated after them) and
    notices (but ``held_back``: those said after the restorations, when they are streamed),
    and the tree of decisions (``items``: built already). ``said_later``: irregularities of the
    record the streamed output lists after the restorations, once the paths have ruled them
    (``Ruling.unmet_so_far``): in their place the head says how many there are."""
    case = ruling.case
    title = Text(case.title or (case.file or "case"), style="bold")
    meta = Text(f"{case.contract} by {case.declarer}{style.dot}Laws {case.laws}" + (f"{style.dot}{case.source}" if case.source else ""),
                style="dim")
    parts: list[RenderableType] = [title, meta]
    turned = decisions_line(ruling)
    if turned:  # a ruling under another reading than the defaults is never taken for the default one
        parts.append(Text(turned, style="bold yellow"))
    parts += [Text(""), deal_diagram(case, style), Text(""), Text("What happened", style="bold"), record(case, style)]
    parts.append(Text("Irregularity", style="bold"))
    later = [irr for irr in ruling.irregularities if irr in said_later] if said_later else []
    here = [irr for irr in ruling.irregularities if irr not in later] if later else ruling.irregularities
    for irr in here or (() if later else (no_irregularity(case),)):
        parts.append(Text("  ") + style.words(irr))
    if later:
        parts.append(Text(f"  {held_text(len(later), bool(here))}"))
    if not streamed:
        for irr in ruling.found_later:  # known once the ruling is enumerated
            parts.append(Text("  found while ruling: ") + style.words(irr))
        for irr in ruling.not_met:  # (so is an irregularity the record shows that no path met)
            parts.append(Text("  met on no path (a ruling before it takes it away): ") + style.words(irr))
        for said in ruling.choices:
            parts.append(Text(f"  {CHOICE_SAID}") + style.words(said))
        for due in ruling.options_due:
            parts.append(Text(f"  {OPTIONS_DUE}") + style.words(due))
    for n in ruling.notices:
        if n not in held_back:
            parts.append(Text(f"  note: {n}", style="yellow"))
    parts += [Text(""), tree(ruling, style, items), Text("")]
    return Group(*parts)


def no_irregularity(case: Case) -> str:
    """What the list of irregularities says when the record shows none: the penalty cards in
    force at its start, when there are (the irregularity that made them came before it)."""
    if not case.penalty:
        return "none found"
    cards = ", ".join(f"{p.seat} {p.card} {p.kind.value}" for p in sorted(case.penalty, key=lambda p: p.sort_key))
    return f"none in the record; penalty cards in force at its start: {cards} (50)"


def ruling_view(ruling: Ruling, restorations: Sequence[Restoration], style: Style, *, truncated: bool,
                dd: Mapping[int, str] | None = None) -> RenderableType:
    """The whole text output of a ruling whose restorations are in hand (``--dds``; the CLI
    streams the others: :func:`ruling_head`, then pages of :func:`restorations_table`)."""
    parts: list[RenderableType] = [ruling_head(ruling, style), restorations_table(restorations, style, dd)]
    if truncated:
        parts.append(Text(f"(stopped at --limit {len(restorations)}; there are more)", style="yellow"))
    parts += [Text(""), information_panel(restorations, style, dummy=ruling.case.declarer.partner)]
    return Group(*parts)


def path_text(path: Iterable[Step]) -> str:
    """A restoration's path as its clauses (``57D > 45D1``). The step that closes play with
    nothing for Law 64 to count cites what the director found, a clause of no rectification
    (44C: no revoke; 62A: each revoke corrected): it says so (``44C (after play: no revoke)``)."""
    return " > ".join(f"{s.clause} (after play: {s.choice})" if s.question == AFTER_PLAY and not s.clause.startswith("64")
                      else s.clause for s in path)


def _withdrawn_again(r: Restoration) -> set[tuple[Seat, Card]]:
    """The cards a restoration withdraws more than once: played, withdrawn, played again and
    withdrawn again (each withdrawal is shown with its trick)."""
    seen: set[tuple[Seat, Card]] = set()
    again: set[tuple[Seat, Card]] = set()
    for w in r.withdrawn:
        (again if (w.seat, w.card) in seen else seen).add((w.seat, w.card))
    return again


def restoration_line(r: Restoration) -> str:
    """One-line plain-text summary of a restoration (used for counterexamples)."""
    tricks = "; ".join(f"trick {t.number}: " + " ".join(f"{s} {c}" for s, c in t.plays) for t in r.tricks if t.plays)
    parts = [f"#{r.number}", *([tricks] if tricks else [])]
    if r.withdrawn:
        again = _withdrawn_again(r)
        parts.append("withdrawn " + ", ".join(f"{w.seat} {w.card}" + (f" (trick {w.trick})" if (w.seat, w.card) in again else "")
                                             for w in r.withdrawn))
    if r.penalty_cards:
        parts.append("penalty " + ", ".join(str(p) for p in r.penalty_cards))
    if r.ledger:
        parts.append("UI " + ", ".join(dict.fromkeys(f"{i.unauthorized}:{i.seat} {i.card}" for i in r.ledger)))
    parts.append(f"lead {r.lead if r.lead is not None else '-'}")
    if r.established:
        parts.append("established")
    if r.node.restrictions:
        parts.append("restrictions " + ", ".join(restriction_words(r.table, r.node.restrictions)))
    if r.node.transfer is not None:
        parts.append(f"transfer {r.node.transfer}" + (", equity" if r.node.equity else ""))
    if r.findings:
        parts.append("findings " + ", ".join(r.findings))
    parts.append("path " + path_text(r.path))
    return " | ".join(parts)


def claim_line(result: ClaimResult) -> str:
    mark = "ok  " if result.passed else "FAIL"
    where = f"line {result.claim.line}: " if result.claim.line is not None else ""
    return f"  {mark} {where}{result.claim.text}  ({result.message})"


class _AsciiStream:
    """The standard stream as an ASCII one: Rich then draws boxes and tree guides in ASCII."""

    encoding = "ascii"

    def __init__(self, stream: object) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        if not text.isascii():  # the case's own words (a source's 'Örebro'): letters without accents
            import unicodedata

            text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
        return int(self._stream.write(text))  # type: ignore[attr-defined]

    def flush(self) -> None:
        self._stream.flush()  # type: ignore[attr-defined]

    def isatty(self) -> bool:
        return bool(getattr(self._stream, "isatty", lambda: False)())


def style_for(console: Console, symbols: Symbols) -> Style:
    """The :class:`Style` for ``console``: red suits only where it shows colour (Rich writes
    no colour, nor any other style, to a console without a colour system)."""
    return Style(symbols, color=console.color_system is not None)


def make_console(*, stderr: bool = False, soft_wrap: bool = False, ascii_only: bool = False) -> Console:
    """A console for this CLI (Rich honours NO_COLOR); soft_wrap keeps long lines whole;
    ascii_only draws tables and trees in pure ASCII (``--ascii``)."""
    if ascii_only:
        import sys

        return Console(file=_AsciiStream(sys.stderr if stderr else sys.stdout), highlight=False, soft_wrap=soft_wrap,  # type: ignore[arg-type]
                       emoji=False)
    # emoji=False: a ``:word:`` in a title or a note is text, not an emoji code (and Rich's
    # emoji table is not loaded)
    return Console(stderr=stderr, highlight=False, soft_wrap=soft_wrap, emoji=False)


__all__ = ["Style", "claim_line", "information_panel", "make_console", "restoration_line", "restorations_table", "ruling_head",
           "ruling_view", "sort_for_hand", "style_for"]
