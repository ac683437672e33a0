import { type WeatherKind, weatherKind } from '@app/domain';
import { VisuallyHidden } from '@mantine/core';
import {
  IconCloud,
  IconCloudFog,
  IconCloudRain,
  IconCloudStorm,
  IconDroplet,
  IconSnowflake,
  IconSun,
  IconSunHigh,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRosterView } from '../context';

const ICONS: Record<WeatherKind, typeof IconSun> = {
  clear: IconSun,
  partly: IconSunHigh,
  cloudy: IconCloud,
  fog: IconCloudFog,
  drizzle: IconDroplet,
  rain: IconCloudRain,
  snow: IconSnowflake,
  storm: IconCloudStorm,
};

/** A day head's forecast (weather module, docs/product/weather.md): the kind of weather and the day's °C range. */
export function DayWeather({ date }: { date: string }) {
  const { t } = useTranslation();
  const { data } = useRosterView();
  const day = data.weather?.find((w) => w.date === date);
  if (!day) return null;
  const kind = weatherKind(day.code);
  const Icon = ICONS[kind];
  const label = t('roster.weather.label', {
    kind: t(`roster.weather.kinds.${kind}`),
    min: day.min,
    max: day.max,
    precipitation: day.precipitation,
  });
  return (
    <span className="roster-day-weather" title={label} data-testid={`weather-${date}`} data-kind={kind}>
      <Icon size={13} aria-hidden />
      <VisuallyHidden>{label}</VisuallyHidden>
      <span aria-hidden>
        {day.min}°/{day.max}°
      </span>
    </span>
  );
}
