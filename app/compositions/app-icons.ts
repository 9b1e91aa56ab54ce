/**
 * The apps' icons by slug, as the build drew them (scripts/app-icons.ts), for the screens
 * that show an app's name: its page, the menu and its links' page. A module of its own, so
 * the menu's page carries these few addresses and nothing else of the apps.
 */
export { appIconSrc as appIcons } from '../generated/app-icons.ts';
