/**
 * autocannon, the load generator of the benchmarks, with the part of its API they use
 * (the package ships no types).
 */
import { createRequire } from 'node:module';

export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; max: number; average: number };
  throughput: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats?: Record<string, { count: number }>;
  duration: number;
}

export interface AutocannonRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface AutocannonOptions {
  /** Several: the connections are spread over them in turn. */
  url: string | string[];
  connections: number;
  /** Seconds. */
  duration: number;
  headers?: Record<string, string>;
  requests?: {
    setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
    onResponse?: (status: number, body: string) => void;
  }[];
}

const require = createRequire(import.meta.url);
export const autocannon = require('autocannon') as (
  options: AutocannonOptions,
) => Promise<AutocannonResult>;
