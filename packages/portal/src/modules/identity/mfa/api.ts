import type { MfaMethod, MfaStatus } from '@trellis/domain/identity/mfa-rule';
import { api } from '../../../api/client.ts';

// The user's own MFA under /users/{id}/mfa (server: modules/identity/mfa/routes.ts). Null values are omitted on the wire.

interface Stamp {
  at: string;
  by: { id: string; name: string };
}
export interface MfaDetails {
  id?: string;
  status: MfaStatus;
  active_method?: MfaMethod;
  method?: MfaMethod;
  recovery_codes_left: number;
  events?: { created?: Stamp; updated?: Stamp; enabled?: Stamp; disabled?: Stamp };
}
export interface MfaEnrolment extends MfaDetails {
  secret: string;
  uri: string;
  /** An SVG data URL. */
  qr_code: string;
}
export interface MfaVerified extends MfaDetails {
  /** Present when new codes were issued (activation, renewal): shown this once. */
  recovery_codes?: string[];
}
/** A current code or a recovery code. */
export type MfaProof = { code: string } | { recovery_code: string };

const base = (userId: string) => `/users/${encodeURIComponent(userId)}/mfa`;

export const mfaApi = {
  details: (userId: string) => api.get<MfaDetails>(base(userId)),
  start: (userId: string) => api.post<MfaEnrolment>(base(userId), { method: 'totp' }),
  verify: (userId: string, proof: MfaProof) => api.post<MfaVerified>(`${base(userId)}/verify-totp`, proof),
  disable: (userId: string, proof: MfaProof) =>
    api.post<MfaDetails>(`${base(userId)}/status`, { status: 'disabled', ...proof }),
  renewCodes: (userId: string, proof: MfaProof) => api.post<MfaVerified>(`${base(userId)}/recovery-codes`, proof),
};
