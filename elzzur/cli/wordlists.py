"""``cat`` and ``compile``: a dictionary's words as text, and a word list compiled to ``.marisa``."""

from __future__ import annotations

from ..errors import ElzzurError, UsageError
from .commands import Args
from .output import Output

def run_cat(args: Args, out: Output) -> None:
    from ..lexicon.languages import get_language
    from .lists import load_words

    dictionary = load_words(args.dictionary, get_language(args.language), not args.no_corrections)
    words = dictionary.sorted_words()
    for start in range(0, len(words), 4096):
        out.write("".join(word + "\n" for word in words[start:start + 4096]))

def run_compile(args: Args, out: Output) -> None:
    from ..lexicon.dictionary import MARISA_SUFFIX, check_readable, compile_words, load_dictionary, read_words
    from ..files import AtomicOutput
    from ..lexicon.languages import get_language
    from .lists import show_report

    language = get_language(args.language)
    if not args.output.endswith(MARISA_SUFFIX):
        raise UsageError(f"the output file must end in {MARISA_SUFFIX}: {args.output!r}")
    check_readable(args.dictionary)
    # the list as it is: corrections are applied wherever the compiled file is used
    if args.dictionary.endswith(MARISA_SUFFIX):
        dictionary = load_dictionary(args.dictionary, language, corrections=False)
        show_report(dictionary.report)
        words = set(dictionary)
    else:
        words, report = read_words(args.dictionary, language)
        if report.empty:
            raise ElzzurError(report.error())
        show_report(report)
    trie = compile_words(words)
    with AtomicOutput(args.output, binary=True) as target:
        try:
            trie.save(target.temp)
        except (OSError, RuntimeError) as e:  # marisa reports a full disk as a RuntimeError
            raise ElzzurError(f"cannot write {args.output}: {getattr(e, 'strerror', None) or e}") from None
        target.commit()
    count = len(trie)
    out.write(f"{count} word{'' if count == 1 else 's'} written to {args.output}\n")
