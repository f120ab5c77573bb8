import type { Agreement, AgreementVersion } from '@trellis/domain/partners/agreement';
import type { Contract } from '@trellis/domain/partners/contract';
import type { FormSchema } from '@trellis/domain/parameters/form-schema';
import { VENDOR_CONTEXT } from '../../test-utils.tsx';
import { PROVIDER } from '../catalog/common/testing.tsx';

// Fixtures of the partners screens: Demo Provider (PROVIDER) offers agreements, Demo Vendor (VENDOR_CONTEXT) signs.

const at = '2026-01-02T10:00:00Z';
export const vendor = { id: VENDOR_CONTEXT.account.id, name: 'Demo Vendor', icon: null };
export const provider = { id: PROVIDER.account.id, name: 'Demo Provider', icon: null };
const pat = { id: PROVIDER.user!.id, name: 'Pat Provider' };
const vera = { id: VENDOR_CONTEXT.user!.id, name: 'Vera Vendor' };

export const AGREEMENT_ID = 'AGP-111-222-333';
export const CONTRACT_ID = 'CT-1111-2222-3333';
export const FORM_ID = 'FRM-123-456-789';

export const agreementFixture = (patch: Partial<Agreement> = {}): Agreement => ({
  id: AGREEMENT_ID,
  type: 'distribution',
  title: 'Europe distribution',
  name: 'Europe distribution',
  description: 'Terms for listing in Provider Europe',
  owner: provider,
  marketplace: { id: 'MP-12345', name: 'Provider Europe' },
  active: true,
  auto_accept: false,
  document_type: 'uploaded',
  link: `/agreements/${AGREEMENT_ID}/document`,
  file: null,
  version: {
    version: 1,
    active: true,
    author: pat,
    link: `/agreements/${AGREEMENT_ID}/versions/1/document`,
    version_created: at,
    version_contracts: 0,
  },
  forms: { enroll: { id: FORM_ID, type: 'enroll' }, product: null, item: null },
  stats: { contracts: 0, versions: 1 },
  created: at,
  updated: at,
  events: { created: { at, by: pat } },
  ...patch,
});

export const versionFixture = (patch: Partial<AgreementVersion> = {}): AgreementVersion => ({
  agreement: {
    id: AGREEMENT_ID,
    title: 'Europe distribution',
    name: 'Europe distribution',
    description: 'Terms',
    type: 'distribution',
    owner: provider,
  },
  version: 1,
  status: 'active',
  active: true,
  author: pat,
  document: { format: 'markdown', text: '# Terms\n\nBe nice.' },
  link: `/agreements/${AGREEMENT_ID}/versions/1/document`,
  version_created: at,
  version_contracts: 0,
  events: { created: { at, by: pat } },
  ...patch,
});

export const contractFixture = (patch: Partial<Contract> = {}): Contract => ({
  id: CONTRACT_ID,
  type: 'distribution',
  status: 'enrolling',
  name: 'Europe distribution',
  version: 1,
  version_created: at,
  agreement: { id: AGREEMENT_ID, name: 'Europe distribution', type: 'distribution', version: 1 },
  issuer: provider,
  owner: vendor,
  creator: vendor,
  marketplace: { id: 'MP-12345', name: 'Provider Europe' },
  enrolled: null,
  kind: 'production',
  note: null,
  termination_note: null,
  expire_at: null,
  created: at,
  updated: at,
  events: { created: { at, by: vera } },
  ...patch,
});

export const enrollSchema: FormSchema = {
  fields: [
    { name: 'company', title: 'Company name', type: 'text', constraints: { required: true } },
    { name: 'website', title: 'Website', type: 'url', constraints: {} },
  ],
};
export const formFixture = {
  id: FORM_ID,
  name: 'Distribution enrolment',
  type: 'enroll',
  status: 'active',
  version: 1,
  schema: enrollSchema,
};

export { PROVIDER, VENDOR_CONTEXT };
