// Team permission definitions: list with what each contains, define (n: "id" or
// "id: contained,ids"), delete (d, confirmed).
import { createPermissionDefinition, deletePermissionDefinition, listPermissionDefinitions } from '../../../server/core/projects/permission-definitions';
import { EditableListView, useEditableList } from '../editable-list';
import { useAction, useHelp, useNavigation } from '../navigation';

export function PermissionsScreen({ projectId }: { projectId: string }) {
  const { ctx } = useNavigation();
  const act = useAction();
  const definitions = useEditableList(() => listPermissionDefinitions(ctx, projectId), [projectId]);
  useHelp('↑↓ move · n define · d delete');
  return (
    <EditableListView
      list={definitions}
      empty="No permission definitions."
      row={(d) => `${d.id.padEnd(28)} ${d.contained_permission_ids.length ? `contains ${d.contained_permission_ids.join(', ')}` : ''}`}
      create={{
        label: 'Permission id (id: contained,ids)',
        submit: (text) => {
          const [id, contained] = text.split(':');
          return act(async () => {
            await createPermissionDefinition(ctx, projectId, {
              id: id!.trim(),
              contained_permission_ids: contained ? contained.split(',').map((s) => s.trim()).filter(Boolean) : [],
            });
            definitions.setMode('list');
          }, `Defined ${id!.trim()}.`);
        },
      }}
      remove={{
        question: (definition) => `Delete ${definition.id} and its grants?`,
        change: (definition) => deletePermissionDefinition(ctx, projectId, definition.id),
        done: 'Deleted.',
      }}
    />
  );
}
