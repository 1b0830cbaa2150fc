"""The paper's Fig. 7 experiment (edpd_ball_sweep): one ball per plate offset, over many offsets,
in shards that add up exactly, as `edpd sweep --shard i/n` and `edpd merge` do; and the shards
over a pool of processes."""
import ctypes
import math
from concurrent.futures import ProcessPoolExecutor

from . import _lib
from .simulation import DETECTORS

HIST = 256  # EDPD_SWEEP_HIST


class _SweepConfig(ctypes.Structure):
    _fields_ = [("detector", ctypes.c_int), ("restitution", ctypes.c_double), ("gravity", ctypes.c_double),
                ("seed", ctypes.c_uint32), ("first", ctypes.c_uint64), ("count", ctypes.c_uint64),
                ("max_events", ctypes.c_uint64), ("t_max", ctypes.c_double), ("collapse_window", ctypes.c_uint32)]


class _SweepResult(ctypes.Structure):
    _fields_ = [("samples", ctypes.c_uint64), ("halted", ctypes.c_uint64), ("fell_through", ctypes.c_uint64),
                ("collapsed", ctypes.c_uint64), ("exhausted", ctypes.c_uint64), ("events_at_halt_sum", ctypes.c_uint64),
                ("final_time_sum", ctypes.c_double), ("final_time_min", ctypes.c_double),
                ("final_time_max", ctypes.c_double), ("hist", ctypes.c_uint64 * HIST)]


_default = _lib._fn("edpd_default_sweep_config", _SweepConfig)
_run = _lib._fn("edpd_ball_sweep", ctypes.c_int, ctypes.POINTER(_SweepConfig), ctypes.POINTER(_SweepResult),
                ctypes.POINTER(_lib.Error))


def _whole(name, v, lo, hi):
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise ValueError(f"{name}: must be a whole number in [{lo}, {hi}], got {v!r}")
    return v


def _detector(detector):
    """The core's index of a detector's name."""
    if detector not in DETECTORS:
        raise ValueError(f"detector: must be one of {', '.join(DETECTORS)}, got {detector!r}")
    return DETECTORS.index(detector)


def _pair(name, v, what):
    """Two values given as a pair (a shard's (i, n), a range's (from, to))."""
    try:
        a, b = v
    except (TypeError, ValueError):
        raise ValueError(f"{name}: must be {what}, got {v!r}") from None
    return a, b


def _real(name, v, lo, hi):
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not lo <= v <= hi:
        raise ValueError(f"{name}: must be a number in [{lo:g}, {hi:g}], got {v!r}")
    return float(v)


def sweep(samples, *, detector="stable", restitution=None, gravity=None, seed=None, max_events=None, t_max=None,
          collapse_window=None, shard=(0, 1)):
    """The samples of shard (i, n) of a sweep of ``samples`` plate offsets: a dict with the fields
    of `edpd sweep --json` (the same numbers for the same arguments). What is not given is the
    core's default (edpd_default_sweep_config: restitution 0.5, gravity 1, seed 1, max_events 10^5,
    t_max 10, collapse_window 32)."""
    _whole("samples", samples, 1, 100000000)
    index = _detector(detector)
    i, n = _pair("shard", shard, "(i, n) with 0 <= i < n <= 100000")
    _whole("shard's n", n, 1, 100000)
    _whole("shard's i", i, 0, n - 1)
    c = _default()
    c.detector = index
    if restitution is not None:
        c.restitution = _real("restitution", restitution, 0, 1)
    if gravity is not None:
        c.gravity = _real("gravity", gravity, 1e-6, 1e6)
    if seed is not None:
        c.seed = _whole("seed", seed, 0, 2**32 - 1)
    if max_events is not None:
        c.max_events = _whole("max_events", max_events, 1, 1000000000)
    if t_max is not None:
        c.t_max = _real("t_max", t_max, 1e-9, 1e9)
    if collapse_window is not None:
        c.collapse_window = _whole("collapse_window", collapse_window, 1, 100000000)
    c.first = samples * i // n
    c.count = samples * (i + 1) // n - c.first
    r = _SweepResult()
    err = _lib.Error()
    if _run(ctypes.byref(c), ctypes.byref(r), ctypes.byref(err)) != 0:
        raise ValueError(err.message.decode())
    meta = {"detector": detector, "restitution": c.restitution, "gravity": c.gravity, "seed": c.seed,
            "max_events": c.max_events, "t_max": c.t_max, "collapse_window": c.collapse_window,
            "total_samples": samples, "first_sample": c.first, "shard_index": i, "shard_count": n}
    return _fields(meta, r.samples, r.halted, r.fell_through, r.collapsed, r.exhausted, r.events_at_halt_sum,
                   r.final_time_sum, r.final_time_min, r.final_time_max, list(r.hist))


