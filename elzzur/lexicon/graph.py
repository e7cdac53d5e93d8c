"""The word graph: a dictionary laid out for walking letter by letter beside the board.

A MARISA trie answers "is this a prefix?" with a query from the root every time; the solver wants
to step one letter from where it already is. The word graph is a trie (shared suffixes merged
into a DAWG for the built-in dictionaries) stored as four flat little-endian arrays, so it loads
by memory-mapping a file, with no parsing, and the C core and the Python fallback walk the same
bytes:

    header   magic b"ELZG", then u32: version, nodes, edges, words, longest word,
             bytes of the alphabet; then the alphabet in UTF-8, zero-padded to 8 bytes
    masks    u64 per node: bit i set if the node has a child for letter i of the alphabet;
             bit 63 set if the letters leading to the node spell a word
    first    u32 per node: index of the node's first edge (its edges are consecutive, in
             alphabet order)
    targets  u32 per edge: the child node
    ranks    u32 per edge: how many words sort before the child's words within the node's
             (the node's own word, if any, plus the words under earlier children), so the sum
             along a path is the word's rank in alphabetical order: its unique number

Node 0 is the root. The child for letter i of node n is edge
``first[n] + popcount(masks[n] & ((1 << i) - 1))``.
"""

from __future__ import annotations

import os

from ..errors import ElzzurError


_backend: str | None = None  # what backend() answers, once decided


def backend() -> str:
    """``"c"`` if the C core is built and not disabled by ``ELZZUR_PURE_PYTHON=1``, else
    ``"python"``. Decided when first asked and then remembered: every search asks, and reading
    the environment and trying the import took several microseconds a board (a tenth of a 4x4
    search). ``refresh_backend()`` decides again, ``forget_backend()`` when next asked (each
    command-line run: a command that searches nothing need not load the core)."""
    return _backend or refresh_backend()


def forget_backend() -> None:
    """Let the next ``backend()`` read the environment again."""
    global _backend
    _backend = None


def refresh_backend() -> str:
    """Read ``ELZZUR_PURE_PYTHON`` and look for the C core again: what ``backend()`` answers
    from now on."""
    global _backend
    choice = "python"
    if os.environ.get("ELZZUR_PURE_PYTHON") != "1":
        try:
            from .. import _core  # noqa: F401
            choice = "c"
        except ImportError:
            pass
    _backend = choice
    return choice


MAGIC = b"ELZG"
LONGEST = 64  # letters in a word (cleaning.MAX_WORD): what every built graph holds at most
VERSION = 1
HEADER_SIZE = 28  # the magic and six u32
TERMINAL = 1 << 63
MAX_LETTERS = 63


