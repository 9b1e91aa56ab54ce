/**
 * The All Projects slider as an island (`app/lib/island.tsx`): the slider and the app pages
 * it shows are their own chunk, so home's initial scripts carry none of it, and the page
 * goes live without waiting for it. Its arrows and its pages' controls answer before it is
 * live all the same (the early script), and it carries on from there.
 */
import { lazyIsland } from '../lib/island.tsx';

export const AllProjects = lazyIsland<{ labelledBy?: string; otherPagesAt?: string }>(
  'all-projects',
  () =>
    import('./all-projects-slider.tsx').then((module) => ({ default: module.AllProjectsSlider })),
);
