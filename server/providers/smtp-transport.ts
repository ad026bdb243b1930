// The SMTP transport: hands one message to an SMTP server and reports how that went. Which
// server, when to retry and what to record are core's decisions (core/email); this only speaks SMTP.
import type { Transporter } from 'nodemailer';
import { loadVendorModule } from '../vendor/load-vendor';

// nodemailer is loaded with the first message, not when `authd serve` starts (vendor/).
const loadNodemailer = async () => (await loadVendorModule('nodemailer')).default;

export interface SmtpServer {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
}

export interface SmtpMessage {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

// Bounded, so a server that accepts the connection and then stalls fails the attempt instead of
// holding the delivery worker for nodemailer's default of minutes.
const connectionTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * Deliveries reuse their connections: a connection costs a TCP (and often TLS) handshake, and
 * many servers pause before their greeting (smtp-server waits 100 ms to catch early talkers),
 * which would otherwise be paid by every message of a burst. A pool closes once it has been idle
 * this long, so nothing stays open between bursts or keeps a process from exiting for long.
 */
const poolIdleMillis = 2_000;

interface Pool {
  transport: Transporter;
  sending: number;
  idleTimer?: ReturnType<typeof setTimeout>;
}
const pools = new Map<string, Pool>();

/** Sends the message on a pooled connection; throws with the server's or the network's reason. */
export async function sendOverSmtp(server: SmtpServer, message: SmtpMessage): Promise<void> {
  // One pool per server and login: a changed password gets a new pool, the old one closes idle.
  const key = JSON.stringify([server.host, server.port, server.secure, server.auth?.user, server.auth?.pass]);
  const nodemailer = await loadNodemailer();
  let pool = pools.get(key);
  if (!pool) {
    pool = {
      transport: nodemailer.createTransport({ ...server, ...connectionTimeouts, pool: true, maxConnections: 4 }),
      sending: 0,
    };
    pools.set(key, pool);
  }
  const used = pool;
  clearTimeout(used.idleTimer);
  used.sending++;
  try {
    await used.transport.sendMail(message);
  } finally {
    used.sending--;
    if (used.sending === 0) {
      used.idleTimer = setTimeout(() => {
        pools.delete(key);
        used.transport.close();
      }, poolIdleMillis);
    }
  }
}

/**
 * Sends on a connection of its own, closed right after: for a test email, which must show
 * whether a new connection to the server works, and for one-off commands that then exit.
 */
export async function sendOverNewSmtpConnection(server: SmtpServer, message: SmtpMessage): Promise<void> {
  const nodemailer = await loadNodemailer();
  await nodemailer.createTransport({ ...server, ...connectionTimeouts }).sendMail(message);
}

/**
 * Opens one SMTP session as delivery would (TLS, login) and offers `sender` in MAIL FROM, then
 * resets and quits: nothing is sent. Throws with the server's or the network's reason, or when
 * the whole exchange takes longer than `timeoutMillis`. For `authd doctor`.
 */
export async function probeSmtpSender(server: SmtpServer, sender: string, timeoutMillis: number): Promise<void> {
  const { SMTPConnection } = await loadVendorModule('nodemailer');
  const limits = { connectionTimeout: timeoutMillis, greetingTimeout: timeoutMillis, socketTimeout: timeoutMillis };
  const connection = new SMTPConnection({ host: server.host, port: server.port, secure: server.secure, ...limits });
  const step = (start: (done: (error?: Error | null) => void) => void) =>
    new Promise<void>((resolve, reject) => start((error) => (error ? reject(error) : resolve())));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const overtime = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMillis / 1000} s`)), timeoutMillis);
  });
  const failed = new Promise<never>((_, reject) => connection.once('error', reject));
  // A second error (the socket closing after the first) must not be an unhandled 'error' event.
  connection.on('error', () => undefined);
  try {
    await Promise.race([
      overtime,
      failed,
      (async () => {
        await step((done) => connection.connect(() => done()));
        if (server.auth) await step((done) => connection.login(server.auth!, (error) => done(error)));
        await mailFrom(connection, sender);
        await step((done) => connection.reset((error) => done(error)));
      })(),
    ]);
  } finally {
    clearTimeout(timer);
    connection.quit();
    connection.close();
  }
}

/**
 * MAIL FROM alone: SMTPConnection offers it only as the first step of sending a message, so this
 * uses its command queue (`_sendCommand` and `_responseActions`, stable across nodemailer 6-10).
 */
function mailFrom(connection: object, sender: string): Promise<void> {
  const internals = connection as {
    _sendCommand(command: string): void;
    _responseActions: ((reply: string) => void)[];
  };
  return new Promise((resolve, reject) => {
    internals._responseActions.push((reply) => {
      if (/^2\d\d/.test(reply)) resolve();
      else reject(new Error(`the server refused MAIL FROM:<${sender}>: ${reply.trim()}`));
    });
    internals._sendCommand(`MAIL FROM:<${sender}>`);
  });
}
