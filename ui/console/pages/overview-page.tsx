// A project at a glance (GET /internal/metrics as its admin): total users, sign-ups and active
// users per day over the last 31 days as charts, and the newest sign-ups.
import { getRouteApi } from '@tanstack/react-router';
import type { UserServerView } from '../../../server/protocol/user-schemas';
import { useApiData } from '../api-data';
import { UserLink } from '../user-link';
import { useConsoleSession } from '../console-context';
import { formatDay, formatNumber, useConsoleT } from '../console-messages';
import { EmptyState, FailedState, LoadingState } from '../page-states';
import {
  chartBarClass,
  chartClass,
  detailGridClass,
  figureNumberClass,
  mutedClass,
  pageTitleClass,
  panelClass,
  recentListClass,
  sectionTitleClass,
  statGridClass,
} from '../styles';
import { Section } from '../section';

const route = getRouteApi('/projects/$projectId/overview');

interface DailyFigure {
  date: string;
  activity: number;
}

interface UsageMetrics {
  total_users: number;
  daily_users: DailyFigure[];
  daily_active_users: DailyFigure[];
  recently_registered: UserServerView[];
}

export function OverviewPage() {
  const { projectId } = route.useParams();
  const { api } = useConsoleSession();
  const metrics = useApiData(() => api.project<UsageMetrics>(projectId, 'GET', '/internal/metrics'), [projectId]);
  const t = useConsoleT();
  return (
    <>
      <h1 className={pageTitleClass}>{t('overview.title')}</h1>
      {metrics.state === 'loading' ? (
        <LoadingState label={t('overview.loading')} />
      ) : metrics.state === 'failed' ? (
        <FailedState what={t('overview.failed')} error={metrics.error} onRetry={metrics.reload} />
      ) : (
        <>
          <div className={statGridClass}>
            <Stat label={t('overview.users')} value={metrics.data.total_users} testId="total-users" />
            <Stat label={t('overview.signUps31')} value={sum(metrics.data.daily_users)} testId="recent-sign-ups" />
            <Stat label={t('overview.activeToday')} value={metrics.data.daily_active_users.at(-1)?.activity ?? 0} testId="active-today" />
          </div>
          <div className={detailGridClass}>
            <DailyChart title={t('overview.signUpsPerDay')} series={metrics.data.daily_users} testId="sign-ups-chart" />
            <DailyChart title={t('overview.activePerDay')} series={metrics.data.daily_active_users} testId="active-chart" />
          </div>
          <Section id="recent-title" title={t('overview.newest')}>
            {metrics.data.recently_registered.length === 0 ? (
              <EmptyState title={t('users.emptyTitle')}>
                <p className={mutedClass}>{t('users.emptyHint')}</p>
              </EmptyState>
            ) : (
              <ul className={recentListClass}>
                {metrics.data.recently_registered.map((user) => (
                  <li key={user.id}>
                    <UserLink projectId={projectId} user={user} />{' '}
                    <span className={mutedClass}>{formatDay(t, user.signed_up_at_millis)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </>
      )}
    </>
  );
}

function sum(series: DailyFigure[]): number {
  return series.reduce((total, day) => total + day.activity, 0);
}

function Stat(props: { label: string; value: number; testId: string }) {
  const t = useConsoleT();
  return (
    <section className={panelClass} aria-label={props.label}>
      <p className={mutedClass}>{props.label}</p>
      <p className={figureNumberClass} data-testid={props.testId}>
        {formatNumber(t, props.value)}
      </p>
    </section>
  );
}

/** One bar per day; the figure's text alternative gives the total and the busiest day. */
function DailyChart(props: { title: string; series: DailyFigure[]; testId: string }) {
  const t = useConsoleT();
  const highest = Math.max(1, ...props.series.map((day) => day.activity));
  const busiest = props.series.reduce<DailyFigure | null>((best, day) => (best === null || day.activity > best.activity ? day : best), null);
  const width = 310;
  const height = 120;
  const slot = width / Math.max(1, props.series.length);
  const days = props.series.length;
  const summary =
    busiest === null || busiest.activity === 0
      ? t('overview.chartNone', { chart: props.title, count: days })
      : t('overview.chartSummary', { chart: props.title, total: sum(props.series), count: days, date: busiest.date, most: busiest.activity });
  return (
    <section className={panelClass} aria-labelledby={`${props.testId}-title`}>
      <h2 id={`${props.testId}-title`} className={sectionTitleClass}>
        {props.title}
      </h2>
      <svg className={chartClass} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary} data-testid={props.testId} preserveAspectRatio="none">
        {props.series.map((day, index) => {
          const barHeight = (day.activity / highest) * (height - 4);
          return (
            <rect
              key={day.date}
              className={chartBarClass}
              x={index * slot + 1}
              y={height - barHeight}
              width={Math.max(1, slot - 2)}
              height={barHeight}
              data-date={day.date}
              data-value={day.activity}
            >
              <title>{`${day.date}: ${day.activity}`}</title>
            </rect>
          );
        })}
      </svg>
      <p className={mutedClass}>
        {t('overview.chartRange', {
          from: props.series[0]?.date ?? '',
          to: props.series.at(-1)?.date ?? '',
          count: highest === 1 && sum(props.series) === 0 ? 0 : highest,
        })}
      </p>
    </section>
  );
}
