"""Tk's event loop, with the signals answered: ``elzzur gui`` kept running after SIGTERM and
Ctrl-C, and ``timeout 4 elzzur gui`` never ended.

Python runs a signal's handler only when it gets control back: Tk's loop waits in C for the
next window event, so a window nobody touches never returned and the handler (``__main__``'s,
which raises ``Terminated``, a ``KeyboardInterrupt``) never ran. A tick every ``WAKE_MS`` gives
Python control; the handler then raises between events, out of ``mainloop`` (tkinter checks for
signals there), or inside a callback, where tkinter would print it as a traceback and carry on:
such an interruption is caught instead, the loop stopped, and raised again from here. The
window is destroyed either way, and the command ends with 128 + the signal's number."""

from __future__ import annotations

WAKE_MS = 200  # how often Python gets control back while the window waits for events


def run(root) -> None:
    """``root.mainloop()`` until the window is closed, or a signal's ``KeyboardInterrupt``."""
    caught: list[BaseException] = []
    report = root.report_callback_exception

    def stop_or_report(kind, value, traceback) -> None:
        if issubclass(kind, KeyboardInterrupt):
            caught.append(value)
            root.quit()
        else:
            report(kind, value, traceback)

    def wake() -> None:
        root.after(WAKE_MS, wake)

    root.report_callback_exception = stop_or_report
    wake()
    try:
        root.mainloop()
    except KeyboardInterrupt:
        close(root)
        raise
    if caught:
        close(root)
        raise caught[0]


def close(root) -> None:
    """Destroy the window, if it is still there."""
    import tkinter

    try:
        root.destroy()
    except tkinter.TclError:
        pass
