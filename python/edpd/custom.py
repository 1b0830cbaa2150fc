"""A custom world from numpy arrays: positions and velocities, optional per-particle diameters
and masses, a box with periodic or walled axes, planes, gravity. The arrays become a state file
(extended XYZ, every number exact through repr) that the core's reader checks as it checks any
file, so a custom world has the reader's refusals and no layout of the C structs is restated."""
import numpy as np

from .simulation import loads, steps_text


def _rows(name, a, n, width):
    a = np.asarray(a, dtype=np.float64)
    want = (n, width) if width > 1 else (n,)
    if a.shape != want:
        raise ValueError(f"{name}: must have shape {want}, got {a.shape}")
    if not np.all(np.isfinite(a)):
        raise ValueError(f"{name}: must be finite numbers")
    return a.reshape(n, width)


def _exact(x):
    return repr(float(x))


def custom(positions, velocities=None, *, box, periodic=(True, True, True), diameters=None, masses=None, dim=3,
           planes=(), gravity=(0.0, 0.0, 0.0), restitution=1.0, tc=0.0, time=0.0, potential=None, detector="stable",
           neighbours="auto"):
    """A simulation of the given particles. box: the edges (Lx, Ly, Lz), from the origin;
    periodic: per axis; planes: (nx, ny, nz, offset, restitution) walls every particle meets
    (n.r = offset + diameter/2 at contact); gravity: (gx, gy, gz); potential: None (hard spheres),
    ("square-well", lambda, depth) or ("steps", [(radius, energy), ...])."""
    p = np.asarray(positions, dtype=np.float64)
    if p.ndim != 2 or p.shape[1] != 3 or p.shape[0] < 1:
        raise ValueError(f"positions: must have shape (N, 3) with N >= 1, got {p.shape}")
    n = p.shape[0]
    p = _rows("positions", p, n, 3)
    v = np.zeros((n, 3)) if velocities is None else _rows("velocities", velocities, n, 3)
    cols = [p, v]
    props = "species:S:1:pos:R:3:velo:R:3"
    if diameters is not None:
        cols.append(_rows("diameters", diameters, n, 1) / 2.0)
        props += ":radius:R:1"
    if masses is not None:
        cols.append(_rows("masses", masses, n, 1))
        props += ":mass:R:1"
    L = _rows("box", box, 3, 1).ravel()
    per = [bool(x) for x in periodic]
    if len(per) != 3:
        raise ValueError(f"periodic: must be three booleans, got {periodic!r}")
    if dim not in (2, 3):
        raise ValueError(f"dim: must be 2 or 3, got {dim!r}")
    g = _rows("gravity", gravity, 3, 1).ravel()
    head = [f'Lattice="{_exact(L[0])} 0 0 0 {_exact(L[1])} 0 0 0 {_exact(L[2])}"',
            'pbc="' + " ".join("T" if x else "F" for x in per) + '"', f"Properties={props}", f"dim={dim}",
            f"Time={_exact(time)}", f"restitution={_exact(restitution)}", f"tc={_exact(tc)}"]
    if np.any(g != 0):
        head.append('gravity="' + " ".join(_exact(x) for x in g) + '"')
    planes = [tuple(pl) for pl in planes]
    if planes:
        for pl in planes:
            if len(pl) != 5:
                raise ValueError(f"planes: each must be (nx, ny, nz, offset, restitution), got {pl!r}")
        head.append('planes="' + "; ".join(" ".join(_exact(x) for x in pl) for pl in planes) + '"')
    if potential is not None:
        kind = potential[0] if isinstance(potential, (tuple, list)) and potential else None
        if kind == "square-well" and len(potential) == 3:
            head.append(f"potential=square-well well_width={_exact(potential[1])} well_depth={_exact(potential[2])}")
        elif kind == "steps" and len(potential) == 2:
            head.append(f'potential=steps steps="{steps_text(potential[1])}"')
        else:
            raise ValueError(f'potential: must be None, ("square-well", lambda, depth) or ("steps", [(radius, energy), ...]), got {potential!r}')
    table = np.hstack(cols)
    lines = [str(n), " ".join(head)]
    lines += ["A " + " ".join(_exact(x) for x in row) for row in table]
    return loads("\n".join(lines) + "\n", detector=detector, neighbours=neighbours, name="custom")
