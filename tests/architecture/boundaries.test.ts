import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { boundaryConfig } from './lint-config.ts';

const fixture = path.join(import.meta.dirname, 'fixture');

/** Every import the architecture forbids, as `file:line import`. */
async function violations(): Promise<string[]> {
  const eslint = new ESLint({
    cwd: fixture,
    overrideConfigFile: true,
    overrideConfig: boundaryConfig(fixture),
  });
  const results = await eslint.lintFiles(['**/*.ts']);
  return results.flatMap((result) =>
    result.messages.map((message) => {
      const file = path.relative(fixture, result.filePath);
      const imported = /"([^"]+)"/.exec(message.message)?.[1] ?? message.message;
      return `${file}:${message.line} ${imported}`;
    }),
  );
}

describe('the lint config', () => {
  it('reports every import across the architecture’s boundaries, at any depth, and no other', async () => {
    expect((await violations()).sort()).toEqual([
      // Features never import each other, however the path is written.
      'app/features/alpha/alpha.test.ts:2 ../beta/beta.ts',
      'app/features/alpha/alpha.ts:3 ../beta/beta.ts',
      'app/features/alpha/alpha.ts:4 ../../features/beta/beta.ts',
      // The message catalogues import nothing: the rest of the site imports them.
      'app/i18n/en.ts:1 ../lib/helper.ts',
      'app/i18n/en.ts:2 ../../common/shared.ts',
      // app/lib and app/ui import no feature and no content.
      'app/lib/helper.ts:2 ../../content/schema.ts',
      'app/lib/helper.ts:3 ../features/alpha/alpha.ts',
      'app/ui/button.ts:2 ../../content/site.ts',
      'app/ui/button.ts:3 ../features/beta/beta.ts',
      // common/ imports nothing from app/, server/, content/ or scripts/.
      'common/shared.ts:1 ../app/lib/helper.ts',
      'common/shared.ts:2 ../server/main.ts',
      'common/shared.ts:3 ../content/site.ts',
      'common/shared.ts:4 ../scripts/tool.ts',
      // content/ imports no code but its own.
      'content/site.ts:2 ../common/shared.ts',
      // Scripts import no feature.
      'scripts/tool.ts:2 ../app/features/alpha/alpha.ts',
      // The server imports no screen.
      'server/main.ts:2 ../app/routes/home.ts',
    ]);
  });

  it('names the rule that an import breaks', async () => {
    const eslint = new ESLint({
      cwd: fixture,
      overrideConfigFile: true,
      overrideConfig: boundaryConfig(fixture),
    });
    const [result] = await eslint.lintFiles(['server/main.ts']);
    expect(result?.messages[0]?.message).toContain(
      'server may import only server, common, app/i18n; not app/routes.',
    );
  });
});
