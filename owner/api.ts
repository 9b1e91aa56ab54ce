/**
 * The owner's API as the pages call it (common/owner-api.ts): JSON both ways, every change
 * with the session's change token, and a session that ended reported once, so the pages
 * show the sign-in again.
 */
import { CHANGE_TOKEN_HEADER, OWNER_API, type ErrorAnswer } from '../common/owner-api.ts';

/** A refusal of the API, with its status and the server's sentence. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

let changeToken = '';
let onSignedOut: () => void = () => undefined;

/** The session's change token (from GET /session), sent with every change. */
export function setChangeToken(token: string): void {
  changeToken = token;
}

/** What to do when a call finds the session ended. */
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

async function failure(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as ErrorAnswer | null;
  return new ApiError(
    response.status,
    body?.error.code ?? 'unavailable',
    body?.error.message ?? `The server answered ${response.status}; try again.`,
  );
}

/** Calls the API; resolves with its JSON answer (undefined for 204), rejects with an ApiError. */
export async function api<T>(
  path: string,
  { method = 'GET', body }: { method?: string; body?: unknown } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${OWNER_API}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(method === 'GET' ? {} : { [CHANGE_TOKEN_HEADER]: changeToken }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(
      0,
      'offline',
      'The server cannot be reached; check the connection and try again.',
    );
  }
  if (response.ok) {
    return (response.status === 204 ? undefined : await response.json()) as T;
  }
  const error = await failure(response);
  if (error.code === 'signed_out') onSignedOut();
  throw error;
}

/** The address of an export of the messages that match, to download. */
export function exportHref(format: 'csv' | 'json', query: URLSearchParams): string {
  const params = new URLSearchParams(query);
  params.set('format', format);
  return `${OWNER_API}/export?${params.toString()}`;
}