class WordGraph:
    """A loaded word graph: the four arrays as memoryviews over a file or bytes."""

    __slots__ = ("alphabet", "index", "masks", "first", "targets", "ranks", "n_words", "longest",
                 "buffer", "_mmap", "_core", "origin")

    def __init__(self, buffer, origin: str = "word graph") -> None:
        data = memoryview(buffer)
        if len(data) < HEADER_SIZE:
            raise ElzzurError(f"{origin}: not a word graph (too short)")
        magic = bytes(data[:4])
        version, n_nodes, n_edges, n_words, longest, alpha_len = _little_u32(data[4:HEADER_SIZE])
        if magic != MAGIC or version != VERSION:
            raise ElzzurError(f"{origin}: not a word graph of version {VERSION}")
        if n_nodes == 0:  # even an empty dictionary has its root
            raise ElzzurError(f"{origin}: word graph has no nodes")
        if longest > LONGEST:  # the search sizes its tables by it: a damaged one would hang it
            raise ElzzurError(f"{origin}: the word graph is damaged (its longest word would have "
                              f"{longest:,} letters, at most {LONGEST} are possible)")
        start = HEADER_SIZE + _padded(alpha_len)
        end = start + 12 * n_nodes + 8 * n_edges
        if len(data) != end:
            raise ElzzurError(f"{origin}: word graph is {len(data)} bytes, expected {end}")
        try:
            self.alphabet = bytes(data[HEADER_SIZE:HEADER_SIZE + alpha_len]).decode("utf-8")
        except UnicodeDecodeError:
            raise ElzzurError(f"{origin}: word graph's alphabet is not UTF-8") from None
        if len(self.alphabet) > MAX_LETTERS:
            raise ElzzurError(f"{origin}: word graph has {len(self.alphabet)} letters, "
                              f"at most {MAX_LETTERS}")
        self.index = {letter: i for i, letter in enumerate(self.alphabet)}
        self.masks = data[start:start + 8 * n_nodes].cast("Q")
        start += 8 * n_nodes
        self.first = data[start:start + 4 * n_nodes].cast("I")
        start += 4 * n_nodes
        self.targets = data[start:start + 4 * n_edges].cast("I")
        start += 4 * n_edges
        self.ranks = data[start:start + 4 * n_edges].cast("I")
        self.n_words = n_words
        self.longest = longest
        self.origin = origin
        self.buffer = buffer
        self._mmap = None
        self._core = None

    @classmethod
    def load(cls, path: str) -> WordGraph:
        """Memory-map a word graph file (``mmap`` imported here: a user's list's graph comes
        from the cache as bytes)."""
        import mmap

        try:
            with open(path, "rb") as f:
                mapped = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        except (OSError, ValueError) as e:  # ValueError: an empty file cannot be mapped
            raise ElzzurError(f"{path}: cannot read word graph ({e})") from None
        graph = cls(mapped, path)
        graph._mmap = mapped
        return graph

    def __len__(self) -> int:
        return self.n_words

    def child(self, node: int, letter: int) -> int:
        """The node reached from ``node`` by letter number ``letter``, or -1."""
        mask = self.masks[node]
        bit = 1 << letter
        if not mask & bit:
            return -1
        return self.targets[self.first[node] + (mask & (bit - 1)).bit_count()]

    def node_of(self, text: str) -> int:
        """The node reached by the letters of ``text`` from the root, or -1."""
        node = 0
        try:
            for ch in text:
                letter = self.index.get(ch)
                if letter is None:
                    return -1
                node = self.child(node, letter)
                if node < 0:
                    return -1
            self.masks[node]  # a target out of range is damage, not a node
        except IndexError:  # an edge or a target beyond the arrays: a damaged file
            raise ElzzurError(f"{self.origin}: the word graph is damaged") from None
        return node

    def __contains__(self, word: str) -> bool:
        node = self.node_of(word)
        return node >= 0 and bool(self.masks[node] & TERMINAL)

    def rank(self, word: str) -> int | None:
        """The word's number in alphabetical (alphabet) order, counted from 0, or None if it is
        not a word of the graph: the sum of the ``ranks`` entries along its path. Data stored
        per word (``elzzur.lexicon.commonness``) is indexed by it. A damaged graph (an edge out of
        range) is an ElzzurError.
        """
        index, masks, first, targets, ranks = self.index, self.masks, self.first, self.targets, \
            self.ranks
        node = total = 0
        try:
            for ch in word:
                letter = index.get(ch)
                if letter is None:
                    return None
                mask = masks[node]
                bit = 1 << letter
                if not mask & bit:
                    return None
                edge = first[node] + (mask & (bit - 1)).bit_count()
                total += ranks[edge]
                node = targets[edge]
            if not masks[node] & TERMINAL:
                return None
        except IndexError:
            raise ElzzurError(f"{self.origin}: the word graph is damaged") from None
        if total >= self.n_words:  # only a damaged graph numbers a word past the last
            raise ElzzurError(f"{self.origin}: the word graph is damaged")
        return total

    def has_prefix(self, prefix: str) -> bool:
        """True if some word starts with ``prefix`` (the word itself included)."""
        node = self.node_of(prefix)
        return node > 0 or node == 0 and self.n_words > 0  # the root is there even when empty

    def __iter__(self):
        """Every word, in alphabetical (alphabet) order. A damaged graph (an edge out of range,
        a letter beyond the alphabet, a loop) is an ElzzurError, not an endless walk."""
        alphabet, masks, first, targets = self.alphabet, self.masks, self.first, self.targets
        stack = [(0, "")]
        while stack:
            node, word = stack.pop()
            try:
                mask = masks[node]
                if mask & TERMINAL:
                    yield word
                if len(word) >= self.longest and mask & ~TERMINAL:
                    raise IndexError("a word longer than the longest")  # or a loop
                children = []
                edge = first[node]
                for i in range(MAX_LETTERS):
                    if mask >> i & 1:
                        children.append((targets[edge], word + alphabet[i]))
                        edge += 1
            except IndexError:
                raise ElzzurError(f"{self.origin}: the word graph is damaged") from None
            stack.extend(reversed(children))

    def core(self):
        """The C core's view of this graph (None where the core is not built)."""
        if self._core is None:
            try:
                from .. import _core
            except ImportError:
                self._core = False
            else:
                self._core = _core.Graph(self.buffer)
        return self._core or None


