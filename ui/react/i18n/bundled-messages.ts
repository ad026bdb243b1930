// The messages as the npm package ships them: each locale of each catalogue a module of its own,
// so a host app's bundler makes each a chunk and a browser downloads the chosen one only.
import { screensLoaders, type CatalogueLoaders } from '../../../server/protocol/messages/catalogue-loaders';
import { settingsLoaders } from '../../../server/protocol/messages/settings-loaders';
import { pagesLoaders } from '../../../server/protocol/messages/pages-loaders';
import { securityLoaders } from '../../../server/protocol/messages/security-loaders';
import { teamsLoaders } from '../../../server/protocol/messages/teams-loaders';
import { authLoaders } from '../../../server/protocol/messages/auth-loaders';
import { formsLoaders } from '../../../server/protocol/messages/forms-loaders';
import { componentsLoaders } from '../../../server/protocol/messages/components-loaders';
import { securityFormsLoaders } from '../../../server/protocol/messages/security-forms-loaders';
import { connectedAppsLoaders } from '../../../server/protocol/messages/connected-apps-loaders';
import { imageCropLoaders } from '../../../server/protocol/messages/image-crop-loaders';
import type { MessageArea, MessagesSource } from './messages-source';

/** Each area's loaders, by locale: what the package ships (the catalogue tests read them here). */
export const bundledLoaders: Record<MessageArea, CatalogueLoaders<string>> = {
  screens: screensLoaders,
  auth: authLoaders,
  forms: formsLoaders,
  components: componentsLoaders,
  settings: settingsLoaders,
  pages: pagesLoaders,
  security: securityLoaders,
  securityForms: securityFormsLoaders,
  teams: teamsLoaders,
  connectedApps: connectedAppsLoaders,
  imageCrop: imageCropLoaders,
};

export const bundledMessages: MessagesSource = async (area, locale) => (await bundledLoaders[area][locale]()).default;
