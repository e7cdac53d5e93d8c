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

import mmap
import os

from ..errors import ElzzurError


def backend() -> str:
    """``"c"`` if the C core is built and not disabled by ``ELZZUR_PURE_PYTHON=1``, else
    ``"python"``."""
    if os.environ.get("ELZZUR_PURE_PYTHON") == "1":
        return "python"
    try:
        from .. import _core  # noqa: F401
    except ImportError:
        return "python"
    return "c"


MAGIC = b"ELZG"
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
        """Memory-map a word graph file."""
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
        for ch in text:
            letter = self.index.get(ch)
            if letter is None:
                return -1
            node = self.child(node, letter)
            if node < 0:
                return -1
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

def build(words, alphabet: str, minimize: bool = True) -> bytes:
    """The word graph of ``words`` (strings over ``alphabet``) as bytes.

    Words are inserted in sorted order; with ``minimize`` equal sub-trees are merged as they are
    finished (Daciuk et al.'s incremental algorithm for sorted input), which makes a dictionary
    of 600,000 inflected forms a graph of about 40,000 nodes. Words with a letter outside the
    alphabet are skipped: no board of that alphabet can spell them.
    """
    if len(alphabet) > MAX_LETTERS:
        raise ElzzurError(f"an alphabet of {len(alphabet)} letters is more than {MAX_LETTERS}")
    index = {letter: i for i, letter in enumerate(alphabet)}
    children: list[dict[int, int]] = [{}]
    terminal = [False]
    register: dict = {}
    path = [0]  # nodes along the previous word: path[k] is reached by its first k letters
    previous: tuple[int, ...] = ()

    def finish(depth: int) -> None:
        """Register (or merge) the nodes of the previous word below ``depth``."""
        while len(path) - 1 > depth:
            node = path.pop()
            if not minimize:
                continue
            parent = path[-1]
            key = (terminal[node], tuple(children[node].items()))
            same = register.get(key)
            if same is None:
                register[key] = node
            else:
                children[parent][max(children[parent])] = same

    longest = 0
    for word in sorted(set(words), key=lambda w: [index.get(ch, -1) for ch in w]):
        if not word or any(ch not in index for ch in word):
            continue
        letters = tuple(index[ch] for ch in word)
        common = 0
        limit = min(len(letters), len(previous))
        while common < limit and letters[common] == previous[common]:
            common += 1
        finish(common)
        node = path[-1]
        for letter in letters[common:]:
            children.append({})
            terminal.append(False)
            children[node][letter] = len(terminal) - 1
            node = len(terminal) - 1
            path.append(node)
        terminal[node] = True
        previous = letters
        longest = max(longest, len(letters))
    finish(0)
    return _serialize(children, terminal, alphabet, longest)


def _serialize(children, terminal, alphabet: str, longest: int) -> bytes:
    """Number the reachable nodes depth-first and write the arrays."""
    order: dict[int, int] = {}
    sequence = []
    stack = [0]
    while stack:
        node = stack.pop()
        if node in order:
            continue
        order[node] = len(sequence)
        sequence.append(node)
        stack.extend(children[node][k] for k in sorted(children[node], reverse=True))
    count: dict[int, int] = {}

    def words_below(node: int) -> int:
        stack = [(node, False)]
        while stack:
            current, expanded = stack.pop()
            if current in count:
                continue
            if expanded:
                count[current] = terminal[current] + sum(count[c] for c in children[current].values())
            else:
                stack.append((current, True))
                stack.extend((c, False) for c in children[current].values() if c not in count)
        return count[node]

    words = words_below(0)
    masks, first, targets, ranks = [], [], [], []
    for node in sequence:
        mask = TERMINAL if terminal[node] else 0
        first.append(len(targets))
        before = int(terminal[node])
        for letter in sorted(children[node]):
            child = children[node][letter]
            mask |= 1 << letter
            targets.append(order[child])
            ranks.append(before)
            before += count[child]
        masks.append(mask)
    import struct

    encoded = alphabet.encode("utf-8")
    header = struct.pack("<4s6I", MAGIC, VERSION, len(sequence), len(targets), words, longest,
                         len(encoded))
    pad = b"\0" * (_padded(len(encoded)) - len(encoded))
    return b"".join([
        header, encoded, pad,
        struct.pack(f"<{len(masks)}Q", *masks),
        struct.pack(f"<{len(first)}I", *first),
        struct.pack(f"<{len(targets)}I", *targets),
        struct.pack(f"<{len(ranks)}I", *ranks),
    ])


def save(data: bytes, path: str) -> None:
    """Write a word graph atomically."""
    from ..files import write_atomic

    write_atomic(path, data)


def graph_path(dictionary_path: str) -> str:
    """Where the word graph of a built-in ``.marisa`` dictionary lives: beside it."""
    return os.path.splitext(dictionary_path)[0] + ".dawg"
