// What the load benches share: the request bench/load-generator.ts takes and the result it
// prints, running it in a process of its own, and the median of rounds.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LoadRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Each loop's value for `{c}` in the urls (bench/load-generator.ts). */
  perConnection?: string[];
  /** A second request each loop sends after the first. */
  then?: Omit<LoadRequest, 'perConnection' | 'then'>;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
  /** Every request answered during the run, warm-up and the last ones in flight included. */
  completed: number;
}

/**
 * One round of closed-loop load. `launch` may wrap the command line (bench/run.ts pins the
 * generator to a core with taskset).
 */
export async function runLoadGenerator(
  request: LoadRequest,
  connections: number,
  seconds: number,
  launch: (command: string[]) => string[] = (command) => command,
): Promise<LoadResult> {
  const command = [
    process.execPath,
    join(import.meta.dir, 'load-generator.ts'),
    JSON.stringify(request),
    String(connections),
    String(seconds),
  ];
  const child = Bun.spawn(launch(command), { stdout: 'pipe', stderr: 'inherit' });
  const output = await new Response(child.stdout).text();
  if ((await child.exited) !== 0) throw new Error(`the load generator failed for ${request.url}`);
  return JSON.parse(output.trim().split('\n').pop()!) as LoadResult;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * CPU time (user + system, milliseconds) a process has used so far, from /proc; undefined where
 * there is no /proc. A server's CPU per request is this before and after a load run, over the
 * run's `completed`.
 */
export function processCpuMillis(pid: number): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The fields after the command name, which may itself hold spaces, in parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticksPerSecond = 100;
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}
