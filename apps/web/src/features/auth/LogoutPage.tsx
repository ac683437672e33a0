import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { loginPath } from '../../app/navigation';
import { logout } from '../../app/session';
import { useLang } from '../../app/useLang';
import { DelayedLoader } from '../../ui/DelayedLoader';

/** /{lang}/logout: ends the session and shows the sign-in page. */
export default function LogoutPage() {
  const navigate = useNavigate();
  const lang = useLang();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout().then(() => navigate(loginPath(lang, null), { replace: true }));
  }, [lang, navigate]);
  return <DelayedLoader fullPage />;
}
