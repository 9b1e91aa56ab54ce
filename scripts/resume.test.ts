import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileSizeLabel, writeResume } from './resume.ts';

function folders() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'resume-'));
  const contentDir = path.join(dir, 'content');
  const publicDir = path.join(dir, 'public');
  mkdirSync(contentDir);
  return { contentDir, publicDir, moduleFile: path.join(dir, 'generated', 'resume.ts') };
}

describe('the résumé', () => {
  it('is shown with its size in kilobytes, or megabytes from one', () => {
    expect(fileSizeLabel(300)).toBe('1 KB');
    expect(fileSizeLabel(2479)).toBe('2 KB');
    expect(fileSizeLabel(48 * 1024 + 100)).toBe('48 KB');
    expect(fileSizeLabel(1.25 * 1024 * 1024)).toBe('1.3 MB');
  });

  it('is copied to /resume/<file>, older files there removed, and described for the link', async () => {
    const { contentDir, publicDir, moduleFile } = folders();
    writeFileSync(path.join(contentDir, 'ada-rivera.pdf'), `%PDF-1.4\n${'x'.repeat(3000)}`);
    mkdirSync(path.join(publicDir, 'resume'), { recursive: true });
    writeFileSync(path.join(publicDir, 'resume', 'old-cv.pdf'), '%PDF-1.4');

    const asset = await writeResume({
      site: { resume: 'ada-rivera.pdf' },
      contentDir,
      publicDir,
      moduleFile,
    });
    expect(asset).toMatchObject({ href: '/resume/ada-rivera.pdf', size: '3 KB' });
    expect(readdirSync(path.join(publicDir, 'resume'))).toEqual(['ada-rivera.pdf']);
    expect(readFileSync(path.join(publicDir, 'resume', 'ada-rivera.pdf'), 'utf8')).toMatch(/^%PDF/);
    expect(readFileSync(moduleFile, 'utf8')).toContain(
      'export const resume = {"href":"/resume/ada-rivera.pdf","size":"3 KB"}',
    );
  });

  it('is not linked, and no file is left behind, when content/site.ts names none', async () => {
    const { contentDir, publicDir, moduleFile } = folders();
    mkdirSync(path.join(publicDir, 'resume'), { recursive: true });
    writeFileSync(path.join(publicDir, 'resume', 'ada-rivera.pdf'), '%PDF-1.4');

    expect(await writeResume({ site: {}, contentDir, publicDir, moduleFile })).toBeUndefined();
    expect(readdirSync(path.join(publicDir, 'resume'))).toEqual([]);
    expect(readFileSync(moduleFile, 'utf8')).toContain('export const resume = undefined');
  });
});
