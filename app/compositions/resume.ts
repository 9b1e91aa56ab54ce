/**
 * The owner's résumé as the home page links it (its address and its size), written by the
 * build from content/site.ts's `resume` (scripts/resume.ts); undefined when it names none.
 */
export { resume } from '../generated/resume.ts';
