import type { SwapDuty, SwapOffer } from '@app/contracts';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { useLang } from '../../app/useLang';
import { confirmAsync } from '../../ui/confirm';
import { formatDay } from '../notifications/text';
import { useSwapAction, useSwaps } from './api';
import './swaps.css';

const STATUS_COLOR: Record<SwapOffer['status'], string> = {
  open: 'blue',
  pending: 'yellow',
  approved: 'teal',
  denied: 'red',
  declined: 'gray',
  withdrawn: 'gray',
  expired: 'gray',
};

/** A duty in a line: its day, times, function and planning. */
export function dutyLine(duty: SwapDuty, lang: string) {
  const times = duty.from && duty.until ? `${duty.from}–${duty.until}` : null;
  return [formatDay(duty.date, lang), times, duty.duty, duty.location.name].filter(Boolean).join(' · ');
}

/**
 * Answers an offer with the swaps' own calls: taking it asks once to confirm (two taps in all), declining and
 * withdrawing do not; the answer says what became of it.
 */
function useOfferAnswer() {
  const { t } = useTranslation();
  const lang = useLang();
  const action = useSwapAction();
  const run = async (offer: SwapOffer, kind: 'accept' | 'decline' | 'withdraw') => {
    if (kind === 'accept') {
      const message = offer.wanted
        ? t('swaps.confirmSwap', { given: dutyLine(offer.duty, lang), wanted: dutyLine(offer.wanted, lang) })
        : t('swaps.confirmTake', { duty: dutyLine(offer.duty, lang) });
      if (!(await confirmAsync({ title: t('swaps.take'), message, confirm: t('swaps.take'), testId: 'swap-confirm' })))
        return;
    }
    action.mutate(
      { id: offer.id, action: kind },
      {
        onSuccess: (r) =>
          notify('success', kind === 'accept' ? t(`swaps.done.accept_${r.offer.status}`) : t(`swaps.done.${kind}`)),
      },
    );
  };
  return { run, action };
}

/**
 * Offers made to the member (gifts they may take, swaps asked of them) with "Take it" and "Decline" as the offer's
 * abilities allow; shown on the roster and on the member's day (Today, the overview).
 */
export function OffersForMe({ offers }: { offers: SwapOffer[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { run, action } = useOfferAnswer();
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        {t('swaps.forMe', { count: offers.length })}
      </Title>
      <Stack gap="xs" component="ul" className="swaps-list">
        {offers.map((offer) => (
          <Card component="li" key={offer.id} withBorder padding="xs" data-testid="swap-offer">
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {offer.wanted
                  ? t('swaps.swapFrom', { name: offer.duty.holder.name })
                  : t('swaps.giftFrom', { name: offer.duty.holder.name })}
              </Text>
              <Text size="sm">{dutyLine(offer.duty, lang)}</Text>
              {offer.wanted && (
                <Text size="sm" c="dimmed">
                  {t('swaps.inReturn', { duty: dutyLine(offer.wanted, lang) })}
                </Text>
              )}
              {offer.wouldBreak.length > 0 && (
                <Text size="xs" c="red.9" data-testid="swap-would-break">
                  {t('swaps.needsPlanner', {
                    rules: offer.wouldBreak.map((b) => t(`swaps.breaks.${b}`)).join(', '),
                  })}
                </Text>
              )}
              <Group gap="xs" justify="flex-end">
                {offer.can.decline && (
                  <Button
                    size="compact-sm"
                    variant="default"
                    onClick={() => void run(offer, 'decline')}
                    data-testid="swap-decline"
                  >
                    {t('swaps.decline')}
                  </Button>
                )}
                {offer.can.accept && (
                  <Button
                    size="compact-sm"
                    loading={action.isPending && action.variables?.id === offer.id}
                    onClick={() => void run(offer, 'accept')}
                    data-testid="swap-accept"
                  >
                    {t('swaps.take')}
                  </Button>
                )}
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * The offers on the roster (docs/product/swaps.md): duties colleagues offer this member, taken in two taps (take it,
 * confirm), and the member's own offers with what became of them. Shows nothing when there is nothing to show.
 */
export function SwapsCard() {
  const { t } = useTranslation();
  const lang = useLang();
  const query = useSwaps();
  const { run } = useOfferAnswer();
  const forMe = query.data?.forMe ?? [];
  const mine = (query.data?.mine ?? []).filter((o) => o.status !== 'withdrawn');
  if (forMe.length === 0 && mine.length === 0) return null;

  return (
    <Card withBorder padding="sm" radius="md" data-testid="swaps-card">
      <Stack gap="sm">
        {forMe.length > 0 && <OffersForMe offers={forMe} />}
        {mine.length > 0 && (
          <Stack gap="xs">
            <Title order={2} size="h5">
              {t('swaps.mine')}
            </Title>
            <Stack gap="xs" component="ul" className="swaps-list">
              {mine.map((offer) => (
                <Card component="li" key={offer.id} withBorder padding="xs" data-testid="swap-mine">
                  <Stack gap={4}>
                    <Group gap="xs" justify="space-between" wrap="nowrap">
                      <Text size="sm">{dutyLine(offer.duty, lang)}</Text>
                      <Badge color={STATUS_COLOR[offer.status]} variant="dot" data-testid="swap-status">
                        {t(`swaps.status.${offer.status}`)}
                      </Badge>
                    </Group>
                    {offer.wanted && (
                      <Text size="sm" c="dimmed">
                        {t('swaps.inReturn', { duty: dutyLine(offer.wanted, lang) })}
                      </Text>
                    )}
                    {offer.taker && offer.status !== 'open' && (
                      <Text size="sm" c="dimmed">
                        {t('swaps.takenBy', { name: offer.taker.name })}
                      </Text>
                    )}
                    {offer.message && (
                      <Text size="sm" data-testid="swap-message">
                        {t('swaps.message', { message: offer.message })}
                      </Text>
                    )}
                    {offer.can.withdraw && (
                      <Group justify="flex-end">
                        <Button
                          size="compact-sm"
                          variant="default"
                          onClick={() => void run(offer, 'withdraw')}
                          data-testid="swap-withdraw"
                        >
                          {t('swaps.withdraw')}
                        </Button>
                      </Group>
                    )}
                  </Stack>
                </Card>
              ))}
            </Stack>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
