// The language choice on the server: the user's stored locale (client and server PATCH, a known
// error for an unknown one, nothing changed), the project's default locale, the hosted page's
// language and direction by `lang`, Accept-Language and the project default, and every default
// email in its recipient's language through a real SMTP receiver.
import { describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import type { TestInstance } from '../support/instance';
import { withMailInstance } from '../support/mail-instance';
import type { SmtpReceiver } from '../support/smtp-receiver';
import {
  as,
  call,
  expectOk,
  expectSchemaError,
  getMe,
  makeProject,
  setProjectConfig,
  signUp,
  uniqueEmail,
} from '../support/mail';
import { createUser } from '../support/accounts';
import { magicLinkProject, sendSignInCode } from '../support/magic-links';
import { localeFromAcceptLanguage, matchLocale } from '../../server/protocol/locales';

let t: TestInstance, smtp: SmtpReceiver, project: BootstrappedProject;

withMailInstance(async (started) => {
  ({ t, smtp } = started);
  project = await magicLinkProject(t, 'Sprachen & Co');
});

const patchMe = (accessToken: string, body: unknown) =>
  call(t, 'PATCH', '/users/me', { headers: as(project, 'client', accessToken), body });

describe('locale tags', () => {
  test('a tag is matched to a supported locale by language and script', () => {
    expect(matchLocale('ja-JP')).toBe('ja');
    expect(matchLocale('pt-PT')).toBe('pt-BR');
    expect(matchLocale('zh-Hant-HK')).toBe('zh-TW');
    expect(matchLocale('zh')).toBe('zh-CN');
    expect(matchLocale('AR-eg')).toBe('ar');
    expect(matchLocale('nl')).toBeNull();
    expect(localeFromAcceptLanguage('nl-NL, fr;q=0.4, de;q=0.8')).toBe('de');
    expect(localeFromAcceptLanguage('*, en;q=0')).toBeNull();
  });
});

describe("the user's stored locale", () => {
  test('set and cleared with client PATCH /users/me, read back in the view', async () => {
    const user = await signUp(t, project);
    expect((await getMe(t, project, user.access_token)).locale).toBeNull();
    expect(expectOk(await patchMe(user.access_token, { locale: 'ja' })).locale).toBe('ja');
    expect((await getMe(t, project, user.access_token)).locale).toBe('ja');
    expect(expectOk(await patchMe(user.access_token, { locale: null })).locale).toBeNull();
  });

  test('server PATCH /users/{id} sets it; an unknown locale is a schema error and changes nothing', async () => {
    const user = await signUp(t, project);
    const server = (body: unknown) => call(t, 'PATCH', `/users/${user.user_id}`, { headers: as(project, 'server'), body });
    expect(expectOk(await server({ locale: 'ar' })).locale).toBe('ar');
    expectSchemaError(await server({ locale: 'xx', display_name: 'Not saved' }), 'locale');
    expectSchemaError(await patchMe(user.access_token, { locale: 'ja-JP' }), 'locale');
    const me = await getMe(t, project, user.access_token);
    expect(me.locale).toBe('ar');
    expect(me.display_name).toBeNull();
  });
});

describe("the project's default locale", () => {
  test('set through the admin API, refused when unknown', async () => {
    const other = await makeProject(t, 'Default locale');
    const current = await call(t, 'GET', '/projects/current', { headers: as(other, 'admin') });
    expect(expectOk(current).config.default_locale).toBe('en');
    await setProjectConfig(t, other, { default_locale: 'ko' });
    expectSchemaError(
      await call(t, 'PATCH', '/projects/current', { headers: as(other, 'admin'), body: { config: { default_locale: 'tlh' } } }),
      'default_locale',
    );
    expect(expectOk(await call(t, 'GET', '/projects/current', { headers: as(other, 'admin') })).config.default_locale).toBe('ko');
  });
});

describe("the hosted page's language", () => {
  const page = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${t.url}/projects/${project.projectId}/handler/${path}`, { headers });
    return { html: await response.text(), vary: response.headers.get('vary') ?? '' };
  };
  const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0];

  test('Accept-Language picks it; Arabic is right to left; the page says it varies by it', async () => {
    const ja = await page('sign-in', { 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.5' });
    expect(htmlTag(ja.html)).toBe('<html lang="ja" dir="ltr">');
    expect(ja.html).toContain('<title>サインイン – Sprachen &amp; Co</title>');
    // The sign-in screen's catalogues are written into the page, in Japanese.
    const written = JSON.parse(/<script id="authd-messages" type="application\/json">(.*?)<\/script>/s.exec(ja.html)![1]!);
    expect(Object.keys(written).sort()).toEqual(['auth', 'forms', 'screens']);
    expect(written.screens).toContain('サインイン');
    expect(written.auth).toContain('アカウントにサインイン');
    expect(ja.vary).toContain('Accept-Language');
    const ar = await page('sign-up', { 'accept-language': 'ar' });
    expect(htmlTag(ar.html)).toBe('<html lang="ar" dir="rtl">');
    expect(ar.html).toContain('<title>إنشاء حساب – Sprachen &amp; Co</title>');
  });

  test('`lang` outranks Accept-Language; without either the project default applies, then English', async () => {
    expect(htmlTag((await page('sign-in?lang=de', { 'accept-language': 'ja' })).html)).toBe('<html lang="de" dir="ltr">');
    expect(htmlTag((await page('sign-in', { 'accept-language': 'nl' })).html)).toBe('<html lang="en" dir="ltr">');
    await setProjectConfig(t, project, { default_locale: 'fr' });
    try {
      const fr = await page('sign-in', { 'accept-language': 'nl' });
      expect(htmlTag(fr.html)).toBe('<html lang="fr" dir="ltr">');
      expect(fr.html).toContain('<title>Connexion – Sprachen &amp; Co</title>');
      const config = JSON.parse(/<script id="authd-hosted-config" type="application\/json">(.*?)<\/script>/.exec(fr.html)![1]!);
      expect(config).toMatchObject({ locale: 'fr', localeFromQuery: false, acceptLanguageLocale: null, projectLocale: 'fr' });
    } finally {
      await setProjectConfig(t, project, { default_locale: 'en' });
    }
  });
});

describe("emails in the recipient's language", () => {
  test("a user's stored locale writes the sign-in code email in it, right to left for Arabic", async () => {
    for (const [locale, subject, dir] of [
      ['ja', /^Sprachen & Co へのサインイン：コードは [A-Z0-9]{6} です$/, 'ltr'],
      ['ar', /^تسجيل الدخول إلى Sprachen & Co: رمزك هو [A-Z0-9]{6}$/, 'rtl'],
    ] as const) {
      // A verified address that signs in by email, with the user's language stored by the server.
      const address = uniqueEmail(`stored-${locale}`);
      await createUser(t, project, { primary_email: address, primary_email_verified: true, primary_email_auth_enabled: true, locale });
      expectOk(await sendSignInCode(t, project, address));
      const email = await smtp.waitFor(address);
      expect(email.subject).toMatch(subject);
      expect(email.html).toContain(`<html lang="${locale}" dir="${dir}">`);
      // The six-character code stands alone in the text, as in the English email.
      expect(email.text).toMatch(/\n[A-Z0-9]{6}\r?\n/);
    }
  });

  test("an address without a stored locale gets the project's default language, else English", async () => {
    const english = uniqueEmail('no-locale');
    expectOk(await sendSignInCode(t, project, english));
    expect((await smtp.waitFor(english)).subject).toMatch(/^Sign in to Sprachen & Co: Your code is [A-Z0-9]{6}$/);
    await setProjectConfig(t, project, { default_locale: 'de' });
    try {
      const german = uniqueEmail('default-locale');
      expectOk(await sendSignInCode(t, project, german));
      const email = await smtp.waitFor(german);
      expect(email.subject).toMatch(/^Bei Sprachen & Co anmelden: Ihr Code lautet [A-Z0-9]{6}$/);
      expect(email.html).toContain('Wenn Sie nicht versucht haben, sich anzumelden, können Sie diese E-Mail ignorieren.');
    } finally {
      await setProjectConfig(t, project, { default_locale: 'en' });
    }
  });

  test('the verification email follows the user who is asked to verify', async () => {
    const user = await signUp(t, project, { callbackUrl: null });
    expectOk(await patchMe(user.access_token, { locale: 'zh-TW' }));
    const send = await call(t, 'POST', '/contact-channels/send-verification-code', {
      headers: as(project, 'client', user.access_token),
      body: { email: user.email, callback_url: 'http://localhost:3000/handler/email-verification' },
    });
    expect(send.status).toBeLessThan(300);
    const email = await smtp.waitFor(user.email);
    expect(email.subject).toBe('驗證您在 Sprachen & Co 的電子郵件');
    expect(email.text).toContain('驗證我的電子郵件');
  });
});
