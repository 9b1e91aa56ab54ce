import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SCANNABLE_BUTTONS } from '../common/qr-codes.ts';
import { apps } from '../content/index.ts';
import { qrCodeSvg } from './qr-codes.ts';

/** What a phone's camera reads from the SVG, drawn as pixels. */
async function scan(svg: string): Promise<string | undefined> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 600 })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

/** A link of each store, whatever buttons the content's apps have. */
const STORE_LINKS = [
  ['App Store', 'https://apps.apple.com/us/app/tide-table-harbour-times/id1000000001'],
  ['Play Store', 'https://play.google.com/store/apps/details?id=dev.noorhaddad.tides'],
  ['TestFlight', 'https://testflight.apple.com/join/AbCdEf12'],
] as const;

const links = [
  ...STORE_LINKS,
  ...apps.flatMap((app) =>
    app.buttons
      .filter((button) => SCANNABLE_BUTTONS.includes(button.kind))
      .map((button) => [`${app.slug} ${button.kind}`, button.href] as const),
  ),
];

describe('the QR codes of the store links', () => {
  it('are drawn for the App Store, Play Store and TestFlight buttons', () => {
    expect([...SCANNABLE_BUTTONS].sort()).toEqual(['appStore', 'playStore', 'testFlight']);
  });

  it.each(links)('%s: scans back to its link', async (_label, href) => {
    const svg = await qrCodeSvg(href);
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(await scan(svg)).toBe(href);
  });
});
