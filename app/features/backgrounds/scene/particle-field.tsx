import { useFrame } from '@react-three/fiber';
import { useMemo, useRef } from 'react';
import {
  AddEquation,
  CustomBlending,
  OneFactor,
  OneMinusSrcAlphaFactor,
  type Group,
  type ShaderMaterial,
  type ShaderMaterialParameters,
} from 'three';
import { damp, stepOf, type PointerPosition } from './motion.ts';
import { PARTICLE_PALETTE_SIZE, SCENE_COLORS } from './scene-colors.ts';

/** How many particles drift in the field. */
export const PARTICLE_COUNT = 3000;

/** Half the field's width and height, and its depth, in world units. */
const HALF_WIDTH = 22;
const HALF_HEIGHT = 13;
const DEPTH = 26;
/** The nearest plane particles reach before they wrap to the back (the camera sits at z 8). */
const NEAR_Z = 4;

/** How far the field leans toward the pointer, in radians. */
const LEAN_X = 0.1;
const LEAN_Y = 0.16;

const vertexShader = /* glsl */ `
uniform float uTime;
uniform float uScale;
uniform vec3 uPalette[${PARTICLE_PALETTE_SIZE}];
attribute vec4 aMotion; // x: speed, y: phase, z: size, w: sway
attribute float aTint; // the particle's colour in the palette
varying vec3 vColor;
varying float vAlpha;

void main() {
  vec3 p = position;
  // Drift toward the viewer and wrap to the back of the field.
  float travelled = mod(p.z + uTime * aMotion.x, ${DEPTH.toFixed(1)});
  p.z = ${NEAR_Z.toFixed(1)} - ${DEPTH.toFixed(1)} + travelled;
  p.x += sin(uTime * 0.21 + aMotion.y) * aMotion.w;
  p.y += cos(uTime * 0.17 + aMotion.y * 1.7) * aMotion.w;

  vec4 viewPosition = modelViewMatrix * vec4(p, 1.0);
  gl_Position = projectionMatrix * viewPosition;
  float size = aMotion.z * uScale / max(-viewPosition.z, 0.1);
  gl_PointSize = max(size, 1.0);

  // Fade in at the back and out at the front, so wrapping never pops; tiny points dim instead
  // of shrinking below a pixel.
  float depth = travelled / ${DEPTH.toFixed(1)};
  vAlpha = smoothstep(0.0, 0.2, depth) * (1.0 - smoothstep(0.8, 1.0, depth)) * min(size, 1.0);
  vColor = uPalette[int(aTint + 0.5)];
}
`;

const fragmentShader = /* glsl */ `
varying vec3 vColor;
varying float vAlpha;

void main() {
  vec2 offset = gl_PointCoord - 0.5;
  float distanceSquared = dot(offset, offset);
  if (distanceSquared > 0.25) discard;
  float alpha = (1.0 - smoothstep(0.0, 0.25, distanceSquared)) * vAlpha;
  // Premultiplied, as the canvas composites over the page's still background.
  gl_FragColor = vec4(vColor * alpha, alpha);
}
`;

/** A small, fast, seeded generator, so the field looks the same on every visit. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Where each particle starts, how it moves and which colour of the palette it has; built once. */
function buildAttributes(count: number) {
  const next = random(0x5eed);
  const positions = new Float32Array(count * 3);
  const motion = new Float32Array(count * 4);
  const tints = new Float32Array(count);
  for (let i = 0; i < count; i += 1) {
    positions[i * 3] = (next() * 2 - 1) * HALF_WIDTH;
    positions[i * 3 + 1] = (next() * 2 - 1) * HALF_HEIGHT;
    positions[i * 3 + 2] = next() * DEPTH;
    motion[i * 4] = 0.35 + next() * 0.8;
    motion[i * 4 + 1] = next() * Math.PI * 2;
    motion[i * 4 + 2] = 0.05 + next() * next() * 0.12;
    motion[i * 4 + 3] = 0.1 + next() * 0.4;
    tints[i] = Math.floor(next() * PARTICLE_PALETTE_SIZE);
  }
  return { positions, motion, tints };
}

/**
 * A palette as the shader's uniform reads it: the shader writes these as they are, so the
 * points blend with the page's own sRGB colours.
 */
