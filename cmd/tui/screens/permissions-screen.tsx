// Team permission definitions: list with what each contains, define (n: "id" or
// "id: contained,ids"), delete (d, confirmed).
import { Box } from 'ink';
import { createPermissionDefinition, deletePermissionDefinition, listPermissionDefinitions } from '../../../server/core/projects/permission-definitions';
import { ConfirmChange, useEditableList } from '../editable-list';
import { useAction, useHelp, useNavigation } from '../navigation';
import { ListRows } from '../select-list';
import { TextField } from '../text-field';

export function PermissionsScreen({ projectId }: { projectId: string }) {
  const { ctx } = useNavigation();
  const act = useAction();
  const definitions = useEditableList(() => listPermissionDefinitions(ctx, projectId), [projectId]);
  useHelp('↑↓ move · n define · d delete');
  return (
    <Box flexDirection="column">
      <ListRows
        items={definitions.items}
        selected={definitions.selected}
        empty="No permission definitions."
        row={(d) => `${d.id.padEnd(28)} ${d.contained_permission_ids.length ? `contains ${d.contained_permission_ids.join(', ')}` : ''}`}
      />
      {definitions.mode === 'create' ? (
        <TextField
          label="Permission id (id: contained,ids)"
          onCancel={() => definitions.setMode('list')}
          onSubmit={(text) => {
            const [id, contained] = text.split(':');
            return act(async () => {
              await createPermissionDefinition(ctx, projectId, {
                id: id!.trim(),
                contained_permission_ids: contained ? contained.split(',').map((s) => s.trim()).filter(Boolean) : [],
              });
              definitions.setMode('list');
            }, `Defined ${id!.trim()}.`);
          }}
        />
      ) : null}
      {definitions.mode === 'delete' && definitions.highlighted ? (
        <ConfirmChange
          question={`Delete ${definitions.highlighted.id} and its grants?`}
          change={() => deletePermissionDefinition(ctx, projectId, definitions.highlighted!.id)}
          done="Deleted."
          onClose={() => definitions.setMode('list')}
        />
      ) : null}
    </Box>
  );
}
