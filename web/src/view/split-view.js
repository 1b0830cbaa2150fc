// One WebGL renderer split into two viewports (scissor), one shared camera with OrbitControls:
// left (or, in portrait, above) the naive pane, right (below) the stable pane. Particles are
// InstancedMesh spheres, or above IMPOSTORS_ABOVE sphere impostors. In a pane that has failed
// (model/verdict.js) the particles involved — the halted pair, overlapping particles, a failed
// ball — take the failure colour; a pane that runs fine shows no overlap colour, since its
// overlaps are rounding that the stable rule resolves.
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { sceneOf } from '../scenarios/scenes.js';
import { palette } from './theme.js';
import { failedPair } from '../model/failure-site.js';

/** The scene's colours from the theme (view/theme.js): panes (naive, stable), overlap, failure, plate, box. */
function sceneColors() {
  const s = palette().scene;
  return {
    background: s.background,
    base: s.panes.map((c) => new THREE.Color(c)),
    overlap: new THREE.Color(s.overlap),
    failure: new THREE.Color(s.failure),
    plate: new THREE.Color(s.plate),
    box: new THREE.Color(s.box),
  };
}

// Above this many particles per pane each particle is a sphere impostor: one point sprite, shaded
// as a ball of diameter 1 (sigma) in its fragment shader, instead of an icosahedron. Measured with
// bench/render-time.mjs (Chromium's software renderer, both panes, render and read back): N = 2000
// in 3-D 40 ms as impostors, 1.1 s as meshes of 320 triangles; N = 10^5, 0.55 s against 8.1 s
// with 20-triangle meshes; N = 300 (the shaken box), 8 ms against 176 ms. Hard spheres do not
// intersect, so an impostor's flat depth shows the same picture; the few-ball scenarios (one ball,
// the ball array's 100) keep meshes and their specular light.
const IMPOSTORS_ABOVE = 100;
const IMPOSTOR_VERTEX = `
  attribute vec3 pcolor;
  attribute float psize; // the particle's diameter (1 but in a state file with radii)
  uniform float scale;   // pixels per unit length at unit depth
  varying vec3 vColor;
  void main() {
    vColor = pcolor;
    vec4 mv = modelViewMatrix * vec4(position, 1.0);
    gl_Position = projectionMatrix * mv;
    gl_PointSize = max(1.0, psize * scale / -mv.z);  // the GPU caps it (often 1024 px): a ball zoomed past that shrinks
  }`;
const IMPOSTOR_FRAGMENT = `
  varying vec3 vColor;
  void main() {
    vec2 q = gl_PointCoord * 2.0 - 1.0;
    float r2 = dot(q, q);
    if (r2 > 1.0) discard;
    vec3 normal = vec3(q.x, -q.y, sqrt(1.0 - r2));
    float light = 0.3 + 0.85 * max(dot(normal, normalize(vec3(0.35, 0.55, 0.75))), 0.0);
    gl_FragColor = vec4(min(vColor * light, 1.0), 1.0);
    #include <colorspace_fragment>
  }`;

function makeSpheres(n, color) {
  const detail = n > 20000 ? 0 : n > 3000 ? 1 : n > 200 ? 2 : 3;  // meshes: few balls by default
  const geo = new THREE.IcosahedronGeometry(0.5, detail);
  const mat = new THREE.MeshStandardMaterial({ roughness: 0.55, metalness: 0.05 });
  const mesh = new THREE.InstancedMesh(geo, mat, n);
  mesh.instanceMatrix.setUsage(THREE.DynamicDrawUsage);
  for (let i = 0; i < n; i++) mesh.setColorAt(i, color);
  return mesh;
}

function makeImpostors(n, color, diameters) {
  const geo = new THREE.BufferGeometry();
  const pos = new THREE.BufferAttribute(new Float32Array(3 * n), 3).setUsage(THREE.DynamicDrawUsage);
  const col = new THREE.BufferAttribute(new Float32Array(3 * n), 3).setUsage(THREE.DynamicDrawUsage);
  for (let i = 0; i < n; i++) col.setXYZ(i, color.r, color.g, color.b);
  geo.setAttribute('position', pos);
  geo.setAttribute('pcolor', col);
  geo.setAttribute('psize', new THREE.BufferAttribute(diameters ? Float32Array.from(diameters) : new Float32Array(n).fill(1), 1));
  const mat = new THREE.ShaderMaterial({
    uniforms: { scale: { value: 1 } }, vertexShader: IMPOSTOR_VERTEX, fragmentShader: IMPOSTOR_FRAGMENT,
  });
  return new THREE.Points(geo, mat);
}

