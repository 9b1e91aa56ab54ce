/**
 * Brotli and gzip copies of the text files beside them, which the server and nginx send to
 * browsers that accept them, so no request pays for compressing on the fly.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|xml|txt|webmanifest|map)$/;
const MIN_COMPRESS_BYTES = 512;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function precompress(file: string): Promise<void> {
  const data = await readFile(file);
  if (data.length < MIN_COMPRESS_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipAsync(data, { level: 9 }),
  ]);
  // Only keep an encoding that actually saves bytes.
  if (br.length < data.length) await writeFile(`${file}.br`, br);
  if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
}

/** Writes the compressed copies of those of `files` that are text and large enough. */
export async function precompressFiles(files: readonly string[]): Promise<void> {
  await Promise.all(files.filter((file) => COMPRESSIBLE.test(file)).map(precompress));
}
