import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, robotsTxt, sitemapXml } from './finish-build.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the build step', () => {
  it('hashes each inline script exactly as written, and skips external scripts', () => {
    const html =
      '<script>window.a = 1;</script><script type="module" src="/assets/x.js"></script>' +
      '<script type="module">import "/assets/y.js";\n</script><script async src="z.js"></script>';
    expect(inlineScriptHashes(html)).toEqual([
      sha('window.a = 1;'),
      sha('import "/assets/y.js";\n'),
    ]);
  });

  it('lists every page of the route table in the sitemap, under the public address', () => {
    const xml = sitemapXml('https://example.com', [
      { slug: 'watchlistr-web', name: 'Watchlistr (Web)', legal: false },
      { slug: 'echoexpense', name: 'EchoExpense', legal: true },
    ]);
    const locs = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      'https://example.com/',
      'https://example.com/watchlistr-web',
      'https://example.com/echoexpense',
      'https://example.com/projects',
      'https://example.com/echoexpense/privacy',
      'https://example.com/echoexpense/terms',
      'https://example.com/echoexpense/support',
    ]);
    expect(robotsTxt('https://example.com')).toContain('Sitemap: https://example.com/sitemap.xml');
  });
});
