import { describe, expect, it } from 'vitest';
import {
  chooseBackgroundMode,
  sceneContextAttributes,
  type BackgroundConditions,
} from './background-mode.ts';
import { isSoftwareRenderer } from './renderer-name.ts';

const working: BackgroundConditions = {
  webgl2: true,
  softwareRenderer: false,
  scene: 'ready',
  context: 'ok',
};

describe('chooseBackgroundMode', () => {
  it('draws the scene on a GPU while it loads and once it is ready', () => {
    expect(chooseBackgroundMode({ ...working, scene: 'loading' })).toBe('webgl');
    expect(chooseBackgroundMode(working)).toBe('webgl');
  });

  it('keeps the scene while a lost context may still come back', () => {
    expect(chooseBackgroundMode({ ...working, context: 'lost' })).toBe('webgl');
  });

  it('falls back to the still background without WebGL 2', () => {
    expect(chooseBackgroundMode({ ...working, webgl2: false, scene: 'idle' })).toBe('fallback');
  });

  it('falls back to the still background when WebGL is drawn in software', () => {
    expect(chooseBackgroundMode({ ...working, softwareRenderer: true, scene: 'idle' })).toBe(
      'fallback',
    );
  });

  it('falls back when the scene failed to load or to set up', () => {
    expect(chooseBackgroundMode({ ...working, scene: 'failed' })).toBe('fallback');
  });

  it('falls back when the context is lost for good', () => {
    expect(chooseBackgroundMode({ ...working, context: 'lost-for-good' })).toBe('fallback');
  });
});

describe('isSoftwareRenderer', () => {
  it.each([
    'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
    'Google SwiftShader',
    'llvmpipe (LLVM 15.0.6, 256 bits)',
    'Microsoft Basic Render Driver',
    'Software Rasterizer',
  ])('recognises %s as software', (name) => {
    expect(isSoftwareRenderer(name)).toBe(true);
  });

  it.each([
    'ANGLE (Apple, ANGLE Metal Renderer: Apple M2, Unspecified Version)',
    'Apple GPU',
    'ANGLE (Intel, Intel(R) UHD Graphics 620 Direct3D11 vs_5_0 ps_5_0, D3D11)',
    'Adreno (TM) 640',
    'Mali-G78',
    'Mesa Intel(R) Xe Graphics (TGL GT2)',
  ])('recognises %s as a GPU', (name) => {
    expect(isSoftwareRenderer(name)).toBe(false);
  });
});

describe('sceneContextAttributes', () => {
  it('asks for a low-power context and keeps the transparent canvas WebGL gives by default', () => {
    const attributes = sceneContextAttributes(1);
    expect(attributes.powerPreference).toBe('low-power');
    // Left out, each of these takes WebGL's default: transparent, not kept between frames.
    expect(attributes.alpha ?? true).toBe(true);
    expect(attributes.preserveDrawingBuffer ?? false).toBe(false);
  });

  it('multisamples only on screens whose pixels are large enough to show jagged edges', () => {
    expect(sceneContextAttributes(1).antialias).toBe(true);
    expect(sceneContextAttributes(2).antialias).toBe(false);
    expect(sceneContextAttributes(3).antialias).toBe(false);
  });
});
