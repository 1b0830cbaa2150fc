"""The shared library (libedpd.so, the CMake build's) through ctypes: where it is found, the
functions of the public C API the package calls, and the core's schema of the configuration."""
import ctypes
import json
import os
from pathlib import Path

__version__ = "0.1.0"  # the library's EDPD_VERSION must be the same (checked below)

_HERE = Path(__file__).resolve().parent


def _candidates():
    env = os.environ.get("EDPD_LIBRARY")
    if env:
        return [Path(env)]
    # installed beside the package (pip install ./python copies it), else the checkout's build/
    return [_HERE / "libedpd.so", _HERE.parent.parent / "build" / "libedpd.so"]


def _load():
    tried = []
    for path in _candidates():
        if path.is_file():
            return ctypes.CDLL(str(path)), path
        tried.append(str(path))
    raise ImportError("edpd: the library libedpd.so was not found (looked at: " + ", ".join(tried) +
                      "); build it with `npm run setup` in the edpd checkout, or set EDPD_LIBRARY to its path")


lib, path = _load()


class Error(ctypes.Structure):
    """edpd_error: a code, the offending field and a message."""
    _fields_ = [("code", ctypes.c_int), ("field", ctypes.c_char * 48), ("message", ctypes.c_char * 256)]


class Status(ctypes.Structure):
    """edpd_status."""
    _fields_ = [("state", ctypes.c_int), ("reason", ctypes.c_char_p), ("event", ctypes.c_uint64),
                ("time", ctypes.c_double), ("particle_a", ctypes.c_int32), ("particle_b", ctypes.c_int32)]


class Failure(ctypes.Structure):
    """edpd_failure: where a naive detector first met undefined dynamics, as its overlap function."""
    _fields_ = [("found", ctypes.c_int), ("event", ctypes.c_uint64), ("time", ctypes.c_double),
                ("particle_a", ctypes.c_int32), ("particle_b", ctypes.c_int32),
                ("f0", ctypes.c_double), ("f1", ctypes.c_double), ("f2", ctypes.c_double),
                ("naive_dt", ctypes.c_double), ("naive_answer", ctypes.c_char_p), ("naive_action", ctypes.c_char_p),
                ("stable_dt", ctypes.c_double), ("stable_answer", ctypes.c_char_p)]


class Event(ctypes.Structure):
    """edpd_event: one event that changed a velocity (the CLI's --event-log record)."""
    _fields_ = [("time", ctypes.c_double), ("a", ctypes.c_int32), ("b", ctypes.c_int32),
                ("kind", ctypes.c_int), ("impulse", ctypes.c_double), ("separation", ctypes.c_double)]


EVENT_FN = ctypes.CFUNCTYPE(None, ctypes.POINTER(Event), ctypes.c_void_p)


def _fn(name, restype, *argtypes):
    f = getattr(lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


P = ctypes.c_void_p
version = _fn("edpd_version", ctypes.c_char_p)
schema_json = _fn("edpd_schema_json", ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t)
field_named = _fn("edpd_field_named", P, ctypes.c_char_p)
field_set = _fn("edpd_field_set", ctypes.c_int, P, P, ctypes.c_double, ctypes.POINTER(Error))
config_set_species = _fn("edpd_config_set_species", ctypes.c_int, P, ctypes.c_char_p, ctypes.POINTER(Error))
config_set_wall_restitutions = _fn("edpd_config_set_wall_restitutions", ctypes.c_int, P, ctypes.c_char_p, ctypes.POINTER(Error))
config_set_steps = _fn("edpd_config_set_steps", ctypes.c_int, P, ctypes.c_char_p, ctypes.POINTER(Error))
create = _fn("edpd_create", P, P, ctypes.POINTER(Error))
destroy = _fn("edpd_destroy", None, P)
advance = _fn("edpd_advance", ctypes.c_int, P, ctypes.c_double, ctypes.c_uint64, ctypes.POINTER(Error))
get_status = _fn("edpd_get_status", Status, P)
get_first_halt = _fn("edpd_get_first_halt", Status, P)
get_first_failure = _fn("edpd_get_first_failure", None, P, ctypes.POINTER(Failure))
get_stats = _fn("edpd_get_stats", None, P, P)
particle_count = _fn("edpd_particle_count", ctypes.c_uint32, P)
time = _fn("edpd_time", ctypes.c_double, P)
exact_clock = _fn("edpd_exact_clock", ctypes.c_double, P)
get_config = _fn("edpd_get_config", P, P)
get_positions = _fn("edpd_get_positions", None, P, P)
get_velocities = _fn("edpd_get_velocities", None, P, P)
get_diameters = _fn("edpd_get_diameters", None, P, P)
time_at_packing_fraction = _fn("edpd_time_at_packing_fraction", ctypes.c_double, P, ctypes.c_double)


class Contacts(ctypes.Structure):
    _fields_ = [("contacts", ctypes.c_uint32), ("rattlers", ctypes.c_uint32), ("mean_contacts", ctypes.c_double)]


get_contacts = _fn("edpd_get_contacts", ctypes.c_int, P, ctypes.c_double, ctypes.POINTER(Contacts), P, P, ctypes.c_uint32, ctypes.POINTER(Error))
get_masses = _fn("edpd_get_masses", None, P, P)
get_overlap_flags = _fn("edpd_get_overlap_flags", None, P, P)
get_box = _fn("edpd_get_box", None, P, P)
get_periodic = _fn("edpd_get_periodic", None, P, P)
state_hash = _fn("edpd_state_hash", ctypes.c_uint64, P)
reset_measurements = _fn("edpd_reset_measurements", None, P)
set_event_log = _fn("edpd_set_event_log", None, P, EVENT_FN, P)
write_xyz = _fn("edpd_write_xyz", ctypes.c_size_t, P, ctypes.c_char_p, ctypes.c_size_t)
load_state = _fn("edpd_load_state", P, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_int, ctypes.c_int,
                 ctypes.c_double, ctypes.c_double, ctypes.c_int, ctypes.POINTER(ctypes.c_int * 2), ctypes.POINTER(Error))


def _schema():
    size = schema_json(None, 0) + 1
    buf = ctypes.create_string_buffer(size)
    schema_json(buf, size)
    return json.loads(buf.value.decode())


SCHEMA = _schema()
CONFIG_FIELDS = {f["name"]: f for f in SCHEMA["config"]}
STATS_FIELDS = SCHEMA["stats"]
CONFIG_SIZE = SCHEMA["config_size"]
STATS_SIZE = SCHEMA["stats_size"]
LIMITS = SCHEMA["limits"]


# The scenario's defaults: edpd_scenario_config returns the struct by value, so it is declared
# with a struct of the schema's size (returned through memory on every ABI ctypes supports here).
class ConfigBytes(ctypes.Structure):
    _fields_ = [("raw", ctypes.c_double * ((CONFIG_SIZE + 7) // 8))]


scenario_config = _fn("edpd_scenario_config", ConfigBytes, ctypes.c_int)

_lib_version = version().decode()
if _lib_version != __version__:
    raise ImportError(f"edpd: the library {path} is version {_lib_version}, the package {__version__}; "
                      "rebuild the library (npm run setup) or install the package of its checkout (pip install ./python)")
