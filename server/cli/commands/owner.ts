/**
 * The owner's pages: a link that adds a passkey.
 */
import { defaultPublicUrl } from '../../../common/public-address.ts';
import { readSettings } from '../../config.ts';
import { createEnrolmentLink } from '../../owner/actions.ts';
import { ownerPagesUrl } from '../../owner/settings.ts';
import { settingsFilePath } from '../../settings-file.ts';
import type { Command } from '../command.ts';
import { when } from '../output.ts';

export const OWNER_COMMANDS: Record<string, Command> = {
  'owner-link': {
    usage: 'owner-link',
    help: 'A link that adds a passkey to the owner’s pages (/owner): open it within 15 minutes on the device that is to hold the passkey; it works once, and replaces any link made before. Made for OWNER_URL, or else PUBLIC_URL, read as the server reads them (the environment, then the settings file).',
    options: [],
    async run({ access, io, now, settings, values }) {
      const { OWNER_URL, PUBLIC_URL, PORT } = readSettings(
        ['OWNER_URL', 'PUBLIC_URL', 'PORT'],
        settings.env,
        settings.file,
      );
      const { url, expiresAt } = await createEnrolmentLink(
        access,
        ownerPagesUrl(OWNER_URL ?? PUBLIC_URL ?? defaultPublicUrl(PORT)),
        now,
        'from the command line',
      );
      const from = (name: string) =>
        settings.file?.applied.has(name) ? settings.file.path : 'the environment';
      const address =
        OWNER_URL !== undefined
          ? `The address is OWNER_URL’s, from ${from('OWNER_URL')}.`
          : PUBLIC_URL !== undefined
            ? `The address is PUBLIC_URL’s, from ${from('PUBLIC_URL')}.`
            : `Neither OWNER_URL nor PUBLIC_URL is set, so the address is this machine’s on port ${PORT}. If the site answers at another, set PUBLIC_URL in ${settingsFilePath(io.env, values['data-dir']).path}, which the server reads too, and run this again.`;
      io.out(
        [
          'Open this link on the device that is to hold the passkey, within 15 minutes; it works once:',
          '',
          `  ${url}`,
          '',
          `It runs out at ${when(expiresAt)}. A new link replaces this one.`,
          address,
        ].join('\n'),
      );
      return 0;
    },
  },
};
