// The Security item: email verification, change password, multi-factor authentication, passkeys,
// the active sessions and the connected accounts.
import { Toasts } from '../components/toasts';
import { ChangePasswordSection } from './change-password-section';
import { ConnectedAccountsSection } from './connected-accounts-section';
import { EmailVerificationSection } from './email-verification-section';
import { MfaSection } from './mfa-section';
import { PasskeysSection } from './passkeys-section';
import { SessionsSection } from './sessions-section';

export function SecurityPage() {
  return (
    <>
      <EmailVerificationSection />
      <ChangePasswordSection />
      <MfaSection />
      <PasskeysSection />
      <SessionsSection />
      <ConnectedAccountsSection />
      <Toasts />
    </>
  );
}
