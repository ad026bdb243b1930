// <UserButton>: the user's avatar (optionally with name and email)
// opening a menu. Signed in: 'Account settings', the host's extra items, 'Toggle theme' when the
// host passes a toggle, 'Sign out'. Signed out: 'Not signed in', then 'Sign in' and 'Sign up'.
// On Ark's Menu: arrow keys, Home/End, type-ahead, Escape and focus return come with it.
import { Menu } from '@ark-ui/react/menu';
import type { ReactNode } from 'react';
import { useAuthRuntime } from '../auth-context';
import { useUser } from '../hooks';
import { UserAvatar } from './avatars';
import { SettingsIcon, SignInIcon, SignOutIcon, SignUpIcon, ThemeIcon } from './line-icons';
import { WidgetRoot } from './widget-root';
import {
  avatarTriggerClass,
  dropdownContentClass,
  dropdownItemClass,
  dropdownLabelClass,
  dropdownSeparatorClass,
  ellipsisClass,
  iconSlotClass,
  menuEmailClass,
  menuNameClass,
  secondaryLineClass,
  triggerTextClass,
} from './widget-styles';
import { useT, useComponentsT } from '../i18n/messages-context';

export interface UserButtonItem {
  text: string;
  icon?: ReactNode;
  onClick(): void;
}

export interface UserButtonProps {
  /** Show the name and email beside the avatar (default: the avatar alone). */
  showUserInfo?: boolean;
  /** Items the host adds between 'Account settings' and 'Sign out'. */
  extraItems?: readonly UserButtonItem[];
  /** When given, the menu offers 'Toggle theme', which calls it. */
  colorModeToggle?: () => void;
}

const positioning = { placement: 'bottom-end' as const, gutter: 6 };

export function UserButton(props: UserButtonProps) {
  const runtime = useAuthRuntime();
  const t = useT();
  const componentsT = useComponentsT();
  const user = useUser();
  const extraItems = props.extraItems ?? [];

  const onSelect = async ({ value }: { value: string }) => {
    if (value === 'account-settings') runtime.navigate(runtime.urls['account-settings']);
    else if (value === 'sign-in') runtime.navigate(runtime.urls['sign-in']);
    else if (value === 'sign-up') runtime.navigate(runtime.urls['sign-up']);
    else if (value === 'toggle-theme') props.colorModeToggle?.();
    else if (value.startsWith('extra:')) extraItems[Number(value.slice('extra:'.length))]?.onClick();
    else if (value === 'sign-out') {
      await runtime.client.signOut();
      await runtime.reloadUser();
      runtime.navigate(runtime.urls.afterSignOut);
    }
  };

  const name = user ? (user.displayName ?? user.primaryEmail ?? componentsT('userButton.account')) : null;
  return (
    <WidgetRoot testId="user-button">
      <Menu.Root positioning={positioning} onSelect={(details) => void onSelect(details)}>
        {/* With the name shown, it is the accessible name too; the avatar alone needs a label. */}
        <Menu.Trigger
          className={avatarTriggerClass}
          aria-label={props.showUserInfo ? undefined : user ? componentsT('userButton.menuOf', { name: name! }) : componentsT('userButton.menuSignedOut')}
        >
          <UserAvatar
            displayName={user?.displayName ?? null}
            email={user?.primaryEmail ?? null}
            imageUrl={user?.profileImageUrl ?? null}
          />
          {props.showUserInfo && (
            <span className={triggerTextClass}>
              <span className={ellipsisClass}>{user ? name : componentsT('userButton.notSignedIn')}</span>
              {user?.primaryEmail && user.displayName && (
                <span className={`${ellipsisClass} ${secondaryLineClass}`}>{user.primaryEmail}</span>
              )}
            </span>
          )}
        </Menu.Trigger>
        <Menu.Positioner>
          <Menu.Content className={dropdownContentClass}>
            {user ? (
              <>
                <Menu.ItemGroup>
                  <Menu.ItemGroupLabel className={dropdownLabelClass}>
                    <span className={`${ellipsisClass} ${menuNameClass}`}>{name}</span>
                    {user.primaryEmail && user.displayName && (
                      <span className={`${ellipsisClass} ${menuEmailClass}`}>{user.primaryEmail}</span>
                    )}
                  </Menu.ItemGroupLabel>
                </Menu.ItemGroup>
                <Menu.Separator className={dropdownSeparatorClass} />
                <Menu.Item value="account-settings" className={dropdownItemClass}>
                  <SettingsIcon />
                  {componentsT('userButton.accountSettings')}
                </Menu.Item>
                {extraItems.map((item, index) => (
                  <Menu.Item key={`extra:${index}`} value={`extra:${index}`} className={dropdownItemClass}>
                    {/* Without an icon, an empty slot keeps the text in line with the other items. */}
                    {item.icon ?? <span className={iconSlotClass} aria-hidden="true" />}
                    {item.text}
                  </Menu.Item>
                ))}
                {props.colorModeToggle && (
                  <Menu.Item value="toggle-theme" className={dropdownItemClass} closeOnSelect={false}>
                    <ThemeIcon />
                    {componentsT('userButton.toggleTheme')}
                  </Menu.Item>
                )}
                <Menu.Item value="sign-out" className={dropdownItemClass}>
                  <SignOutIcon />
                  {t('card.signOut')}
                </Menu.Item>
              </>
            ) : (
              <>
                <Menu.ItemGroup>
                  <Menu.ItemGroupLabel className={dropdownLabelClass}>{componentsT('userButton.notSignedIn')}</Menu.ItemGroupLabel>
                </Menu.ItemGroup>
                <Menu.Separator className={dropdownSeparatorClass} />
                <Menu.Item value="sign-in" className={dropdownItemClass}>
                  <SignInIcon />
                  {t('card.signIn')}
                </Menu.Item>
                <Menu.Item value="sign-up" className={dropdownItemClass}>
                  <SignUpIcon />
                  {t('signUp.link')}
                </Menu.Item>
              </>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
    </WidgetRoot>
  );
}
