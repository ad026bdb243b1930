// @authd/backend against a real authd: a valid token gives its claims; expired, another
// project's, tampered, `alg: none` and unknown-key tokens each get their typed error; after the
// project's signing key is rotated the same verifier accepts tokens of the new key (one refetch,
// no restart) and a made-up key id does not make it fetch again. Requests: Bearer, the
// browser client's cookie and the x-stack-auth header; the Hono, Express and Next adapters.
import { describe, expect, test } from 'bun:test';
import { rotateProjectSigningKey } from '../../server/core/auth/signing-keys';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import {
  AccessTokenError,
  BadSignatureError,
  createAccessTokenVerifier,
  defaultClockToleranceSeconds,
  getUserFromRequest,
  MalformedTokenError,
  TokenExpiredError,
  UnknownKeyError,
  verifyAccessToken,
  WrongProjectError,
} from '../../ui/backend/index';
import { authdExpress, type ExpressRequestLike } from '../../ui/backend/express';
import { authdMiddleware, type HonoContextLike } from '../../ui/backend/hono';
import { authdNextMiddleware, withAuthdUser } from '../../ui/backend/next';
import type { TestInstance } from '../support/instance';
import { goodPassword, makeProject, signUp, uniqueEmail } from '../support/user-views';
import { withInstance } from '../support/file-instance';

let t: TestInstance, project: BootstrappedProject, other: BootstrappedProject;

withInstance(async (started) => {
  ({ t } = started);
  project = await makeProject(t, 'backend verifier');
  other = await makeProject(t, 'another project');
});

const options = () => ({ baseUrl: t.url, projectId: project.projectId });

async function newSession(of = project): Promise<{ accessToken: string; userId: string }> {
  const session = await signUp(t, of, uniqueEmail('backend'), goodPassword);
  return { accessToken: session.access_token, userId: session.user_id };
}

const part = (token: string, index: number) => JSON.parse(Buffer.from(token.split('.')[index]!, 'base64url').toString());
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function refusal(promise: Promise<unknown>): Promise<AccessTokenError> {
  const error = await promise.then(
    () => new Error('the token was accepted'),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AccessTokenError);
  return error as AccessTokenError;
}

describe('verifyAccessToken', () => {
  test('a valid token gives its claims: user, project, issue and expiry times', async () => {
    const { accessToken, userId } = await newSession();
    const claims = await verifyAccessToken(accessToken, options());
    expect(claims.userId).toBe(userId);
    expect(claims.projectId).toBe(project.projectId);
    expect(claims.expiresAt.getTime()).toBeGreaterThan(claims.issuedAt.getTime());
    expect(claims.payload.sub).toBe(userId);
  });

  test(`an expired token (the verifier's clock past exp + ${defaultClockToleranceSeconds} s) is TokenExpiredError; within the tolerance it passes`, async () => {
    const { accessToken } = await newSession();
    const expMillis = part(accessToken, 1).exp * 1000;
    const withinTolerance = () => expMillis + (defaultClockToleranceSeconds - 1) * 1000;
    expect((await verifyAccessToken(accessToken, { ...options(), now: withinTolerance })).projectId).toBe(project.projectId);
    const error = await refusal(
      verifyAccessToken(accessToken, { ...options(), now: () => expMillis + (defaultClockToleranceSeconds + 1) * 1000 }),
    );
    expect(error).toBeInstanceOf(TokenExpiredError);
    expect(error.code).toBe('TOKEN_EXPIRED');
    expect((error as TokenExpiredError).expiredAt?.getTime()).toBe(expMillis);
  });

  test("another project's token is WrongProjectError", async () => {
    const { accessToken } = await newSession(other);
    const error = await refusal(verifyAccessToken(accessToken, options()));
    expect(error).toBeInstanceOf(WrongProjectError);
    expect((error as WrongProjectError).tokenProjectId).toBe(other.projectId);
  });

  test('a tampered payload (another user id, same signature) is BadSignatureError', async () => {
    const { accessToken } = await newSession();
    const [header, payload, signature] = accessToken.split('.');
    const forged = `${header}.${encode({ ...part(accessToken, 1), sub: crypto.randomUUID() })}.${signature}`;
    expect(payload).not.toBe(forged.split('.')[1]);
    const error = await refusal(verifyAccessToken(forged, options()));
    expect(error).toBeInstanceOf(BadSignatureError);
  });

  test('`alg: none` (no signature) and an HMAC algorithm are BadSignatureError', async () => {
    const { accessToken } = await newSession();
    const claims = part(accessToken, 1);
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
    expect(await refusal(verifyAccessToken(unsigned, options()))).toBeInstanceOf(BadSignatureError);
    const hmac = `${encode({ ...part(accessToken, 0), alg: 'HS256' })}.${encode(claims)}.${accessToken.split('.')[2]}`;
    expect(await refusal(verifyAccessToken(hmac, options()))).toBeInstanceOf(BadSignatureError);
  });

  test('garbage is MalformedTokenError', async () => {
    expect(await refusal(verifyAccessToken('not-a-token', options()))).toBeInstanceOf(MalformedTokenError);
    expect(await refusal(verifyAccessToken('', options()))).toBeInstanceOf(MalformedTokenError);
  });
});

