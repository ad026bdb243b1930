// Mail in tests: the email_messages rows a request queued, the codes and links of received emails,
// the callbacks the email flows use (account shortcuts come from accounts.ts, re-exported here).
import { openSecret } from '../../server/core/storage/secret-box';
import type { TestInstance } from './instance';
import type { ReceivedEmail } from './smtp-receiver';
import { pollUntil } from './poll-until';
export { pollUntil };

export * from './api-expectations';
export { setProjectConfig } from './user-views';
export {
  expectRefreshRefused,
  expectRefreshWorks,
  getMe,
  goodPassword,
  refreshFor,
  signIn,
  signInCall,
  signUp,
  type SignedIn,
} from './accounts';

/** 45 characters of lower-case Crockford base32. */
export const codePattern = /^[0-9a-hjkmnp-tv-z]{45}$/;
const crockford = '0123456789abcdefghjkmnpqrstvwxyz';

export const callbackBase = 'http://localhost:3000/handler';
export const verificationCallback = `${callbackBase}/email-verification`;
export const resetCallback = `${callbackBase}/password-reset`;
export const untrustedCallback = 'https://evil.example.org/handler/email-verification';

/** `length` random Crockford characters (never equal to `avoid`). */
export function randomCode(length = 45, avoid?: string): string {
  for (;;) {
    let s = '';
    for (let i = 0; i < length; i++) s += crockford[Math.floor(Math.random() * crockford.length)];
    if (s !== avoid) return s;
  }
}

export interface MessageRow {
  status: string;
  attempts: number;
  last_error: string | null;
  subject: string;
}

/** The rows of the durable email queue for one recipient (written in the request's transaction). */
export async function queuedMessages(t: TestInstance, recipient: string): Promise<MessageRow[]> {
  const rows = (await t.rows(
    'select status, attempts, last_error, subject from email_messages where recipient = ?',
    recipient,
  )) as unknown as MessageRow[];
  // Subjects are sealed at rest (a magic-link subject carries the code).
  return rows.map((row) => ({ ...row, subject: openSecret(t.ctx, row.subject) }));
}

/** The first link in an email's text part. */
export function linkFromEmail(email: ReceivedEmail): URL {
  const link = email.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in email "${email.subject}": ${email.text}`);
  return new URL(link);
}

/**
 * The reset email is queued shortly after send-reset-code answers (so the answer takes the same
 * time for every address); this waits for `count` messages to `recipient`.
 */
export function queuedMessagesOnceThere(t: TestInstance, recipient: string, count = 1): Promise<MessageRow[]> {
  return pollUntil(
    () => queuedMessages(t, recipient),
    (rows) => rows.length >= count,
  );
}
