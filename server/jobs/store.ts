/** The job queue's writes that every kind's handler records its outcomes with. */
import type { WriteList } from '../store/db.ts';
import { complete, giveUp, releaseClaims, retryLater } from './repository.ts';

export const jobWrites = {
  completeJob: complete,
  retryJobLater: retryLater,
  giveUpJob: giveUp,
  releaseClaims,
} satisfies WriteList;
