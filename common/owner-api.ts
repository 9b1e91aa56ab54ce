/**
 * The API of the owner's pages (`/owner/api/…`), shared by the server and the owner's
 * client: the bodies it takes (zod, checked by the server) and the answers it gives
 * (types). The client imports the types alone, so its bundle carries no schema.
 */
import { z } from 'zod';
import type { FeedbackFormValues } from './feedback.ts';

/** Where the owner's pages and their API live, below the site's address. */
export const OWNER_PAGES = '/owner';
export const OWNER_API = '/owner/api';

/** The request header that carries a session's change token. */
export const CHANGE_TOKEN_HEADER = 'x-owner-token';

/** A browser's answer to a passkey ceremony, as @simplewebauthn/browser gives it. */
export const CredentialSchema = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().min(1).max(16_384) }),
  clientExtensionResults: z.looseObject({}),
});
export type Credential = z.infer<typeof CredentialSchema>;

/** A passkey's name as the owner gives it. */
const PasskeyName = z.string().trim().min(1, 'Give the passkey a name.').max(60);

export const SignInBodySchema = z.strictObject({ credential: CredentialSchema });

/** The enrolment link's secret, from the link's fragment. */
const LinkSecret = z.string().min(20).max(100);

export const EnrolOptionsBodySchema = z.strictObject({ link: LinkSecret });
export const EnrolBodySchema = z.strictObject({
  link: LinkSecret,
  name: PasskeyName,
  credential: CredentialSchema,
});
/**
 * A fresh check with one of the owner's passkeys, to options from `/passkeys/confirm/options`:
 * asked before a passkey is added or removed.
 */
export const ConfirmBodySchema = z.strictObject({ confirmation: CredentialSchema });
export const AddPasskeyBodySchema = z.strictObject({
  name: PasskeyName,
  credential: CredentialSchema,
});

export const ReadBodySchema = z.strictObject({ read: z.boolean() });
export const ForgetBodySchema = z.strictObject({
  email: z.string().trim().min(3).max(320),
  /** False: only how many messages it would delete. */
  confirm: z.boolean(),
});

/** The statuses the inbox filters by: a delivery state, spam, or unread. */
export const INBOX_FILTERS = ['all', 'unread', 'pending', 'sent', 'dead', 'spam'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

export const MessagesQuerySchema = z.strictObject({
  app: z.string().max(200).optional(),
  filter: z.enum(INBOX_FILTERS).default('all'),
  q: z.string().max(200).optional(),
  /** The last message of the page before: `receivedAt.id`. */
  after: z
    .string()
    .regex(/^\d{1,15}\.[0-9a-f-]{36}$/)
    .optional(),
});

export const ExportQuerySchema = z.strictObject({
  format: z.enum(['csv', 'json']),
  app: z.string().max(200).optional(),
  filter: z.enum(INBOX_FILTERS).default('all'),
  q: z.string().max(200).optional(),
});

export type MessageStatusName = 'pending' | 'sending' | 'sent' | 'dead' | 'spam';

/** A message as the inbox lists it: the form's fields, and its state. */
export interface InboxMessage extends FeedbackFormValues {
  id: string;
  receivedAt: number;
  appName: string;
  status: MessageStatusName;
  /** Why it was taken for spam, in words; null when it was not. */
  spamReason: string | null;
  attempts: number;
  nextAttemptAt: number | null;
  lastError: string | null;
  sentAt: number | null;
  readAt: number | null;
  /** The language of the page it was sent from (`es`); null: the site's default language. */
  language: string | null;
}

export interface InboxAttempt {
  attempt: number;
  finishedAt: number;
  outcome: 'sent' | 'retry' | 'dead';
  detail: string | null;
}

export interface MessagesAnswer {
  messages: InboxMessage[];
  /** The `after` of the next page; null on the last. */
  next: string | null;
}

export interface MessageAnswer {
  message: InboxMessage;
  attempts: InboxAttempt[];
}

/** What a signed-in page learns first. */
export interface SessionAnswer {
  /** The token each change carries (CHANGE_TOKEN_HEADER). */
  token: string;
  /** When this session ends unless used before. */
  endsAt: number;
  /** The site's apps, by name, for the inbox's filter. */
  apps: string[];
  /** The pause of delivery, if the mail server refuses the site. */
  deliveryPaused: { reason: string; since: number } | null;
  /** Whether messages are mailed at all (SMTP_URL). */
  deliveryOn: boolean;
}

export interface PasskeyAnswer {
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

export interface SessionListEntry {
  id: string;
  createdAt: number;
  seenAt: number;
  address: string;
  userAgent: string;
  /** The session of the page asking. */
  current: boolean;
}

/** Audit entries in a page of GET /audit: fewer means there are no older ones. */
export const AUDIT_PAGE = 100;

export interface AuditAnswerEntry {
  id: string;
  at: number;
  action: string;
  /** The action in words, e.g. "Signed in". */
  label: string;
  detail: string | null;
  address: string | null;
}

export interface ErrorAnswer {
  error: { code: string; message: string };
}

/** The periods the Visits section reads, in days up to today. */
export const VISIT_PERIODS = [7, 30, 365] as const;
export type VisitPeriodDays = (typeof VISIT_PERIODS)[number];

export const VisitsQuerySchema = z.strictObject({
  days: z
    .enum(VISIT_PERIODS.map(String) as ['7', '30', '365'], {
      error: 'days is 7, 30 or 365.',
    })
    .transform((days) => Number(days) as VisitPeriodDays),
});

interface VisitFigures {
  views: number;
  visitors: number;
}

/** The visits of one period, as GET /visits?days= answers them. */
export interface VisitsAnswer {
  /** The first and last day (`YYYY-MM-DD`, UTC), both included. */
  range: { from: string; to: string };
  totals: VisitFigures;
  /** Every day of the range, oldest first. */
  days: (VisitFigures & { day: string })[];
  pages: (VisitFigures & { page: string })[];
  /** Each app by its slug (`app`) and its name now (the slug of an app no longer listed). */
  apps: (VisitFigures & {
    app: string;
    name: string;
    /** Its icon's address on the site, where it has one. */
    icon?: string;
    storeClicks: number;
    clickThroughRate: number;
  })[];
  referrers: { domain: string; visits: number }[];
  notFound: { path: string; views: number }[];
}