export class SplitView {
  constructor(container) {
    this.container = container;
    this.renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    this.renderer.setScissorTest(true);
    this.colors = sceneColors();
    this.renderer.setClearColor(this.colors.background);
    this.canvas = this.renderer.domElement;
    this.canvas.setAttribute('aria-label', 'Particles: naive detector on the left, stable detector on the right');
    this.canvas.tabIndex = 0;
    container.appendChild(this.canvas);
    this.camera = new THREE.PerspectiveCamera(40, 1, 0.01, 1e5);
    this.controls = new OrbitControls(this.camera, this.canvas);
    this.controls.enableDamping = false;
    this.dirty = true;
    this.controls.addEventListener('change', () => { this.dirty = true; });
    this.panes = [0, 1].map((k) => this.makePane(k));
    this.impostorsAbove = IMPOSTORS_ABOVE;  // bench/render-time.mjs compares both ways
    this.dummy = new THREE.Matrix4();
    this.resize = this.resize.bind(this);
    new ResizeObserver(this.resize).observe(container);
    this.resize();
    // A GPU reset (a driver update; the watchdog of a busy software renderer) loses the context, and
    // three.js restores it with default state: black clear colour, no scissor (one pane would wipe the other).
    this.lost = false;  // nothing can be drawn until restored
    this.canvas.addEventListener('webglcontextlost', () => { this.lost = true; });
    this.canvas.addEventListener('webglcontextrestored', () => {
      this.lost = false;
      this.renderer.setScissorTest(true);
      this.renderer.setClearColor(this.colors.background);
      this.dirty = true;
    });
  }

  makePane(k) {
    const scene = new THREE.Scene();
    scene.add(new THREE.HemisphereLight(0xffffff, 0x334466, 1.6));
    const sun = new THREE.DirectionalLight(0xffffff, 1.6);
    sun.position.set(1, -2, 3);
    scene.add(sun);
    return { k, scene, mesh: null, extras: [] };
  }

  /** A new run: its scenario's view (scenes.js: 'gas' or 'balls'), n particles, box edges, dim,
   * the particles' diameters (null: all 1) and the planes they meet (a state file's); its meshes,
   * the camera fitted to it. */
  setup({ kind, n, box, dim, diameters = null, planes = [], plates = [], species = null, speciesColors = null }) {
    this.lastSetup = { kind, n, box, dim, diameters, planes, plates, species, speciesColors };  // what resize() re-fits and rebuild() rebuilds
    // a built experiment's species in their own colours (both panes alike), instead of the pane's
    this.speciesColor = species && speciesColors ? speciesColors.map((c) => new THREE.Color(c)) : null;
    this.buildMeshes();
    this.fit(this.lastSetup);
    this.zoomed = false;
    this.dirty = true;
  }

  /** The particles, box edges or plates of the current run, in the current colours and drawing. */
  buildMeshes() {
    const { kind, n, diameters } = this.lastSetup;
    for (const p of this.panes) {
      if (p.mesh) { p.scene.remove(p.mesh); p.mesh.geometry.dispose(); p.mesh.material.dispose(); }
      for (const x of p.extras) { p.scene.remove(x); x.geometry?.dispose(); x.material?.dispose(); }
      p.extras = [];
      const mesh = n > this.impostorsAbove ? makeImpostors(n, this.colors.base[p.k], diameters) : makeSpheres(n, this.colors.base[p.k]);
      mesh.frustumCulled = false;
      p.n = n;
      p.diameters = diameters;
      p.mesh = mesh;
      p.scene.add(mesh);
      p.extras = sceneOf(kind).extras(this.lastSetup, this.colors);
      for (const x of p.extras) p.scene.add(x);
    }
  }

