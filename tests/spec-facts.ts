/**
 * Facts the product specification states, written out once for the tests that check the
 * site against them. The tests compare the content and the pages with these, so they stay
 * independent of content/.
 */

/** The Skills list, in its order. */
export const SPEC_SKILLS = [
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
];

/** The apps in menu and slider order. */
export const SPEC_APP_ORDER = [
  'Watchlistr (Web)',
  'Watchlistr (Mobile)',
  'RecipeRealm',
  'EchoExpense',
  'OtakuHive',
  'Starship Pixelscape',
  'AutoArchive',
  'Steda',
  'Manzanos PopShop',
  'Sunshine Key West Challenge',
];
