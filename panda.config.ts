// Panda CSS for authd's screens (ui/react, ui/hosted): design tokens, light and dark themes and
// the card layout. `panda codegen` writes ui/styled-system (generated, not committed) and
// `panda cssgen` the stylesheet; scripts/build-ui.ts runs both.
import { defineConfig } from '@pandacss/dev';

export default defineConfig({
  include: ['./ui/react/**/*.{ts,tsx}', './ui/hosted/**/*.{ts,tsx}'],
  exclude: ['./ui/styled-system/**'],
  outdir: 'ui/styled-system',
  // Host apps embed these components next to their own styles: every class is prefixed and the
  // reset only applies inside authd's root element, never to the host page.
  prefix: 'authd',
  // Panda's preflight resets some thirty elements the screens never show (sub, kbd, progress,
  // search fields, ...) and cost every screen 1 KB of its first load; the reset below covers the
  // elements they do show, scoped the same way.
  preflight: false,
  globalCss: {
    '.authd-root': {
      lineHeight: '1.5',
      WebkitTextSizeAdjust: '100%',
      WebkitFontSmoothing: 'antialiased',
      WebkitTapHighlightColor: 'transparent',
      fontFamily: 'body',
    },
    '.authd-root *, .authd-root ::before, .authd-root ::after, .authd-root ::backdrop': {
      margin: '0',
      padding: '0',
      borderWidth: '0',
      borderStyle: 'solid',
      borderColor: 'currentcolor',
      boxSizing: 'border-box',
    },
    '.authd-root :is(button, input, select, textarea)': {
      font: 'inherit',
      letterSpacing: 'inherit',
      color: 'inherit',
      background: 'transparent',
    },
    '.authd-root :is(button, [type=button], [type=submit], [type=reset])': { WebkitAppearance: 'button', appearance: 'button' },
    '.authd-root :is(h1, h2, h3, h4, h5, h6)': { fontSize: 'inherit', fontWeight: 'inherit', textWrap: 'balance' },
    '.authd-root :is(h1, h2, h3, h4, h5, h6, p)': { overflowWrap: 'break-word' },
    '.authd-root :is(ul, ol, menu)': { listStyle: 'none' },
    '.authd-root a': { color: 'inherit', textDecoration: 'inherit' },
    '.authd-root :is(img, svg, canvas, video)': { display: 'block', verticalAlign: 'middle' },
    '.authd-root :is(img, video)': { maxWidth: '100%', height: 'auto' },
    '.authd-root table': { borderCollapse: 'collapse', borderColor: 'inherit', textIndent: '0' },
    '.authd-root :is(code, pre)': { fontFamily: 'mono', fontSize: '1em' },
    '.authd-root ::placeholder': { opacity: '1', color: 'color-mix(in oklab, currentcolor 50%, transparent)' },
    '.authd-root textarea': { resize: 'vertical' },
    // An element with the hidden attribute stays hidden even when a class gives it a display.
    '.authd-root [hidden]': { display: 'none !important' },
  },
  jsxFramework: undefined,
  // Only what the screens use: no default palette or recipes to ship.
  presets: [],
  conditions: {
    extend: {
      dark: '[data-authd-theme=dark] &',
      light: '[data-authd-theme=light] &',
    },
  },
  theme: {
    // The skeletons' loading pulse (account settings).
    keyframes: { authdPulse: { '0%, 100%': { opacity: '1' }, '50%': { opacity: '0.45' } } },
    tokens: {
      colors: {
        white: { value: '#ffffff' },
        black: { value: '#000000' },
        gray50: { value: '#f8fafc' },
        gray100: { value: '#f1f5f9' },
        gray200: { value: '#e2e8f0' },
        gray300: { value: '#cbd5e1' },
        gray500: { value: '#64748b' },
        gray600: { value: '#475569' },
        gray400: { value: '#94a3b8' },
        gray700: { value: '#334155' },
        gray800: { value: '#1e293b' },
        gray900: { value: '#0f172a' },
        gray950: { value: '#020617' },
        red500: { value: '#ef4444' },
        red600: { value: '#dc2626' },
        green600: { value: '#16a34a' },
        green700: { value: '#15803d' },
        green400: { value: '#4ade80' },
      },
      fonts: {
        body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
        mono: { value: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace' },
      },
      radii: { control: { value: '6px' }, card: { value: '10px' } },
      sizes: { card: { value: '380px' } },
      spacing: { 1: { value: '4px' }, 2: { value: '8px' }, 3: { value: '12px' }, 4: { value: '16px' }, 6: { value: '24px' } },
      fontSizes: { sm: { value: '13px' }, md: { value: '14px' }, lg: { value: '16px' }, xl: { value: '20px' } },
    },
    semanticTokens: {
      colors: {
        page: { value: { base: '{colors.gray50}', _dark: '{colors.gray950}' } },
        surface: { value: { base: '{colors.white}', _dark: '{colors.gray900}' } },
        text: { value: { base: '{colors.gray900}', _dark: '{colors.gray100}' } },
        // gray600: at least 4.5:1 on the grey tab bar as well as on white.
        muted: { value: { base: '{colors.gray600}', _dark: '{colors.gray400}' } },
        line: { value: { base: '{colors.gray200}', _dark: '{colors.gray700}' } },
        field: { value: { base: '{colors.white}', _dark: '{colors.gray950}' } },
        // A field's border is how it is seen at all: gray500 is 4.8:1 on white and 3.7:1 on the
        // dark field and card (WCAG 1.4.11 asks 3:1; the card's own line colour was 1.2 and 1.7).
        fieldLine: { value: { base: '{colors.gray500}', _dark: '{colors.gray500}' } },
        accent: { value: { base: '{colors.gray900}', _dark: '{colors.gray100}' } },
        onAccent: { value: { base: '{colors.white}', _dark: '{colors.gray900}' } },
        danger: { value: { base: '{colors.red600}', _dark: '{colors.red500}' } },
        // green700: 5.0:1 on white (green600 was 3.3:1, under the 4.5:1 text needs).
        success: { value: { base: '{colors.green700}', _dark: '{colors.green400}' } },
        subtle: { value: { base: '{colors.gray100}', _dark: '{colors.gray800}' } },
      },
    },
  },
});
