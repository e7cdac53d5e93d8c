"""Your corrections to a language's dictionary: words to add and words to remove.

No word list is right for every game: Ruzzle accepts words the built-in list lacks and refuses
some it has. The corrections of language ``xx`` live in ``<data>/words/xx.txt`` (the data
folder of ``elzzur.files``), a text file of one correction a line, which ``elzzur words``
writes and a user may edit::

    # a comment
    +CIAONE      adds a word
    -ZEN         removes one

They are applied to every dictionary of that language (the built-in one or a ``-d`` list)
wherever words are looked up (``elzzur.lexicon.dictionary.load_dictionary``): the words are the list's,
less those removed, plus those added. A word in the file is read like a word of a word list
(any case, accents folded the language's way); a line that is not a correction, or a word the
language cannot spell, is an error naming the file and line, so a hand edit never goes
silently unused. The file is rewritten whole (atomically), keeping its comments, by one
process at a time: an edit reads, changes and writes it holding its lock (``editing``), so ten
``elzzur words add`` at once keep all ten words.
"""

from __future__ import annotations

import os
import stat

from .cleaning import classify, reason_label
from ..errors import ElzzurError, quoted
from .languages import Language
from ..files import CORRECTIONS, corrections_file, data_path

LIMIT = 64 * 2**20  # bytes: far more than anyone corrects by hand or by `words diff --apply`


def corrections_path(language: Language) -> str:
    """The corrections file of ``language`` (it need not exist)."""
    return corrections_file(language.code)


def editing(language: Language):
    """The lock of ``language``'s corrections file (``atomic.locked``), to hold from reading
    the corrections to saving them: another process's edit in between would otherwise be
    overwritten by this one's."""
    from ..atomic import locked

    return locked(corrections_path(language))


def normalize_word(text: str, language: Language) -> str:
    """A word typed by the user as a dictionary key, or an ElzzurError saying why it cannot
    be one (case never matters here: the user means the word, not a proper noun)."""
    key, reason = classify(text, language, ignore_case=True)
    if key is None:
        why = reason_label(reason, language) if reason else "empty"
        raise ElzzurError(f"{quoted(text)} cannot be a word of {language.name} ({language.code}): "
                          f"{why}")
    return key


class Corrections:
    """One language's corrections: ``added`` and ``removed``, disjoint sets of keys, and the
    file's ``lines`` as read (comments kept when it is written back)."""

    __slots__ = ("language", "path", "lines", "added", "removed")

    def __init__(self, language: Language, path: str, lines: list[str] | None = None,
                 added: set[str] | None = None, removed: set[str] | None = None) -> None:
        self.language, self.path, self.lines = language, path, lines or []
        self.added, self.removed = set(added or ()), set(removed or ())

    @property
    def empty(self) -> bool:
        return not self.added and not self.removed

    def summary(self) -> str:
        """``2 added, 1 removed``."""
        return f"{len(self.added):,} added, {len(self.removed):,} removed"

    # --- edits: each returns what it did, in words the command line prints ---

    def add(self, word: str, in_list: bool) -> str:
        """Make ``word`` a word; ``in_list``: the uncorrected list has it. Returns ``added``,
        ``restored`` (a removal undone) or ``already`` (nothing to record)."""
        if word in self.removed:
            self.removed.discard(word)
            if not in_list:
                self.added.add(word)
            return "restored"
        if in_list or word in self.added:
            return "already"
        self.added.add(word)
        return "added"

    def remove(self, word: str, in_list: bool) -> str:
        """Make ``word`` no word. Returns ``removed``, ``unadded`` (an addition undone) or
        ``absent`` (nothing to record)."""
        if word in self.added:
            self.added.discard(word)
            if in_list:
                self.removed.add(word)
            return "unadded"
        if word in self.removed or not in_list:
            return "absent"
        self.removed.add(word)
        return "removed"

    def reset(self, word: str) -> bool:
        """Forget any correction of ``word``; False if there was none."""
        if word in self.added or word in self.removed:
            self.added.discard(word)
            self.removed.discard(word)
            return True
        return False

    # --- the file ---

    def text(self) -> str:
        """The file's new text: its comments and the lines of corrections still in force, in
        their places, then the new corrections, each sorted."""
        out, written = [], set()
        if not self.lines:
            code = self.language.code
            out.append(f"# elzzur: corrections to the {self.language.name} ({code}) dictionary, "
                       f"one a line: +WORD adds a word, -WORD removes one.")
            out.append(f"# Edit by hand, or with 'elzzur words add/remove/reset -l {code}'.")
        for raw in self.lines:
            entry = _entry(raw, self.language)
            if entry is None:
                out.append(raw)
                continue
            sign, word = entry
            kept = self.added if sign == "+" else self.removed
            if word in kept and word not in written:
                out.append(raw)
                written.add(word)
        out += ["+" + word for word in sorted(self.added - written)]
        out += ["-" + word for word in sorted(self.removed - written)]
        return "".join(line + "\n" for line in out)

    def save(self) -> None:
        """Write the file whole or not at all (no corrections left: the file goes). Hold
        ``editing(language)`` from the reading of these corrections to here."""
        if self.empty:
            try:
                os.unlink(self.path)
            except FileNotFoundError:
                pass
            except OSError as e:
                raise ElzzurError(f"cannot remove {self.path}: {e.strerror}") from None
            self.lines = []
            return
        from ..atomic import write_atomic

        folder = os.path.dirname(self.path)
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as e:
            raise ElzzurError(f"cannot create {folder}: {e.strerror}") from None
        text = self.text()
        write_atomic(self.path, text)
        self.lines = text.splitlines()


