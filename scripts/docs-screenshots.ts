// Takes the README's screenshots (docs/images/*.png): a real `authd serve` on a throw-away data
// directory, Debian's Chromium through playwright-core, and `authd tui` driven in tmux with its
// captured pane rendered as HTML. Run by hand: `bun scripts/docs-screenshots.ts`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { ensureChromium } from './ensure-chromium';

const root = path.resolve(import.meta.dir, '..');
const images = path.join(root, 'docs', 'images');
const port = 8931;
const url = `http://localhost:${port}`;
const password = 'correct horse battery staple 42';

async function startServe(dataDir: string) {
  const server = Bun.spawn(
    [process.execPath, path.join(root, 'cmd/main.ts'), 'serve', '--data', dataDir, '--port', String(port)],
    {
      stdout: 'pipe',
      stderr: 'inherit',
    },
  );
  const reader = server.stdout.getReader();
  let output = '';
  while (!output.includes('listening on')) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`serve stopped:\n${output}`);
    output += new TextDecoder().decode(value);
  }
  const demo = /Created project "Demo project" \(id ([0-9a-f-]+)\)[\s\S]*?publishable client key: (pck_\w+)/.exec(output);
  if (!demo) throw new Error(`no demo project in:\n${output}`);
  return { server, projectId: demo[1]!, publishableKey: demo[2]! };
}

async function signUp(projectId: string, publishableKey: string, email: string) {
  const response = await fetch(`${url}/api/v1/auth/password/sign-up`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-stack-access-type': 'client',
      'x-stack-project-id': projectId,
      'x-stack-publishable-client-key': publishableKey,
    },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
}

async function shootCard(page: Page, file: string) {
  await page.goto(`${url}/handler/sign-in`);
  await page.getByRole('tab', { name: 'Password' }).click();
  await page.locator('[data-testid="password-sign-in-form"]').waitFor();
  await page.screenshot({ path: path.join(images, file) });
}

function sh(command: string[]): string {
  const run = Bun.spawnSync(command);
  if (run.exitCode !== 0) throw new Error(`${command.join(' ')}: ${run.stderr.toString()}`);
  return run.stdout.toString();
}

/** `authd tui` in a detached tmux session; returns the pane's text with its colours (ANSI). */
async function captureTui(dataDir: string): Promise<string> {
  const session = `authd-docs-${process.pid}`;
  sh([
    'tmux',
    'new-session',
    '-d',
    '-s',
    session,
    '-x',
    '100',
    '-y',
    '28',
    `${process.execPath} ${path.join(root, 'cmd/main.ts')} tui --data ${dataDir}`,
  ]);
  try {
    await Bun.sleep(3000);
    sh(['tmux', 'send-keys', '-t', session, 'Enter']);
    await Bun.sleep(1500);
    return sh(['tmux', 'capture-pane', '-p', '-e', '-t', session]).replace(/(\n\s*)+$/, '\n');
  } finally {
    Bun.spawnSync(['tmux', 'kill-session', '-t', session]);
  }
}

const palette = ['#1e1e1e', '#e06c75', '#98c379', '#e5c07b', '#61afef', '#c678dd', '#56b6c2', '#dcdfe4'];
const bright = ['#5c6370', '#ff7b86', '#b5e890', '#ffd68a', '#8cc8ff', '#de9bff', '#7fe0eb', '#ffffff'];

function color256(n: number): string {
  if (n < 8) return palette[n]!;
  if (n < 16) return bright[n - 8]!;
  if (n >= 232) return `rgb(${8 + (n - 232) * 10},${8 + (n - 232) * 10},${8 + (n - 232) * 10})`;
  const i = n - 16;
  const step = (v: number) => (v === 0 ? 0 : 55 + v * 40);
  return `rgb(${step(Math.floor(i / 36))},${step(Math.floor(i / 6) % 6)},${step(i % 6)})`;
}

