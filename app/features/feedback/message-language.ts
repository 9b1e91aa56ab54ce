import { otherLanguage } from '../../../content/index.ts';

/** The page's language, where it is not the site's default (`es`): a message is sent with it. */
export const messageLanguage: string | undefined = otherLanguage;
