// How a gas is drawn (view/split-view.js draws both panes): its box's edges, the planes it meets
// and each ball's own plate in a state file of a ball array, and the camera that fits the box
// (turned a little in 3-D, from above in 2-D). The scenarios' `view: 'gas'` (scenes.js).
import * as THREE from 'three';

/** The meshes beside the particles, in the scene's colours. */
function extras({ box, dim, planes, plates }, colors) {
  const size = dim === 2 ? [box[0], box[1], 0.02] : box;
  const edges = new THREE.LineSegments(new THREE.EdgesGeometry(new THREE.BoxGeometry(...size)), new THREE.LineBasicMaterial({ color: colors.box }));
  edges.position.set(box[0] / 2, box[1] / 2, dim === 2 ? 0 : box[2] / 2);
  const out = [edges];
  // in 3-D a still wall on a face of the box is drawn by the box's edges alone: a translucent
  // square on each face of a walled box hides what is inside
  for (const pl of planes) if (dim === 2 || pl.amplitude || !onFace(pl, box)) out.push(planeMesh(pl, box, dim, colors));
  if (plates.length) out.push(platesMesh(plates, dim, colors));  // each ball's own plate
  return out;
}

/** Whether a plane is a face of the box: its normal along an axis, at 0 or at the box's edge. */
function onFace({ normal, offset }, box) {
  const axis = normal.findIndex((x) => Math.abs(x) === 1);
  return axis >= 0 && (offset === 0 || Math.abs(offset) === box[axis]);
}

/** A plane n·r = offset as a translucent square through the box, centred where the box's centre
 * projects onto it (in 2-D a wall line, thin across it); an oscillating one where it is at t = 0
 * less its swing, offset(t) = offset + amplitude sin(angularFrequency t + phase). */
function planeMesh({ normal, offset, amplitude = 0, angularFrequency, phase }, box, dim, colors) {
  const c = new THREE.Vector3(box[0] / 2, box[1] / 2, dim === 2 ? 0 : box[2] / 2);
  const nrm = new THREE.Vector3(...normal);
  // a plane along the box's axes covers the box's face; a tilted one a square of the diagonal
  const axis = normal.findIndex((x) => Math.abs(x) === 1);
  const other = [0, 1, 2].filter((a) => a !== axis);
  const size = axis >= 0 ? Math.max(box[other[0]], box[other[1]]) : Math.hypot(box[0], box[1], dim === 2 ? 0 : box[2]);
  // an oscillating plane (a shaken floor) is a slab half a diameter thick below its surface, so
  // that its motion shows
  const thick = amplitude ? 0.5 : 0.06;
  const geo = dim === 2 ? new THREE.PlaneGeometry(size, thick).translate(0, -thick / 2 + 0.03, 0) : new THREE.PlaneGeometry(size, size);
  const mesh = new THREE.Mesh(geo, new THREE.MeshBasicMaterial({ color: colors.plate, transparent: true, opacity: dim === 2 ? 0.9 : 0.45, side: THREE.DoubleSide, depthWrite: false }));
  // a 2-D plane is a wall line in the xy plane: its quad lies along the line, facing the camera (z)
  if (dim === 2) mesh.quaternion.setFromUnitVectors(new THREE.Vector3(0, 1, 0), nrm);
  else mesh.quaternion.setFromUnitVectors(new THREE.Vector3(0, 0, 1), nrm);
  mesh.position.copy(c).addScaledVector(nrm, offset - nrm.dot(c));
  // an oscillating plane (a shaken box's floor) is moved to each frame's time (split-view.js)
  if (amplitude) mesh.userData.oscillation = { rest: mesh.position.clone(), normal: nrm, amplitude, angularFrequency, phase };
  return mesh;
}

/** Every ball's own plate ({ normal, at, size }) as one instanced mesh: a square of its size at its
 * point (in 2-D a line), one draw call however many balls a state file holds. */
function platesMesh(plates, dim, colors) {
  const mesh = new THREE.InstancedMesh(new THREE.PlaneGeometry(1, 1),
    new THREE.MeshBasicMaterial({ color: colors.plate, transparent: true, opacity: 0.9, side: THREE.DoubleSide, depthWrite: false }), plates.length);
  const m = new THREE.Matrix4(), q = new THREE.Quaternion(), at = new THREE.Vector3(), scale = new THREE.Vector3();
  const facing = dim === 2 ? new THREE.Vector3(0, 1, 0) : new THREE.Vector3(0, 0, 1);
  plates.forEach(({ normal, at: x, size }, k) => {
    q.setFromUnitVectors(facing, new THREE.Vector3(...normal));
    scale.set(size, dim === 2 ? 0.06 : size, 1);
    mesh.setMatrixAt(k, m.compose(at.set(...x), q, scale));
  });
  mesh.instanceMatrix.needsUpdate = true;
  mesh.computeBoundingSphere();
  return mesh;
}

/** Where the camera looks from: the box fits a pane, the narrower of the two fields of view deciding. */
function frame({ box, dim }, cam) {
  const center = new THREE.Vector3(box[0] / 2, box[1] / 2, dim === 2 ? 0 : box[2] / 2);
  const tan = Math.tan((cam.fov * Math.PI) / 360);
  const aspect = Math.max(0.2, cam.aspect);
  const w = dim === 2 ? box[0] : Math.hypot(box[0], box[1]);
  const h = dim === 2 ? box[1] : Math.hypot(box[2], box[1] * 0.6);
  const dist = 1.08 * Math.max(w / (2 * tan * aspect), h / (2 * tan)) + (dim === 2 ? 0 : box[2] / 2);
  const dir = dim === 2 ? new THREE.Vector3(0, 0, 1) : new THREE.Vector3(0.55, -1, 0.6).normalize();
  const up = dim === 2 ? new THREE.Vector3(0, 1, 0) : new THREE.Vector3(0, 0, 1);
  return { center, dist, dir, up };
}

// a failure among thousands of particles is two dots: the view can zoom to it
export const gasScene = { extras, frame, zoomable: true };
