// The new password and its repeat, as sign-up, the password reset and Change password ask for
// them: two password fields marked `new-password` (so password managers offer to make one up),
// the repeat named after the first, each with its own message under it. Its own module so the
// screens without a new password (sign-in, My Profile) do not download it.
import { PasswordField } from './form-fields';

/** What the two fields hold. */
export interface NewPassword {
  password: string;
  repeated: string;
}

export const emptyNewPassword: NewPassword = { password: '', repeated: '' };

export function NewPasswordFields(props: {
  /** The two labels: the password's, the repeat's. */
  labels: readonly [string, string];
  /** The first field's name; the repeat is `repeat-<name>`. */
  name: string;
  value: NewPassword;
  onChange(value: NewPassword): void;
  errors: { password?: string | null; repeated?: string | null };
  disabled?: boolean;
}) {
  const { value, onChange, errors, disabled } = props;
  return (
    <>
      <PasswordField
        label={props.labels[0]}
        name={props.name}
        autoComplete="new-password"
        value={value.password}
        onChange={(password) => onChange({ ...value, password })}
        error={errors.password}
        disabled={disabled}
      />
      <PasswordField
        label={props.labels[1]}
        name={`repeat-${props.name}`}
        autoComplete="new-password"
        value={value.repeated}
        onChange={(repeated) => onChange({ ...value, repeated })}
        error={errors.repeated}
        disabled={disabled}
      />
    </>
  );
}
