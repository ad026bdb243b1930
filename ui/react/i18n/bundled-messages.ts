// The messages as the npm package ships them: each locale of each catalogue a module of its own,
// so a host app's bundler makes each a chunk and a browser downloads the chosen one only.
import { screensLoaders } from '../../../server/protocol/messages/catalogue-loaders';
import { settingsLoaders } from '../../../server/protocol/messages/settings-loaders';
import type { MessagesSource } from './messages-source';

export const bundledMessages: MessagesSource = async (area, locale) =>
  (await (area === 'screens' ? screensLoaders : settingsLoaders)[locale]()).default;
