// Renders the handler page for the current URL under the handler base path, from a table of page
// components (static in <AuthHandler>, lazily loaded chunks in the hosted screens). Unknown
// subpaths go to sign-in; an error no screen handles shows the unknown-error card.
import { Component, Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { focusHeadingOfNewScreen } from '../focus-moves';
import { useAuthRuntime } from '../auth-context';
import { CardText, MessageCard } from '../components/card';
import { useBrowserLocation } from '../navigation';
import { handlerPageOf, type HandlerPage } from '../redirect-rules';
import { useT } from '../i18n/messages-context';

export type HandlerPageTable = Record<HandlerPage, ComponentType>;

class UnexpectedErrorBoundary extends Component<{ children: ReactNode; onHome(): void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return <UnknownErrorCard onHome={this.props.onHome} />;
  }
}

function UnknownErrorCard(props: { onHome(): void }) {
  const t = useT();
  return (
    <MessageCard title={t('unknownError.title')} testId="unknown-error" primary={{ label: t('card.goHome'), onClick: props.onHome }}>
      <CardText>{t('unknownError.text')}</CardText>
    </MessageCard>
  );
}

function RedirectTo(props: { url: string }) {
  const runtime = useAuthRuntime();
  useEffect(() => runtime.navigate(props.url), [runtime, props.url]);
  return null;
}

export function HandlerRoutes(props: { pages: HandlerPageTable; fallback?: ReactNode }) {
  const runtime = useAuthRuntime();
  const here = useBrowserLocation();
  const page = handlerPageOf(here.split('?')[0]!, runtime.handlerPath);
  // A move to another screen (not the first one shown) puts focus on its heading.
  const firstScreen = useRef(true);
  const screenKey = page === 'account-settings' ? page : here;
  useEffect(() => {
    if (firstScreen.current) {
      firstScreen.current = false;
      return;
    }
    return focusHeadingOfNewScreen();
  }, [screenKey]);
  if (page === null) return null;
  if (page === 'unknown') return <RedirectTo url={runtime.urls['sign-in']} />;
  const Page = props.pages[page];
  return (
    // Keyed by the URL so a page's state starts afresh when the query changes; a page with its own
    // subpaths (account settings) keeps its state while moving between them.
    <UnexpectedErrorBoundary key={screenKey} onHome={() => runtime.navigate(runtime.urls.home)}>
      <Suspense fallback={props.fallback ?? null}>
        <Page />
      </Suspense>
    </UnexpectedErrorBoundary>
  );
}
