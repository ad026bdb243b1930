// A real SMTP server on 127.0.0.1 for tests (smtp-server), keeping every message it accepts
// with the few decoded parts tests read: recipients, subject, text and the links in it.
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpReceiver {
  url: string;
  messages: ReceivedEmail[];
  /** Resolves with the first message to `recipient` matching `filter`, waiting for it to arrive. */
  waitFor(recipient: string, filter?: (m: ReceivedEmail) => boolean, timeoutMillis?: number): Promise<ReceivedEmail>;
  stop(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

const encodedWord = /=\?utf-8\?([QB])\?([^?]*)\?=/gi;

function encodedWordBytes(encoding: string, data: string): Buffer {
  if (encoding.toUpperCase() === 'B') return Buffer.from(data, 'base64');
  const bytes = data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1');
}

/**
 * RFC 2047: the white space between adjacent encoded words is not part of the text, and a
 * character may be split across two words, so a run of words is decoded as one byte sequence.
 */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?utf-8\?/gi, '?==?utf-8?')
    .replace(/(?:=\?utf-8\?[QB]\?[^?]*\?=)+/gi, (run) =>
      Buffer.concat([...run.matchAll(encodedWord)].map((m) => encodedWordBytes(m[1]!, m[2]!))).toString('utf8'),
    );
}

/** The body of the first MIME part of `type`, decoded. */
function mimePart(raw: string, type: string): string {
  const start = raw.search(new RegExp(`Content-Type: ${type}`, 'i'));
  if (start < 0) return '';
  const section = raw.slice(start);
  const headerEnd = section.search(/\r?\n\r?\n/);
  const headers = section.slice(0, headerEnd);
  const body = section
    .slice(headerEnd)
    .replace(/^\r?\n\r?\n/, '')
    .split(/\r?\n--/)[0]!;
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) return decodeQuotedPrintable(body);
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** `acceptsSender`: MAIL FROM addresses for which it is false get a 550, as a server refusing an unverified sender does. */
export async function startSmtpReceiver(options: { acceptsSender?: (address: string) => boolean } = {}): Promise<SmtpReceiver> {
  const messages: ReceivedEmail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // smtp-server looks up every client's host name by default; on a machine without a resolver
    // for 127.0.0.1 that costs each connection about 200 ms, which is the receiver's, not authd's.
    disableReverseLookup: true,
    // Projects with their own SMTP server must give a login; any login is taken, over plain SMTP.
    allowInsecureAuth: true,
    onMailFrom(address, _session, callback) {
      if (options.acceptsSender && !options.acceptsSender(address.address)) {
        return callback(
          Object.assign(new Error(`Sender address rejected: ${address.address} is not verified`), { responseCode: 550 }),
        );
      }
      callback();
    },
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subjectLine = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: decodeHeader(subjectLine.replace(/\r?\n[ \t]/g, ' ')),
          text: mimePart(raw, 'text/plain'),
          html: mimePart(raw, 'text/html'),
          raw,
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  // Replies go out at once: with Nagle's algorithm a reply written while the previous one is
  // unacknowledged waits for the client's delayed ACK, about 40 ms each, several per message.
  server.server.on('connection', (socket: { setNoDelay(noDelay: boolean): void }) => socket.setNoDelay(true));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(recipient, filter = () => true, timeoutMillis = 10_000) {
      const deadline = Date.now() + timeoutMillis;
      for (;;) {
        const found = messages.find((m) => m.to.includes(recipient) && filter(m));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no email to ${recipient} within ${timeoutMillis} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The `code` query parameter of the first link in an email's text. */
export function codeFromEmail(email: ReceivedEmail): string {
  const link = email.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in email "${email.subject}"`);
  const code = new URL(link).searchParams.get('code');
  if (!code) throw new Error(`no code in ${link}`);
  return code;
}

/** A project's own email server pointing at a receiver on `port`, as the tests configure it. */
export function ownSmtpConfig(port: number) {
  return {
    type: 'standard',
    host: '127.0.0.1',
    port,
    username: 'mailer',
    password: 'mailer-password',
    sender_name: 'Shop',
    sender_email: 'noreply@shop.example.com',
  } as const;
}
