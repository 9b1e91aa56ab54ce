import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { VISIT_PERIODS, type VisitPeriodDays, type VisitsAnswer } from '../../common/owner-api.ts';
import { Problem } from '../problem.tsx';
import { useApi } from '../use-api.ts';
import styles from '../owner.module.css';
import type { Panel } from '../panel.ts';

const count = new Intl.NumberFormat();
const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });
/** A day of the counts (`YYYY-MM-DD`, UTC) in the browser's language. */
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const dayOf = (day: string, format = dayFormat) => format.format(Date.parse(`${day}T00:00:00Z`));

/** The period the address asks for (`?days=`), 7 days when it names none it knows. */
function periodOf(value: string | null): VisitPeriodDays {
  return VISIT_PERIODS.find((days) => String(days) === value) ?? 7;
}

/** The chart's summary, for a screen reader: the range, the totals and the busiest day. */
function chartSummary(report: VisitsAnswer): string {
  const busiest = report.days.reduce((best, day) => (day.views > best.views ? day : best));
  return (
    `Line chart of visitors and page views per day, ${dayOf(report.range.from)} to ` +
    `${dayOf(report.range.to)}: ${count.format(report.totals.visitors)} visitors and ` +
    `${count.format(report.totals.views)} page views in all; the most page views in a day, ` +
    `${count.format(busiest.views)}, on ${dayOf(busiest.day)}.`
  );
}

/** The chart of the days, drawn once Chart.js is loaded; its table holds the same figures. */
function DaysChart({ report }: { report: VisitsAnswer }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let undraw: (() => void) | undefined;
    let current = true;
    void import('../visits-chart.ts').then(({ drawVisitsChart }) => {
      if (!current || !canvas.current) return;
      undraw = drawVisitsChart(canvas.current, {
        labels: report.days.map((day) => dayOf(day.day, shortDay)),
        visitors: report.days.map((day) => day.visitors),
        views: report.days.map((day) => day.views),
      });
    });
    return () => {
      current = false;
      undraw?.();
    };
  }, [report]);
  return (
    <div className={styles.chart}>
      {/* eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role -- a drawing that takes no input: an image, its figures in the table below */}
      <canvas ref={canvas} role="img" aria-label={chartSummary(report)} />
    </div>
  );
}

interface Column<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

interface TableProps<Row> {
  title: string;
  rows: Row[];
  columns: Column<Row>[];
  keyOf: (row: Row) => string;
  /** Whether the caption shows (else the heading above says it). */
  captionShown?: boolean;
}

