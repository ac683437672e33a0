import type { SubscriptionResponse } from '@app/contracts';
import { bankAccountProblems } from '@app/domain';
import { Button, Card, Checkbox, Group, Modal, Paper, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuildingBank } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api';
import { applyFieldErrors } from '../../app/apiErrors';
import { notify } from '../../app/notify';
import { useLang } from '../../app/useLang';
import { addMandate } from './api';
import { day } from './format';
import { useShadow, useSubscriptionUpdate } from './hooks';

/** The direct-debit mandate in force (IBAN masked), and the dialog that gives a new one. */
export function MandateCard({ data }: { data: SubscriptionResponse }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const shadow = useShadow();
  const m = data.mandate;
  return (
    <Stack gap="sm" component="section" aria-labelledby="subscription-mandate">
      <Title order={3} size="h4" id="subscription-mandate">
        {t('subscriptionPage.mandate.heading')}
      </Title>
      <Card withBorder radius="md" padding="lg" data-testid="mandate-card">
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon size="lg" radius="md" variant="light">
              <IconBuildingBank size={20} aria-hidden />
            </ThemeIcon>
            {m ? (
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600}>{m.holder}</Text>
                <Text ff="monospace" data-testid="mandate-iban">
                  {m.ibanMasked}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('subscriptionPage.mandate.bicLine', { bic: m.bic })}
                </Text>
                <Text size="sm" c="dimmed" data-testid="mandate-reference">
                  {t('subscriptionPage.mandate.referenceLine', { reference: m.reference, date: day(m.signedOn, lang) })}
                </Text>
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {t('subscriptionPage.mandate.none')}
              </Text>
            )}
          </Group>
          <Group>
            <Button
              variant={m ? 'default' : 'filled'}
              disabled={shadow}
              onClick={() => setOpen(true)}
              data-testid="mandate-open"
            >
              {m ? t('subscriptionPage.mandate.replace') : t('subscriptionPage.mandate.add')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <MandateDialog data={data} opened={open} onClose={() => setOpen(false)} />
    </Stack>
  );
}

interface MandateForm {
  holder: string;
  iban: string;
  bic: string;
  agreed: boolean;
}

function MandateDialog({
  data,
  opened,
  onClose,
}: {
  data: SubscriptionResponse;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useSubscriptionUpdate();
  // Not useSchemaForm: the IBAN's check digits and the BIC's country are the domain's bankAccountProblems (the contract checks the shape).
  const form = useForm<MandateForm>({
    mode: 'controlled',
    initialValues: { holder: data.companyName, iban: '', bic: '', agreed: false },
    validate: (v) => {
      const errors: Partial<Record<keyof MandateForm, string>> = {};
      if (!v.holder.trim()) errors.holder = t('validation.required');
      const problems = bankAccountProblems(v.iban, v.bic);
      if (problems.iban) errors.iban = t(`subscriptionPage.errors.${problems.iban}`);
      if (problems.bic) errors.bic = t(`subscriptionPage.errors.${problems.bic}`);
      if (!v.agreed) errors.agreed = t('subscriptionPage.mandate.agreeRequired');
      return errors;
    },
  });
  const mutation = useMutation({
    mutationFn: (v: MandateForm) => addMandate({ ...v, agreed: true }),
    meta: { handled: (e) => e.status === 422 },
    onError: (e) => {
      if (isApiError(e) && e.status === 422) applyFieldErrors(form, e.body);
    },
    onSuccess: (next) => {
      update(next);
      notify('success', t('subscriptionPage.mandate.saved'));
      form.reset();
      onClose();
    },
  });
  const creditor = { creditor: data.creditor.name, id: data.creditor.id };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('subscriptionPage.mandate.dialogTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={form.onSubmit((v) => mutation.mutate(v))} noValidate data-testid="mandate-form">
        <Stack gap="sm">
          <TextInput
            label={t('subscriptionPage.mandate.holder')}
            required
            autoComplete="cc-name"
            {...form.getInputProps('holder')}
            data-testid="mandate-holder"
          />
          <TextInput
            label={t('subscriptionPage.mandate.iban')}
            placeholder="DE89 3704 0044 0532 0130 00"
            required
            autoComplete="off"
            {...form.getInputProps('iban')}
            data-testid="mandate-iban-input"
          />
          <TextInput
            label={t('subscriptionPage.mandate.bic')}
            placeholder="COBADEFFXXX"
            required
            autoComplete="off"
            {...form.getInputProps('bic')}
            data-testid="mandate-bic-input"
          />
          <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)" data-testid="mandate-text">
            <Stack gap={6}>
              <Text size="sm" fw={600}>
                {t('subscriptionPage.mandate.textTitle')}
              </Text>
              <Text size="sm">{t('subscriptionPage.mandate.text', creditor)}</Text>
              <Text size="xs" c="dimmed">
                {t('subscriptionPage.mandate.creditorLine', creditor)}
              </Text>
              <Text size="xs" c="dimmed">
                {t('subscriptionPage.mandate.referenceLater')}
              </Text>
            </Stack>
          </Paper>
          <Checkbox
            label={t('subscriptionPage.mandate.agree', creditor)}
            {...form.getInputProps('agreed', { type: 'checkbox' })}
            data-testid="mandate-agree"
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending} data-testid="mandate-submit">
              {t('subscriptionPage.mandate.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
