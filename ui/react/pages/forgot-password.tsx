// {handler}/forgot-password: asks for an email and sends a reset link; the answer is
// the same whether or not the address has an account.
import { useState } from 'react';
import { useAuthRuntime, useCurrentUserValue } from '../auth-context';
import { Card, CardText, MessageCard } from '../components/card';
import { EmailField } from '../components/form-fields';
import { InAppLink } from '../components/in-app-link';
import { AlreadySignedInCard } from '../components/status-cards';
import { FormProblem, SubmitButton } from '../components/form-parts';
import { formClass, subtleTextClass } from '../components/styles';
import { useUrlKeepingReturnTo } from '../hooks';
import { useFormSubmit } from '../form-submit';
import { emailError } from '../form-validation';
import { usePagesT, useFormsT } from '../i18n/messages-context';

export function ForgotPassword() {
  const formsT = useFormsT();
  const pagesT = usePagesT();
  const runtime = useAuthRuntime();
  const user = useCurrentUserValue();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const keepReturnTo = useUrlKeepingReturnTo();
  const { errors, formError, busy, onSubmit } = useFormSubmit({
    validate: () => ({ email: emailError(email, formsT) }),
    async send() {
      await runtime.client.sendPasswordResetEmail(email.trim());
      setSent(true);
    },
    failureField: 'email',
    formWideProblems: true,
  });

  if (user) return <AlreadySignedInCard />;
  if (sent) {
    return (
      <MessageCard
        title={pagesT('forgot.sentTitle')}
        testId="forgot-password-sent"
        primary={{ label: pagesT('nav.goHome'), onClick: () => runtime.navigate(runtime.urls.home) }}
      >
        <CardText>{pagesT('forgot.sentText')}</CardText>
      </MessageCard>
    );
  }

  return (
    <Card title={pagesT('forgot.title')} testId="forgot-password-page">
      <p className={subtleTextClass}>
        {pagesT.rich('forgot.noNeed', {
          link: <InAppLink href={keepReturnTo(runtime.urls['sign-in'])}>{pagesT('nav.signIn')}</InAppLink>,
        })}
      </p>
      <form className={formClass} noValidate onSubmit={onSubmit}>
        <EmailField label={pagesT('forgot.email')} value={email} onChange={setEmail} error={errors.email} />
        <FormProblem message={formError} />
        <SubmitButton busy={busy}>{pagesT('forgot.submit')}</SubmitButton>
      </form>
    </Card>
  );
}
