/**
 * The Visits section's API, signed in: the counts of the last 7, 30 or 365 days, and a
 * clear refusal of any other period; nothing without a session.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { VisitsAnswer } from '../../common/owner-api.ts';
import { TestClock, type TestServer } from '../../tests/server/helpers.ts';
import { signedInOwner, type Browser } from '../../tests/server/owner-browser.ts';
import type { VisitCount } from '../visits/types.ts';

let server: TestServer;
let browser: Browser;

beforeEach(async () => {
  ({ server, browser } = await signedInOwner(new TestClock(Date.UTC(2025, 2, 10, 12))));
});

afterEach(async () => {
  await server.close();
});

function count(day: string, fields: Partial<VisitCount>): VisitCount {
  return { day, dimension: 'site', key: '', detail: '', hits: 1, visitors: ['a'], ...fields };
}

test('answers the counts of the period asked for', async () => {
  await server.app.visitRecorder.record([
    count('2025-03-10', { hits: 3, visitors: ['a', 'b'] }),
    count('2025-03-10', { dimension: 'page', key: '/echoexpense', hits: 3, visitors: ['a', 'b'] }),
    count('2025-03-10', { dimension: 'app', key: 'echoexpense', hits: 2, visitors: ['a'] }),
    count('2025-03-10', { dimension: 'button', key: 'echoexpense', detail: 'appStore' }),
    count('2025-03-10', { dimension: 'referrer', key: 'example.com', hits: 2 }),
    count('2025-03-10', { dimension: 'not-found', key: '/nothing-here' }),
    count('2025-02-20', { hits: 5, visitors: ['c'] }),
  ]);

  const week = await browser.request({ url: '/owner/api/visits?days=7' });
  expect(week.statusCode, week.body).toBe(200);
  expect(week.headers['cache-control']).toBe('no-store');
  const answer = week.json<VisitsAnswer>();
  expect(answer.range).toEqual({ from: '2025-03-04', to: '2025-03-10' });
  expect(answer.totals).toEqual({ views: 3, visitors: 2 });
  expect(answer.days).toHaveLength(7);
  expect(answer.days.at(-1)).toEqual({ day: '2025-03-10', views: 3, visitors: 2 });
  expect(answer.days[0]).toEqual({ day: '2025-03-04', views: 0, visitors: 0 });
  expect(answer.pages).toEqual([{ page: '/echoexpense', views: 3, visitors: 2 }]);
  expect(answer.apps).toEqual([
    {
      app: 'echoexpense',
      name: 'EchoExpense',
      icon: '/assets/icons/echoexpense-1a2b3c4d.png',
      views: 2,
      visitors: 1,
      storeClicks: 1,
      clickThroughRate: 0.5,
    },
  ]);
  expect(answer.referrers).toEqual([{ domain: 'example.com', visits: 2 }]);
  expect(answer.notFound).toEqual([{ path: '/nothing-here', views: 1 }]);

  const month = (await browser.request({ url: '/owner/api/visits?days=30' })).json<VisitsAnswer>();
  expect(month.range).toEqual({ from: '2025-02-09', to: '2025-03-10' });
  expect(month.days).toHaveLength(30);
  expect(month.totals).toEqual({ views: 8, visitors: 3 });
  const year = (await browser.request({ url: '/owner/api/visits?days=365' })).json<VisitsAnswer>();
  expect(year.days).toHaveLength(365);
});

test('refuses any other period with its reason', async () => {
  for (const query of [
    '',
    '?days=14',
    '?days=7.0',
    '?days=abc',
    '?days=7&days=30',
    '?days=7&x=1',
  ]) {
    const response = await browser.request({ url: `/owner/api/visits${query}` });
    expect(response.statusCode, query).toBe(400);
    expect(response.json<{ error: { code: string } }>().error.code, query).toBe('invalid_body');
  }
  const response = await browser.request({ url: '/owner/api/visits?days=14' });
  expect(response.json<{ error: { message: string } }>().error.message).toBe(
    'days is 7, 30 or 365.',
  );
});
