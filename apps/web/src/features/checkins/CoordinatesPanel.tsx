import type { CheckinLocation } from '@app/contracts';
import { Alert, Badge, Button, Card, Group, NumberInput, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { queryClient } from '../../app/queryClient';
import { checkinKeys, geocode, placesQuery, setCoordinates } from './api';
import { currentPosition, PositionError } from './position';

/**
 * Where each planning is, on the check-in settings page: looked up from its address when the server has a
 * geocoder, or set by hand (typed, or "use my position" while standing there). Plannings without coordinates say so.
 */
export function CoordinatesPanel() {
  const { t } = useTranslation();
  const query = useQuery(placesQuery);
  if (query.isPending) return <Skeleton h={160} />;
  if (!query.data) return null;
  const { geocoder, locations } = query.data;
  return (
    <Card withBorder padding="lg" data-testid="checkin-places">
      <Title order={3} size="h4" mb={4}>
        {t('checkins.places.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {geocoder ? t('checkins.places.hintGeocoder') : t('checkins.places.hintManual')}
      </Text>
      <Stack gap="sm">
        {locations.map((l) => (
          <Place key={l.id} place={l} geocoder={geocoder} />
        ))}
      </Stack>
    </Card>
  );
}

function Place({ place, geocoder }: { place: CheckinLocation; geocoder: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [lat, setLat] = useState<number | string>(place.coordinates?.latitude ?? '');
  const [lng, setLng] = useState<number | string>(place.coordinates?.longitude ?? '');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: checkinKeys.all });
  const save = useMutation({
    mutationFn: (c: { latitude: number; longitude: number } | null) => setCoordinates(place.id, c),
    onSuccess: () => {
      setEditing(false);
      notify('success', t('checkins.places.saved', { name: place.name }));
    },
    onSettled: refresh,
  });
  const lookup = useMutation({ mutationFn: () => geocode(place.id), onSettled: refresh });
  const here = useMutation({
    mutationFn: async () => {
      try {
        const p = await currentPosition();
        setLat(p.latitude);
        setLng(p.longitude);
        setEditing(true);
      } catch (err) {
        notify('warning', t(`checkins.position.${err instanceof PositionError ? err.problem : 'unavailable'}`));
      }
    },
  });
  const valid = typeof lat === 'number' && typeof lng === 'number' && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  return (
    <Paper withBorder p="sm" data-testid="checkin-place">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm">
              {place.name}
            </Text>
            <Text size="xs" c="dimmed">
              {place.address ?? t('checkins.places.noAddress')}
            </Text>
          </Stack>
          {place.coordinates ? (
            <Badge variant="light" color="cyan.9" data-testid="checkin-place-set">
              {place.coordinates.latitude.toFixed(5)}, {place.coordinates.longitude.toFixed(5)}
            </Badge>
          ) : (
            <Badge variant="light" color="red.9" data-testid="checkin-place-missing">
              {t('checkins.places.missing')}
            </Badge>
          )}
        </Group>
        {editing && (
          <Group align="flex-end" wrap="wrap" gap="xs">
            <NumberInput
              label={t('checkins.places.latitude')}
              value={lat}
              onChange={setLat}
              min={-90}
              max={90}
              decimalScale={6}
              w={150}
            />
            <NumberInput
              label={t('checkins.places.longitude')}
              value={lng}
              onChange={setLng}
              min={-180}
              max={180}
              decimalScale={6}
              w={150}
            />
            <Button
              disabled={!valid}
              loading={save.isPending}
              onClick={() => save.mutate({ latitude: Number(lat), longitude: Number(lng) })}
              data-testid="checkin-place-save"
            >
              {t('common.save')}
            </Button>
            <Button variant="default" onClick={() => setEditing(false)}>
              {t('common.cancel')}
            </Button>
          </Group>
        )}
        {!editing && (
          <Group gap="xs" wrap="wrap">
            {geocoder && place.fullAddress && (
              <Button size="compact-sm" variant="light" loading={lookup.isPending} onClick={() => lookup.mutate()}>
                {t('checkins.places.lookUp')}
              </Button>
            )}
            <Button size="compact-sm" variant="light" onClick={() => setEditing(true)} data-testid="checkin-place-edit">
              {t('checkins.places.enter')}
            </Button>
            <Button size="compact-sm" variant="light" loading={here.isPending} onClick={() => here.mutate()}>
              {t('checkins.places.here')}
            </Button>
            {place.coordinates && (
              <Button size="compact-sm" variant="subtle" color="red" onClick={() => save.mutate(null)}>
                {t('checkins.places.clear')}
              </Button>
            )}
          </Group>
        )}
        {!place.fullAddress && !place.coordinates && (
          <Alert color="orange" variant="light" p="xs">
            <Text size="xs">{t('checkins.places.needed')}</Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
