// The English source of the account settings' frame, My Profile and Sign Out messages (the image
// crop dialog's are in image-crop-en.ts, loaded when it opens).
// Every other locale of this catalogue has exactly these keys and placeholders (test/i18n).
export const settingsEn = {
  'settings.title': 'Account Settings',
  'settings.profile': 'My Profile',
  'settings.security': 'Security',
  'settings.connectedApps': 'Connected apps',
  'settings.signOut': 'Sign Out',
  'settings.teams': 'Teams',
  'settings.createTeam': 'Create a team',
  'settings.close': 'Close',
  'settings.edit': 'Edit',
  'settings.save': 'Save',
  'settings.cancel': 'Cancel',
  'profile.imageHeading': 'Profile image',
  'profile.imageText': 'Click the image to upload a new one.',
  'profile.changeImage': 'Change profile image',
  'profile.displayName': 'Display name',
  'profile.displayNameText': 'This is how others see you.',
  'profile.editDisplayName': 'Edit display name',
  'profile.notSet': 'Not set',
  'profile.displayNameSaved': 'Display name saved.',
  'profile.language': 'Language',
  'profile.languageText': 'The language of these screens and of the emails sent to you.',
  'profile.languageAutomatic': 'Automatic ({language})',
  'profile.languageSaved': 'Language saved.',
  'profile.memberSince': 'Member since {date}',
  'signOut.text': 'Sign out of your account on this device.',
  'settings.editLabel': 'Edit {label}',
} as const;

export type SettingsKey = keyof typeof settingsEn;

export default settingsEn;
