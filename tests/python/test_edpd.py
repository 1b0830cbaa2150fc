"""The Python package against the CLI (and so WebAssembly, which tests/js/edpd.test.js holds to the
CLI): the same configuration gives the same trajectory, bit for bit; arrays, state files, errors,
pickling and sweeps. Run by npm test (scripts/test.sh) with Debian's python3, numpy and pytest."""
import json
import math
import os
import pickle
import subprocess
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
import pytest

import edpd

ROOT = Path(__file__).resolve().parents[2]
CLI = str(ROOT / "build" / "edpd")
K = 3000

# tests/js/edpd.test.js's cases, by the C names of the fields
CASES = {
    "granular": dict(scenario="granular", n=500, packing_fraction=0.35, restitution=0.7, seed=11),
    "granular-2d": dict(scenario="granular", dim=2, n=400, packing_fraction=0.5, restitution=0.6, seed=12),
    "elastic": dict(scenario="elastic", n=500, packing_fraction=0.3, seed=13),
    "bouncing-ball": dict(scenario="bouncing-ball", n=16, seed=14),
    "square-well": dict(scenario="elastic", n=500, packing_fraction=0.2, seed=15, potential="square-well", well_width=1.5,
                        temperature=1.2, thermostat_rate=0.1, bath_temperature=1.2, thermostat_until=0.15),
    "steps": dict(scenario="elastic", n=500, packing_fraction=0.25, seed=16, steps=[(1.2, -2), (1.5, -1), (1.8, 0.5)]),
}


