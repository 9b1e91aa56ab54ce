/** Push notifications: their rows and the queue the notifier claims them from. */
import type { StoredMessage } from '../intake/types.ts';
import type { JobClaimOptions } from '../jobs/types.ts';

/** A push notification claimed for sending, with what it tells. */
export interface ClaimedNotification {
  id: string;
  kind: 'message' | 'delivery-paused';
  /** The number of this attempt. */
  attempt: number;
  createdAt: number;
  /** The new message (kind `message`). */
  message?: Pick<
    StoredMessage,
    'id' | 'appName' | 'firstName' | 'lastName' | 'email' | 'message' | 'receivedAt'
  >;
  /** The pause's reason (kind `delivery-paused`). */
  detail: string | null;
}

/** The push notifier: claims due notifications under a lease and records each attempt. */
export interface NotificationQueue {
  claim(options: JobClaimOptions): Promise<ClaimedNotification[]>;
  /** Delivered at `at`. */
  recordSent(id: string, at: number): Promise<void>;
  recordRetry(id: string, holder: string, nextAttemptAt: number, error: string): Promise<void>;
  recordDead(id: string, holder: string, error: string): Promise<void>;
  releaseClaims(holder: string, now: number): Promise<number>;
  /** When the next notification falls due (or a lease runs out); undefined when none waits. */
  nextDueAt(): Promise<number | undefined>;
}
