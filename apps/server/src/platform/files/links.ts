import { UPLOAD_LINK_MINUTES } from '@app/contracts';
import { now } from '@app/domain';
import { signValue, verifySigned } from '../secret';

/**
 * Download links of uploaded files (docs/product/documents.md, "Downloads"): `/api/uploads/{id}?token=` where the
 * token is the link's end (seconds since 1970) and an HMAC of the upload's id and that end with the server's secret.
 * Only those who may see a file are given its link; the link alone opens it until it ends.
 */

const PURPOSE = 'upload';

export function downloadToken(secret: string, uploadId: string, at: Date = now()): string {
  const until = Math.floor(at.getTime() / 1000) + UPLOAD_LINK_MINUTES * 60;
  return `${until}.${signValue(secret, PURPOSE, `${uploadId}:${until}`)}`;
}

export const downloadUrl = (secret: string, uploadId: string) =>
  `/api/uploads/${uploadId}?token=${downloadToken(secret, uploadId)}`;

/** Whether the token opens this upload now: `invalid` for a forged or another upload's token, `expired` once over. */
export function checkDownloadToken(secret: string, uploadId: string, token: string): 'ok' | 'invalid' | 'expired' {
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m) return 'invalid';
  if (!verifySigned(secret, PURPOSE, `${uploadId}:${m[1]}`, m[2])) return 'invalid';
  return Number(m[1]) * 1000 <= now().getTime() ? 'expired' : 'ok';
}
