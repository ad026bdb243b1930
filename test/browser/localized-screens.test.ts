// The hosted screens in Japanese and Arabic in Debian's Chromium against a real authd and SMTP
// receiver: sign-in, sign-up and account settings chosen once by Accept-Language (the browser's
// own language left English, so the request header is what decides) and once by the user's
// stored locale; Arabic right to left (dir=rtl, the card's contents mirrored); the language
// picked in My Profile; `lang` over both; an emailed sign-in code in the recipient's language,
// typed into the page. Screenshots in ar and ja at 390 and 1280 px, light and dark:
// test-artifacts/browser/locale-*.png.
import { describe, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { join } from 'node:path';
import { as, call, uniqueEmail } from '../support/api-expectations';
import type { TestInstance } from '../support/instance';
import type { SmtpReceiver } from '../support/smtp-receiver';
import { artifactsDir, textOf, withMailBrowser } from './browser-support';
import authDe from '../../server/protocol/messages/auth/auth-de';
import pagesDe from '../../server/protocol/messages/pages/pages-de';

let t: TestInstance, smtp: SmtpReceiver, browser: Browser;
const browserTestTimeout = 150_000;
const password = 'correct horse battery';

withMailBrowser(
  (started) => ({ t, smtp, browser } = started),
  {
    instance: { settings: { hostedScreensRuntime: 'preact' } },
  },
);

interface Opened {
  page: Page;
  problems: string[];
  close(): Promise<void>;
}

/** A page whose browser speaks English; `acceptLanguage` is the request header alone. */
async function open(options: { acceptLanguage?: string; width?: number; dark?: boolean } = {}): Promise<Opened> {
  // No `locale` option: Playwright's would also set Accept-Language, over the header given here.
  const context = await browser.newContext({
    colorScheme: options.dark ? 'dark' : 'light',
    viewport: { width: options.width ?? 1280, height: 860 },
    extraHTTPHeaders: options.acceptLanguage ? { 'accept-language': options.acceptLanguage } : {},
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`));
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { page, problems, close: () => context.close() };
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(artifactsDir, `locale-${name}.png`), fullPage: true });

async function documentLanguage(page: Page): Promise<{ lang: string; dir: string; cardDirection: string }> {
  return await page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    cardDirection: getComputedStyle(document.querySelector('main section, [data-testid="account-settings"]')!).direction,
  }));
}

async function newUser(locale: string | null): Promise<{ email: string; refreshToken: string }> {
  const email = uniqueEmail(`locale-${locale ?? 'none'}`);
  const res = await call(t, 'POST', '/auth/password/sign-up', { headers: as(t.demo!, 'client'), body: { email, password } });
  expect(res.status).toBe(200);
  if (locale) {
    const patched = await call(t, 'PATCH', '/users/me', { headers: as(t.demo!, 'client', res.json.access_token), body: { locale } });
    expect(patched.json.locale).toBe(locale);
  }
  return { email, refreshToken: res.json.refresh_token };
}

// The inputs by name: the tab panel is labelled by its tab ("Password") as well.
const input = (page: Page, name: string) => page.locator(`main input[name="${name}"]`);

async function signInWithForm(page: Page, email: string, tabName: string, submit: string) {
  await page.getByRole('tab', { name: tabName }).click();
  await input(page, 'email').fill(email);
  await input(page, 'password').fill(password);
  await page.getByRole('button', { name: submit, exact: true }).click();
}

/** The browser's own languages stay English: what decides is the request header or the user. */
async function expectEnglishBrowser(page: Page): Promise<void> {
  expect(await page.evaluate(() => navigator.language)).toStartWith('en');
}

const words = {
  ja: {
    signInHeading: 'アカウントにサインイン',
    signUpHeading: '新しいアカウントを作成',
    passwordTab: 'パスワード',
    email: 'メールアドレス',
    password: 'パスワード',
    repeat: 'パスワード（確認）',
    signIn: 'サインイン',
    signUp: '登録する',
    signedUp: 'アカウントの準備ができました',
    profile: 'マイプロフィール',
    already: 'すでにサインインしています',
    dir: 'ltr',
  },
  ar: {
    signInHeading: 'سجّل الدخول إلى حسابك',
    signUpHeading: 'أنشئ حسابًا جديدًا',
    passwordTab: 'كلمة المرور',
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    repeat: 'تأكيد كلمة المرور',
    signIn: 'تسجيل الدخول',
    signUp: 'إنشاء الحساب',
    signedUp: 'حسابك جاهز',
    profile: 'ملفي الشخصي',
    already: 'أنت مسجّل الدخول بالفعل',
    dir: 'rtl',
  },
} as const;

describe.each(['ja', 'ar'] as const)('%s', (locale) => {
  const w = words[locale];

  test(
    'chosen by Accept-Language: sign-in, sign-up (a real account made through the form) and account settings',
    async () => {
      const opened = await open({ acceptLanguage: `${locale},en;q=0.5` });
      const { page } = opened;
      try {
        await page.goto(`${t.url}/handler/sign-in`);
        await expectEnglishBrowser(page);
        await expect(page.locator('main section h1').innerText()).resolves.toBe(w.signInHeading);
        expect(await documentLanguage(page)).toEqual({ lang: locale, dir: w.dir, cardDirection: w.dir });
        if (locale === 'ar') {
          // Mirrored: "Forgot password?" sits at the card's inline end, which is its left side.
          await page.getByRole('tab', { name: w.passwordTab }).click();
          const card = (await page.locator('main section').boundingBox())!;
          const forgot = (await page.getByRole('link', { name: 'هل نسيت كلمة المرور؟' }).boundingBox())!;
          expect(forgot.x + forgot.width / 2).toBeLessThan(card.x + card.width / 2);
        }
        await page.goto(`${t.url}/handler/sign-up`);
        await expect(page.locator('main section h1').innerText()).resolves.toBe(w.signUpHeading);
        const email = uniqueEmail(`sign-up-${locale}`);
        await page.getByRole('tab', { name: w.passwordTab }).click();
        // Labelled in the page's language.
        expect(await page.locator('main label').allInnerTexts()).toEqual([w.email, w.password, w.repeat]);
        await input(page, 'email').fill(email);
        await input(page, 'password').fill(password);
        await input(page, 'repeat-password').fill(password);
        await page.getByRole('button', { name: w.signUp, exact: true }).click();
        await page.getByTestId('signed-up').waitFor();
        expect(await page.locator('main section h1').innerText()).toBe(w.signedUp);
        expect(await textOf(page, 'signed-up')).toContain(email);
        await page.goto(`${t.url}/handler/account-settings/profile`);
        await page.getByTestId('account-settings').waitFor();
        await expect(page.locator('[data-testid="account-settings"] h2').innerText()).resolves.toBe(w.profile);
        expect(await documentLanguage(page)).toEqual({ lang: locale, dir: w.dir, cardDirection: w.dir });
        expect(opened.problems).toEqual([]);
      } finally {
        await opened.close();
      }
    },
    browserTestTimeout,
  );

  test(
    "chosen by the user's stored locale over an English Accept-Language, once the user is known",
    async () => {
      const user = await newUser(locale);
      const opened = await open({ acceptLanguage: 'en-US,en;q=0.9' });
      const { page } = opened;
      try {
        await page.goto(`${t.url}/handler/sign-in`);
        await expect(page.locator('main section h1').innerText()).resolves.toBe('Sign in to your account');
        await signInWithForm(page, user.email, 'Password', 'Sign In');
        await page.getByTestId('account-settings').waitFor();
        await expect(page.locator('[data-testid="account-settings"] h2').innerText()).resolves.toBe(w.profile);
        expect(await documentLanguage(page)).toEqual({ lang: locale, dir: w.dir, cardDirection: w.dir });
        // Signed in, the sign-in and sign-up pages speak the user's language too.
        for (const path of ['sign-in', 'sign-up']) {
          await page.goto(`${t.url}/handler/${path}`);
          await page.getByTestId('already-signed-in').waitFor();
          expect(await page.locator('main section h1').innerText()).toBe(w.already);
          expect(await documentLanguage(page)).toEqual({ lang: locale, dir: w.dir, cardDirection: w.dir });
        }
        // `lang` outranks the stored locale.
        await page.goto(`${t.url}/handler/account-settings/profile?lang=de`);
        await expect(page.locator('[data-testid="account-settings"] h2').innerText()).resolves.toBe('Mein Profil');
        expect(opened.problems).toEqual([]);
      } finally {
        await opened.close();
      }
    },
    browserTestTimeout,
  );
});

test(
  'the language picked in My Profile is stored and the screens switch to it, right to left for Arabic',
  async () => {
    const user = await newUser(null);
    const opened = await open({ acceptLanguage: 'en' });
    const { page } = opened;
    try {
      await page.goto(`${t.url}/handler/sign-in`);
      await signInWithForm(page, user.email, 'Password', 'Sign In');
      await page.getByTestId('account-settings').waitFor();
      await expect(page.locator('[data-testid="account-settings"] h2').innerText()).resolves.toBe('My Profile');
      await page.getByTestId('locale-select').selectOption('ar');
      await page.getByText('تم حفظ اللغة.').waitFor();
      expect(await page.locator('[data-testid="account-settings"] h2').innerText()).toBe('ملفي الشخصي');
      expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl', cardDirection: 'rtl' });
      // The settings sidebar mirrors: the menu is on the right of the content at this width.
      const nav = (await page.locator('[data-testid="account-settings"] nav').boundingBox())!;
      const content = (await page.locator('[data-testid="account-settings"] section').first().boundingBox())!;
      expect(nav.x).toBeGreaterThan(content.x);
      // Stored: a fresh page load reads it from the user.
      await page.reload();
      await expect(page.locator('[data-testid="account-settings"] h2').innerText()).resolves.toBe('ملفي الشخصي');
      expect(opened.problems).toEqual([]);
    } finally {
      await opened.close();
    }
  },
  browserTestTimeout,
);

test(
  "a magic-link code emailed in the recipient's language, typed into the Japanese page, signs in",
  async () => {
    const opened = await open({ acceptLanguage: 'ja' });
    const { page } = opened;
    try {
      // The email's language is its recipient's (here the stored Japanese), whatever page asked for it.
      const address = uniqueEmail('emailed-ja');
      const created = await call(t, 'POST', '/users', {
        headers: as(t.demo!, 'server'),
        body: { primary_email: address, primary_email_verified: true, primary_email_auth_enabled: true, locale: 'ja' },
      });
      expect(created.status).toBe(201);
      await page.goto(`${t.url}/handler/sign-in`);
      await input(page, 'email').fill(address);
      await page.getByRole('button', { name: 'マジックリンクを送信', exact: true }).click();
      await page.getByTestId('magic-link-code-step').waitFor();
      expect(await page.locator('main section h1').innerText()).toBe('メールを確認してください');
      const email = await smtp.waitFor(address);
      const code = /コードは ([A-Z0-9]{6}) です$/.exec(email.subject)?.[1];
      expect(code).toMatch(/^[A-Z0-9]{6}$/);
      expect(email.text).toContain('サインイン用のコード：');
      await page.getByLabel('メールに記載されたコード').first().fill(code!);
      await page.getByTestId('account-settings').waitFor();
      await expect(page.locator('[data-testid="account-settings"] h2').innerText()).resolves.toBe('マイプロフィール');
      expect(opened.problems).toEqual([]);
    } finally {
      await opened.close();
    }
  },
  browserTestTimeout,
);

test(
  'a magic link sent from the German sign-in (lang=de) opens its page in German, in an English browser too',
  async () => {
    const sender = await open();
    const reader = await open();
    try {
      const address = uniqueEmail('link-de');
      await sender.page.goto(`${t.url}/handler/sign-in?lang=de`);
      await input(sender.page, 'email').fill(address);
      await sender.page.getByRole('button', { name: authDe['magicLink.submit'], exact: true }).click();
      await sender.page.getByTestId('magic-link-code-step').waitFor();
      const link = (await smtp.waitFor(address)).text.match(/https?:\/\/\S+/)?.[0];
      expect(new URL(link!).searchParams.get('lang')).toBe('de');
      // The sender's page spends the link; the other browser, signed out, is told it was used.
      await sender.page.goto(link!);
      await sender.page.getByTestId('signed-up').waitFor();
      await reader.page.goto(link!);
      await reader.page.getByText(pagesDe['link.usedMagicLink']).waitFor();
      expect((await documentLanguage(reader.page)).lang).toBe('de');
      expect([...sender.problems, ...reader.problems]).toEqual([]);
    } finally {
      await sender.close();
      await reader.close();
    }
  },
  browserTestTimeout,
);

test(
  'screenshots in ar and ja at 390 and 1280 px, light and dark',
  async () => {
    const users = { ja: await newUser('ja'), ar: await newUser('ar') };
    for (const locale of ['ja', 'ar'] as const) {
      for (const width of [390, 1280]) {
        for (const dark of [false, true]) {
          const opened = await open({ acceptLanguage: locale, width, dark });
          const { page } = opened;
          try {
            const name = `${locale}-${width}-${dark ? 'dark' : 'light'}`;
            await page.goto(`${t.url}/handler/sign-in`);
            await page.getByRole('tab', { name: words[locale].passwordTab }).click();
            await page.getByRole('button', { name: words[locale].signIn, exact: true }).click();
            await page.locator('[aria-invalid="true"]').first().waitFor();
            await shot(page, `sign-in-${name}`);
            await opened.page.context().addCookies([
              { name: `stack-refresh-${t.demo!.projectId}`, value: encodeURIComponent(users[locale].refreshToken), url: t.url },
            ]);
            await page.goto(`${t.url}/handler/account-settings/profile`);
            await page.getByTestId('locale-select').waitFor();
            await shot(page, `settings-${name}`);
            // Nothing scrolls sideways: the mirrored layout fits the viewport.
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
            expect(opened.problems).toEqual([]);
          } finally {
            await opened.close();
          }
        }
      }
    }
  },
  browserTestTimeout * 2,
);
