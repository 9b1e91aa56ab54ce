import { PMREMGenerator, type WebGLRenderer, type WebGLRenderTarget } from 'three';
import { RoomEnvironment } from 'three/addons/environments/RoomEnvironment.js';

/** Edge length of each face of the prefiltered environment, in pixels. */
const ENVIRONMENT_SIZE = 64;

/**
 * three's generator never prefilters at less than 256 px a face, which costs 100 million GGX
 * samples: nothing for a desktop GPU, a noticeable hitch for a weak one and seconds for a
 * software renderer. A small, fairly rough object looks the same with 64 px faces (compared
 * side by side) at a fifth of the work.
 */
class CompactPMREMGenerator extends PMREMGenerator {
  // Replaces the generator's internal `_setSize` (three r187), which picks the face size. If a
  // later three renames it, this is simply never called and the default size applies.
  _setSize(): void {
    (this as unknown as { _cubeSize: number })._cubeSize = ENVIRONMENT_SIZE;
  }
}

/**
 * Image-based lighting made in code: three's RoomEnvironment (a lit room of boxes) prefiltered
 * for PBR materials. Nothing is fetched (the page's CSP allows no such request anyway). Bake it
 * again after a lost context comes back: the GPU's copy went with the context.
 */
export function bakeRoomEnvironment(renderer: WebGLRenderer): WebGLRenderTarget {
  const generator = new CompactPMREMGenerator(renderer);
  const room = new RoomEnvironment();
  // No extra blur: the material's roughness already reads the softer levels.
  const target = generator.fromScene(room, 0);
  room.dispose();
  generator.dispose();
  return target;
}
