// What the load benches share: the request bench/load-generator.ts takes and the result it
// prints, running it in a process of its own, and the median of rounds.
import { join } from 'node:path';

export interface LoadRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
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
  const command = [process.execPath, join(import.meta.dir, 'load-generator.ts'), JSON.stringify(request), String(connections), String(seconds)];
  const child = Bun.spawn(launch(command), { stdout: 'pipe', stderr: 'inherit' });
  const output = await new Response(child.stdout).text();
  if ((await child.exited) !== 0) throw new Error(`the load generator failed for ${request.url}`);
  return JSON.parse(output.trim().split('\n').pop()!) as LoadResult;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
