"""One simulation: a world of the C core, configured by the core's schema, advanced, read into
numpy arrays, saved and loaded as state files (extended XYZ) and pickled through them."""
import ctypes
import math
import os
import struct
import tempfile

import numpy as np

from . import _lib

STOPS = ("time", "budget", "halted", "collapse", "error", "jammed")
STATES = ("running", "halted", "collapse", "jammed")
EVENT_KINDS = ("collision", "plane", "capture", "release", "bounce", "kick")
EVENT_DTYPE = np.dtype([("time", "<f8"), ("a", "<i4"), ("b", "<i4"), ("kind", "<u4"),
                        ("impulse", "<f8"), ("separation", "<f8")])
NEIGHBOURS = ("auto", "cells", "lists")
DETECTORS = ("stable", "naive-halt", "naive-miss", "naive-rewind")
SCENARIOS = ("granular", "elastic", "bouncing-ball", "shaken-box", "box")
_STAT_FORMAT = {"double": "<d", "u32": "<I", "u64": "<Q", "hash": "<Q"}
_MAX_EVENTS = 2**64 - 1


def _scenario_index(name):
    """The core's number of a scenario (edpd_scenario), from its schema."""
    field = next(f for f in _lib.SCHEMA["config"] if f["name"] == "scenario")
    return field["values"].index(name)


def _enum_index(field, value):
    if not isinstance(value, str):
        raise TypeError(f"{field['name']}: must be one of {', '.join(field['values'])}, got {value!r}")
    k = field["values"].index(value) if value in field["values"] else -1
    if k < 0:
        raise ValueError(f"{field['name']}: must be one of {', '.join(field['values'])}, got {value!r}")
    return k


def _number(name, value):
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"{name}: must be a number, got {type(value).__name__} {value!r}")
    return float(value)


def _raise(err):
    raise ValueError(err.message.decode(errors="replace"))


def steps_text(steps):
    """[(radius, energy), ...] as the CLI's --steps text, each number exact (repr)."""
    try:
        pairs = [(r, e) for r, e in steps]
    except (TypeError, ValueError):
        raise TypeError(f"steps: must be a list of (radius, energy) pairs, got {steps!r}") from None
    return "; ".join(f"{_number('steps', r)!r} {_number('steps', e)!r}" for r, e in pairs)


