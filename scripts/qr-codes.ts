/**
 * Draws the QR code of every store and TestFlight link of every app as an SVG file,
 * public/qr/<slug>-<kind>.svg, before the site is built: the app's page shows it in the
 * button's Scan to install popover. Drawn here by the `qrcode` library; nothing is fetched,
 * and a visitor's browser loads the file from the site itself, only when the popover opens.
 *
 * Run with `tsx scripts/qr-codes.ts` (part of `npm run build`).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import QRCode from 'qrcode';
import { qrCodePath, SCANNABLE_BUTTONS } from '../common/qr-codes.ts';
import { loadContentOrExit, root } from './load-content.ts';

/** The QR code of a link as an SVG document: dark modules on white, with a quiet zone. */
export async function qrCodeSvg(link: string): Promise<string> {
  return QRCode.toString(link, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  });
}

async function main(): Promise<void> {
  const { content } = await loadContentOrExit();
  const dir = path.join(root, 'public', 'qr');
  // Drawn afresh each time (a few milliseconds): a removed button leaves no file behind.
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  let count = 0;
  for (const app of content.apps) {
    for (const button of app.buttons) {
      if (!SCANNABLE_BUTTONS.includes(button.kind)) continue;
      await writeFile(
        path.join(root, 'public', qrCodePath(app.slug, button.kind)),
        await qrCodeSvg(button.href),
      );
      count += 1;
    }
  }
  console.log(`qr-codes: ${count} QR codes of store links in public/qr/`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
