import type { SkillsInput } from './schema.ts';

/** The Skills list on the home page, in display order. */
export const skills = [
  'HTML',
  'CSS',
  'JavaScript',
  'Python',
  'React',
  'Swift',
  'Flask',
  'ExpressJS',
  'NodeJS',
  'GIT',
  'PostgresSQL',
  'MySQL',
  'Data Analysis',
  'PHPMyAdmin',
  'Algorithms',
  'UI/UX Design',
  'Debugging',
  'Testing',
  'Full-Stack Developer',
] satisfies SkillsInput;
