/**
 * The QR codes of the store links: scripts/qr-codes.ts draws them before the build, and each
 * app's page offers them beside its store buttons to visitors on a computer.
 */

/** The buttons whose link the page offers as a QR code: those a visitor installs from a phone. */
export const SCANNABLE_BUTTONS: readonly string[] = ['appStore', 'playStore', 'testFlight'];

/** Where the QR code of an app's button is: an SVG file of the site's own. */
export function qrCodePath(slug: string, kind: string): string {
  return `/qr/${slug}-${kind}.svg`;
}
