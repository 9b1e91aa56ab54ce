/**
 * Build-time check of the whole content set. Every problem is reported at once, each line
 * naming the file and the field, e.g.
 *   content/apps/echoexpense/app.ts: screenshots[2].file: "03.png" is not in content/apps/echoexpense/screenshots/
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import { appIconProblems } from './app-icon.ts';
import { appLinksCheck } from './app-links-check.ts';
import { appStoreId } from './app-store.ts';
import { SlugSchema } from './fields.ts';
import {
  AppSchema,
  ScreenshotFileSchema,
  SiteSchema,
  SkillsSchema,
  type App,
  type ScreenshotFile,
  type Site,
  type TechnologyId,
} from './schema.ts';
import { TechnologiesSchema, type Technology } from './technology-schema.ts';

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
    super(
      `The content in content/ has ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}; fix ${problems.length === 1 ? 'it' : 'them'} and build again:\n${problems.map((p) => `  ${p}`).join('\n')}`,
    );
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

/** Where a technology's icon file is: in simple-icons, or beside content/technologies.ts. */
export function technologyIconFile(icon: string, contentDir: string): string {
  return icon.endsWith('.svg')
    ? path.join(contentDir, 'technologies', icon)
    : path.join(simpleIconsDir, `${icon}.svg`);
}

const simpleIconsDir = path.dirname(
  createRequire(import.meta.url).resolve('simple-icons/icons/react.svg'),
);

function checkTechnologyIcons(
  technologies: Record<string, Technology>,
  contentDir: string,
  problems: string[],
): void {
  for (const [id, { icon }] of Object.entries(technologies)) {
    if (existsSync(technologyIconFile(icon, contentDir))) continue;
    problems.push(
      icon.endsWith('.svg')
        ? `content/technologies.ts: ${id}.icon: "${icon}" is not in content/technologies/`
        : `content/technologies.ts: ${id}.icon: "${icon}" is not a simple-icons slug (see https://simpleicons.org); or put an SVG file in content/technologies/ and name it here`,
    );
  }
}

interface CheckedFields {
  slug?: string | undefined;
  name?: string | undefined;
  order?: number | undefined;
  screenshots?: readonly ScreenshotFile[] | undefined;
  technologies?: readonly unknown[] | undefined;
  legal?: boolean | undefined;
  legalPages?: Readonly<Record<string, unknown>> | undefined;
  icon?: string | undefined;
}

/** The fields the cross-entry and file checks read, each only where its type is right. */
function wellTypedFields(input: unknown): CheckedFields {
  if (typeof input !== 'object' || input === null) return {};
  const fields = input as Record<string, unknown>;
  const shots = Array.isArray(fields.screenshots) ? (fields.screenshots as unknown[]) : undefined;
  return {
    slug: typeof fields.slug === 'string' ? fields.slug : undefined,
    name: typeof fields.name === 'string' ? fields.name : undefined,
    order: typeof fields.order === 'number' ? fields.order : undefined,
    icon: typeof fields.icon === 'string' ? fields.icon : undefined,
    screenshots: shots?.filter(
      (shot): shot is ScreenshotFile =>
        ScreenshotFileSchema.shape.file.safeParse((shot as Partial<ScreenshotFile> | null)?.file)
          .success,
    ),
    technologies: Array.isArray(fields.technologies)
      ? (fields.technologies as unknown[])
      : undefined,
    legal: typeof fields.legal === 'boolean' ? fields.legal : undefined,
    legalPages:
      typeof fields.legalPages === 'object' && fields.legalPages !== null
        ? (fields.legalPages as Record<string, unknown>)
        : undefined,
  };
}

/** The largest résumé the site serves: it is held in memory, and sent to every visitor who asks. */
const RESUME_MAX_BYTES = 10 * 1024 * 1024;

/** What is wrong with the résumé content/site.ts names: it must be a PDF file in content/. */
function resumeProblems(resume: string | undefined, contentDir: string): string[] {
  if (resume === undefined) return [];
  const where = 'content/site.ts: resume';
  const file = path.join(contentDir, resume);
  if (!existsSync(file) || !statSync(file).isFile()) {
    return [`${where}: "${resume}" is not in content/; put the PDF there or remove the field`];
  }
  const { size } = statSync(file);
  if (size > RESUME_MAX_BYTES) {
    return [
      `${where}: content/${resume} is ${Math.ceil(size / 1024 / 1024)} MB; keep it under 10 MB`,
    ];
  }
  const isPdf = readFileSync(file).subarray(0, 5).toString('latin1') === '%PDF-';
  return isPdf ? [] : [`${where}: content/${resume} is not a PDF`];
}

