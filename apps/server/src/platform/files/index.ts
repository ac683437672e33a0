import type { Config } from '../../config';
import { clamdScanner, type VirusScanner } from './clamd';
import { databaseStore } from './database-store';
import type { FileStore } from './store';

export type { ScanResult, VirusScanner } from './clamd';
export { sniffUpload } from './sniff';
export type { FileStore } from './store';

/**
 * The file store the configuration names: S3 when S3_URL is set, else the database. The AWS SDK is loaded only
 * then, so a server without S3 never pays for it at start.
 */
export async function fileStoreOf(config: Pick<Config, 's3Url'>): Promise<FileStore> {
  if (!config.s3Url) return databaseStore;
  const { s3SettingsOf, s3Store } = await import('./s3-store');
  return s3Store(s3SettingsOf(config.s3Url));
}

/** The virus scanner when CLAMD_URL is set; none otherwise (uploads are then not scanned: README). */
export const virusScannerOf = (config: Pick<Config, 'clamdUrl'>): VirusScanner | null =>
  config.clamdUrl ? clamdScanner(config.clamdUrl) : null;
