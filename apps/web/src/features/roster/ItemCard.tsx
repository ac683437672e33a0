import type { RosterItem, RosterResponse } from '@app/contracts';
import {
  IconAlertTriangle,
  IconArmchair,
  IconCar,
  IconFirstAidKit,
  IconHourglassHigh,
  IconLogout,
  IconMessage,
  IconSteeringWheel,
  IconUsers,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { forwardRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../../i18n';
import { useRosterView } from './context';
import { dutyOf, NO_DUTY_COLOR, shiftOf, timesLabel } from './format';
import { offerMarks } from './offers';

/** An icon that names what it stands for (the name is read out, the drawing is not). */
export function LabelledIcon({ label, color, children }: { label: string; color?: string; children: ReactNode }) {
  return (
    <span role="img" aria-label={label} title={label} className="roster-icon" style={{ color }}>
      {children}
    </span>
  );
}

/** Whether an item shows any state icon. */
export const hasIcons = (item: RosterItem) =>
  item.flag !== null ||
  (item.conflicts?.length ?? 0) > 0 ||
  item.applications.some((a) => a.accepted === null) ||
  item.pending ||
  item.resource !== null ||
  Boolean(item.notes || item.internal);

/** The states of an item as icons: sign-out, sick, conflicts, applications, waiting sign-up, notes. */
export function ItemIcons({ item }: { item: RosterItem }) {
  const { t } = useTranslation();
  const { data } = useRosterView();
  return <ItemIconList item={item} t={t} resourceName={resourceNameOf(data.resources, item)} />;
}

/** The name of the vehicle or equipment an item carries, as the load names it. */
export const resourceNameOf = (resources: RosterResponse['resources'], item: RosterItem): string | null =>
  item.resource === null ? null : (resources?.[item.resource]?.name ?? '?');

/** The icons with a given translation function (the grid's cards take the catalog's without a hook each). */
function ItemIconList({ item, t, resourceName }: { item: RosterItem; t: TFunction; resourceName: string | null }) {
  const size = 14;
  const openApplications = item.applications.filter((a) => a.accepted === null).length;
  // A resource on another item at the same time: the vehicle itself turns red (docs/product/resources.md).
  const doubleBooked = item.conflicts?.includes('RESOURCE') ?? false;
  return (
    <>
      {resourceName !== null && (
        <LabelledIcon
          label={
            doubleBooked
              ? t('roster.icons.resourceDoubleBooked', { name: resourceName })
              : t('roster.icons.resource', { name: resourceName })
          }
          color={doubleBooked ? 'var(--mantine-color-red-8)' : 'var(--mantine-color-blue-8)'}
        >
          <IconCar size={size} aria-hidden data-testid={doubleBooked ? 'resource-double-booked' : undefined} />
        </LabelledIcon>
      )}
      {resourceName !== null && item.travelRole && (
        <LabelledIcon
          label={t(`roster.icons.${item.travelRole}`, { name: resourceName })}
          color="var(--mantine-color-blue-8)"
        >
          {item.travelRole === 'driver' ? (
            <IconSteeringWheel size={size} aria-hidden data-testid="travel-driver" />
          ) : (
            <IconArmchair size={size} aria-hidden data-testid="travel-passenger" />
          )}
        </LabelledIcon>
      )}
      {item.flag === 'signout' && (
        <LabelledIcon label={t('roster.icons.signout')} color="var(--mantine-color-orange-8)">
          <IconLogout size={size} aria-hidden />
        </LabelledIcon>
      )}
      {item.flag === 'sick' && (
        <LabelledIcon label={t('roster.icons.sick')} color="var(--mantine-color-red-8)">
          <IconFirstAidKit size={size} aria-hidden />
        </LabelledIcon>
      )}
      {(item.conflicts?.length ?? 0) > 0 && (
        <LabelledIcon
          label={t('roster.icons.conflicts', { count: item.conflicts?.length ?? 0 })}
          color="var(--mantine-color-red-8)"
        >
          <IconAlertTriangle size={size} aria-hidden />
        </LabelledIcon>
      )}
      {openApplications > 0 && (
        <LabelledIcon
          label={t('roster.icons.applications', { count: openApplications })}
          color="var(--mantine-color-violet-8)"
        >
          <IconUsers size={size} aria-hidden />
          <span aria-hidden className="roster-icon-count">
            {openApplications}
          </span>
        </LabelledIcon>
      )}
      {item.pending && (
        <LabelledIcon label={t('roster.icons.pending')} color="var(--mantine-color-yellow-9)">
          <IconHourglassHigh size={size} aria-hidden />
        </LabelledIcon>
      )}
      {(item.notes || item.internal) && (
        <LabelledIcon label={t('roster.icons.notes')} color="var(--mantine-color-gray-7)">
          <IconMessage size={size} aria-hidden />
        </LabelledIcon>
      )}
    </>
  );
}

interface Props {
  item: RosterItem;
  /** The list layout (phones) also names the person. */
  showPerson?: boolean;
  /** A click: the event tells whether Shift, Ctrl or Cmd was held (selection). */
  onOpen: (event: React.MouseEvent) => void;
  active?: boolean;
  /** In the grid the grid is the tab stop (arrow keys move inside it). */
  tabIndex?: number;
  /** Being dragged: the card stays in place, dimmed, while its copy follows the pointer. */
  dragging?: boolean;
  /** Part of the planner's bulk selection. */
  selected?: boolean;
  /** A right click (planners: the card's context menu). */
  onContextMenu?: (event: React.MouseEvent) => void;
  /** Why the card may not be dragged (`undraggableReason`), as its tooltip. */
  title?: string;
  'data-undraggable'?: string;
  onPointerDown?: (event: React.PointerEvent) => void;
}

/**
 * One roster item: duty colour and identifier, times, shift, tags, and its states as icons; in the phone's list
 * (`showPerson`) the duty and shift by name, the person and the place.
 *
 * A month of a big location puts hundreds of cards on screen, and scrolling mounts dozens a frame: a card is plain
 * elements (no layout components) and reads the catalog directly instead of subscribing with a hook of its own.
 * It still renders again on a change of language, as the roster's context carries the locale.
 */
export const ItemCard = forwardRef<HTMLButtonElement, Props>(function ItemCard(
  { item, showPerson, onOpen, active, tabIndex, dragging, selected, ...rest },
  ref,
) {
  const t = i18n.t;
  const { data, me } = useRosterView();
  const duty = dutyOf(data, item);
  const shift = shiftOf(data, item);
  const color = duty?.color ?? NO_DUTY_COLOR;
  const times = timesLabel(item);
  const tagNames = item.tags.length ? item.tags.map((id) => data.tags[id]?.name).filter(Boolean) : NO_TAGS;
  const { refused, offered, applied } = offerMarks(item, data.offers?.[item.id], me);
  return (
    <button
      {...rest}
      ref={ref}
      type="button"
      tabIndex={tabIndex}
      className="roster-item"
      data-active={active || undefined}
      data-dragging={dragging || undefined}
      data-selected={selected || undefined}
      data-mine={item.user === me || undefined}
      data-flag={item.flag ?? undefined}
      data-refused={refused ? '' : undefined}
      data-offered={offered || undefined}
      data-applied={applied || undefined}
      data-testid={`roster-item-${item.id}`}
      style={{ '--duty-color': color } as React.CSSProperties}
      onClick={(event) => {
        event.stopPropagation();
        onOpen(event);
      }}
    >
      <span className="roster-item-line">
        {/* The phone's list has the room to say the duty and the shift by name, not by their short codes. */}
        <span className="roster-duty" title={duty?.name ?? t('roster.noDuty')}>
          {(showPerson ? duty?.name : duty?.identifier) ?? '—'}
        </span>
        <span className="roster-times">{times ?? t('roster.noTimes')}</span>
        {shift && (
          <span className="roster-shift" title={shift.name}>
            {showPerson ? shift.name : shift.identifier}
          </span>
        )}
      </span>
      {selected && <span className="roster-sr">{t('roster.bulk.selectedItem')}</span>}
      {hasIcons(item) && (
        <span className="roster-item-icons">
          <ItemIconList item={item} t={t} resourceName={resourceNameOf(data.resources, item)} />
        </span>
      )}
      {showPerson && (
        <span className="roster-item-person">
          {item.user
            ? (data.users[item.user]?.name ?? t('roster.hiddenName'))
            : item.assigned
              ? t('roster.hiddenName')
              : t('roster.openDuty')}
        </span>
      )}
      {showPerson && data.locations[item.location] && (
        <span className="roster-item-place">{data.locations[item.location]?.name}</span>
      )}
      {!showPerson && duty && <span className="roster-sr">{duty.name}</span>}
      {item.project !== null && data.projects?.[item.project] && (
        // A duty a project's schedule made names its project (docs/product/clients.md).
        <span className="roster-tags" title={t('roster.project', { ...data.projects[item.project] })}>
          {data.projects[item.project].name}
        </span>
      )}
      {tagNames.length > 0 && <span className="roster-tags">{tagNames.join(', ')}</span>}
      {applied && <span className="roster-item-mark roster-item-applied">{t('roster.offer.applied')}</span>}
      {refused && <span className="roster-item-mark">{t(`roster.offer.reason.${refused}`)}</span>}
    </button>
  );
});

const NO_TAGS: string[] = [];