def _entry(raw: str, language: Language) -> tuple[str, str] | None:
    """A line as (sign, key), or None for a comment or blank line. Only for lines already
    checked by ``parse``."""
    line = raw.strip()
    if not line or line.startswith("#"):
        return None
    return line[0], normalize_word(line[1:].split("#", 1)[0].strip(), language)


def parse(text: str, language: Language, origin: str) -> Corrections:
    """The corrections written in ``text`` (the file ``origin``); a bad line is an error
    naming the file and line."""
    lines = text.splitlines()
    signs: dict[str, tuple[str, int]] = {}
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        where = f"{origin}, line {number}"
        sign = line[0]
        word = line[1:].split("#", 1)[0].strip()  # '+WORD  # a note' is fine
        if sign not in "+-":
            raise ElzzurError(f"{where}: {quoted(line)} is not a correction (write +WORD to add "
                              f"a word, -WORD to remove one, # before a comment)")
        if not word:
            raise ElzzurError(f"{where}: {quoted(line)} names no word")
        key, reason = classify(word, language, ignore_case=True)
        if key is None:
            raise ElzzurError(f"{where}: {quoted(word)} cannot be a word of {language.name}: "
                              f"{reason_label(reason, language)}")
        if key in signs and signs[key][0] != sign:
            other_sign, other = signs[key]
            raise ElzzurError(f"{where}: {key} is {'added' if sign == '+' else 'removed'} here and "
                              f"{'added' if other_sign == '+' else 'removed'} on line {other} "
                              "(keep one of the two lines)")
        signs.setdefault(key, (sign, number))
    added = {word for word, (sign, _) in signs.items() if sign == "+"}
    removed = {word for word, (sign, _) in signs.items() if sign == "-"}
    return Corrections(language, origin, lines, added, removed)


def read_corrections(language: Language) -> Corrections:
    """The corrections of ``language`` (none if it has no file)."""
    from ..files import note_input, read_limited

    path = corrections_path(language)
    try:  # without blocking: a named pipe there would wait for a writer on every run
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            os.close(fd)
            from ..datafiles import not_a_file

            raise ElzzurError(f"{path}: is {not_a_file(mode)}, not a file of corrections")
        with os.fdopen(fd, "rb") as f:
            data = read_limited(f, LIMIT)
            note_input(path, f.fileno())  # an input of this run: -o must not replace it
    except FileNotFoundError:
        return Corrections(language, path)
    except OSError as e:
        raise ElzzurError(f"{path}: {e.strerror}") from None
    from ..files import check_size, decode_text

    from ..files import shown

    origin = shown(path)  # messages name it as the user knows it: ~/.local/share/elzzur/…
    text = decode_text(check_size(data, LIMIT, origin, "a file of corrections"), origin)
    corrections = parse(text, language, origin)
    corrections.path = path
    return corrections


def languages_with_corrections() -> list[str]:
    """The codes that have a corrections file, sorted."""
    try:
        names = os.listdir(data_path(CORRECTIONS))
    except OSError:
        return []
    return sorted(name[:-4] for name in names if name.endswith(".txt") and not name.startswith("."))
