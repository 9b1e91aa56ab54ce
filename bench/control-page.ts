/**
 * Control pages: plain HTML served by a server of their own, measured in the same run and
 * the same way as the site's pages, so that a reader sees the share of a figure that is the
 * machine's, the browser's and the throttling's rather than the site's.
 */
import { createServer } from 'node:http';

export interface ControlServer {
  /** The page's address. */
  url: string;
  close: () => Promise<void>;
}

/** Two paragraphs and no script (Lighthouse's control). */
export const PLAIN_CONTROL_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Control page</title><meta name="description" content="A page with no script.">' +
  '</head><body><h1>Control page</h1><p>Two paragraphs and no script: whatever blocking ' +
  'time Lighthouse finds here is the machine’s.</p><p>It measures nothing of the site.</p>' +
  '</body></html>';

/**
 * The site's menu and nothing else: a button opening a native popover, named with the
 * site's words (`MENU_NAMES`) so that the first tap's Menu control (`tests/first-tap.ts`) finds and judges
 * it as it does the site's. It has nothing to hydrate, so it says it is live once parsed
 * (`data-hydrated`, which the first tap waits for), in its one line of script.
 */
export function menuControlPage({
  button,
  navigation,
}: {
  button: string;
  navigation: string;
}): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Control page</title><style>body{margin:0;font:16px/1.5 system-ui,sans-serif}' +
    'header{display:flex;justify-content:flex-end;padding:8px 16px}' +
    'button{min-width:44px;min-height:44px}' +
    '[popover]{position:fixed;inset:60px 0 0 auto;width:280px;margin:0}</style></head>' +
    `<body><header><button type="button" popovertarget="menu">${button}</button></header>` +
    `<nav id="menu" popover aria-label="${navigation}"><ul><li><a href="/">One</a></li>` +
    '<li><a href="/">Two</a></li><li><a href="/">Three</a></li></ul></nav>' +
    '<main><h1>Control page</h1><p>A button and its popover, and no other script: the time ' +
    'its tap takes here is the machine’s and the browser’s.</p></main>' +
    '<script>document.documentElement.dataset.hydrated=""</script></body></html>'
  );
}

/** Serves `html` at every address, from a loopback port of its own. */
export async function serveControlPage(html: string): Promise<ControlServer> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
