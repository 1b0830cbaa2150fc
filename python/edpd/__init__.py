"""edpd: event-driven particle dynamics with the stable event detection of Bannerman, Strobl,
Formella & Poeschel (2014), from Python. A thin layer over the C core's public API (ctypes): the
same trajectories, bit for bit, as the CLI, WebAssembly and the browser app (docs/python.md)."""
from ._lib import __version__, LIMITS
from ._lib import CONFIG_FIELDS as _FIELDS
from .simulation import Simulation, load, loads, steps_text, EVENT_KINDS, EVENT_DTYPE, DETECTORS, SCENARIOS
from .custom import custom
from .ball_sweep import sweep, merge, sweep_parallel
from .table_sweep import table_sweep
from .observer import observe


def fields():
    """The configuration's fields: {name: {type, min, max, values, default, help}} (the core's schema)."""
    keep = ("type", "min", "max", "values", "default", "help")
    return {name: {k: f[k] for k in keep} for name, f in _FIELDS.items() if name != "scenario"}


__all__ = ["Simulation", "load", "loads", "custom", "observe", "sweep", "merge", "sweep_parallel", "table_sweep", "fields", "steps_text",
           "EVENT_KINDS", "EVENT_DTYPE", "DETECTORS", "SCENARIOS", "LIMITS", "__version__"]
