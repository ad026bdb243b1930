// A real webhook receiver on 127.0.0.1 (Bun.serve) that verifies every delivery with the
// standardwebhooks library, as an app receiving authd's webhooks would, and can be told to
// fail the next N deliveries.
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  type: string;
  data: any;
  /** The status the receiver answered. */
  answeredStatus: number;
}

export interface WebhookReceiver {
  url: string;
  /** The endpoint's whsec_ secret, known once the endpoint is created. */
  secret: string | undefined;
  /** Deliveries that verified, in arrival order (including the ones answered with a failure). */
  received: ReceivedWebhook[];
  /** Requests that failed verification: must stay empty. */
  rejected: string[];
  /** Answer the next N verified deliveries with `status` instead of 200. */
  failNext(count: number, status?: number): void;
  /** While set, requests are answered only once it settles (for a backlog of deliveries to build up). */
  holdUntil: Promise<unknown> | undefined;
  /** Resolves with the first accepted (200) delivery matching, waiting up to `timeoutMillis`. */
  waitFor(match: (event: ReceivedWebhook) => boolean, timeoutMillis?: number): Promise<ReceivedWebhook>;
  stop(): Promise<void>;
}

export function startWebhookReceiver(path = '/hooks/authd'): WebhookReceiver {
  let failuresLeft = 0;
  let failureStatus = 500;
  const received: ReceivedWebhook[] = [];
  const rejected: string[] = [];
  const receiver: WebhookReceiver = {
    url: '',
    secret: undefined,
    received,
    rejected,
    holdUntil: undefined,
    failNext(count, status = 500) {
      failuresLeft = count;
      failureStatus = status;
    },
    async waitFor(match, timeoutMillis = 10_000) {
      const deadline = Date.now() + timeoutMillis;
      for (;;) {
        const found = received.find((event) => event.answeredStatus === 200 && match(event));
        if (found) return found;
        if (rejected.length > 0) throw new Error(`a delivery failed verification: ${rejected.join('; ')}`);
        if (Date.now() > deadline) {
          throw new Error(
            `no matching webhook within ${timeoutMillis} ms; received ${JSON.stringify(received.map((r) => r.type))}`,
          );
        }
        await Bun.sleep(50);
      }
    },
    async stop() {
      await server.stop(true);
    },
  };
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const body = await request.text();
      if (receiver.holdUntil) await receiver.holdUntil;
      if (new URL(request.url).pathname !== path || request.method !== 'POST') {
        rejected.push(`${request.method} ${request.url}`);
        return new Response('wrong path', { status: 404 });
      }
      let payload: { type: string; data: unknown };
      try {
        if (!receiver.secret) throw new Error('no secret yet');
        if (request.headers.get('content-type') !== 'application/json') throw new Error('not JSON');
        payload = new Webhook(receiver.secret).verify(body, Object.fromEntries(request.headers)) as typeof payload;
      } catch (error) {
        rejected.push(error instanceof Error ? error.message : String(error));
        return new Response('invalid signature', { status: 400 });
      }
      const answeredStatus = failuresLeft > 0 ? failureStatus : 200;
      if (failuresLeft > 0) failuresLeft--;
      received.push({
        id: request.headers.get('webhook-id')!,
        timestamp: request.headers.get('webhook-timestamp')!,
        type: payload.type,
        data: payload.data,
        answeredStatus,
      });
      return new Response(answeredStatus === 200 ? 'ok' : 'try again later', { status: answeredStatus });
    },
  });
  receiver.url = `http://127.0.0.1:${server.port}${path}`;
  return receiver;
}