def _padded(n: int) -> int:
    return (n + 7) // 8 * 8


def _little_u32(data: memoryview) -> list[int]:
    return [int.from_bytes(data[i:i + 4], "little") for i in range(0, len(data), 4)]


# --- building ---------------------------------------------------------------------------------

# What one build may take. A graph is built in memory, and a list of random strings merges
# almost nothing: its graph is as large as its trie, and every five-letter string is ten
# million words. These bounds stand far above any real dictionary (the largest built-in list,
# Turkish, has 1,039,033 words, 2,011,993 distinct prefixes and a graph of 246,163 nodes) and
# keep the worst list within them to seconds and under a gigabyte (docs/errors.md, "Limits").
MAX_WORDS = 2_000_000
MAX_PREFIXES = 8_000_000  # distinct prefixes of the words: a trie's nodes, the build's steps
MAX_NODES = 2_500_000  # nodes of the graph: what stays in memory, some 200 bytes each


def build(words, alphabet: str, minimize: bool = True, origin: str | None = None) -> bytes:
    """The word graph of ``words`` (strings over ``alphabet``) as bytes.

    Words are taken in sorted order; with ``minimize`` each node is merged with an equal one
    as soon as its last word has passed (Daciuk, Mihov, Watson and Watson, "Incremental
    construction of minimal acyclic finite-state automata", 2000), so that only the nodes
    along one word are ever open and memory grows with the graph, not with the trie: a
    dictionary of 600,000 inflected forms is a graph of about 40,000 nodes. A node is a tuple,
    ``(is a word, letter, child, letter, child, …)``, which is also its key in the register of
    finished nodes. Words with a letter outside the alphabet are skipped: no board of that
    alphabet can spell them. A list past ``MAX_WORDS``, ``MAX_PREFIXES`` or ``MAX_NODES`` is an
    ElzzurError (starting with ``origin``, if given).
    """
    if len(alphabet) > MAX_LETTERS:
        raise ElzzurError(f"an alphabet of {len(alphabet)} letters is more than {MAX_LETTERS}")
    import gc

    collecting = gc.isenabled()
    gc.disable()  # millions of new tuples, none in a cycle: the collector would only slow the
    try:          # build down (by a third), walking them again and again
        return _build(words, alphabet, minimize, f"{origin}: " if origin else "")
    finally:
        if collecting:
            gc.enable()


def _build(words, alphabet: str, minimize: bool, where: str) -> bytes:
    """``build``, with the garbage collector off.

    A node is ``[words at and below it, is a word, letter, child, letter, child, …]`` while
    open, the same as a tuple once finished (its count follows from the rest, so equal nodes
    have equal tuples). The open nodes are those along the previous word, but for its last,
    which is always a leaf (a word, no children) until a longer word extends it: one finished
    node stands for every such leaf."""
    keys = _sorted_words(words, alphabet, where)
    nodes: list[tuple] = []  # the finished nodes by number; children come before parents
    register: dict[tuple, int] = {}
    path: list[list] = [[0, False]]  # the open nodes along the previous word, by depth
    previous = ""
    leaf = -1  # the finished leaf (minimize: one for all)
    longest = prefixes = 0
    keys.append("")  # after the last word, as if a word after every other: it finishes them
    for key in keys:
        if key == previous:  # the same word twice
            continue
        depth = len(previous)
        common = 0
        limit = min(len(key), depth)
        while common < limit and key[common] == previous[common]:
            common += 1
        if common < depth:  # finish the previous word's nodes below the common prefix
            if leaf < 0 or not minimize:
                leaf = len(nodes)
                nodes.append((1, True))
                register[(1, True)] = leaf
            child, count = leaf, 1
            for level in range(depth - 1, common, -1):
                node = path[level]
                node += (ord(previous[level]), child)
                node[0] += count
                signature = tuple(node)
                child = register.get(signature, -1) if minimize else -1
                if child < 0:
                    child = len(nodes)
                    nodes.append(signature)
                    if minimize:
                        register[signature] = child
                count = signature[0]
            node = path[common]
            node += (ord(previous[common]), child)
            node[0] += count
            del path[common + 1:]
        elif depth:  # the previous word is a prefix of this one: its leaf opens
            path.append([1, True])
        for _ in range(len(key) - 1 - common):
            path.append([0, False])
        prefixes += len(key) - common
        if len(key) > longest:
            longest = len(key)
        previous = key
        if prefixes > MAX_PREFIXES:
            raise ElzzurError(f"{where}too large for a word graph: its words have more than "
                              f"{MAX_PREFIXES:,} distinct prefixes (elzzur's largest "
                              f"dictionary, Turkish, has 2,011,993)")
        if len(nodes) > MAX_NODES:
            raise ElzzurError(f"{where}too large for a word graph: more than {MAX_NODES:,} "
                              f"nodes, its words share too few prefixes and endings (elzzur's "
                              f"largest dictionary, Turkish, makes 246,163)")
    register.clear()  # memory for the arrays
    nodes.append(tuple(path[0]))  # the root: never merged (no other node has all the words)
    return _serialize(nodes, alphabet, longest)


