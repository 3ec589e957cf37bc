import type { AdminOverview } from '@hub/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { adminApi } from '../../api/admin';

type Minute = AdminOverview['minutes'][number];
type Series = 'signIns' | 'failures' | 'throttled' | 'backlog' | 'latencyMs';

const CHART_HEIGHT = 120;

/** The colours of the charts: the console's blue, red and amber, each readable on white. */
const STROKE: Record<Series, string> = {
  signIns: '#1d4ed8',
  failures: '#b91c1c',
  throttled: '#b45309',
  backlog: '#0f766e',
  latencyMs: '#6d28d9',
};

/** One small chart (uPlot, a canvas): hidden from screen readers, which read the summary beside it. */
const Chart = ({ series, minutes }: { series: Series; minutes: Minute[] }) => {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const xs = minutes.map((m) => m.at / 1000);
    const ys = minutes.map((m) => {
      const value = m[series];
      return series === 'latencyMs' && value !== null ? value / 1000 : value;
    });
    const plot = new uPlot(
      {
        width: Math.max(200, element.clientWidth),
        height: CHART_HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          { size: 28, font: '11px system-ui, sans-serif', stroke: '#475569', grid: { show: false } },
          {
            size: 40,
            font: '11px system-ui, sans-serif',
            stroke: '#475569',
            grid: { stroke: '#e2e8f0', width: 1 },
          },
        ],
        series: [
          {},
          {
            stroke: STROKE[series],
            fill: `${STROKE[series]}22`,
            width: 2,
            spanGaps: series === 'latencyMs' || series === 'backlog',
            // Backlog and latency have minutes with no reading: their points show even alone.
            points: { show: series === 'backlog' || series === 'latencyMs', size: 5 },
          },
        ],
      },
      [xs, ys],
      element,
    );
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(200, element.clientWidth), height: CHART_HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [minutes, series]);
  return <div ref={box} aria-hidden="true" className="w-full overflow-hidden" data-overview-chart={series} />;
};

const total = (minutes: Minute[], series: 'signIns' | 'failures' | 'throttled') =>
  minutes.reduce((sum, m) => sum + m[series], 0);
const peak = (minutes: Minute[], series: 'signIns' | 'failures' | 'throttled' | 'backlog') =>
  minutes.reduce((most, m) => Math.max(most, m[series] ?? 0), 0);

/** What a chart shows, in words: the screen reader's chart, and a quick read for everyone. */
const useSummary = () => {
  const { t } = useTranslation('admin');
  return (series: Series, data: AdminOverview): string => {
    const { minutes } = data;
    const recent = minutes.slice(-5);
    if (series === 'backlog')
      return t('admin.overview.summary.backlog', {
        now: data.outbox.pending,
        peak: Math.max(peak(minutes, 'backlog'), data.outbox.pending),
      });
    if (series === 'latencyMs') {
      const sent = minutes.reduce((sum, m) => sum + m.delivered, 0);
      if (sent === 0) return t('admin.overview.summary.noMail');
      const mean = minutes.reduce((sum, m) => sum + (m.latencyMs ?? 0) * m.delivered, 0) / sent;
      return t('admin.overview.summary.latency', { sent, seconds: (mean / 1000).toFixed(1) });
    }
    return t('admin.overview.summary.count', {
      total: total(minutes, series),
      recent: total(recent, series),
      peak: peak(minutes, series),
    });
  };
};

const SERIES: Series[] = ['signIns', 'failures', 'throttled', 'backlog', 'latencyMs'];

/**
 * The console's landing page (docs/console.md "Overview"): the last hour of the hub's own metrics,
 * a minute at a time, as small charts, each with its text summary.
 */
const OverviewView = () => {
  const { t } = useTranslation('admin');
  const summary = useSummary();
  const [data, setData] = useState<AdminOverview | null>(null);
  const [message, setMessage] = useState('');
  const load = useCallback(async () => {
    const res = await adminApi.overview();
    if (res.ok) {
      setData(res.data);
      setMessage('');
    } else setMessage(res.error.message);
  }, []);
  useEffect(() => {
    void load();
    const timer = window.setInterval(() => void load(), 60_000);
    return () => window.clearInterval(timer);
  }, [load]);
  return (
    <div className="space-y-4" data-admin-overview>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">{t('admin.overview.scope')}</p>
        <button
          type="button"
          onClick={() => void load()}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
        >
          {t('admin.overview.refresh')}
        </button>
      </div>
      <p role="status" className="text-sm text-red-700">
        {message}
      </p>
      {data && (
        <ul className="grid gap-4 tablet:grid-cols-2 desktop:grid-cols-3">
          {SERIES.map((series) => (
            <li key={series} className="min-w-0 rounded-lg border border-slate-200 bg-white p-3">
              <figure className="m-0 space-y-2">
                <figcaption className="text-sm font-semibold text-slate-800">
                  {t(`admin.overview.${series}`)}
                </figcaption>
                <Chart series={series} minutes={data.minutes} />
                <p className="text-sm text-slate-600" data-overview-summary={series}>
                  {summary(series, data)}
                </p>
              </figure>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};

export default OverviewView;
