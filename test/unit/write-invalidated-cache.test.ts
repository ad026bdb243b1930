// The read cache must never answer from before a write: not after this process writes, not
// after another connection (the CLI) commits, and not after a transaction that rolled back.
import { describe, expect, test } from 'bun:test';
import type { Storage } from '../../db/connection';
import type { Context } from '../../server/core/storage/context';
import { writeTransaction } from '../../server/core/storage/transactions';
import { WriteInvalidatedCache } from '../../server/core/storage/write-invalidated-cache';
import { withTwoConnections } from '../support/storage-contexts';

let server: Storage, cli: Storage, ctx: Context;

withTwoConnections((opened) => {
  ({ storage: server, other: cli, ctx } = opened);
  server.sqlite.run('CREATE TABLE cache_probe (value INTEGER NOT NULL)');
  server.sqlite.run('INSERT INTO cache_probe (value) VALUES (1)');
});

/** Read the way core reads: through ctx.db, the reader outside a transaction and the writer inside one. */
const readProbe = () => (ctx.db.$client.query('SELECT value FROM cache_probe').get() as { value: number }).value;
/** Longer than a reading of PRAGMA data_version is reused. */
const aMillisecondLater = () => Bun.sleep(2);

describe('WriteInvalidatedCache', () => {
  test('a repeated read is served from the cache while nothing is written', async () => {
    const cache = new WriteInvalidatedCache<number>(10);
    let loads = 0;
    const read = async () => await cache.get(ctx, 'probe', () => (loads++, readProbe()));
    expect(await read()).toBe(1);
    await aMillisecondLater();
    expect(await read()).toBe(1);
    expect(loads).toBe(1);
  });

  test("this process's write is seen by the very next read", async () => {
    const cache = new WriteInvalidatedCache<number>(10);
    const read = async () => await cache.get(ctx, 'probe', () => readProbe());
    expect(await read()).toBe(1);
    await writeTransaction(ctx, async () => void ctx.db.$client.run('UPDATE cache_probe SET value = 2'));
    expect(await read()).toBe(2);
  });

  test("another connection's commit is seen a millisecond later", async () => {
    const cache = new WriteInvalidatedCache<number>(10);
    const read = async () => await cache.get(ctx, 'probe', () => readProbe());
    const before = await read();
    cli.sqlite.run('UPDATE cache_probe SET value = value + 10');
    await aMillisecondLater();
    expect(await read()).toBe(before + 10);
  });

  test('an answer read inside a transaction that rolls back is not kept', async () => {
    const cache = new WriteInvalidatedCache<number>(10);
    const read = async () => await cache.get(ctx, 'probe', () => readProbe());
    const committed = await read();
    await expect(
      writeTransaction(ctx, async () => {
        ctx.db.$client.run('UPDATE cache_probe SET value = 999');
        expect(await read()).toBe(999);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await read()).toBe(committed);
  });

  test('the number of entries is bounded', async () => {
    const cache = new WriteInvalidatedCache<string>(2);
    let loads = 0;
    const read = async (key: string) => await cache.get(ctx, key, () => (loads++, key));
    for (const key of ['a', 'b', 'c']) await read(key);
    expect(loads).toBe(3);
    await read('a'); // evicted when 'c' came in
    expect(loads).toBe(4);
  });
});
