// Standard Webhooks signing (https://www.standardwebhooks.com): a `whsec_` secret per endpoint,
// and `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, so receivers can
// verify with the standardwebhooks or svix libraries.
import { createHmac, randomBytes } from 'node:crypto';

const secretPrefix = 'whsec_';

/** 32 random bytes, base64 after the prefix (Standard Webhooks allows 24 to 64 bytes). */
export function generateWebhookSecret(): string {
  return `${secretPrefix}${randomBytes(32).toString('base64')}`;
}

function webhookSignature(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  if (!secret.startsWith(secretPrefix)) throw new Error('not a whsec_ webhook secret');
  const key = Buffer.from(secret.slice(secretPrefix.length), 'base64');
  const digest = createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${digest}`;
}

/** The three headers of a signed delivery. */
export function signedWebhookHeaders(
  secret: string,
  messageId: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': webhookSignature(secret, messageId, timestampSeconds, body),
  };
}
