/**
 * Build-time check of the whole content set. Every problem is reported at once, each line
 * naming the file and the field, e.g.
 *   content/apps/echoexpense/app.ts: screenshots[2].file: "03.png" is not in content/apps/echoexpense/screenshots/
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  AppSchema,
  SiteSchema,
  SkillsSchema,
  TECHNOLOGY_IDS,
  TechnologySchema,
  type App,
  type Site,
  type Technology,
  type TechnologyId,
} from './schema.ts';

export interface RawAppEntry {
  /** The app's folder name under content/apps/. */
  folder: string;
  /** The default export of its app.ts, not yet checked. */
  input: unknown;
}

export interface RawContent {
  site: unknown;
  skills: unknown;
  technologies: unknown;
  apps: readonly RawAppEntry[];
}

export interface Content {
  site: Site;
  skills: string[];
  technologies: Record<TechnologyId, Technology>;
  /** Sorted by `order`. */
  apps: App[];
}

export class ContentError extends Error {
  override name = 'ContentError';
  constructor(readonly problems: readonly string[]) {
    super(`The content in content/ is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

function formatPath(issuePath: readonly PropertyKey[]): string {
  return issuePath.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`;
    return out ? `${out}.${String(key)}` : String(key);
  }, '');
}

function describeIssues(where: string, error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const field = formatPath(issue.path);
    if (issue.code === 'unrecognized_keys') {
      const keys = issue.keys.map((k) => `"${k}"`).join(', ');
      return `${where}: ${field ? `${field}: ` : ''}unknown key ${keys}`;
    }
    return `${where}: ${field || '(root)'}: ${issue.message}`;
  });
}

const TechnologiesSchema = z.strictObject(
  Object.fromEntries(TECHNOLOGY_IDS.map((id) => [id, TechnologySchema])) as Record<
    TechnologyId,
    typeof TechnologySchema
  >,
);

/**
 * Checks the raw content and returns it typed, with the apps in menu order.
 * `contentDir` is where the content/ folder is, to check the files the content names.
 */
export function validateContent(raw: RawContent, contentDir: string): Content {
  const problems: string[] = [];

  const site = SiteSchema.safeParse(raw.site);
  if (!site.success) problems.push(...describeIssues('content/site.ts', site.error));
  const skills = SkillsSchema.safeParse(raw.skills);
  if (!skills.success) problems.push(...describeIssues('content/skills.ts', skills.error));
  const technologies = TechnologiesSchema.safeParse(raw.technologies);
  if (!technologies.success) {
    problems.push(...describeIssues('content/technologies.ts', technologies.error));
  }

  const apps: App[] = [];
  const slugOwners = new Map<string, string>();
  const orderOwners = new Map<number, string>();
  const nameOwners = new Map<string, string>();
  for (const { folder, input } of raw.apps) {
    const where = `content/apps/${folder}/app.ts`;
    const parsed = AppSchema.safeParse(input);
    if (!parsed.success) {
      problems.push(...describeIssues(where, parsed.error));
      continue;
    }
    const app = parsed.data;
    const appDir = path.join(contentDir, 'apps', folder);
    if (app.slug !== folder) {
      problems.push(`${where}: slug: "${app.slug}" must equal the folder name "${folder}"`);
    }
    const sameSlug = slugOwners.get(app.slug);
    if (sameSlug) {
      problems.push(`${where}: slug: "${app.slug}" is already used by ${sameSlug}`);
    } else slugOwners.set(app.slug, where);
    const sameOrder = orderOwners.get(app.order);
    if (sameOrder) {
      problems.push(`${where}: order: ${app.order} is already used by ${sameOrder}`);
    } else orderOwners.set(app.order, where);
    const sameName = nameOwners.get(app.name.toLowerCase());
    if (sameName) {
      problems.push(`${where}: name: "${app.name}" is already used by ${sameName}`);
    } else nameOwners.set(app.name.toLowerCase(), where);

    if (Array.isArray(app.screenshots)) {
      app.screenshots.forEach((shot, index) => {
        if (!existsSync(path.join(appDir, 'screenshots', shot.file))) {
          problems.push(
            `${where}: screenshots[${index}].file: "${shot.file}" is not in content/apps/${folder}/screenshots/`,
          );
        }
      });
    }
    if (app.legal) {
      for (const doc of ['privacy.md', 'terms.md']) {
        if (!existsSync(path.join(appDir, doc))) {
          problems.push(`${where}: legal: is true but content/apps/${folder}/${doc} is missing`);
        }
      }
    }
    apps.push(app);
  }
  if (raw.apps.length === 0) problems.push('content/apps/: no app folders found');

  if (problems.length > 0 || !site.success || !skills.success || !technologies.success) {
    throw new ContentError(problems);
  }
  apps.sort((a, b) => a.order - b.order);
  return { site: site.data, skills: skills.data, technologies: technologies.data, apps };
}
