// The loading, failed and empty states every console page shows in place of its content, and
// the one-line alert of an action that failed.
import type { ReactNode } from 'react';
import { describeFailure } from './admin-api';
import { errorBoxClass, errorTextClass, mutedClass, secondaryButtonClass, skeletonRowClass, stateBoxClass, textClass } from './styles';

export function LoadingState(props: { label: string }) {
  return (
    <div role="status" aria-live="polite" data-testid="loading-state" className={stateBoxClass}>
      <span className={mutedClass}>{props.label}</span>
      <div className={skeletonRowClass} aria-hidden="true" />
      <div className={skeletonRowClass} aria-hidden="true" />
      <div className={skeletonRowClass} aria-hidden="true" />
    </div>
  );
}

export function FailedState(props: { what: string; error: unknown; onRetry(): void }) {
  return (
    <div role="alert" data-testid="error-state" className={errorBoxClass}>
      <p className={textClass}>
        {props.what} could not be loaded: {describeFailure(props.error)}
      </p>
      <button type="button" className={secondaryButtonClass} onClick={props.onRetry}>
        Try again
      </button>
    </div>
  );
}

export function EmptyState(props: { title: string; children?: ReactNode }) {
  return (
    <div data-testid="empty-state" className={stateBoxClass}>
      <p className={textClass}>
        <strong>{props.title}</strong>
      </p>
      {props.children}
    </div>
  );
}

/** Why the last action failed, announced at once; nothing when it did not. */
export function FailureAlert(props: { message: string | null }) {
  if (!props.message) return null;
  return (
    <p className={errorTextClass} role="alert">
      {props.message}
    </p>
  );
}
