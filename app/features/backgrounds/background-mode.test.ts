import { describe, expect, it } from 'vitest';
import { chooseBackgroundMode, sceneContextAttributes } from './background-mode.ts';

describe('chooseBackgroundMode', () => {
  it('draws the scene when WebGL 2 works, the scene is loading or ready, and the context is fine', () => {
    expect(chooseBackgroundMode({ webgl2: true, scene: 'loading', context: 'ok' })).toBe('webgl');
    expect(chooseBackgroundMode({ webgl2: true, scene: 'ready', context: 'ok' })).toBe('webgl');
  });

  it('keeps the scene while a lost context may still come back', () => {
    expect(chooseBackgroundMode({ webgl2: true, scene: 'ready', context: 'lost' })).toBe('webgl');
  });

  it('falls back to the still background without WebGL 2', () => {
    expect(chooseBackgroundMode({ webgl2: false, scene: 'loading', context: 'ok' })).toBe(
      'fallback',
    );
  });

  it('falls back when the scene failed to load or to set up', () => {
    expect(chooseBackgroundMode({ webgl2: true, scene: 'failed', context: 'ok' })).toBe('fallback');
  });

  it('falls back when the context is lost for good', () => {
    expect(chooseBackgroundMode({ webgl2: true, scene: 'ready', context: 'lost-for-good' })).toBe(
      'fallback',
    );
  });
});

describe('sceneContextAttributes', () => {
  it('asks for a transparent, low-power context', () => {
    const attributes = sceneContextAttributes(1);
    expect(attributes.alpha).toBe(true);
    expect(attributes.powerPreference).toBe('low-power');
    expect(attributes.preserveDrawingBuffer).toBe(false);
  });

  it('multisamples only on screens whose pixels are large enough to show jagged edges', () => {
    expect(sceneContextAttributes(1).antialias).toBe(true);
    expect(sceneContextAttributes(2).antialias).toBe(false);
    expect(sceneContextAttributes(3).antialias).toBe(false);
  });
});
