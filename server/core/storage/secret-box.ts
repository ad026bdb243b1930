// Seals secrets that authd must be able to read back, so they are never stored in the clear;
// which ones they are is decided in read-back-secrets.ts. AES-256-GCM with the instance key; the output is
// `v1.<iv>.<ciphertext+tag>` in base64url so a later key or algorithm can be told apart.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Context } from './context';

const sealedPrefix = 'v1.';

export function sealSecret(ctx: Pick<Context, 'secretKey'>, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', ctx.secretKey, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${sealedPrefix}${iv.toString('base64url')}.${body.toString('base64url')}`;
}

/** Throws if the value was not sealed with this instance's key or was altered. */
export function openSecret(ctx: Pick<Context, 'secretKey'>, sealed: string): string {
  const [version, ivText, bodyText] = sealed.split('.');
  if (`${version}.` !== sealedPrefix || !ivText || !bodyText) throw new Error('not a sealed secret');
  const body = Buffer.from(bodyText, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', ctx.secretKey, Buffer.from(ivText, 'base64url'));
  decipher.setAuthTag(body.subarray(body.length - 16));
  return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
}
