import {
  type AutoRosterApplyRequest,
  AutoRosterApplyResponse,
  type AutoRosterRequest,
  AutoRosterResponse,
} from '@app/contracts';
import { api, post } from '../../app/api';

/** Auto-roster (docs/product/autoroster.md): a proposal for plannings' range, then applying the accepted part. */
export const autoRosterCalls = {
  propose: (body: AutoRosterRequest, signal?: AbortSignal) =>
    api(AutoRosterResponse, 'POST', '/api/autoroster', body, signal),
  apply: (body: AutoRosterApplyRequest) => post(AutoRosterApplyResponse, '/api/autoroster/apply', body),
};
