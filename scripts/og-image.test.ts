import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { OG_HEIGHT, OG_WIDTH, renderOgImage } from './og-image.ts';

describe('renderOgImage', () => {
  it('renders a 1200 × 630 PNG, the size link previews expect', async () => {
    const png = await renderOgImage({ ownerName: 'Ada Lovelace', tagline: 'I build apps.' });
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([OG_WIDTH, OG_HEIGHT]);
  });

  it('takes names with markup characters as plain text', async () => {
    const png = await renderOgImage({ ownerName: 'Tom & <Jerry>', tagline: 'Cats & mice' });
    expect((await sharp(png).metadata()).width).toBe(OG_WIDTH);
  });
});
