"""A picture file, or the bytes of an upload, to the array ``reader.read_picture`` reads.

Pillow decodes a dozen formats, each its own code with its own ways of failing on a damaged
file: ``OSError`` and ``SyntaxError`` mostly, but also ``struct.error`` (a cut EXIF block),
``NotImplementedError`` (a DDS of a kind it does not know), ``IndexError``, ``ZeroDivisionError``
… and libtiff writes its complaints straight to the process's standard error. Whatever the
decoder does with a file, the caller gets a picture or one ``ElzzurError`` naming the file:
here, once, rather than in every caller (the command line, the GUI, the web API). A picture is
also refused before it is decoded when it is too large (bytes, pixels) and when a side is too
short to hold a board (OpenCV's thresholds need a block of several pixels).
"""

from __future__ import annotations

import errno
import os
import stat
import threading

import numpy as np

from ..errors import ElzzurError
from ..files import named

MAX_PIXELS = 50_000_000  # a picture larger than this is refused (a 50-megapixel photo)
MAX_BYTES = 64 << 20  # and a file larger than this
MIN_SIDE = 12  # pixels: a board of 2x2 tiles drawn this small is already unreadable

# One decode at a time may take standard error aside (libtiff's messages): the descriptor is
# the process's, so two threads (the web server's) must not swap it under each other.
_stderr_lock = threading.Lock()


def load_picture(path: str) -> np.ndarray:
    """A picture file as a BGR array, turned as its EXIF says (a phone's photo); a clear error
    for what is not a picture file (a named pipe is not waited on), one too large to read
    within bounds, or too small to hold a board. The file is noted as an input of this run, so
    that ``-o`` can never replace it."""
    import io

    from ..files import note_input

    if path == "-":  # standard input (read, solve --image -): a picture piped in
        return decode_picture(io.BytesIO(_standard_input()), "<stdin>")
    try:  # without blocking: a named pipe there would wait for a writer
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except IsADirectoryError:
        raise ElzzurError(f"cannot read {named(path)}: is a directory, not a picture") from None
    except OSError as e:
        from ..files import missing

        why = missing(path) if isinstance(e, FileNotFoundError) or e.errno == errno.ELOOP else e.strerror
        raise ElzzurError(f"cannot read {named(path)}: {why}") from None
    except ValueError:  # a NUL in the name
        raise ElzzurError(f"cannot read {named(path)}: no such file") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):  # (before fdopen, which refuses a directory itself)
        from ..datafiles import not_a_file

        os.close(fd)
        raise ElzzurError(f"cannot read {named(path)}: is {not_a_file(info.st_mode)}, not a "
                          f"picture file")
    with os.fdopen(fd, "rb") as f:
        if info.st_size > MAX_BYTES:
            raise ElzzurError(f"{named(path)} is {info.st_size:,} bytes: a picture may be at most "
                              f"{MAX_BYTES:,}")
        note_input(path, fd)
        try:
            data = f.read(MAX_BYTES + 1)
        except OSError as e:
            raise ElzzurError(f"cannot read {named(path)}: {e.strerror}") from None
    if len(data) > MAX_BYTES:  # it grew as we read
        raise ElzzurError(f"{named(path)} is more than {MAX_BYTES:,} bytes: a picture may be at most "
                          f"{MAX_BYTES:,}")
    return decode_picture(io.BytesIO(data), named(path))


def _standard_input() -> bytes:
    """The picture on standard input, at most ``MAX_BYTES`` of it."""
    import sys

    if sys.stdin is None:  # started with standard input closed (<&-)
        raise ElzzurError("-: standard input is closed")
    try:
        data = sys.stdin.buffer.read(MAX_BYTES + 1)
    except OSError as e:
        raise ElzzurError(f"cannot read standard input: {e.strerror}") from None
    if len(data) > MAX_BYTES:
        raise ElzzurError(f"standard input is more than {MAX_BYTES:,} bytes: a picture may be "
                          f"at most {MAX_BYTES:,}")
    return data


def picture_from_bytes(data: bytes, name: str = "the picture",
                       max_pixels: int = MAX_PIXELS) -> np.ndarray:
    """``load_picture`` for a picture in memory (an upload to ``elzzur serve``'s app), called
    ``name`` in messages; at most ``max_pixels`` (a server bounds its memory lower)."""
    import io

    if len(data) > MAX_BYTES:
        raise ElzzurError(f"{name} is {len(data):,} bytes: a picture may be at most {MAX_BYTES:,}")
    return decode_picture(io.BytesIO(data), name, max_pixels)


