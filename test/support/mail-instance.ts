// A test file's real SMTP receiver and the test instance sending to it: started together before
// the file's tests, stopped together after them (the block 20-odd files used to copy).
import { aroundFile } from './file-instance';
import { startTestInstance, type TestInstance } from './instance';
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver';

export interface MailInstance {
  t: TestInstance;
  smtp: SmtpReceiver;
}

export interface MailInstanceOptions {
  /** Passed to startTestInstance; smtpUrl is set to the receiver's unless given. */
  instance?: Parameters<typeof startTestInstance>[0];
  /** For setups that launch a browser or a host app as well. */
  timeoutMillis?: number;
  /** Runs after the file's tests and before the instance stops: closing pages, browsers, host apps. */
  beforeStop?: () => Promise<void> | void;
}

/**
 * Registers the file's beforeAll/afterAll: `ready` gets the started pair (assign it to the file's
 * variables there) and does the rest of the file's setup.
 */
export function withMailInstance(
  ready: (started: MailInstance) => Promise<void> | void,
  options: MailInstanceOptions = {},
): void {
  aroundFile<MailInstance>(
    async (into) => {
      into.smtp = await startSmtpReceiver();
      const instance = options.instance ?? {};
      into.t = await startTestInstance({ ...instance, settings: { smtpUrl: into.smtp.url, ...instance.settings } });
    },
    async (started) => {
      await started.t?.stop();
      await started.smtp?.stop();
    },
    ready,
    options,
  );
}
