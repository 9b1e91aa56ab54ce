import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  compare,
  limits,
  median,
  readBudgets,
  renderTable,
  type BudgetFile,
  type Limit,
} from './budgets.ts';

const FILE: BudgetFile = {
  pages: { '/': 'home', '/projects': 'All Projects' },
  budgets: {
    'lighthouse.mobile.performance': {
      label: 'Performance',
      unit: 'score',
      min: 100,
      perPage: true,
    },
    'bundle.home.js': { label: 'Home JavaScript', unit: 'bytes', max: 133_120, perPage: false },
    'lighthouse.scene.script-tbt': {
      label: 'Scene script',
      unit: 'ms',
      tracked: true,
      perPage: false,
    },
  },
};

function limit(id: string): Limit {
  const found = limits(FILE).find((one) => one.id === id);
  if (!found) throw new Error(`no limit ${id}`);
  return found;
}

describe('limits', () => {
  it('expands a per-page budget to one limit per page, with its direction', () => {
    expect(limits(FILE)).toEqual([
      {
        id: 'lighthouse.mobile.performance /',
        page: 'home',
        label: 'Performance',
        unit: 'score',
        direction: 'min',
        limit: 100,
      },
      {
        id: 'lighthouse.mobile.performance /projects',
        page: 'All Projects',
        label: 'Performance',
        unit: 'score',
        direction: 'min',
        limit: 100,
      },
      {
        id: 'bundle.home.js',
        label: 'Home JavaScript',
        unit: 'bytes',
        direction: 'max',
        limit: 133_120,
      },
      {
        id: 'lighthouse.scene.script-tbt',
        label: 'Scene script',
        unit: 'ms',
        direction: 'tracked',
        limit: 0,
      },
    ]);
  });
});

describe('compare', () => {
  it('meets an upper budget at or below it and misses it above', () => {
    const js = [limit('bundle.home.js')];
    expect(compare(js, { 'bundle.home.js': 133_120 })[0]?.met).toBe(true);
    expect(compare(js, { 'bundle.home.js': 100 })[0]?.met).toBe(true);
    expect(compare(js, { 'bundle.home.js': 133_121 })[0]?.met).toBe(false);
  });

  it('meets a lower budget at or above it and misses it below', () => {
    const score = [limit('lighthouse.mobile.performance /')];
    expect(compare(score, { 'lighthouse.mobile.performance /': 100 })[0]?.met).toBe(true);
    expect(compare(score, { 'lighthouse.mobile.performance /': 99 })[0]?.met).toBe(false);
  });

  it('misses a budget whose figure is missing or not a number', () => {
    const all = limits(FILE).filter((one) => one.direction !== 'tracked');
    const rows = compare(all, {
      'lighthouse.mobile.performance /': 100,
      'bundle.home.js': Number.NaN,
    });
    expect(rows.map((row) => [row.id, row.value, row.met])).toEqual([
      ['lighthouse.mobile.performance /', 100, true],
      ['lighthouse.mobile.performance /projects', null, false],
      ['bundle.home.js', null, false],
    ]);
  });

  it('keeps a figure for one page apart from another page’s', () => {
    const rows = compare(limits(FILE), { 'lighthouse.mobile.performance /projects': 100 });
    expect(rows.find((row) => row.page === 'home')?.met).toBe(false);
    expect(rows.find((row) => row.page === 'All Projects')?.met).toBe(true);
  });
});

describe('renderTable', () => {
  it('sets every figure beside its budget, marks each met or missed, and counts the missed', () => {
    const table = renderTable(
      compare(
        limits(FILE).filter((one) => one.direction !== 'tracked'),
        {
          'lighthouse.mobile.performance /': 100,
          'lighthouse.mobile.performance /projects': 98,
          'bundle.home.js': 133_116,
        },
      ),
    );
    expect(table.split('\n')).toEqual([
      '| Figure | Page | Measured | Budget | |',
      '| --- | --- | ---: | ---: | --- |',
      '| Performance | home | 100 | ≥ 100 | met |',
      '| Performance | All Projects | 98 | ≥ 100 | **missed** |',
      '| Home JavaScript |  | 130.0 KB (133,116 B) | ≤ 130.0 KB (133,120 B) | met |',
      '',
      '1 of 3 figures missed.',
      '',
    ]);
  });

  it('says so when every budget is met, and shows a missing figure as not measured', () => {
    expect(renderTable(compare([limit('bundle.home.js')], { 'bundle.home.js': 1 }))).toContain(
      'All 1 budgets met.',
    );
    expect(renderTable(compare([limit('bundle.home.js')], {}))).toContain(
      '| Home JavaScript |  | not measured | ≤ 130.0 KB (133,120 B) | **missed** |',
    );
  });
});

