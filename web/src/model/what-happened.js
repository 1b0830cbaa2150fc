// What happened in each pane, in a sentence a student can follow: why a naive detector stopped or
// went wrong, and what the stable one did instead (the paper's Sects. 3-5). Each scenario tells
// its own (its `story`: scenarios/stories.js for the gases and the ball); the view shows it under
// the counters and as the badge's tooltip. Plain module, no DOM.
import { scenarioOf } from '../scenarios/index.js';

/** One sentence for pane (detector, frame) of a run with state, or null while nothing notable happened. */
export function paneStory(state, detector, frame) {
  return frame ? scenarioOf(state.scenario).story(detector, frame, state) : null;
}
