import { site } from '../../../content/index.ts';

/** The page's language, where it is not the site's default (`es`): a message is sent with it. */
export const messageLanguage: string | undefined =
  __SITE_LANGUAGE__ === site.languages.default ? undefined : __SITE_LANGUAGE__;
