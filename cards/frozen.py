"""Frozen records made by the tens of thousands a build: a frozen dataclass, cheaper to make."""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields


def frozen_record(cls: type) -> type:
    """Make `cls` a frozen dataclass whose __init__ writes its fields straight into the
    instance's dict.

    The __init__ a frozen dataclass is given sets each field with object.__setattr__, four
    times the cost, and a build makes tens of thousands of lines, runs and slabs. Frozen all
    the same: assigning raises FrozenInstanceError; hash, equality, repr, `replace` and
    `fields()` are the dataclass's own. Fields with a default_factory are not supported.
    """
    cls = dataclass(frozen=True)(cls)
    defaults: dict[str, object] = {}
    parameters, lines = [], []
    for field in fields(cls):
        if field.default_factory is not MISSING:
            raise TypeError(f"{cls.__name__}.{field.name}: no default_factory in a frozen_record")
        if field.default is MISSING:
            parameters.append(field.name)
        else:
            defaults[f"_default_{field.name}"] = field.default
            parameters.append(f"{field.name}=_default_{field.name}")
        lines.append(f"    own[{field.name!r}] = {field.name}")
    source = f"def __init__(self, {', '.join(parameters)}):\n    own = self.__dict__\n"
    namespace: dict[str, object] = {}
    exec(source + "\n".join(lines), defaults, namespace)  # as dataclasses makes its own
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"  # type: ignore[attr-defined]
    cls.__init__ = init  # type: ignore[misc]
    return cls