/** What is wrong with the further legal pages an app declares: each needs its Markdown file. */
function legalPageProblems(
  app: Pick<CheckedFields, 'legal' | 'legalPages'>,
  where: string,
  folder: string,
  appDir: string,
): string[] {
  const pages = Object.keys(app.legalPages ?? {});
  if (pages.length === 0) return [];
  if (app.legal === false) {
    return [`${where}: legalPages: needs legal: true (with privacy.md and terms.md)`];
  }
  return pages
    .filter((page) => SlugSchema.safeParse(page).success)
    .flatMap((page) => {
      if (page === 'privacy' || page === 'terms') {
        return [
          `${where}: legalPages.${page}: is one of the app's own legal pages already (legal: true); give this page another name`,
        ];
      }
      if (existsSync(path.join(appDir, `${page}.md`))) return [];
      return [
        `${where}: legalPages.${page}: content/apps/${folder}/${page}.md is missing; write the page's text there`,
      ];
    });
}

/**
 * Checks the raw content and returns it typed, with the apps in menu order.
 * `contentDir` is where the content/ folder is, to check the files the content names.
 */
export function validateContent(raw: RawContent, contentDir: string): Content {
  const problems: string[] = [];

  const site = SiteSchema.safeParse(raw.site);
  if (!site.success) problems.push(...describeIssues('content/site.ts', site.error));
  else problems.push(...resumeProblems(site.data.resume, contentDir));
  const skills = SkillsSchema.safeParse(raw.skills);
  if (!skills.success) problems.push(...describeIssues('content/skills.ts', skills.error));
  const technologies = TechnologiesSchema.safeParse(raw.technologies);
  if (!technologies.success) {
    problems.push(...describeIssues('content/technologies.ts', technologies.error));
  } else {
    checkTechnologyIcons(technologies.data, contentDir, problems);
  }
  const technologyIds = technologies.success ? Object.keys(technologies.data) : undefined;

  const apps: App[] = [];
  const slugOwners = new Map<string, string>();
  const orderOwners = new Map<number, string>();
  const nameOwners = new Map<string, string>();
  const checkAppLinks = appLinksCheck();
  for (const { folder, input } of raw.apps) {
    const where = `content/apps/${folder}/app.ts`;
    const parsed = AppSchema.safeParse(input);
    if (!parsed.success) problems.push(...describeIssues(where, parsed.error));
    // The cross-entry and file checks run on every field that has the right type, even
    // when another field is wrong, so one build reports every problem.
    const app = parsed.success ? parsed.data : wellTypedFields(input);
    const appDir = path.join(contentDir, 'apps', folder);
    if (app.slug !== undefined && app.slug !== folder) {
      problems.push(`${where}: slug: "${app.slug}" must equal the folder name "${folder}"`);
    }
    const claim = <K>(owners: Map<K, string>, key: K | undefined, field: string, shown: string) => {
      if (key === undefined) return;
      const owner = owners.get(key);
      if (owner) problems.push(`${where}: ${field}: ${shown} is already used by ${owner}`);
      else owners.set(key, where);
    };
    claim(slugOwners, app.slug, 'slug', `"${app.slug}"`);
    claim(orderOwners, app.order, 'order', String(app.order));
    claim(nameOwners, app.name?.toLowerCase(), 'name', `"${app.name}"`);

    if (typeof app.icon === 'string') {
      problems.push(...appIconProblems(path.join(appDir, app.icon), app.icon, where));
    }
    if (Array.isArray(app.screenshots)) {
      app.screenshots.forEach((shot, index) => {
        if (!existsSync(path.join(appDir, 'screenshots', shot.file))) {
          problems.push(
            `${where}: screenshots[${index}].file: "${shot.file}" is not in content/apps/${folder}/screenshots/`,
          );
        }
      });
    }
    if (parsed.success) {
      parsed.data.buttons.forEach((button, index) => {
        if (button.kind !== 'appStore' || appStoreId(button.href)) return;
        problems.push(
          `${where}: buttons[${index}].href: "${button.href}" has no App Store app id to read; use the listing's address, which ends in /id followed by digits`,
        );
      });
    }
    if (technologyIds && Array.isArray(app.technologies)) {
      app.technologies.forEach((id, index) => {
        if (typeof id !== 'string' || technologyIds.includes(id)) return;
        problems.push(
          `${where}: technologies[${index}]: "${id}" is not in content/technologies.ts; add it there (its name, official page and icon) or use one of ${technologyIds.join(', ')}`,
        );
      });
    }
    if (app.legal) {
      for (const doc of ['privacy.md', 'terms.md']) {
        if (!existsSync(path.join(appDir, doc))) {
          problems.push(`${where}: legal: is true but content/apps/${folder}/${doc} is missing`);
        }
      }
    }
    problems.push(...legalPageProblems(app, where, folder, appDir));
    if (parsed.success) problems.push(...checkAppLinks(parsed.data, where));
    if (parsed.success) apps.push(parsed.data);
  }
  if (raw.apps.length === 0) problems.push('content/apps/: no app folders found');

  if (problems.length > 0 || !site.success || !skills.success || !technologies.success) {
    throw new ContentError(problems);
  }
  apps.sort((a, b) => a.order - b.order);
  return {
    site: site.data,
    skills: skills.data,
    technologies: technologies.data,
    apps,
  };
}
