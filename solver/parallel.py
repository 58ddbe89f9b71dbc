"""Chunks of independent work (case files to verify, cases to generate) run in this process,
in worker processes, or on a Dask distributed cluster; results come back in order, as they
are ready, with a bounded number of chunks in flight (memory flat in the amount of work).

Dask is an optional extra (``pip install 'bridge-rulings[dask]'``): the cluster's own
scheduler places the chunks; nothing here schedules work itself.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from itertools import islice
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")


def each(fn: Callable[[T], R], chunk: list[T]) -> list[R]:
    """``fn`` on every item of a chunk (a worker task)."""
    return [fn(item) for item in chunk]


def batches(items: Iterable[T], size: int) -> Iterator[list[T]]:
    """``items`` as consecutive lists of ``size``."""
    it = iter(items)
    while part := list(islice(it, size)):
        yield part


def ordered_map(fn: Callable[[T], R], items: Iterable[T], *, jobs: int = 1, scheduler: str | None = None,
                chunk: int = 64) -> Iterator[R]:
    """``fn(item)`` for every item, in order: here (``jobs`` 1), in ``jobs`` spawned worker
    processes, or on the Dask scheduler at ``scheduler``; items travel in chunks of ``chunk``.
    ``fn`` must be a module-level function (it is pickled)."""
    if scheduler is None and jobs <= 1:
        yield from map(fn, items)
        return
    task = partial(each, fn)
    if scheduler is not None:
        yield from _dask(task, batches(items, chunk), scheduler)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        for part in pool.imap(task, batches(items, chunk)):
            yield from part


def _dask(task: Callable[[list[T]], list[R]], parts: Iterator[list[T]], scheduler: str) -> Iterator[R]:
    from distributed import Client

    with Client(scheduler) as client:  # type: ignore[no-untyped-call]
        window = max(2, 2 * sum(client.nthreads().values()))
        pending: deque[Any] = deque()
        for part in parts:
            pending.append(client.submit(task, part, pure=False))
            if len(pending) >= window:
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()
