import { useEffect, useState } from 'react';
import { api } from './api.ts';

/** What went wrong, in the sentence the pages show. */
export function problemOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface Loaded<T> {
  /** The answer; undefined until it came. */
  value: T | undefined;
  /** Why it could not be read; empty when it could. */
  problem: string;
  /** Reads it again (after a change). */
  reload: () => void;
}

/** Reads `path` of the API, again whenever it changes or `reload` is called. */
export function useApi<T>(path: string): Loaded<T> {
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<{ value: T | undefined; problem: string }>({
    value: undefined,
    problem: '',
  });
  useEffect(() => {
    let current = true;
    api<T>(path).then(
      (value) => {
        if (current) setState({ value, problem: '' });
      },
      (error: unknown) => {
        if (current) setState((before) => ({ ...before, problem: problemOf(error) }));
      },
    );
    return () => {
      current = false;
    };
  }, [path, version]);
  return { ...state, reload: () => setVersion((before) => before + 1) };
}
