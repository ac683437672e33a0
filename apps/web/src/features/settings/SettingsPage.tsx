import {
  isSettingsSection,
  localizedPath,
  memberFromInit,
  SETTINGS_SECTION_MODULE,
  SETTINGS_SECTIONS_NEED_MODULE,
  type SettingsSection,
  settingsSectionsFor,
} from '@app/domain';
import { Badge, Box, Group, NavLink, Select, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ErrorPage } from '../../app/errors/ErrorPage';
import { useSession } from '../../app/session';
import { useLang } from '../../app/useLang';
import { useNarrowLayout } from '../../app/viewport';
import { DelayedLoader } from '../../ui/DelayedLoader';
import { PageTitle } from '../../ui/PageTitle';
import { settingsKeys } from './api';
import { ModuleNotice } from './ModuleNotice';
import './settings.css';

const SECTION_PAGES: Record<SettingsSection, ComponentType> = {
  general: lazy(() => import('./sections/GeneralSection')),
  availability: lazy(() => import('./sections/AvailabilitySection')),
  expenses: lazy(() => import('./sections/ExpensesSection')),
  locations: lazy(() => import('./sections/LocationsSection')),
  functions: lazy(() => import('./sections/DutiesSection')),
  contracts: lazy(() => import('./sections/TemplatesSection')),
  shifts: lazy(() => import('./sections/ShiftsSection')),
  costs: lazy(() => import('./sections/CostCentresSection')),
  premiums: lazy(() => import('./sections/PremiumsSection')),
  rates: lazy(() => import('./sections/RatesSection')),
  tags: lazy(() => import('./sections/TagsSection')),
  holidays: lazy(() => import('./sections/HolidaysSection')),
  advanced: lazy(() => import('./sections/AdvancedSection')),
  'check-in': lazy(() => import('./sections/CheckinSection')),
  company: lazy(() => import('./sections/CompanySection')),
  mail: lazy(() => import('./sections/MailSection')),
  'staff-file': lazy(() => import('./sections/StaffFileSection')),
};

/**
 * The settings (docs/product/settings.md): a list of pages beside the page on a desktop, a select above it on a phone.
 * The root opens the first page the member may use (general for owners and managers). Planners reach the catalog
 * pages only; a page they may not use answers 403 like the server.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const init = useSession();
  const narrow = useNarrowLayout();
  const navigate = useNavigate();
  const { section } = useParams();
  const allowed = useMemo(() => settingsSectionsFor(memberFromInit(init)), [init]);
  const queryClient = useQueryClient();
  // A change elsewhere (another admin, another tab) re-initialises the app: the open page reloads its values too.
  // A form being edited keeps its input (SettingsForm starts over only when nothing differs).
  const firstInit = useRef(init);
  useEffect(() => {
    if (init !== firstInit.current) void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
  }, [init, queryClient]);
  const modules = init.app.modules;

  if (!section) {
    const first = allowed[0];
    if (!first) return <ErrorPage kind="forbidden" />;
    return <Navigate to={localizedPath('settings', lang, { section: first })} replace />;
  }
  if (!isSettingsSection(section)) return <ErrorPage kind="notFound" />;
  if (!allowed.includes(section)) return <ErrorPage kind="forbidden" />;

  const pathOf = (s: SettingsSection) => localizedPath('settings', lang, { section: s });
  const moduleOff = (s: SettingsSection) => {
    const m = SETTINGS_SECTION_MODULE[s];
    return m !== undefined && !modules.includes(m);
  };
  const label = (s: SettingsSection) => t(`settings.sections.${s}.title`);
  const Page = SECTION_PAGES[section];

  return (
    <Stack gap={0} data-testid="settings-page" data-section={section}>
      <PageTitle
        title={`${label(section)} · ${t('menu.settings')}`}
        subtitle={t(`settings.sections.${section}.intro`)}
      />
      <Group align="flex-start" gap="lg" wrap="nowrap">
        {!narrow && (
          <Box component="nav" aria-label={t('settings.nav')} w={220} className="settings-nav">
            {allowed.map((s) => (
              <NavLink
                key={s}
                component={Link}
                to={pathOf(s)}
                label={label(s)}
                active={s === section}
                aria-current={s === section ? 'page' : undefined}
                rightSection={
                  moduleOff(s) ? (
                    <Badge size="xs" variant="light" color="gray">
                      {t('settings.off')}
                    </Badge>
                  ) : null
                }
                data-testid={`settings-nav-${s}`}
              />
            ))}
          </Box>
        )}
        <Stack style={{ flex: 1, minWidth: 0 }} gap="md">
          {narrow && (
            <Select
              label={t('settings.nav')}
              data={allowed.map((s) => ({ value: s, label: label(s) }))}
              value={section}
              allowDeselect={false}
              onChange={(v) => v && navigate(pathOf(v as SettingsSection))}
              data-testid="settings-nav-select"
            />
          )}
          {moduleOff(section) && <ModuleNotice section={section} />}
          {!(moduleOff(section) && SETTINGS_SECTIONS_NEED_MODULE.has(section)) && (
            <Suspense fallback={<DelayedLoader />}>
              <Page key={section} />
            </Suspense>
          )}
        </Stack>
      </Group>
    </Stack>
  );
}
