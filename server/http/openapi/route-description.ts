// The shape of one entry of the route catalogue (route-catalogue.ts), in its own module so the
// catalogue's parts can use it without importing the catalogue that gathers them.
import type * as v from 'valibot';
import type { KnownErrorCode } from '../../protocol/known-errors';

/** The least access level that may call; `none` takes no project headers at all. */
export type RouteAccess = 'none' | 'client' | 'server' | 'admin';

export interface RouteDescription {
  summary: string;
  tag: string;
  access: RouteAccess;
  /** The call acts on the signed-in user, so it needs X-Stack-Access-Token. */
  signedInUser?: boolean;
  /** For handlers that pick the body schema by access level instead of declaring one. */
  bodyByAccess?: { client: v.GenericSchema; server: v.GenericSchema };
  /** For handlers that validate the body or query themselves (form posts, OAuth). */
  body?: v.GenericSchema;
  /** application/octet-stream: a file as the whole body, read as a stream (the user import). */
  bodyMediaType?: 'application/json' | 'application/x-www-form-urlencoded' | 'application/octet-stream';
  query?: v.GenericSchema;
  response: {
    status?: number;
    schema?: v.GenericSchema;
    /** For client access, when it sees a narrower view than server access. */
    clientSchema?: v.GenericSchema;
    /** Several for a file answered in the format the query asks for (the user export). */
    mediaType?: 'application/json' | 'text/plain' | 'text/html' | ('application/x-ndjson' | 'text/csv')[];
    /** 3xx answers: where the Location header leads. */
    redirect?: string;
  };
  /**
   * Known errors the static call graph cannot see (route-errors.generated.ts holds those it
   * finds; authentication ones are added for all).
   */
  errors?: KnownErrorCode[];
  /** The endpoint answers errors in its own wire format (Svix's, OAuth's), not as known errors. */
  ownErrorFormat?: 'svix' | 'oauth';
  /** Plain-text errors (Stack's unnamed ones), as status and when. */
  textErrors?: { status: number; when: string }[];
}

/**
 * The entries of one tag, with what they share (the tag, the usual access level) said once for
 * all of them; an entry's own field wins over the shared one.
 */
export function routeGroup<Shared extends Pick<RouteDescription, 'tag'> & Partial<RouteDescription>>(
  shared: Shared,
  entries: Record<string, Omit<RouteDescription, keyof Shared> & Partial<RouteDescription>>,
): Record<string, RouteDescription> {
  return Object.fromEntries(
    Object.entries(entries).map(([route, entry]) => [route, { ...shared, ...entry } as RouteDescription]),
  );
}
