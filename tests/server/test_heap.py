"""The server's freezing of long-lived objects (``server/heap.py``): what it
freezes stays alive and unscanned, and frozen garbage in cycles is reclaimed
once it could have doubled the heap."""

import gc
import weakref

import pytest

from dicehall.server.heap import Heap


@pytest.fixture(autouse=True)
def thawed():
    gc.unfreeze()
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def cycles(count: int) -> list[Node]:
    nodes = []
    for _ in range(count):
        a, b = Node(), Node()
        a.other, b.other = b, a
        nodes.append(a)
    return nodes


def test_what_survives_is_frozen_and_freed_by_its_count_when_dropped():
    heap = Heap()
    kept = [[n] for n in range(50_000)]
    heap.freeze()
    frozen = gc.get_freeze_count()
    assert frozen >= 50_000 and gc.get_count()[0] < 1_000 and heap.full_collections == 1
    assert gc.is_tracked(kept[0]) and kept[-1] == [49_999]
    del kept
    assert gc.get_freeze_count() <= frozen - 50_000     # reference counting still frees frozen objects


def test_frozen_garbage_in_cycles_is_collected_once_the_frozen_heap_has_grown():
    heap = Heap(growth=2.0, full_seconds=0.0)
    heap.freeze()                              # the first: after a full collection
    settled = max(gc.get_freeze_count(), 10_000)
    garbage = cycles(settled // 8)
    watched = weakref.ref(garbage[0])
    gc.collect(1)                              # they lived long enough to be old
    del garbage                                # cycles: only a full collection frees them now
    heap.freeze()                              # not yet twice the heap: frozen as they are
    assert heap.full_collections == 1 and watched() is not None
    more = cycles(settled)
    gc.collect(1)
    del more
    heap.freeze()                              # now it is: a full collection
    assert heap.full_collections == 2 and watched() is None
    assert gc.get_freeze_count() < 1.5 * settled


def test_no_full_collection_comes_sooner_than_full_seconds_after_the_last():
    heap = Heap(growth=2.0, full_seconds=3600.0)
    heap.freeze()
    settled = max(gc.get_freeze_count(), 10_000)
    grown = [[n] for n in range(3 * settled)]           # a busy server growing fast
    heap.freeze()
    assert heap.full_collections == 1 and grown
