// The storage layer under concurrency: core functions await inside write transactions, so other
// work runs while one is open. Each test here would fail if a transaction's statements could
// reach another's connection, if a throw left rows behind, or if a nested transaction waited on
// the lock its own caller holds.
import { describe, expect, test } from 'bun:test';
import type { Storage } from '../../db/connection';
import type { Context } from '../../server/core/storage/context';
import { isInsideTransaction, readSnapshot, writeTransaction } from '../../server/core/storage/transactions';
import { WriteInvalidatedCache } from '../../server/core/storage/write-invalidated-cache';
import { withTwoConnections } from '../support/storage-contexts';

let storage: Storage, other: Storage, ctx: Context;

withTwoConnections((opened) => {
  ({ storage, other, ctx } = opened);
  storage.sqlite.run('CREATE TABLE probe_rows (name TEXT NOT NULL)');
});

/** Names in the table, read the way a core function reads: through ctx.db's current connection. */
function namesSeen(): string[] {
  return ctx.db.$client
    .query<{ name: string }, []>('SELECT name FROM probe_rows ORDER BY rowid')
    .all()
    .map((row) => row.name);
}
const insertName = (name: string) => ctx.db.$client.run('INSERT INTO probe_rows (name) VALUES (?)', [name]);
const clearRows = () => writeTransaction(ctx, async () => void ctx.db.$client.run('DELETE FROM probe_rows'));
/** Lets every other queued task run, as a real await inside a transaction body would. */
const yieldToOthers = () => new Promise<void>((resolve) => setTimeout(resolve, 5));

