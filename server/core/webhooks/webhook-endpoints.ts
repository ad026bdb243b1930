// A project's webhook endpoints: where events are POSTed and with which secret. The secret is
// shown once, when the endpoint is created, and kept sealed with the instance key afterwards
// (the worker must read it back to sign, so a digest would not do).
import { asc, eq } from 'drizzle-orm';
import { webhookEndpoints } from '../storage/tables';
import { plainTextError } from '../../protocol/plain-text-errors';
import type { Context } from '../storage/context';
import { isLocalhostName } from '../../protocol/localhost-names';
import { NonPublicAddressError, resolvePublicAddresses } from './public-addresses';
import { requireProjectRow } from '../projects/projects';
import { openSecret, sealSecret } from '../storage/secret-box';
import { writeTransaction } from '../storage/transactions';
import { generateWebhookSecret } from './webhook-signing';
import { deleteRowOfProject, findRowOfProject, rowOfProject } from '../storage/rows-of-project';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

export interface WebhookEndpointView {
  id: string;
  url: string;
  description: string;
  created_at_millis: number;
}

/** The creation answer: the only time the secret is ever shown. */
export type CreatedWebhookEndpoint = WebhookEndpointView & { secret: string };

const maxEndpointsPerProject = 20;
const maxUrlLength = 2048;

function endpointView(row: EndpointRow): WebhookEndpointView {
  return { id: row.id, url: row.url, description: row.description, created_at_millis: row.createdAt };
}

/**
 * Endpoint URLs are absolute http(s) URLs without credentials. In production mode they must be
 * https and reach only the public internet: not this machine, its private networks or a cloud
 * metadata service. A hostname is resolved now and refused if any of its addresses is not
 * public; one that does not resolve yet is accepted, since every delivery checks again
 * (webhook-requests.ts) and connects only to the address it checked.
 */
async function checkWebhookUrl(ctx: Context, url: string): Promise<string> {
  if (url.length > maxUrlLength) throw plainTextError('WEBHOOK_URL_TOO_LONG', maxUrlLength);
  if (!URL.canParse(url)) throw plainTextError('WEBHOOK_URL_NOT_HTTP');
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw plainTextError('WEBHOOK_URL_NOT_HTTP');
  }
  if (parsed.username || parsed.password) throw plainTextError('WEBHOOK_URL_WITH_CREDENTIALS');
  if (ctx.mode === 'production') {
    if (parsed.protocol !== 'https:') throw plainTextError('WEBHOOK_URL_NOT_HTTPS_IN_PRODUCTION');
    if (isLocalhostName(parsed.hostname)) throw plainTextError('WEBHOOK_URL_NOT_PUBLIC_IN_PRODUCTION');
    try {
      await resolvePublicAddresses(parsed.hostname, ctx.webhookDns);
    } catch (error) {
      if (error instanceof NonPublicAddressError) throw plainTextError('WEBHOOK_URL_NOT_PUBLIC_IN_PRODUCTION');
    }
  }
  return parsed.href;
}

export async function createWebhookEndpoint(
  ctx: Context,
  projectId: string,
  input: { url: string; description?: string },
): Promise<CreatedWebhookEndpoint> {
  const url = await checkWebhookUrl(ctx, input.url);
  const secret = generateWebhookSecret();
  const row: EndpointRow = {
    id: crypto.randomUUID(),
    projectId,
    url,
    description: input.description ?? '',
    secretSealed: sealSecret(ctx, secret),
    createdAt: ctx.clock.now(),
  };
  await writeTransaction(ctx, async (tx) => {
    await requireProjectRow(tx, projectId);
    const existing = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.projectId, projectId));
    if (existing.length >= maxEndpointsPerProject) {
      throw plainTextError('TOO_MANY_WEBHOOK_ENDPOINTS', maxEndpointsPerProject);
    }
    await tx.insert(webhookEndpoints).values(row);
  });
  return { ...endpointView(row), secret };
}

export async function listWebhookEndpoints(ctx: Context, projectId: string): Promise<WebhookEndpointView[]> {
  await requireProjectRow(ctx.db, projectId);
  return (
    await ctx.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.projectId, projectId))
      .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
  ).map(endpointView);
}

export async function requireWebhookEndpointRow(ctx: Context, projectId: string, endpointId: string): Promise<EndpointRow> {
  const row = await findRowOfProject(ctx.db, webhookEndpoints, projectId, endpointId);
  if (!row) throw plainTextError('WEBHOOK_ENDPOINT_NOT_FOUND');
  return row;
}

export async function readWebhookEndpoint(ctx: Context, projectId: string, endpointId: string): Promise<WebhookEndpointView> {
  return endpointView(await requireWebhookEndpointRow(ctx, projectId, endpointId));
}

/** Changes where an endpoint's events go and its description; the secret stays. */
export async function updateWebhookEndpoint(
  ctx: Context,
  projectId: string,
  endpointId: string,
  change: { url?: string; description?: string },
): Promise<WebhookEndpointView> {
  const url = change.url === undefined ? undefined : await checkWebhookUrl(ctx, change.url);
  await writeTransaction(ctx, async (tx) => {
    const updated = await tx
      .update(webhookEndpoints)
      .set({
        ...(url !== undefined ? { url } : {}),
        ...(change.description !== undefined ? { description: change.description } : {}),
      })
      .where(rowOfProject(webhookEndpoints, projectId, endpointId))
      .returning({ id: webhookEndpoints.id });
    if (updated.length === 0) throw plainTextError('WEBHOOK_ENDPOINT_NOT_FOUND');
  });
  return await readWebhookEndpoint(ctx, projectId, endpointId);
}

/** Removes the endpoint with its pending deliveries and their log. */
export async function deleteWebhookEndpoint(ctx: Context, projectId: string, endpointId: string): Promise<void> {
  await writeTransaction(ctx, async (tx) => {
    if (!(await deleteRowOfProject(tx, webhookEndpoints, projectId, endpointId))) throw plainTextError('WEBHOOK_ENDPOINT_NOT_FOUND');
  });
}

/** The endpoint's whsec_ secret, for signing. */
export function openEndpointSecret(ctx: Context, row: Pick<EndpointRow, 'secretSealed'>): string {
  return openSecret(ctx, row.secretSealed);
}