def _fields(meta, samples, halted, fell, collapsed, exhausted, halt_sum, t_sum, t_min, t_max, hist):
    finished = samples > halted
    nan = math.nan
    return {**meta, "samples": samples, "halted": halted, "fell_through": fell, "collapsed": collapsed,
            "budget_exhausted": exhausted, "t_max_reached": samples - halted - collapsed - exhausted,
            "events_at_halt_sum": halt_sum, "final_time_sum": t_sum,
            "final_time_min": t_min if finished else nan, "final_time_max": t_max if finished else nan,
            "halted_fraction": halted / samples if samples else nan,
            "mean_events_at_halt": halt_sum / halted if halted else nan,
            "mean_final_time": t_sum / (samples - halted) if finished else nan,
            "fell_through_fraction": fell / samples if samples else nan,
            "collapse_fraction": collapsed / samples if samples else nan,
            "events_at_halt_histogram": hist}


_SAME = ("detector", "restitution", "gravity", "seed", "max_events", "t_max", "collapse_window", "total_samples", "shard_count")


def merge(shards):
    """The whole sweep from its shards, as `edpd merge` adds them: in shard order, each once,
    covering every sample; shards of different sweeps are refused."""
    shards = sorted(shards, key=lambda s: s["shard_index"])
    if not shards:
        raise ValueError("merge: no shards")
    first = shards[0]
    nxt = 0
    for s in shards:
        for k in _SAME:
            if s[k] != first[k]:
                raise ValueError(f"merge: shard {s['shard_index']}/{s['shard_count']} is of another sweep ({k} {s[k]!r}, not {first[k]!r})")
        if s["first_sample"] != nxt:
            raise ValueError(f"merge: samples {nxt}.. are {'missing' if s['first_sample'] > nxt else 'duplicated'}")
        nxt += s["samples"]
    if nxt != first["total_samples"]:
        raise ValueError(f"merge: samples {nxt}..{first['total_samples']} are missing")
    tot = dict(first)
    for s in shards[1:]:
        for k in ("samples", "halted", "fell_through", "collapsed", "budget_exhausted", "events_at_halt_sum", "final_time_sum"):
            tot[k] += s[k]
        # fmin/fmax: a shard whose samples all halted has no final times (NaN)
        tot["final_time_min"] = min((x for x in (tot["final_time_min"], s["final_time_min"]) if not math.isnan(x)), default=math.nan)
        tot["final_time_max"] = max((x for x in (tot["final_time_max"], s["final_time_max"]) if not math.isnan(x)), default=math.nan)
        tot["events_at_halt_histogram"] = [a + b for a, b in zip(tot["events_at_halt_histogram"], s["events_at_halt_histogram"])]
    meta = {k: first[k] for k in _SAME[:-2]}
    meta.update(total_samples=first["total_samples"], first_sample=0, shard_index=0, shard_count=1)
    return _fields(meta, tot["samples"], tot["halted"], tot["fell_through"], tot["collapsed"], tot["budget_exhausted"],
                   tot["events_at_halt_sum"], tot["final_time_sum"], tot["final_time_min"], tot["final_time_max"],
                   tot["events_at_halt_histogram"])


def _shard(args):
    samples, kw = args
    return sweep(samples, **kw)


def sweep_parallel(samples, *, shards=None, processes=None, **kw):
    """The whole sweep in ``shards`` shards (default: one per process) over a pool of processes,
    merged: the same numbers as the CLI's shards merged, or as one sweep."""
    import os
    processes = processes or os.cpu_count() or 1
    shards = shards or processes
    _whole("shards", shards, 1, 100000)
    jobs = [(samples, {**kw, "shard": (i, shards)}) for i in range(shards)]
    with ProcessPoolExecutor(max_workers=processes) as pool:
        return merge(list(pool.map(_shard, jobs)))
