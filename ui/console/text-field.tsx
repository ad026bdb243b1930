// A labelled text input of a console form, and the usual form of one row: fields and the
// button that sends them.
import type { FormEvent, HTMLInputTypeAttribute, ReactNode } from 'react';
import { FailureAlert } from './page-states';
import {
  columnFieldClass,
  errorTextClass,
  fieldClass,
  formRowClass,
  inputClass,
  labelClass,
  panelClass,
  primaryButtonClass,
  sectionTitleClass,
  selectClass,
  textareaClass,
} from './styles';

/** A form control (`children`, whose id is `id`) under its label, in a field's box. */
function Labelled(props: { id: string; label: ReactNode; className: string; children: ReactNode }) {
  return (
    <div className={props.className}>
      <label className={labelClass} htmlFor={props.id}>
        {props.label}
      </label>
      {props.children}
    </div>
  );
}

export function TextField(props: {
  id: string;
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  type?: HTMLInputTypeAttribute;
  maxLength?: number;
  autoComplete?: string;
  inputMode?: 'url' | 'email' | 'text';
  placeholder?: string;
  spellCheck?: boolean;
  /** The id of the message that says why the value was refused. */
  errorId?: string;
  /** The field's box: by default one of a row's fields. */
  className?: string;
}) {
  return (
    <Labelled id={props.id} label={props.label} className={props.className ?? fieldClass}>
      <input
        id={props.id}
        className={inputClass}
        type={props.type}
        value={props.value}
        maxLength={props.maxLength}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        placeholder={props.placeholder}
        spellCheck={props.spellCheck}
        aria-invalid={props.errorId ? true : undefined}
        aria-describedby={props.errorId}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </Labelled>
  );
}

/** A labelled box of several lines, the width of its form (a description, one URI a line). */
export function TextAreaField(props: { id: string; label: ReactNode; value: string; onChange(value: string): void; rows: number; autoFocus?: boolean }) {
  return (
    <Labelled id={props.id} label={props.label} className={columnFieldClass}>
      <textarea
        id={props.id}
        className={textareaClass}
        rows={props.rows}
        autoFocus={props.autoFocus}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </Labelled>
  );
}

/**
 * A secret typed in and never shown back (an SMTP password, a client secret): with one stored,
 * the box stays empty and its label says so (the caller's words), and an empty box keeps it.
 */
export function SecretField(props: { id: string; label: string; value: string; onChange(value: string): void }) {
  return <TextField id={props.id} label={props.label} type="password" autoComplete="new-password" value={props.value} onChange={props.onChange} />;
}

/** A labelled choice among `options` (value and words). */
export function SelectField(props: {
  id: string;
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <Labelled id={props.id} label={props.label} className={fieldClass}>
      <select id={props.id} className={selectClass} value={props.value} onChange={(event) => props.onChange(event.target.value)}>
        {props.options.map(([value, words]) => (
          <option key={value} value={value}>
            {words}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

/** Fields in a row and their submit button, as a form (the browser's own checks off: the API's speak). */
export function RowForm(props: {
  onSubmit(event: FormEvent): void;
  submit: ReactNode;
  submitClass: string;
  busy: boolean;
  children: ReactNode;
  label?: string;
  /** After the button, in the row: why the values were refused. */
  after?: ReactNode;
}) {
  return (
    <form className={formRowClass} onSubmit={props.onSubmit} aria-label={props.label} noValidate>
      {props.children}
      <button type="submit" className={props.submitClass} disabled={props.busy}>
        {props.submit}
      </button>
      {props.after}
    </form>
  );
}

/**
 * A form panel that makes one thing (a team, a project, an endpoint): its heading, a row of
 * fields with the button, and why the API refused, announced at once. With `errorId`, the
 * refusal carries that id, for the field it is about to point at.
 */
export function PanelForm(props: {
  id: string;
  title: string;
  onSubmit(event: FormEvent): void;
  submit: ReactNode;
  submitClass: string;
  busy: boolean;
  failure: string | null;
  errorId?: string;
  children: ReactNode;
}) {
  return (
    <form className={panelClass} onSubmit={props.onSubmit} aria-labelledby={props.id} noValidate>
      <h2 id={props.id} className={sectionTitleClass}>
        {props.title}
      </h2>
      <div className={formRowClass}>
        {props.children}
        <button type="submit" className={props.submitClass} disabled={props.busy}>
          {props.submit}
        </button>
      </div>
      {props.errorId && props.failure ? (
        <p id={props.errorId} className={errorTextClass} role="alert">
          {props.failure}
        </p>
      ) : (
        <FailureAlert message={props.failure} />
      )}
    </form>
  );
}

/** The end of a longer form: why the API refused, then its button. */
export function SubmitRow(props: { busy: boolean; failure: string | null; children: ReactNode }) {
  return (
    <>
      <FailureAlert message={props.failure} />
      <div>
        <button type="submit" className={primaryButtonClass} disabled={props.busy}>
          {props.children}
        </button>
      </div>
    </>
  );
}
