// The sidebar layout: a 200 px sidebar beside the selected item on wide screens; on
// narrow ones either the list (at the base path) or the item with a close button back to it.
// An unknown subpath goes back to the base path. Entries are items, labels or dividers.
import { useEffect, useRef, type ReactNode } from 'react';
import { useAuthRuntime } from '../auth-context';
import { CloseIcon } from '../components/line-icons';
import {
  closeButtonClass,
  contentClass,
  itemDescriptionClass,
  itemHeaderClass,
  itemTitleClass,
  settingsBodyClass,
  settingsPageClass,
  settingsTitleClass,
  sidebarClass,
  sidebarItemClass,
  sidebarItemTextClass,
  sidebarLabelClass,
} from './settings-styles';
import { useSettingsT } from '../i18n/messages-context';

export interface SettingsMenuItem {
  type: 'item';
  title: string;
  description?: string;
  icon?: ReactNode;
  /** Below the base path, without a leading `/` (e.g. `profile`). */
  subpath: string;
  content: ReactNode;
}

/** A heading in the sidebar (`label`), or one with a rule beside it (`divider`). */
export type SettingsMenuEntry = SettingsMenuItem | { type: 'label' | 'divider'; title?: string };

const itemTitleId = 'authd-settings-item-title';

export function SettingsLayout(props: {
  title: string;
  entries: SettingsMenuEntry[];
  basePath: string;
  /** The current path below the base path, '' at the base. */
  subpath: string;
  /** True while the entries that could match the subpath are still loading. */
  pending?: boolean;
  pendingContent?: ReactNode;
  renderContent?(content: ReactNode): ReactNode;
}) {
  const runtime = useAuthRuntime();
  const t = useSettingsT();
  const items = props.entries.filter((entry): entry is SettingsMenuItem => entry.type === 'item');
  const atBase = props.subpath === '';
  const selected = atBase ? items[0] : items.find((item) => item.subpath === props.subpath);
  const unknown = !atBase && !selected && !props.pending;

  useEffect(() => {
    if (unknown) runtime.navigate(props.basePath);
  }, [unknown, runtime, props.basePath]);

  // Moving to another item puts focus on its title, so keyboard and screen-reader users land there.
  const heading = useRef<HTMLHeadingElement>(null);
  const previousSubpath = useRef(props.subpath);
  useEffect(() => {
    if (previousSubpath.current === props.subpath) return;
    previousSubpath.current = props.subpath;
    if (!atBase) heading.current?.focus();
  }, [props.subpath, atBase]);

  const hrefOf = (item: SettingsMenuItem) => `${props.basePath}/${item.subpath}`;
  return (
    <div className={settingsPageClass} data-at-base={atBase ? 'true' : 'false'}>
      <h1 className={settingsTitleClass}>{props.title}</h1>
      <div className={settingsBodyClass}>
        <nav className={sidebarClass} aria-label={props.title}>
          {props.entries.map((entry, index) =>
            entry.type === 'item' ? (
              <a
                key={entry.subpath}
                className={sidebarItemClass}
                href={hrefOf(entry)}
                title={entry.title}
                aria-current={entry === selected ? 'page' : undefined}
                data-testid={`settings-item-${entry.subpath}`}
                onClick={(event) => {
                  event.preventDefault();
                  runtime.navigate(hrefOf(entry));
                }}
              >
                {entry.icon ?? <span style={{ width: 16, flexShrink: 0 }} aria-hidden="true" />}
                <span className={sidebarItemTextClass}>{entry.title}</span>
              </a>
            ) : (
              <div key={`${entry.type}-${index}`} className={sidebarLabelClass} data-type={entry.type}>
                {entry.title}
              </div>
            ),
          )}
        </nav>
        <section className={contentClass} aria-labelledby={selected ? itemTitleId : undefined}>
          {selected ? (
            <>
              <div className={itemHeaderClass}>
                <div>
                  <h2 id={itemTitleId} ref={heading} tabIndex={-1} className={itemTitleClass} style={{ outline: 'none' }}>
                    {selected.title}
                  </h2>
                  {selected.description && <p className={itemDescriptionClass}>{selected.description}</p>}
                </div>
                <button
                  type="button"
                  className={closeButtonClass}
                  aria-label={t('settings.close')}
                  onClick={() => runtime.navigate(props.basePath)}
                >
                  <CloseIcon />
                </button>
              </div>
              {props.renderContent ? props.renderContent(selected.content) : selected.content}
            </>
          ) : (
            props.pendingContent
          )}
        </section>
      </div>
    </div>
  );
}
