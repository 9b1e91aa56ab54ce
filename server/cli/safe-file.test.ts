import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { tempDir } from '../../tests/server/helpers.ts';
import { FileExistsError, replaceFile, writeNewFile } from './safe-file.ts';

let folder: ReturnType<typeof tempDir>;
beforeEach(() => {
  folder = tempDir('safe-file-');
});
afterEach(() => folder.remove());

const mode = (file: string) => statSync(file).mode & 0o777;
const names = () => readdirSync(folder.dir).sort();

describe('a replaced file', () => {
  test('appears whole, readable by its owner alone, with nothing left beside it', async () => {
    const target = path.join(folder.dir, 'export.csv');
    const file = await replaceFile(target);
    file.write('a,b');
    file.write('1,2');
    // Nothing under the name while it is written, only a hidden temporary file.
    expect(existsSync(target)).toBe(false);
    expect(names()).toEqual([expect.stringMatching(/^\.export\.csv\.\d+\.[0-9a-f]{12}\.tmp$/)]);
    expect(await file.finish()).toBe(target);
    expect(readFileSync(target, 'utf8')).toBe('a,b\n1,2\n');
    expect(mode(target)).toBe(0o600);
    expect(names()).toEqual(['export.csv']);
  });

  test('replaces an earlier one in one step, and is then readable by its owner alone', async () => {
    const target = path.join(folder.dir, 'export.json');
    writeFileSync(target, 'old\n', { mode: 0o644 });
    const file = await replaceFile(target);
    file.write('new');
    expect(readFileSync(target, 'utf8')).toBe('old\n');
    await file.finish();
    expect(readFileSync(target, 'utf8')).toBe('new\n');
    expect(mode(target)).toBe(0o600);
  });

  test('given up, leaves the destination as it was and no temporary file', async () => {
    const target = path.join(folder.dir, 'export.csv');
    writeFileSync(target, 'old\n');
    const file = await replaceFile(target);
    file.write('half');
    await file.abort();
    expect(readFileSync(target, 'utf8')).toBe('old\n');
    expect(names()).toEqual(['export.csv']);
  });

  test('of many lines is written in chunks, every line kept in order', async () => {
    const target = path.join(folder.dir, 'big.csv');
    const file = await replaceFile(target);
    const lines = Array.from({ length: 20_000 }, (_, index) => `${index},${'x'.repeat(40)}`);
    for (const line of lines) file.write(line);
    await file.finish();
    expect(readFileSync(target, 'utf8')).toBe(`${lines.join('\n')}\n`);
  });

  test('in a folder that does not exist fails at once and creates nothing', async () => {
    const target = path.join(folder.dir, 'missing', 'export.csv');
    await expect(replaceFile(target)).rejects.toThrow(
      `Cannot write ${target}: the folder ${path.dirname(target)} does not exist.`,
    );
    await expect(writeNewFile(target, async () => undefined)).rejects.toThrow(
      `Cannot write ${target}: the folder`,
    );
    expect(names()).toEqual([]);
  });
});

describe('a new file', () => {
  test('is filled by its temporary path, then takes the name, readable by its owner alone', async () => {
    const target = path.join(folder.dir, 'backup.sqlite');
    let filled = '';
    const written = await writeNewFile(target, async (temporary) => {
      filled = temporary;
      expect(path.dirname(temporary)).toBe(folder.dir);
      expect(mode(temporary)).toBe(0o600);
      writeFileSync(temporary, 'copy');
    });
    expect(written).toBe(target);
    expect(filled).not.toBe(target);
    expect(readFileSync(target, 'utf8')).toBe('copy');
    expect(mode(target)).toBe(0o600);
    expect(names()).toEqual(['backup.sqlite']);
  });

  test('never replaces a file, not even one made while it was written', async () => {
    const target = path.join(folder.dir, 'backup.sqlite');
    writeFileSync(target, 'theirs');
    let called = false;
    const early = writeNewFile(target, async () => {
      called = true;
    });
    await expect(early).rejects.toThrow(`${target} exists already; give a new file name.`);
    expect(called).toBe(false);

    const late = path.join(folder.dir, 'late.sqlite');
    const raced = writeNewFile(late, async (temporary) => {
      writeFileSync(temporary, 'mine');
      writeFileSync(late, 'theirs');
    });
    await expect(raced).rejects.toBeInstanceOf(FileExistsError);
    expect(readFileSync(late, 'utf8')).toBe('theirs');
    expect(names()).toEqual(['backup.sqlite', 'late.sqlite']);
  });

  test('that could not be filled leaves nothing behind', async () => {
    const target = path.join(folder.dir, 'backup.sqlite');
    await expect(
      writeNewFile(target, async () => {
        throw new Error('On PostgreSQL, back up with pg_dump');
      }),
    ).rejects.toThrow('pg_dump');
    expect(names()).toEqual([]);
  });
});
