import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { OG_HEIGHT, OG_WIDTH, renderAppCard, renderOgImage } from './og-image.ts';

describe('renderOgImage', () => {
  it('renders a 1200 × 630 PNG, the size link previews expect', async () => {
    const png = await renderOgImage({
      ownerName: 'Ada Lovelace',
      tagline: 'I build apps.',
      language: 'en',
    });
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([OG_WIDTH, OG_HEIGHT]);
  });

  it('takes names with markup characters as plain text', async () => {
    const png = await renderOgImage({
      ownerName: 'Tom & <Jerry>',
      tagline: 'Cats & mice',
      language: 'en',
    });
    expect((await sharp(png).metadata()).width).toBe(OG_WIDTH);
  });
});

describe('renderAppCard', () => {
  it("draws an app's card at 1200 × 630, under 300 KB, with its screenshot in a device frame", async () => {
    const screenshot = await sharp({
      create: { width: 600, height: 1300, channels: 3, background: '#ff3366' },
    })
      .png()
      .toBuffer();
    const png = await renderAppCard({
      name: 'Tom & Jerry',
      summary: 'A chase across the kitchen, with <cheese>.',
      accent: '#12a594',
      screenshot,
      language: 'en',
    });
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([OG_WIDTH, OG_HEIGHT]);
    expect(png.length).toBeLessThan(300 * 1024);
    // The middle of the device's screen shows the screenshot.
    const at = (x: number, y: number) => {
      const offset = (y * info.width + x) * info.channels;
      return [data[offset], data[offset + 1], data[offset + 2]];
    };
    const [red, green, blue] = at(OG_WIDTH - 88 - 135, OG_HEIGHT / 2);
    expect(red).toBeGreaterThan(200);
    expect(green).toBeLessThan(100);
    expect(blue).toBeGreaterThan(60);
  });

  it("draws the app's icon above its name, where it has one", async () => {
    const solid = (background: string, width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background } })
        .png()
        .toBuffer();
    const card = async (icon?: Buffer) => {
      const png = await renderAppCard({
        name: 'Tide Table',
        summary: 'High and low water for any harbour.',
        accent: '#0d74ce',
        screenshot: await solid('#ff3366', 600, 1300),
        icon,
        language: 'en',
      });
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      // Inside the icon's square, at the card's left padding.
      let greenest = 0;
      for (let y = 0; y < info.height; y += 8) {
        const offset = (y * info.width + 88 + 56) * info.channels;
        const [red = 0, green = 0, blue = 0] = data.subarray(offset, offset + 3);
        if (green > 200 && red < 80 && blue < 80) greenest += 1;
      }
      return greenest;
    };
    expect(await card(await solid('#00ff00', 192, 192))).toBeGreaterThan(8);
    expect(await card()).toBe(0);
  });
});
