// The token of an `Authorization: Bearer …` header, for the calls that take one (webhook
// management with the token of POST /webhooks/svix-token).
export function bearerTokenOf(request: Request): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1];
}