  fit({ kind, n, box, dim }) {
    const cam = this.camera;
    const { center, dist, dir, up } = sceneOf(kind).frame({ n, box, dim }, cam);
    cam.up.copy(up);
    cam.position.copy(center).addScaledVector(dir, dist);
    cam.near = dist / 1000;
    cam.far = dist * 100;
    cam.updateProjectionMatrix();
    this.controls.target.copy(center);
    this.controls.update();
  }

  /** Look at point from `dist` away, keeping the direction the user has turned the camera to. The
   * near plane cuts the gas `depth` (a diameter) in front of the point, so that in 3-D the particles
   * between the camera and a pair inside the box do not hide it (a cutaway). */
  focus(point, dist, depth = 1) {
    const cam = this.camera, target = new THREE.Vector3(...point);
    const dir = cam.position.clone().sub(this.controls.target).normalize();
    cam.position.copy(target).addScaledVector(dir, dist);
    cam.near = Math.max(0.01 * depth, dist - depth);
    cam.updateProjectionMatrix();
    this.controls.target.copy(target);
    this.controls.update();
    this.zoomed = true;
    this.dirty = true;
  }

  /** The whole box (or row of balls) again. */
  fitAll() {
    if (this.lastSetup) this.fit(this.lastSetup);
    this.zoomed = false;
    this.dirty = true;
  }

  /** Draw a pane's frame: positions (Float32Array), flags (1 overlaps, 2 a failed ball), failure
   * pair; failed: the pane's verdict is failed, so that its overlaps are drawn as failures. */
  update(k, frame, { failed = false } = {}) {
    const p = this.panes[k];
    if (!p.mesh || !frame) return;
    p.lastFrame = frame;
    p.lastFailed = failed;
    if (frame.plateShift != null) for (const x of p.extras) if (x.userData.restZ !== undefined) x.position.z = x.userData.restZ + frame.plateShift;
    for (const x of p.extras) {  // an oscillating plane, where it is at the frame's time
      const o = x.userData.oscillation;
      if (o) x.position.copy(o.rest).addScaledVector(o.normal, o.amplitude * Math.sin(o.angularFrequency * frame.time + o.phase));
    }
    const pos = frame.positions;
    const n = Math.min(p.n, pos.length / 3);
    if (frame.diameters) {  // a compression's: they grow
      p.diameters = frame.diameters;
      if (p.mesh.isPoints) { p.mesh.geometry.attributes.psize.array.set(frame.diameters.subarray(0, n)); p.mesh.geometry.attributes.psize.needsUpdate = true; }
    }
    this.drawContacts(p, frame);
    const rattler = frame.contacts ? (i) => frame.contacts.counts[i] === 0 : () => false;
    const failure = failedPair(frame, failed);  // the pair the failure is about (model/failure-site.js)
    const C = this.colors;
    const sp = this.speciesColor ? this.lastSetup.species : null;
    const own = sp ? (i) => this.speciesColor[Math.min(sp[i], this.speciesColor.length - 1)] : () => C.base[k];
    const colorOf = (i) => (failure && (failure[0] === i || failure[1] === i) ? C.failure
      : frame.flags[i] === 2 ? C.failure : frame.flags[i] && failed ? C.failure : rattler(i) ? C.box : own(i));
    if (p.mesh.isPoints) {
      const at = p.mesh.geometry.attributes;
      at.position.array.set(pos.subarray(0, 3 * n));
      for (let i = 0; i < n; i++) { const c = colorOf(i); at.pcolor.setXYZ(i, c.r, c.g, c.b); }
      at.position.needsUpdate = true;
      at.pcolor.needsUpdate = true;
      return;
    }
    const d = p.diameters;
    for (let i = 0; i < n; i++) {
      if (d) this.dummy.makeScale(d[i], d[i], d[i]).setPosition(pos[3 * i], pos[3 * i + 1], pos[3 * i + 2]);
      else this.dummy.makeTranslation(pos[3 * i], pos[3 * i + 1], pos[3 * i + 2]);
      p.mesh.setMatrixAt(i, this.dummy);
      p.mesh.setColorAt(i, colorOf(i));
    }
    p.mesh.instanceMatrix.needsUpdate = true;
    if (p.mesh.instanceColor) p.mesh.instanceColor.needsUpdate = true;
  }

