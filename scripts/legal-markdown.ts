/**
 * Turns the legal texts (content/apps/<slug>/privacy.md and terms.md) into modules that
 * export ready HTML, at build time: the browser never loads a Markdown parser.
 */
import { marked } from 'marked';
import type { Plugin } from 'vite';

export function legalMarkdown(): Plugin {
  return {
    name: 'portfolio:legal-markdown',
    enforce: 'pre',
    async transform(source, id) {
      if (!/\/content\/apps\/[^/]+\/(privacy|terms)\.md$/.test(id)) return null;
      const html = await marked.parse(source, { gfm: true });
      return { code: `export default ${JSON.stringify(html)};`, map: null };
    },
  };
}
