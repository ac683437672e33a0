import { canPlan, effectiveRoles, hasModule, hasRight, todayIn } from '@app/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess, useSession } from '../../../app/session';
import type { RosterView } from '../context';
import type { RosterTab } from '../model';
import type { useToolboxState } from './useToolboxState';

const isTouch = () => typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches === true;

/** The roster's shared view: without the open toolbox (the toolbar reads it) and with it (the grid reads it). */
export function useRosterViews({
  data,
  queryKey,
  location,
  tab,
  observerOnly,
  edit,
  toolbox,
}: {
  data: RosterView['data'] | undefined;
  queryKey: RosterView['queryKey'];
  location: string | null;
  tab: RosterTab;
  observerOnly: boolean;
  edit: RosterView['edit'];
  toolbox: ReturnType<typeof useToolboxState>;
}) {
  const { i18n } = useTranslation();
  const init = useSession();
  const access = useAccess();
  const settings = init.account.settings;
  const weekStartsOn = settings.weekStartsOn;
  const planner = canPlan(init.membership.roles);
  const me = init.membership.id;
  const today = todayIn(settings.timeZone);
  const roles = init.membership.roles;
  const { selected, toggleSelected, clearSelected, activeItem, adding, openItem, openAdd, closeToolbox } = toolbox;
  // The view without the open toolbox: the toolbar and its dialogs read this one, so opening a toolbox renders the
  // grid's cell that holds it, not the toolbar.
  const baseView: RosterView | null = useMemo(() => {
    if (!data || !location) return null;
    const myDuties = data.users[me]?.duties ?? [];
    return {
      data,
      queryKey,
      location,
      tab,
      me,
      today,
      timeZone: settings.timeZone,
      weekStartsOn,
      locale: i18n.language,
      planner,
      manager: effectiveRoles(roles).has('manager'),
      observerOnly,
      toolbox: {
        modules: {
          shifts: hasModule(access, 'shifts'),
          tags: hasModule(access, 'tags'),
          sickness: hasModule(access, 'sickness'),
        },
        activeShifts: Object.values(data.shifts).filter((s) => !s.trashed).length,
        activeDuties: Object.values(data.duties).filter((d) => !d.trashed).length,
        tags: Object.keys(data.tags).length,
        plannerRestricted: init.membership.plannerRestricted,
        touch: isTouch(),
      },
      employee: {
        me,
        today,
        duties: myDuties,
        mayPlan: planner,
        maySignUp: hasRight(access, 'placeholders.signup'),
        mustApply: settings.employeesMustApply,
        observerOnly,
      },
      edit,
      activeItem: null,
      adding: null,
      openItem,
      openAdd,
      closeToolbox,
      selected,
      toggleSelected,
      clearSelected,
    };
  }, [
    selected,
    toggleSelected,
    clearSelected,
    data,
    location,
    tab,
    me,
    today,
    settings,
    weekStartsOn,
    i18n.language,
    planner,
    roles,
    observerOnly,
    access,
    init.membership.plannerRestricted,
    edit,
    openItem,
    openAdd,
    closeToolbox,
    queryKey,
  ]);
  const view = useMemo(
    () => (baseView && (activeItem || adding) ? { ...baseView, activeItem, adding } : baseView),
    [baseView, activeItem, adding],
  );
  return { baseView, view };
}
