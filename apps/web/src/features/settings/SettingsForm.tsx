import { Alert, Button, Card, Group, Paper, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useHotkeys } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../app/api';
import { errorMessage } from '../../app/apiErrors';
import { notify } from '../../app/notify';
import { useSchemaForm } from '../../ui/useSchemaForm';

type Values = Record<string, unknown>;

interface SettingsFormProps<F extends Values, V, R> {
  /** The contract's schema of what is sent. */
  schema: z.ZodType<V>;
  /** The stored value, as the form shows it. */
  initial: F;
  /** The form's values as the contract wants them (money from text to cents, and the like). */
  toValue?: (form: F) => V;
  /** Answers what was saved, or undefined when the person declined a confirmation on the way. */
  save: (value: V) => Promise<R | undefined>;
  /** What was saved, as the form shows it: the form starts over from it. */
  fromSaved?: (saved: R) => F;
  onSaved?: (saved: R) => void;
  children: (form: UseFormReturnType<F>) => ReactNode;
  testId: string;
  /** Inside a drawer the form has no card of its own. */
  bare?: boolean;
  /** The save bar shows even when nothing differs (a new entry). */
  alwaysSavable?: boolean;
  /** Extra buttons on the left of the save bar (delete). */
  extra?: ReactNode;
  savedMessage?: string;
}

/**
 * One settings form: validated with the contract's schema, field errors of a 422 shown on the fields, a save bar
 * when anything differs from what is stored, Ctrl/Cmd+S to save, reset to the stored values. Every settings page
 * and editor uses it.
 */
export function SettingsForm<F extends Values, V, R>(props: SettingsFormProps<F, V, R>) {
  const { schema, initial, toValue, save, fromSaved, onSaved, children, testId, bare, alwaysSavable, extra } = props;
  const { t } = useTranslation();
  const {
    form,
    body: toRequest,
    fieldErrors,
  } = useSchemaForm<F, V>({ schema, initialValues: initial, toBody: toValue });
  // The stored value changed elsewhere (another tab, realtime): start over from it when nothing is being edited.
  const initialKey = JSON.stringify(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: compared by content, not identity.
  useEffect(() => {
    if (!form.isDirty()) {
      form.setInitialValues(initial);
      form.setValues(initial);
    }
  }, [initialKey]);

  const [refusal, setRefusal] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (values: F) => save(toRequest(values)),
    // A business rule's refusal (409) is worded beside the form; field errors (422) land on the fields.
    meta: { form: fieldErrors, handled: (e) => e.status === 409 },
    onMutate: () => setRefusal(null),
    onError: (error) => {
      if (isApiError(error) && error.status === 409) setRefusal(errorMessage(error.body));
    },
    onSuccess: (saved) => {
      // The person declined a confirmation: nothing was saved.
      if (saved === undefined) return;
      const next = fromSaved ? fromSaved(saved) : form.getValues();
      form.setInitialValues(next);
      form.setValues(next);
      form.resetDirty(next);
      notify('success', props.savedMessage ?? t('settings.saved'));
      onSaved?.(saved);
    },
  });
  const submit = form.onSubmit((values) => mutation.mutate(values));
  const dirty = form.isDirty();
  const savable = dirty || alwaysSavable;
  useHotkeys([['mod+S', () => savable && !mutation.isPending && submit()]], [], true);

  const bar = (
    <Paper
      withBorder={!bare}
      shadow={bare ? undefined : 'sm'}
      p="sm"
      radius="md"
      className="settings-save-bar"
      data-sticky={bare ? undefined : ''}
      data-testid={`${testId}-save-bar`}
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          {extra}
          {dirty && !bare && (
            <Text size="sm" c="dimmed">
              {t('settings.unsaved')}
            </Text>
          )}
        </Group>
        <Group gap="xs" ml="auto">
          {dirty && (
            <Button variant="default" onClick={() => form.reset()} data-testid={`${testId}-reset`}>
              {t('common.reset')}
            </Button>
          )}
          <Button type="submit" loading={mutation.isPending} disabled={!savable} data-testid={`${testId}-save`}>
            {t('common.save')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );

  const body = (
    <form onSubmit={submit} noValidate data-testid={testId}>
      <Stack gap="md">
        {refusal && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            data-testid={`${testId}-refusal`}
          >
            {refusal}
          </Alert>
        )}
        {children(form)}
        {(savable || extra) && bar}
      </Stack>
    </form>
  );
  return bare ? (
    body
  ) : (
    <Card withBorder padding="lg" radius="md">
      {body}
    </Card>
  );
}
