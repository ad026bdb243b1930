// The parts every sign-in form ends with: the form-wide message (rate limit, unreachable server)
// and the submit button, which shows a spinner while the call runs.
import type { ReactNode } from 'react';
import { formProblemClass, primaryButtonClass, spinnerRowClass } from './styles';

/** A spinning ring (SVG animation: no stylesheet keyframes needed), hidden from screen readers. */
export function Spinner(props: { size?: number }) {
  const size = props.size ?? 16;
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" aria-hidden="true" data-testid="spinner">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round">
        <animateTransform
          attributeName="transform"
          type="rotate"
          from="0 12 12"
          to="360 12 12"
          dur="0.8s"
          repeatCount="indefinite"
        />
      </path>
    </svg>
  );
}

/** The form's own message, announced when it appears; focus moves here after a failed submit. */
export function FormProblem(props: { message: string | null }) {
  if (!props.message) return null;
  return (
    <div role="alert" tabIndex={-1} data-form-problem="" data-testid="form-problem" className={formProblemClass}>
      {props.message}
    </div>
  );
}

export function SubmitButton(props: { busy: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      className={primaryButtonClass}
      disabled={props.busy || props.disabled}
      aria-busy={props.busy || undefined}
    >
      <span className={spinnerRowClass}>
        {props.busy && <Spinner />}
        {props.children}
      </span>
    </button>
  );
}
