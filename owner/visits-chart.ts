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

/** Draws the series on `canvas`; the answer takes the chart down again. */
export function drawVisitsChart(canvas: HTMLCanvasElement, series: ChartSeries): () => void {
  const probe = document.createElement('span');
  probe.hidden = true;
  canvas.parentElement?.append(probe);
  const colour = (token: string) => tokenColour(probe, token);
  const visitors = colour('--accent-text');
  const views = colour('--violet');
  const text = colour('--text-muted');
  const grid = colour('--border');
  const font = getComputedStyle(canvas).fontFamily;
  probe.remove();

  const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
  const points = series.labels.length > 60 ? 0 : 3;
  const chart = new Chart(canvas, {
    type: 'line',
    data: {
      labels: series.labels,
      datasets: [
        {
          label: 'Visitors',
          data: series.visitors,
          borderColor: visitors,
          backgroundColor: visitors,
          pointRadius: points,
          borderWidth: 2,
        },
        {
          label: 'Page views',
          data: series.views,
          borderColor: views,
          backgroundColor: views,
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
  return () => chart.destroy();
}
