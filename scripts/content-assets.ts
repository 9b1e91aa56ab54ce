/**
 * What the build generates from content/ before Vite runs: the screenshots (images and
 * their manifest module), the technology marks module, the apps' icons (images and module),
 * and the résumé (its copy and its module). Run by `npm run screenshots` (part of build and
 * dev) and again by the dev server whenever content/ changes.
 */
import path from 'node:path';
import type { Content } from '../content/validate.ts';
import { writeAppIcons } from './app-icons.ts';
import { root } from './load-content.ts';
import { writeResume } from './resume.ts';
import { buildScreenshots, type ScreenshotPipelineResult } from './screenshots.ts';
import { writeTechnologyIcons } from './technology-icons.ts';

export function buildContentAssets(
  content: Content,
  contentDir: string,
): Promise<ScreenshotPipelineResult> {
  return Promise.all([
    buildScreenshots({
      apps: content.apps,
      contentDir,
      outDir: path.join(root, 'public/assets/screenshots'),
      publicPath: '/assets/screenshots',
      manifestFile: path.join(root, 'app/generated/screenshots.ts'),
      typeModule: path.join(root, 'common/screenshot.ts'),
    }),
    writeTechnologyIcons({
      technologies: content.technologies,
      contentDir,
      moduleFile: path.join(root, 'app/generated/technology-icons.ts'),
    }),
    writeAppIcons({
      apps: content.apps,
      contentDir,
      outDir: path.join(root, 'public/assets/icons'),
      publicPath: '/assets/icons',
      moduleFile: path.join(root, 'app/generated/app-icons.ts'),
    }),
    writeResume({
      site: content.site,
      contentDir,
      publicDir: path.join(root, 'public'),
      moduleFile: path.join(root, 'app/generated/resume.ts'),
    }),
  ]).then(([screenshots]) => screenshots);
}