function paletteUniform(palette: readonly number[]): Float32Array {
  const values = new Float32Array(PARTICLE_PALETTE_SIZE * 3);
  for (let i = 0; i < PARTICLE_PALETTE_SIZE; i += 1) {
    const hex = palette[i % palette.length] ?? 0xffffff;
    values[i * 3] = ((hex >> 16) & 0xff) / 255;
    values[i * 3 + 1] = ((hex >> 8) & 0xff) / 255;
    values[i * 3 + 2] = (hex & 0xff) / 255;
  }
  return values;
}

/**
 * The material's settings; its uniforms are the only thing that changes: the time and scale
 * once a frame, the palette with the page's colour scheme.
 */
function materialParameters(): ShaderMaterialParameters {
  return {
    uniforms: {
      uTime: { value: 0 },
      uScale: { value: 1 },
      uPalette: { value: paletteUniform(SCENE_COLORS.dark.particles) },
    },
    vertexShader,
    fragmentShader,
    transparent: true,
    depthWrite: false,
    // Additive light for the colour, "over" for the coverage: overlapping points glow, and the
    // page shows through wherever there is none.
    blending: CustomBlending,
    blendEquation: AddEquation,
    blendSrc: OneFactor,
    blendDst: OneFactor,
    blendSrcAlpha: OneFactor,
    blendDstAlpha: OneMinusSrcAlphaFactor,
  };
}

export interface ParticleFieldProps {
  /** How many particles; default PARTICLE_COUNT (3000). */
  count?: number;
  /** The pointer the field leans toward (updated in place by its owner). */
  pointer: PointerPosition;
  /** Vertical field of view of the camera, in degrees; sizes the points. Default 50. */
  fov?: number;
  /** The colours the particles take, sRGB; default the dark scheme's (`SCENE_COLORS`). */
  palette?: readonly number[];
}

/**
 * A field of points drifting through depth, coloured from a small palette. All the motion is in
 * the vertex shader, driven by one time uniform: one draw call, and the CPU's work per frame is
 * the same for 3000 points as for 30,000. The field leans toward the pointer, smoothed.
 */
export function ParticleField({
  count = PARTICLE_COUNT,
  pointer,
  fov = 50,
  palette = SCENE_COLORS.dark.particles,
}: ParticleFieldProps) {
  const group = useRef<Group>(null);
  const material = useRef<ShaderMaterial>(null);
  const { positions, motion, tints } = useMemo(() => buildAttributes(count), [count]);
  const parameters = useMemo(() => materialParameters(), []);
  const time = useRef(0);

  // Set on the material as the change commits: before the next frame, whether the loop or a
  // still frame draws it.
  const paletteValues = useMemo(() => paletteUniform(palette), [palette]);

  const pixelsPerUnit = 1 / (2 * Math.tan((fov * Math.PI) / 360));
  useFrame((state, delta) => {
    const step = stepOf(delta);
    time.current += step;
    const uniforms = material.current?.uniforms;
    if (uniforms?.uTime) uniforms.uTime.value = time.current;
    if (uniforms?.uScale) {
      uniforms.uScale.value = state.size.height * state.viewport.dpr * pixelsPerUnit;
    }
    const field = group.current;
    if (!field) return;
    field.rotation.y = damp(field.rotation.y, pointer.x * LEAN_Y, 2.5, step);
    field.rotation.x = damp(field.rotation.x, -pointer.y * LEAN_X, 2.5, step);
  });

  // The geometry and material are made by the renderer from these elements, and disposed by it
  // when they unmount. The shader moves every point anywhere in the field, so culling by the
  // starting positions would drop visible points.
  return (
    <group ref={group}>
      <points frustumCulled={false}>
        <bufferGeometry>
          <bufferAttribute attach="attributes-position" args={[positions, 3]} />
          <bufferAttribute attach="attributes-aMotion" args={[motion, 4]} />
          <bufferAttribute attach="attributes-aTint" args={[tints, 1]} />
        </bufferGeometry>
        <shaderMaterial
          ref={material}
          args={[parameters]}
          uniforms-uPalette-value={paletteValues}
        />
      </points>
    </group>
  );
}
