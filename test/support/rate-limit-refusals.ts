// Rate limits met in core, not over HTTP: what an attempt that may be limited ended with.
import { RateLimitedError } from '../../server/protocol/plain-text-errors';

/** The RateLimitedError (the 429) an attempt got, or null when it went through; other errors are thrown on. */
export async function refusalOf(attempt: () => Promise<unknown>): Promise<RateLimitedError | null> {
  try {
    await attempt();
    return null;
  } catch (error) {
    if (error instanceof RateLimitedError) return error;
    throw error;
  }
}
