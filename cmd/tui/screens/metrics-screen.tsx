// Metrics: total users and, over the last 31 days, sign-ups and active users per day as bar
// charts drawn with block characters.
import { Box, Text } from 'ink';
import { readUsageMetrics } from '../../../server/core/users/usage-metrics';
import { afterFirstRead, type LoadedProps } from '../after-first-read';
import { useHelp } from '../navigation';

const bars = ' ▁▂▃▄▅▆▇█';

/** One character per day, scaled to the largest day. */
export function sparkline(values: number[]): string {
  const most = Math.max(0, ...values);
  return values.map((value) => (most === 0 ? bars[0] : bars[Math.ceil((value / most) * (bars.length - 1))])).join('');
}

export const MetricsScreen = afterFirstRead(
  (ctx, { projectId }: { projectId: string }) => readUsageMetrics(ctx, projectId),
  MetricsScreenLoaded,
);

function MetricsScreenLoaded({ projectId, loaded: metrics }: LoadedProps<{ projectId: string }, Awaited<ReturnType<typeof readUsageMetrics>>>) {
  useHelp('');
  const signUps = metrics.daily_users.map((day) => day.activity);
  const active = metrics.daily_active_users.map((day) => day.activity);
  const first = metrics.daily_users[0]?.date ?? '';
  const last = metrics.daily_users[metrics.daily_users.length - 1]?.date ?? '';
  return (
    <Box flexDirection="column">
      <Text>Total users: {metrics.total_users}</Text>
      <Text> </Text>
      <Text>Sign-ups per day      │{sparkline(signUps)}│ max {Math.max(0, ...signUps)}</Text>
      <Text>Active users per day  │{sparkline(active)}│ max {Math.max(0, ...active)}</Text>
      <Text dimColor>                      {first.padEnd(signUps.length - last.length + 1)}{last}</Text>
      <Text> </Text>
      <Text>Sign-in methods: {metrics.login_methods.map((m) => `${m.method} ${m.count}`).join(', ') || 'none yet'}</Text>
    </Box>
  );
}
