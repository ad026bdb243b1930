// One API answer shown the way every console page shows it: the loading state, the failure with
// Try again, the empty state, and the content once there is something; and the common content,
// a table in its scrolling frame, described by its columns.
import type { ReactNode } from 'react';
import type { ApiData, List } from './api-data';
import { EmptyState, FailedState, LoadingState } from './page-states';
import { TableFrame } from './table-frame';
import { mutedClass, tableClass, visuallyHiddenClass, wideOnlyClass } from './styles';

/** A list's own words: its loading state, what failed to load, and the table's accessible name. */
export interface ListText {
  /** e.g. "Loading teams…" */
  loading: string;
  /** What failed to load, as a sentence of its own, e.g. "The teams could not be loaded". */
  failed: string;
  /** e.g. "Table of teams" */
  label: string;
}

/** How the empty state reads: its title and, when there is more to say, a line under it. */
export interface EmptyText {
  title: string;
  hint?: string;
}

interface StatesProps<D> {
  data: ApiData<D>;
  /** The loading state's words, e.g. "Loading teams…". */
  loading: string;
  /** What failed to load, as a sentence of its own, e.g. "The teams could not be loaded". */
  failed: string;
  /** Without `empty`, an answer is never empty (one user, one team); a list is empty without items. */
  isEmpty?(data: D): boolean;
  empty?: EmptyText;
}

export function ApiStates<D>(props: StatesProps<D> & { children(data: D): ReactNode }) {
  const { data } = props;
  if (data.state === 'loading') return <LoadingState label={props.loading} />;
  if (data.state === 'failed') return <FailedState what={props.failed} error={data.error} onRetry={data.reload} />;
  const isEmpty = props.isEmpty ?? ((answer: D) => (answer as Partial<List<unknown>>).items?.length === 0);
  if (props.empty && isEmpty(data.data)) {
    return <EmptyState title={props.empty.title}>{props.empty.hint ? <p className={mutedClass}>{props.empty.hint}</p> : null}</EmptyState>;
  }
  return <>{props.children(data.data)}</>;
}

export interface Column<T> {
  /** The header's words; a column of buttons names itself for screen readers only. */
  header: string;
  headerHidden?: boolean;
  /** Left out below 640 px, where the table would not fit. */
  wideOnly?: boolean;
  /** The cells' class, besides wideOnly's. */
  className?: string;
  cell(row: T): ReactNode;
}

interface TableShape<T> {
  rowKey(row: T): string;
  columns: Column<T>[];
  /** The frame's accessible name, e.g. "Table of teams". */
  label: string;
  testId: string;
}

function classOf(column: Column<unknown>): string | undefined {
  return [column.className, column.wideOnly ? wideOnlyClass : undefined].filter(Boolean).join(' ') || undefined;
}

/** Rows already at hand, as a table in its frame. */
export function Table<T>(props: TableShape<T> & { rows: T[] }) {
  const columns = props.columns as Column<unknown>[];
  return (
    <TableFrame label={props.label}>
      <table className={tableClass} data-testid={props.testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.wideOnly ? wideOnlyClass : undefined}>
                {column.headerHidden ? <span className={visuallyHiddenClass}>{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={props.rowKey(row)}>
              {columns.map((column) => (
                <td key={column.header} className={classOf(column)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

/**
 * An API list's items as a table, or the loading, failed or empty state in its place, in the
 * list's own words (`text`, from the catalogue, so each language says them its way).
 */
export function DataTable<T extends { id: string }>(props: {
  data: ApiData<{ items: T[] }>;
  text: ListText;
  empty: EmptyText;
  columns: Column<T>[];
  testId: string;
}) {
  const { text } = props;
  return (
    <ApiStates data={props.data} loading={text.loading} failed={text.failed} empty={props.empty}>
      {(answer) => (
        <Table
          label={text.label}
          testId={props.testId}
          rows={answer.items}
          rowKey={(row) => row.id}
          columns={props.columns}
        />
      )}
    </ApiStates>
  );
}
