// authd's React bindings (`@authd/react`): the provider, hooks and every handler screen, built on
// the client library (`@authd/client`). Styles: `@authd/react/styles.css` (`npm run pack:packages`).
export { AuthProvider, type AuthProviderProps } from './auth-provider';
export type { AuthPageUrls, ThemeChoice } from './auth-context';
export { useAuthClient, useProject, useUser, useAuthUrls, UserNotSignedInError } from './hooks';
export { AuthHandler } from './handler/auth-handler';
export { HandlerRoutes, type HandlerPageTable } from './handler/handler-routes';
export { SignIn, SignUp, AuthPage } from './components/auth-page';
export { CredentialSignInForm, CredentialSignUpForm, MagicLinkForm } from './components/credential-forms';
export { OAuthButtons, providerBrands } from './components/oauth-buttons';
export { providerName, providerNames } from './components/provider-names';
export { PasswordField, TextField } from './components/form-fields';
export {
  OneTimeCodeInput,
  normalizeOneTimeCode,
  oneTimeCodeTooLongMessage,
  type OneTimeCodeInputProps,
  type OneTimeCodeCharacters,
} from './components/one-time-code-input';
export { AlreadySignedInCard, SignUpDisabledCard, SignedOutCard } from './components/status-cards';
export { Card, MessageCard } from './components/card';
export { UserButton, type UserButtonProps, type UserButtonItem } from './components/user-button';
export { SelectedTeamSwitcher, type SelectedTeamSwitcherProps } from './components/team-switcher';
export { UserAvatar, TeamAvatar } from './components/avatars';
export { ForgotPassword } from './pages/forgot-password';
export { PasswordReset } from './pages/password-reset';
export { EmailVerification } from './pages/email-verification';
export { MagicLinkCallback } from './pages/magic-link-callback';
export { OAuthCallback } from './pages/oauth-callback';
export { SignOut } from './pages/sign-out';
export { ErrorPage } from './pages/error-page';
export { TeamInvitation } from './team-invitation/team-invitation-page';
export {
  AccountSettings,
  type AccountSettingsProps,
  type SettingsMenuEntry,
  type SettingsMenuItem,
} from './account-settings/account-settings';
export { SettingsLayout } from './account-settings/settings-layout';
export { Toasts, showToast } from './components/toasts';
export { toaster } from './components/ark-toasts';
export { CopyButton, copyToClipboard } from './components/copy-button';
export { InfoTooltip } from './components/info-tooltip';
export { Skeleton } from './components/skeleton';
export { DelayedTextField, useDelayedValue } from './components/delayed-text-input';
export { isTrustedRedirect, handlerPageOf, returnToParameter, type HandlerPage } from './redirect-rules';
