"""Rule sets: one per Laws edition, each a table of rules written once.

A rule is data: the task it handles, the clauses it may cite, and a handler that expands a
node carrying that task into edges. An *opener* inspects the record at the moment attention
was drawn and puts the first tasks on the agenda. Editions differ only by which rules they
include, by the clause ids their logical names map to (``16C1`` in 2017 is ``16D1`` in
2007), and by the project's :class:`~rulings.solver.config.Decisions` switches; there are no
``if edition == ...`` branches in rule code.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import field, replace
from functools import cache

from rulings.models.cards import Card, Seat, Side
from rulings.models.case import Replay
from rulings.models.dataclass import dataclass
from rulings.models.events import Expose
from rulings.models.table import TableState, forget_hands
from rulings.solver.clauses import ClauseBook
from rulings.solver.config import DEFAULT, Decisions
from rulings.solver.engine import Answer, Edge, Info, Node, Opening, Substitutions
from rulings.solver.lawful import lawful_cards
from rulings.solver.obligations import pc_info

__all__ = ["Answerer", "Closer", "Cutter", "LeftDue", "Opener", "Opening", "Rule", "RuleSet", "get_ruleset", "may_wait_for_a_correction", "register",
           "ruleset_names"]

#: a rule: the edges out of a node for its task; a player's substitutes may come last as one
#: :class:`~rulings.solver.engine.Substitutions` (made edges by ``RuleSet.expand``)
Handler = Callable[["RuleSet", Node, object], "Sequence[Edge | Substitutions]"]


Opener = Callable[["RuleSet", Replay, Node], "Opening | None"]
#: A closer reads the whole record and may add what follows every rectification (the trick
#: adjustment after play, Law 64): its opening's root agenda runs last on every restoration.
Closer = Callable[["RuleSet", Replay], "Opening | None"]
#: A cutter reads a part of the record (the first, or a later one played on from a
#: restoration) and may find a line after which the table played on, before attention, from
#: a choice ruled there (declarer's spread, 54A, changes who is declarer from there): its
#: index in ``Replay.before``, or None.
Cutter = Callable[["RuleSet", Replay], "int | None"]
#: An answerer reads the lines after attention of a part of the record and gives the
#: choices they state at a decision a rule may offer only on a rectified table (declarer's
#: 50D2/51B choice at a lead): the engine settles each at the first decision on a path that
#: offers it, whichever rule offers it (:class:`~rulings.solver.engine.Answer`).
Answerer = Callable[["RuleSet", Replay], "tuple[Answer, ...]"]
#: What a restoration leaves due that no rule of its path enumerated (declarer's 50D2/51B
#: choice at the partner's lead, left to the next ruling): for each player whose lead would
#: have it due, that player and whom it concerns (the penalty cards' owner); then the text
#: listed with the lead options due where that player leads next.
LeftDue = tuple[Callable[["RuleSet", Node], "tuple[tuple[Seat, Seat], ...]"], Callable[["RuleSet", Node, Seat], str]]


def may_wait_for_a_correction(replay: Replay) -> bool:
    """Whether an irregularity of the record around ``replay`` may be ruled inside a
    correction made when attention is drawn, at its pause (``Opening.leads``, ruled at a
    ``CorrectionMade`` task): only a card exposed between tricks by a player not then to
    lead is (the exposure rules, 45C1, 49), so only a record with attention drawn and an
    ``expose`` line. A correcting rule leaves no pause and no order of its correction made
    for one (``IfWaiting``) where none may: decided once for the record, not at each node."""
    return replay.attention is not None and Expose in replay.line_kinds


@dataclass(frozen=True)
class Rule:
    """One law transition: the task it handles, the clauses it cites, its handler."""

    name: str
    task: type
    cites: tuple[str, ...]  # logical clause names (see RuleSet.cite)
    handler: Handler
    doc: str = ""
    editions: frozenset[str] = frozenset({"2017", "2007"})


@dataclass(frozen=True)
class RuleSet:
    """A named set of rules for one edition of the Laws."""

    name: str
    edition: str
    rules: tuple[Rule, ...]
    openers: tuple[tuple[str, Opener], ...]
    clause_names: Mapping[str, str] = field(default_factory=dict)  # logical name -> id
    #: openers that read only the table, so may run again on a rectified table
    reopenable: frozenset[str] = frozenset()
    decisions: Decisions = DEFAULT
    closers: tuple[Closer, ...] = ()
    #: what finds where the table played on from a choice ruled there (:meth:`played_on_from`)
    cutters: tuple[Cutter, ...] = ()
    #: what reads the choices stated after attention for whichever rule offers them (:meth:`answers`)
    answerers: tuple[Answerer, ...] = ()
    #: what reads a restoration for what it leaves due unenumerated (:meth:`left_due`)
    leftovers: tuple[LeftDue, ...] = ()
    #: the record lines an opener needs (any one of these event types): without one in the
    #: record it cannot find anything and is not run (openers not listed always run) ...
    lines: Mapping[str, tuple[type, ...]] = field(default_factory=dict)
    #: ... unless the table as replayed holds what the opener rules without such a line (a
    #: penalty card, a play out of turn): one look at the table, not a run of the opener
    states: Mapping[str, Callable[[TableState], bool]] = field(default_factory=dict)
    #: at a reopening (a rectified table), what an opener needs on that table and in the
    #: record's line kinds to find anything; without it the opener is not run there (one
    #: look at the table per restoration, not a run of the opener). A test reads only the
    #: table's revokes, its penalty cards in force and played, the number of cards standing,
    #: whether a revoke's card still stands where it was played (not as its trick's lead),
    #: the plays out of turn the table recorded, and the record: the engine
    #: looks at one child of a group of substitutes for all (``Composition._same_look``)
    reopen_states: Mapping[str, Callable[[TableState, Replay], bool]] = field(default_factory=dict)
    #: whether a ``reopen_states`` test reads who leads next on the table (a rule family's
    #: reading under these decisions): the look can then tell apart children of a group of
    #: substitutes that win the trick differently, so none is built from another's
    look_reads_leader: bool = False
    #: the rule families this set was made of (None: all; see ``catalog.families_for``): a
    #: task none of them has a rule for is ruled by the rule of the whole set (:meth:`expand`)
    families: frozenset[str] | None = None
    _dispatch: dict[type, Rule] = field(default_factory=dict, init=False, repr=False, compare=False)
    #: the information values of withdrawn cards made so far (``withdrawn_info``): at most
    #: 52 x 2 under 16C and 26 x 2 under 50E
    _infos: dict[tuple[Seat, Card, Side, bool], Info] = field(default_factory=dict, init=False, repr=False, compare=False)
    #: what a rule computes from its key alone, kept for the nodes that share the key (the
    #: steps of a position of a cascade, looked up by everything they depend on); each rule
    #: begins its keys with its own clause, keeps them complete, and bounds what it adds.
    #: A ruling has one of its own (:meth:`for_one_ruling`), dropped with it
    memo: dict[object, object] = field(default_factory=dict, init=False, repr=False, compare=False)
    #: the ``reopen_states`` tests of each set of opener names asked about (worth_reopening)
    #: and the names without a test
    _reopen_tests: dict[frozenset[str], tuple[tuple[tuple[str, Callable[[TableState, Replay], bool]], ...], frozenset[str]]] = field(
        default_factory=dict, init=False, repr=False, compare=False)
    #: each opener's place in ``openers`` (``openings`` with ``names`` runs only those, in that order)
    _rank: dict[str, int] = field(default_factory=dict, init=False, repr=False, compare=False)
    #: each opener with the record lines it needs and its table test (``lines``, ``states``), in
    #: ``openers`` order: what :meth:`openings` reads per opener, looked up once
    _plan: tuple[tuple[str, Opener, tuple[type, ...] | None, Callable[[TableState], bool] | None], ...] = field(
        default=(), init=False, repr=False, compare=False)

    #: the openers of each set of names :meth:`openings` was asked to run, in ``_plan`` order
    _chosen: dict[frozenset[str], tuple[tuple[str, Opener, tuple[type, ...] | None, Callable[[TableState], bool] | None], ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        book = ClauseBook.load()
        for rule in self.rules:
            for logical in rule.cites:
                book.get(self.cite(logical), self.edition)  # raises on an unknown clause
        dispatch: dict[type, Rule] = {}
        for rule in self.rules:
            if rule.task in dispatch:
                raise ValueError(f"two rules for task {rule.task.__name__}")
            dispatch[rule.task] = rule
        object.__setattr__(self, "_dispatch", dispatch)
        object.__setattr__(self, "_rank", {name: i for i, (name, _) in enumerate(self.openers)})
        object.__setattr__(self, "_plan", tuple((name, opener, self.lines.get(name), self.states.get(name)) for name, opener in self.openers))

    def for_one_ruling(self) -> RuleSet:
        """This rule set with a ``memo`` of its own, for one ruling (``Ruling``): what its
        rules keep by position lives as long as the ruling and goes with it, so a long run
        holds nothing that grows, and the collector does not walk, case after case, entries
        a later case seldom meets again (the positions and leads of a cascade are met again
        within the ruling that made them). Everything else is shared: a copy of the fields,
        not a rule set made again (``__post_init__`` checks every clause)."""
        ruling = object.__new__(RuleSet)
        fields = vars(ruling)
        fields.update(vars(self))
        fields["memo"] = type(self.memo)()
        return ruling

    def cite(self, logical: str) -> str:
        """Return this edition's clause id for a logical clause name (default: itself)."""
        return self.clause_names.get(logical, logical)

    def with_decisions(self, decisions: Decisions) -> RuleSet:
        return replace(self, decisions=decisions)

    def rule_for(self, task: object) -> Rule | None:
        return self._dispatch.get(type(task))

    # ----- the two entry points of the engine --------------------------------------------
    def openings(self, replay: Replay, names: frozenset[str] | None = None) -> list[tuple[str, Opening]]:
        """Run every opener on the record (only those named ``names``, when given); return
        what each found, in priority order (the engine composes them: see
        :class:`~rulings.solver.engine.Composition`)."""
        table = replay.table
        root = Node(table)
        found: list[tuple[str, Opening]] = []
        present: frozenset[type] | None = None
        # (named: those openers only, in priority order; a reopening names one or two)
        chosen = self._plan if names is None else self._chosen.get(names) or self._choose(names)
        for name, opener, needs, state in chosen:
            if needs is not None:
                if present is None:  # one scan of the record for every opener
                    present = replay.line_kinds
                if present.isdisjoint(needs) and (state is None or not state(table)):
                    continue
            opening = opener(self, replay, root)
            if opening is not None:
                found.append((name, opening))
        return found

    def worth_reopening(self, table: TableState, record: Replay, names: frozenset[str]) -> frozenset[str]:
        """The openers of ``names`` that may find something on the rectified ``table`` of the
        replayed ``record`` (those without a ``reopen_states`` test always may)."""
        known = self._reopen_tests.get(names)
        if known is None:
            tests = tuple((n, t) for n in sorted(names) if (t := self.reopen_states.get(n)) is not None)
            known = self._reopen_tests[names] = (tests, names.difference(n for n, _ in tests))
        tested, untested = known
        if not tested:
            return names
        kept = [n for n, test in tested if test(table, record)]
        return untested.union(kept) if kept else untested  # (the usual answer: no new set)

    def _choose(self, names: frozenset[str]) -> tuple[tuple[str, Opener, tuple[type, ...] | None, Callable[[TableState], bool] | None], ...]:
        """The openers named ``names``, in ``_plan`` order (kept: a reopening asks again)."""
        rank, plan = self._rank, self._plan
        chosen = self._chosen[names] = tuple(plan[i] for i in sorted([rank[n] for n in names if n in rank]))
        return chosen

    def closings(self, replay: Replay) -> list[Opening]:
        """What the closers add after every rectification of the record (Law 64 after play)."""
        return [c for closer in self.closers if (c := closer(self, replay)) is not None]

    def left_due(self, node: Node) -> tuple[tuple[Seat, Seat, int], ...]:
        """What a restoration leaves due that no rule of its path enumerated: the player whose
        lead it concerns, whom it concerns, and which rule module's reading (for
        :meth:`left_due_text`; the rule modules' ``LEFT_DUE``, in module order)."""
        if len(self.leftovers) == 1:
            return tuple([(lead, who, 0) for lead, who in self.leftovers[0][0](self, node)])
        return tuple([(lead, who, i) for i, (read, _) in enumerate(self.leftovers) for lead, who in read(self, node)])

    def left_due_text(self, node: Node, whom: Seat, reading: int) -> str:
        """The text listed with the lead options due for one item of :meth:`left_due`."""
        return self.leftovers[reading][1](self, node, whom)

    def answers(self, replay: Replay) -> tuple[Answer, ...]:
        """The choices the lines after attention of a part of the record state at a decision
        a rule may offer only on a rectified table (the answerers', in module order)."""
        if len(self.answerers) == 1:
            return self.answerers[0](self, replay)
        return tuple(a for answerer in self.answerers for a in answerer(self, replay))

    def played_on_from(self, replay: Replay) -> int | None:
        """The first line of a part of the record (``replay``: the first part, or a later one
        played on from a restoration; the line's index in ``replay.before``) after which the
        table played on, before attention, from a choice ruled there (54A: the spread
        declarer is dummy from there): the engine rules the part up to it and plays the rest
        on from each of its restorations, as after a ``resume`` line. None: none."""
        found = [i for cutter in self.cutters if (i := cutter(self, replay)) is not None]
        return min(found) if found else None

    def expand(self, node: Node) -> list[Edge]:
        """Return the edges out of ``node`` (empty for a leaf)."""
        edges = self.expand_grouped(node)
        last = edges[-1] if edges else None
        if isinstance(last, Substitutions):
            return [*edges[:-1], *last.edges()]  # type: ignore[list-item]  # (the others are edges)
        return edges  # type: ignore[return-value]  # (a list of edges: every handler returns a list)

    def expand_grouped(self, node: Node) -> Sequence[Edge | Substitutions]:
        """:meth:`expand`, with a rule's substitutes as the :class:`Substitutions` it
        returned (its last item), not yet made edges."""
        if not node.agenda:
            return []
        task = node.agenda[0]
        rule = self._dispatch.get(type(task))
        if rule is None:
            if self.families is not None:  # a task of a family not loaded: the whole set's rule
                rule = get_ruleset(self.name, self.decisions).rule_for(task)
            if rule is None:
                raise LookupError(f"rule set {self.name} has no rule for {type(task).__name__}")
            self._dispatch[type(task)] = rule
        return rule.handler(self, node, task)

    def information_at_start(self, table: TableState) -> tuple[Info, ...]:
        """50E1, 50E2: each penalty card in force when the record starts (the case's
        ``penalty`` field) has been seen by all, so it is in the information ledger as one a
        rectification makes is (:func:`~rulings.solver.obligations.pc_info`): the requirement
        to play it authorized to all (50E1), what else it shows unauthorized to its owner's
        partner (50E2) and authorized to the declaring side. It is in every restoration: it
        was seen before anything the ruling chooses. It stays when the card is later played
        or picked up (50D2(a), 51B): what partner saw is still known to him (docs/decisions.md)."""
        pcs = table.penalty_cards
        if not pcs:
            return ()  # (most records start with none)
        key = ("information at start", pcs, table.declarer)
        known = self.memo.get(key)
        if not isinstance(known, tuple):
            known = self.memo[key] = tuple([pc_info(self, table, p.seat, p.card) for p in sorted(pcs, key=lambda p: p.sort_key)])
        return known

    # ----- helpers shared by rules ---------------------------------------------------------
    def withdrawn_info(self, seat: Seat, card: Card, offending: Side, table: TableState, *,
                       becomes_penalty: bool = False) -> Info:
        """Law 16C (2007 16D): a withdrawn card is AI to the NOS, UI to the OS. ``table``: a
        table the card is withdrawn from, or the one its withdrawal leaves;
        ``becomes_penalty``: the withdrawal makes it a penalty card (62C3).

        A card that is a penalty card of its owner on ``table``, was one when played, or
        becomes one, lies face up as one: what it shows is read under 50E whichever side
        offended (the requirement to play it authorized to all, 50E1; the rest unauthorized
        to its owner's side, 50E2, and authorized to declarer's). When the owner's side is
        the offending side of the withdrawal the 16C entry reads the same way and stands;
        when the other side is (45D1, 47D after 45C4(b), 53B, 58B3, 62C1 after declarer's
        revoke, 62C3) the 16C reading would contradict 50E, and the entry is the 50E one
        (docs/decisions.md). (One value per seat, card, side and reading, made once per rule
        set: rules ask for it at every edge.)"""
        shown = offending is not seat.side and (becomes_penalty or _is_or_was_penalty_card(table, seat, card))
        key = (seat, card, offending, shown)
        info = self._infos.get(key)
        if info is None:
            if shown:
                info = Info(seat, card, offending, seat.side, self.cite("50E1"), self.cite("50E2"))
            else:
                info = Info(seat, card, offending.other, offending, self.cite("16C1"), self.cite("16C2"))
            self._infos[key] = info
        return info

    def penalty_withdrawal_info(self, seat: Seat, card: Card, table: TableState) -> tuple[Info, Info]:
        """A played card withdrawn that is a penalty card of its owner after the withdrawal,
        his own side having offended (62B1, 62B2, 62C2, 54D, 56, 57D, 49 and 2007 50 for a
        premature play, 50D2 for a lead before declarer's choice, 52B2, 58B2's other cards,
        60B): both laws apply, one entry each. As a withdrawn card (16C; 2007 16D) it is
        authorized to the other side (16C1) and unauthorized to its owner's (16C2); as a
        penalty card (50E) the requirement to play it is authorized to all (50E1) and what
        else it shows unauthorized to its owner's partner (50E2). The two point the same
        way. ``table``: the table the withdrawal leaves. (A card exposed, dropped or named,
        never played, is a penalty card only: :func:`~rulings.solver.obligations.pc_info`.
        A withdrawal the other side's irregularity causes: :meth:`withdrawn_info`.)"""
        return self.withdrawn_info(seat, card, seat.side, table), pc_info(self, table, seat, card)

    def actor(self, table: TableState, seat: Seat) -> str:
        """Name who acts for ``seat``: declarer acts for dummy."""
        if seat is table.dummy:
            return f"{table.declarer} (for dummy {seat})"
        return str(seat)


