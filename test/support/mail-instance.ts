// A test file's real SMTP receiver and the test instance sending to it: started together before
// the file's tests, stopped together after them (the block 20-odd files used to copy).
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { aroundFile, type FileInstanceOptions } from './file-instance';
import { startTestInstance, type TestInstance } from './instance';
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver';

export interface MailInstance {
  t: TestInstance;
  smtp: SmtpReceiver;
  /** The development instance's demo project, as withInstance hands it over. */
  demo: BootstrappedProject;
}

/** withInstance's options; `instance.settings.smtpUrl` is set to the receiver's unless given. */
export interface MailInstanceOptions extends FileInstanceOptions {}

/**
 * Registers the file's beforeAll/afterAll: `ready` gets the started pair (assign it to the file's
 * variables there) and does the rest of the file's setup.
 */
export function withMailInstance(
  ready: (started: MailInstance) => Promise<unknown> | unknown,
  options: MailInstanceOptions = {},
): void {
  aroundFile<MailInstance>(
    async (into) => {
      into.smtp = await startSmtpReceiver();
      const instance = options.instance ?? {};
      into.t = await startTestInstance({ ...instance, settings: { smtpUrl: into.smtp.url, ...instance.settings } });
      into.demo = into.t.demo!;
    },
    async (started) => {
      await started.t?.stop();
      await started.smtp?.stop();
      await options.afterStop?.();
    },
    ready,
    options,
  );
}