def _sorted_words(words, alphabet: str, where: str) -> list[str]:
    """The words over ``alphabet`` spelt with stand-ins, letter i as ``chr(i)``, sorted (in the
    alphabet's order, then) and duplicates kept. Stand-ins are ASCII, one byte a letter: a word
    with any other character is not ASCII after ``str.translate`` (a test that costs nothing),
    and such strings sort two to three times faster than words of Turkish letters (two bytes a
    letter). More than ``MAX_WORDS`` words given (spelt or not) is an ElzzurError."""
    from itertools import islice, repeat

    given = words if isinstance(words, (list, tuple, set, frozenset)) else \
        list(islice(words, MAX_WORDS + 1))
    if len(given) > MAX_WORDS:
        raise ElzzurError(f"{where}more than {MAX_WORDS:,} words: too many for a word graph "
                          f"(elzzur's largest dictionary, Turkish, has about a million)")
    stand_ins = dict.fromkeys(range(128), "\x80")  # an ASCII character not in the alphabet
    stand_ins.update({ord(letter): chr(i) for i, letter in enumerate(alphabet)})
    # (map and filter: C loops, a third of the time of a Python loop over millions of words)
    keys = list(filter(str.isascii, filter(None, map(str.translate, given, repeat(stand_ins)))))
    keys.sort()
    return keys


def _serialize(nodes: list[tuple], alphabet: str, longest: int) -> bytes:
    """Number the nodes depth-first from the root (the last), children in letter order, and
    write the arrays."""
    from array import array
    import struct
    import sys

    root = len(nodes) - 1
    order = array("q", [-1]) * len(nodes)  # a node's number in the file
    sequence = array("q")  # the nodes in file order
    stack = [root]
    pop, push, number = stack.pop, stack.extend, sequence.append
    while stack:
        node = pop()
        if order[node] < 0:
            order[node] = len(sequence)
            number(node)
            push(nodes[node][:2:-2])  # the children, last first: the first is taken next
    masks, first, targets, ranks = array("Q"), array("I"), array("I"), array("I")
    edges = 0
    for node in sequence:
        signature = nodes[node]
        first.append(edges)
        before = 1 if signature[1] else 0
        mask = TERMINAL if before else 0
        for i in range(2, len(signature), 2):
            child = signature[i + 1]
            mask |= 1 << signature[i]
            targets.append(order[child])
            ranks.append(before)
            before += nodes[child][0]
        edges += len(signature) // 2 - 1
        masks.append(mask)
    if sys.byteorder == "big":
        for values in (masks, first, targets, ranks):
            values.byteswap()
    encoded = alphabet.encode("utf-8")
    header = struct.pack("<4s6I", MAGIC, VERSION, len(sequence), len(targets), nodes[root][0],
                         longest, len(encoded))
    pad = b"\0" * (_padded(len(encoded)) - len(encoded))
    return b"".join([header, encoded, pad, masks.tobytes(), first.tobytes(), targets.tobytes(),
                     ranks.tobytes()])


def save(data: bytes, path: str) -> None:
    """Write a word graph atomically."""
    from ..atomic import write_atomic

    write_atomic(path, data)


def graph_path(dictionary_path: str) -> str:
    """Where the word graph of a built-in ``.marisa`` dictionary lives: beside it."""
    return os.path.splitext(dictionary_path)[0] + ".dawg"