/** Rows of the report as a table, the first column naming each row. */
function Table<Row>({ title, rows, columns, keyOf, captionShown = false }: TableProps<Row>) {
  return (
    // Scrolls sideways on a narrow screen: a stop of the keyboard, so arrows can scroll it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region
    <div className={styles.tableScroll} role="region" aria-label={title} tabIndex={0}>
      <table className={styles.table}>
        <caption className={captionShown ? styles.caption : styles.srOnly}>{title}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" data-numeric={column.numeric || undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={keyOf(row)}>
              {columns.map((column, index) =>
                index === 0 ? (
                  <th key={column.label} scope="row">
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.label} data-numeric={column.numeric || undefined}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A list of the report under its heading, or a line saying it is empty. */
function Figures<Row>(props: TableProps<Row> & { empty: string }) {
  return (
    <section className={styles.figures}>
      <h2>{props.title}</h2>
      {props.rows.length === 0 ? (
        <p className={styles.muted}>{props.empty}</p>
      ) : (
        <Table {...props} />
      )}
    </section>
  );
}

const views = <Row extends { views: number }>(): Column<Row> => ({
  label: 'Page views',
  cell: (row) => count.format(row.views),
  numeric: true,
});
const visitors = <Row extends { visitors: number }>(): Column<Row> => ({
  label: 'Visitors',
  cell: (row) => count.format(row.visitors),
  numeric: true,
});

/** The visits of the last 7, 30 or 365 days: totals, a chart of the days, the top lists. */
function Report({ report, days }: { report: VisitsAnswer; days: VisitPeriodDays }) {
  const period = `in the last ${days} days`;
  const empty =
    report.totals.views === 0 &&
    report.pages.length + report.apps.length + report.referrers.length + report.notFound.length ===
      0;
  if (empty) return <p className={styles.muted}>No visits counted {period}.</p>;
  return (
    <>
      <dl className={styles.totals}>
        <div>
          <dt>Visitors</dt>
          <dd>{count.format(report.totals.visitors)}</dd>
        </div>
        <div>
          <dt>Page views</dt>
          <dd>{count.format(report.totals.views)}</dd>
        </div>
      </dl>
      <p className={styles.muted}>
        From {dayOf(report.range.from)} to {dayOf(report.range.to)} (UTC); visitors over several
        days are the sum of each day’s.
      </p>
      <section className={styles.figures}>
        <h2>Visitors and page views per day</h2>
        <DaysChart report={report} />
        <details className={styles.dataTable}>
          <summary>Show the data as a table</summary>
          <Table
            title="Visitors and page views per day"
            captionShown
            rows={report.days}
            keyOf={(row) => row.day}
            columns={[
              { label: 'Day', cell: (row) => <time dateTime={row.day}>{dayOf(row.day)}</time> },
              visitors(),
              views(),
            ]}
          />
        </details>
      </section>
      <div className={styles.figureGrid}>
        <Figures
          title="Top pages"
          rows={report.pages}
          keyOf={(row) => row.page}
          empty={`No pages viewed ${period}.`}
          columns={[{ label: 'Page', cell: (row) => row.page }, views(), visitors()]}
        />
        <Figures
          title="Top apps"
          rows={report.apps}
          keyOf={(row) => row.app}
          empty={`No app pages viewed ${period}.`}
          columns={[
            {
              label: 'App',
              cell: (row) => (
                <span className={styles.appName}>
                  {row.icon ? <img src={row.icon} width={20} height={20} alt="" /> : null}
                  {row.name}
                </span>
              ),
            },
            views(),
            visitors(),
            { label: 'Store clicks', cell: (row) => count.format(row.storeClicks), numeric: true },
            {
              label: 'Click-through rate',
              cell: (row) => percent.format(row.clickThroughRate),
              numeric: true,
            },
          ]}
        />
        <Figures
          title="Referrers"
          rows={report.referrers}
          keyOf={(row) => row.domain}
          empty={`No visits from other sites ${period}.`}
          columns={[
            { label: 'Site', cell: (row) => row.domain },
            { label: 'Visits', cell: (row) => count.format(row.visits), numeric: true },
          ]}
        />
        <Figures
          title="Pages not found"
          rows={report.notFound}
          keyOf={(row) => row.path}
          empty={`No missing pages asked for ${period}.`}
          columns={[{ label: 'Address', cell: (row) => row.path }, views()]}
        />
      </div>
    </>
  );
}

/** The section of the site's visits: the counts of the last 7, 30 or 365 days. */
function Visits() {
  const [search] = useSearchParams();
  const days = periodOf(search.get('days'));
  const report = useApi<VisitsAnswer>(`/visits?days=${days}`);
  const shown = report.value && report.value.days.length === days ? report.value : undefined;

  useEffect(() => {
    document.title = 'Visits · Owner’s pages';
  }, []);

  return (
    <section aria-labelledby="visits-title" className={`glass ${styles.panel}`}>
      <div className={styles.visitsHead}>
        <h1 id="visits-title">Visits</h1>
        <nav aria-label="Period" className={styles.periods}>
          {VISIT_PERIODS.map((period) => (
            <Link
              key={period}
              to={`/visits?days=${period}`}
              aria-current={period === days ? 'page' : undefined}
              className={`${styles.tab} ${period === days ? styles.tabActive : ''}`}
            >
              {period} days
            </Link>
          ))}
        </nav>
      </div>
      <p className={styles.muted}>Visits to the site, counted without cookies, per day in UTC.</p>
      <Problem text={report.problem} />
      {shown ? <Report report={shown} days={days} /> : <p className={styles.muted}>Loading…</p>}
    </section>
  );
}

export const panel: Panel = { label: 'Visits', order: 2, path: '/visits', Page: Visits };
