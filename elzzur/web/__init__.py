"""elzzur in the browser: ``elzzur serve``'s web app.

``app`` is the WSGI application (``application``) any WSGI server runs unchanged; ``api`` the
JSON questions it answers (solve, generate, check, languages, rules), as plain functions from a
request's JSON to a reply's, each bounded in size and time; ``page`` the one page the phone
opens, sharing its look and its board script with the static ``--format html`` export
(``views/html.py``); ``server`` the embedded threaded server of ``elzzur serve`` (standard
library only) and the URL and QR code it prints for a phone.

The web app sits where the command line does (above the views), and imports nothing of it.
"""
