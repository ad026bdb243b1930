// A test file's instance: started before the file's tests and stopped after them, the
// beforeAll/afterAll pair most API test files used to write out (withMailInstance is the same with
// a real SMTP receiver beside it). `ready` gets the started instance (assign it to the file's
// variables there) and does the rest of the file's setup.
import { afterAll, beforeAll } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { makeProject } from './api-expectations';
import { startTestInstance, type TestInstance } from './instance';

export interface FileInstance {
  t: TestInstance;
  /** The development instance's demo project (startTestInstance's default mode). */
  demo: BootstrappedProject;
  internal: BootstrappedProject;
}

export interface FileInstanceOptions {
  /** Passed to startTestInstance. */
  instance?: Parameters<typeof startTestInstance>[0];
  timeoutMillis?: number;
  /** Runs after the file's tests and before the instance stops: receivers, browsers, host apps. */
  beforeStop?: () => Promise<void> | void;
  /** Runs after the instance stopped: removing the data directory the file gave it. */
  afterStop?: () => Promise<void> | void;
}

/**
 * The hooks behind every with…() of the kit: before the file's tests `start` fills in what it
 * starts, then `ready` gets it; after them `beforeStop` runs, then `stop` gets what was started
 * (also after a start that failed half way, so nothing is left running).
 */
export function aroundFile<S extends object>(
  start: (into: Partial<S>) => Promise<void>,
  stop: (started: Partial<S>) => Promise<void>,
  ready: (started: S) => Promise<unknown> | unknown,
  options: { timeoutMillis?: number; beforeStop?: () => Promise<void> | void } = {},
): void {
  let started: Partial<S> = {};
  beforeAll(async () => {
    await start(started);
    await ready(started as S);
  }, options.timeoutMillis);
  afterAll(async () => {
    try {
      await options.beforeStop?.();
    } finally {
      await stop(started);
      started = {};
    }
  });
}

/** Registers the file's beforeAll/afterAll around one test instance. */
export function withInstance(
  ready: (started: FileInstance) => Promise<unknown> | unknown = () => {},
  options: FileInstanceOptions = {},
): void {
  aroundFile<FileInstance>(
    async (into) => {
      const t = await startTestInstance(options.instance);
      Object.assign(into, { t, demo: t.demo!, internal: t.internal });
    },
    async (started) => {
      await started.t?.stop();
      await options.afterStop?.();
    },
    ready,
    options,
  );
}

export interface FileProject extends FileInstance {
  /** A project of the file's own, made through core with all three keys (makeProject). */
  project: BootstrappedProject;
}

/** withInstance plus one project named `displayName`, for files whose tests share one project. */
export function withProject(
  displayName: string,
  ready: (started: FileProject) => Promise<unknown> | unknown,
  options: FileInstanceOptions = {},
): void {
  withInstance(async (started) => {
    await ready({ ...started, project: await makeProject(started.t, displayName) });
  }, options);
}
