/**
 * A plain static file server, as a static host is: files from a folder, `index.html` for a
 * folder, `404.html` for anything else. No headers of ours, no rewrites.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.avif': 'image/avif',
  '.webp': 'image/webp',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
};

async function readFirst(files: readonly string[]): Promise<[string, Buffer] | undefined> {
  for (const file of files) {
    try {
      return [file, await readFile(file)];
    } catch {
      // Try the next.
    }
  }
  return undefined;
}

export async function startStaticServer(dir: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
    const file = path.join(dir, path.normalize(pathname));
    const inside = file.startsWith(dir);
    void readFirst(inside ? [file, path.join(file, 'index.html')] : []).then(async (found) => {
      const [name, body] = found ?? ['404.html', await readFile(path.join(dir, '404.html'))];
      response.writeHead(found ? 200 : 404, {
        'Content-Type': TYPES[path.extname(name)] ?? 'application/octet-stream',
      });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
