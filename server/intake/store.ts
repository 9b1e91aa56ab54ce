/** The intake's store: its writes, and the interface the feedback routes submit through. */
import type { Db, WriteList } from '../store/db.ts';
import * as intake from './repository.ts';
import type { AcceptResult, FeedbackIntake, NewFeedback } from './types.ts';

export const intakeWrites = {
  accept: intake.accept,
  forgetExpired: intake.forgetExpired,
  forgetKeySalt: intake.forgetKeySalt,
} satisfies WriteList;

/** The intake, its messages accepted through `submit` (committed in groups). */
export function feedbackIntake(
  db: Db<typeof intakeWrites>,
  submit: (item: NewFeedback) => Promise<AcceptResult>,
): FeedbackIntake {
  return {
    accept: submit,
    findReplay: (key, now) => db.read(intake.findReplay(key, now)),
    forgetKeySalt: () => db.write('forgetKeySalt'),
  };
}
