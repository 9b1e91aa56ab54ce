/**
 * Changing what is delivered: send a message again, or judge it spam or not.
 */
import { markSpam, releaseSpam, sendAgain, sendAllDeadAgain } from '../../owner/actions.ts';
import type { Settings } from '../../settings-file.ts';
import type { StoredMessage } from '../../intake/types.ts';
import type { OwnerQueries } from '../../owner/types.ts';
import { acting, findOne, type CliIo, type Command } from '../command.ts';
import { plural, printable } from '../output.ts';
import { deliveryIsOn } from '../settings.ts';

function requeued(message: StoredMessage, io: CliIo, kinds: string): number {
  io.err(
    message.status === 'sending'
      ? `${message.id} is being sent right now.`
      : `${message.id} is ${message.status}: only ${kinds} can be sent again.`,
  );
  return 1;
}

/** What a waiting message made due now waits for still, if anything. */
async function stillHeld(store: OwnerQueries, settings: Settings): Promise<string> {
  if (!deliveryIsOn(settings.env, settings.file)) {
    return ' Delivery is off (SMTP_URL is not set), so it waits in the store.';
  }
  const pause = await store.deliveryPause();
  if (pause) {
    return ` Delivery is paused (${printable(pause.reason)}): the server tries the mail server again now, with one waiting message, and this one goes once it works.`;
  }
  return '';
}

export const DELIVERY_COMMANDS: Record<string, Command> = {
  retry: {
    usage: 'retry ID | retry --dead',
    help: 'Send a dead message (or one taken for spam) again, or a waiting one now: its wait for the next try ends, its attempts are kept. --dead: every dead message.',
    options: ['dead'],
    async run(context) {
      const { store, values, args, io, settings } = context;
      const [owner, actor] = acting(context);
      if (values.dead) {
        const count = await sendAllDeadAgain(owner, actor);
        io.out(
          count === 0
            ? 'No dead messages.'
            : `Queued ${plural(count, 'dead message')} again; the server sends ${count === 1 ? 'it' : 'them'} shortly.`,
        );
        return 0;
      }
      const result = await sendAgain(owner, actor, (await findOne(store, args[0])).id);
      if (result.kind === 'queued' && (result.was === 'pending' || result.was === 'sending')) {
        io.out(
          `${result.message.id} is due now: the server tries it within seconds, as attempt ${result.message.attempts + 1}.${await stillHeld(store, settings)}`,
        );
        return 0;
      }
      if (result.kind === 'queued') {
        io.out(`Queued ${result.message.id} again; the server sends it shortly.`);
        return 0;
      }
      if (result.kind === 'already') {
        return requeued(result.message, io, 'dead, waiting and spam messages');
      }
      throw new Error('No such message.');
    },
  },
  'not-spam': {
    usage: 'not-spam ID',
    help: 'A message taken for spam is a person’s after all: queue it for delivery.',
    options: [],
    async run(context) {
      const { store, args, io } = context;
      const result = await releaseSpam(...acting(context), (await findOne(store, args[0])).id);
      if (result.kind === 'queued') {
        io.out(`Released ${result.message.id} from spam; the server sends it shortly.`);
        return 0;
      }
      if (result.kind === 'already') return requeued(result.message, io, 'messages taken for spam');
      throw new Error('No such message.');
    },
  },
  spam: {
    usage: 'spam ID',
    help: 'Take a message for spam: it is not mailed (or not again) and is listed as spam, until `not-spam ID`.',
    options: [],
    async run(context) {
      const { store, args, io } = context;
      const result = await markSpam(...acting(context), (await findOne(store, args[0])).id);
      if (result.kind === 'changed') {
        io.out(
          `Marked ${result.message.id} as spam; \`not-spam ${result.message.id}\` releases it.`,
        );
        return 0;
      }
      if (result.kind === 'already') {
        io.err(
          `${result.message.id} is ${result.message.status}: ${result.message.status === 'spam' ? 'it is spam already' : 'it is being sent right now; try again in a moment'}.`,
        );
        return 1;
      }
      throw new Error('No such message.');
    },
  },
};
