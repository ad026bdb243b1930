// <SelectedTeamSwitcher>: a dropdown with the placeholder
// 'Select team'; the list shows 'Current team' (with a shortcut to that team's settings page),
// then 'Other teams' or 'No teams yet', and 'Create a team' when the project lets clients create
// teams. Choosing a team sets the user's selected team (PATCH /users/me selected_team_id).
// On Ark's Select. The shortcut and 'Create a team' are items of the list, not buttons inside
// it, so the keyboard reaches them like any team (a button nested in a listbox cannot be).
import { Select } from '@ark-ui/react/select';
import { useEffect, useMemo, useState } from 'react';
import type { Team } from '../../client/index';
import { useAuthRuntime } from '../auth-context';
import { useProject, useUser } from '../hooks';
import { TeamAvatar } from './avatars';
import { selectCollection } from './select-collection';
import { CheckIcon, ChevronIcon, PlusIcon, SettingsIcon } from './line-icons';
import { WidgetRoot } from './widget-root';
import {
  dropdownContentClass,
  dropdownItemClass,
  dropdownLabelClass,
  ellipsisClass,
  groupDividerClass,
  selectTriggerClass,
  visuallyHiddenClass,
} from './widget-styles';
import { useComponentsT } from '../i18n/messages-context';

export interface SelectedTeamSwitcherProps {
  /** After a team is chosen, go to this URL for it (e.g. the team's dashboard). */
  urlMap?: (team: Team) => string;
  /** Called once the chosen team is saved as the user's selected team. */
  onChange?: (team: Team) => void;
}

type Option =
  | { kind: 'team'; value: string; label: string; team: Team }
  | { kind: 'settings'; value: string; label: string; team: Team }
  | { kind: 'create'; value: string; label: string };

// Action values cannot collide with team ids, which are UUIDs.
const createValue = 'action:create-team';
const settingsValue = 'action:team-settings';

const positioning = { placement: 'bottom-start' as const, gutter: 6, sameWidth: false };

/** The signed-in user's teams, read again when the user (or their selected team) changes. */
function useTeams(userId: string | null, selectedTeamId: string | null): Team[] | null {
  const { client } = useAuthRuntime();
  const [teams, setTeams] = useState<Team[] | null>(null);
  useEffect(() => {
    if (!userId) return;
    let active = true;
    client.listTeams().then(
      (list) => active && setTeams(list),
      () => active && setTeams([]),
    );
    return () => {
      active = false;
    };
  }, [client, userId, selectedTeamId]);
  return teams;
}

