import { Menu } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolbarButton } from '../../ui/ToolbarButton';
import { withShortcut } from './clipboard';
import { useRosterView } from './context';
import { dayLabel, dutyOf } from './format';

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The planner's last edits, newest first; Ctrl/Cmd+Z (outside text fields) or the newest entry undoes one, through
 * the API call that reverses it. A menu of menu items only, as the card menu: no focus placeholder (axe reads it as a
 * child a menu may not have); the title names the menu and an empty history is one disabled item.
 */
export function HistoryMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { edit, data, locale } = useRosterView();
  const { history, undo } = edit;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.key.toLowerCase() !== 'z') return;
      if (typing(event.target) || document.querySelector('[role="dialog"]:not([data-testid="item-toolbox"])')) return;
      event.preventDefault();
      void undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo]);

  return (
    <Menu position="bottom-end" width={300} shadow="lg" withinPortal withInitialFocusPlaceholder={false} loop>
      <Menu.Target>
        <ToolbarButton
          compact={compact}
          icon={<IconArrowBackUp size={16} aria-hidden />}
          label={t('roster.history.button')}
          data-testid="history-open"
        />
      </Menu.Target>
      <Menu.Dropdown data-testid="history-menu" aria-label={t('roster.history.title')}>
        <Menu.Label aria-hidden>{t('roster.history.title')}</Menu.Label>
        {history.length === 0 && (
          <Menu.Item disabled data-autofocus>
            {t('roster.history.empty')}
          </Menu.Item>
        )}
        {history.map((entry, i) => {
          const what = entry.item
            ? `${dutyOf(data, entry.item)?.identifier ?? '—'} · ${dayLabel(entry.item.date, locale)} · ${entry.steps
                .map((s) => t(`roster.history.steps.${s.kind}`))
                .join(', ')}`
            : (entry.label ?? '');
          return (
            <Menu.Item
              key={entry.key}
              disabled={i > 0}
              onClick={() => void undo()}
              data-testid={i === 0 ? 'history-undo' : undefined}
              data-autofocus={i === 0 || undefined}
            >
              {i === 0 ? withShortcut(t('roster.history.undo', { what }), 'undo') : what}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
