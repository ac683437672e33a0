import type { ProfileValue, ProfileView } from '@app/contracts';
import { type ProfileFieldState, profileFieldStates } from '@app/domain';
import { Alert, Badge, Button, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../app/notify';
import { useLang } from '../../../ui/useLang';
import { saveStaffFile, staffFileKeys, staffFileQuery } from './api';
import { FieldInput } from './FieldInput';
import { sectionName } from './words';
import './staffFile.css';

const SPAN = { full: 12, half: 6, third: 4 } as const;
type Values = Record<string, ProfileValue | null>;

/**
 * The staff file (docs/product/profiles.md): the account's template filled for one member, by the member or by a
 * manager. The field states come from the domain's profile rules, recomputed as values change, so a condition shows
 * its field at once; the server checks the same rules on save and its 422 lands on the fields.
 */
/** `onSaved`: what else reads the file's state (the employee page's count of missing fields) hears of a save. */
export function StaffFile({ membershipId, onSaved }: { membershipId: string; onSaved?: () => void }) {
  const { t } = useTranslation();
  const file = useQuery(staffFileQuery(membershipId));
  if (file.isPending)
    return (
      <Stack>
        <Skeleton height={28} width="40%" />
        <Skeleton height={240} />
      </Stack>
    );
  if (!file.data)
    return (
      <Alert color="red" title={t('errors.title')}>
        <Button size="xs" variant="light" onClick={() => file.refetch()}>
          {t('profileForm.retry')}
        </Button>
      </Alert>
    );
  return <Filled key={JSON.stringify(file.data.values)} view={file.data} onSaved={onSaved} />;
}

function Filled({ view, onSaved }: { view: ProfileView; onSaved?: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(view.values);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The states follow the values as they are typed.
  const states = useMemo(() => {
    const situation = {
      viewer: view.viewer,
      values,
      uploads: view.uploads,
      locked: view.locked,
      mayEdit: view.mayEdit,
    };
    return new Map(profileFieldStates(view.template, situation).map((s) => [s.id, s]));
  }, [view, values]);
  const missing = [...states.values()].filter((s) => s.missing).length;
  const changed = Object.keys(values).filter((id) => JSON.stringify(values[id]) !== JSON.stringify(view.values[id]));
  const dirty = changed.length > 0;

  const save = useMutation({
    mutationFn: () =>
      saveStaffFile(view.membershipId, { values: Object.fromEntries(changed.map((id) => [id, values[id] ?? null])) }),
    meta: { form: { setFieldError: (path: string, error: string) => setErrors((e) => ({ ...e, [path]: error })) } },
    onSuccess: (next) => {
      queryClient.setQueryData(staffFileKeys.of(view.membershipId), next);
      onSaved?.();
      notify('success', t('profileForm.saved'));
    },
  });
  const submit = () => {
    if (!dirty || save.isPending) return;
    setErrors({});
    save.mutate();
  };
  useHotkeys([['mod+S', submit]], [], true);
  // Enter in a field saves the file (and never submits a form around it, such as the employee page's).
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
      e.preventDefault();
      submit();
    }
  };
  const set = (id: string, value: ProfileValue | null) => {
    setValues((v) => ({ ...v, [id]: value }));
    setErrors(({ [id]: _, ...rest }) => rest);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only catches Enter from the fields inside
    <div onKeyDown={onKeyDown} data-testid="staff-file">
      <Stack gap="lg" pb={dirty ? 80 : 0}>
        <Group justify="space-between">
          <Badge color={missing ? 'red.9' : 'teal.9'} variant="filled" data-testid="file-missing">
            {missing ? t('profileForm.missing', { count: missing }) : t('profileForm.complete')}
          </Badge>
          {view.locked && view.viewer === 'employee' && (
            <Text size="sm" c="dimmed">
              {t('profileForm.locked')}
            </Text>
          )}
        </Group>
        {view.template.sections.map((section) => {
          const shown = section.fields.filter((f) => states.get(f.id)?.visible && f.id in values);
          if (section.hidden || shown.length === 0) return null;
          return (
            <Paper
              key={section.id}
              withBorder
              p="md"
              radius="md"
              component="section"
              aria-labelledby={`file-${section.id}`}
            >
              <Title order={3} size="h4" id={`file-${section.id}`} mb="sm">
                {sectionName(section, lang, t)}
              </Title>
              <Grid>
                {shown.map((field) => (
                  <Grid.Col key={field.id} span={{ base: 12, sm: field.type === 'divider' ? 12 : SPAN[field.width] }}>
                    <FieldInput
                      upload={{
                        membershipId: view.membershipId,
                        viewer: view.viewer,
                        files: view.files[field.id] ?? [],
                      }}
                      field={field}
                      state={states.get(field.id) as ProfileFieldState}
                      value={values[field.id] ?? null}
                      error={errors[field.id] ? t(errors[field.id]) : undefined}
                      onChange={(v) => set(field.id, v)}
                    />
                  </Grid.Col>
                ))}
              </Grid>
            </Paper>
          );
        })}
      </Stack>
      {dirty && (
        <Paper className="staff-file-savebar" p="sm" data-testid="file-save-bar">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" c="dimmed">
              {t('profileForm.unsaved')}
            </Text>
            <Group gap="xs">
              <Button
                variant="default"
                onClick={() => {
                  setValues(view.values);
                  setErrors({});
                }}
                disabled={save.isPending}
              >
                {t('common.reset')}
              </Button>
              <Button onClick={submit} loading={save.isPending} data-testid="file-save">
                {t('common.save')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
    </div>
  );
}