def decode_picture(source, name: str, max_pixels: int = MAX_PIXELS) -> np.ndarray:
    """The picture in ``source`` (a path or a binary file) as a BGR array, turned as its EXIF
    says; its size checked before it is decoded. Any failure of the decoder on this file is an
    ElzzurError naming ``name``; the decoder's warnings and libtiff's messages are not shown
    (the error says what went wrong)."""
    import warnings

    from PIL import Image

    _quiet_logs()
    with warnings.catch_warnings():
        # Pillow warns of a damaged EXIF block, a truncated file, a large picture: the picture
        # is read as well as it can be, or refused below, and says so once
        warnings.simplefilter("ignore")
        try:
            with Image.open(source) as image:
                check_size(image.width, image.height, name, max_pixels)
                if image.format == "TIFF":
                    with _quiet_stderr():
                        image.load()
                return _to_array(image, name)
        except ElzzurError:
            raise
        except MemoryError:
            raise ElzzurError(f"cannot read {name}: not enough memory to decode it") from None
        except Exception as e:  # noqa: BLE001 - any decoder failure on a hostile file
            raise ElzzurError(_failure(name, e)) from None


def check_size(width: int, height: int, name: str, max_pixels: int = MAX_PIXELS) -> None:
    """Refuse a picture too large to decode within bounds, or too small to hold a board."""
    if width * height > max_pixels:
        raise ElzzurError(f"{name} is {width}x{height} pixels: a picture may have at most "
                          f"{max_pixels:,}")
    if min(width, height) < MIN_SIDE:
        raise ElzzurError(f"{name} is {width}x{height} pixels: too small to hold a board (a "
                          f"picture needs at least {MIN_SIDE} pixels a side)")


def _to_array(image, name: str) -> np.ndarray:
    """The opened ``image`` turned as its EXIF says, as a BGR array (this is where most
    formats decode, and fail)."""
    from PIL import ImageOps

    try:
        upright = ImageOps.exif_transpose(image)
    except Exception as e:  # noqa: BLE001 - a damaged EXIF block: struct.error, KeyError, …
        raise ElzzurError(f"cannot read {name}: its EXIF block (which says how the picture is "
                          f"turned) is damaged ({_reason(e)})") from None
    check_size(upright.width, upright.height, name)
    array = np.asarray(upright.convert("RGB"))
    if array.ndim != 3 or array.shape[2] != 3 or min(array.shape[:2]) < MIN_SIDE:
        raise ElzzurError(f"cannot read {name}: it decodes to no picture of 3 colours")
    return array[:, :, ::-1].copy()


def _reason(error: BaseException) -> str:
    """A decoder's error as a short clause of one line."""
    from ..errors import quoted

    text = " ".join(str(error).split())
    return (quoted(text, 120)[1:-1] if len(text) > 120 else text) or type(error).__name__


def _failure(name: str, error: BaseException) -> str:
    from PIL import UnidentifiedImageError

    if isinstance(error, UnidentifiedImageError):
        return f"{name} is not a picture elzzur can read (PNG, JPEG, WebP, …)"
    return f"cannot read {name}: a damaged picture ({_reason(error)})"


def _quiet_logs() -> None:
    """Keep Pillow's log records (``logger.error("More samples per pixel …")`` before a TIFF
    is refused) off standard error: with no handler anywhere, Python's logging prints them
    there itself. A program that set up logging of its own (a handler on the root logger)
    still gets them."""
    import logging

    pil = logging.getLogger("PIL")
    if not any(isinstance(h, logging.NullHandler) for h in pil.handlers):
        pil.addHandler(logging.NullHandler())


class _quiet_stderr:
    """Standard error's descriptor pointed at /dev/null while a decoder that writes to it
    directly (libtiff) runs; nothing else of this process writes there meanwhile, as the
    decode holds ``_stderr_lock``. Where the descriptor cannot be moved (no fd 2), nothing."""

    def __enter__(self):
        _stderr_lock.acquire()
        self.saved = None
        try:
            import sys

            try:
                sys.stderr.flush()
            except (AttributeError, OSError, ValueError):
                pass
            self.saved = os.dup(2)
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 2)
            os.close(null)
        except OSError:
            if self.saved is not None:
                os.close(self.saved)
            self.saved = None
        return self

    def __exit__(self, *exc) -> None:
        try:
            if self.saved is not None:
                os.dup2(self.saved, 2)
                os.close(self.saved)
        finally:
            _stderr_lock.release()
