import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { OfflineBanner } from '../overlays/OfflineBanner';
import { UpdateBanner } from '../overlays/UpdateBanner';
import { PageOutlet } from '../PageOutlet';
import { RouteGuard } from '../RouteGuard';
import { useShellSlots } from '../slots';
import { useIsDesktop, useNarrowLayout } from '../viewport';
import { BackendHeader } from './BackendHeader';
import { SideNav } from './SideNav';

/** The signed-in layout: header, side navigation, page. */
export function BackendLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const desktop = useIsDesktop();
  const narrow = useNarrowLayout();
  const { pathname } = useLocation();
  const { PageTop, PageEnd } = useShellSlots();

  // On mobile and narrow screens the navigation gets out of the way after each navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design
  useEffect(() => {
    if (!desktop) close();
  }, [pathname]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <BackendHeader navOpened={opened} onToggleNav={toggle} />
      </AppShell.Header>
      {/* A closed drawer's links are out of the tab order and hidden from screen readers. */}
      <AppShell.Navbar id="side-nav" data-testid="side-nav" inert={narrow && !opened}>
        <SideNav />
      </AppShell.Navbar>
      <AppShell.Main>
        <UpdateBanner />
        <OfflineBanner />
        <PageTop />
        <RouteGuard>
          <PageOutlet />
        </RouteGuard>
        <PageEnd />
      </AppShell.Main>
    </AppShell>
  );
}
