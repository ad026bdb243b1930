// Labelled inputs with their validation message, on Ark UI's Field (label, aria wiring, error
// text) and PasswordInput (the 'Show password' / 'Hide password' toggle of spec §2).
import { Field } from '@ark-ui/react/field';
import { PasswordInput } from '@ark-ui/react/password-input';
import { errorTextClass, fieldClass, inputClass, labelClass, passwordControlClass, passwordToggleClass } from './styles';

interface FieldProps {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  error?: string | null;
  disabled?: boolean;
  autoComplete?: string;
  autoFocus?: boolean;
}

export function TextField(props: FieldProps & { type?: 'email' | 'text' }) {
  return (
    <Field.Root className={fieldClass} invalid={!!props.error} disabled={props.disabled}>
      <Field.Label className={labelClass}>{props.label}</Field.Label>
      <Field.Input
        className={inputClass}
        name={props.name}
        type={props.type ?? 'text'}
        value={props.value}
        autoComplete={props.autoComplete}
        autoFocus={props.autoFocus}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      />
      <Field.ErrorText className={errorTextClass}>{props.error}</Field.ErrorText>
    </Field.Root>
  );
}

/** The email input every sign-in, sign-up and reset form opens with. */
export function EmailField(props: Omit<FieldProps, 'name' | 'autoComplete' | 'label'> & { label?: string }) {
  return <TextField {...props} label={props.label ?? 'Email'} name="email" type="email" autoComplete="email" />;
}

const visibilityLabels = { visibilityTrigger: (visible: boolean) => (visible ? 'Hide password' : 'Show password') };

function EyeIcon(props: { crossed: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {props.crossed && <path d="M3 3l18 18" />}
    </svg>
  );
}

export function PasswordField(props: FieldProps) {
  return (
    <Field.Root className={fieldClass} invalid={!!props.error} disabled={props.disabled}>
      <Field.Label className={labelClass}>{props.label}</Field.Label>
      <PasswordInput.Root
        translations={visibilityLabels}
        autoComplete={props.autoComplete === 'new-password' ? 'new-password' : 'current-password'}
      >
        <PasswordInput.Control className={passwordControlClass}>
          <PasswordInput.Input
            className={inputClass}
            name={props.name}
            value={props.value}
            autoFocus={props.autoFocus}
            onChange={(event) => props.onChange(event.currentTarget.value)}
          />
          <PasswordInput.VisibilityTrigger className={passwordToggleClass}>
            <PasswordInput.Indicator fallback={<EyeIcon crossed={false} />}>
              <EyeIcon crossed />
            </PasswordInput.Indicator>
          </PasswordInput.VisibilityTrigger>
        </PasswordInput.Control>
      </PasswordInput.Root>
      <Field.ErrorText className={errorTextClass}>{props.error}</Field.ErrorText>
    </Field.Root>
  );
}
