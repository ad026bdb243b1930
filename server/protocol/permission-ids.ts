// Team permission ids: lowercase letters, digits, ':' and '_', with a leading '$'
// reserved for the five built-in system permissions.
import * as v from 'valibot';

export const systemPermissionIds = [
  '$update_team',
  '$delete_team',
  '$read_members',
  '$remove_members',
  '$invite_members',
] as const;

export const systemPermissionDescriptions: Record<(typeof systemPermissionIds)[number], string> = {
  $update_team: 'Update the team information',
  $delete_team: 'Delete the team',
  $read_members: 'Read and list the other members of the team',
  $remove_members: 'Remove other members from the team',
  $invite_members: 'Invite other users to the team',
};

export function isSystemPermissionId(id: string): boolean {
  return (systemPermissionIds as readonly string[]).includes(id);
}

export const permissionIdSchema = v.pipe(
  v.string(),
  v.regex(/^\$?[a-z0-9_:]+$/, 'Only lowercase letters, numbers, ":", "_" and optional "$" at the beginning are allowed'),
  v.check((id) => !id.startsWith('$') || isSystemPermissionId(id), 'Invalid system permission'),
);
