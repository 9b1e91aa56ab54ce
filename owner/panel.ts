/**
 * A section of the owner's pages: one module in `panels/` that exports `panel`. The
 * dashboard finds every such module itself (dashboard.tsx), so a new section is its module
 * here, its API's routes on the server, and its answer's type in `common/owner-api.ts`.
 */
import type { ComponentType } from 'react';
import type { SessionAnswer } from '../common/owner-api.ts';

/** Whether messages are mailed now: on, off (no SMTP_URL) or paused (the mail server refuses). */
export type Delivery = 'on' | 'off' | 'paused';

/** What every section is given. */
export interface PanelProps {
  session: SessionAnswer;
  delivery: Delivery;
}

export interface Panel {
  /** Its tab's words. */
  label: string;
  /** Its tab's place, from the left. */
  order: number;
  /** Its address under /owner: "/visits" (the inbox's is "/"). */
  path: string;
  /** Other addresses it shows, as route patterns: the inbox's "/messages/:id". */
  alsoAt?: readonly string[];
  Page: ComponentType<PanelProps>;
}
