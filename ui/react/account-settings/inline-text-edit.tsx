// A value shown as text with an Edit button that turns into a field with Save and Cancel
// (display names); the field itself (inline-text-edit-form.tsx) loads when Edit is pressed.
import { lazy, Suspense, useState } from 'react';
import { useFocusBackWhenClosed } from '../focus-moves';
import { compactSecondaryButtonClass, sectionTextClass, sectionTitleClass, settingRowClass } from './settings-styles';
import { useSettingsT } from '../i18n/messages-context';

const InlineTextEditForm = lazy(() => import('./inline-text-edit-form').then((m) => ({ default: m.InlineTextEditForm })));

export function InlineTextEdit(props: {
  label: string;
  /** The field's name and test ids; default: the label in kebab case (English labels). */
  name?: string;
  /** The Edit button's accessible name; default: "Edit" and the label. */
  editLabel?: string;
  description?: string;
  value: string;
  emptyText?: string;
  /** A message stops the save. */
  validate?(value: string): string | null;
  onSave(value: string): Promise<void>;
}) {
  const t = useSettingsT();
  const [editing, setEditing] = useState(false);
  const name = props.name ?? props.label.toLowerCase().replace(/\W+/g, '-');
  // Saved, cancelled or Escape: focus returns to the Edit button instead of falling to the page.
  const editButton = useFocusBackWhenClosed<HTMLButtonElement>(editing);

  if (!editing) {
    return (
      <div className={settingRowClass}>
        <div>
          <h3 className={sectionTitleClass}>{props.label}</h3>
          {props.description && <p className={sectionTextClass}>{props.description}</p>}
          <p style={{ margin: '4px 0 0' }} data-testid={`${name}-value`}>
            {props.value || <span className={sectionTextClass}>{props.emptyText ?? ''}</span>}
          </p>
        </div>
        <button
          ref={editButton}
          type="button"
          className={compactSecondaryButtonClass}
          aria-label={props.editLabel ?? t('settings.editLabel', { label: props.label })}
          onClick={() => setEditing(true)}
        >
          {t('settings.edit')}
        </button>
      </div>
    );
  }
  return (
    <Suspense fallback={null}>
      <InlineTextEditForm
        label={props.label}
        name={name}
        value={props.value}
        validate={props.validate}
        onSave={props.onSave}
        onClose={() => setEditing(false)}
      />
    </Suspense>
  );
}
