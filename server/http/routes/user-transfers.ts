// /users/import and /users/export: the admin's bulk import and export of a project's users, the
// same core operations as `authd users import` and `authd users export`. Both stream: the
// import's request body goes into importUsers as it arrives (body-parsing.ts leaves it unread),
// and the export's answer is written a page of users at a time, so neither holds the file.
import type { Context } from '../../core/storage/context';
import { requireAccess } from '../../core/credentials/callers';
import { importUsers } from '../../core/transfers/user-import';
import { exportUsers } from '../../core/transfers/user-export';
import type { SourceOptions } from '../../core/transfers/source-entries';
import { userExportQuerySchema, userImportQuerySchema, type UserImportQuery } from '../../protocol/user-transfer-schemas';
import { schemaError } from '../../protocol/validation-messages';
import type { ApiApp } from '../api-app';

const firebaseParameters = ['firebase_signer_key', 'firebase_salt_separator', 'firebase_rounds', 'firebase_mem_cost'] as const;

function sourceOptions(query: UserImportQuery): SourceOptions {
  const given = firebaseParameters.filter((name) => query[name] !== undefined);
  if (given.length === 0) return {};
  if (given.length < firebaseParameters.length) {
    throw schemaError('POST', '/api/v1/users/import', [`query: ${firebaseParameters.join(', ')} go together`]);
  }
  return {
    firebase: {
      signerKey: query.firebase_signer_key!,
      saltSeparator: query.firebase_salt_separator!,
      rounds: query.firebase_rounds!,
      memCost: query.firebase_mem_cost!,
    },
  };
}

async function* noBytes(): AsyncGenerator<Uint8Array> {}

/** A response body pulled from `pieces` as the client reads, the first piece already taken. */
function streamedBody(first: string, pieces: AsyncIterator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let pending: string | null = first;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (pending !== null) {
        controller.enqueue(encoder.encode(pending));
        pending = null;
        return;
      }
      const next = await pieces.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await pieces.return?.();
    },
  });
}

export function userTransferRoutes(app: ApiApp, ctx: Context) {
  return app
    .post(
      '/users/import',
      async ({ auth, query, request }) => {
        const caller = requireAccess(auth, 'admin');
        const source = sourceOptions(query);
        const bytes: AsyncIterable<Uint8Array> = request.body ?? noBytes();
        return await importUsers(ctx, caller.projectId, query.format, bytes, { dryRun: query.dry_run === true, source });
      },
      { query: userImportQuerySchema },
    )
    .get(
      '/users/export',
      async ({ auth, query }) => {
        const caller = requireAccess(auth, 'admin');
        const format = query.format ?? 'jsonl';
        const pieces = exportUsers(ctx, caller.projectId, format, {
          includePasswordHashes: query.include_password_hashes === true,
        });
        // The first piece is taken here, so a refusal (an unknown format) is still an error
        // answer rather than a 200 whose body breaks off.
        const first = await pieces.next();
        const headers = {
          'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
          'content-disposition': `attachment; filename="users.${format}"`,
        };
        return new Response(first.done ? '' : streamedBody(first.value, pieces), { status: 200, headers });
      },
      { query: userExportQuerySchema },
    );
}