class Simulation:
    """A simulation of one of the core's scenarios, or (edpd.load, edpd.custom) of a state.

    Keywords are the configuration's fields by their C names (``edpd.fields()`` lists them with
    their ranges); a value out of range raises ValueError with the core's message, an unknown
    keyword or a value of the wrong type TypeError. ``steps=[(radius, energy), ...]`` gives a
    stepped potential (radii in diameters, innermost first); ``species=[(count, diameter, mass),
    ...]`` a mixture in the gas scenarios and the box (n is the counts' sum); ``wall_restitutions=[x-,
    x+, y-, y+(, z-, z+)]`` a box's walls, each its own restitution.
    """

    def __init__(self, scenario="granular", *, steps=None, species=None, wall_restitutions=None, **fields):
        if scenario not in SCENARIOS:
            raise ValueError(f"scenario: must be one of {', '.join(SCENARIOS)} (a state: edpd.load or edpd.custom), got {scenario!r}")
        cfg = _lib.scenario_config(_scenario_index(scenario))
        err = _lib.Error()
        for name, value in fields.items():
            field = _lib.CONFIG_FIELDS.get(name)
            if field is None or name == "scenario":
                known = ", ".join(sorted(n for n in _lib.CONFIG_FIELDS if n != "scenario"))
                raise TypeError(f"{name}: not a configuration field (the fields: {known}; steps)")
            v = _enum_index(field, value) if field["type"] == "enum" else _number(name, value)
            if _lib.field_set(ctypes.byref(cfg), _lib.field_named(name.encode()), v, ctypes.byref(err)) != 0:
                _raise(err)
        if species is not None:
            if "n" in fields:
                raise TypeError("species: gives n itself (the counts' sum): not with n")
            try:
                text = "; ".join(f"{int(k)} {_number('species', d)!r} {_number('species', m)!r}" for k, d, m in species)
            except (TypeError, ValueError):
                raise TypeError(f"species: must be a list of (count, diameter, mass), got {species!r}") from None
            if _lib.config_set_species(ctypes.byref(cfg), text.encode(), ctypes.byref(err)) != 0:
                _raise(err)
        if wall_restitutions is not None:
            try:
                text = " ".join(repr(_number("wall_restitutions", e)) for e in wall_restitutions)
            except TypeError:
                raise TypeError(f"wall_restitutions: must be a list of numbers, each wall's (x-, x+, y-, y+[, z-, z+]), got {wall_restitutions!r}") from None
            if _lib.config_set_wall_restitutions(ctypes.byref(cfg), text.encode(), ctypes.byref(err)) != 0:
                _raise(err)
        if steps is not None:
            if _lib.config_set_steps(ctypes.byref(cfg), steps_text(steps).encode(), ctypes.byref(err)) != 0:
                _raise(err)
        world = _lib.create(ctypes.byref(cfg), ctypes.byref(err))
        if not world:
            _raise(err)
        self._adopt(world)

    @classmethod
    def _of_world(cls, world):
        sim = cls.__new__(cls)
        sim._adopt(world)
        return sim

    def _adopt(self, world):
        self._w = world
        self._n = _lib.particle_count(world)
        self._log = None

    # ---- lifetime ------------------------------------------------------------------------
    def _world(self):
        if not self._w:
            raise RuntimeError("edpd: this simulation was destroyed (close() or a with block ended)")
        return self._w

    def close(self):
        """Frees the world; the simulation cannot be used after it (a second close does nothing)."""
        if getattr(self, "_w", None):
            _lib.destroy(self._w)
            self._w = None

    destroy = close

    def __del__(self):
        self.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ---- running -------------------------------------------------------------------------
    def advance(self, time=None, *, until=None, events=None):
        """Runs events up to ``time`` from now, or to the clock ``until``, or ``events`` events
        (whichever comes first if several are given). Returns why it stopped: "time", "budget",
        "halted" (a naive detector met undefined dynamics), "collapse" or "jammed" (a compression
        whose reduced pressure passed jam_pressure: ``until=math.inf`` runs one until it jams)."""
        w = self._world()
        if time is None and until is None and events is None:
            raise ValueError("advance: give time (a duration), until (the clock to stop at) or events (a budget)")
        if time is not None and until is not None:
            raise ValueError("advance: give one of time (a duration from now) and until (the clock to stop at)")
        t_end = math.inf
        if time is not None:
            t = _number("time", time)
            if not (t >= 0 and math.isfinite(t)):
                raise ValueError(f"time: must be a finite number >= 0, got {time!r}")
            t_end = _lib.time(w) + t
        if until is not None:
            t_end = _number("until", until)
        big = _lib.LIMITS["max_time"]
        if not (-big <= t_end <= big or t_end == math.inf):
            which = "until: the clock to stop at" if until is not None else "time: the clock it reaches, now + time,"
            raise ValueError(f"{which} must be within [-{big:g}, {big:g}], got {t_end!r}")
        budget = _MAX_EVENTS
        if events is not None:
            if isinstance(events, bool) or not isinstance(events, (int, np.integer)) or events < 0 or events >= 2**64:
                raise ValueError(f"events: must be a whole number in [0, 2^64), got {events!r}")
            budget = int(events)
        err = _lib.Error()
        stop = _lib.advance(w, t_end, budget, ctypes.byref(err))
        if stop == 4:
            _raise(err)
        return STOPS[stop]

    def event_log(self, time=None, *, until=None, events=None):
        """Advances as ``advance`` does and returns every event that changed a velocity on the way
        (the CLI's --event-log records) as a numpy structured array: time, a, b (a partner, or
        -1 - plane index; -1 for a thermostat kick), kind (an index into edpd.EVENT_KINDS), impulse,
        separation."""
        w = self._world()
        rows = []

        def record(e, _user):
            ev = e.contents
            rows.append((ev.time, ev.a, ev.b, ev.kind, ev.impulse, ev.separation))

        fn = _lib.EVENT_FN(record)
        _lib.set_event_log(w, fn, None)
        try:
            self.advance(time, until=until, events=events)
        finally:
            _lib.set_event_log(w, _lib.EVENT_FN(), None)
        return np.array(rows, dtype=EVENT_DTYPE)

    def reset_measurements(self):
        """Starts a new measurement window (Z, the mean free time, the time averages)."""
        _lib.reset_measurements(self._world())

    # ---- reading -------------------------------------------------------------------------
    @property
    def n(self):
        return self._n

    @property
    def time(self):
        return _lib.time(self._world())

    @property
    def exact_clock(self):
        """The largest clock at which this world's motion is still resolved (edpd_exact_clock)."""
        return _lib.exact_clock(self._world())

    @property
    def stats(self):
        """The core's statistics (edpd_stats) by their names; state_hash as 16 hex digits."""
        buf = ctypes.create_string_buffer(_lib.STATS_SIZE)
        _lib.get_stats(self._world(), buf)
        raw = buf.raw
        out = {}
        for f in _lib.STATS_FIELDS:
            (v,) = struct.unpack_from(_STAT_FORMAT[f["type"]], raw, f["offset"])
            out[f["name"]] = f"{v:016x}" if f["type"] == "hash" else v
        return out

    @property
    def state_hash(self):
        """A hash of the clock, the event count and every particle's bits: the CLI's state_hash."""
        return f"{_lib.state_hash(self._world()):016x}"

    def _status_dict(self, st):
        if st.state == 0:
            return {"state": "running"}
        return {"state": STATES[st.state], "reason": st.reason.decode() if st.reason else None, "event": st.event,
                "time": st.time, "particles": (st.particle_a, st.particle_b)}

    def time_at_packing_fraction(self, phi):
        """A compression's clock at which the packing fraction reaches phi (None without growth)."""
        t = _lib.time_at_packing_fraction(self._world(), _number("phi", phi))
        return None if t != t else t

    def contacts(self, gap=1e-9):
        """The contact network now: pairs within gap sigma_ij of contact, rattlers (fewer than
        dim + 1 contacts) removed round by round; {"contacts", "rattlers", "mean_contacts"}."""
        out, err = _lib.Contacts(), _lib.Error()
        if _lib.get_contacts(self._world(), _number("gap", gap), ctypes.byref(out), None, None, 0, ctypes.byref(err)) != 0:
            _raise(err)
        return {"contacts": out.contacts, "rattlers": out.rattlers, "mean_contacts": out.mean_contacts}

    @property
    def status(self):
        """{"state": "running"}, or the halt or collapse: its reason, event, time and particles."""
        return self._status_dict(_lib.get_status(self._world()))

    @property
    def first_halt(self):
        """A ball array's first ball to halt on its own plate (it stops alone), or None."""
        st = _lib.get_first_halt(self._world())
        return None if st.state == 0 else self._status_dict(st)

    @property
    def first_failure(self):
        """Where a naive detector first met undefined dynamics, as its overlap function
        f(dt) = f0 + f1 dt + f2 dt^2 / 2 with both detectors' answers; None if it has not."""
        f = _lib.Failure()
        _lib.get_first_failure(self._world(), ctypes.byref(f))
        if not f.found:
            return None
        text = lambda s: s.decode() if s else None
        return {"event": f.event, "time": f.time, "particles": (f.particle_a, f.particle_b), "f": (f.f0, f.f1, f.f2),
                "naive": {"dt": f.naive_dt, "answer": text(f.naive_answer), "action": text(f.naive_action)},
                "stable": {"dt": f.stable_dt, "answer": text(f.stable_answer)}}

    def _array(self, getter, shape, dtype, out):
        if out is None:
            out = np.empty(shape, dtype=dtype)
        elif not (isinstance(out, np.ndarray) and out.shape == shape and out.dtype == dtype and out.flags.c_contiguous and out.flags.writeable):
            raise ValueError(f"out: must be a writable C-contiguous {np.dtype(dtype).name} array of shape {shape}")
        getter(self._world(), out.ctypes.data_as(ctypes.c_void_p))
        return out

    def get_positions(self, out=None):
        """Positions now, (N, 3) float64; filled into ``out`` when given (no allocation)."""
        return self._array(_lib.get_positions, (self._n, 3), np.float64, out)

    def get_velocities(self, out=None):
        """Velocities now, (N, 3) float64; filled into ``out`` when given."""
        return self._array(_lib.get_velocities, (self._n, 3), np.float64, out)

    positions = property(get_positions, doc="Positions now, (N, 3) float64 (a new array each read).")
    velocities = property(get_velocities, doc="Velocities now, (N, 3) float64 (a new array each read).")

    @property
    def diameters(self):
        return self._array(_lib.get_diameters, (self._n,), np.float64, None)

    @property
    def masses(self):
        return self._array(_lib.get_masses, (self._n,), np.float64, None)

    @property
    def overlap_flags(self):
        """True for each particle that overlaps something now."""
        return self._array(_lib.get_overlap_flags, (self._n,), np.uint8, None).astype(bool)

    @property
    def box(self):
        return self._array(_lib.get_box, (3,), np.float64, None)

    @property
    def periodic(self):
        p = np.empty(3, dtype=np.intc)
        _lib.get_periodic(self._world(), p.ctypes.data_as(ctypes.c_void_p))
        return p.astype(bool)

    # ---- state files -----------------------------------------------------------------------
    def xyz(self):
        """The state as extended XYZ text: the CLI's --dump bytes."""
        w = self._world()
        size = _lib.write_xyz(w, None, 0) + 1
        buf = ctypes.create_string_buffer(size)
        if _lib.write_xyz(w, buf, size) == 0:
            raise MemoryError("edpd: no memory to write the state")
        return buf.value.decode()

    def save(self, path):
        """Writes the state file (what `edpd run --load` and edpd.load read back exactly), through a
        temporary file in the same folder renamed into place: a failed save leaves no half file."""
        text = self.xyz()
        folder = os.path.dirname(os.path.abspath(path))
        fd, tmp = tempfile.mkstemp(prefix=".edpd-", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "w") as f:
                f.write(text)
            os.replace(tmp, path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise

    @property
    def config(self):
        """The world's configuration by the schema's field names (enums by name)."""
        raw = ctypes.string_at(_lib.get_config(self._world()), _lib.CONFIG_SIZE)
        out = {}
        for f in _lib.SCHEMA["config"]:
            fmt = {"enum": "<i", "int": "<i", "u32": "<I", "double": "<d", "gravity": "<d"}[f["type"]]
            if f["type"] == "gravity":  # stored as gravity[2] = -g (schema.h)
                (v,) = struct.unpack_from(fmt, raw, f["offset"] + 16)
                out[f["name"]] = -v if v != 0 else 0.0
                continue
            (v,) = struct.unpack_from(fmt, raw, f["offset"])
            out[f["name"]] = f["values"][v] if f["type"] == "enum" else v
        return out

    def __reduce__(self):
        # a simulation travels (to a worker process, say) as its state file's text, which holds the
        # particles, box, planes, potential, restitution and t_c, but not a thermostat
        c = self.config
        if c["thermostat_rate"] > 0 and self.time < c["thermostat_until"]:
            raise ValueError("pickle: a state file does not hold the thermostat, which still runs in this simulation; "
                             "pickle it once the thermostat has ended (thermostat_until), or send its configuration instead")
        return (_from_state, (self.xyz(), c["detector"], "pickle"))

    def __repr__(self):
        if not getattr(self, "_w", None):
            return "<edpd.Simulation (destroyed)>"
        return f"<edpd.Simulation n={self._n} t={self.time:.6g} {self.status['state']} hash={self.state_hash}>"


def _from_state(text, detector, name):
    return loads(text, detector=detector, name=name)


def loads(text, *, frame=None, detector="stable", restitution=None, tc=None, neighbours="auto", name="state"):
    """A simulation from a state file's text (extended XYZ, one frame or a trajectory: frame=K
    from 0, or "last"); restitution and tc are the file's unless given, as with `run --load`."""
    if isinstance(text, bytes):
        data = text
    elif isinstance(text, str):
        data = text.encode()
    else:
        raise TypeError(f"text: must be str or bytes, got {type(text).__name__}")
    if frame is None:
        k = -2
    elif frame == "last":
        k = -1
    elif isinstance(frame, (int, np.integer)) and not isinstance(frame, bool) and 0 <= frame < 2**31:
        k = int(frame)
    else:
        raise ValueError(f"frame: must be None (a file of one frame), \"last\" or a frame number >= 0, got {frame!r}")
    if detector not in DETECTORS:
        raise ValueError(f"detector: must be one of {', '.join(DETECTORS)}, got {detector!r}")
    if neighbours not in NEIGHBOURS:
        raise ValueError(f"neighbours: must be one of {', '.join(NEIGHBOURS)}, got {neighbours!r}")
    e = math.nan if restitution is None else _number("restitution", restitution)
    t = math.nan if tc is None else _number("tc", tc)
    err = _lib.Error()
    frames = (ctypes.c_int * 2)()
    w = _lib.load_state(data, len(data), name.encode(), k, DETECTORS.index(detector), e, t, NEIGHBOURS.index(neighbours),
                        ctypes.byref(frames), ctypes.byref(err))
    if not w:
        _raise(err)
    return Simulation._of_world(w)


def load(path, **kw):
    """A simulation from a state file (what save, --dump and --trajectory write; OVITO and ASE
    files too). Keywords as for loads."""
    with open(path, "rb") as f:
        data = f.read()
    return loads(data, name=kw.pop("name", os.fspath(path)), **kw)
