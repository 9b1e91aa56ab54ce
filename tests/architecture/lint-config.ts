import type { Linter } from 'eslint';

/** A part of the architecture as eslint.config.js describes it. */
export interface Part {
  name: string;
  paths: string[];
  holds: string;
  mayImport: string[];
}

interface LintConfigModule {
  architecture: Part[];
  boundaryConfig: (root: string) => Linter.Config[];
}

// eslint.config.js is plain JavaScript outside the TypeScript projects, so it is loaded by
// a path TypeScript does not follow.
const configFile: string = '../../eslint.config.js';

/** The architecture table and the boundary rules of the project's own lint config. */
export const { architecture, boundaryConfig } = (await import(configFile)) as LintConfigModule;
