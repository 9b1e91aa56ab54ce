/** The visit counter's store: its writes, and the counter's and the reports' interfaces. */
import type { Db, WriteList } from '../store/db.ts';
import * as visits from './repository.ts';
import type { VisitRecorder, VisitStats } from './types.ts';

/** Entries of each list of a visit report, by default. */
const REPORT_LIMIT = 10;

export const visitWrites = {
  recordVisits: visits.recordVisits,
  visitHeartbeat: visits.visitHeartbeat,
  offerVisitSalt: visits.offerVisitSalt,
  shareVisitSalt: visits.shareVisitSalt,
  forgetVisits: visits.forgetVisits,
} satisfies WriteList;

export function visitRecorder(db: Db<typeof visitWrites>): VisitRecorder {
  return {
    record: (items) => db.write('recordVisits', items),
    heartbeat: (me, day, now, staleBefore) => db.write('visitHeartbeat', me, day, now, staleBefore),
    offerSalt: (day, shares) => db.write('offerVisitSalt', day, shares),
    shareSalt: (day, shares) => db.write('shareVisitSalt', day, shares),
    forget: (keepSince, today) => db.write('forgetVisits', keepSince, today),
  };
}

export function visitStats(db: Db<typeof visitWrites>): VisitStats {
  return {
    report: (period, now, limit = REPORT_LIMIT) => db.read(visits.visitReport(period, now, limit)),
    days: (range) => db.read(visits.visitDays(range)),
    pages: (range, limit) => db.read(visits.visitPages(range, limit)),
    apps: (range, limit) => db.read(visits.visitApps(range, limit)),
    referrers: (range, limit) => db.read(visits.visitReferrers(range, limit)),
    notFound: (range, limit) => db.read(visits.visitNotFound(range, limit)),
    devices: (range) => db.read(visits.visitDevices(range)),
  };
}
