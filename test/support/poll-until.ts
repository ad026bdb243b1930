// Waiting for what a server does after it answers (a queued email, a webhook attempt): poll
// with a deadline, never a fixed sleep standing in for the wait.

/** Reads until `done` holds for the value or `timeoutMillis` passes; returns the last value read. */
export async function pollUntil<T>(read: () => T | Promise<T>, done: (value: T) => boolean, timeoutMillis = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMillis;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await Bun.sleep(50);
    value = await read();
  }
  return value;
}
