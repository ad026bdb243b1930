// The loading, failed and empty states every console page shows in place of its content, and
// the one-line alert of an action that failed.
import type { ReactNode } from 'react';
import { describeFailure } from './admin-api';
import { useConsoleT } from './console-messages';
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

/** `what` says what failed to load, as a sentence of its own ("The teams could not be loaded"). */
export function FailedState(props: { what: string; error: unknown; onRetry(): void }) {
  const t = useConsoleT();
  return (
    <div role="alert" data-testid="error-state" className={errorBoxClass}>
      <p className={textClass}>
        {t('state.failed', { failure: props.what, reason: describeFailure(props.error, t) })}
      </p>
      <button type="button" className={secondaryButtonClass} onClick={props.onRetry}>
        {t('state.retry')}
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
