"""Helpers for sets of fields kept as bitmasks over Python ints."""

from collections.abc import Iterator


def iter_bits(mask: int) -> Iterator[int]:
    """Yield the indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def bit_list(mask: int) -> list[int]:
    """The indices of the set bits of ``mask`` as a list, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(indices) -> int:
    """The bitmask with exactly the given indices set."""
    mask = 0
    for index in indices:
        mask |= 1 << index
    return mask
