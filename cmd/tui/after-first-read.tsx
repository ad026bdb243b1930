// Screens that show and change what one read from core returns (a project's settings, a user):
// they render only once that read has answered, so no key is ever handled against nothing.
import type { ComponentType, ReactElement } from 'react';
import type { Context } from '../../server/core/storage/context';
import { LoadingLine } from './loading-line';
import { useNavigation } from './navigation';
import { useReloadable } from './use-loaded';

/** The props of a screen's loaded part: the screen's own, what was read, and `reload` to read it again. */
export type LoadedProps<P, T> = P & { loaded: T; reload(): void };

/**
 * The screen: the loading line until `read` has answered, then `Loaded`. The read is made again
 * when a prop (the project id, the user id) changes, and whenever the loaded part calls reload.
 */
export function afterFirstRead<P extends object, T>(
  read: (ctx: Context, props: P) => Promise<T>,
  Loaded: ComponentType<LoadedProps<P, T>>,
): (props: P) => ReactElement {
  return function ScreenAfterFirstRead(props: P) {
    const { ctx } = useNavigation();
    // A screen's props are the ids it reads by, so they are what the read depends on.
    const [loaded, reload] = useReloadable(() => read(ctx, props), Object.values(props));
    if (loaded === undefined) return <LoadingLine />;
    return <Loaded {...props} loaded={loaded} reload={reload} />;
  };
}
