// The client's calls that load their module on first use (sign-in, passkeys, team management):
// a load that fails or never answers is a NetworkError, and the next call loads it again.
import { describe, expect, test } from 'bun:test';
import { loadedOnce } from '../../ui/client/auth-client';
import { NetworkError } from '../../ui/client/index';

describe('modules of calls loaded on first use', () => {
  test('loaded once, then the same module for every call', async () => {
    let loads = 0;
    const load = loadedOnce(async () => ({ module: ++loads }), 5_000);
    expect(await load()).toEqual({ module: 1 });
    expect(await load()).toEqual({ module: 1 });
    expect(loads).toBe(1);
  });

  test('a failed load is a NetworkError (not offline), and the next call tries again', async () => {
    let loads = 0;
    const load = loadedOnce(async () => {
      loads += 1;
      if (loads === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { module: loads };
    }, 5_000);
    const failure = await load().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect((failure as NetworkError).offline).toBe(false);
    expect((failure as NetworkError).cause).toBeInstanceOf(TypeError);
    expect(await load()).toEqual({ module: 2 });
  });

  test('a load that never answers is a NetworkError at the deadline, and the next call tries again', async () => {
    let loads = 0;
    const load = loadedOnce(() => {
      loads += 1;
      return loads === 1 ? new Promise<never>(() => {}) : Promise.resolve({ module: loads });
    }, 50);
    expect(await load().catch((error: unknown) => error)).toBeInstanceOf(NetworkError);
    expect(await load()).toEqual({ module: 2 });
  });
});
