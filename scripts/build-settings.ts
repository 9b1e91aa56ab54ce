/**
 * Settings that are fixed into the build: the public address (canonical links, sitemap,
 * link previews) and the build's id (used to tell a new deploy from a network failure when
 * a script chunk does not load).
 */
import { randomBytes } from 'node:crypto';

function readPublicUrl(): string {
  const raw = process.env.PUBLIC_URL ?? 'http://localhost:3000';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL: "${raw}" is not an absolute address like https://example.com`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`PUBLIC_URL: "${raw}" must start with https:// or http://`);
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}

export interface BuildSettings {
  /** The site's public address without a trailing slash, from PUBLIC_URL. */
  publicUrl: string;
  /** Unique per build. */
  buildId: string;
}

// Both config files (vite and react-router) read this module in the same process, so one
// build sees one id.
process.env.BUILD_ID ??= `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

export const buildSettings: BuildSettings = {
  publicUrl: readPublicUrl(),
  buildId: process.env.BUILD_ID,
};
