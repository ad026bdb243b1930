// The latency proxy's timer thread (bench/latency-proxy.ts). The main thread counts each chunk
// it queues in a shared integer; this thread notes when each one arrived (its own clock: a
// worker's hrtime does not share the main thread's origin), sleeps until the oldest is due, and
// then posts how many chunks are due. Atomics.wait sleeps to some microseconds, where the event
// loop's timers round up to whole milliseconds.
/** This worker's side of its channel to the main thread. */
const channel = globalThis as unknown as {
  onmessage: (event: MessageEvent<{ control: Int32Array; delayMillis: number; ringSize: number }>) => void;
  postMessage(dueCount: number): void;
};

const nowMillis = () => Number(process.hrtime.bigint()) / 1e6;
/**
 * Chunks are posted this much before they are due: about what the message takes to reach the
 * main thread and be written, measured as the surplus of the proxy's round trips over the set
 * delay (bench/postgres-latency.ts reports the round trip it measures).
 */
const earlyMillis = 0.12;

channel.onmessage = async (event) => {
  const { control, delayMillis, ringSize } = event.data;
  const dueTimes = new Float64Array(ringSize);
  let head = 0;
  let seen = 0;
  for (;;) {
    const tail = Atomics.load(control, 0);
    if (tail !== seen) {
      const due = nowMillis() + delayMillis;
      for (; seen < tail; seen++) dueTimes[seen % ringSize] = due;
    }
    if (head === seen) {
      // Nothing queued: sleep until the main thread queues a chunk.
      Atomics.wait(control, 0, seen);
      continue;
    }
    const wait = dueTimes[head % ringSize]! - nowMillis();
    if (wait > earlyMillis) {
      // Woken early by a new chunk, which is then noted at once.
      Atomics.wait(control, 0, seen, wait);
      continue;
    }
    const now = nowMillis() + earlyMillis;
    while (head < seen && dueTimes[head % ringSize]! <= now) head++;
    channel.postMessage(head);
    // A message posted goes out when this thread's event loop turns: let it.
    await new Promise((resolve) => setImmediate(resolve));
  }
};
