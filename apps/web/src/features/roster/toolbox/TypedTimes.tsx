import { parseTypedTimes, type TypedTimesReason } from '@app/domain';
import { ActionIcon, TextInput, Tooltip } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Times typed in one field beside the button grid ("10-18:30", "9–17", "22-6" overnight); Enter takes them. What
 * cannot be read says why under the field (the rule: `parseTypedTimes`, docs/product/roster.md "Typed times").
 */
export function TypedTimes({
  id,
  initial,
  onTimes,
  busy,
  autoFocus,
}: {
  id: string;
  /** A new duty's draft starts here (the chosen duty's button is gone, and Escape must still reach the panel). */
  autoFocus?: boolean;
  initial?: string;
  onTimes: (from: string, until: string) => void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial ?? '');
  const [reason, setReason] = useState<TypedTimesReason | null>(null);
  const take = () => {
    const parsed = parseTypedTimes(text);
    if (!parsed.ok) {
      setReason(parsed.reason);
      return;
    }
    setReason(null);
    onTimes(parsed.from, parsed.until);
  };
  return (
    <TextInput
      id={id}
      size="xs"
      label={t('roster.times.typed')}
      description={t('roster.times.typedHint')}
      placeholder="10-18:30"
      value={text}
      autoComplete="off"
      autoFocus={autoFocus}
      onChange={(e) => {
        setText(e.currentTarget.value);
        if (reason) setReason(null);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          take();
        }
      }}
      error={reason ? t(`roster.times.typedError.${reason}`) : undefined}
      data-testid="times-typed"
      // The error in shade 9, and the typed text in the text colour: both above 4.5:1 on white.
      styles={{ error: { color: 'var(--mantine-color-red-9)' }, input: { color: 'var(--mantine-color-text)' } }}
      rightSection={
        <Tooltip label={t('roster.times.typedTake')} withinPortal={false}>
          <ActionIcon
            size="sm"
            variant="subtle"
            aria-label={t('roster.times.typedTake')}
            onClick={take}
            loading={busy}
            data-testid="times-typed-take"
          >
            <IconCheck size={14} aria-hidden />
          </ActionIcon>
        </Tooltip>
      }
    />
  );
}
