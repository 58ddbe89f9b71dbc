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

from rulings.models.errors import RulingError

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

    try:
        client = Client(scheduler)  # type: ignore[no-untyped-call]
    except (OSError, ValueError) as err:  # (not reached within the connect timeout; a bad address)
        raise SchedulerError(f"cannot reach the Dask scheduler at {scheduler!r}: {err}", token=scheduler) from None
    with client:
        window = max(2, 2 * sum(client.nthreads().values()))  # type: ignore[no-untyped-call]
        pending: deque[Any] = deque()
        for part in parts:
            pending.append(client.submit(task, part, pure=False))
            if len(pending) >= window:
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()


class SchedulerError(RulingError):
    """A Dask scheduler that cannot be reached at the address given (``--scheduler``)."""


def scheduler_address_problem(address: str) -> str | None:
    """Why ``address`` is no Dask scheduler address this machine can use (not of the form
    ``host:port`` or ``<scheme>://host:port``, an unknown scheme, a host not found), or None.
    Read without connecting (a scheduler that is not up is found when the work starts)."""
    from distributed.comm.addressing import resolve_address

    try:
        resolve_address(address)
    except OSError as err:  # (the host name not found)
        return f"cannot find the host: {err.strerror or err}"
    except (ValueError, TypeError) as err:
        text = str(err)
        if "scheme" in text:
            return text
        return "not a scheduler address: expected host:port or tcp://host:port"
    return None