/** The captured pane as HTML: SGR colours, bold, dim and inverse; everything else as text. */
function paneAsHtml(pane: string): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  let state = { fg: '', bg: '', bold: false, dim: false, inverse: false };
  let html = '';
  for (const part of pane.split(/(\x1b\[[0-9;]*m)/)) {
    const sgr = /^\x1b\[([0-9;]*)m$/.exec(part);
    if (!sgr) {
      if (!part) continue;
      const fg = state.inverse ? state.bg || '#1e1e1e' : state.fg;
      const bg = state.inverse ? state.fg || '#dcdfe4' : state.bg;
      const style = [fg && `color:${fg}`, bg && `background:${bg}`, state.bold && 'font-weight:bold', state.dim && 'opacity:.6']
        .filter(Boolean)
        .join(';');
      html += style ? `<span style="${style}">${escape(part)}</span>` : escape(part);
      continue;
    }
    const codes = (sgr[1] || '0').split(';').map(Number);
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i]!;
      if (code === 0) state = { fg: '', bg: '', bold: false, dim: false, inverse: false };
      else if (code === 1) state.bold = true;
      else if (code === 2) state.dim = true;
      else if (code === 7) state.inverse = true;
      else if (code === 22) state.bold = state.dim = false;
      else if (code === 27) state.inverse = false;
      else if (code >= 30 && code <= 37) state.fg = palette[code - 30]!;
      else if (code >= 90 && code <= 97) state.fg = bright[code - 90]!;
      else if (code === 39) state.fg = '';
      else if (code >= 40 && code <= 47) state.bg = palette[code - 40]!;
      else if (code >= 100 && code <= 107) state.bg = bright[code - 100]!;
      else if (code === 49) state.bg = '';
      else if ((code === 38 || code === 48) && codes[i + 1] === 5) {
        const value = color256(codes[i + 2]!);
        if (code === 38) state.fg = value;
        else state.bg = value;
        i += 2;
      } else if ((code === 38 || code === 48) && codes[i + 1] === 2) {
        const value = `rgb(${codes[i + 2]},${codes[i + 3]},${codes[i + 4]})`;
        if (code === 38) state.fg = value;
        else state.bg = value;
        i += 4;
      }
    }
  }
  return `<!doctype html><meta charset="utf-8"><body style="margin:0;background:#1e1e1e">
<pre id="pane" style="display:inline-block;margin:0;padding:14px 16px;color:#dcdfe4;background:#1e1e1e;font:14px/1.25 'DejaVu Sans Mono',monospace">${html}</pre>`;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'authd-docs-shots-'));
const { server, projectId, publishableKey } = await startServe(dataDir);
const browser = await chromium.launch({
  executablePath: await ensureChromium(),
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const email = 'ada@example.com';
  await signUp(projectId, publishableKey, email);
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ colorScheme, viewport: { width: 720, height: 490 } });
    await shootCard(await context.newPage(), `sign-in-${colorScheme}.png`);
    await context.close();
  }
  const context = await browser.newContext({ viewport: { width: 1100, height: 420 } });
  const page = await context.newPage();
  await page.goto(`${url}/handler/account-settings/profile`);
  await page.waitForURL(/\/handler\/sign-in/);
  await page.getByRole('tab', { name: 'Password' }).click();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/handler\/account-settings\/profile$/);
  await page.getByRole('heading', { name: 'Account Settings', level: 1 }).waitFor();
  await page.screenshot({ path: path.join(images, 'account-settings.png') });
  await context.close();

  const htmlFile = path.join(dataDir, 'tui.html');
  writeFileSync(htmlFile, paneAsHtml(await captureTui(dataDir)));
  const tuiContext = await browser.newContext({ viewport: { width: 1000, height: 600 } });
  const tuiPage = await tuiContext.newPage();
  await tuiPage.goto(`file://${htmlFile}`);
  await tuiPage.locator('#pane').screenshot({ path: path.join(images, 'tui.png') });
  await tuiContext.close();
} finally {
  await browser.close();
  server.kill();
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`wrote ${images}/{sign-in-light,sign-in-dark,account-settings,tui}.png`);