  /** A jammed packing's contact network (frame.contacts: pairs of non-rattlers) as lines between
   * the centres, above the disks in 2-D; a pair across a periodic edge is left out (its line would
   * cross the box). */
  drawContacts(p, frame) {
    if (p.contacts) { p.scene.remove(p.contacts); p.contacts.geometry.dispose(); p.contacts.material.dispose(); p.contacts = null; }
    const c = frame.contacts, pos = frame.positions, d = frame.diameters;
    if (!c || !d) return;
    const lift = frame.dim === 2 ? 0.75 * d.reduce((a, b) => Math.max(a, b), 0) : 0, xyz = [];  // no spread: 10⁵ arguments overflow the stack
    for (let k = 0; k < c.pairs.length; k += 2) {
      const i = c.pairs[k], j = c.pairs[k + 1], reach = 0.51 * (d[i] + d[j]);
      const dx = pos[3 * i] - pos[3 * j], dy = pos[3 * i + 1] - pos[3 * j + 1], dz = pos[3 * i + 2] - pos[3 * j + 2];
      if (dx * dx + dy * dy + dz * dz > reach * reach) continue;
      xyz.push(pos[3 * i], pos[3 * i + 1], pos[3 * i + 2] + lift, pos[3 * j], pos[3 * j + 1], pos[3 * j + 2] + lift);
    }
    const geo = new THREE.BufferGeometry();
    geo.setAttribute('position', new THREE.Float32BufferAttribute(xyz, 3));
    p.contacts = new THREE.LineSegments(geo, new THREE.LineBasicMaterial({ color: this.colors.base[p.k].clone().lerp(new THREE.Color(0x000000), 0.6) }));
    p.scene.add(p.contacts);
  }

  resize() {
    const w = Math.max(2, this.container.clientWidth);
    const h = Math.max(2, this.container.clientHeight);
    this.renderer.setSize(w, h, false);
    // portrait: one pane above the other, each as wide as the stage
    const stacked = h > 1.1 * w;
    if (stacked !== this.stacked) {
      this.stacked = stacked;
      this.canvas.setAttribute('aria-label', `Particles: naive detector ${stacked ? 'above' : 'on the left'}, stable detector ${stacked ? 'below' : 'on the right'}`);
      this.onLayout?.(stacked);
    }
    this.camera.aspect = stacked ? w / (h / 2) : (w / 2) / h;
    this.camera.updateProjectionMatrix();
    // refit the whole box to the new size; a zoom to a failure stays where it is (a theme switch
    // that widens the side panel must not lose it)
    if (this.lastSetup && !this.zoomed) this.fit(this.lastSetup);
    this.render();
  }

  render() {
    this.dirty = false;
    const w = this.container.clientWidth, h = this.container.clientHeight;
    const half = Math.floor(w / 2), halfH = Math.floor(h / 2);
    // an impostor of diameter 1 at depth z spans scale / z pixels (the projection's vertical scale)
    const scale = ((this.stacked ? halfH : h) * this.renderer.getPixelRatio()) / (2 * Math.tan((this.camera.fov * Math.PI) / 360));
    this.panes.forEach((p, k) => {
      if (p.mesh && p.mesh.isPoints) p.mesh.material.uniforms.scale.value = scale;
      // viewports count from the bottom: the naive pane (k = 0) is the upper one when stacked
      const [x, y, vw, vh] = this.stacked ? [0, (1 - k) * halfH, w, halfH] : [k * half, 0, half, h];
      this.renderer.setViewport(x, y, vw, vh);
      this.renderer.setScissor(x, y, vw, vh);
      this.renderer.render(p.scene, this.camera);
    });
  }

  /** The theme's colours (view/theme.js) for the background and a rebuild of the particles. */
  applyTheme() {
    this.colors = sceneColors();
    this.renderer.setClearColor(this.colors.background);
    this.rebuild();
  }

  /** Rebuilds the particles (after impostorsAbove or the colours changed) and redraws the last
   * frames; the camera stays as the user left it (turned, or zoomed to a failure). */
  rebuild() {
    if (!this.lastSetup) return;
    const frames = this.panes.map((p) => p.lastFrame);
    this.buildMeshes();
    frames.forEach((f, k) => this.update(k, f, { failed: this.panes[k].lastFailed }));
    this.dirty = true;
  }

  toPNG() { this.render(); return this.canvas.toDataURL('image/png'); }
}
