/**
 * Signs beyond the honeypot that a message was written by software. A message that shows
 * one is stored as spam (kept, never mailed; `feedback list --status spam` shows it and
 * `feedback not-spam ID` releases it), and its sender gets the usual 202.
 */
import {
  FEEDBACK_MIN_FILL_MS,
  FORM_OPEN_FIELD,
  HONEYPOT_FIELD,
  type Feedback,
} from '../../common/feedback.ts';
import type { SpamReason } from './types.ts';

/** A link: from http://, https:// or www. up to the next white space. */
const LINK = /\b(?:https?:\/\/|www\.)\S+/gi;

/** Fewer words than this outside the links, and a message made mostly of links is spam. */
const MOSTLY_LINKS_MAX_OTHER_WORDS = 10;

/**
 * The rule for "mostly links": the message has a link, its links (see LINK) make up more
 * than half of its characters other than white space, and the rest of it is fewer than ten
 * words. A sentence or two around a link is a person's; a bare list of links is not.
 */
export function isMostlyLinks(message: string): boolean {
  const links = message.match(LINK) ?? [];
  if (links.length === 0) return false;
  const linkChars = links.reduce((sum, link) => sum + link.length, 0);
  const allChars = message.replace(/\s+/g, '').length;
  const otherWords = message
    .replace(LINK, ' ')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return linkChars * 2 > allChars && otherWords < MOSTLY_LINKS_MAX_OTHER_WORDS;
}

/** Why a payload is taken for spam, or undefined when it is not. */
export function spamReason(feedback: Feedback): SpamReason | undefined {
  if ((feedback[HONEYPOT_FIELD] ?? '') !== '') return 'honeypot';
  const openMs = feedback[FORM_OPEN_FIELD];
  if (openMs !== undefined && openMs < FEEDBACK_MIN_FILL_MS) return 'too-fast';
  if (isMostlyLinks(feedback.message)) return 'mostly-links';
  return undefined;
}
