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
}

/** Registers the file's beforeAll/afterAll around one test instance. */
export function withInstance(ready: (started: FileInstance) => Promise<unknown> | unknown = () => {}, options: FileInstanceOptions = {}): void {
  let t: TestInstance | undefined;
  beforeAll(async () => {
    t = await startTestInstance(options.instance);
    await ready({ t, demo: t.demo!, internal: t.internal });
  }, options.timeoutMillis);
  afterAll(async () => {
    try {
      await options.beforeStop?.();
    } finally {
      await t?.stop();
      t = undefined;
    }
  });
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
