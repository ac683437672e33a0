import type { RosterItem, RosterResponse } from '@app/contracts';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { useLang } from '../../app/useLang';
import { confirmAsync } from '../../ui/confirm';
import { formatDay } from '../notifications/text';
import { useOfferSwap, useSwaps } from './api';
import { offerableBy } from './offerable';

interface Props {
  item: RosterItem;
  data: RosterResponse;
  me: string;
  today: string;
  timeZone: string;
  /** Holds the right to take open duties (who may take, may give). */
  maySignUp: boolean;
}

const line = (i: RosterItem, data: RosterResponse, lang: string) =>
  [
    formatDay(i.date, lang),
    i.times ? `${i.times.from}–${i.times.until}` : null,
    i.duty ? (data.duties[i.duty]?.name ?? null) : null,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * An employee's swap actions on a roster item (docs/product/swaps.md): offer their own duty to the colleagues who may
 * work it, or propose to swap one of theirs for a colleague's. An offer already waiting on the duty is named instead.
 */
export function OfferActions({ item, data, me, today, timeZone, maySignUp }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const swaps = useSwaps(maySignUp);
  const offer = useOfferSwap();
  const [proposing, setProposing] = useState(false);
  const [given, setGiven] = useState<string | null>(null);
  if (!maySignUp) return null;
  const at = { today, timeZone, releasedUntil: data.locations[item.location]?.releasedUntil ?? null };
  const waiting = swaps.data?.mine.find(
    (o) => (o.duty.item === item.id || o.wanted?.item === item.id) && (o.status === 'open' || o.status === 'pending'),
  );
  if (waiting)
    return (
      <Text size="sm" c="dimmed" data-testid="item-swap-waiting">
        {t(`swaps.waiting.${waiting.status}`)}
      </Text>
    );
  const mine = item.user === me;
  const canOffer = mine && offerableBy(me, item, at);
  const own = data.items.filter((i) => i.user === me && offerableBy(me, i, at));
  const canPropose = !mine && item.user !== null && offerableBy(item.user, item, at) && own.length > 0;
  if (!canOffer && !canPropose) return null;

  const give = async () => {
    const ok = await confirmAsync({
      title: t('swaps.offerTitle'),
      message: t('swaps.offerConfirm', { duty: line(item, data, lang) }),
      confirm: t('swaps.offer'),
      testId: 'swap-offer-confirm',
    });
    if (ok) offer.mutate({ item: item.id }, { onSuccess: () => notify('success', t('swaps.done.offer')) });
  };
  const propose = () => {
    if (!given) return;
    offer.mutate(
      { item: given, wanted: item.id },
      {
        onSuccess: () => {
          setProposing(false);
          notify('success', t('swaps.done.propose'));
        },
      },
    );
  };

  return (
    <>
      <Group gap="xs" justify="flex-end">
        {canOffer && (
          <Button variant="light" onClick={() => void give()} loading={offer.isPending} data-testid="item-offer">
            {t('swaps.offer')}
          </Button>
        )}
        {canPropose && (
          <Button variant="light" onClick={() => setProposing(true)} data-testid="item-propose-swap">
            {t('swaps.propose')}
          </Button>
        )}
      </Group>
      <Modal
        opened={proposing}
        onClose={() => setProposing(false)}
        title={t('swaps.proposeTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack>
          <Text size="sm">{t('swaps.proposeFor', { duty: line(item, data, lang) })}</Text>
          <Select
            label={t('swaps.give')}
            data={own.map((i) => ({ value: i.id, label: line(i, data, lang) }))}
            value={given}
            onChange={setGiven}
            allowDeselect={false}
            data-testid="swap-give"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setProposing(false)}>
              {t('common.cancel')}
            </Button>
            <Button onClick={propose} disabled={!given} loading={offer.isPending} data-testid="swap-propose-send">
              {t('swaps.proposeSend')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
