"""Immutable value objects, the one style of every record elzzur builds (boards, cells,
languages, rules, results, Scrabble tile sets, layouts and moves).

What ``@dataclass(frozen=True)`` gives, written out: importing ``dataclasses`` (with ``inspect``)
costs several times a whole board solve, and ``elzzur demo`` aims to start about as fast as
Python itself. A subclass names its fields in ``__slots__``, may give defaults (``_defaults``)
and compute derived fields once (``__post_init__``, with ``object.__setattr__``).
"""

from __future__ import annotations


class Record:
    """Fields are the ``__slots__`` of the subclass, set once by ``__init__``."""

    __slots__ = ()

    def __init__(self, *args, **kwargs) -> None:
        names = self.__slots__
        if kwargs or len(args) != len(names):
            args = self._complete(args, kwargs)
        setter = object.__setattr__
        for name, value in zip(names, args):
            setter(self, name, value)
        self.__post_init__()

    @classmethod
    def _complete(cls, args: tuple, kwargs: dict) -> tuple:
        """Every field's value in order, from positional and keyword arguments and defaults."""
        names = cls.__slots__
        if len(args) > len(names):
            raise TypeError(f"{cls.__name__} takes {len(names)} fields")
        values = dict(zip(names, args))
        for name, value in kwargs.items():
            if name not in names or name in values:
                raise TypeError(f"{cls.__name__}: unexpected or repeated field {name!r}")
            values[name] = value
        defaults = None
        for name in names:
            if name not in values:
                if defaults is None:
                    defaults = cls._defaults()
                if name not in defaults:
                    raise TypeError(f"{cls.__name__}: missing field {name!r}")
                values[name] = defaults[name]
        return tuple(map(values.__getitem__, names))

    @classmethod
    def _defaults(cls) -> dict:
        return {}

    def __post_init__(self) -> None:
        pass

    def __setattr__(self, name: str, value) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def _fields(self) -> tuple:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other) -> bool:
        if other is self:
            return True
        if type(other) is not type(self):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash((type(self).__name__,) + self._fields())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"

    def __reduce__(self):  # pickle and copy rebuild through __init__, not __setattr__
        return (type(self), self._fields())

    def replace(self, **changes):
        """A copy with some fields changed (``dataclasses.replace`` for records)."""
        values = {name: getattr(self, name) for name in self.__slots__}
        values.update(changes)
        return type(self)(**values)

