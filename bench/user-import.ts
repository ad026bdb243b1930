// `authd users import` of a generated JSONL file of N users with bcrypt hashes (stored as they
// are, never computed, so the rate is the database's), against a bare bulk insert of the same
// rows into the same schema in the same run, and the import's peak resident memory, which must
// not grow with the file. `bun bench/user-import.ts` (BENCH_USERS, default "100000,1000000").
// Each run gets a new data directory; the import and the baseline run in their own processes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchUser } from './import-bench-users';

const root = join(import.meta.dir, '..');
const bun = process.execPath;
const sizes = (process.env.BENCH_USERS ?? '100000,1000000').split(',').map(Number);
/** The same batch as the import's default: one transaction per 500 users. */
const batchSize = 500;
async function writeFile(path: string, users: number): Promise<number> {
  const writer = Bun.file(path).writer();
  for (let start = 0; start < users; start += 10_000) {
    let chunk = '';
    for (let i = start; i < Math.min(users, start + 10_000); i++) chunk += `${JSON.stringify(benchUser(i))}\n`;
    writer.write(chunk);
  }
  await writer.end();
  return Bun.file(path).size;
}

function run(args: string[]): string {
  const result = Bun.spawnSync([bun, ...args], { cwd: root, stdout: 'pipe', stderr: 'pipe' });
  if (result.exitCode !== 0) throw new Error(`${args.join(' ')}: ${result.stderr.toString()}`);
  return result.stdout.toString();
}

/** A new data directory with one project: its id. */
function newProject(dataDir: string): string {
  return JSON.parse(run([join(root, 'cmd', 'main.ts'), 'create-project', '--name', 'Import bench', '--data', dataDir, '--json']))
    .project_id;
}

/**
 * Runs a process to its end: its wall time, its CPU time (which other processes taking a share
 * of this shared machine's cores move less than the wall time) and its peak resident memory.
 */
async function measured(args: string[]): Promise<{ seconds: number; cpuSeconds: number; peakMegabytes: number; stdout: string }> {
  const started = performance.now();
  const child = Bun.spawn([bun, ...args], { cwd: root, stdout: 'pipe', stderr: 'pipe' });
  const stdout = new Response(child.stdout).text();
  const stderr = new Response(child.stderr).text();
  const code = await child.exited;
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`${args.join(' ')}: ${await stderr}`);
  const usage = child.resourceUsage()!;
  return {
    seconds,
    cpuSeconds: Number(usage.cpuTime.total) / 1e6,
    peakMegabytes: usage.maxRSS / (1024 * 1024),
    stdout: await stdout,
  };
}

interface Figures {
  users: number;
  fileMegabytes: number;
  importRate: number;
  baselineRate: number;
  importCpuRate: number;
  baselineCpuRate: number;
  importPeakMegabytes: number;
}

async function measure(users: number): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), 'authd-import-bench-'));
  try {
    const file = join(dir, 'users.jsonl');
    const bytes = await writeFile(file, users);

    const importDir = join(dir, 'import');
    const importProject = newProject(importDir);
    const imported = await measured([
      join(root, 'cmd', 'main.ts'),
      'users',
      'import',
      file,
      '--format',
      'jsonl',
      '--project',
      importProject,
      '--data',
      importDir,
      '--json',
    ]);
    const report = JSON.parse(imported.stdout);
    if (report.imported !== users)
      throw new Error(`imported ${report.imported} of ${users}: ${JSON.stringify(report.refused.slice(0, 3))}`);

    const baselineDir = join(dir, 'baseline');
    const baselineProject = newProject(baselineDir);
    const baseline = await measured([
      join(import.meta.dir, 'user-import-baseline.ts'),
      baselineDir,
      baselineProject,
      String(users),
      String(batchSize),
    ]);

    return {
      users,
      fileMegabytes: bytes / 1_000_000,
      importRate: users / imported.seconds,
      baselineRate: users / baseline.seconds,
      importCpuRate: users / imported.cpuSeconds,
      baselineCpuRate: users / baseline.cpuSeconds,
      importPeakMegabytes: imported.peakMegabytes,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const results: Figures[] = [];
for (const users of sizes) {
  const figures = await measure(users);
  results.push(figures);
  console.log(
    `${users.toLocaleString('en')} users (${figures.fileMegabytes.toFixed(0)} MB JSONL): import ${figures.importRate.toFixed(0)} users/s, ` +
      `bare insert ${figures.baselineRate.toFixed(0)} users/s, ratio ${(figures.importRate / figures.baselineRate).toFixed(2)}× (goal ≥ 0.5×); ` +
      `per CPU second ${figures.importCpuRate.toFixed(0)} against ${figures.baselineCpuRate.toFixed(0)}, ${(figures.importCpuRate / figures.baselineCpuRate).toFixed(2)}×; ` +
      `import peak RSS ${figures.importPeakMegabytes.toFixed(0)} MB`,
  );
}
if (results.length > 1) {
  const [smallest, largest] = [results[0]!, results.at(-1)!];
  console.log(
    `peak RSS ${smallest.importPeakMegabytes.toFixed(0)} MB at ${smallest.users.toLocaleString('en')} users, ${largest.importPeakMegabytes.toFixed(0)} MB at ${largest.users.toLocaleString('en')} ` +
      `(×${(largest.importPeakMegabytes / smallest.importPeakMegabytes).toFixed(2)} for ×${largest.users / smallest.users} the file; goal: flat)`,
  );
}