export function SelectedTeamSwitcher(props: SelectedTeamSwitcherProps) {
  const runtime = useAuthRuntime();
  const componentsT = useComponentsT();
  const project = useProject();
  const user = useUser();
  const teams = useTeams(user?.id ?? null, user?.selectedTeamId ?? null);
  const [saving, setSaving] = useState(false);

  const canCreate = project.config.clientTeamCreationEnabled;
  const selectedTeamId = user?.selectedTeamId ?? null;
  const selectedTeam = user?.selectedTeam ?? null;

  const { current, others, options } = useMemo(() => {
    const current = selectedTeamId ? (teams?.find((t) => t.id === selectedTeamId) ?? selectedTeam) : null;
    const others = (teams ?? []).filter((t) => t.id !== current?.id);
    const options: Option[] = [];
    if (current) {
      options.push({ kind: 'team', value: current.id, label: current.displayName, team: current });
      options.push({ kind: 'settings', value: settingsValue, label: componentsT('teamSwitcher.settings'), team: current });
    }
    for (const team of others) options.push({ kind: 'team', value: team.id, label: team.displayName, team });
    if (canCreate) options.push({ kind: 'create', value: createValue, label: componentsT('teamSwitcher.create') });
    return { current, others, options };
  }, [teams, selectedTeamId, selectedTeam, canCreate, componentsT]);
  const collection = useMemo(() => selectCollection(options), [options]);

  if (!user) return null;

  const choose = async (value: string | undefined) => {
    const option = options.find((o) => o.value === value);
    if (!option) return;
    if (option.kind === 'settings') return runtime.navigate(`${runtime.urls['account-settings']}/teams/${option.team.id}`);
    if (option.kind === 'create') return runtime.navigate(`${runtime.urls['account-settings']}/team-creation`);
    if (option.team.id === current?.id) return;
    setSaving(true);
    try {
      await runtime.client.updateCurrentUser({ selectedTeamId: option.team.id });
      await runtime.reloadUser();
    } finally {
      setSaving(false);
    }
    props.onChange?.(option.team);
    if (props.urlMap) runtime.navigate(props.urlMap(option.team));
  };

  const item = (option: Option) => (
    <Select.Item key={option.value} item={option} className={dropdownItemClass}>
      {option.kind === 'team' ? (
        <TeamAvatar displayName={option.team.displayName} imageUrl={option.team.profileImageUrl} />
      ) : option.kind === 'settings' ? (
        <SettingsIcon />
      ) : (
        <PlusIcon />
      )}
      <Select.ItemText className={ellipsisClass} style={{ flex: 1 }}>
        {option.label}
      </Select.ItemText>
      <Select.ItemIndicator>
        <CheckIcon />
      </Select.ItemIndicator>
    </Select.Item>
  );

  return (
    <WidgetRoot testId="team-switcher">
      <Select.Root
        collection={collection}
        value={current ? [current.id] : []}
        onValueChange={(details) => void choose(details.value[0])}
        positioning={positioning}
        disabled={saving}
      >
        <Select.Label className={visuallyHiddenClass}>{componentsT('teamSwitcher.team')}</Select.Label>
        <Select.Control>
          <Select.Trigger className={selectTriggerClass} data-placeholder-shown={current ? undefined : ''}>
            <span style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
              {current && <TeamAvatar displayName={current.displayName} imageUrl={current.profileImageUrl} />}
              <Select.ValueText className={ellipsisClass} placeholder={componentsT('teamSwitcher.select')}>
                {current?.displayName}
              </Select.ValueText>
            </span>
            <Select.Indicator>
              <ChevronIcon />
            </Select.Indicator>
          </Select.Trigger>
        </Select.Control>
        <Select.Positioner>
          <Select.Content className={dropdownContentClass}>
            {current && (
              <Select.ItemGroup>
                <Select.ItemGroupLabel className={dropdownLabelClass}>{componentsT('teamSwitcher.current')}</Select.ItemGroupLabel>
                {options.filter((o) => o.value === current.id || o.kind === 'settings').map(item)}
              </Select.ItemGroup>
            )}
            {/* 'No teams yet' only when there is no team at all; a lone current team needs no empty group. */}
            {teams === null && (
              <Select.ItemGroup aria-busy="true">
                <Select.ItemGroupLabel className={dropdownLabelClass}>{componentsT('teamSwitcher.loading')}</Select.ItemGroupLabel>
              </Select.ItemGroup>
            )}
            {teams !== null && (others.length > 0 || !current) && (
              <Select.ItemGroup className={current ? groupDividerClass : undefined}>
                <Select.ItemGroupLabel className={dropdownLabelClass}>
                  {componentsT(others.length ? 'teamSwitcher.others' : 'teamSwitcher.none')}
                </Select.ItemGroupLabel>
                {options.filter((o) => o.kind === 'team' && o.value !== current?.id).map(item)}
              </Select.ItemGroup>
            )}
            {canCreate && (
              <Select.ItemGroup className={groupDividerClass}>
                {options.filter((o) => o.kind === 'create').map(item)}
              </Select.ItemGroup>
            )}
          </Select.Content>
        </Select.Positioner>
      </Select.Root>
    </WidgetRoot>
  );
}
