// First start: the internal project (home of admins) and, outside production, a demo project
// with a key set so `npm start` gives something to call at once. Keys are shown only here.
import { createApiKeySet, nonExpiringKeyMillis } from './api-keys';
import type { Context } from '../storage/context';
import { findProjectRow, insertProject, internalProjectId } from './projects';
import { writeTransaction } from '../storage/transactions';
import type { ApiKeySetCreationView } from '../../protocol/api-key-schemas';

export interface BootstrappedProject {
  projectId: string;
  displayName: string;
  keys: ApiKeySetCreationView;
}

const allKeyKinds = { publishable_client_key: true, secret_server_key: true, super_secret_admin_key: true } as const;

/** Creates what a new data directory needs; returns what it created (empty on later starts). */
export async function bootstrapInstance(ctx: Context): Promise<BootstrappedProject[]> {
  // Every start but the first ends here, without taking the write lock (which a CLI command
  // beside the server may hold) and so without waiting for it.
  if (await findProjectRow(ctx, internalProjectId)) return [];
  return await writeTransaction(ctx, async (tx) => {
    // Checked again under the lock: another process may have bootstrapped in between.
    if (await findProjectRow(ctx, internalProjectId)) return [];
    const created: BootstrappedProject[] = [];
    const add = async (id: string, displayName: string, description: string, signUpEnabled: boolean) => {
      await insertProject(ctx, tx, id, {
        display_name: displayName,
        description,
        config: { sign_up_enabled: signUpEnabled, credential_enabled: true, magic_link_enabled: true, allow_localhost: true },
      });
      const keys = await createApiKeySet(
        ctx,
        id,
        { description: `First key set of ${displayName}`, expiresAtMillis: nonExpiringKeyMillis, keys: allKeyKinds },
        tx,
      );
      created.push({ projectId: id, displayName, keys });
    };
    // Anyone signing up on the internal project could create projects, so production instances
    // start with sign-up closed there; admins are added with `authd admins add`.
    await add(
      internalProjectId,
      'authd',
      "authd's own project: its users administer the other projects.",
      ctx.mode === 'development',
    );
    if (ctx.mode === 'development') {
      await add(crypto.randomUUID(), 'Demo project', 'Created on first start in development mode.', true);
    }
    return created;
  });
}
