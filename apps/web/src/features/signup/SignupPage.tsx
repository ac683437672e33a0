import { localizedPath } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { queryClient } from '../../app/queryClient';
import { reloadInit } from '../../app/session';
import { useLang } from '../../app/useLang';
import { DelayedLoader } from '../../ui/DelayedLoader';
import { isCodeFailure } from '../auth/api';
import { CodeFailure } from '../auth/CodeFailure';
import { finishSignup } from './api';

/**
 * The link of the registration mail (login/signup/{code}): confirms the address, signs the new owner in and goes on
 * to the welcome page. A link that cannot be used says why and offers a new one.
 */
export default function SignupPage() {
  const code = useParams().code ?? '';
  const lang = useLang();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: () => finishSignup(code, lang),
    meta: { handled: (e) => isCodeFailure(e.status) },
    onSuccess: async () => {
      queryClient.removeQueries();
      await reloadInit().catch(() => undefined);
      navigate(localizedPath('welcome', lang), { replace: true });
    },
  });
  const sent = useRef<string | null>(null);
  const { mutate } = mutation;

  useEffect(() => {
    if (sent.current === code) return;
    sent.current = code;
    mutate();
  }, [code, mutate]);

  if (mutation.isError) return <CodeFailure error={mutation.error} purpose="confirm" />;
  return <DelayedLoader />;
}
