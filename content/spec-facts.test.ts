/**
 * The one place where the shipped sample content is compared with the specification's
 * facts (tests/spec-facts.ts). Every other test checks the site against whatever content/
 * holds, so an owner's own content fails here alone, with the file to look at.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  isSampleContent,
  SPEC_APPS,
  SPEC_CODE_HOST_URL,
  SPEC_OWNER_NAME,
  SPEC_SKILLS,
} from '../tests/spec-facts.ts';
import { site, skills } from './index.ts';
import { content } from './load.ts';
import type { App } from './schema.ts';

// The whole content, as the build reads it (the browser's leaves out the screenshots).
const { apps } = content;

const HOW_TO_ACCEPT = `These facts are checked while content/ is the sample: its owner "${SPEC_OWNER_NAME}" and its ten apps. If you changed the sample on purpose, update tests/spec-facts.ts to match it; if the site is now yours, put your name in content/site.ts.`;

const sampleInPlace = isSampleContent(
  site.ownerName,
  apps.map((app) => app.slug),
);

function screenshotCount(screenshots: App['screenshots']): number {
  return Array.isArray(screenshots) ? screenshots.length : screenshots.placeholders;
}

/** One line per difference, naming the content file and the field. */
function appDifferences(): string[] {
  const differences: string[] = [];
  const bySlug = new Map(apps.map((app) => [app.slug, app]));
  for (const fact of SPEC_APPS) {
    const file = `content/apps/${fact.slug}/app.ts`;
    const app = bySlug.get(fact.slug);
    if (!app) {
      differences.push(`${file}: missing; the specification's sample has the app ${fact.name}`);
      continue;
    }
    const actual = {
      name: app.name,
      titleHref: app.titleHref,
      buttons: app.buttons.map((button) => [button.kind, button.href]),
      technologies: app.technologies,
      screenshots: screenshotCount(app.screenshots),
      legal: app.legal,
    };
    for (const [field, value] of Object.entries(actual)) {
      const expected = fact[field as keyof typeof actual];
      if (JSON.stringify(value) !== JSON.stringify(expected)) {
        differences.push(
          `${file}: ${field} is ${JSON.stringify(value)}; the specification's sample has ${JSON.stringify(expected)}`,
        );
      }
    }
  }
  for (const app of apps) {
    if (!SPEC_APPS.some((fact) => fact.slug === app.slug)) {
      differences.push(`content/apps/${app.slug}/app.ts: not an app of the specification's sample`);
    }
  }
  const order = apps.map((app) => app.name);
  const specOrder = SPEC_APPS.map((app) => app.name);
  if (JSON.stringify(order) !== JSON.stringify(specOrder)) {
    differences.push(
      `content/apps/*/app.ts: order gives ${order.join(', ')}; the specification's sample is ${specOrder.join(', ')}`,
    );
  }
  return differences;
}

// Only one of the two is defined: the facts while the sample is in place, one line once not.
if (sampleInPlace) {
  describe('the shipped sample content matches the specification', () => {
    it('has its ten apps, in order, with their links, buttons, logo rows, screenshot counts and legal pages', () => {
      expect(appDifferences(), HOW_TO_ACCEPT).toEqual([]);
    });

    it('has its Skills list in order', () => {
      expect(skills, `content/skills.ts differs from the specification. ${HOW_TO_ACCEPT}`).toEqual(
        SPEC_SKILLS,
      );
    });

    it("links every logo row to the owner's code-host profile", () => {
      expect(
        site.codeHostUrl,
        `content/site.ts: codeHostUrl differs from the specification. ${HOW_TO_ACCEPT}`,
      ).toBe(SPEC_CODE_HOST_URL);
    });

    it("has the storefront's Terms of Use with its age limit and governing law", () => {
      const file = 'content/apps/manzanos-popshop/terms.md';
      const terms = readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
      const message = `${file} differs from the specification. ${HOW_TO_ACCEPT}`;
      expect(terms, message).toMatch(/at least 18 years old/);
      expect(terms, message).toMatch(/State of Florida/);
    });
  });
} else {
  describe('content of its own', () => {
    it("is the owner's, so the specification's facts about the sample step aside", () => {
      console.info(
        `The specification's facts about the sample are not checked: content/ is the site's own (owner ${site.ownerName}, ${apps.length} apps).`,
      );
      expect(
        isSampleContent(
          site.ownerName,
          apps.map((app) => app.slug),
        ),
      ).toBe(false);
    });
  });
}
