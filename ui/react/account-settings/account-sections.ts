// The account-settings items that load after the page: one chunk for all of them, so that the
// code they share with the sign-in screen (Ark UI's toast and tooltip machinery) is split off in
// one piece rather than one per item.
export { SecurityPage } from './security-page';
export { TeamPage } from './team-page';
export { TeamCreationPage } from './team-creation-page';
