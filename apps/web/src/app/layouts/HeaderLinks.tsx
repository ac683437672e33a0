import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL, UNIVERSITY_URL } from '../../config';
import { useSession } from '../session';
import { useLang } from '../useLang';

/** Help (a mail link, not for demo accounts) and, in Dutch, the University link. */
export function HeaderLinks() {
  const { t } = useTranslation();
  const init = useSession();
  const lang = useLang();
  return (
    <>
      {!init.account.demo && (
        <Anchor href={`mailto:${SUPPORT_EMAIL}`} size="sm" data-testid="help-link">
          {t('nav.help')}
        </Anchor>
      )}
      {lang === 'nl' && (
        <Anchor href={UNIVERSITY_URL} target="_blank" rel="noreferrer" size="sm" data-testid="university-link">
          {t('nav.university')}
        </Anchor>
      )}
    </>
  );
}
