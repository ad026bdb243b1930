// The panel that makes a thing from its name alone (a project, a team): one field, refused while
// empty, cleared once the thing is made.
import { useState, type FormEvent } from 'react';
import { useAction } from './action';
import { useConsoleT } from './console-messages';
import { PanelForm, TextField } from './text-field';
import { primaryButtonClass } from './styles';

export function NameCreationForm(props: {
  /** The heading's id, which names the form. */
  id: string;
  fieldId: string;
  title: string;
  createLabel: string;
  /** What the refusal of an empty name says. */
  nameRequired: string;
  /** With it, a refusal carries this id and the field points at it. */
  errorId?: string;
  create(name: string): Promise<unknown>;
  onCreated(): void;
}) {
  const [name, setName] = useState('');
  const action = useAction();
  const t = useConsoleT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (action.busy) return;
    if (name.trim() === '') return action.refuse(props.nameRequired);
    void action.run(async () => {
      await props.create(name.trim());
      setName('');
      props.onCreated();
    });
  };
  const errorId = action.failure ? props.errorId : undefined;
  return (
    <PanelForm
      id={props.id}
      title={props.title}
      onSubmit={submit}
      submit={action.busy ? t('common.creating') : props.createLabel}
      submitClass={primaryButtonClass}
      busy={action.busy}
      failure={action.failure}
      errorId={errorId}
    >
      <TextField id={props.fieldId} label={t('common.name')} value={name} maxLength={200} errorId={errorId} onChange={setName} />
    </PanelForm>
  );
}