def _is_or_was_penalty_card(table: TableState, seat: Seat, card: Card) -> bool:
    """``seat``'s ``card`` is a penalty card on ``table``, or was one when it was played."""
    return table.played_penalty_card(seat, card) is not None or any(
        p.card == card and p.seat is seat for p in table.penalty_cards)


#: a rule-set factory: the set for the decisions, of the rule families named (None: all)
Factory = Callable[[Decisions, "frozenset[str] | None"], RuleSet]
_REGISTRY: dict[str, Factory] = {}


def register(name: str) -> Callable[[Factory], Factory]:
    """Register a rule-set factory under ``name`` (an edition, or an authority's variant);
    the set it makes is named ``name``."""

    def deco(factory: Factory) -> Factory:
        _REGISTRY[name] = factory
        return factory

    return deco


def get_ruleset(name: str = "2017", decisions: Decisions = DEFAULT, families: frozenset[str] | None = None) -> RuleSet:
    """Return the rule set registered as ``name`` (built once per ``decisions`` and
    ``families``, however the arguments are passed); ``families``: of those rule families
    only (``catalog.families_for`` a record: the others cannot find anything in it), a task of
    another family still ruled by the whole set. Raises KeyError for an unknown name."""
    key = (name, id(decisions), families)
    known = _BY_IDENTITY.get(key)
    if known is not None and known[0] is decisions:
        return known[1]
    ruleset = _ruleset(name, decisions, families)
    if len(_BY_IDENTITY) >= 256:
        _BY_IDENTITY.clear()
    _BY_IDENTITY[key] = (decisions, ruleset)
    return ruleset


