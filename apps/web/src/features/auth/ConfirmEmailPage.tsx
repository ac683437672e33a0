import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DelayedLoader } from '../../ui/DelayedLoader';
import { confirmEmail, isCodeFailure } from './api';
import { CodeFailure } from './CodeFailure';
import { DoneCard } from './DoneCard';

/** Opening the link from the e-mail confirms the address at once. */
export default function ConfirmEmailPage() {
  const { t } = useTranslation();
  const code = useParams().code ?? '';
  const mutation = useMutation({
    mutationFn: () => confirmEmail(code),
    meta: { handled: (e) => isCodeFailure(e.status) },
  });
  const sent = useRef<string | null>(null);
  const { mutate } = mutation;

  useEffect(() => {
    if (sent.current === code) return;
    sent.current = code;
    mutate();
  }, [code, mutate]);

  if (mutation.isSuccess) return <DoneCard title={t('confirmEmail.doneTitle')} text={t('confirmEmail.done')} />;
  if (mutation.isError) return <CodeFailure error={mutation.error} purpose="confirm" />;
  return <DelayedLoader />;
}
