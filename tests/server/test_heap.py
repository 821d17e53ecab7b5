"""The server's freezing of long-lived objects (``server/heap.py``): what it
freezes stays alive and unscanned, only young collections run between
freezes, and frozen garbage in cycles is reclaimed once the heap has doubled."""

import gc
import sys
import weakref

import pytest

from dicehall.server.heap import SMALLEST_HEAP, YOUNG_THRESHOLD, Heap


@pytest.fixture(autouse=True)
def thawed():
    gc.unfreeze()
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


class Node:
    __slots__ = ("other", "__weakref__")

    def __init__(self) -> None:
        self.other: Node | None = None


def cycles(count: int) -> list[Node]:
    nodes = []
    for _ in range(count):
        a, b = Node(), Node()
        a.other, b.other = b, a
        nodes.append(a)
    return nodes


def grown_past(blocks: float) -> list[list[Node]]:
    """Cycles, kept, until the interpreter has allocated more than ``blocks`` blocks."""
    kept = []
    while sys.getallocatedblocks() <= blocks:
        kept.append(cycles(20_000))
    return kept


def test_what_survives_is_frozen_and_freed_by_its_count_when_dropped():
    heap = Heap()
    kept = [[n] for n in range(50_000)]
    heap.freeze()
    frozen = gc.get_freeze_count()
    assert frozen >= 50_000 and gc.get_count()[0] < 1_000 and heap.full_collections == 1
    assert gc.is_tracked(kept[0]) and kept[-1] == [49_999]
    del kept
    assert gc.get_freeze_count() <= frozen - 50_000     # reference counting still frees frozen objects


def test_young_collections_alone_run_between_freezes():
    heap = Heap()
    heap.freeze()
    before = [generation["collections"] for generation in gc.get_stats()]
    kept = [[n] for n in range(20 * YOUNG_THRESHOLD)]      # 20 young collections' worth
    after = [generation["collections"] for generation in gc.get_stats()]
    assert after[0] - before[0] >= 10 and after[1:] == before[1:] and kept


def test_frozen_garbage_in_cycles_is_collected_once_the_heap_has_grown():
    heap = Heap(growth=2.0, full_seconds=0.0)
    heap.freeze()                              # the first: after a full collection
    settled = max(heap.settled, SMALLEST_HEAP)
    garbage = cycles(10_000)
    watched = weakref.ref(garbage[0])
    heap.freeze()                              # frozen while alive
    del garbage                                # cycles: only a full collection frees them now
    heap.freeze()                              # not yet twice the heap: frozen as they are
    assert heap.full_collections == 1 and watched() is not None
    more = grown_past(2 * settled)
    heap.freeze()                              # now it is: a full collection
    assert heap.full_collections == 2 and watched() is None and more


def test_no_full_collection_comes_sooner_than_full_seconds_after_the_last():
    heap = Heap(growth=2.0, full_seconds=3600.0)
    heap.freeze()
    grown = grown_past(3 * max(heap.settled, SMALLEST_HEAP))     # a busy server growing fast
    heap.freeze()
    assert heap.full_collections == 1 and grown
