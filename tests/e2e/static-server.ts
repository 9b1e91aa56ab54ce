/**
 * A plain static file server, as a static host is: files from a folder, `index.html` for a
 * folder, `404.html` for anything else. No headers of ours, no rewrites, unless asked to read
 * the build's `_headers` and `_redirects` as Netlify does: a file that exists first, then the
 * first rewrite (status 200) whose address matches (`*` any rest, `:name` one segment), and
 * the headers of every rule that matches, a later one's over an earlier one's.
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

/** A rule's address as a pattern: `*` any rest of the path, `:name` one segment. */
function addressPattern(address: string): RegExp {
  const source = address
    .split('/')
    .map((segment) =>
      segment === '*'
        ? '.*'
        : segment.startsWith(':')
          ? '[^/]+'
          : segment.replace(/[.+?^${}()|[\]\\*]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}$`);
}

interface HostRules {
  rewrites: { from: RegExp; to: string }[];
  headers: { at: RegExp; values: [string, string][] }[];
}

async function readHostRules(dir: string): Promise<HostRules> {
  const lines = async (file: string) =>
    (await readFile(path.join(dir, file), 'utf8')).split('\n').filter((line) => line.trim());
  const rewrites = (await lines('_redirects'))
    .filter((line) => line.startsWith('/'))
    .map((line) => line.trim().split(/\s+/))
    .filter(([, , status]) => status === '200')
    .map(([from = '', to = '']) => ({ from: addressPattern(from), to }));
  const headers: HostRules['headers'] = [];
  for (const line of await lines('_headers')) {
    if (line.startsWith('/')) headers.push({ at: addressPattern(line.trim()), values: [] });
    else if (line.startsWith('  ')) {
      const [name = '', ...value] = line.trim().split(': ');
      headers.at(-1)?.values.push([name, value.join(': ')]);
    }
  }
  return { rewrites, headers };
}

export async function startStaticServer(
  dir: string,
  port: number,
  { hostRules = false }: { hostRules?: boolean } = {},
): Promise<Server> {
  const rules = hostRules ? await readHostRules(dir) : { rewrites: [], headers: [] };
  const filesOf = (pathname: string) => {
    const file = path.join(dir, path.normalize(pathname));
    return file.startsWith(dir) ? [file, path.join(file, 'index.html')] : [];
  };
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
    void (async () => {
      let found = await readFirst(filesOf(pathname));
      const rewrite = found ? undefined : rules.rewrites.find(({ from }) => from.test(pathname));
      if (rewrite) found = await readFirst(filesOf(rewrite.to));
      const [name, body] = found ?? ['404.html', await readFile(path.join(dir, '404.html'))];
      const headers: Record<string, string> = {
        'Content-Type': TYPES[path.extname(name)] ?? 'application/octet-stream',
      };
      for (const { at, values } of rules.headers) {
        if (at.test(pathname)) for (const [header, value] of values) headers[header] = value;
      }
      response.writeHead(found ? 200 : 404, headers);
      response.end(body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
