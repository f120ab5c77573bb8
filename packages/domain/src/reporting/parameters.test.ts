import { describe, expect, it } from 'vitest';
import { checkParameters, type ReportParameter } from './parameters.ts';

const status: ReportParameter = {
  id: 'status',
  type: 'checkbox',
  name: 'Status',
  description: 'Statuses',
  choices: [
    { value: 'active', label: 'Active' },
    { value: 'terminated', label: 'Terminated' },
  ],
};
const product: ReportParameter = { id: 'product', type: 'product', name: 'Product', description: 'P', required: true };

describe('checkParameters', () => {
  it('takes {"all": true} alone as every value, stored with its empty choices', () => {
    expect(checkParameters([status, product], { status: { all: true }, product: { all: true } })).toEqual({
      values: { status: { all: true, choices: [] }, product: { all: true, choices: [] } },
      errors: [],
    });
  });

  it('names the parameter and what is wrong with its value', () => {
    expect(checkParameters([status, product], { status: { all: false, choices: ['gone'] }, other: 1 }).errors).toEqual([
      'parameters.other: The template has no such parameter.',
      'parameters.status: Unknown value gone; choose from active, terminated.',
      'parameters.product: This field is required',
    ]);
    expect(checkParameters([product], { product: { all: false } }).errors).toEqual([
      'parameters.product: Give the chosen values in "choices", or {"all": true}.',
    ]);
    expect(checkParameters([product], { product: 'PRD-1' }).errors).toEqual([
      'parameters.product: Give {"all": true} or {"all": false, "choices": [...]}.',
    ]);
  });

  it('accepts the reference list form', () => {
    expect(checkParameters([status], [{ id: 'status', value: { all: false, choices: ['active'] } }]).values).toEqual({
      status: { all: false, choices: ['active'] },
    });
  });
});