describe('a tracked figure', () => {
  const tracked = [limit('lighthouse.scene.script-tbt')];

  it('is shown with no budget and never misses when measured, whatever its value', () => {
    const rows = compare(tracked, { 'lighthouse.scene.script-tbt': 2681 });
    expect(rows[0]?.met).toBe(true);
    expect(renderTable(rows).split('\n').slice(2, 5)).toEqual([
      '| Scene script |  | 2681 ms | none (tracked) | tracked |',
      '',
      'All 0 budgets met. 1 tracked without a budget.',
    ]);
  });

  it('misses when nothing measured it', () => {
    expect(compare(tracked, {})[0]?.met).toBe(false);
  });
});

describe('a page held to a limit of its own', () => {
  const file: BudgetFile = {
    pages: FILE.pages,
    budgets: {
      'lighthouse.mobile.lcp': {
        label: 'LCP',
        unit: 'ms',
        max: 1000,
        perPage: true,
        except: { '/projects': { limit: 1150, because: 'one round trip more' } },
      },
    },
  };

  it('is compared with its own limit, and every other page with the budget’s', () => {
    const rows = compare(limits(file), {
      'lighthouse.mobile.lcp /': 1010,
      'lighthouse.mobile.lcp /projects': 1010,
    });
    expect(rows.map((row) => [row.page, row.limit, row.met])).toEqual([
      ['home', 1000, false],
      ['All Projects', 1150, true],
    ]);
    expect(compare(limits(file), { 'lighthouse.mobile.lcp /projects': 1151 })[1]?.met).toBe(false);
  });

  it('is marked in the table, with the reason under it', () => {
    const table = renderTable(
      compare(limits(file).slice(1), { 'lighthouse.mobile.lcp /projects': 1010 }),
    );
    expect(table.split('\n').slice(2, 5)).toEqual([
      '| LCP | All Projects | 1010 ms | ≤ 1150 ms * | met |',
      '',
      '\\* All Projects, LCP: one round trip more',
    ]);
  });
});

describe('median', () => {
  it('takes the middle figure, or the mean of the middle two', () => {
    expect(median([300, 100, 200])).toBe(200);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe('readBudgets', () => {
  function write(content: unknown): string {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'budgets-')), 'budgets.json');
    writeFileSync(file, JSON.stringify(content));
    return file;
  }

  it('reads the project’s budget file', () => {
    const budgets = readBudgets();
    expect(budgets.budgets['bundle.home.js']?.max).toBe(133_120);
    expect(budgets.budgets['bundle.home.css']?.max).toBe(15 * 1024);
  });

  it('refuses a budget with both or neither of min and max, naming it', () => {
    const file = write({
      pages: {},
      budgets: {
        'server.page.rps': { label: 'Requests', unit: 'req/s', min: 1, max: 2 },
        'server.page.p99': { label: 'p99', unit: 'ms' },
      },
    });
    expect(() => readBudgets(file)).toThrow(
      /budgets\.server\.page\.rps: a budget has exactly one of min, max and tracked/,
    );
    expect(() => readBudgets(file)).toThrow(/budgets\.server\.page\.p99: a budget has exactly one/);
  });

  it('refuses a limit of its own for a page that is not a budget page, or on a budget kept once', () => {
    const own = { '/gone': { limit: 1, because: 'why' } };
    const file = write({
      pages: { '/': 'home' },
      budgets: {
        'lighthouse.mobile.lcp': { label: 'LCP', unit: 'ms', max: 1, perPage: true, except: own },
        'bundle.home.js': { label: 'JS', unit: 'bytes', max: 1, except: own },
      },
    });
    expect(() => readBudgets(file)).toThrow(
      /budgets\.lighthouse\.mobile\.lcp\.except\.\/gone: \/gone is not one of the budget pages/,
    );
    expect(() => readBudgets(file)).toThrow(
      /budgets\.bundle\.home\.js: only a per-page budget with a limit can hold a page/,
    );
  });
});
