"""Graphs of tiles: for an edition whose digraph tiles are whole (Spanish CH, LL, RR), the
dictionary's word graph re-spelt tile by tile, so that C then H from two tiles never spells CH.
Derived once per dictionary and edition, kept in the cache (the built-in ones are shipped)."""

from __future__ import annotations

import os

from ..files import resource
from .tiles import TileSet


def is_tile_graph(graph, tiles: TileSet) -> bool:
    """True if ``graph`` spells words tile by tile with ``tiles``' symbols (``tile_graph``)."""
    return bool(tiles.symbols) and all(symbol in graph.index for symbol in tiles.symbols.values())

_tile_graphs: dict = {}  # id(graph) -> (graph, its graph of tiles): one derivation per process

def tile_graph(graph, tiles: TileSet):
    """For an edition whose digraph tiles are the only way to spell their letters (Spanish CH,
    LL, RR), the dictionary as a graph of tiles: every CH of every word becomes the CH tile's
    symbol, so the letter-mask search (and the C core) can treat every tile as one step and no
    word can be spelt C, H. Other editions, and graphs of tiles already, are returned as they
    are. The built-in dictionaries' graphs of tiles are shipped (``tools/build_dictionaries.py``
    writes them); others are derived once (seconds for a large list) and kept in the cache."""
    if not tiles.symbols or is_tile_graph(graph, tiles):
        return graph
    key = (id(graph), tuple(sorted(tiles.symbols.items())))
    if key in _tile_graphs and _tile_graphs[key][0] is graph:
        return _tile_graphs[key][1]
    from .. import cache
    from ..lexicon.graph import WordGraph

    name = tile_graph_name(graph, tiles)
    shipped = resource("dictionaries", name)
    # the shipped graph of tiles is the built-in graph's: used only for that very graph (the
    # checksums in its name could match another graph by chance)
    if graph.origin == resource("dictionaries", f"{tiles.language}.dawg") and os.path.isfile(shipped):
        derived = WordGraph.load(shipped)
    else:
        path = os.path.join(cache.cache_dir(), name)
        symbols = repr(sorted(tiles.symbols.items())).encode("utf-8")
        key = cache.digest(graph.buffer, symbols)  # the entry answers for exactly this graph
        data = cache.read(path, key)
        if data is None:
            data = derive_tile_graph(graph, tiles)
            cache.write(path, data, key)
        derived = WordGraph(data, f"{name} (the dictionary as Scrabble tiles)")
    _tile_graphs[key] = (graph, derived)
    return derived

def tile_graph_name(graph, tiles: TileSet) -> str:
    """The file name of ``graph``'s graph of tiles: checksums of the graph and the symbols, so
    a rebuilt dictionary never meets a stale graph of tiles."""
    import zlib

    symbols = repr(sorted(tiles.symbols.items())).encode("utf-8")
    return f"{tiles.language}-{zlib.crc32(graph.buffer):08x}-{zlib.crc32(symbols):08x}.scrabble.dawg"

def derive_tile_graph(graph, tiles: TileSet) -> bytes:
    """``tile_graph``'s graph, as bytes: each word with its digraphs replaced by their symbols
    (longest tiles first)."""
    from ..lexicon.graph import build

    spell = sorted(tiles.symbols.items(), key=lambda item: (-len(item[0]), item[0]))
    words = []
    for word in graph:
        for tile, symbol in spell:
            word = word.replace(tile, symbol)
        words.append(word)
    words.sort()
    return build(words, graph.alphabet + "".join(symbol for _, symbol in spell))
