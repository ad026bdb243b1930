// The English source of account settings' team pages: the member's own name in the team, the
// team's image and name, inviting, the members table, leaving, and creating a team. Loaded with
// those pages only. Every other locale of this catalogue has exactly these keys and placeholders (test/i18n).
export const teamsEn = {
  'team.profileImage': 'Team profile image',
  'team.changeImage': 'Change team image',
  'team.displayName': 'Team display name',
  'team.nameRequired': 'Please enter a team name',
  'team.loading': 'Loading team settings',
  'create.text': 'Create a team to work together with others.',
  'create.name': 'Team name',
  'create.submit': 'Create',
  'invite.title': 'Invite a user to the team',
  'invite.text': 'They get an email with a link to join.',
  'invite.emailRequired': 'Please enter an email address',
  'invite.submit': 'Invite',
  'invite.sent': 'Invitation sent to {email}.',
  'invite.sentToast': 'Invitation sent to {email}',
  'memberName.label': 'User display name',
  'memberName.tooltip': 'Overrides your display name in this team. Leave it empty to use your account display name.',
  'memberName.about': 'About the user display name',
  'memberName.loading': 'Loading your team profile',
  'memberName.saving': 'Saving…',
  'memberName.saved': 'Saved',
  'members.title': 'Members',
  'members.noPermission': 'You need the permission to read members to see who is in this team.',
  'members.user': 'User',
  'members.name': 'Name',
  'members.loading': 'Loading members',
  'members.noName': 'No name set',
  'members.you': '(you)',
  'leave.title': 'Leave team',
  'leave.question': 'Are you sure you want to leave the team?',
  'leave.confirm': 'Leave',
  'leave.cancel': 'Cancel',
  'leave.open': 'Leave team',
} as const;

export type TeamsKey = keyof typeof teamsEn;

export default teamsEn;
