// The submit step every screen form shares: the browser-side checks first (any message stops the
// submit), then the call with the form busy meanwhile; a failed call's message goes on one field.
import { useState, type FormEvent } from 'react';

/** The message of a failed call, as the screens show it on a field. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function useFormSubmit<Field extends string>(options: {
  /** Each field's message, null when it is fine. */
  validate(): Record<Field, string | null>;
  /** The call; a rejection shows its message on `failureField`. */
  send(): Promise<void>;
  failureField: NoInfer<Field>;
}): { errors: Partial<Record<Field, string | null>>; busy: boolean; onSubmit(event: FormEvent): void } {
  const [errors, setErrors] = useState<Partial<Record<Field, string | null>>>({});
  const [busy, setBusy] = useState(false);

  async function submit() {
    const found = options.validate();
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      await options.send();
    } catch (error) {
      setErrors({ [options.failureField]: messageOf(error) } as Partial<Record<Field, string | null>>);
    } finally {
      setBusy(false);
    }
  }

  return {
    errors,
    busy,
    onSubmit(event) {
      event.preventDefault();
      void submit();
    },
  };
}
