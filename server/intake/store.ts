/** The intake's store: its writes, and the interface the feedback routes submit through. */
import type { Db, WriteList } from '../store/db.ts';
import { GroupCommit } from '../store/group-commit.ts';
import { LONGEST_CAP_WINDOW_MS } from './policy.ts';
import * as intake from './repository.ts';
import type { AcceptResult, FeedbackIntake, NewFeedback } from './types.ts';

export const intakeWrites = {
  accept: intake.accept,
  forgetExpired: intake.forgetExpired,
  forgetKeySalt: intake.forgetKeySalt,
} satisfies WriteList;

/** The intake and its end: `close` commits the messages still waiting for their group. */
export interface OpenIntake {
  readonly intake: FeedbackIntake;
  close(): Promise<void>;
}

/**
 * The intake over a connection: accepted messages are committed in groups, one transaction
 * per group, at most `queueLimit` waiting (default DEFAULT_QUEUE_LIMIT).
 */
export function feedbackIntake(db: Db<typeof intakeWrites>, queueLimit?: number): OpenIntake {
  const group = new GroupCommit((items: readonly NewFeedback[]) => db.write('accept', items), {
    ...(queueLimit === undefined ? {} : { maxWaiting: queueLimit }),
  });
  return {
    intake: {
      accept: (item): Promise<AcceptResult> => group.submit(item),
      findReplay: (key, now) => db.read(intake.findReplay(key, now)),
      forgetKeySalt: () => db.write('forgetKeySalt'),
      forgetExpired: (now) => db.write('forgetExpired', now, LONGEST_CAP_WINDOW_MS),
    },
    close: () => group.close(),
  };
}