def cli(*args):
    r = subprocess.run([CLI, *map(str, args)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def cli_args(case, detector):
    """The CLI's flags for a case, each from the schema's flag of the field."""
    args = ["run", "--detector", detector, "--events", K, "--json"]
    for name, value in case.items():
        if name == "steps":
            args += ["--steps", edpd.steps_text(value)]
        else:
            flag = "--lambda" if name == "well_width" else edpd._lib.CONFIG_FIELDS[name]["flag"]
            args += [flag, value]
    return args


def simulation(case, detector):
    c = dict(case)
    return edpd.Simulation(c.pop("scenario"), detector=detector, **c)


@pytest.mark.parametrize("name", CASES)
@pytest.mark.parametrize("detector", edpd.DETECTORS)
def test_the_same_trajectory_as_the_cli(name, detector):
    native = cli(*cli_args(CASES[name], detector))
    with simulation(CASES[name], detector) as sim:
        sim.advance(events=K)
        s = sim.stats
        assert (s["events"], s["collisions"], s["state_hash"]) == (native["events"], native["collisions"], native["state_hash"])
        assert sim.state_hash == native["state_hash"]
        f = sim.first_failure
        if native["first_failure"] is None:
            assert f is None
        else:
            nf = native["first_failure"]
            assert (f["event"], f["time"], f["particles"], f["f"]) == (nf["event"], nf["time"], (nf["particle_a"], nf["particle_b"]), (nf["f0"], nf["f1"], nf["f2"]))
            assert (f["naive"]["answer"], f["naive"]["action"], f["stable"]["answer"]) == (nf["naive_answer"], nf["naive_action"], nf["stable_answer"])


def test_a_golden_hash_of_the_c_tests():
    # tests/c/test_golden.c records this trajectory (elastic 3-D, N = 500, phi = 0.3, seed 13, 3000 events)
    with edpd.Simulation("elastic", n=500, packing_fraction=0.3, seed=13) as sim:
        assert sim.advance(events=3000) == "budget"
        assert sim.state_hash == "80e5ec4be1f59438"


def test_the_papers_granular_gas_halts_where_the_docs_say():
    sim = edpd.Simulation("granular", dim=2, n=2000, packing_fraction=0.6, restitution=0.5, tc=1e-9, detector="naive-halt")
    assert sim.advance(time=20) == "halted"
    assert sim.status == {"state": "halted", "reason": "overlap-approaching", "event": 36855, "time": 11.525246622535553,
                          "particles": (1252, 1162)}
    assert sim.state_hash == "80c8ebdd908a4d97"


def test_arrays_shapes_dtypes_and_fresh_after_advance():
    sim = edpd.Simulation("elastic", n=256, packing_fraction=0.2, seed=3)
    p0, v0 = sim.positions, sim.velocities
    assert p0.shape == (256, 3) and p0.dtype == np.float64 and v0.shape == (256, 3)
    assert sim.diameters.shape == (256,) and np.all(sim.diameters == 1.0) and np.all(sim.masses == 1.0)
    assert sim.overlap_flags.dtype == bool and sim.box.shape == (3,) and sim.periodic.tolist() == [True, True, True]
    # kT = 1 in 3-D: sum of m v^2 / 2 = 3 N / 2
    assert math.isclose(0.5 * np.sum(v0 ** 2), 1.5 * 256, rel_tol=1e-12)
    sim.advance(time=1.0)
    p1 = sim.positions
    assert not np.array_equal(p0, p1)  # not a stale copy
    out = np.empty((256, 3))
    assert sim.get_positions(out) is out and np.array_equal(out, p1)  # filled in place
    with pytest.raises(ValueError, match="out: must be"):
        sim.get_positions(np.empty((255, 3)))
    with pytest.raises(ValueError, match="out: must be"):
        sim.get_velocities(np.empty((256, 3), dtype=np.float32))


def test_a_custom_world_from_arrays_reads_back():
    # two disks of different size and mass in a walled 2-D box under gravity, over a floor
    pos = [[2.0, 1.0, 0.0], [5.0, 3.0, 0.0]]
    vel = [[0.5, 0.0, 0.0], [-0.25, 0.1, 0.0]]
    sim = edpd.custom(pos, vel, box=(10, 10, 1), periodic=(True, False, False), diameters=[1.0, 1.4], masses=[1.0, 2.744],
                      dim=2, planes=[(0, 1, 0, 0, 0.9)], gravity=(0, -1, 0))
    assert np.array_equal(sim.positions, np.array(pos)) and np.array_equal(sim.velocities, np.array(vel))
    assert sim.diameters.tolist() == [1.0, 1.4] and sim.masses.tolist() == [1.0, 2.744]
    assert sim.periodic.tolist() == [True, False, False]
    sim.advance(time=5)
    assert sim.stats["plane_impacts"] > 0
    # an overlapping start is refused by the core's reader, naming what is wrong
    with pytest.raises(ValueError, match="overlap"):
        edpd.custom([[1, 1, 0.5], [1.5, 1, 0.5]], box=(5, 5, 5))
    with pytest.raises(ValueError, match=r"velocities: must have shape \(2, 3\)"):
        edpd.custom([[1, 1, 1], [3, 3, 3]], [[0, 0, 0]], box=(5, 5, 5))


def test_a_saved_state_loads_in_the_cli_with_the_same_hash(tmp_path):
    sim = edpd.Simulation("granular", dim=2, n=400, packing_fraction=0.5, restitution=0.6, seed=12)
    sim.advance(time=3)
    path = tmp_path / "gas.xyz"
    sim.save(path)
    assert [p.name for p in tmp_path.iterdir()] == ["gas.xyz"]  # no temporary file left
    back = edpd.load(path)
    assert np.array_equal(back.positions, sim.positions) and np.array_equal(back.velocities, sim.velocities)
    back.advance(time=2)
    native = cli("run", "--load", path, "--time", 2, "--json")
    assert back.state_hash == native["state_hash"]
    assert back.stats["collisions"] == native["collisions"]


def test_pickled_simulations_travel_to_worker_processes():
    sim = edpd.Simulation("granular", dim=2, n=400, packing_fraction=0.5, restitution=0.6, seed=12, detector="naive-miss")
    sim.advance(time=2)
    twin = pickle.loads(pickle.dumps(sim))
    assert twin.config["detector"] == "naive-miss" and np.array_equal(twin.positions, sim.positions)
    with ProcessPoolExecutor(max_workers=2) as pool:
        remote = pool.submit(_advance_and_hash, pickle.dumps(sim)).result()
    twin.advance(time=1)
    assert remote == twin.state_hash
    thermo = edpd.Simulation("elastic", n=108, thermostat_rate=1.0, bath_temperature=1.0)
    with pytest.raises(ValueError, match="thermostat"):
        pickle.dumps(thermo)


def _advance_and_hash(blob):
    s = pickle.loads(blob)
    s.advance(time=1)
    return s.state_hash


def test_the_event_log_is_the_clis():
    sim = edpd.Simulation("elastic", n=200, packing_fraction=0.3, seed=2)
    log = sim.event_log(events=500)
    assert log.dtype == edpd.EVENT_DTYPE and len(log) == sim.stats["collisions"] > 0
    assert np.all(log["kind"] == 0) and np.all(np.diff(log["time"]) >= 0)
    # the CLI's binary log of the same run, record by record
    path = Path(os.environ.get("TMPDIR", "/tmp")) / f"edpd-pytest-{os.getpid()}.bin"
    subprocess.run([CLI, "run", "--scenario", "elastic", "--n", "200", "--packing-fraction", "0.3", "--seed", "2",
                    "--events", "500", "--event-log", str(path)], check=True, capture_output=True)
    rec = np.dtype([("time", "<f8"), ("a", "<i4"), ("b", "<i4"), ("impulse", "<f8"), ("separation", "<f8"), ("kind", "<u4"), ("zero", "<u4")])
    native = np.fromfile(path, dtype=rec, offset=16)
    path.unlink()
    for k in ("time", "a", "b", "impulse", "separation", "kind"):
        assert np.array_equal(log[k], native[k]), k


@pytest.mark.parametrize("kw, error, pattern", [
    (dict(packing_fraction=0.95), ValueError, r"^packing_fraction: must be a number in \[1e-06, 0\.82\], got 0\.95"),
    (dict(packing_fraction=0.7), ValueError, r"^packing_fraction: must be a number in \[1e-06, 0\.64\) in 3-D"),
    (dict(n=0), ValueError, r"^n: .*\[1, 4194304\]"),
    (dict(restitution=1.5), ValueError, r"^restitution: .*\[0, 1\]"),
    (dict(detector="naive"), ValueError, r"^detector: must be one of stable, naive-halt"),
    (dict(detector=1), TypeError, r"^detector: must be one of"),
    (dict(n="500"), TypeError, r"^n: must be a number, got str"),
    (dict(n=True), TypeError, r"^n: must be a number, got bool"),
    (dict(packing_fractoin=0.3), TypeError, r"^packing_fractoin: not a configuration field"),
    (dict(steps=[(1.5,)]), TypeError, r"^steps: must be a list of \(radius, energy\) pairs"),
    (dict(steps=[(0.9, -1)]), ValueError, r"^steps: "),
])
def test_bad_keywords_raise_naming_the_field(kw, error, pattern):
    with pytest.raises(error, match=pattern):
        edpd.Simulation("granular", **kw)


def test_bad_calls_raise_and_a_destroyed_simulation_says_so():
    with pytest.raises(ValueError, match="scenario: must be one of"):
        edpd.Simulation("custom")
    sim = edpd.Simulation("elastic", n=108)
    with pytest.raises(ValueError, match="advance: give"):
        sim.advance()
    with pytest.raises(ValueError, match="time: must be a finite number >= 0"):
        sim.advance(time=-1)
    with pytest.raises(ValueError, match="events: must be a whole number"):
        sim.advance(events=1.5)
    with pytest.raises(ValueError, match=r"until: the clock to stop at must be within \[-1e\+100, 1e\+100\], got 2e\+100"):
        sim.advance(until=2e100)
    with pytest.raises(ValueError, match="until: the clock to stop at must be within"):
        sim.advance(until=float("nan"))
    sim.close()
    sim.close()  # twice is harmless
    for read in (lambda: sim.positions, lambda: sim.stats, lambda: sim.advance(time=1), lambda: sim.state_hash):
        with pytest.raises(RuntimeError, match="destroyed"):
            read()
    with pytest.raises(ValueError, match=r"state: empty file|line 1"):
        edpd.loads("")
    with pytest.raises(ValueError, match="frame: must be"):
        edpd.loads("1\n\nA 0 0 0\n", frame=-3)


def test_the_library_and_package_versions_are_checked(tmp_path):
    # a package of another version refuses the library at import, naming both
    src = (ROOT / "python" / "edpd").resolve()
    pkg = tmp_path / "edpd"
    pkg.mkdir()
    for f in src.glob("*.py"):
        text = f.read_text()
        if f.name == "_lib.py":
            text = text.replace(f'__version__ = "{edpd.__version__}"', '__version__ = "9.9.9"')
        (pkg / f.name).write_text(text)
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "EDPD_LIBRARY": str(edpd._lib.path)}
    r = subprocess.run(["python3" if not Path("/usr/bin/python3").exists() else "/usr/bin/python3", "-c", "import edpd"],
                       capture_output=True, text=True, env=env)
    assert r.returncode != 0 and f"is version {edpd.__version__}, the package 9.9.9" in r.stderr
    assert edpd._lib.version().decode() == edpd.__version__


def test_a_process_pool_sweep_equals_the_clis_merged_shards(tmp_path):
    files = []
    for i in range(3):
        out = tmp_path / f"shard-{i}.json"
        out.write_text(subprocess.run([CLI, "sweep", "--samples", "3000", "--detector", "naive-halt", "--seed", "5",
                                       "--shard", f"{i}/3", "--json"], check=True, capture_output=True, text=True).stdout)
        files.append(str(out))
    native = json.loads(subprocess.run([CLI, "merge", *files, "--json"], check=True, capture_output=True, text=True).stdout)
    mine = edpd.sweep_parallel(3000, shards=3, processes=2, detector="naive-halt", seed=5)
    for k, v in native.items():
        if k in ("scenario",):
            continue
        got = mine[k]
        if isinstance(v, float) or v is None:
            assert (v is None and math.isnan(got)) or got == v, k
        else:
            assert got == v, k
    assert mine["halted"] > 0 and mine["samples"] == 3000
    # one process, one shard: the same counts
    whole = edpd.sweep(3000, detector="naive-halt", seed=5)
    assert (whole["halted"], whole["collapsed"], whole["events_at_halt_histogram"]) == (mine["halted"], mine["collapsed"], mine["events_at_halt_histogram"])
    with pytest.raises(ValueError, match="merge: samples 1000.. are missing"):
        edpd.merge([edpd.sweep(3000, seed=5, shard=(0, 3)), edpd.sweep(3000, seed=5, shard=(2, 3))])
    with pytest.raises(ValueError, match="another sweep"):
        edpd.merge([edpd.sweep(300, seed=5, shard=(0, 2)), edpd.sweep(300, seed=5, gravity=9.81, shard=(1, 2))])


def test_the_observers_give_the_clis_numbers():
    native = cli("run", "--scenario", "elastic", "--n", 500, "--packing-fraction", 0.3, "--seed", 13, "--time", 5,
                 "--observe", "msd,vacf,gr,speeds,flights", "--sample-dt", 0.05, "--json")
    sim = edpd.Simulation("elastic", n=500, packing_fraction=0.3, seed=13)
    r = edpd.observe(sim, time=5, sample_dt=0.05)
    for k in ("diffusion_msd", "diffusion_msd_error", "diffusion_green_kubo", "contact_gr", "contact_gr_error", "speeds_kt",
              "speeds_chi2", "speeds_dof", "flights_count", "flight_mean"):
        assert r[k] == native["observe"][k], k
    for k in ("msd", "vacf", "gr", "speeds", "flights"):
        assert np.array_equal(r[k], np.array(native["observe"][k])), k
    assert sim.state_hash == native["state_hash"] and r["samples"] == 101
    # g(r) in bins of 0.02 sigma from sigma out to half the box here (6 sigma in a larger one)
    assert r["gr"][0, 0] == pytest.approx(1.01) and np.allclose(np.diff(r["gr"][:, 0]), 0.02)
    assert sim.box[0] / 2 - 0.02 <= r["gr"][-1, 0] + 0.01 <= sim.box[0] / 2
    with pytest.raises(ValueError, match=r"sample_dt: 6 samples .* it takes 16 to 4096"):
        edpd.observe(edpd.Simulation("elastic", n=108), time=1, sample_dt=0.2)


def test_a_compression_jams_as_the_clis_does():
    # --scenario jamming --dim 2 --n 300 --growth-rate 0.002: the same mixture, the same run
    sim = edpd.Simulation("elastic", dim=2, growth_rate=0.002, species=[(150, 1.0, 1.0), (150, 1.4, 1.0)])
    assert sim.advance(until=math.inf) == "jammed"
    assert sim.status["state"] == "jammed"
    cli = json.loads(subprocess.run([str(CLI), "run", "--scenario", "jamming", "--dim", "2", "--n", "300", "--growth-rate", "0.002",
                                     "--json", "--no-progress"], capture_output=True, text=True, check=True).stdout)
    assert sim.stats["packing_fraction_now"] == cli["packing_fraction_now"]
    assert sim.contacts()["mean_contacts"] == cli["contacts"]["mean_contacts"]
    with pytest.raises(TypeError, match="species: gives n itself"):
        edpd.Simulation("elastic", n=10, species=[(5, 1, 1), (5, 1.4, 1)])
    with pytest.raises(ValueError, match="species"):
        edpd.Simulation("elastic", species=[(5, 1, 1), (5, -1, 1)])


def test_a_vibrating_table_as_the_cli_runs_it():
    # the CLI's run and sweep of the same table: locks, take-offs, state hash, and the period-1 and period-2 phases
    sim = edpd.Simulation("bouncing-ball", n=1, plate_offset=0, restitution=0.2,
                          plate_amplitude=0.03292938468375978, plate_frequency=6.283185307179586)
    sim.advance(20)
    cli = json.loads(subprocess.run([str(CLI), "run", "--scenario", "bouncing-ball", "--n", "1", "--plate-offset", "0", "--restitution", "0.2",
                                     "--plate-amplitude", "0.03292938468375978", "--plate-frequency", "6.283185307179586", "--time", "20", "--json"],
                                    capture_output=True, text=True, check=True).stdout)
    assert (sim.stats["plate_locks"], sim.stats["plate_takeoffs"], sim.state_hash) == (cli["plate_locks"], cli["plate_takeoffs"], cli["state_hash"])
    gammas, phases = edpd.table_sweep((1.2, 1.8), 4, transient=400, impacts=16)
    sweep = json.loads(subprocess.run([str(CLI), "sweep", "--scenario", "table", "--gamma", "1.2:1.8", "--samples", "4", "--transient", "400",
                                       "--impacts", "16", "--json"], capture_output=True, text=True, check=True).stdout)
    assert np.array_equal(gammas, sweep["gamma"]) and np.array_equal(phases, np.array(sweep["phases"], dtype=float))
    # Gamma 1.4: the period-1 orbit's phase, acos(pi (1 - e) / (Gamma (1 + e))) / 2 pi
    assert np.allclose(phases[1], np.arccos(np.pi * 0.5 / (1.4 * 1.5)) / (2 * np.pi), atol=1e-9)
    with pytest.raises(ValueError, match=r"impacts: must be a whole number in \[1, 4096\]"):
        edpd.table_sweep((1, 4), 10, impacts=0)


def test_a_shaken_box_as_the_cli_runs_it():
    # the CLI's default shaken box: state hash and the energy's books; a naive bed falls through the floor
    sim = edpd.Simulation("shaken-box", n=200)
    sim.advance(20)
    cli = json.loads(subprocess.run([str(CLI), "run", "--scenario", "shaken-box", "--n", "200", "--time", "20", "--json"],
                                    capture_output=True, text=True, check=True).stdout)
    assert (sim.state_hash, sim.stats["plane_work"], sim.stats["impact_loss"]) == (cli["state_hash"], cli["plane_work"], cli["impact_loss"])
    naive = edpd.Simulation("shaken-box", detector="naive-miss")
    naive.advance(30)
    assert naive.stats["fell_through"] == 231
    with pytest.raises(ValueError, match=r"box_width: must be 0 \(from n\) or at least 5 diameters"):
        edpd.Simulation("shaken-box", box_width=3)


def test_a_built_box_as_the_cli_runs_it():
    # the app's builder as Python keywords: a walled mixture with an intruder under tilted gravity,
    # the same state hash as the CLI's line; a box that cannot be built is refused by field
    sim = edpd.Simulation("box", species=[(120, 1, 1), (40, 1.5, 3.375)], intruder_diameter=3, walls="xy", gravity=1,
                          gravity_angle=20, start="random", restitution=0.9, tc=1e-3, wall_restitution=0.8)
    sim.advance(5)
    cli = json.loads(subprocess.run([str(CLI), "run", "--scenario", "box", "--species", "120 1 1; 40 1.5 3.375", "--intruder", "3", "--walls", "xy",
                                     "--gravity", "1", "--gravity-angle", "20", "--start", "random", "--restitution", "0.9", "--tc", "1e-3",
                                     "--wall-restitution", "0.8", "--time", "5", "--json"], capture_output=True, text=True, check=True).stdout)
    assert (sim.n, sim.state_hash) == (161, cli["state_hash"])
    with pytest.raises(ValueError, match=r"gravity: g = 1 pulls along y, which has no walls"):
        edpd.Simulation("box", walls="x", gravity=1)
    with pytest.raises(ValueError, match=r"start: must be one of lattice, random, layered"):
        edpd.Simulation("box", start="heap")


def test_each_wall_its_restitution():
    # a sticky floor under elastic side walls: the planes carry what was given; the CLI's hash
    sim = edpd.Simulation("box", gravity=1, wall_restitutions=[1, 1, 0.3, 1], restitution=0.9, tc=1e-3)
    sim.advance(3)
    cli = json.loads(subprocess.run([str(CLI), "run", "--scenario", "box", "--gravity", "1", "--wall-restitutions", "1 1 0.3 1", "--restitution", "0.9",
                                     "--tc", "1e-3", "--time", "3", "--json"], capture_output=True, text=True, check=True).stdout)
    assert sim.state_hash == cli["state_hash"]
    with pytest.raises(ValueError, match=r"wall_restitutions: give 4 numbers in 2-D"):
        edpd.Simulation("box", wall_restitutions=[1, 1, 0.3])
