// The labelled inputs of the screens, on plain elements: a label, the input, and its message
// wired with aria-invalid and aria-describedby; the password field's 'Show password' / 'Hide
// password' toggle is a real button in the tab order. Not Ark UI's Field and PasswordInput: with
// them the sign-in screen missed its download budget, and their toggle was out of the tab order.
import { useId, useState, type ReactNode } from 'react';
import { errorTextClass, fieldClass, inputClass, labelClass } from './styles';
import { passwordControlClass, passwordToggleClass } from './password-field-styles';
import { focusWhenMounted } from '../focus-moves';
import { useFormsT } from '../i18n/messages-context';

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

function LabelledInput(
  props: FieldProps & { type: 'text' | 'email' | 'password'; inputMode?: 'email' | 'text'; addon?: ReactNode },
) {
  const id = useId();
  const errorId = `${id}-error`;
  const input = (
    <input
      id={id}
      className={inputClass}
      name={props.name}
      type={props.type}
      inputMode={props.inputMode}
      value={props.value}
      disabled={props.disabled}
      autoComplete={props.autoComplete}
      autoFocus={props.autoFocus}
      ref={props.autoFocus ? focusWhenMounted : undefined}
      aria-invalid={props.error ? true : undefined}
      aria-describedby={props.error ? errorId : undefined}
      aria-errormessage={props.error ? errorId : undefined}
      onChange={(event) => props.onChange(event.currentTarget.value)}
    />
  );
  return (
    <div className={fieldClass}>
      <label htmlFor={id} className={labelClass}>
        {props.label}
      </label>
      {props.addon ? (
        <div className={passwordControlClass}>
          {input}
          {props.addon}
        </div>
      ) : (
        input
      )}
      {props.error && (
        <span id={errorId} className={errorTextClass}>
          {props.error}
        </span>
      )}
    </div>
  );
}

export function TextField(props: FieldProps & { type?: 'email' | 'text' }) {
  return <LabelledInput {...props} type={props.type ?? 'text'} />;
}

/**
 * The email input every sign-in, sign-up and reset form opens with. With `passkeyAutofill` it is
 * also where the browser suggests this site's passkeys (`webauthn` must be the last token).
 */
export function EmailField(
  props: Omit<FieldProps, 'name' | 'autoComplete' | 'label'> & { label?: string; passkeyAutofill?: boolean },
) {
  const { passkeyAutofill, ...field } = props;
  const formsT = useFormsT();
  return (
    <LabelledInput
      {...field}
      label={props.label ?? formsT('field.email')}
      name="email"
      type="email"
      inputMode="email"
      autoComplete={passkeyAutofill ? 'username webauthn' : 'email'}
    />
  );
}

function EyeIcon(props: { crossed: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {props.crossed && <path d="M3 3l18 18" />}
    </svg>
  );
}

export function PasswordField(props: FieldProps) {
  const [visible, setVisible] = useState(false);
  const formsT = useFormsT();
  return (
    <LabelledInput
      {...props}
      type={visible ? 'text' : 'password'}
      addon={
        <button
          type="button"
          className={passwordToggleClass}
          aria-label={formsT(visible ? 'field.hidePassword' : 'field.showPassword')}
          disabled={props.disabled}
          onClick={() => setVisible(!visible)}
        >
          <EyeIcon crossed={visible} />
        </button>
      }
    />
  );
}
