import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { browserContentPlugin } from './scripts/browser-content.ts';
import { legalMarkdown } from './scripts/legal-markdown.ts';

export default defineConfig({
  plugins: [legalMarkdown(), browserContentPlugin({ code: 'en', isDefault: true })],
  define: {
    __PUBLIC_URL__: JSON.stringify('http://localhost:3000'),
    __BUILD_ID__: JSON.stringify('test-build'),
    __FEEDBACK_API_ORIGIN__: JSON.stringify(''),
    __SITE_LANGUAGE__: JSON.stringify('en'),
    __SITE_DIRECTION__: JSON.stringify('ltr'),
    __LANGUAGE_NAMES__: JSON.stringify({ en: 'English', es: 'Español' }),
  },
  css: { modules: { localsConvention: 'camelCaseOnly' } },
  test: {
    // Vitest's own default is one worker fewer than the cores, which is one on two cores;
    // the server's tests spend much of their time waiting on child processes, sockets and
    // PostgreSQL, so two files at a time finish a third sooner there (5.1 min against 3.4).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'dom',
          include: ['app/**/*.test.{ts,tsx}', 'owner/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./app/test-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'content/**/*.test.ts',
            'common/**/*.test.ts',
            'tests/architecture/*.test.ts',
            'tests/server/*.test.ts',
            'deploy/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 30_000,
          // One throwaway PostgreSQL cluster for the run, for the server's tests on PostgreSQL.
          globalSetup: ['./tests/server/postgres-global-setup.ts'],
        },
      },
    ],
  },
});
