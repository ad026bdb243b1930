// The OpenID Provider's own pages in the reader's language, chosen as the screens choose it:
// the client's `ui_locales`, then the signed-in user's stored locale, then Accept-Language, then
// the project's default. Rendered by the real page functions; every locale's texts are checked
// for completeness by test/i18n.
import { describe, expect, test } from 'bun:test';
import { authorizationErrorPage, consentPage, signedOutPage, type PageLanguage } from '../../server/http/oidc-pages';
import { oidcPagesByLocale } from '../../server/protocol/messages/all-locales';

const request = (acceptLanguage?: string) =>
  new Request('http://127.0.0.1/api/v1/projects/p/oidc/authorize', { headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });

async function consentHtml(acceptLanguage: string | undefined, language: PageLanguage): Promise<string> {
  const response = consentPage(request(acceptLanguage), {
    clientName: 'Grafana',
    projectName: 'Acme',
    userLabel: 'ada@example.com',
    scopes: ['openid', 'email'],
    parameters: { client_id: 'oidc_x' },
    action: '/api/v1/projects/p/oidc/authorize',
    redirectUri: 'https://grafana.example.com/login/generic_oauth',
    language,
  });
  expect(response.headers.get('content-type')).toStartWith('text/html');
  return await response.text();
}

const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0];

describe('the consent page', () => {
  test('in Japanese by Accept-Language: title, scopes and buttons', async () => {
    const html = await consentHtml('ja-JP,ja;q=0.9', {});
    expect(htmlTag(html)).toBe('<html lang="ja" dir="ltr">');
    expect(html).toContain('<h1 data-testid="oidc-consent">Grafana を許可しますか？</h1>');
    expect(html).toContain(`<li>${oidcPagesByLocale.ja['scope.email']}</li>`);
    expect(html).toContain(`>${oidcPagesByLocale.ja['consent.allow']}</button>`);
  });

  test('in Arabic, right to left, by the user stored locale over an English browser', async () => {
    const html = await consentHtml('en-US', { userLocale: 'ar', projectLocale: 'de' });
    expect(htmlTag(html)).toBe('<html lang="ar" dir="rtl">');
    expect(html).toContain('هل تسمح لـ Grafana؟');
  });

  test('ui_locales outranks the user; the project default comes after the browser; English last', async () => {
    expect(htmlTag(await consentHtml('ja', { uiLocales: 'xx fr-CA', userLocale: 'ar' }))).toBe('<html lang="fr" dir="ltr">');
    expect(htmlTag(await consentHtml('ko', { projectLocale: 'de' }))).toBe('<html lang="ko" dir="ltr">');
    expect(htmlTag(await consentHtml(undefined, { projectLocale: 'de' }))).toBe('<html lang="de" dir="ltr">');
    const english = await consentHtml(undefined, {});
    expect(htmlTag(english)).toBe('<html lang="en" dir="ltr">');
    expect(english).toContain('Allow Grafana?');
  });

  test('names and addresses stay escaped in every language', async () => {
    const response = consentPage(request('de'), {
      clientName: '<b>Evil</b>',
      projectName: 'Acme',
      userLabel: 'a@example.com',
      scopes: ['openid'],
      parameters: {},
      action: '/authorize',
      redirectUri: 'https://client.example.com/cb',
      language: {},
    });
    const html = await response.text();
    expect(html).not.toContain('<b>Evil</b>');
    expect(html).toContain('&lt;b&gt;Evil&lt;/b&gt; zulassen?');
  });
});

describe('the refusal and signed-out pages', () => {
  test('follow Accept-Language', async () => {
    const refusal = await authorizationErrorPage(request('zh-TW'), 'unknown client').text();
    expect(refusal).toContain(oidcPagesByLocale['zh-TW']['error.title'] as string);
    const signedOut = await signedOutPage(request('pt-BR')).text();
    expect(signedOut).toContain(oidcPagesByLocale['pt-BR']['signedOut.title'] as string);
  });
});
