import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isMobile } from './api';
import { loginPath } from './navigation';
import { logout } from './session';
import { useLang } from './useLang';

/** Signs out; on the mobile host only after the member confirms (docs/product/app.md). */
export function useSignOut() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useLang();
  const signOut = async () => {
    await logout();
    navigate(loginPath(lang, null), { replace: true });
  };
  return () => {
    if (!isMobile()) {
      void signOut();
      return;
    }
    modals.openConfirmModal({
      title: t('logout.confirmTitle'),
      children: t('logout.confirmText'),
      labels: { confirm: t('nav.logout'), cancel: t('common.cancel') },
      onConfirm: () => void signOut(),
    });
  };
}
