// RFC 4648 base32, the alphabet authenticator apps' TOTP secrets are written in: sources that
// keep a secret that way (Supabase, Clerk) give authd its bytes, which it keeps as base64.
import { RecordRefusal } from './user-records';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The base64 of a base32 TOTP secret (case and spaces ignored, padding optional), or a refusal. */
export function base32SecretAsBase64(text: string): string {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const c of clean) {
    const index = alphabet.indexOf(c);
    if (index < 0) throw new RecordRefusal('its TOTP secret is not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  if (bytes.length < 10) throw new RecordRefusal('its TOTP secret is shorter than 80 bits');
  return Buffer.from(bytes).toString('base64');
}
