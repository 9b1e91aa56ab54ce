import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { builtAppIcons, ICON_PX, writeAppIcons } from './app-icons.ts';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24"/></svg>';

async function site() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'app-icons-'));
  for (const slug of ['tide-table', 'quiet-notes', 'plain']) {
    mkdirSync(path.join(dir, 'content', 'apps', slug), { recursive: true });
  }
  const png = await sharp({
    create: { width: 1024, height: 1024, channels: 4, background: '#0d74ce' },
  })
    .png()
    .toBuffer();
  writeFileSync(path.join(dir, 'content', 'apps', 'tide-table', 'icon.png'), png);
  writeFileSync(path.join(dir, 'content', 'apps', 'quiet-notes', 'icon.svg'), SVG);
  return {
    dir,
    options: {
      apps: [
        { slug: 'tide-table', icon: 'icon.png' },
        { slug: 'quiet-notes', icon: 'icon.svg' },
        { slug: 'plain' },
      ],
      contentDir: path.join(dir, 'content'),
      outDir: path.join(dir, 'public', 'assets', 'icons'),
      publicPath: '/assets/icons',
      moduleFile: path.join(dir, 'generated', 'app-icons.ts'),
    },
  };
}

describe("the apps' icons", () => {
  it('draws a PNG at 192 px and keeps an SVG, under names that hold their hash, by app', async () => {
    const { dir, options } = await site();
    const icons = await writeAppIcons(options);
    expect(Object.keys(icons)).toEqual(['tide-table', 'quiet-notes']);
    expect(icons['tide-table']).toMatch(/^\/assets\/icons\/tide-table-[0-9a-f]{8}\.png$/);
    expect(icons['quiet-notes']).toMatch(/^\/assets\/icons\/quiet-notes-[0-9a-f]{8}\.svg$/);
    const drawn = await sharp(path.join(dir, 'public', icons['tide-table'] ?? '')).metadata();
    expect([drawn.format, drawn.width, drawn.height]).toEqual(['png', ICON_PX, ICON_PX]);
    expect(readFileSync(path.join(dir, 'public', icons['quiet-notes'] ?? ''), 'utf8')).toBe(SVG);
    expect(readFileSync(options.moduleFile, 'utf8')).toContain(
      `"tide-table": "${icons['tide-table']}"`,
    );
    expect(builtAppIcons(options.moduleFile)).toEqual(icons);
  });

  it('removes the icons no app names any more', async () => {
    const { options } = await site();
    await writeAppIcons(options);
    const icons = await writeAppIcons({ ...options, apps: [{ slug: 'plain' }] });
    expect(icons).toEqual({});
    expect(readdirSync(options.outDir)).toEqual([]);
    expect(builtAppIcons(options.moduleFile)).toEqual({});
  });
});
