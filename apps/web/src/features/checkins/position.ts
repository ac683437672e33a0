import type { Position } from '@app/contracts';

export type PositionProblem = 'unsupported' | 'denied' | 'unavailable';

export class PositionError extends Error {
  constructor(readonly problem: PositionProblem) {
    super(problem);
  }
}

const POSITION_TIMEOUT_MS = 15_000;

/** The phone's position, asked once (fresh, high accuracy); rejects with a PositionError the page words. */
export function currentPosition(): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new PositionError('unsupported'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) =>
        resolve({
          latitude: p.coords.latitude,
          longitude: p.coords.longitude,
          accuracy: Math.min(100_000, Math.max(0, p.coords.accuracy || 0)),
        }),
      (err) => reject(new PositionError(err.code === err.PERMISSION_DENIED ? 'denied' : 'unavailable')),
      { enableHighAccuracy: true, timeout: POSITION_TIMEOUT_MS, maximumAge: 0 },
    );
  });
}
