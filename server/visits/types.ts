/** Visits: what is counted, the counter's sums and the day's salt, and the owner's reports. */

/** A day's count of one thing, as stored: its visitors already counted. */
export interface VisitCountRecord {
  day: VisitDay;
  dimension: VisitDimension;
  key: string;
  detail: string;
  hits: number;
  visitors: number;
}

/**
 * What a visit counts, one row a day each: the site as a whole (key ''), a page (its path),
 * an app (its slug), a device class, a referrer's domain, a path that found no page, a
 * button of an app (key the slug, detail the button) and a QR code shown (the same).
 */
export type VisitDimension =
  'site' | 'page' | 'app' | 'device' | 'referrer' | 'not-found' | 'button' | 'qr';

/** A day, as the visit counts name it: `YYYY-MM-DD`, in UTC. */
export type VisitDay = string;

/** One day's count of one thing, as an instance adds what it saw since its last flush. */
export interface VisitCount {
  day: VisitDay;
  dimension: VisitDimension;
  key: string;
  /** The button of a `button` or `qr` count; '' for the others. */
  detail: string;
  /** Page views, visits from a referrer, or clicks, to add. */
  hits: number;
  /**
   * The visitors seen, each as a digest keyed with the day's salt and what was seen: one
   * counts once a day, over every instance, however often it is sent.
   */
  visitors: readonly string[];
}

/** A running instance of the server, as the day's salt is shared with it. */
export interface VisitInstance {
  instance: string;
  /** Its public key (X25519, SPKI, base64url); the private key is in its memory only. */
  publicKey: string;
}

/** The day's salt sealed to one instance's public key. */
export interface VisitSaltShare {
  instance: string;
  sealed: string;
}

/** Where the day's salt stands, as an instance sees it when it says it runs. */
export interface VisitSaltState {
  /** This instance's share of the day's salt; undefined when it has none. */
  own: string | undefined;
  /** Whether a running instance holds a share of the day's salt. */
  shared: boolean;
  /** The running instances without a share of the day's salt yet (this one among them). */
  without: VisitInstance[];
}

/** The visit counter of an instance: its sums, and the day's salt it shares with the others. */
export interface VisitRecorder {
  /** Adds counts, each visitor counted once a day; one transaction. */
  record(counts: readonly VisitCount[]): Promise<void>;
  /**
   * Says that `me` runs (instances silent since `staleBefore` are forgotten) and where the
   * salt of `day` stands.
   */
  heartbeat(
    me: VisitInstance,
    day: VisitDay,
    now: number,
    staleBefore: number,
  ): Promise<VisitSaltState>;
  /**
   * Stores a new salt for `day`, sealed to each running instance, unless a running instance
   * holds one already (another made it first): then false, and nothing is stored.
   */
  offerSalt(day: VisitDay, shares: readonly VisitSaltShare[]): Promise<boolean>;
  /** Gives instances that have none their share of the salt of `day`. */
  shareSalt(day: VisitDay, shares: readonly VisitSaltShare[]): Promise<void>;
  /**
   * Forgets counts of days before `keepSince`, and the visitors' digests and the salt's
   * shares of days before `today`.
   */
  forget(keepSince: VisitDay, today: VisitDay): Promise<void>;
}

/** The periods the owner reads visits over, in days up to today. */
export type VisitPeriod = 7 | 30 | 365;

/** Days from `from` to `to`, both included. */
export interface VisitRange {
  from: VisitDay;
  to: VisitDay;
}

/** Page views and visitors; visitors over several days are the sum of each day's. */
export interface VisitTotals {
  views: number;
  visitors: number;
}

export interface VisitDayTotals extends VisitTotals {
  day: VisitDay;
}

export interface PageVisits extends VisitTotals {
  /** The page's path, e.g. `/echoexpense/privacy`. */
  page: string;
}

/** The buttons of an app's page whose clicks are counted. */
export type VisitButton = 'landing' | 'appStore' | 'playStore' | 'testFlight';

export interface AppVisits extends VisitTotals {
  /** The app's slug. */
  app: string;
  /** Clicks on each of its buttons (on its page or in All Projects). */
  clicks: Record<VisitButton, number>;
  /** Its App Store, Play Store and TestFlight clicks together. */
  storeClicks: number;
  /** Store clicks per page view of the app (0 without views). */
  clickThroughRate: number;
  /** Times each button's QR code was shown (once per page view at most). */
  qrShown: Record<VisitButton, number>;
}

export interface ReferrerVisits {
  /** The referring site's domain, without `www.`; `(other)`: the day's least visited, past its bound. */
  domain: string;
  /** Visits that arrived from it. */
  visits: number;
}

export interface NotFoundVisits {
  /** The path that found no page; `(other)` past the day's distinct ones. */
  path: string;
  views: number;
}

export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

export interface DeviceVisits extends VisitTotals {
  device: DeviceClass;
}

/** Everything the owner's page shows of one period. */
export interface VisitReport {
  range: VisitRange;
  totals: VisitTotals;
  /** Every day of the range, oldest first, days without visits at 0. */
  days: VisitDayTotals[];
  /** Most viewed first. */
  pages: PageVisits[];
  /** Most viewed first; an app with clicks but no views is listed too. */
  apps: AppVisits[];
  /** Most visits first. */
  referrers: ReferrerVisits[];
  /** Most views first. */
  notFound: NotFoundVisits[];
  devices: DeviceVisits[];
}

/** The owner's reading of visits. */
export interface VisitStats {
  /**
   * The report of the last `period` days up to the day of `now` (UTC); each list holds
   * `limit` entries at most (default 10), the days all of them.
   */
  report(period: VisitPeriod, now: number, limit?: number): Promise<VisitReport>;
  days(range: VisitRange): Promise<VisitDayTotals[]>;
  pages(range: VisitRange, limit: number): Promise<PageVisits[]>;
  apps(range: VisitRange, limit: number): Promise<AppVisits[]>;
  referrers(range: VisitRange, limit: number): Promise<ReferrerVisits[]>;
  notFound(range: VisitRange, limit: number): Promise<NotFoundVisits[]>;
  devices(range: VisitRange): Promise<DeviceVisits[]>;
}
