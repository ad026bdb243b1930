// Panda CSS for the admin console (ui/console): the screens' tokens, themes and reset, with the
// console's own sources, so its classes land in a stylesheet of its own and never in the one
// every sign-in screen downloads. scripts/build-console.ts runs `panda cssgen` with it.
import { defineConfig } from '@pandacss/dev';
import screens from './panda.config';

export default defineConfig({
  ...screens,
  // The style pieces the console's classes share with the screens' are read with its sources.
  include: ['./ui/console/**/*.{ts,tsx}', './ui/react/components/style-parts.ts'],
});
