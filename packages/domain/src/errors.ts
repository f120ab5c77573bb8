// Error codes of the API's error body {"error_code": "...", "errors": ["..."]}.
export const ErrorCode = {
  validation: 'VAL_001',
  query: 'RQL_001',
  badRequest: 'REQ_001',
  payloadTooLarge: 'REQ_002',
  unsupportedMediaType: 'REQ_003',
  notAuthenticated: 'AUTH_001',
  forbidden: 'AUTH_002',
  csrf: 'AUTH_003',
  invalidCode: 'AUTH_004',
  expiredCode: 'AUTH_005',
  /** 403: the session must complete multi-factor authentication (verify a code, or set MFA up) before anything else. */
  mfaRequired: 'AUTH_006',
  /** 400: a wrong or already used MFA code or recovery code. */
  invalidMfaCode: 'AUTH_007',
  notFound: 'NF_001',
  methodNotAllowed: 'REQ_004',
  conflict: 'CONFLICT_001',
  transition: 'STATE_001',
  throttled: 'THR_001',
  server: 'SRV_001',
  /** 503: the database or the file storage cannot be reached right now (restart, failover, network); retry shortly. */
  unavailable: 'SRV_002',
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface ApiErrorBody {
  error_code: string;
  errors: string[];
}
