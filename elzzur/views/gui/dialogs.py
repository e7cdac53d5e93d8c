"""The window's Load… and Save… dialogs: the desktop's own file chooser where one is installed
(zenity on GNOME and most Linux desktops, kdialog on KDE), Tk's otherwise.

Tk's chooser on X11 is drawn by Tk itself, in the look of the 1990s, with no places, no
search and no previews; the desktop's is the one every other program shows. It runs as a
child process polled from Tk's loop, so the window keeps drawing while it is open (and a second
Load… meanwhile does nothing). ``ELZZUR_FILE_DIALOG`` chooses: ``zenity``, ``kdialog`` or
``tk``. On Windows and macOS Tk's chooser is the system's own, so it is used there.

Imported only once the window opens (it imports tkinter).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from typing import Callable

POLL_MS = 100  # how often an open chooser is checked for an answer
TOOLS = ("zenity", "kdialog")


def chooser() -> str:
    """The chooser to use: ``zenity`` or ``kdialog`` if installed (or named by
    ``ELZZUR_FILE_DIALOG``), else ``tk``."""
    named = os.environ.get("ELZZUR_FILE_DIALOG", "").strip().lower()
    if named == "tk" or sys.platform in ("win32", "darwin"):
        return "tk"
    if named in TOOLS:
        return named if shutil.which(named) else "tk"
    return next((tool for tool in TOOLS if shutil.which(tool)), "tk")


def command(tool: str, save: bool, title: str, filetypes: list[tuple[str, str]],
            start: str = "") -> list[str]:
    """The chooser's command line: open or save, with its title and its file types (as Tk's
    ``filetypes``: name and space-separated patterns)."""
    start = start or os.getcwd()
    if tool == "zenity":
        argv = ["zenity", "--file-selection", f"--title={title}",
                f"--filename={os.path.join(start, '')}"]
        if save:
            argv.append("--save")
        return argv + [f"--file-filter={name} | {patterns}" for name, patterns in filetypes]
    if tool == "kdialog":
        action = "--getsavefilename" if save else "--getopenfilename"
        filters = "\n".join(f"{patterns}|{name}" for name, patterns in filetypes)
        return ["kdialog", "--title", title, action, start, filters]
    raise ValueError(f"unknown file chooser {tool!r}")


class FileChooser:
    """Asks for a file name, then calls back with it (never with a cancelled dialog's)."""

    def __init__(self, root) -> None:
        self.root = root
        self.child: subprocess.Popen | None = None
        self.broken = False  # the desktop's chooser would not start: Tk's from then on

    @property
    def busy(self) -> bool:
        return self.child is not None

    def ask(self, save: bool, title: str, filetypes: list[tuple[str, str]],
            chosen: Callable[[str], None], default_extension: str = "") -> None:
        if self.child is not None:
            return  # one chooser at a time
        tool = "tk" if self.broken else chooser()
        if tool == "tk":
            from tkinter import filedialog

            if save:
                path = filedialog.asksaveasfilename(parent=self.root, title=title,
                                                    defaultextension=default_extension,
                                                    filetypes=filetypes)
            else:
                path = filedialog.askopenfilename(parent=self.root, title=title,
                                                  filetypes=filetypes)
            if path:
                chosen(path)
            return
        try:
            self.child = subprocess.Popen(command(tool, save, title, filetypes),
                                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                          stdin=subprocess.DEVNULL, text=True)
        except OSError:  # it went away since it was found: Tk's chooser after all
            self.broken = True
            self.ask(save, title, filetypes, chosen, default_extension)
            return
        self.root.after(POLL_MS, self.poll, chosen, save, default_extension)

    def poll(self, chosen, save: bool, default_extension: str) -> None:
        child = self.child
        if child is None:
            return
        if child.poll() is None:
            self.root.after(POLL_MS, self.poll, chosen, save, default_extension)
            return
        self.child = None
        path = (child.stdout.read() if child.stdout else "").strip().splitlines()
        if child.stdout:
            child.stdout.close()
        if child.returncode != 0 or not path or not path[0]:
            return  # cancelled
        path = path[0]
        if save and default_extension and not os.path.splitext(path)[1]:
            path += default_extension
        chosen(path)
