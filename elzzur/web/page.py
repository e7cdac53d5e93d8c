"""The app's one page: enter a board (typed, pasted, random, read from a photo, or one of the
last), solve it, play a round on it with finger swipes, check players' lists.

The page is written as real files in ``elzzur/web/static/`` (``app.html``, ``app.css``,
``app.js``, package data), put together here into one page with its styles and script
inline (the content-security policy lets it load nothing from elsewhere). Its look and its
board are the static page's (``views/html.py``): the palette's CSS, the page's CSS
(``PAGE_CSS``) and the script that plays a path with arrows (``PATH_SCRIPT``) come first, used
as they are; the app's own files add only what an app has and a file has not (the entry, the
tabs, the round on a phone, its feedback, the dark theme).

Verdicts: during a round, each swiped or typed word is judged at once in the page, from the
board's solution (the answer of ``/api/solve``, the same words and scores as ``elzzur solve``),
so that a swipe answers without a round trip; when the round ends, the words entered are sent
to ``/api/check``, the referee of ``elzzur check``, whose verdicts the review shows.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from ..views.html import PAGE_CSS, PATH_SCRIPT, palette_css

STATIC = Path(__file__).with_name("static")

# The dark theme's paper and the light one's: the browser's bar follows the theme
DARK_PAPER = "#17151c"


def static_text(name: str) -> str:
    """One of the page's files in ``static/``."""
    return (STATIC / name).read_text(encoding="utf-8")


def app_page() -> str:
    """The app's page: the static page's CSS and path script, then the app's own."""
    from ..views.palette import PAPER

    css = palette_css() + PAGE_CSS + static_text("app.css")
    page = static_text("app.html")
    for marker, text in (("<!--paper-->", escape(PAPER)), ("<!--dark-paper-->", DARK_PAPER),
                         ("<!--css-->", css), ("<!--script-->", PATH_SCRIPT + static_text("app.js"))):
        page = page.replace(marker, text, 1)
    return page
