// A Bloom filter over strings, in the compact file format the breached-password list ships in:
// the ASCII magic "AUTHDBF1", the bit count (u32, little-endian), the number of probes (u8), then
// the bits. Probe positions come from one SHA-256 of the value (two 32-bit halves combined,
// Kirsch–Mitzenmacher), so the file does not depend on any runtime's built-in hash.
import { createHash } from 'node:crypto';

const magic = 'AUTHDBF1';
const headerBytes = magic.length + 4 + 1;

export interface BloomFilter {
  bitCount: number;
  probeCount: number;
  bits: Uint8Array;
}

function probeSeeds(value: string): [number, number] {
  const digest = createHash('sha256').update(value).digest();
  // The second seed is odd, so the probes never collapse onto one bit.
  return [digest.readUInt32LE(0), digest.readUInt32LE(4) | 1];
}

function* probePositions(filter: Pick<BloomFilter, 'bitCount' | 'probeCount'>, value: string): Generator<number> {
  const [first, step] = probeSeeds(value);
  for (let i = 0; i < filter.probeCount; i++) yield ((first + Math.imul(i, step)) >>> 0) % filter.bitCount;
}

/** Sized for `expectedCount` values at about `falsePositiveRate`. */
export function emptyBloomFilter(expectedCount: number, falsePositiveRate: number): BloomFilter {
  const bitCount = Math.ceil((-expectedCount * Math.log(falsePositiveRate)) / Math.LN2 ** 2);
  const probeCount = Math.max(1, Math.round((bitCount / expectedCount) * Math.LN2));
  return { bitCount, probeCount, bits: new Uint8Array(Math.ceil(bitCount / 8)) };
}

export function addToBloomFilter(filter: BloomFilter, value: string): void {
  for (const position of probePositions(filter, value)) filter.bits[position >>> 3]! |= 1 << (position & 7);
}

/** False means surely absent; true means present, or one of the filter's false positives. */
export function bloomFilterMayContain(filter: BloomFilter, value: string): boolean {
  for (const position of probePositions(filter, value)) {
    if ((filter.bits[position >>> 3]! & (1 << (position & 7))) === 0) return false;
  }
  return true;
}

export function encodeBloomFilter(filter: BloomFilter): Uint8Array {
  const out = new Uint8Array(headerBytes + filter.bits.length);
  out.set(new TextEncoder().encode(magic), 0);
  new DataView(out.buffer).setUint32(magic.length, filter.bitCount, true);
  out[magic.length + 4] = filter.probeCount;
  out.set(filter.bits, headerBytes);
  return out;
}

export function decodeBloomFilter(bytes: Uint8Array): BloomFilter {
  if (new TextDecoder().decode(bytes.subarray(0, magic.length)) !== magic) throw new Error('not an authd Bloom filter file');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const bitCount = view.getUint32(magic.length, true);
  const probeCount = bytes[magic.length + 4]!;
  const bits = bytes.subarray(headerBytes);
  if (bits.length !== Math.ceil(bitCount / 8)) throw new Error('the Bloom filter file is cut short');
  return { bitCount, probeCount, bits };
}
