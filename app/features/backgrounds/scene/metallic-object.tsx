import { useFrame } from '@react-three/fiber';
import { useRef } from 'react';
import type { Mesh } from 'three';
import { damp, stepOf } from './motion.ts';
import { SCENE_COLORS } from './scene-colors.ts';

/** The knot's outer radius at scale 1 (1.5 × its radius of 1, plus the tube), in world units. */
const OBJECT_RADIUS = 1.85;
/** Space kept between the object and the edge of the view, in world units. */
const EDGE_MARGIN = 0.4;

export interface MetallicObjectProps {
  /** How metallic the surface is, from 0 to 1; default 1. */
  metalness?: number;
  /** How rough the surface is, from 0 (mirror) to 1; default 0.25. */
  roughness?: number;
  /** The metal's tint; default the dark scheme's (`SCENE_COLORS`), a cool blue steel. */
  color?: string;
}

/**
 * A polished metal knot that floats, turns slowly and wanders through the right part of the
 * view. Its path is worked out from the visible area each frame, so resizing the window keeps
 * it in view (it glides back rather than jumping). Lit by the scene's environment.
 */
export function MetallicObject({
  metalness = 1,
  roughness = 0.25,
  color = SCENE_COLORS.dark.metal,
}: MetallicObjectProps) {
  const mesh = useRef<Mesh>(null);
  const time = useRef(0);

  useFrame((state, delta) => {
    const object = mesh.current;
    if (!object) return;
    const step = stepOf(delta);
    const t = (time.current += step);
    const { width, height } = state.viewport;

    // Sized to the narrow side of the view, within bounds.
    const scale = Math.min(1, Math.max(0.35, Math.min(width, height) * 0.09));
    const radius = OBJECT_RADIUS * scale;
    const limitX = Math.max(0, width / 2 - radius - EDGE_MARGIN);
    const limitY = Math.max(0, height / 2 - radius - EDGE_MARGIN);

    // Mostly on the right, where it competes least with the text; a slow Lissajous wander.
    const wanderX = limitX * (0.55 + 0.35 * Math.sin(t * 0.071));
    const wanderY = limitY * 0.55 * Math.sin(t * 0.053 + 1.2) + Math.sin(t * 0.9) * 0.12;
    const targetX = Math.min(limitX, Math.max(-limitX, wanderX));
    const targetY = Math.min(limitY, Math.max(-limitY, wanderY));

    object.position.x = damp(object.position.x, targetX, 1.5, step);
    object.position.y = damp(object.position.y, targetY, 1.5, step);
    object.scale.setScalar(damp(object.scale.x, scale, 1.5, step));
    object.rotation.x += step * 0.11;
    object.rotation.y += step * 0.17;
  });

  return (
    <mesh ref={mesh} scale={0.0001}>
      <torusKnotGeometry args={[1, 0.3, 200, 24]} />
      <meshStandardMaterial color={color} metalness={metalness} roughness={roughness} />
    </mesh>
  );
}
