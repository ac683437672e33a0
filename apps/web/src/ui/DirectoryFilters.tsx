import { SegmentedControl, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

/** A list's search text as typed, and as the query asks it: the typing settled for a moment. */
export function useSearchText() {
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text, 200);
  return { text, setText, query };
}

/** The search field of a list page; its placeholder names it. */
export function DirectorySearch({
  label,
  search,
  testId,
}: {
  label: string;
  search: ReturnType<typeof useSearchText>;
  testId?: string;
}) {
  return (
    <TextInput
      maw={360}
      style={{ flex: 1, minWidth: 200 }}
      leftSection={<IconSearch size={16} aria-hidden />}
      placeholder={label}
      aria-label={label}
      value={search.text}
      onChange={(e) => search.setText(e.currentTarget.value)}
      data-testid={testId}
    />
  );
}

/** The choice between a list's active entries and its archived ones. */
export function ArchivedToggle({
  label,
  labels,
  archived,
  onChange,
}: {
  label: string;
  labels: { active: string; archived: string };
  archived: boolean;
  onChange: (archived: boolean) => void;
}) {
  return (
    <SegmentedControl
      aria-label={label}
      value={archived ? 'archived' : 'active'}
      onChange={(v) => onChange(v === 'archived')}
      data={[
        { value: 'active', label: labels.active },
        { value: 'archived', label: labels.archived },
      ]}
    />
  );
}
