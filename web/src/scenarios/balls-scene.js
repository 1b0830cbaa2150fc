// How bouncing balls are drawn (view/split-view.js draws both panes): a plate under each row of
// balls (model/ball-layout.js places them), seen from the side. The scenarios' `view: 'balls'`
// (scenes.js).
import * as THREE from 'three';
import { ballGrid, BALL_SPACING, ROW_HEIGHT } from '../model/ball-layout.js';

/** The meshes beside the balls, in the scene's colours: the plates. */
function extras({ n }, colors) {
  const { cols, rows } = ballGrid(n);
  const width = BALL_SPACING * cols;
  const out = [];
  for (let r = 0; r < rows; r++) {
    const plate = new THREE.Mesh(new THREE.BoxGeometry(width, 1.2, 0.06), new THREE.MeshStandardMaterial({ color: colors.plate, roughness: 0.8 }));
    plate.position.set(width / 2 - 1, 0, -0.03 - ROW_HEIGHT * r);
    plate.userData.restZ = plate.position.z;  // a vibrating table moves it (frame.plateShift)
    out.push(plate);
  }
  return out;
}

/** Where the camera looks from: the rows fit the pane, the narrower of the two fields of view deciding. */
function frame({ n }, cam) {
  const { cols, rows } = ballGrid(n);
  const width = BALL_SPACING * cols, height = ROW_HEIGHT * rows;
  const center = new THREE.Vector3(width / 2 - 1, 0, n > 1 ? 1 - height / 2 - 0.25 : 0.6);
  const tan = Math.tan((cam.fov * Math.PI) / 360);
  const dist = Math.max(7, 1.05 * Math.max(width / (2 * tan * Math.max(0.2, cam.aspect)), height / (2 * tan)));
  return { center, dist, dir: new THREE.Vector3(0, -1, 0.12).normalize(), up: new THREE.Vector3(0, 0, 1) };
}

// every ball is in view already: nothing to zoom to
export const ballsScene = { extras, frame, zoomable: false };
