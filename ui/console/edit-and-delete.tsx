// The actions at the end of a table row that can be changed or deleted (an OIDC client, a
// permission): an Edit button and a delete confirmed by typing the row's name.
import { TypedConfirmation } from './confirm-dialog';
import { useConsoleT } from './console-messages';
import { formRowClass, smallButtonClass } from './styles';

export function EditAndDelete(props: {
  /** The Edit button's text, and the label that names its row for assistive technology. */
  edit: string;
  editLabel: string;
  onEdit(): void;
  deleteTitle: string;
  deleteText: string;
  /** What must be typed to delete: the row's name. */
  phrase: string;
  onDelete(): Promise<void>;
}) {
  const t = useConsoleT();
  return (
    <span className={formRowClass}>
      <button type="button" className={smallButtonClass} aria-label={props.editLabel} onClick={props.onEdit}>
        {props.edit}
      </button>
      <TypedConfirmation action={t('common.delete')} title={props.deleteTitle} description={props.deleteText} phrase={props.phrase} onConfirm={props.onDelete} />
    </span>
  );
}