#: the rule set :func:`get_ruleset` gave for a name, a ``Decisions`` value and a set of
#: families, by the value's identity: looked up before ``_ruleset``, whose key hashes the
#: decisions (some forty switches: about 1.5 us, more than the rest of a case's lookup). An
#: entry holds its decisions, so no other value takes their identity while it is kept; the
#: decisions of a case are the defaults or a value made once per set of switches
#: (``config.from_settings``), so a few entries serve every case
_BY_IDENTITY: dict[tuple[str, int, frozenset[str] | None], tuple[Decisions, RuleSet]] = {}


@cache
def _ruleset(name: str, decisions: Decisions, families: frozenset[str] | None) -> RuleSet:
    try:
        factory = _REGISTRY[name]
    except KeyError:
        raise KeyError(f"no rule set {name!r} (known: {', '.join(sorted(_REGISTRY))})") from None
    return factory(decisions, families)


def forget_rulesets() -> None:
    """Forget the rule sets :func:`get_ruleset` built so far (each is built again when next
    asked for). A function, not an attribute set on ``get_ruleset``: a function compiled by
    mypyc (``make fast``) takes no attributes."""
    _ruleset.cache_clear()
    _BY_IDENTITY.clear()


def forget_positions() -> None:
    """Forget every position ruled so far, keeping the rule sets: each rule set's ``memo`` (the
    revoke rules' steps by position, the penalty cards' 50E entries, ...), the lawful-card
    sets (``lawful_cards``) and the table's sets of cards by mask. What is left is what a
    process that never saw the cases has: the benchmarks call it before each repeat, so that a
    second run over the same cases is timed as the first (a step found in the memo is work
    another case did, not this one)."""
    for _, ruleset in _BY_IDENTITY.values():
        ruleset.memo.clear()
    lawful_cards.cache_clear()
    forget_hands()


def ruleset_names() -> list[str]:
    return sorted(_REGISTRY)
