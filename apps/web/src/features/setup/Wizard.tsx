import { type InitResponse, SETUP_STEPS, type SetupSaveRequest, type SetupState, type SetupStep } from '@app/contracts';
import { nextStep, previousStep, stepIndex } from '@app/domain';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconClockPause } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../app/api';
import { loginPath } from '../../app/navigation';
import { logout, reloadInit } from '../../app/session';
import { useLang, usePathTo } from '../../app/useLang';
import { DelayedLoader } from '../../ui/DelayedLoader';
import { completeSetup, saveSetupStep, sendSetupLink, setupKeys, setupQuery } from './api';
import { SetupMessage, setupMessageKind } from './SetupMessage';
import { STEP_VIEWS, type StepInput } from './steps';
import { WizardFrame } from './WizardFrame';

/** A step's input that did not validate yet, kept while the owner moves back (only valid input is saved). */
type Unsaved = Partial<Record<SetupStep, unknown>>;

/** The wizard: one step a page, saved on the server as the owner moves on, finished on the last step. */
export function Wizard({ init }: { init: InitResponse }) {
  const accountId = init.account.id;
  const query = useQuery(setupQuery(accountId));
  if (query.isError) return <SetupMessage kind={setupMessageKind(query.error)} signedIn />;
  if (!query.data) return <DelayedLoader fullPage />;
  return <WizardSteps init={init} initial={query.data} />;
}

function WizardSteps({ init, initial }: { init: InitResponse; initial: SetupState }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const pathTo = usePathTo();
  const lang = useLang();
  const accountId = init.account.id;
  const state = useQuery(setupQuery(accountId)).data ?? initial;
  const [step, setStep] = useState<SetupStep>(initial.step);
  const unsaved = useRef<Unsaved>({});
  const [later, setLater] = useState(false);

  const moveTo = useCallback((next: SetupStep) => {
    setStep(next);
    window.scrollTo({ top: 0 });
  }, []);

  const save = useMutation({
    mutationFn: (body: SetupSaveRequest) => saveSetupStep(accountId, body),
    onSuccess: (saved, body) => {
      queryClient.setQueryData(setupKeys.state(accountId), saved);
      delete unsaved.current[body.step];
      moveTo(saved.step);
    },
  });

  const complete = useMutation({
    mutationFn: () => completeSetup(accountId),
    meta: {
      handled: (error: unknown) => isApiError(error) && ['EMAIL_TAKEN', 'PLAN_LIMIT'].includes(error.code ?? ''),
    },
    onSuccess: async () => {
      await reloadInit().catch(() => undefined);
      navigate(pathTo('roster'), { replace: true });
    },
  });

  const link = useMutation({ mutationFn: () => sendSetupLink(accountId), onSuccess: () => setLater(true) });

  const go = (direction: 'back' | 'next', input: StepInput | null, values?: unknown) => {
    const goTo = direction === 'next' ? nextStep(step) : previousStep(step);
    if (values !== undefined) unsaved.current[step] = values;
    // Going back with input that does not validate: kept here, saved once it does.
    if (!input) return moveTo(goTo);
    save.mutate({ ...input, goTo } as SetupSaveRequest);
  };

  if (complete.isError && !isApiError(complete.error)) return <SetupMessage kind="failure" signedIn />;
  const View = STEP_VIEWS[step];
  const index = stepIndex(step);
  const label = t(`setupWizard.steps.${step}.label`);
  const refusal = complete.error && isApiError(complete.error) ? complete.error : null;

  return (
    <WizardFrame
      title={t(`setupWizard.steps.${step}.title`, { name: init.user.fname })}
      progress={{ step: index + 1, of: SETUP_STEPS.length, label }}
      focusKey={step}
      aside={
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconClockPause size={16} aria-hidden />}
          onClick={() => link.mutate()}
          loading={link.isPending}
          data-testid="setup-later"
        >
          {t('setupWizard.later.button')}
        </Button>
      }
    >
      {refusal && step === 'done' && (
        <Alert color="red" data-testid="setup-refusal">
          {refusal.code === 'EMAIL_TAKEN'
            ? t('setupWizard.steps.done.emailTaken', {
                emails: ((refusal.body?.data?.emails as string[]) ?? []).join(', '),
              })
            : refusal.code === 'PLAN_LIMIT'
              ? t('setupWizard.steps.done.planLimit')
              : t('errors.INTERNAL')}
        </Alert>
      )}
      <View
        key={step}
        state={state}
        unsaved={unsaved.current[step]}
        busy={save.isPending || complete.isPending}
        go={go}
        jump={(to) => moveTo(to)}
        finish={() => complete.mutate()}
      />
      <Modal
        opened={later}
        onClose={() => setLater(false)}
        title={t('setupWizard.later.title')}
        centered
        data-testid="setup-later-dialog"
      >
        <Stack>
          <Text>{t('setupWizard.later.text', { email: state.ownerEmail })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setLater(false)}>
              {t('setupWizard.later.stay')}
            </Button>
            <Button
              onClick={async () => {
                await logout();
                window.location.assign(loginPath(lang, null));
              }}
            >
              {t('setupWizard.later.signOut')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </WizardFrame>
  );
}
