// Team permission definitions: list with what each contains, define (n: "id" or
// "id: contained,ids"), delete (d, confirmed).
import { Box, useInput } from 'ink';
import { useState } from 'react';
import { createPermissionDefinition, deletePermissionDefinition, listPermissionDefinitions } from '../../../server/core/projects/permission-definitions';
import { useReloadable } from '../use-loaded';
import { useAction, useHelp, useNavigation } from '../navigation';
import { ListRows, useSelection } from '../select-list';
import { Confirm, TextField } from '../text-field';

export function PermissionsScreen({ projectId }: { projectId: string }) {
  const { ctx } = useNavigation();
  const act = useAction();
  const [mode, setMode] = useState<'list' | 'create' | 'delete'>('list');
  const [definitionsLoaded, reload] = useReloadable(() => listPermissionDefinitions(ctx, projectId), [projectId, mode]);
  const definitions = definitionsLoaded ?? [];
  const selected = useSelection(definitions.length, mode === 'list');
  useInput(
    (input) => {
      if (input === 'n') setMode('create');
      if (input === 'd' && definitions[selected]) setMode('delete');
    },
    { isActive: mode === 'list' },
  );
  useHelp('↑↓ move · n define · d delete');
  return (
    <Box flexDirection="column">
      <ListRows
        items={definitions}
        selected={selected}
        empty="No permission definitions."
        row={(d) => `${d.id.padEnd(28)} ${d.contained_permission_ids.length ? `contains ${d.contained_permission_ids.join(', ')}` : ''}`}
      />
      {mode === 'create' ? (
        <TextField
          label="Permission id (id: contained,ids)"
          onCancel={() => setMode('list')}
          onSubmit={(text) => {
            const [id, contained] = text.split(':');
            return act(async () => {
              await createPermissionDefinition(ctx, projectId, {
                id: id!.trim(),
                contained_permission_ids: contained ? contained.split(',').map((s) => s.trim()).filter(Boolean) : [],
              });
              setMode('list');
            }, `Defined ${id!.trim()}.`);
          }}
        />
      ) : null}
      {mode === 'delete' ? (
        <Confirm
          question={`Delete ${definitions[selected]!.id} and its grants?`}
          onNo={() => setMode('list')}
          onYes={() =>
            act(async () => {
              await deletePermissionDefinition(ctx, projectId, definitions[selected]!.id);
              setMode('list');
              reload();
            }, 'Deleted.')
          }
        />
      ) : null}
    </Box>
  );
}