describe('key rotation', () => {
  test('after a rotation the same verifier accepts the new key with one refetch; a made-up kid does not refetch within the cooldown', async () => {
    let fetches = 0;
    const verifier = createAccessTokenVerifier({
      ...options(),
      fetch: (input, init) => {
        fetches++;
        return fetch(input, init);
      },
    });
    const before = await newSession();
    expect((await verifier.verify(before.accessToken)).userId).toBe(before.userId);
    expect(fetches).toBe(1);

    const rotation = await rotateProjectSigningKey(t.ctx, project.projectId);
    const after = await newSession();
    expect(part(after.accessToken, 0).kid).toBe(rotation.new_key_id);
    expect((await verifier.verify(after.accessToken)).userId).toBe(after.userId);
    expect(fetches).toBe(2);
    // The old key still verifies (it is still published) and needs no fetch.
    expect((await verifier.verify(before.accessToken)).userId).toBe(before.userId);
    expect(fetches).toBe(2);

    const madeUpKid = `${encode({ ...part(after.accessToken, 0), kid: 'no-such-key' })}.${after.accessToken.split('.').slice(1).join('.')}`;
    const error = await refusal(verifier.verify(madeUpKid));
    expect(error).toBeInstanceOf(UnknownKeyError);
    expect(fetches).toBe(2);
  });
});

describe('getUserFromRequest and the adapters', () => {
  test('reads Authorization: Bearer, the stack-access cookie and the x-stack-auth header; none or a bad one is null', async () => {
    const { accessToken, userId } = await newSession();
    const url = 'http://host.example/api';
    const bearer = new Request(url, { headers: { authorization: `Bearer ${accessToken}` } });
    expect((await getUserFromRequest(bearer, options()))?.userId).toBe(userId);
    const cookie = `theme=dark; stack-access=${encodeURIComponent(JSON.stringify(['refresh', accessToken]))}`;
    expect((await getUserFromRequest(new Request(url, { headers: { cookie } }), options()))?.userId).toBe(userId);
    const stackAuth = JSON.stringify({ accessToken, refreshToken: null });
    expect((await getUserFromRequest({ headers: { 'x-stack-auth': stackAuth } }, options()))?.userId).toBe(userId);
    expect(await getUserFromRequest(new Request(url), options())).toBeNull();
    expect(await getUserFromRequest(new Request(url, { headers: { authorization: 'Bearer x.y.z' } }), options())).toBeNull();
  });

  test('Hono: authdUser set, required answers 401; Express: req.authdUser, required answers 401', async () => {
    const { accessToken, userId } = await newSession();
    const honoContext = (headers: Record<string, string>) => {
      const vars: Record<string, unknown> = {};
      const context: HonoContextLike = {
        req: { raw: new Request('http://host.example/', { headers }) },
        set: (key, value) => void (vars[key] = value),
        json: (body, status) => Response.json(body, { status }),
      };
      return { context, vars };
    };
    const signedIn = honoContext({ authorization: `Bearer ${accessToken}` });
    let nextCalls = 0;
    expect(
      await authdMiddleware({ ...options(), required: true })(signedIn.context, async () => void nextCalls++),
    ).toBeUndefined();
    expect((signedIn.vars.authdUser as { userId: string }).userId).toBe(userId);
    const anonymous = honoContext({});
    const refused = await authdMiddleware({ ...options(), required: true })(anonymous.context, async () => void nextCalls++);
    expect((refused as Response).status).toBe(401);
    expect(nextCalls).toBe(1);

    const expressRequest: ExpressRequestLike = { headers: { authorization: `Bearer ${accessToken}` } };
    await new Promise<void>((resolve, reject) =>
      authdExpress(options())(expressRequest, { status: () => ({ json: () => reject(new Error('401')) }) }, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
    expect(expressRequest.authdUser?.userId).toBe(userId);
    const status = await new Promise<number>((resolve) =>
      authdExpress({ ...options(), required: true })({ headers: {} }, { status: (code) => ({ json: () => resolve(code) }) }, () =>
        resolve(0),
      ),
    );
    expect(status).toBe(401);
  });

  test('Next: withAuthdUser passes the user to the route handler; the middleware redirects a visitor without a token to sign-in', async () => {
    const { accessToken, userId } = await newSession();
    const handler = withAuthdUser(
      (_request, _context: unknown, user) => Response.json({ userId: user?.userId ?? null }),
      options(),
    );
    const answer = await handler(
      new Request('http://host.example/api/me', { headers: { authorization: `Bearer ${accessToken}` } }),
      {},
    );
    expect(await answer.json()).toEqual({ userId });
    const middleware = authdNextMiddleware(options());
    const redirect = await middleware(new Request('http://host.example/dashboard?tab=1'));
    expect(redirect?.status).toBe(307);
    expect(redirect?.headers.get('location')).toBe(
      'http://host.example/handler/sign-in?after_auth_return_to=%2Fdashboard%3Ftab%3D1',
    );
    expect(
      await middleware(new Request('http://host.example/dashboard', { headers: { authorization: `Bearer ${accessToken}` } })),
    ).toBeUndefined();
  });
});
