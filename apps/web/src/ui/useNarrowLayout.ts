import { useMediaQuery } from '@mantine/hooks';
import { NARROW_LAYOUT } from './layoutQueries';

export { NARROW_LAYOUT };

export function useNarrowLayout(): boolean {
  return useMediaQuery(NARROW_LAYOUT, false, { getInitialValueInEffect: false }) ?? false;
}
