"""The ball on a vibrating table over Gamma (edpd_table_sweep): the bifurcation diagram's data, as
`edpd sweep --scenario table --json` gives it, as numpy arrays."""
import ctypes

import numpy as np

from . import _lib
from .ball_sweep import _whole, _real, _detector, _pair


class _TableSweepConfig(ctypes.Structure):
    _fields_ = [("detector", ctypes.c_int), ("restitution", ctypes.c_double), ("gamma_from", ctypes.c_double),
                ("gamma_to", ctypes.c_double), ("samples", ctypes.c_uint32), ("first", ctypes.c_uint64), ("count", ctypes.c_uint64),
                ("phase", ctypes.c_double), ("transient", ctypes.c_uint32), ("impacts", ctypes.c_uint32), ("max_events", ctypes.c_uint64)]


_default = _lib._fn("edpd_default_table_sweep_config", _TableSweepConfig)
_run = _lib._fn("edpd_table_sweep", ctypes.c_int, ctypes.POINTER(_TableSweepConfig), ctypes.POINTER(ctypes.c_double),
                ctypes.POINTER(ctypes.c_uint32), ctypes.POINTER(_lib.Error))


def table_sweep(gamma=(1.0, 4.0), samples=100, *, restitution=0.5, detector="stable", phase=2.0, transient=200, impacts=32):
    """One ball per Gamma, ``samples`` values evenly over ``gamma`` = (from, to), released at rest half
    a diameter above a table oscillating once per time unit (g = 1); after ``transient`` periods the
    table's phase (a fraction of its period) at each of the next ``impacts`` impacts. Returns
    (gammas, phases): phases[k, m] the m-th impact's phase for gammas[k], NaN where fewer were
    recorded (a halted naive ball)."""
    index = _detector(detector)
    g0, g1 = _pair("gamma", gamma, "(from, to), both in [0.01, 100]")
    c = _default()
    c.detector = index
    c.gamma_from, c.gamma_to = _real("gamma's from", g0, 0.01, 100), _real("gamma's to", g1, 0.01, 100)
    c.samples = _whole("samples", samples, 1, 100000)
    c.first, c.count = 0, samples
    c.restitution = _real("restitution", restitution, 0, 1)
    c.phase = _real("phase", phase, -1000, 1000)
    c.transient = _whole("transient", transient, 0, 1000000)
    c.impacts = _whole("impacts", impacts, 1, 4096)
    phases = np.full(samples * impacts, np.nan)
    recorded = (ctypes.c_uint32 * samples)()
    err = _lib.Error()
    if _run(ctypes.byref(c), phases.ctypes.data_as(ctypes.POINTER(ctypes.c_double)), recorded, ctypes.byref(err)) != 0:
        raise ValueError(err.message.decode())
    phases = phases.reshape(samples, impacts)
    for k in range(samples):
        phases[k, recorded[k]:] = np.nan
    gammas = np.array([g0 + (g1 - g0) * k / (samples - 1) if samples > 1 else g0 for k in range(samples)])
    return gammas, phases
