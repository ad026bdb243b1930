// {handler}/password-reset?code=…: checks the code first, then takes the new password
// twice; expired, used and unknown links get their own cards.
import { useState } from 'react';
import { isKnownError } from '../../client/index';
import { useAuthRuntime } from '../auth-context';
import { Card, CardText, MessageCard } from '../components/card';
import { emptyNewPassword, NewPasswordFields } from '../components/new-password-fields';
import { InvalidLinkCard, verificationProblemCard, isWellFormedLinkCode } from '../components/status-cards';
import { errorTextClass, formClass, primaryButtonClass } from '../components/styles';
import { useFormSubmit } from '../form-submit';
import { newPasswordErrors } from '../form-validation';
import { currentSearchParameter } from '../navigation';
import { useCallOncePerCode } from '../once-per-code';
import { usePagesT, useFormsT } from '../i18n/messages-context';

export function PasswordReset() {
  const formsT = useFormsT();
  const pagesT = usePagesT();
  const runtime = useAuthRuntime();
  // A code that cannot be one is treated as no code: the invalid-link card.
  const given = currentSearchParameter('code');
  const code = isWellFormedLinkCode(given) ? given : null;
  const check = useCallOncePerCode(code ? `reset-check:${code}` : null, () => runtime.client.checkPasswordResetCode(code!));
  const [newPassword, setNewPassword] = useState(emptyNewPassword);
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState(false);
  const { errors, busy, onSubmit } = useFormSubmit({
    validate: () => newPasswordErrors(newPassword, formsT),
    async send() {
      setFailed(false);
      try {
        await runtime.client.resetPassword({ code: code!, password: newPassword.password });
        setDone(true);
      } catch (error) {
        // Rule failures belong on the field; a code that stopped working means a new link is needed.
        if (isKnownError(error, 'PASSWORD_REQUIREMENTS_NOT_MET')) throw error;
        setFailed(true);
      }
    },
    failureField: 'password',
  });

  if (!code) return <InvalidLinkCard kind="password-reset" />;
  if (check.status === 'pending') return <Card title={pagesT('forgot.title')} testId="password-reset-checking" />;
  if (check.status === 'failed') {
    const card = verificationProblemCard(check.error, 'password-reset');
    if (!card) throw check.error;
    return card;
  }
  if (done) {
    return (
      <MessageCard
        title={pagesT('reset.doneTitle')}
        testId="password-reset-done"
        primary={{ label: pagesT('nav.signIn'), onClick: () => runtime.navigate(runtime.urls['sign-in']) }}
      >
        <CardText>{pagesT('reset.doneText')}</CardText>
      </MessageCard>
    );
  }

  return (
    <Card title={pagesT('forgot.title')} testId="password-reset-page">
      <form className={formClass} noValidate onSubmit={onSubmit}>
        <NewPasswordFields
          labels={[pagesT('reset.newPassword'), pagesT('reset.repeatPassword')]}
          name="password"
          value={newPassword}
          onChange={setNewPassword}
          errors={errors}
        />
        {failed && <span className={errorTextClass}>{pagesT('reset.failed')}</span>}
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {pagesT('reset.submit')}
        </button>
      </form>
    </Card>
  );
}
