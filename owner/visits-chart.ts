/**
 * The chart of visitors and page views per day, drawn with Chart.js: only the parts a line
 * chart needs are registered, so the rest stays out of the bundle. Loaded by the Visits
 * section alone, when it first has days to draw.
 */
import {
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

Chart.register(
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Legend,
  Tooltip,
);

export interface ChartSeries {
  labels: string[];
  visitors: number[];
  views: number[];
}

/** A colour token of the page (which may be a light-dark() pair) as the browser resolves it. */
function tokenColour(probe: HTMLElement, token: string): string {
  probe.style.color = `var(${token})`;
  return getComputedStyle(probe).color;
}

/** The chart's colours, from the page's tokens as they now resolve (light or dark). */
function colours(canvas: HTMLCanvasElement) {
  const probe = document.createElement('span');
  probe.hidden = true;
  canvas.parentElement?.append(probe);
  const colour = (token: string) => tokenColour(probe, token);
  const found = {
    visitors: colour('--accent-text'),
    views: colour('--violet'),
    text: colour('--text-muted'),
    grid: colour('--border'),
  };
  probe.remove();
  return found;
}

/** A line's colour, for the line, its points and its key in the legend. */
function lineColour(colour: string) {
  return {
    borderColor: colour,
    backgroundColor: colour,
    pointBorderColor: colour,
    pointBackgroundColor: colour,
  };
}

/** Draws the series on `canvas`; the answer takes the chart down again. */
export function drawVisitsChart(canvas: HTMLCanvasElement, series: ChartSeries): () => void {
  let chart = lineChart(canvas, series);
  // The system turns light or dark, or the owner picks a theme (`html[data-theme]`, see
  // main.tsx): drawn again in the colours that then apply.
  const scheme = matchMedia('(prefers-color-scheme: dark)');
  const redraw = () => {
    chart.destroy();
    chart = lineChart(canvas, series);
  };
  scheme.addEventListener('change', redraw);
  const chosen = new MutationObserver(redraw);
  chosen.observe(document.documentElement, { attributeFilter: ['data-theme'] });
  return () => {
    scheme.removeEventListener('change', redraw);
    chosen.disconnect();
    chart.destroy();
  };
}

function lineChart(canvas: HTMLCanvasElement, series: ChartSeries): Chart {
  const { visitors, views, text, grid } = colours(canvas);
  const font = getComputedStyle(canvas).fontFamily;
  const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
  const points = series.labels.length > 60 ? 0 : 3;
  return new Chart(canvas, {
    type: 'line',
    data: {
      labels: series.labels,
      datasets: [
        {
          label: 'Visitors',
          data: series.visitors,
          ...lineColour(visitors),
          pointRadius: points,
          borderWidth: 2,
        },
        {
          label: 'Page views',
          data: series.views,
          ...lineColour(views),
          borderDash: [6, 4],
          pointRadius: points,
          borderWidth: 2,
        },
      ],
    },
    options: {
      animation: still ? false : { duration: 400 },
      maintainAspectRatio: false,
      interaction: { mode: 'index', intersect: false },
      font: { family: font },
      color: text,
      scales: {
        x: { ticks: { color: text, maxTicksLimit: 8, maxRotation: 0 }, grid: { color: grid } },
        y: {
          beginAtZero: true,
          ticks: { color: text, precision: 0 },
          grid: { color: grid },
        },
      },
      plugins: {
        legend: { labels: { color: text, usePointStyle: true } },
      },
    },
  });
}
