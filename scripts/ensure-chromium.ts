// Makes sure Debian's Chromium is installed for the browser tests (test/browser): playwright-core
// drives /usr/bin/chromium and never downloads a browser of its own. Run by scripts/run-tests.ts
// and by the tests' setup.
import { ensureDebianPackage } from './debian-packages';

export const chromiumPath = '/usr/bin/chromium';

export async function ensureChromium(): Promise<string> {
  await ensureDebianPackage('chromium', [chromiumPath], 'the browser tests');
  // Chromium's own fonts draw no Chinese, Japanese or Korean: without these the screenshots of
  // those locales show empty boxes, and nobody can look at them.
  await ensureDebianPackage('fonts-noto-cjk', ['/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'], 'readable ja, ko and zh screenshots');
  return chromiumPath;
}

if (import.meta.main) await ensureChromium();
