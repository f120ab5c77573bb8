import type { FastifyInstance } from 'fastify';
import type { FormFieldInput } from '@trellis/domain';
import { demoUser } from './demo-api.ts';

/** The name the demo distribution agreement finds its enroll form by. */
export const DEMO_ENROLL_FORM = 'Distribution enrolment';

const REGIONS = [
  { value: 'emea', label: 'Europe, Middle East and Africa' },
  { value: 'na', label: 'North America' },
  { value: 'latam', label: 'Latin America' },
  { value: 'apac', label: 'Asia Pacific' },
];

/** What Demo Provider asks a vendor that enrolls in its distribution agreement. */
const FIELDS: FormFieldInput[] = [
  { name: 'company', title: 'Your company', type: 'heading' },
  {
    name: 'registration_number',
    title: 'Company registration number',
    type: 'text',
    hint: 'As in the commercial register of your country.',
    constraints: { required: true, min_length: 4, max_length: 40 },
  },
  {
    name: 'support_email',
    title: 'Support e-mail',
    type: 'email',
    hint: 'Where our resellers send product questions.',
    placeholder: 'support@example.com',
    constraints: { required: true },
  },
  {
    name: 'regions',
    title: 'Regions served',
    type: 'checkbox',
    description: 'Where you can deliver and support your products.',
    constraints: { required: true, choices: REGIONS },
  },
  {
    name: 'partner_tier',
    title: 'Partner programme',
    type: 'choice',
    constraints: {
      required: true,
      choices: [
        { value: 'registered', label: 'Registered', default: true },
        { value: 'gold', label: 'Gold' },
      ],
    },
  },
];

/** Demo Provider's active enroll form, made and activated through the API (the agreement seed attaches it). */
export async function seedDemoForms(app: FastifyInstance) {
  const provider = await demoUser(app, 'provider@demo.trellis', 'forms');
  const form = await provider.call('POST', '/forms', {
    name: DEMO_ENROLL_FORM,
    type: 'enroll',
    schema: { fields: FIELDS },
  });
  const active = await provider.call('POST', `/forms/${form.id}/activate`, {});
  await provider.logout();
  return { enrollForm: active as { id: string; version: number } };
}
