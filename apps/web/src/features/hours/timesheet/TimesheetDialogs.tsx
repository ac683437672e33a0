import { useTranslation } from 'react-i18next';
import { DenyDialog, SignDialog } from '../Decisions';
import { HoursForm } from '../HoursForm';
import type { TimesheetState } from './useTimesheet';

/** The registration form and the denial and signature dialogs. */
export function TimesheetDialogs({ s }: { s: TimesheetState }) {
  const { t } = useTranslation();
  const { o, form, setForm, denying, setDenying, deny, signing, setSigning, approve, sign, confirm, lines } = s;
  return (
    <>
      {o && <HoursForm target={form} options={o} onClose={() => setForm(null)} />}
      <DenyDialog
        key={denying?.join() ?? 'none'}
        count={denying?.length ?? 0}
        opened={denying !== null}
        busy={deny.isPending}
        onClose={() => setDenying(null)}
        onDeny={(message) => denying && deny.mutate({ ids: denying, message })}
      />
      <SignDialog
        key={signing ? `${signing.mode}:${signing.ids.join()}` : 'none'}
        opened={signing !== null}
        title={t(signing?.mode === 'sign' ? 'hours.signature.signTitle' : 'hours.signature.approveTitle')}
        submitLabel={t(
          signing?.mode === 'sign'
            ? 'hours.actions.sign'
            : signing?.mode === 'confirm'
              ? 'hours.actions.confirm'
              : 'hours.actions.approve',
        )}
        busy={approve.isPending || sign.isPending || confirm.isPending}
        defaultName={
          signing ? (lines.find((l) => l.id === signing.ids[0] || l.item === signing.ids[0])?.member.name ?? '') : ''
        }
        onClose={() => setSigning(null)}
        onSign={(signature) => {
          if (!signing) return;
          if (signing.mode === 'approve') approve.mutate({ ids: signing.ids, signature });
          else if (signing.mode === 'sign') sign.mutate({ ids: signing.ids, signature });
          else confirm.mutate({ items: signing.ids, signature });
        }}
      />
    </>
  );
}
