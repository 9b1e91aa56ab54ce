import type { ErrorAnswer } from '../../common/owner-api.ts';

/** The body of every refusal of the owner's API: a stable code and a sentence. */
export function errorAnswer(code: string, message: string): ErrorAnswer {
  return { error: { code, message } };
}
