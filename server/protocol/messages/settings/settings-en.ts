// The English source of the account settings' frame, My Profile and Sign Out messages, with the
// image crop dialog both My Profile and the team pages use.
// Every other locale of this catalogue has exactly these keys and placeholders (test/i18n).
export const settingsEn = {
  'settings.title': 'Account Settings',
  'settings.profile': 'My Profile',
  'settings.security': 'Security',
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
  'image.crop': 'Crop image',
  'image.cropText': 'Drag the picture or use the arrow keys to move it; zoom with the slider.',
  'image.cropArea': 'Crop area',
  'image.zoom': 'Zoom',
  'image.invalid': 'Invalid image',
  'image.notJpeg': 'not a valid JPEG',
  'image.tiffEndian': 'TIFF header contains invalid endian',
  'image.tiffVersion': 'TIFF header contains invalid version',
  'image.orientationType': 'Orientation data type is invalid',
  'image.orientationCount': 'Orientation data count is invalid',
  'image.tooLarge': 'The image could not be compressed to 0.1 MB.',
} as const;

export type SettingsKey = keyof typeof settingsEn;

export default settingsEn;