describe('writeTransaction', () => {
  test('two concurrent transactions that interleave awaits do not see each other and both commit', async () => {
    await clearRows();
    const seenByA: string[][] = [];
    const seenByB: string[][] = [];
    const a = writeTransaction(ctx, async () => {
      insertName('a1');
      await yieldToOthers();
      seenByA.push(namesSeen());
      insertName('a2');
    });
    const b = writeTransaction(ctx, async () => {
      insertName('b1');
      await yieldToOthers();
      seenByB.push(namesSeen());
    });
    await Promise.all([a, b]);
    // Queued, not interleaved on the connection: b sees all of a, committed, and none of its own
    // rows leak into a.
    expect(seenByA).toEqual([['a1']]);
    expect(seenByB).toEqual([['a1', 'a2', 'b1']]);
    expect(namesSeen()).toEqual(['a1', 'a2', 'b1']);
  });

  test('a transaction that throws leaves no row', async () => {
    await clearRows();
    await expect(
      writeTransaction(ctx, async () => {
        insertName('doomed');
        await yieldToOthers();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(namesSeen()).toEqual([]);
    // The lock was released: the next transaction runs.
    await writeTransaction(ctx, async () => void insertName('after'));
    expect(namesSeen()).toEqual(['after']);
  });

  test('a read outside the transaction, while it is open, sees only committed rows', async () => {
    await clearRows();
    await writeTransaction(ctx, async () => void insertName('committed'));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedSignal = new Promise<void>((resolve) => (inserted = resolve));
    const open = writeTransaction(ctx, async () => {
      insertName('uncommitted');
      expect(namesSeen()).toEqual(['committed', 'uncommitted']);
      inserted();
      await held;
    });
    await insertedSignal;
    expect(isInsideTransaction(ctx)).toBe(false);
    expect(namesSeen()).toEqual(['committed']);
    release();
    await open;
    expect(namesSeen()).toEqual(['committed', 'uncommitted']);
  });

  test('a writeTransaction inside another joins it instead of waiting for the lock', async () => {
    await clearRows();
    const outcome = await Promise.race([
      writeTransaction(ctx, async () => {
        insertName('outer');
        await writeTransaction(ctx, async () => {
          insertName('inner');
          await yieldToOthers();
        });
        return namesSeen();
      }),
      Bun.sleep(2000).then(() => 'deadlocked'),
    ]);
    expect(outcome).toEqual(['outer', 'inner']);
    expect(namesSeen()).toEqual(['outer', 'inner']);
  });

  test('a joined transaction that throws rolls the outer one back with it', async () => {
    await clearRows();
    await expect(
      writeTransaction(ctx, async () => {
        insertName('outer');
        await writeTransaction(ctx, async () => {
          throw new Error('inner failed');
        });
      }),
    ).rejects.toThrow('inner failed');
    expect(namesSeen()).toEqual([]);
  });

  test('a write outside a transaction is refused by the read-only reader', () => {
    expect(() => insertName('stray')).toThrow(/readonly|read-only/i);
    expect(() => ctx.db.$client.run('DELETE FROM probe_rows')).toThrow(/readonly|read-only/i);
  });

  test('work started inside a transaction and left running does not join it after it ends', async () => {
    await clearRows();
    let straggler!: Promise<unknown>;
    await writeTransaction(ctx, async () => {
      straggler = (async () => {
        await yieldToOthers();
        // The transaction has committed by now: this must take the lock and open its own.
        return writeTransaction(ctx, async () => void insertName('later'));
      })();
    });
    await straggler;
    expect(namesSeen()).toEqual(['later']);
  });
});

describe('readSnapshot', () => {
  test('its reads see one state: commits landing between them, from this process or another, are not in the later ones', async () => {
    await clearRows();
    await writeTransaction(ctx, async () => void insertName('before'));
    const seen = await readSnapshot(ctx, async () => {
      const first = namesSeen();
      other.sqlite.run("INSERT INTO probe_rows (name) VALUES ('from the cli')");
      await yieldToOthers();
      return [first, namesSeen()];
    });
    expect(seen).toEqual([['before'], ['before']]);
    expect(namesSeen()).toEqual(['before', 'from the cli']);
  });

  test('a write inside it is refused, and a write transaction started beside it waits and then commits', async () => {
    await clearRows();
    await expect(readSnapshot(ctx, () => writeTransaction(ctx, async () => void insertName('inside')))).rejects.toThrow('read snapshot');
    let snapshotDone = false;
    const snapshot = readSnapshot(ctx, async () => {
      await yieldToOthers();
      snapshotDone = true;
      return namesSeen();
    });
    const write = writeTransaction(ctx, async () => {
      expect(snapshotDone).toBe(true);
      insertName('after');
    });
    expect(await snapshot).toEqual([]);
    await write;
    expect(namesSeen()).toEqual(['after']);
  });
});

describe('WriteInvalidatedCache with two connections', () => {
  test('empties after a commit of this process', async () => {
    const cache = new WriteInvalidatedCache<string[]>(10);
    await clearRows();
    const read = () => cache.get(ctx, 'names', namesSeen);
    expect(await read()).toEqual([]);
    await writeTransaction(ctx, async () => void insertName('mine'));
    expect(await read()).toEqual(['mine']);
  });

  test('empties after a commit from another connection (the CLI), a millisecond later', async () => {
    const cache = new WriteInvalidatedCache<string[]>(10);
    await clearRows();
    const read = () => cache.get(ctx, 'names', namesSeen);
    expect(await read()).toEqual([]);
    other.sqlite.run("INSERT INTO probe_rows (name) VALUES ('from the cli')");
    await Bun.sleep(2);
    expect(await read()).toEqual(['from the cli']);
  });

  test('does not keep an answer read inside a transaction', async () => {
    const cache = new WriteInvalidatedCache<string[]>(10);
    await clearRows();
    let loads = 0;
    const read = () => cache.get(ctx, 'names', () => (loads++, namesSeen()));
    await expect(
      writeTransaction(ctx, async () => {
        insertName('rolled back');
        expect(await read()).toEqual(['rolled back']);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await read()).toEqual([]);
    expect(loads).toBe(2);
  });

  test('an answer loaded while another transaction is open is dropped once that one commits', async () => {
    const cache = new WriteInvalidatedCache<string[]>(10);
    await clearRows();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const open = writeTransaction(ctx, async () => {
      insertName('pending');
      await held;
    });
    await yieldToOthers();
    expect(await cache.get(ctx, 'names', namesSeen)).toEqual([]);
    release();
    await open;
    // No millisecond's wait: the finished transaction alone must make the entry stale.
    expect(await cache.get(ctx, 'names', namesSeen)).toEqual(['pending']);
  });
});
