"""``cat`` and ``compile``: a dictionary's words as text, and a word list compiled to ``.marisa``."""

from __future__ import annotations

from ..errors import ElzzurError, UsageError
from .commands import Args
from .output import Output, refuse_inputs


def shown_name(path: str) -> str:
    """A file name quoted as messages quote one (cut short if it is hostile: ``files.named``)."""
    from ..files import named

    shown = named(path)
    return shown if shown != path else repr(path)

def run_cat(args: Args, out: Output) -> None:
    from ..lexicon.languages import get_language
    from .lists import load_words

    refuse_inputs(args)
    dictionary = load_words(args.dictionary, get_language(args.language), not args.no_corrections)
    words = dictionary.sorted_words()
    for start in range(0, len(words), 4096):
        out.write("".join(word + "\n" for word in words[start:start + 4096]))

def run_compile(args: Args, out: Output) -> None:
    import sys

    from ..lexicon.dictionary import MARISA_SUFFIX, check_readable, compile_words, load_dictionary, read_words
    from ..atomic import AtomicOutput
    from ..files import check_not_input, named
    from ..lexicon.languages import get_language
    from .lists import show_report

    language = get_language(args.language)
    to_stdout = args.output == "-"  # the compiled bytes on standard output, not a file '-'
    if to_stdout and sys.stdout.isatty():
        raise UsageError("compile -o -: standard output is a terminal, and a .marisa file is "
                         "binary: redirect it (> my.marisa) or name a file")
    if not to_stdout and not args.output.endswith(MARISA_SUFFIX):
        raise UsageError(f"the output file must end in {MARISA_SUFFIX}: {shown_name(args.output)}")
    refuse_inputs(args)  # the list itself, or the language file: never replaced by the output
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
    count = len(trie)
    if to_stdout:
        sys.stdout.flush()
        sys.stdout.buffer.write(trie.tobytes())
        sys.stdout.buffer.flush()
        print(f"{count} word{'' if count == 1 else 's'} written to standard output",
              file=sys.stderr)
        return
    with AtomicOutput(args.output, binary=True) as target:
        # written by us, not by marisa's save, whose errors (a full disk) quote its C++ source
        try:
            target.file.write(trie.tobytes())
        except OSError as e:
            raise ElzzurError(f"cannot write {named(args.output)}: {e.strerror}") from None
        check_not_input(args.output)
        target.commit()
    out.write(f"{count} word{'' if count == 1 else 's'} written to {args.output}\n")
