// The InstanceMetrics of `serve --metrics`, kept by prom-client in a registry of its own (not
// prom-client's global one, so two servers in one process, as in tests, do not share counts).
// prom-client is a vendor module (server/vendor/): a server without --metrics never loads it.
import { loadVendorModule } from '../../vendor/load-vendor';
import type { AuthAction, Context, InstanceMetrics } from '../storage/context';
import { readQueueDepths } from './instance-metrics';

/** Seconds; authd answers most API calls in well under 10 ms, password hashing takes ~50-300 ms. */
const latencyBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export async function createPrometheusMetrics(ctx: Context): Promise<InstanceMetrics> {
  const { Counter, Gauge, Histogram, Registry } = await loadVendorModule('prometheus');
  const registry = new Registry();
  // prom-client's collectDefaultMetrics is not used: on Bun its event-loop lag gauges read `Nan`,
  // which is not valid exposition text. The two process figures operators chart most are here,
  // under the names those defaults give them.
  new Gauge({
    name: 'process_resident_memory_bytes',
    help: 'Resident memory size in bytes.',
    registers: [registry],
    collect() {
      this.set(process.memoryUsage.rss());
    },
  });
  new Gauge({
    name: 'process_start_time_seconds',
    help: 'Start time of the process since unix epoch in seconds.',
    registers: [registry],
  }).set(Math.round(Date.now() / 1000 - process.uptime()));
  let cpuSecondsCounted = 0;
  new Counter({
    name: 'process_cpu_seconds_total',
    help: 'Total user and system CPU time spent in seconds.',
    registers: [registry],
    collect() {
      const { user, system } = process.cpuUsage();
      const seconds = (user + system) / 1e6;
      this.inc(Math.max(0, seconds - cpuSecondsCounted));
      cpuSecondsCounted = Math.max(cpuSecondsCounted, seconds);
    },
  });
  const requests = new Histogram({
    name: 'authd_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: latencyBuckets,
    registers: [registry],
  });
  const authAttempts = new Counter({
    name: 'authd_auth_attempts_total',
    help: "Sign-ins and sign-ups by action, method and outcome (success, or the refusal's error code in lower case).",
    labelNames: ['action', 'method', 'outcome'] as const,
    registers: [registry],
  });
  const rateLimitRefusals = new Counter({
    name: 'authd_rate_limit_refusals_total',
    help: 'Attempts refused by a rate limit, by rule.',
    labelNames: ['rule'] as const,
    registers: [registry],
  });
  const deliveryAttempts = new Counter({
    name: 'authd_delivery_attempts_total',
    help: 'Attempts to deliver an email (to SMTP) or a webhook (to its receiver), by kind and outcome (delivered, failed and to be retried, gave_up).',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const writeTransactions = new Histogram({
    name: 'authd_database_write_transaction_seconds',
    help: 'Time from asking for a database write transaction (lock wait included) to its end.',
    buckets: latencyBuckets,
    registers: [registry],
  });
  const emailQueue = new Gauge({
    name: 'authd_email_queue_messages',
    help: 'Email messages not sent: pending (waiting for an attempt), outbox (held in development), failed (given up).',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const webhookQueue = new Gauge({
    name: 'authd_webhook_queue_deliveries',
    help: 'Webhook deliveries not made: pending (waiting for an attempt), failed (given up).',
    labelNames: ['status'] as const,
    registers: [registry],
  });

  return {
    contentType: registry.contentType,
    observeHttpRequest(method, route, status, seconds) {
      requests.observe({ method, route, status: String(status) }, seconds);
    },
    countAuthAttempt(action: AuthAction, method, outcome) {
      authAttempts.inc({ action, method, outcome });
    },
    countRateLimitRefusal(rule) {
      rateLimitRefusals.inc({ rule });
    },
    countDeliveryAttempt(kind, outcome) {
      deliveryAttempts.inc({ kind, outcome });
    },
    observeWriteTransaction(seconds) {
      writeTransactions.observe(seconds);
    },
    async exposition() {
      const depths = await readQueueDepths(ctx);
      for (const [status, n] of Object.entries(depths.email)) emailQueue.set({ status }, n);
      for (const [status, n] of Object.entries(depths.webhook)) webhookQueue.set({ status }, n);
      return await registry.metrics();
    },
  };
}
