import type { RosterItem } from '@app/contracts';
import { ActionIcon, Group, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { IconCar, IconCopy, IconTrash, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useItemClipboard, withShortcut } from '../clipboard';
import { useRosterView } from '../context';
import { dutyOf, longDayLabel } from '../format';
import { openingTab, type ToolboxTab, toolboxTabs } from '../model';
import { EmployeePanel } from './EmployeePanel';
import { ItemComments } from './ItemComments';
import {
  ConflictsPanel,
  DeletePanel,
  DutyPanel,
  FlagsPanel,
  NotePanel,
  ShiftPanel,
  SickPanel,
  TagsPanel,
  useDeleteItem,
} from './panels';
import { TimesPanel } from './TimesPanel';
import { UserPanel } from './UserPanel';

/** Whether the Alt key is held (the close button then deletes at once). */
function useAltHeld() {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    const down = (e: KeyboardEvent) => e.key === 'Alt' && setHeld(true);
    const up = (e: KeyboardEvent) => e.key === 'Alt' && setHeld(false);
    const reset = () => setHeld(false);
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    window.addEventListener('blur', reset);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      window.removeEventListener('blur', reset);
    };
  }, []);
  return held;
}

/** The heading of the toolbox: what and when, and the close button. */
function ToolboxHeader({
  item,
  onClose,
  allowAltDelete,
}: {
  item: RosterItem;
  onClose: () => void;
  allowAltDelete: boolean;
}) {
  const { t } = useTranslation();
  const { data, locale } = useRosterView();
  const alt = useAltHeld();
  const remove = useDeleteItem();
  const { copy } = useItemClipboard();
  const duty = dutyOf(data, item);
  const deleting = allowAltDelete && alt;
  const copyLabel = withShortcut(t('roster.menu.copy'), 'copy');
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" mb="xs">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={700} size="sm" truncate id={`toolbox-title-${item.id}`}>
          {duty?.name ?? t('roster.noDuty')}
        </Text>
        <Text size="xs" c="gray.7">
          {longDayLabel(item.date, locale)}
        </Text>
        {item.project !== null && data.projects?.[item.project] && (
          <Text size="xs" c="gray.7" truncate data-testid="toolbox-project">
            {t('roster.project', { ...data.projects[item.project] })}
          </Text>
        )}
      </Stack>
      <Group gap={2} wrap="nowrap">
        {allowAltDelete && (
          <Tooltip label={copyLabel} withinPortal={false}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={copyLabel}
              onClick={() => copy(item)}
              data-testid="toolbox-copy"
            >
              <IconCopy size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label={deleting ? t('roster.toolbox.deleteNow') : t('roster.toolbox.closeHint')} withinPortal={false}>
          <ActionIcon
            variant={deleting ? 'filled' : 'subtle'}
            color={deleting ? 'red' : 'gray'}
            aria-label={deleting ? t('roster.toolbox.deleteNow') : t('roster.toolbox.close')}
            data-testid="toolbox-close"
            onClick={(e) => {
              if (allowAltDelete && (e.altKey || alt)) void remove(item.id, false).then((ok) => ok && onClose());
              else onClose();
            }}
          >
            {deleting ? <IconTrash size={16} aria-hidden /> : <IconX size={16} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}

/**
 * The planner's tabs for an item, in their fixed order and under their conditions, opening on the tab the item calls
 * for (docs/product/roster.md).
 */
function PlannerTabs({ item, onClose }: { item: RosterItem; onClose: () => void }) {
  const { t } = useTranslation();
  const { toolbox } = useRosterView();
  const tabs = toolboxTabs(item, toolbox);
  const [tab, setTab] = useState<ToolboxTab>(() => openingTab(item, tabs));
  const current = tabs.includes(tab) ? tab : tabs[0];
  const panel = (name: ToolboxTab) => {
    switch (name) {
      case 'flags':
        return <FlagsPanel item={item} onDone={onClose} />;
      case 'conflicts':
        return <ConflictsPanel item={item} onDone={onClose} />;
      case 'times':
        return <TimesPanel item={item} onDone={() => !item.assigned && setTab('user')} />;
      case 'shift':
        return <ShiftPanel item={item} onDone={() => !item.assigned && setTab('user')} />;
      case 'duty':
        return <DutyPanel item={item} onDone={() => setTab(!item.times ? 'times' : item.assigned ? 'duty' : 'user')} />;
      case 'user':
        return <UserPanel item={item} onDone={onClose} />;
      case 'tags':
        return <TagsPanel item={item} />;
      case 'notes':
        return <NotePanel key="notes" item={item} kind="notes" />;
      case 'internal':
        return <NotePanel key="internal" item={item} kind="internal" />;
      case 'sick':
        return <SickPanel item={item} />;
      case 'delete':
        return <DeletePanel item={item} onDone={onClose} />;
    }
  };
  return (
    <Tabs value={current} onChange={(v) => v && setTab(v as ToolboxTab)} keepMounted={false} variant="pills">
      <Tabs.List className="roster-toolbox-tabs" aria-label={t('roster.toolbox.tabs')}>
        {tabs.map((name) => (
          <Tabs.Tab
            key={name}
            value={name}
            data-testid={`toolbox-tab-${name}`}
            size="xs"
            // The user tab shows the vehicle icon when the item carries a resource (docs/product/resources.md).
            leftSection={name === 'user' && item.resource !== null ? <IconCar size={14} aria-hidden /> : undefined}
          >
            {t(`roster.toolbox.tab.${name}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((name) => (
        <Tabs.Panel key={name} value={name} pt="sm">
          {panel(name)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** The item toolbox: the planner's tabs, or the employee panel for everyone else. */
export function ItemToolbox({ item, onClose }: { item: RosterItem; onClose: () => void }) {
  const { planner, toolbox } = useRosterView();
  const { copy } = useItemClipboard();
  // Ctrl/Cmd+C or X while the toolbox is open (outside a text field, nothing selected) copies or cuts its item,
  // wherever the focus is (the toolbox or the page behind it); the grid's own keys were handled before.
  useEffect(() => {
    if (!planner) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return;
      const key = event.key.toLowerCase();
      const target = event.target as HTMLElement | null;
      if ((key !== 'c' && key !== 'x') || target?.closest('[contenteditable="true"]')) return;
      // In a field (the person search the toolbox opens on) Ctrl+C copies the item only when no text is selected.
      const field = target?.closest('input, textarea') as HTMLInputElement | null;
      if (field && (key === 'x' || field.selectionStart !== field.selectionEnd)) return;
      if (window.getSelection()?.toString()) return;
      event.preventDefault();
      copy(item, key === 'x' ? 'cut' : 'copy');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [planner, copy, item]);
  return (
    <div data-testid="item-toolbox">
      <ToolboxHeader item={item} onClose={onClose} allowAltDelete={planner && !toolbox.touch} />
      {planner ? <PlannerTabs item={item} onClose={onClose} /> : <EmployeePanel item={item} onDone={onClose} />}
      <ItemComments item={item} />
    </div>
  );
}
