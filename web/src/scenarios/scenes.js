// How each kind of scenario is drawn, by the `view` its module names (split-view.js asks here):
// the meshes beside the particles, and the camera that fits them. Three.js: for the page only
// (the scenario modules themselves stay free of it, for the workers and the tests).
import { gasScene } from './gas-scene.js';
import { ballsScene } from './balls-scene.js';

const SCENES = Object.freeze({ gas: gasScene, balls: ballsScene });

export function sceneOf(view) {
  const scene = SCENES[view];
  if (!scene) throw new Error(`view: unknown kind ${JSON.stringify(view)} (one of ${Object.keys(SCENES).join(', ')})`);
  return scene;
}
