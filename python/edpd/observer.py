"""Observables from the exact trajectory (observer.h): a simulation sampled at equal intervals;
the mean-squared displacement, the velocity autocorrelation and D from each, g(r) with its contact
value, the speeds against Maxwell-Boltzmann, and the free flights between impacts."""
import ctypes
import math

import numpy as np

from . import _lib

GR_BINS, SPEED_BINS, FLIGHT_BINS, MAX_SAMPLES = 250, 40, 48, 4096  # structure.h, observer.h
_d = ctypes.c_double


class _Pairs(ctypes.Structure):
    _fields_ = [("bins", ctypes.c_uint32), ("dr", _d), ("r", _d * GR_BINS), ("g", _d * GR_BINS), ("contact", _d), ("contact_error", _d)]


class _Speeds(ctypes.Structure):
    _fields_ = [("v", _d * SPEED_BINS), ("observed", _d * SPEED_BINS), ("expected", _d * SPEED_BINS), ("chi2", _d), ("dof", ctypes.c_uint32)]


class _Observables(ctypes.Structure):
    _fields_ = [("sample_dt", _d), ("samples", ctypes.c_uint32), ("msd_lags", ctypes.c_uint32), ("msd_t", _d * 64), ("msd", _d * 64),
                ("d_msd", _d), ("d_msd_error", _d), ("vacf_lags", ctypes.c_uint32), ("vacf", _d * (MAX_SAMPLES // 2)),
                ("d_gk", _d), ("d_gk_error", _d), ("gr", _Pairs), ("speeds", _Speeds), ("speeds_kt", _d),
                ("flights", ctypes.c_uint64), ("flight_mean", _d), ("flight_edge", _d * (FLIGHT_BINS + 1)), ("flight_count", _d * FLIGHT_BINS)]


_create = _lib._fn("edpd_observer_create", ctypes.c_void_p, ctypes.c_void_p, ctypes.c_uint32, ctypes.POINTER(_lib.Error))
_sample = _lib._fn("edpd_observer_sample", ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(_lib.Error))
_results = _lib._fn("edpd_observer_results", ctypes.c_int, ctypes.c_void_p, ctypes.c_uint, ctypes.POINTER(_Observables), ctypes.POINTER(_lib.Error))
_destroy = _lib._fn("edpd_observer_destroy", None, ctypes.c_void_p)
_event = ctypes.cast(_lib.lib.edpd_observer_event, _lib.EVENT_FN)


def observe(sim, *, time, sample_dt, flights=True):
    """Runs ``sim`` for ``time`` and samples it every ``sample_dt`` (16 to 4096 samples), as the
    CLI's --observe does (it also restarts the measurement window: Z over the sampled stretch); returns a dict of numpy arrays and numbers with the CLI's JSON names:
    msd ([lag, MSD]), diffusion_msd(_error), vacf ([lag, VACF]), diffusion_green_kubo(_error),
    gr ([r, g]), contact_gr(_error), speeds ([speed, observed, expected]), speeds_kt, speeds_chi2,
    speeds_dof, and with ``flights`` the free flights between impacts (flights, flights_count,
    flight_mean)."""
    w = sim._world()
    time, sample_dt = float(time), float(sample_dt)
    if not (sample_dt >= 1e-9 and time > 0):
        raise ValueError(f"sample_dt: must be at least 1e-09 and time > 0, got sample_dt {sample_dt!r}, time {time!r}")
    # whole intervals in time, as the CLI counts them (0.29 / 0.01 is 28.999999999999996: 29)
    intervals = time / sample_dt
    whole = math.floor(intervals) + (1 if intervals - math.floor(intervals) > 1 - 1e-9 else 0)
    count = whole + 1
    if not 16 <= count <= MAX_SAMPLES:
        raise ValueError(f"sample_dt: {count} samples (time / sample_dt + 1); it takes 16 to {MAX_SAMPLES}")
    err = _lib.Error()
    obs = _create(w, count, ctypes.byref(err))
    if not obs:
        raise ValueError(err.message.decode())
    try:
        if flights:
            _lib.set_event_log(w, _event, obs)
        sim.reset_measurements()
        t0 = sim.time
        for j in range(count):
            if j and sim.advance(until=t0 + j * sample_dt) != "time":
                raise RuntimeError(f"observe: the run stopped ({sim.status['state']}) at t = {sim.time!r}, at sample {j} of {count}")
            if _sample(obs, w, ctypes.byref(err)) != 0:
                raise ValueError(f"sample_dt: {err.message.decode()} ({sample_dt!r})")
        if sim.advance(until=t0 + time) != "time":  # the stretch after the last sample, unsampled
            raise RuntimeError(f"observe: the run stopped ({sim.status['state']}) after its last sample")
        r = _Observables()
        if _results(obs, 15, ctypes.byref(r), ctypes.byref(err)) != 0:
            raise ValueError(err.message.decode())
    finally:
        if flights:
            _lib.set_event_log(w, _lib.EVENT_FN(), None)
        _destroy(obs)
    a = lambda arr, m: np.array(arr[:m])
    out = {
        "samples": r.samples, "sample_dt": r.sample_dt,
        "msd": np.column_stack([a(r.msd_t, r.msd_lags), a(r.msd, r.msd_lags)]),
        "diffusion_msd": r.d_msd, "diffusion_msd_error": r.d_msd_error,
        "vacf": np.column_stack([np.arange(r.vacf_lags) * r.sample_dt, a(r.vacf, r.vacf_lags)]),
        "diffusion_green_kubo": r.d_gk, "diffusion_green_kubo_error": r.d_gk_error,
        "gr": np.column_stack([a(r.gr.r, r.gr.bins), a(r.gr.g, r.gr.bins)]),
        "contact_gr": r.gr.contact, "contact_gr_error": r.gr.contact_error,
        "speeds": np.column_stack([a(r.speeds.v, SPEED_BINS), a(r.speeds.observed, SPEED_BINS), a(r.speeds.expected, SPEED_BINS)]),
        "speeds_kt": r.speeds_kt, "speeds_chi2": r.speeds.chi2, "speeds_dof": r.speeds.dof,
    }
    if flights:
        out.update(flights=np.column_stack([a(r.flight_edge, FLIGHT_BINS), np.array(r.flight_edge[1:FLIGHT_BINS + 1]), a(r.flight_count, FLIGHT_BINS)]),
                   flights_count=r.flights, flight_mean=r.flight_mean)
    return out
