// Payload schemas and views for API key sets.
import * as v from 'valibot';
import { wireObject } from './wire-object';

export const apiKeyKinds = ['publishable_client_key', 'secret_server_key', 'super_secret_admin_key'] as const;
export type ApiKeyKind = (typeof apiKeyKinds)[number];
export const apiKeyPrefixes: Record<ApiKeyKind, string> = {
  publishable_client_key: 'pck_',
  secret_server_key: 'ssk_',
  super_secret_admin_key: 'sak_',
};

export const apiKeyCreateSchema = wireObject({
  description: v.pipe(v.string(), v.maxLength(1000)),
  expires_at_millis: v.pipe(v.number(), v.integer(), v.minValue(0)),
  has_publishable_client_key: v.boolean(),
  has_secret_server_key: v.boolean(),
  has_super_secret_admin_key: v.boolean(),
});
export type ApiKeyCreate = v.InferOutput<typeof apiKeyCreateSchema>;

export const apiKeyUpdateSchema = wireObject({
  description: v.optional(v.pipe(v.string(), v.maxLength(1000))),
  revoked: v.optional(v.literal(true, 'revoked accepts only true: a revoked key cannot be restored')),
});
export type ApiKeyUpdate = v.InferOutput<typeof apiKeyUpdateSchema>;

export interface ApiKeySetObfuscatedView {
  id: string;
  description: string;
  expires_at_millis: number;
  manually_revoked_at_millis?: number;
  created_at_millis: number;
  publishable_client_key?: { last_four: string };
  secret_server_key?: { last_four: string };
  super_secret_admin_key?: { last_four: string };
}

export interface ApiKeySetCreationView {
  id: string;
  description: string;
  expires_at_millis: number;
  created_at_millis: number;
  publishable_client_key?: string;
  secret_server_key?: string;
  super_secret_admin_key?: string;
}
